"""grundy.play (docs/play.md): `grundy play`'s session for games written in
Python, alone and in sums with built-in games, on text streams. The engine
is checked never to hand over a win on random positions, against
grundy.winner (itself checked against brute force in test_python_games.py)."""

import io
import os
import random
import re
import subprocess

import pytest

import grundy
from conftest import cli_path


class Take:
    """Take 1 or 2 from a heap: G(n) = n mod 3."""

    def moves(self, n):
        return [n - k for k in (1, 2) if n >= k]


class Subtraction:
    """Take any number of `allowed` from a heap."""

    def __init__(self, allowed):
        self.allowed = tuple(allowed)

    def moves(self, n):
        return [n - k for k in self.allowed if n >= k]


class Kayles:
    """Knock down one pin or two neighbours from a row: a move may split it."""

    def moves(self, n):
        out = []
        for take in (1, 2):
            for left in range(0, n - take + 1):
                right = n - take - left
                if left <= right:
                    parts = [p for p in (left, right) if p]
                    out.append(grundy.Split(*parts) if len(parts) != 1 else parts[0])
        return out


def played(*sum, lines, **options):
    out = io.StringIO()
    result = grundy.play(*sum, input=io.StringIO("".join(line + "\n" for line in lines)), output=out, **options)
    return result, out.getvalue()


def test_a_python_heap_game_is_played_to_the_end_with_a_hint_and_an_undo():
    # 7 = 1 mod 3: the player to move wins by going to a multiple of 3.
    result, text = played(Take(), 7, lines=["hint", "6", "undo", "6", "3", "0"])
    assert "Playing python:Take 7 against the engine" in text
    assert "Rule: a move is whatever Take.moves lists; whoever cannot move loses." in text
    assert "Hint: position 1: 7 -> 6." in text
    assert "Took back your position 1: 7 -> 6 and the engine's position 1: 6 -> " in text
    # Whatever the engine answers (5 or 4), the moves typed above are legal
    # only if it went to 5 or 4 and then to 2 or 1.
    assert "You have no move left" not in text
    assert re.search(r"The engine has no move left: you win after \d+ moves!", text)
    assert result == "you"


def test_the_engine_first_wins_a_won_position_to_the_end():
    # 8 = 2 mod 3: the engine, to move, wins whatever is answered.
    result, text = played(Take(), 8, first="engine", lines=["#1"] * 5)
    assert text.count("The engine moves") >= 3
    assert "You have no move left: the engine wins after" in text
    assert result == "engine"


def test_a_sum_of_a_python_game_and_nim():
    result, text = played([(Take(), 4), ("nim", 3)], lines=["values", "hint", "2 1", "1 3"] + ["#1"] * 8)
    assert "Playing python:Take 4 + nim 3 against the engine" in text
    assert "Rule of python:Take: a move is whatever Take.moves lists." in text
    assert "Rule of nim:" in text
    assert "position 1 (python:Take)  4       value 1" in text
    assert "heap 2 (nim)              3  ooo  value 3" in text
    assert "nim-sum 1 xor 3 = 2" in text
    assert "Hint: heap 2 (nim): 3 -> 1." in text
    # '2 1' is the winning move the hint gave: it leaves the engine nim-sum
    # 1 xor 1 = 0, and '#1' from there on is whatever comes first.
    assert grundy.winner([(Take(), 4), ("nim", 1)]) == "second"
    assert result in ("you", "engine")
    assert ("you win after" in text) == (result == "you")


def test_moves_are_numbered_and_played_by_number():
    result, text = played(Take(), 5, lines=["moves", "#3", "#2", "quit"])
    assert "Your legal moves (type '#' and the number to play one, such as '#1'):" in text
    assert "  #1  position 1: 5 -> 4\n  #2  position 1: 5 -> 3\n" in text
    assert "'#3' is not the number of a move: 'moves' numbers them from #1 to #2." in text
    assert "You move position 1: 5 -> 3." in text
    assert result is None


def test_positions_are_typed_as_python_literals_or_as_bare_text():
    class Words:
        def moves(self, w):
            return [w[:i] + w[i + 1:] for i in range(len(w))]

    _, text = played(Words(), "abc", lines=["ab", "quit"])
    assert "You move position 1: 'abc' -> 'ab'." in text
    # The example of a move sets the position apart by its own quotes, not
    # nested in more (issue 74: "such as '1 'ac''").
    assert "(such as 1 'ac': position 1 becomes 'ac')" in text

    class Pairs:
        def moves(self, p):
            a, b = p
            return [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)

    _, text = played(Pairs(), (1, 2), lines=["(0, 2)", "quit"])
    assert "You move position 1: (1, 2) -> (0, 2)." in text  # (a tuple's brackets set it apart: no quotes)
    # A tuple holding spaces after the position's number is read whole
    # (issue 74: "1 ('#', '#')" was split at its space and refused).
    _, text = played(Pairs(), (1, 2), lines=["1 (1, 1)", "quit"])
    assert "You move position 1: (1, 2) -> (1, 1)." in text

    class Cells:
        def moves(self, p):
            return [p[:i] + ("#",) + p[i + 1:] for i, c in enumerate(p) if c == "."]

    _, text = played(Cells(), (".", ".", "#"), lines=["1 ('#', '.', '#')", "quit"])
    assert "You move position 1: ('.', '.', '#') -> ('#', '.', '#')." in text
    _, text = played(Cells(), (".", ".", "#"), lines=["1 ('#', '#', '.')", "quit"])
    assert "cannot go from ('.', '.', '#') to ('#', '#', '.'), because" in text
    _, text = played(Pairs(), (1, 2), lines=["[1,1]", "quit"])
    assert "'[1,1]' reads as a list, which cannot be a position of python:Pairs" in text


def test_a_split_is_typed_with_plus_and_undone():
    result, text = played(Kayles(), 6, lines=["2 + 3", "undo", "quit"])
    assert "You move position 1: 6 -> 2 + 3." in text
    assert "Took back your position 1: 6 -> 2 + 3" in text
    assert result is None


def test_misere_play_of_a_python_game():
    # Misère Take 1 or 2: the player to move loses exactly at n = 1 mod 3.
    result, text = played(Take(), 4, misere=True, first="engine", lines=["#1"] * 4)
    assert "misère play: whoever makes the last move loses" in text
    assert result == "engine"


def test_bad_arguments_are_refused_clearly():
    with pytest.raises(ValueError, match="first='me': expected 'you'"):
        grundy.play(Take(), 3, first="me")
    with pytest.raises(ValueError, match="seed=-1"):
        grundy.play(Take(), 3, seed=-1)
    with pytest.raises(TypeError, match="expected a text stream with readline"):
        grundy.play(Take(), 3, input=42)
    with pytest.raises(TypeError, match="misere="):
        grundy.play(Take(), 3, misere="yes")


def test_moves_raising_in_play_ends_the_game_with_its_exception():
    class Fragile:
        def moves(self, n):
            if n == 2:
                raise RuntimeError("no moves from 2 today")
            return [n - 1] if n > 0 else []

    with pytest.raises(RuntimeError, match="no moves from 2 today"):
        played(Fragile(), 4, lines=["3", "quit"])
    assert grundy.winner("nim", 1) == "first"  # the module goes on


def test_the_same_conversation_as_the_command_line():
    lines = ["hint", "values", "1 1", "undo", "3 1", "quit"]
    _, text = played("nim 3 4 5", lines=lines, seed=1)
    done = subprocess.run([cli_path(), "play", "nim", "3", "4", "5", "--seed", "1"], input="".join(l + "\n" for l in lines),
                          capture_output=True, text=True, timeout=60, env={**os.environ, "LANG": "C.UTF-8"})
    assert done.returncode == 0, done.stderr
    assert text == done.stdout


# --- the engine never hands over a win ---

def engine_first_move(*sum, misere=False, seed=0):
    """The engine's first move as the transcript reports it."""
    _, text = played(*sum, lines=[], first="engine", misere=misere, seed=seed)
    m = re.search(r"The engine moves (?:position|heap) (\d+)(?: \([^)]*\))?: (\d+) -> (\d+|nothing)\.", text)
    assert m, text
    return int(m.group(1)), int(m.group(2)), 0 if m.group(3) == "nothing" else int(m.group(3))


@pytest.mark.parametrize("misere", [False, True])
def test_the_engine_never_hands_over_a_win(misere):
    rng = random.Random(53)
    checked = 0
    while checked < 120:
        game = Subtraction(sorted(rng.sample(range(1, 8), rng.randint(1, 4))))
        n = rng.randint(1, 40)
        if rng.random() < 0.5:
            sum_ = [(game, n)]
        else:
            sum_ = [(game, n), ("nim", rng.randint(1, 7))]
        if grundy.winner(sum_, misere=misere) != "first":
            continue
        if all(not c[0].moves(c[1]) if not isinstance(c[0], str) else c[1] == 0 for c in sum_):
            continue  # no move at all: a misère win without a move
        component, before, after = engine_first_move(sum_, misere=misere, seed=rng.randrange(1000))
        assert sum_[component - 1][1] == before
        left = list(sum_)
        left[component - 1] = (left[component - 1][0], after)
        assert grundy.winner(left, misere=misere) == "second", (game.allowed, sum_, component, after)
        checked += 1


def test_the_python_example_of_docs_play_md_holds():
    import doctest
    import pathlib
    doc = pathlib.Path(__file__).resolve().parents[2] / "docs" / "play.md"
    failures, tried = doctest.testfile(str(doc), module_relative=False, globs={}, optionflags=doctest.ELLIPSIS)
    assert tried >= 5 and failures == 0


def test_a_frozenset_position_is_typed_as_repr_writes_it():
    class Vertices:
        """Take one vertex of a path 1-2-3 with its neighbours (Node Kayles)."""
        edges = {1: {2}, 2: {1, 3}, 3: {2}}

        def moves(self, left):
            return [left - {v} - self.edges[v] for v in left]

    result, text = played(Vertices(), frozenset({1, 2, 3}), lines=["frozenset({3})", "frozenset()", "quit"])
    assert "'frozenset({3})' reads" not in text
    assert "You move position 1: frozenset({1, 2, 3}) -> frozenset({3})." in text
    assert result in ("engine", None)


def test_a_python_game_with_cycles_plays_to_a_draw():
    class Rooms:
        doors = {"hall": ["hall", "study"], "study": ["porch"], "porch": []}

        def moves(self, room):
            return self.doors[room]

    result, text = played(Rooms(), "hall", lines=["values", "hint", "draw"])
    assert "Play can go on forever here: the same position 3 times is a draw, and 'draw' offers one." in text
    assert "position 1  'hall'  value ∞{1}" in text
    assert "Suggestion: position 1: 'hall' -> 'hall', which keeps the draw" in text
    assert "The engine accepts the draw (neither side can force a win from here)" in text
    assert result == "draw"
    result, text = played(Rooms(), "hall", lines=["hall", "hall"])
    assert "has now occurred 3 times: the game is a draw after 4 moves." in text
    assert result == "draw"


class MirroredBoard:
    """Rows of cells; a move fills one free cell or two free cells side by side. canonical() mirrors
    the board to its largest form, so a board shown in canonical form would flip between moves."""

    def moves(self, b):
        out = []
        for r, row in enumerate(b):
            for i in range(len(row)):
                if row[i] == ".":
                    out.append(b[:r] + (row[:i] + "#" + row[i + 1:],) + b[r + 1:])
                if row[i:i + 2] == "..":
                    out.append(b[:r] + (row[:i] + "##" + row[i + 2:],) + b[r + 1:])
        return out

    def canonical(self, b):
        return max([b, b[::-1], tuple(r[::-1] for r in b), tuple(r[::-1] for r in b[::-1])])


@pytest.mark.parametrize("first", ["you", "engine"])
def test_positions_are_shown_as_moves_left_them_never_in_canonical_form(first):
    # Issue 74: the canonical form is the engine's inside business; play shows each position as moves() left it.
    game = MirroredBoard()
    start = ("#....", "...#.")
    _, text = played(game, start, lines=["moves", "#1"] * 12, first=first)
    played_moves = re.findall(r"(?:You move|The engine moves) position 1: (\(.*?\)) -> (\(.*?\))\.", text)
    assert len(played_moves) >= 6
    at = start
    for before, after in played_moves:
        before, after = eval(before), eval(after)  # tuples of str, as repr() wrote them
        assert before == at
        assert after in game.moves(before)
        at = after
    assert "no move left" in text
