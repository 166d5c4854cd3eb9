"""Cram written as a Python class, solved by grundy's component search.

A move places a domino on two adjacent empty cells; the empty regions left
are independent parts (grundy.Split), and canonical() names each region by
the least of its 8 symmetric images, so grundy values every shape once
(docs/python.md, docs/search.md). The built-in family `cram` is the same game
in C++; this file is what a user writes for a game grundy does not know.

A position is (height, width, cells): an int whose bit r * width + c is the
cell in row r, column c, set when empty.

    PYTHONPATH=build/release/python python3 examples/cram.py 4x5 5x6
"""

import sys
from functools import lru_cache

import grundy


@lru_cache(maxsize=None)
def _shape(height, width):
    """Masks of a height x width board: every cell, column 0, column width-1."""
    every = (1 << (height * width)) - 1
    first = sum(1 << (r * width) for r in range(height))
    return every, first, first << (width - 1)


@lru_cache(maxsize=None)
def _row_images(height, width):
    """For each of the 8 symmetries: the shape of the image and, per row r and
    row value v, the image's bits of row r of value v (a lookup per row)."""
    images = []
    for turn in (False, True):
        for flip_rows in (False, True):
            for flip_columns in (False, True):
                h2, w2 = (width, height) if turn else (height, width)
                table = []
                for r in range(height):
                    per_value = [0] * (1 << width)
                    for c in range(width):
                        rr, cc = (c, r) if turn else (r, c)
                        if flip_rows:
                            rr = h2 - 1 - rr
                        if flip_columns:
                            cc = w2 - 1 - cc
                        bit = 1 << (rr * w2 + cc)
                        for v in range(1 << width):
                            if v >> c & 1:
                                per_value[v] |= bit
                    table.append(per_value)
                images.append((h2, w2, table))
    return images


class Cram(grundy.Game):
    def moves(self, position):
        h, w, cells = position
        every, first, last = _shape(h, w)
        out = []
        lying = cells & (cells >> 1) & ~last
        standing = cells & (cells >> w)
        for pairs, step in ((lying, 1), (standing, w)):
            while pairs:
                low = pairs & -pairs
                pairs ^= low
                out.append(grundy.Split(*self.regions(h, w, cells & ~(low | low << step))))
        return out

    def regions(self, h, w, cells):
        """The regions of two cells or more, each cut to its bounding box."""
        every, first, last = _shape(h, w)
        row_mask = (1 << w) - 1
        parts = []
        while cells:
            region = cells & -cells
            while True:
                grown = region | ((region & ~last) << 1) | ((region & ~first) >> 1) | (region << w) | (region >> w)
                grown &= cells
                if grown == region:
                    break
                region = grown
            cells &= ~region
            if region & (region - 1) == 0:
                continue  # one cell: no move
            top = (region & -region).bit_length() - 1
            top //= w
            bottom = (region.bit_length() - 1) // w
            columns = 0
            for r in range(top, bottom + 1):
                columns |= region >> (r * w) & row_mask
            left = (columns & -columns).bit_length() - 1
            width = columns.bit_length() - left
            part = 0
            for r in range(top, bottom + 1):
                part |= ((region >> (r * w) & row_mask) >> left) << ((r - top) * width)
            parts.append((bottom - top + 1, width, part))
        return parts

    def canonical(self, position):
        h, w, cells = position
        row_mask = (1 << w) - 1
        rows = [cells >> (r * w) & row_mask for r in range(h)]
        best = None
        for h2, w2, table in _row_images(h, w):
            image = 0
            for r, v in enumerate(rows):
                image |= table[r][v]
            key = (h2, w2, image)
            if best is None or key < best:
                best = key
        return best

    def size(self, position):
        return bin(position[2]).count("1")


def board(height, width):
    return (height, width, (1 << (height * width)) - 1)


if __name__ == "__main__":
    import time

    game = Cram()
    for text in sys.argv[1:] or ["4x5", "5x5"]:
        h, w = (int(x) for x in text.split("x"))
        start = time.perf_counter()
        value = grundy.solve(game, board(h, w))
        print(f"{text}\t{value}\t{time.perf_counter() - start:.2f} s")
