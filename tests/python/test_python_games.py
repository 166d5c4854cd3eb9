"""Games written in Python, checked against a pure-Python brute force that
shares nothing with the engine (conftest.mex and plain recursion)."""

import functools
import gc
import random
import sys

import pytest

import grundy
from conftest import LOOPY_GRAPH, mex


def brute_value(moves, position):
    """The mex recursion, memoised, splits as nim-sums: the textbook way."""

    @functools.lru_cache(maxsize=None)
    def g(p):
        options = []
        for o in moves(p):
            if isinstance(o, grundy.Split):
                v = 0
                for q in o:
                    v ^= g(q)
                options.append(v)
            else:
                options.append(g(o))
        return mex(options)

    return g(position)


class Subtraction(grundy.Game):
    def __init__(self, s):
        self.s = s

    def moves(self, n):
        return [n - k for k in self.s if k <= n]


class TwoHeaps:  # duck-typed; positions are plain tuples (not splits)
    def moves(self, p):
        a, b = p
        return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]


class PyKayles(grundy.Game):
    """Kayles written with splits: knock down 1 or 2 adjacent pins."""

    def moves(self, n):
        out = []
        for take in (1, 2):
            for left in range(n - take + 1):
                right = n - take - left
                out.append(grundy.Split(*[h for h in (left, right) if h > 0]))
        return out


class Words:  # string positions, moves listed twice, a generator
    def moves(self, w):
        for i in range(len(w)):
            yield w[:i] + w[i + 1:]
            yield w[:i] + w[i + 1:]


class Chain:
    def moves(self, n):
        return [n - 1] if n > 0 else []


class RandomDag:
    """A random acyclic game on 0..n-1: moves go to smaller numbers."""

    def __init__(self, n, seed):
        rng = random.Random(seed)
        self.edges = {v: rng.sample(range(v), min(v, rng.randint(0, 4))) for v in range(n)}

    def moves(self, v):
        return self.edges[v]


@pytest.mark.parametrize("game,positions", [
    (Subtraction((1, 3, 4)), range(60)),
    (Subtraction((2, 5, 7)), range(60)),
    (TwoHeaps(), [(a, b) for a in range(6) for b in range(6)]),
    (PyKayles(), range(40)),
    (Words(), ["", "a", "ab", "abc", "abcd", "aabbc"]),
    (RandomDag(300, 1), range(300)),
    (RandomDag(300, 2), range(300)),
])
def test_values_equal_the_brute_force(game, positions):
    positions = list(positions)
    expected = [brute_value(game.moves, p) for p in positions]
    assert [grundy.solve(game, p) for p in positions] == expected
    assert grundy.values(game, positions) == expected
    assert [grundy.value(game, p) for p in positions] == expected


def test_python_kayles_equals_the_built_in_one():
    assert grundy.values(PyKayles(), range(80)) == [int(v) for v in grundy.values("kayles", range(80))]


@pytest.mark.parametrize("game,positions", [
    (Subtraction((1, 3, 4)), range(30)),
    (TwoHeaps(), [(a, b) for a in range(5) for b in range(5)]),
    (PyKayles(), range(20)),
    (RandomDag(200, 3), range(200)),
])
def test_winning_moves_equal_the_brute_force(game, positions):
    for p in positions:
        expected = []
        for o in game.moves(p):
            v = 0
            for q in (o if isinstance(o, grundy.Split) else (o,)):
                v ^= brute_value(game.moves, q)
            if v == 0 and o not in expected:
                expected.append(o)
        assert grundy.winning_moves(game, p) == expected, p


def test_sums_mix_python_and_built_in_games():
    sub = Subtraction((1, 3, 4))
    for a in range(12):
        for b in range(6):
            expected = brute_value(sub.moves, a) ^ b ^ brute_value(PyKayles().moves, 5)
            components = [(sub, a), ("nim", b), (PyKayles(), 5)]
            assert grundy.value(components) == expected
            assert grundy.winner(components) == ("first" if expected else "second")
            for m in grundy.moves(components):
                after = [c for c in components]
                game = after[m.component][0]
                parts = list(m.to) if isinstance(m.to, grundy.Split) else [m.to]
                rest = after[:m.component] + [(game, q) for q in parts] + after[m.component + 1:]
                assert grundy.value(rest) == 0 if rest else True


def test_a_game_and_several_positions():
    sub = Subtraction((1, 2))
    assert grundy.value(sub, 4, 5) == 1 ^ 2
    assert grundy.moves(sub, 4, 5) == [grundy.Move(0, sub, 4, 2), grundy.Move(1, sub, 5, 4)]


def test_a_chain_a_million_deep_needs_no_recursion():
    limit = sys.getrecursionlimit()
    assert grundy.solve(Chain(), 10**6) == 0
    assert grundy.solve(Chain(), 10**6 + 1) == 1
    assert grundy.winning_moves(Chain(), 10**6 + 1) == [10**6]
    assert sys.getrecursionlimit() == limit


class Halving:
    def moves(self, n):
        out = [n - k for k in (1, 4) if k <= n]
        if n % 2 == 0 and n > 0:
            out.append(n // 2)
        return out


def test_options_far_apart_get_their_own_ids():
    # n -> n/2 reaches positions far from those met so far: ids found by
    # Python's hash (an int's is itself) must still be each position's own.
    n = 200_000
    g = [0] * (n + 1)
    for p in range(n + 1):
        g[p] = mex(g[q] for q in Halving().moves(p))
    game = Halving()
    assert grundy.solve(game, n) == g[n]
    assert [grundy.solve(game, p) for p in range(0, n + 1, 997)] == g[::997]
    assert grundy.solve(Halving(), -3 * 2**61) == 0  # no move; a negative hash finds its slot too


def test_unhashable_positions_are_a_clear_error():
    with pytest.raises(TypeError, match=r"position \[1, 2\] is not hashable \(a list\)"):
        grundy.solve(TwoHeaps(), [1, 2])

    class ListMoves:
        def moves(self, p):
            return [[0]] if p == 1 else []

    with pytest.raises(TypeError, match="not hashable"):
        grundy.solve(ListMoves(), 1)


def test_a_raising_moves_propagates_and_the_memo_survives():
    class Flaky:
        broken = True

        def moves(self, n):
            if n == 7 and self.broken:
                raise ZeroDivisionError("seven")
            return [n - 1] if n > 0 else []

    game = Flaky()
    with pytest.raises(ZeroDivisionError, match="seven"):
        grundy.solve(game, 20)
    with pytest.raises(ZeroDivisionError):
        grundy.solve(game, 20)
    assert grundy.solve(game, 5) == 1
    game.broken = False
    assert grundy.solve(game, 20) == 0


def test_keyboard_interrupt_in_moves_propagates():
    class Interrupting:
        def moves(self, n):
            if n == 3:
                raise KeyboardInterrupt
            return [n - 1]

    with pytest.raises(KeyboardInterrupt):
        grundy.solve(Interrupting(), 10)


def test_moves_that_return_nothing_iterable():
    class Forgetful:
        def moves(self, n):
            pass

    with pytest.raises(TypeError, match=r"Forgetful.moves\(3\) returned None"):
        grundy.solve(Forgetful(), 3)


def test_not_a_game():
    with pytest.raises(TypeError, match="moves"):
        grundy.solve(object(), 3)


def test_loopy_games_get_the_graphs_values():
    # tests/data/graphs/loopy.txt as a Python game: the same values as the
    # built-in graph game reads from the file.
    edges = {}
    for line in LOOPY_GRAPH.read_text().splitlines():
        words = line.split("#")[0].split()
        if not words:
            continue
        edges.setdefault(words[0], [])
        if len(words) == 2:
            edges[words[0]].append(words[1])
            edges.setdefault(words[1], [])

    class Rooms:
        def moves(self, room):
            return edges[room]

    game = Rooms()
    spec = f"graph:{LOOPY_GRAPH}"
    assert any(isinstance(grundy.value(spec, v), grundy.Infinite) for v in edges)
    for v in edges:
        assert grundy.solve(game, v) == grundy.value(spec, v), v
    for a in edges:
        for b in edges:
            assert grundy.winner([(game, a), (game, b)]) == grundy.winner(spec, a, b), (a, b)
            assert [(m.component, m.to) for m in grundy.moves([(game, a), (game, b)])] == [
                (m.component, m.to) for m in grundy.moves(spec, a, b)], (a, b)


def test_a_loop_with_splits_is_an_error_naming_the_loop():
    class SplitLoop:
        def moves(self, n):
            return [grundy.Split(1, 2)] if n == 3 else [3] if n == 1 else []

    with pytest.raises(grundy.LoopError, match=r"loop: 3 -> 1 -> 3"):
        grundy.solve(SplitLoop(), 3)
    assert issubclass(grundy.LoopError, ValueError)


def test_moves_may_ask_about_other_games_but_not_their_own():
    class UsesKayles:
        def moves(self, n):
            return [m for m in range(n) if grundy.value("kayles", m) != 0]

    assert grundy.solve(UsesKayles(), 6) == brute_value(UsesKayles().moves, 6)

    class SelfReferring:
        def moves(self, n):
            return [grundy.solve(self, n - 1)] if n > 0 else []

    with pytest.raises(RuntimeError, match="its own game"):
        grundy.solve(SelfReferring(), 5)


def test_the_memo_lives_as_long_as_the_game():
    game = Subtraction((1, 2))
    grundy.solve(game, 100)
    model = grundy._model(game)
    assert model.known_positions == 101
    key = id(game)
    assert key in grundy._models
    del game, model
    gc.collect()
    assert key not in grundy._models


def test_games_without_weak_references_still_work():
    class Slotted:
        __slots__ = ()

        def moves(self, n):
            return [n - 1] if n > 0 else []

    assert grundy.solve(Slotted(), 9) == 1


def test_a_failed_exploration_leaves_nothing_half_done():
    # moves() raises once while the loopy part is explored: afterwards every
    # value and move is as for a fresh game (found by review: a crash in
    # winning_moves, and wrong loopy values).
    graph = {10: ["x", "y"], "x": [], "y": [], "a": ["b"], "b": ["a", "c"], "c": ["d"], "d": []}

    class Flaky:
        fail = True

        def moves(self, p):
            if p == "c" and self.fail:
                self.fail = False
                raise RuntimeError("once")
            return graph[p]

    class Steady:
        def moves(self, p):
            return graph[p]

    flaky, steady = Flaky(), Steady()
    assert grundy.solve(flaky, 10) == grundy.solve(steady, 10)
    with pytest.raises(RuntimeError, match="once"):
        grundy.solve(flaky, "a")
    assert grundy.winning_moves(flaky, 10) == grundy.winning_moves(steady, 10)
    for p in graph:
        assert grundy.solve(flaky, p) == grundy.solve(steady, p), p
        assert grundy.winning_moves(flaky, p) == grundy.winning_moves(steady, p), p


def test_answers_do_not_depend_on_the_order_of_questions():
    moves = {"a": ["b"], "b": ["a"], 5: [grundy.Split(1, 2)], 1: [], 2: [1]}

    class Mixed:
        def moves(self, p):
            return moves[p]

    first, second = Mixed(), Mixed()
    assert grundy.solve(first, 5) == 0
    grundy.solve(second, "a")
    assert grundy.solve(second, 5) == 0
    assert grundy.solve(first, "a") == grundy.solve(second, "a") == grundy.Infinite(frozenset())


def test_an_eq_that_asks_grundy_gets_the_right_position():
    class Key:
        def __init__(self, n):
            self.n = n

        def __hash__(self):
            return 12345678  # every key probes the same slots (and no int of the chain)

        def __eq__(self, other):
            grundy.solve(game, 7)  # interns 7, 6, ... 0 meanwhile
            return isinstance(other, Key) and other.n == self.n

        def __repr__(self):
            return f"Key({self.n})"

    class Chain:
        def moves(self, p):
            if isinstance(p, Key):
                return [p.n]
            return [p - 1] if p > 0 else []

    game = Chain()
    assert grundy.solve(game, Key(0)) == 1
    assert grundy.solve(game, Key(100)) == (1 if grundy.solve(Chain(), 100) == 0 else 0)


# Games with canonical(): valued by the component search (docs/python.md).

def _load_example_cram():
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[2] / "examples" / "cram.py"
    spec = importlib.util.spec_from_file_location("example_cram", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rows(position):
    """A Python Cram position as the built-in family writes a board."""
    h, w, cells = position
    return "/".join("".join("." if cells >> (r * w + c) & 1 else "#" for c in range(w)) for r in range(h))


def test_a_game_with_canonical_agrees_with_the_built_in_cram():
    example = _load_example_cram()
    game = example.Cram()
    rng = random.Random(33)
    boards = [example.board(h, w) for h in range(1, 5) for w in range(1, 6) if h * w <= 16]
    for _ in range(150):
        h, w = rng.randint(1, 4), rng.randint(1, 5)
        cells = sum(1 << i for i in range(h * w) if rng.random() < 0.8)
        boards.append((h, w, cells))
    nonzero = 0
    for position in boards:
        expected = grundy.value("cram", _rows(position))
        assert grundy.solve(game, position) == expected, _rows(position)
        nonzero += expected != 0
    assert nonzero > 40
    assert grundy.solve(game, example.board(4, 5)) == 2  # tests/data/cram.tsv


def test_a_searched_game_joins_sums_and_lists_winning_moves():
    example = _load_example_cram()
    game = example.Cram()
    start = example.board(3, 4)
    heap = grundy.value("cram", "3x4") + 2  # a nonzero sum whatever 3x4 is
    components = [(game, start), ("nim", heap)]
    assert grundy.value(components) == grundy.value("cram", "3x4") ^ heap
    found = grundy.moves(components)
    assert found, "a nonzero sum has a winning move"
    for m in found:
        piece = components[m.component][0]
        parts = list(m.to) if isinstance(m.to, grundy.Split) else [m.to]
        rest = components[:m.component] + [(piece, q) for q in parts] + components[m.component + 1:]
        assert grundy.value(rest) == 0 if rest else True


def test_searched_parts_with_many_options_match_the_plain_walk():
    # A part of 256 options or more is valued by the plain mex inside the
    # loop over its options; the loop once read options the deeper search
    # had moved (a crash at Nim 256, issue 50).
    class Nim(grundy.Game):
        def moves(self, p):
            return list(range(p))

    class SearchedNim(Nim):
        def canonical(self, p):
            return p

    class TwoHeaps(grundy.Game):
        def moves(self, p):
            a, b = p
            return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]

    class SearchedTwoHeaps(TwoHeaps):
        def canonical(self, p):
            return tuple(sorted(p))

    # Every option of heap n: take one to n tokens, or split into two heaps
    # (a Split), so that parts are joined and many options reach one part.
    class TakeOrSplit(grundy.Game):
        def moves(self, n):
            return [n - k for k in range(1, n + 1)] + [grundy.Split(a, n - a) for a in range(1, n // 2 + 1)]

    class SearchedTakeOrSplit(TakeOrSplit):
        def canonical(self, n):
            return n

    for n in (255, 256, 257, 300, 600):
        assert grundy.solve(SearchedNim(), n) == n
    rng = random.Random(50)
    positions = [(200, 100), (20, 240), (0, 256), (300, 0)]
    positions += [(rng.randint(0, 400), rng.randint(0, 400)) for _ in range(20)]
    plain, searched = TwoHeaps(), SearchedTwoHeaps()
    for p in positions:
        assert grundy.solve(searched, p) == p[0] ^ p[1] == grundy.solve(plain, p), p
    plain, searched = TakeOrSplit(), SearchedTakeOrSplit()
    for n in [rng.randint(200, 420) for _ in range(6)] + [256, 257]:
        assert grundy.solve(searched, n) == grundy.solve(plain, n), n


def test_a_class_or_a_bad_size_is_named_for_what_it_is():
    class Heap(grundy.Game):
        def moves(self, n):
            return list(range(n))

    with pytest.raises(TypeError, match=r"Heap is a class: pass an instance of it, Heap\(\)"):
        grundy.solve(Heap, 3)

    for bad in ("big", 10**30, -1):
        class Sized(Heap):
            def canonical(self, n):
                return n

            def size(self, n, bad=bad):
                return bad

        with pytest.raises(TypeError, match=r"size\(\d+\) returned .*: expected a whole number from 0 to 2\^64 - 1"):
            grundy.solve(Sized(), 3)


def test_canonical_must_be_a_method():
    class Bad(grundy.Game):
        canonical = 3

        def moves(self, n):
            return [n - 1] if n else []

    with pytest.raises(TypeError, match="canonical is not a method"):
        grundy.solve(Bad(), 3)


def test_a_searched_game_with_a_loop_is_an_error_not_a_crash():
    class Loop(grundy.Game):
        def moves(self, n):
            return [(n + 1) % 3]

        def canonical(self, n):
            return n

    with pytest.raises(ValueError, match="has a loop"):
        grundy.solve(Loop(), 0)


def test_canonical_forms_share_values():
    calls = []

    class Pairs(grundy.Game):
        """Two heaps of Nim as a sorted pair: (a, b) and (b, a) are one game."""

        def moves(self, p):
            calls.append(p)
            a, b = p
            return [(x, b) for x in range(a)] + [(a, y) for y in range(b)]

        def canonical(self, p):
            return tuple(sorted(p))

    game = Pairs()
    for a in range(8):
        for b in range(8):
            assert grundy.solve(game, (a, b)) == a ^ b
    assert len(calls) == len(set(calls))  # moves asked once per position
    assert all(p == tuple(sorted(p)) for p in calls)  # and only of canonical ones


def test_an_endless_game_stops_at_the_memory_bound():
    # Issue 74: moves(n) = [n + 1] took 2 GB in 8 s with no word. The
    # positions of a game are bounded by grundy.memory() (about 128 bytes
    # each), and the error says what happened.
    class Up:
        def moves(self, n):
            return [n + 1]

    before = grundy.memory()
    try:
        assert grundy.memory("1M") == 2**20
        with pytest.raises(ValueError, match=r"more than 8192 positions of python:Up met: the game may be infinite"):
            grundy.solve(Up(), 0)
        # The walk stays usable: a finite game, and a game with cycles (its
        # positions met again, not new) are still valued under that bound.
        class Chain:
            def moves(self, n):
                return [n - 1] if n > 0 else []

        assert grundy.solve(Chain(), 5000) == 5000 % 2
        class Loop:
            def moves(self, n):
                return [(n + 1) % 3000]

        assert isinstance(grundy.solve(Loop(), 0), grundy.Infinite)
        for bad, error in (("lots", ValueError), (100, ValueError), ("0", ValueError), (1.5, TypeError),
                           (True, TypeError)):
            with pytest.raises(error, match="memory"):
                grundy.memory(bad)
    finally:
        grundy.memory(before)
    assert grundy.memory() == before
