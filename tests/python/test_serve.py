"""grundy.serve and `python3 -m grundy serve`: the API of `grundy serve` for
games written in Python (served_games.py), through real HTTP. The page itself
is played in Chromium by serve_browser.py."""

import os
import pathlib
import random
import subprocess
import sys
import time

import pytest

import grundy
from grundy.__main__ import _position as read_position  # how `python3 -m grundy serve` reads one

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import served_games  # noqa: E402
from served_server import HERE, Server, ServedGame, get  # noqa: E402


def pairs_of(text):
    """A sum as the API writes it ("python:TwoRows (2,4) + nim 3") as (game, position) pairs."""
    pairs, game = [], None
    for word in text.split():
        if word == "+":
            game = None
        elif game is None:
            game = getattr(served_games, word[len("python:"):])() if word.startswith("python:") else word
        else:
            pairs.append((game, int(word) if isinstance(game, str) else read_position(word)))
    return pairs


@pytest.fixture
def served(request):
    servers = []

    def start(*words):
        s = ServedGame(*words)
        servers.append(s)
        return s

    yield start
    for s in servers:
        s.stop()


def test_the_catalogue_is_the_game_served_and_its_start(served):
    s = served("served_games:TwoRows", "(3, 4)", "+", "nim", "2")
    games = get(s, "/api/games")
    assert games["start"] == "python:TwoRows (3,4) + nim 2"
    assert [g["start"] for g in games["games"]] == ["python:TwoRows (3,4) + nim 2"]
    status, view = s.post("/api/components", {"position": games["start"]})
    assert status == 200
    assert [c["game"] for c in view["components"]] == ["python:TwoRows", "nim"]
    assert view["rules"][0]["rule"] == "a move is whatever TwoRows.moves lists"
    # A game misnamed is told the served game's name too (issue 74: only
    # the built-in games were listed).
    status, error = s.post("/api/components", {"position": "python:TwoRow (3,4)"})
    assert status == 400
    assert "unknown game" in error["error"] and "this server also serves python:TwoRows" in error["error"]


def test_positions_with_spaces_go_back_and_forth_as_one_word(served):
    s = served("served_games:NodeKayles", "frozenset({'a', 'b', 'c', 'd', 'e'})")
    start = get(s, "/api/games")["start"]
    assert " " not in start.split(" ", 1)[1]
    status, moved = s.post("/api/engine-move", {"position": start})
    assert status == 200
    (game, left), = pairs_of(moved["position"])
    assert isinstance(left, frozenset) and left < {"a", "b", "c", "d", "e"}
    # A str with spaces inside keeps them (written \x20).
    s2 = served("served_games:Words", "'a b c'", "+", "served_games:Cram", "('..', '..')")
    start = get(s2, "/api/games")["start"]
    assert start == "python:Words 'a\\x20b\\x20c' + python:Cram ('..','..')"
    status, view = s2.post("/api/components", {"position": start})
    assert status == 200 and [c["position"] for c in view["components"]] == ["'a b c'", "('..', '..')"]
    status, moved = s2.post("/api/move", {"position": start, "move": {"component": 0, "to": ["'a b'"]}})
    assert status == 200 and pairs_of(moved["position"])[0][1] == "a b"


def test_heaps_drawn_by_draw(served):
    s = served("served_games:TwoRows", "(3, 4)")
    status, view = s.post("/api/components", {"position": "python:TwoRows (3,4)"})
    assert status == 200
    d = view["components"][0]["drawing"]
    assert d["kind"] == "heaps" and d["heaps"] == [3, 4]
    # Tokens 0-2 are row 1, 3-6 row 2; a click takes the token and those after it in its row.
    moves = {tuple(m["to"]): (m["pieces"], m.get("takes")) for m in d["moves"]}
    assert moves == {("(2, 4)",): ([2], [2]), ("(1, 4)",): ([1], [1, 2]),
                     ("(3, 3)",): ([6], [6]), ("(3, 2)",): ([5], [5, 6])}
    # Moves on both rows have no one token to click: the page lists every move.
    assert d["every_move_drawn"] is False


def test_a_board_drawn_as_a_grid(served):
    s = served("served_games:Cram", "('...', '...')")
    status, view = s.post("/api/components", {"position": "python:Cram ('...','...')"})
    assert status == 200
    d = view["components"][0]["drawing"]
    assert d["kind"] == "grid" and d["rows"] == ["...", "..."] and "every_move_drawn" not in d
    assert d["how"].startswith("click two free cells")
    # 4 horizontal and 3 vertical dominoes, each its two cells.
    assert sorted(tuple(m["pieces"]) for m in d["moves"]) == [(0, 1), (0, 3), (1, 2), (1, 4), (2, 5), (3, 4), (4, 5)]
    # A move by the cells' drawing, as the page sends it.
    status, moved = s.post("/api/move", {"position": "python:Cram ('...','...')",
                                         "move": {"component": 0, "to": ["('##.', '...')"]}})
    assert status == 200 and moved["position"] == "python:Cram ('##.','...')"


def test_a_graph_drawn_with_the_vertex_to_click(served):
    s = served("served_games:NodeKayles", "frozenset({'a', 'b', 'c', 'd', 'e'})")
    status, view = s.post("/api/components", {"position": get(s, "/api/games")["start"]})
    d = view["components"][0]["drawing"]
    assert d["kind"] == "graph" and d["vertices"] == ["a", "b", "c", "d", "e"] and all(d["present"])
    clicks = {m["pieces"][0]: m["takes"] for m in d["moves"]}
    assert clicks == {0: [0, 1], 1: [0, 1, 2], 2: [1, 2, 3], 3: [2, 3, 4], 4: [3, 4]}


def test_moves_that_raise_are_shown_and_the_server_goes_on(served):
    s = served("served_games:Raises", "7")
    status, view = s.post("/api/components", {"position": "python:Raises 7"})
    assert status == 200
    status, answer = s.post("/api/engine-move", {"position": "python:Raises 6"})  # 6 -> 5 is looked at
    assert status == 422
    assert answer["error"] == "the game's code raised ValueError: no moves from 5 today"
    status, answer = s.post("/api/options", {"position": "python:Raises 5", "component": 0})
    assert status == 422 and "ValueError" in answer["error"]
    status, moved = s.post("/api/engine-move", {"position": "python:Raises 4"})
    assert status == 200 and moved["position"].startswith("python:Raises ")
    s.stop()
    assert "looked ahead from the start" in s.errors  # said once before serving
    # Each failed request's traceback, for the game's author: the file and function that raised.
    assert s.errors.count("served_games.py(") >= 2 and "): moves" in s.errors


def test_a_bad_picture_names_draw_and_what_was_expected(served):
    s = served("served_games:BadPicture", "3")
    status, answer = s.post("/api/components", {"position": "python:BadPicture 3"})
    assert status == 422
    assert answer["error"].startswith("BadPicture.draw(3) gave 'heaps' as a int, not a list or tuple; expected None")


def test_the_time_limit_holds_for_python_code(served):
    s = served("--time-limit", "0.5", "served_games:Slow", "2")
    t = time.monotonic()
    status, answer = s.post("/api/values", {"position": "python:Slow 5"})
    assert status == 503 and "longer than the 0.5 s" in answer["error"]
    assert time.monotonic() - t < 2.5
    assert s.post("/api/values", {"position": "python:Slow 3"})[0] == 200  # 3 never reaches 4


def test_the_engine_never_hands_over_a_win():
    rng = random.Random(53)
    boards = [("...", "..."), ("....", "...."), ("...", "...", "...")]
    cases = []
    for _ in range(40):
        cases.append([(served_games.TwoRows(), (rng.randrange(8), rng.randrange(8))), ("nim", rng.randrange(6))])
        rows = [list(b) for b in rng.choice(boards)]
        for _ in range(rng.randrange(4)):
            r, c = rng.randrange(len(rows)), rng.randrange(len(rows[0]))
            rows[r][c] = "#"
        cases.append([(served_games.Cram(), tuple("".join(r) for r in rows))])
        cases.append([(served_games.NodeKayles(), frozenset(v for v in "abcde" if rng.random() < 0.7))])
    # Every game of the cases is served (requests name only games served).
    s = ServedGame("served_games:TwoRows", "(1,1)", "+", "served_games:Cram", "('..',)", "+",
                   "served_games:NodeKayles", "frozenset()")
    try:
        checked = 0
        for pairs in cases:
            text = " + ".join(
                f"{g if isinstance(g, str) else 'python:' + type(g).__name__} "
                f"{p if isinstance(g, str) else repr(p).replace(' ', '')}" for g, p in pairs)
            if grundy.winner(pairs) != "first":
                continue
            for seed in range(3):
                status, moved = s.post("/api/engine-move", {"position": text, "seed": seed})
                assert status == 200, moved
                assert grundy.winner(pairs_of(moved["position"])) == "second", (text, moved)
                checked += 1
        assert checked > 60
    finally:
        s.stop()


def test_ctrl_c_stops_the_server_and_its_workers():
    s = ServedGame("served_games:Subtract", "9")
    assert s.post("/api/analyze", {"position": "python:Subtract 9"})[0] == 200
    assert len(s.children()) >= 2  # the zygote and its workers
    pids = s.children()
    assert s.stop() == 0

    def alive(pid):  # a zombie has ended: its new parent reaps it when it will
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()[0] != "Z"
        except FileNotFoundError:
            return False

    deadline = time.monotonic() + 10
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [p for p in pids if alive(p)] == []


def test_command_line_errors():
    def run(*words):
        return subprocess.run([sys.executable, "-m", "grundy", *words], cwd=HERE, capture_output=True, text=True,
                              timeout=60)

    r = run("serve", "served_games:Nope", "3")
    assert r.returncode == 2 and "module served_games has no Nope" in r.stderr
    r = run("serve", "no_such_module:Game", "3")
    assert r.returncode == 2 and "no module no_such_module" in r.stderr
    r = run("serve", "served_games:Subtract")
    assert r.returncode == 2 and "expected GAME POSITION" in r.stderr
    r = run("serve", "--port", "70000", "served_games:Subtract", "3")
    assert r.returncode == 2 and "port=70000" in r.stderr
    r = run("serve", "--help")
    assert r.returncode == 0 and "module:Class" in r.stdout
    # A position whose repr is no literal cannot go to the page and back.
    r = subprocess.run([sys.executable, "-c", "import grundy, served_games as g; "
                        "grundy.serve(g.Opaque(), g.Opaque.P(3), port=0)"], cwd=HERE, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode != 0 and "must be Python literals" in r.stderr


def test_serve_arguments():
    with pytest.raises(ValueError, match="port=-1"):
        grundy.serve("nim 3", port=-1)
    with pytest.raises(ValueError, match="time_limit=0"):
        grundy.serve("nim 3", time_limit=0)


def test_the_served_examples_of_docs_python_md(tmp_path):
    """docs/python.md's three drawn games, saved as the doc says and served as it says."""
    doc = (pathlib.Path(HERE).parents[1] / "docs" / "python.md").read_text()
    code = doc.split("<!-- served examples -->\n```python\n", 1)[1].split("```", 1)[0]
    (tmp_path / "heaps_game.py").write_text(code)
    expected = {"TwoRows": ("(5, 7)", "heaps"), "Cram": ("('....', '....')", "grid"),
                "PathKayles": ("frozenset('abcde')", "graph")}
    for name, (position, kind) in expected.items():
        assert f"heaps_game:{name}" in doc.replace("\n", " ")
        s = ServedGame(f"{tmp_path / 'heaps_game.py'}:{name}", position)
        try:
            start = get(s, "/api/games")["start"]
            status, view = s.post("/api/components", {"position": start})
            assert status == 200 and view["components"][0]["drawing"]["kind"] == kind, view
            drawing = view["components"][0]["drawing"]
            assert drawing["moves"], name
            # Each drawn move is legal: the server plays it.
            for m in drawing["moves"]:
                status, moved = s.post("/api/move", {"position": start, "move": {"component": 0, "to": m["to"]}})
                assert status == 200, moved
        finally:
            s.stop()


def script_server(script):
    """A server started by a Python script of the test's own (grundy.serve, not python3 -m grundy)."""
    return Server(None, command=[sys.executable, "-c", script], cwd=HERE)


def test_two_games_of_one_name_are_told_apart():
    s = script_server("import grundy, served_games as g\n"
                      "grundy.serve([(g.TakeFrom((1,)), 5), (g.TakeFrom((1, 2, 3, 4, 5, 6)), 6)], port=0)")
    try:
        start = get(s, "/api/games")["start"]
        assert start == "python:TakeFrom 5 + python:TakeFrom#2 6"
        status, options = s.post("/api/options", {"position": start, "component": 1})
        assert status == 200 and [o["to"] for o in options["options"]] == [[str(n)] for n in range(5, -1, -1)]
        status, values = s.post("/api/values", {"position": start})
        assert status == 200 and values["values"] == [1, 6]
    finally:
        s.stop()


def test_moves_may_ask_grundy_and_write_to_files_opened_before(tmp_path):
    log = tmp_path / "moves.log"
    s = script_server("import grundy, served_games as g\n"
                      f"log = open({str(log)!r}, 'a', buffering=1)\n"
                      "class Logged(g.AsksGrundy):\n"
                      "    def moves(self, n):\n"
                      "        log.write(f'moves {n}\\n')\n"
                      "        return super().moves(n)\n"
                      "grundy.serve(Logged(), 3, port=0, time_limit=20)")
    try:
        status, values = s.post("/api/values", {"position": "python:Logged 9"})
        assert status == 200 and values["values"] == [1], values
    finally:
        s.stop()
    assert "moves 9" in log.read_text()


def test_a_move_that_leaves_nothing(served):
    s = served("served_games:Strip", "'xx'")
    status, moved = s.post("/api/engine-move", {"position": "python:Strip 'x'"})
    assert status == 200 and moved["position"] == "nim 0" and moved["over"] is True
    status, view = s.post("/api/components", {"position": moved["position"]})
    assert status == 200 and view["over"] is True


def test_grid_moves_the_page_cannot_click_are_listed(served):
    s = served("served_games:OneOrTwo", "'...'")
    status, view = s.post("/api/components", {"position": "python:OneOrTwo '...'"})
    d = view["components"][0]["drawing"]
    assert sorted(m["pieces"] for m in d["moves"]) == [[0], [1], [2]]
    assert d["every_move_drawn"] is False


def test_other_threads_keep_their_childrens_exit_statuses():
    s = script_server("import os, signal, subprocess, sys, threading, time, grundy, served_games as g\n"
                      "def other():\n"
                      "    time.sleep(1)\n"
                      "    print('status', subprocess.run(['false']).returncode, file=sys.stderr, flush=True)\n"
                      "    os.kill(os.getpid(), signal.SIGINT)\n"
                      "threading.Thread(target=other).start()\n"
                      "try:\n"
                      "    grundy.serve(g.Subtract(), 3, port=0)\n"
                      "except KeyboardInterrupt:\n"
                      "    print('stopped', file=sys.stderr)\n")
    s.process.wait(timeout=60)
    s.stop()
    assert "status 1" in s.errors and "stopped" in s.errors


def test_a_server_started_with_sigint_ignored_says_how_to_stop_it():
    import signal
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(os.path.abspath(p) for p in
                                                     os.environ.get("PYTHONPATH", "").split(os.pathsep) if p))
    p = subprocess.Popen([sys.executable, "-m", "grundy", "serve", "--port", "0", "served_games:Subtract", "3"],
                         cwd=HERE, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        line = p.stdout.readline()
        assert "open http://" in line and "Ctrl-C" not in line
        said = p.stderr.readline()
        assert "SIGINT is ignored here" in said and f"kill {p.pid}" in said
    finally:
        p.terminate()
        p.wait(timeout=20)
        p.stdout.close()
        p.stderr.close()
