#!/usr/bin/env python3
"""Independent check of Node Kayles values on generalized Petersen graphs GP(n,k).

Shares no code with grundy. A position is a set of remaining vertices (an int
bitmask: bit i = outer vertex u_i, bit n+i = inner vertex v_i). Its value is the
XOR of the values of its connected pieces; a piece's value is the mex, over its
vertices x, of the value of (piece minus the closed neighbourhood N[x]).
Pieces are memoised under a key: the piece itself, or (with --symmetry, the
default) the least of its images under the 2n rotations/reflections i -> +-i + r
of GP(n,k), which are automorphisms of the graph, so equal keys mean isomorphic
pieces with equal values.

Usage: scripts/independent/node_kayles_petersen_check.py N [N ...] [--k K] [--no-symmetry]
Prints one line per N: n, vertices, value, seconds (wall), pieces valued (the memo's size),
the columns of docs/census/node-kayles-petersen-check.tsv.
"""
import sys
import time

sys.setrecursionlimit(100000)


def build(n, k):
    nbr = [0] * (2 * n)

    def edge(a, b):
        nbr[a] |= 1 << b
        nbr[b] |= 1 << a

    for i in range(n):
        edge(i, (i + 1) % n)          # outer cycle
        edge(i, n + i)                # spoke
        edge(n + i, n + (i + k) % n)  # inner star polygon
    closed = [nbr[x] | (1 << x) for x in range(2 * n)]
    return nbr, closed


def solve(n, k, symmetry=True):
    nbr, closed = build(n, k)
    half = (1 << n) - 1
    memo = {}   # canonical key -> value
    raw = {}    # piece as it came -> value (saves computing the key again)

    # i -> -i mod n on an n-bit ring: bit 0 stays, bit i goes to n - i,
    # that is, reverse bits 1..n-1; done 8 bits at a time with a table.
    rev8 = [int(format(b, "08b")[::-1], 2) for b in range(256)]
    nbytes = (n + 7) // 8

    def rev(x):
        y = x >> 1  # bits 1..n-1 as an (n-1)-bit number
        r = 0
        for j in range(nbytes):
            r = (r << 8) | rev8[(y >> (8 * j)) & 255]
        r >>= 8 * nbytes - (n - 1)  # reversed (n-1)-bit number
        return (r << 1) | (x & 1)

    def rot(x, r):
        return ((x << r) | (x >> (n - r))) & half if r else x

    def key(p):
        if not symmetry:
            return p
        lo, hi = p & half, p >> n
        best = p
        for a, b in ((lo, hi), (rev(lo), rev(hi))):
            for r in range(n):
                q = rot(a, r) | (rot(b, r) << n)
                if q < best:
                    best = q
        return best

    def pieces(s):
        out = []
        while s:
            low = s & -s
            comp = low
            frontier = low
            while frontier:
                f = frontier
                grow = 0
                while f:
                    b = f & -f
                    grow |= nbr[b.bit_length() - 1]
                    f ^= b
                grow &= s & ~comp
                comp |= grow
                frontier = grow
            out.append(comp)
            s &= ~comp
        return out

    def value(s):
        g = 0
        for c in pieces(s):
            g ^= piece_value(c)
        return g

    def piece_value(c):
        v = raw.get(c)
        if v is not None:
            return v
        kk = key(c)
        v = memo.get(kk)
        if v is not None:
            raw[c] = v
            return v
        seen = set()
        m = c
        while m:
            b = m & -m
            m ^= b
            x = b.bit_length() - 1
            seen.add(value(c & ~closed[x]))
        g = 0
        while g in seen:
            g += 1
        memo[kk] = g
        raw[c] = g
        return g

    full = (1 << (2 * n)) - 1
    return value(full), len(memo)


def main():
    args = sys.argv[1:]
    k = 2
    symmetry = True
    ns = []
    i = 0
    while i < len(args):
        if args[i] == "--k":
            k = int(args[i + 1])
            i += 2
        elif args[i] == "--no-symmetry":
            symmetry = False
            i += 1
        else:
            ns.append(int(args[i]))
            i += 1
    for n in ns:
        t = time.time()
        v, size = solve(n, k, symmetry)
        print(f"{n}\t{2 * n}\t{v}\t{time.time() - t:.2f}\t{size}", flush=True)


if __name__ == "__main__":
    main()
