"""Misère play (docs/misere.md) against a brute force that shares no code with grundy.

Run by ctest (tests/CMakeLists.txt) with GRUNDY_CLI naming the command-line binary.
Every sum of at most 3 heaps of size <= 12 is checked for Kayles, Dawson's Kayles,
0.137 and random octal codes: the outcome the quotient predicts, and the winner
and winning moves `--misere` reports.
"""

import itertools
from functools import lru_cache
import json
import os
import random
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from brute_force import Misere, misere_nim_outcome  # noqa: E402

sys.setrecursionlimit(100000)

MAX_HEAP = 12
NAMED = {"kayles": "0.77", "dawson-kayles": "0.07", "0.137": "0.137"}
# Random codes, drawn once with a fixed seed so that failures can be replayed.
_rng = random.Random(22)
RANDOM_CODES = ["0." + "".join(str(_rng.randrange(8)) for _ in range(_rng.randrange(2, 5))) for _ in range(4)]
GAMES = list(NAMED.values()) + RANDOM_CODES


def cli():
    path = os.environ.get("GRUNDY_CLI")
    if not path:
        pytest.skip("GRUNDY_CLI is not set (ctest sets it)")
    return path


def run(*args):
    return subprocess.run([cli(), *args], capture_output=True, text=True, timeout=300)


def run_json(*args):
    done = run(*args, "--json")
    assert done.returncode == 0, (args, done.stderr)
    return json.loads(done.stdout)


def sums(max_heap, most=3):
    """Every multiset of at most `most` heaps of size 1..max_heap, as sorted tuples."""
    for k in range(most + 1):
        yield from itertools.combinations_with_replacement(range(1, max_heap + 1), k)


@pytest.mark.parametrize("code", GAMES)
def test_quotient_predicts_every_small_sum(code):
    q = run_json("quotient", "octal:" + code, "--max-heap", str(MAX_HEAP))
    assert q["proven"] is True
    assert len(q["elements"]) == q["size"] == len(q["products"])
    p_portion = {q["elements"].index(e) for e in q["p_portion"]}
    pretending = [q["elements"].index(e) for e in q["pretending"]]
    brute = Misere(code)
    for s in sums(MAX_HEAP):
        x = 0  # the identity comes first
        for h in s:
            x = q["products"][x][pretending[h]]
        predicted = "P" if x in p_portion else "N"
        assert predicted == brute.outcome(s), (code, s)


@pytest.mark.parametrize("code", ["0.07", "0.137"])
def test_quotients_up_to_heap_30_predict_the_brute_force(code):
    # Up to heap 30 both quotients need the recalibration (heap 25 of 0.07 tells apart 21 and
    # 4 + 4, one class of Q_24): every sum of at most 2 heaps <= 30, and the sums of 3 heaps
    # with one of at least 21 and a total of at most 44, against the brute force.
    q = run_json("quotient", "octal:" + code, "--max-heap", "30")
    assert q["proven"] is True
    p_portion = {q["elements"].index(e) for e in q["p_portion"]}
    pretending = [q["elements"].index(e) for e in q["pretending"]]
    brute = Misere(code)
    checked = 0
    for s in sums(30):
        if len(s) == 3 and (s[2] < 21 or sum(s) > 44):
            continue
        x = 0
        for h in s:
            x = q["products"][x][pretending[h]]
        assert ("P" if x in p_portion else "N") == brute.outcome(s), (code, s)
        checked += 1
    assert checked == 1370  # the empty sum, 30 single heaps, 465 pairs, 874 triples


@pytest.mark.parametrize("code", GAMES)
def test_winner_and_moves_of_single_game_sums(code):
    brute = Misere(code)
    rng = random.Random(code)
    chosen = rng.sample(list(sums(MAX_HEAP)), 25) + [(), (1,), (2, 2), (MAX_HEAP,) * 3]
    for s in chosen:
        if not s:
            continue
        heaps = [str(h) for h in s]
        answer = run_json("moves", "--misere", "octal:" + code, *heaps)
        expected = brute.outcome(tuple(sorted(s)))
        assert answer["winner"] == ("second" if expected == "P" else "first"), (code, s)
        assert answer["method"] in ("quotient", "search")
        got = {(m["component"], tuple(sorted(m["to"]))) for m in answer["moves"]}
        want = {(i, tuple(sorted(o))) for i, o in brute.winning_moves(tuple(s))}
        assert got == want, (code, s)
        assert run_json("winner", "--misere", "octal:" + code, *heaps)["winner"] == answer["winner"]


class Mixed:
    """Misère outcomes of sums mixing several octal games: components are (game, heap)."""

    def __init__(self, codes):
        self.games = [Misere(c) for c in codes]
        self.memo = {}

    def outcome(self, comps):
        comps = tuple(sorted(c for c in comps if self.games[c[0]].options(c[1])))
        if comps in self.memo:
            return self.memo[comps]
        moved = False
        result = None
        for i, (g, h) in enumerate(comps):
            rest = comps[:i] + comps[i + 1:]
            for o in self.games[g].options(h):
                moved = True
                if self.outcome(rest + tuple((g, part) for part in o)) == "P":
                    result = "N"
                    break
            if result:
                break
        if result is None:
            result = "P" if moved else "N"
        self.memo[comps] = result
        return result


@pytest.mark.parametrize("codes,seed", [(["0.77", "0.07", "0.137"], 7), (["0.31", "0.52", "0.56"], 8),
                                        (["0.31", "0.77", "0.4"], 9)])
def test_mixed_sums(codes, seed):
    # Sums mixing games: decided by the genus when every heap in play is proven tame together
    # (0.31, 0.52 and 0.56 are tame; Kayles and 0.07 only for small heaps), else searched.
    mixed = Mixed(codes)
    rng = random.Random(seed)
    methods = set()
    for _ in range(30):
        comps = [(g, rng.randrange(1, MAX_HEAP + 1)) for g in range(3)]
        args = []
        for g, h in comps:
            args += (["+"] if args else []) + ["octal:" + codes[g], str(h)]
        answer = run_json("moves", "--misere", *args)
        methods.add(answer["method"])
        assert answer["method"] in ("genus", "search")
        if answer["method"] == "search":
            assert answer["sums_searched"] > 0
        else:
            assert len(answer["genus"]) == 3
        expected = mixed.outcome(comps)
        assert answer["winner"] == ("second" if expected == "P" else "first"), comps
        for m in answer["moves"]:
            g, h = comps[m["component"]]
            after = comps[: m["component"]] + comps[m["component"] + 1:] + [(g, p) for p in m["to"]]
            assert mixed.outcome(after) == "P", (comps, m)
        # Every winning move is listed: count them by brute force.
        count = 0
        for i, (g, h) in enumerate(comps):
            for o in mixed.games[g].options(h):
                if mixed.outcome(comps[:i] + comps[i + 1:] + [(g, p) for p in o]) == "P":
                    count += 1
        assert len(answer["moves"]) == count, comps
    if codes[0] == "0.31":
        assert "genus" in methods, methods


def test_misere_nim_small_heaps_against_search():
    for s in itertools.product(range(6), repeat=3):
        heaps = [str(h) for h in s]
        answer = run_json("moves", "--misere", "nim", *heaps)
        assert answer["method"] == "rule"
        # Brute force: Nim's options are all smaller heaps.
        expected = nim_brute(tuple(sorted(s)))
        assert answer["winner"] == ("second" if expected == "P" else "first"), s
        want = set()
        for i, h in enumerate(s):
            for t in range(h):
                after = list(s)
                after[i] = t
                if nim_brute(tuple(sorted(after))) == "P":
                    want.add((i, t))
        assert {(m["component"], m["to"][0]) for m in answer["moves"]} == want, s


_nim_memo = {}


def nim_brute(heaps):
    heaps = tuple(h for h in heaps if h)
    if heaps in _nim_memo:
        return _nim_memo[heaps]
    result = "P" if heaps else "N"  # no move: the player to move wins
    for i, h in enumerate(heaps):
        for t in range(h):
            if nim_brute(tuple(sorted(heaps[:i] + (t,) + heaps[i + 1:]))) == "P":
                result = "N"
                break
        if result == "N" and heaps:
            break
    _nim_memo[heaps] = result
    return result


def test_misere_nim_huge_heaps_follow_bouton():
    top = 2**64 - 1
    rng = random.Random(64)
    cases = [[top], [top, top], [top, 1], [top, top, 1], [1, 1, 1], [1, 1], [0], [top, top - 1, 1], [2, 3, 1]]
    cases += [[rng.randrange(top + 1) for _ in range(rng.randrange(1, 5))] for _ in range(30)]
    for heaps in cases:
        answer = run_json("moves", "--misere", "nim", *map(str, heaps))
        expected = misere_nim_outcome(heaps)
        assert answer["winner"] == ("second" if expected == "P" else "first"), heaps
        for m in answer["moves"]:
            after = list(heaps)
            after[m["component"]] = m["to"][0]
            assert m["to"][0] < heaps[m["component"]]
            assert misere_nim_outcome(after) == "P", (heaps, m)
        if expected == "N" and any(heaps):  # with no move left, the player to move has won already
            assert answer["moves"], heaps


def test_published_quotients():
    # Plambeck and Siegel, "Misère quotients for impartial games" (JCTA 2008): the quotient of
    # misère Nim with heaps up to 3 is T_1 = <a, b | a^2 = 1, b^3 = b>, of order 6, with P-portion
    # {a, b^2}; with heaps up to 7 it has order 10. Siegel (2007): Q_30(0.07) has 360 elements.
    # Sources in tests/data/misere/published.json.
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "misere", "published.json")) as f:
        published = json.load(f)
    for case in published["quotients"]:
        q = run_json("quotient", case["game"], "--max-heap", str(case["max_heap"]))
        assert q["size"] == case["size"], case
        if "p_portion" in case:
            assert sorted(q["p_portion"]) == sorted(case["p_portion"]), case
        if "relations" in case:
            got = {(r["left"], r["right"]) for r in q["relations"]}
            assert got == {tuple(r) for r in case["relations"]}, case


def misere_grundy(code):
    """Conway's misère Grundy value of a sum of the game's heaps (a sorted tuple) and nim heaps
    (a sorted tuple), by plain search: a sum with no move is worth 1, any other the mex of its
    options' values."""
    game = Misere(code)

    @lru_cache(maxsize=None)
    def value(heaps, nims):
        seen = {value(s, nims) for s in game.sum_options(heaps)}
        for i, h in enumerate(nims):
            for m in range(h):
                seen.add(value(heaps, tuple(sorted(nims[:i] + nims[i + 1:] + ((m,) if m else ())))))
        if not seen:
            return 1
        v = 0
        while v in seen:
            v += 1
        return v

    return value


def genus_digits(text):
    """'1^{03131}' -> (1, [0, 3, 1, 3, 1])."""
    g, _, digits = text.partition("^")
    return int(g), [int(d) for d in digits.strip("{}")]


NIM_GENERA = {"0^1", "1^0"} | {f"{n}^{n}" for n in range(2, 64)}


def only_nim_heaps(code, max_heap):
    """Whether every heap up to max_heap is a misère nim heap (grundy's quotient: tame, and
    each heap's genus that of a nim heap)."""
    q = run_json("quotient", "octal:" + code, "--max-heap", str(max_heap))
    return bool(q["tame"]) and all(g in NIM_GENERA for g in q["genus"][1:])


def test_plambeck_pages():
    # What Plambeck's pages of misère octal games state (tests/data/misere/plambeck_pages.json),
    # against grundy and against the plain search above.
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "misere",
                           "plambeck_pages.json")) as f:
        pages = json.load(f)

    # Published genera: heaps 1.. and, the last values repeating, on to heap 12. g is grundy's
    # normal-play value; each digit l_k the plain search's misère Grundy value of the heap with k
    # nim heaps of 2; and l_k = 0 exactly when grundy says the second player wins that sum.
    for entry in pages["genera"]:
        code, listed, r = entry["code"], [genus_digits(g) for g in entry["genus"]], entry["repeats_last"]
        value = misere_grundy(code)
        normal = run_json("value", "octal:" + code, *[str(n) for n in range(1, 13)])["values"]
        for n in range(1, 13):
            i = n - 1 if n <= len(listed) else len(listed) - r + (n - 1 - len(listed)) % r
            g, digits = listed[i]
            assert normal[n - 1] == g, (code, n)
            for k in range(5):
                lam = digits[k] if k < len(digits) else digits[len(digits) - 2 + (k - len(digits)) % 2]
                assert value((n,), (2,) * k) == lam, (code, n, k)
                sum_words = [str(n)] + (["+", "nim"] + ["2"] * k if k else [])
                winner = run_json("winner", "--misere", "octal:" + code, *sum_words)["winner"]
                assert (winner == "second") == (lam == 0), (code, n, k)

    # Which quaternary games (digits 0 to 3) have a heap that is not a misère nim heap, among
    # heaps up to 16.
    listed = pages["non_nim_quaternaries"]
    for digits, expected in ((2, listed["two_digit"]), (3, listed["three_digit"])):
        codes = ["0." + "".join(map(str, d)) for d in itertools.product(range(4), repeat=digits) if d[-1] != 0]
        found = [c for c in codes if not only_nim_heaps(c, 16)]
        assert found == expected, (digits, found)

    # The first heap that is not a misère nim heap.
    for entry in pages["first_wild_heap"]:
        assert only_nim_heaps(entry["code"], entry["heap"] - 1), entry
        assert not only_nim_heaps(entry["code"], entry["heap"]), entry

    # "A + A = 0": heap 4 of 0.316 is its own inverse in the quotient of heaps up to 12; heap 6 is
    # not, and a sum tells them apart, by grundy and by the plain search alike.
    for entry in pages["equal_to_zero_twice"]:
        code = entry["code"]
        q = run_json("quotient", "octal:" + code, "--max-heap", "12")
        one = q["elements"].index("1")
        twice = {}
        for heap in entry["heaps"]:
            e = q["elements"].index(q["pretending"][heap])
            twice[heap] = q["products"][e][e] == one
        apart = entry["apart"]
        assert twice == {h: h != apart["heap"] for h in entry["heaps"]}, twice
        game = Misere(code)
        beside = tuple(apart["beside"])
        with_pair = tuple(sorted(beside + (apart["heap"], apart["heap"])))
        assert game.outcome(beside) == "P" and game.outcome(with_pair) == "N"
        for heaps, expected in ((beside, "second"), (with_pair, "first")):
            assert run_json("winner", "--misere", "octal:" + code, *map(str, heaps))["winner"] == expected


def test_text_output_and_errors():
    done = run("winner", "--misere", "nim", "1", "1", "1")
    assert done.returncode == 0
    assert done.stdout.startswith("second player wins (misère Nim with every heap 0 or 1: 3 heaps of 1")
    done = run("quotient", "octal:0.75", "--max-heap", "20")
    assert done.returncode == 0
    assert "8 elements" in done.stdout and "P-portion: a, b^2" in done.stdout
    done = run("quotient", "subtraction:5", "--max-heap", "3")
    assert done.returncode == 0 and "P-portion: none" in done.stdout
    assert run_json("winner", "--misere", "grundy-game", "7")["winner"] in ("first", "second")
    loopy = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "graphs", "loopy.txt")
    done = run("winner", "--misere", "graph:" + loopy, "study")
    assert done.returncode == 2 and "cycles" in done.stderr
    for bad in (["quotient", "octal:0.75", "--max-heap", "0"], ["quotient", "octal:0.75", "--max-heap", "-3"],
                ["quotient", "octal:0.75", "--max-heap", "100000"], ["quotient", "graph:" + loopy]):
        done = run(*bad)
        assert done.returncode == 2, (bad, done.stderr)
        assert done.stderr.startswith("grundy: error: "), bad
    for bad, why in ((["--most-heaps", "0"], "zero"), (["--most-heaps", "1001"], "too large"),
                     (["--most-heaps", "x"], "")):
        done = run("quotient", "octal:0.75", *bad)
        assert done.returncode == 2 and f"--most-heaps '{bad[1]}': {why}" in done.stderr, done.stderr
    # A quotient that keeps growing stops at a limit, says which, and exits with 1.
    done = run("quotient", "octal:0.6", "--max-heap", "20")
    assert done.returncode == 1, done.stderr
    # The error is the last line: a run over a second (a sanitizer build) first shows its progress lines.
    assert done.stderr.splitlines()[-1].startswith("grundy: error: octal:0.6: a candidate for the quotient of heaps "
                                                   "up to 17 has more than 5000 elements"), done.stderr


class PlaySession:
    """`grundy play` driven line by line through pipes, reading up to each prompt."""

    PROMPT = "your move> "

    def __init__(self, *args):
        self.proc = subprocess.Popen([cli(), "play", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=0)
        self.transcript = ""

    def read_to_prompt(self):
        """The output up to the next prompt, or to the end of the game (None then)."""
        text = ""
        while not text.endswith(self.PROMPT):
            ch = self.proc.stdout.read(1)
            if not ch:
                self.transcript += text
                return None
            text += ch
        self.transcript += text
        return text

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def close(self):
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        self.transcript += rest
        assert self.proc.wait(timeout=60) == 0
        return self.transcript


def test_play_misere_nim_1_1_1_is_lost_for_the_player_to_move():
    session = PlaySession("--misere", "nim", "1", "1", "1", "--seed", "1")
    assert "whoever makes the last move loses" in session.read_to_prompt()
    session.send("hint")
    assert "No winning move (misère Nim with every heap 0 or 1: 3 heaps of 1" in session.read_to_prompt()
    session.send("1 0")
    assert session.read_to_prompt() is not None  # the engine took one heap of 1
    heaps = [i for i in range(3)]
    # One heap of 1 is left for the person, who must take it and make the last move.
    for h in heaps:
        session.send(f"{h + 1} 0")
        if session.read_to_prompt() is None:
            break
    transcript = session.close()
    assert "you made the last move, so the engine wins" in transcript


@pytest.mark.parametrize("args", [["nim", "3", "1", "1"], ["nim", "4", "4", "1"], ["octal:0.75", "5", "7", "9"],
                                  ["kayles", "4", "6", "7", "+", "nim", "2"]])
def test_play_misere_following_the_hints_wins(args):
    session = PlaySession("--misere", *args, "--seed", "5")
    text = session.read_to_prompt()
    while text is not None:
        session.send("hint")
        hint = session.read_to_prompt()
        assert hint is not None and hint.startswith("hint\n") or "Hint: " in hint, hint
        line = next(l for l in hint.splitlines() if l.startswith("Hint: "))
        # "Hint: heap 2: 7 -> 1 + 5. Why..." -> "2 1 + 5"
        move = line[len("Hint: "):].split(". ")[0]
        where, _, to = move.partition(": ")
        number = where.split()[1]
        target = to.split(" -> ")[1]
        session.send(f"{number} {'0' if target == 'nothing' else target}")
        text = session.read_to_prompt()
    transcript = session.close()
    assert "so you win after" in transcript, transcript[-500:]


@pytest.mark.parametrize("code,max_heap", [("0.31", 12), ("0.4", 9), ("0.07", 9), ("0.51", 12)])
def test_tame_games_play_as_misere_nim_of_their_genera(code, max_heap):
    q = run_json("quotient", "octal:" + code, "--max-heap", str(max_heap))
    assert q["tame"] is True
    # Genus g^m: the misère Nim position it plays as (Conway): 0^1 nothing, 1^0 a heap of 1,
    # g^g a single heap g >= 2, 0^0 heaps 2 + 2, 1^1 heaps 2 + 3.
    stand_in = {}
    for h, genus in enumerate(q["genus"]):
        g, m = map(int, genus.split("^"))
        if g >= 2:
            assert m == g
            stand_in[h] = (g,)
        else:
            stand_in[h] = {(0, 1): (), (1, 0): (1,), (0, 0): (2, 2), (1, 1): (2, 3)}[(g, m)]
    brute = Misere(code)
    for s in sums(max_heap):
        pretended = [x for h in s for x in stand_in[h]]
        assert misere_nim_outcome(pretended) == brute.outcome(s), (code, s)


def test_wild_games_are_said_to_be_wild():
    for code in ("0.75", "0.77"):
        q = run_json("quotient", "octal:" + code, "--max-heap", "12")
        assert q["tame"] is False and q["genus"] is None


def test_value_misere_prints_the_genus_of_tame_heaps():
    # Brute force: g the normal-play value, m the misère Grundy value (mex of the options',
    # 1 for a position with no move), of each heap alone.
    code, top = "0.31", 12
    brute = Misere(code)
    normal, misere = {}, {}

    def mex(values):
        v = 0
        while v in values:
            v += 1
        return v

    def g_normal(s):
        if s not in normal:
            total = 0
            for h in s:
                total ^= g_normal_heap(h)
            normal[s] = total
        return normal[s]

    heap_values = {}

    def g_normal_heap(h):
        if h not in heap_values:
            heap_values[h] = mex({g_normal(o) for o in brute.options(h)})
        return heap_values[h]

    def g_misere(s):
        if s not in misere:
            opts = list(brute.sum_options(s))
            misere[s] = 1 if not opts else mex({g_misere(o) for o in opts})
        return misere[s]

    heaps = list(range(1, top + 1))
    answer = run_json("value", "--misere", "octal:" + code, *map(str, heaps))
    for h, v in zip(heaps, answer["values"]):
        assert v["genus"] == f"{g_normal_heap(h)}^{g_misere((h,))}", h
    nim = run_json("value", "--misere", "nim", "0", "1", "2", "9")
    assert [v["genus"] for v in nim["values"]] == ["0^1", "1^0", "2^2", "9^9"]
    wild = run_json("value", "--misere", "octal:0.75", "9")
    assert wild["values"][0]["genus"] is None and "wild" in wild["values"][0]["reason"]


def test_the_element_limit_can_be_raised_or_lowered():
    # 0.07's quotient at heap 30 has 360 elements (published, above): a limit
    # well below that stops it, naming the limit (candidates on the way are larger than the
    # quotient: 400 is not enough); one well above it changes nothing.
    stopped = run("quotient", "octal:0.07", "--max-elements", "100", "--max-heap", "30")
    assert stopped.returncode == 1
    assert "has more than 100 elements; grundy stops there" in stopped.stderr
    assert run_json("quotient", "octal:0.07", "--max-elements", "2000", "--max-heap", "30")["size"] == 360
    # The whole game's search keeps the quotient it proved before the limit, and says why it stopped.
    whole = run("quotient", "octal:0.07", "--max-elements", "100")
    assert whole.returncode == 0, whole.stderr
    assert "sums of heaps 0..24: 24 elements" in whole.stdout
    assert "not proven whole: the search stopped at heap 24: a candidate for the quotient of heaps up to 25 has " \
           "more than 100 elements" in whole.stdout
    for bad, why in (("1", "too small"), ("20001", "too large"), ("x", "")):
        r = run("quotient", "octal:0.07", "--max-elements", bad)
        assert r.returncode == 2
        assert f"--max-elements '{bad}': {why}" in r.stderr
        assert "a whole number from 2 to 20000" in r.stderr


def test_a_time_budget_stops_the_whole_search_with_what_it_proved():
    # Daisies (4.7) grows past a few hundred elements with no period in sight: --budget stops it
    # after that many processor seconds, with the quotient it proved, and says so. A quotient of
    # heaps 0..N not done within the budget is not given (exit 1, the limit named).
    whole = run_json("quotient", "octal:4.7", "--budget", "1")
    assert whole["stopped_by"] == "time", whole["stopped"]
    assert whole["stopped"] == "the time limit of 1 s of processor time was reached"
    assert whole["whole"] is None and whole["max_heap"] >= 12 and whole["size"] >= 34
    bounded = run("quotient", "octal:4.7", "--max-heap", "60", "--budget", "1")
    assert bounded.returncode == 1
    assert bounded.stderr.splitlines()[-1] == "grundy: error: octal:4.7: the time limit of 1 s of processor time " \
                                              "was reached; a larger --budget goes further", bounded.stderr
    # A budget that is ample changes nothing.
    ample, unbounded = run_json("quotient", "octal:0.75", "--budget", "60"), run_json("quotient", "octal:0.75")
    del ample["seconds"], unbounded["seconds"]
    assert ample == unbounded
    for bad, why in (("0", "zero"), ("31536001", "too large"), ("x", "")):
        r = run("quotient", "octal:0.75", "--budget", bad)
        assert r.returncode == 2 and f"--budget '{bad}': {why}" in r.stderr, r.stderr


def test_whole_game_quotients_are_proven_by_the_periodicity_theorem():
    # Without --max-heap an octal game's quotient grows heap by heap until the theorem proves it
    # for every heap; the output states the check.
    done = run("quotient", "octal:0.75")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("misère quotient of octal:0.75, the whole game (every heap): 8 elements\n")
    assert "  then period 2 from heap 8, for every heap (proven)\n" in done.stdout
    assert ("the quotient of heaps 0..21 has φ(n) = φ(n − 2) for 10 ≤ n ≤ 21, and 21 ≥ 2·max(n0, 1) + 2p + k − 1 "
            "= 21; so φ(n + 2) = φ(n) for every n ≥ 8") in done.stdout
    q = run_json("quotient", "octal:0.75")
    assert q["whole"]["preperiod"] == 8 and q["whole"]["period"] == 2 and q["whole"]["code_length"] == 2
    assert q["whole"]["checked_to"] == 21 == q["max_heap"] and q["whole"]["bound"] == 21
    assert q["period"] == {"preperiod": 8, "period": 2, "observed_to": 21, "proven": True}
    assert q["stopped"] is None
    # Kayles: 40 elements, period 12 from heap 71, proven at heap 167.
    kayles = run_json("quotient", "kayles")
    assert (kayles["size"], kayles["whole"]["preperiod"], kayles["whole"]["period"], kayles["max_heap"]) == \
        (40, 71, 12, 167)
    # Too few heaps: the quotient so far, and why; --max-heap keeps its meaning; a game without an
    # octal rule gets heaps 0..30.
    short = run_json("quotient", "kayles", "--most-heaps", "100")
    assert short["whole"] is None and short["max_heap"] == 100
    assert short["stopped"] == "no period of the pretending function is proven by heap 100, the most heaps asked for"
    assert run_json("quotient", "octal:0.75", "--max-heap", "30")["whole"] is None
    assert run_json("quotient", "subtraction:2,3")["max_heap"] == 30
