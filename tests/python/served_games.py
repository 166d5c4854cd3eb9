"""Games written in Python for the tests of grundy.serve (test_serve.py,
serve_browser.py): one per way the page draws a position, and one whose
moves raise in the middle of play."""


class Subtract:
    """Take 1, 2 or 3 tokens. No draw(): the page lists the moves as buttons."""

    def moves(self, n):
        return [n - k for k in (1, 2, 3) if k <= n]


class TwoRows:
    """Two rows of tokens: take 1 or 2 from one row, or the same number (1 to 3)
    from both. Drawn as heaps; the moves on both rows have no single token to
    click, so the page lists them too."""

    def moves(self, p):
        a, b = p
        out = [(a - k, b) for k in (1, 2) if k <= a] + [(a, b - k) for k in (1, 2) if k <= b]
        out += [(a - k, b - k) for k in (1, 2, 3) if k <= min(a, b)]
        return out

    def draw(self, p):
        return {"heaps": list(p)}


class Cram:
    """Cram: place a domino on two free cells side by side or one above the
    other; whoever cannot, loses. A position is a tuple of rows, '.' free."""

    def moves(self, rows):
        height, width = len(rows), len(rows[0])
        out = []
        for r in range(height):
            for c in range(width):
                if rows[r][c] != ".":
                    continue
                for dr, dc in ((0, 1), (1, 0)):
                    r2, c2 = r + dr, c + dc
                    if r2 < height and c2 < width and rows[r2][c2] == ".":
                        cells = [list(row) for row in rows]
                        cells[r][c] = cells[r2][c2] = "#"
                        out.append(tuple("".join(row) for row in cells))
        return out

    def draw(self, rows):
        return {"grid": list(rows), "how": "click two free cells side by side: a domino covers them."}


class NodeKayles:
    """Node Kayles on a path a-b-c-d-e: choose a vertex, it goes with its
    neighbours. A position is the frozenset of vertices left."""

    names = ["a", "b", "c", "d", "e"]
    edges = [(0, 1), (1, 2), (2, 3), (3, 4)]

    def moves(self, left):
        out = []
        for v in left:
            i = self.names.index(v)
            gone = {v} | {self.names[j] for e in self.edges for j in e if i in e}
            out.append(frozenset(left - gone))
        return out

    def draw(self, left):
        return {"graph": {"vertices": self.names, "edges": self.edges,
                          "present": [v in left for v in self.names]}}


class Raises(Subtract):
    """Subtract, except that its moves raise at 5 tokens."""

    def moves(self, n):
        if n == 5:
            raise ValueError("no moves from 5 today")
        return super().moves(n)


class BadPicture(Subtract):
    def draw(self, n):
        return {"heaps": n}  # not a list


class Opaque:
    """Positions whose repr is no Python literal: they cannot be served."""

    class P:
        def __init__(self, n):
            self.n = n

        def __eq__(self, other):
            return isinstance(other, Opaque.P) and other.n == self.n

        def __hash__(self):
            return self.n

    def moves(self, p):
        return [Opaque.P(p.n - 1)] if p.n > 0 else []


class Slow(Subtract):
    """Subtract, whose moves take 3 s at 4 tokens: past a short time limit."""

    def moves(self, n):
        if n == 4:
            import time
            time.sleep(3)
        return super().moves(n)


class TakeFrom:
    """Take any of `sizes` tokens: two objects of this class are two games of one name."""

    def __init__(self, sizes=(1, 2, 3)):
        self.sizes = sizes

    def moves(self, n):
        return [n - k for k in self.sizes if k <= n]


class AsksGrundy:
    """moves() asks grundy about another game: works in the server's workers too."""

    def moves(self, n):
        import grundy
        return [n - 1 - grundy.value("nim", 0)] if n > 0 else []


class Strip:
    """A strip of x's: take one; the last one leaves nothing (Split())."""

    def moves(self, s):
        import grundy
        return [s[1:]] if len(s) > 1 else [grundy.Split()]


class Words:
    """A str with spaces: drop the last word."""

    def moves(self, s):
        return [s.rsplit(" ", 1)[0]] if " " in s else []


class OneOrTwo:
    """Fill one free cell, or two side by side: two-cell moves cannot be clicked."""

    def moves(self, row):
        out = [row[:i] + "#" + row[i + 1:] for i in range(len(row)) if row[i] == "."]
        out += [row[:i] + "##" + row[i + 2:] for i in range(len(row) - 1) if row[i:i + 2] == ".."]
        return out

    def draw(self, row):
        return {"grid": [row]}
