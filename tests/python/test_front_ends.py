"""One answer through every front door: the command line, the server's API
and the Python module ask the library the same questions (analysis.hpp),
so the same position under the same convention gets the same winner and
the same moves from all three: normal play, misère play, and draws on a
graph with cycles."""

import inspect
import json
import pathlib
import random
import re
import sys

import grundy
import pytest

from conftest import LOOPY_GRAPH, cli_json, cli_path, run_cli

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "serve"))
from server import Server  # noqa: E402  (the serve tests' helper)


def positions():
    """About 70 positions: misère sums of tame and wild games, Nim, mixed
    sums, and normal-play sums on a graph with cycles (draws)."""
    rng = random.Random(32)
    found = []
    for game in ["kayles", "dawson-kayles", "octal:0.75", "octal:0.31", "grundy-game", "subtraction:1,3,4"]:
        for _ in range(6):
            found.append(f"{game} " + " ".join(str(rng.randrange(1, 13)) for _ in range(rng.randrange(1, 4))))
    for _ in range(8):
        found.append("nim " + " ".join(str(rng.randrange(0, 6)) for _ in range(rng.randrange(1, 5))))
    for _ in range(8):
        found.append(f"octal:0.31 {rng.randrange(1, 9)} + nim {rng.randrange(0, 4)} + kayles {rng.randrange(1, 7)}")
    rooms = ["hall", "study", "garden", "porch", "street", "pond"]
    for _ in range(12):
        tokens = " ".join(rng.choice(rooms) for _ in range(rng.randrange(1, 3)))
        found.append(f"graph:{LOOPY_GRAPH} {tokens} + nim {rng.randrange(0, 4)}")
    return found


def as_words(position):
    return position.split()


def normalised_json_moves(moves):
    return sorted((m["component"], str(m["from"]), tuple(str(t) for t in m["to"])) for m in moves)


def python_to(option):
    if isinstance(option, tuple):  # a Split
        return tuple(str(t) for t in option)
    return (str(option),)


def normalised_python_moves(moves):
    return sorted((m.component, str(m.position), python_to(m.to)) for m in moves)


@pytest.fixture(scope="module")
def server():
    s = Server(cli_path(), "--graph", str(LOOPY_GRAPH))
    yield s
    s.stop()


def test_cli_api_and_python_agree_on_every_position(server):
    compared = {"normal": 0, "misere": 0, "draw": 0}
    for position in positions():
        for misere in [False, True]:
            if misere and "graph:" in position:
                continue  # misère play of games with cycles is refused everywhere alike (below)
            flags = ["--misere"] if misere else []
            cli = cli_json("moves", *flags, *as_words(position), "--limit", "1000")
            status, api = server.request("/api/analyze", {"position": position, "misere": misere})
            assert status == 200, (position, api)
            py = grundy.moves(position, misere=misere, limit=1000)
            assert cli["winner"] == api["winner"] == py.winner, (position, misere)
            assert normalised_json_moves(cli["moves"]) == normalised_json_moves(api["moves"]), (position, misere)
            assert normalised_json_moves(cli["moves"]) == normalised_python_moves(py), (position, misere)
            assert grundy.winner(position, misere=misere) == cli["winner"]
            if misere:
                assert cli["method"] == api["method"], position
            compared["misere" if misere else "normal"] += 1
            compared["draw"] += cli["winner"] == "draw"
    assert compared["normal"] >= 50 and compared["misere"] >= 50 and compared["draw"] >= 3, compared


def test_hints_and_engine_moves_win_under_both_conventions(server):
    rng = random.Random(4)
    for position in positions():
        if "graph:" in position:
            continue
        for misere in [False, True]:
            before = cli_json("winner", *(["--misere"] if misere else []), *as_words(position))
            status, hint = server.post("/api/hint", {"position": position, "misere": misere,
                                                     "seed": rng.randrange(2**64)})
            assert status == 200, (position, misere, hint)
            status, engine = server.post("/api/engine-move", {"position": position, "misere": misere,
                                                              "seed": rng.randrange(2**64)})
            assert status == 200, (position, misere, engine)
            if hint["over"]:
                # No move left (in misère play, a win for the player to move): nothing to suggest.
                assert hint["move"] is None and engine["move"] is None and engine["over"], position
                continue
            if before["winner"] != "first":
                continue
            for move in [hint["move"], engine["move"]]:
                status, moved = server.post("/api/move", {"position": position, "move": move})
                assert status == 200, moved
                after = cli_json("winner", *(["--misere"] if misere else []), *as_words(moved["position"]))
                assert after["winner"] == "second", (position, misere, move)


def test_misere_sums_of_any_size_agree(server):
    """Heaps far past any table: the whole game's misère quotient decides
    and finds the moves, alike through the three front doors, and the
    engine's move leaves a sum the opponent loses."""
    rng = random.Random(76)
    for game in ["octal:0.75", "kayles"]:
        for _ in range(3):
            heaps = [rng.randrange(10**6, 2**64) for _ in range(rng.randrange(1, 4))]
            position = f"{game} " + " ".join(map(str, heaps))
            cli = cli_json("moves", "--misere", *as_words(position), "--limit", "5")
            status, api = server.request("/api/analyze", {"position": position, "misere": True, "limit": 5})
            assert status == 200, (position, api)
            py = grundy.moves(position, misere=True, limit=5)
            assert cli["method"] == api["method"] == "quotient", position
            assert cli["quotient"]["whole"]["period"] > 0
            assert cli["winner"] == api["winner"] == py.winner == grundy.winner(position, misere=True)
            assert normalised_json_moves(cli["moves"]) == normalised_python_moves(py), position
            status, engine = server.post("/api/engine-move", {"position": position, "misere": True, "seed": 7})
            assert status == 200, engine
            status, moved = server.post("/api/move", {"position": position, "move": engine["move"]})
            assert status == 200, moved
            after = cli_json("winner", "--misere", *as_words(moved["position"]))
            if cli["winner"] == "first":
                assert after["winner"] == "second", (position, engine["move"])


def test_quotient_agrees_with_the_command_line_and_decides_sums():
    """grundy.quotient is `grundy quotient --json` as Python data; its
    element() and is_p_position() decide sums with heaps of any size as
    winner(misere=True) does, and refuse heaps past a quotient not proven whole."""
    rng = random.Random(7676)
    for game, max_heap in [("octal:0.75", None), ("kayles", None), ("octal:4.4", 20), ("octal:0.137", 14)]:
        args = ["--max-heap", str(max_heap)] if max_heap else []
        cli = cli_json("quotient", game, *args)
        q = grundy.quotient(game, max_heap)
        assert q.elements == cli["elements"] and q.p_portion == cli["p_portion"], game
        assert [q.elements[x] for x in q.pretending] == cli["pretending"], game
        assert q.products == cli["products"] and q.max_heap == cli["max_heap"] and q.tame == cli["tame"], game
        assert [list(g) for g in q.generators] == [[g["name"], g["heap"]] for g in cli["generators"]], game
        whole = cli["whole"]
        assert q.whole == ((whole["preperiod"], whole["period"]) if whole else None), game
        top = 2**64 - 1 if q.whole else q.max_heap
        for _ in range(12):
            heaps = [rng.randrange(0, top + 1) for _ in range(rng.randrange(1, 4))]
            expected = grundy.winner(game, *heaps, misere=True)
            assert q.is_p_position(*heaps) == (expected == "second"), (game, heaps)
        if q.whole is None:
            with pytest.raises(ValueError, match=f"heap {q.max_heap + 1}: this quotient is of heaps 0..{q.max_heap}"):
                q.element(q.max_heap + 1)
    for bad, message in [(dict(max_heap=0), "max_heap=0"), (dict(max_heap=1001), "max_heap=1001"),
                         (dict(most_heaps=True), "most_heaps=True")]:
        with pytest.raises(ValueError, match=message):
            grundy.quotient("kayles", **bad)
    with pytest.raises(ValueError, match="octal codes only"):
        grundy.quotient("subtraction:1,2")
    # The bounds are the library's, as the command line's are.
    default = inspect.signature(grundy.quotient).parameters["most_heaps"].default
    assert default == grundy._core.DEFAULT_QUOTIENT_MOST_HEAPS == int(
        re.search(r"--most-heaps N .*?\(default (\d+)", run_cli("quotient", "--help").stdout, re.S).group(1))
    with pytest.raises(ValueError, match="expected a heap size"):
        grundy.quotient("kayles").element(-1)


def test_misere_play_of_games_with_cycles_is_refused_alike(server):
    position = f"graph:{LOOPY_GRAPH} hall"
    status, api = server.request("/api/analyze", {"position": position, "misere": True})
    assert status == 400 and "misère play of games with cycles is not supported" in api["error"]
    with pytest.raises(ValueError, match="misère play of games with cycles is not supported"):
        grundy.winner(position, misere=True)


def test_misere_values_agree(server):
    for position in ["octal:0.31 1 2 3 4 5", "nim 0 1 2 7", "kayles 3 8"]:
        cli = cli_json("value", "--misere", *as_words(position))
        status, api = server.request("/api/values", {"position": position, "misere": True})
        assert status == 200 and api == cli
        # A genus is proven over the heaps of the sum asked about: Python's value is one heap's.
        words = as_words(position)
        for heap in words[1:]:
            genus = cli_json("value", "--misere", words[0], heap)["values"][0]["genus"]
            if genus is None:
                with pytest.raises(ValueError, match="no misère value"):
                    grundy.value(words[0], int(heap), misere=True)
            else:
                assert grundy.value(words[0], int(heap), misere=True) == genus


def test_a_bad_convention_is_refused(server):
    status, api = server.request("/api/analyze", {"position": "nim 1", "misere": "yes"})
    assert status == 400 and api["error"].startswith("'misere': expected true")
    with pytest.raises(TypeError, match="misere='yes'"):
        grundy.winner("nim 1", misere="yes")
