"""Misère outcomes of sums of take-and-break heaps, by plain memoised search.

Shares no code with grundy: the rules are read from the octal code here, and
a sum is searched over its multisets of heaps. In misère play the player who
cannot move wins, so a sum with no move left is an N-position (the player to
move wins); otherwise a sum is N exactly when some move leads to a P-position.
"""

from functools import lru_cache


def parse_code(code):
    """'0.137' -> {1: 1, 2: 3, 3: 7}: digit k says how taking k tokens may leave."""
    if code.startswith("octal:"):
        code = code[len("octal:"):]
    whole, _, digits = code.partition(".")
    rules = {}
    if int(whole, 16):
        raise ValueError("only codes 0.d1d2... here")
    for k, ch in enumerate(digits, start=1):
        rules[k] = int(ch, 16)
    return rules


def heap_options(rules, n):
    """Every multiset of heaps (a sorted tuple, zeros dropped) one move leaves."""
    result = set()
    for k, digit in rules.items():
        rest = n - k
        if rest < 0:
            continue
        if digit & 1 and rest == 0:
            result.add(())
        if digit & 2 and rest > 0:
            result.add((rest,))
        if digit & 4 and rest >= 2:
            for a in range(1, rest // 2 + 1):
                result.add((a, rest - a))
        if digit & 8 and rest >= 3:
            for a in range(1, rest + 1):
                for b in range(a, rest + 1):
                    c = rest - a - b
                    if c >= b:
                        result.add((a, b, c))
    return result


class Misere:
    def __init__(self, code):
        self.rules = parse_code(code)
        self._options = {}
        self.outcome = lru_cache(maxsize=None)(self._outcome)

    def options(self, n):
        if n not in self._options:
            self._options[n] = heap_options(self.rules, n)
        return self._options[n]

    def sum_options(self, heaps):
        for i, h in enumerate(heaps):
            if i > 0 and heaps[i - 1] == h:
                continue
            rest = heaps[:i] + heaps[i + 1:]
            for o in self.options(h):
                yield tuple(sorted(rest + o))

    def _outcome(self, heaps):
        """'P' or 'N' for a sorted tuple of heaps, misère play."""
        moved = False
        for s in self.sum_options(heaps):
            moved = True
            if self.outcome(s) == "P":
                return "N"
        return "P" if moved else "N"

    def winning_moves(self, heaps):
        """(index, option) pairs leaving a P-position, heaps as given."""
        moves = []
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for o in sorted(self.options(h)):
                if self.outcome(tuple(sorted(rest + o))) == "P":
                    moves.append((i, o))
        return moves


def misere_nim_outcome(heaps):
    """Bouton: P when some heap is >= 2 and the nim-sum is 0, or every heap is <= 1 and the nim-sum is 1."""
    x = 0
    for h in heaps:
        x ^= h
    if any(h >= 2 for h in heaps):
        return "P" if x == 0 else "N"
    return "P" if x == 1 else "N"
