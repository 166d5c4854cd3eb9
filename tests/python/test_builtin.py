"""Built-in games from Python, checked against the command line's answers."""

import doctest
import os
import pathlib
import subprocess
import sys

import pytest

import grundy
from conftest import LOOPY_GRAPH, cli_error, cli_json

PETERSEN = pathlib.Path(__file__).resolve().parents[2] / "examples" / "data" / "petersen.txt"

GRAPH = f"graph:{LOOPY_GRAPH}"

# Sums as the CLI writes them: every family, mixed sums, splits, graphs
# with infinite values, draws.
SUMS = [
    "nim 3 4 5",
    "nim 0",
    "nim 18446744073709551615 1",
    "kayles 9",
    "kayles 9 10 11 + nim 3",
    "subtraction:1-3 7 8",
    "subtraction:1,3,4 1000000000000",
    "division:2-6 1000000000000000000",
    "coprime 1000000007 12",
    "xy:2,3 50 + nim 1",
    "octal:0.137 20 31",
    "hex:0.123 9",
    "grundy-game 20 7",
    "dawson-kayles 12 + dawson-chess 5",
    "octal:4.1 6",
    f"{GRAPH} hall",
    f"{GRAPH} study street",
    f"{GRAPH} porch + nim 2",
    f"{GRAPH} pond hall",
    f"{GRAPH} pond pond",
]


def cli_values(text):
    return cli_json("value", *text.split())


def as_cli_value(v):
    if isinstance(v, grundy.Infinite):
        return {"infinite": True, "options": sorted(v.options)}
    return v


@pytest.mark.parametrize("text", SUMS)
def test_values_and_winner_match_the_cli(text):
    expected = cli_json("moves", *text.split())
    per_component = cli_values(text)["values"]
    s = grundy._sum((text,))
    report = s.report(False, 1000, True)
    assert [as_cli_value(v) for v in report.values] == per_component
    assert report.winner == expected["winner"] == grundy.winner(text)
    if expected.get("value") is not None:
        assert as_cli_value(grundy.value(text)) == expected["value"]
    else:
        with pytest.raises(ValueError, match="no single value"):
            grundy.value(text)


@pytest.mark.parametrize("text", SUMS)
def test_moves_match_the_cli(text):
    expected = cli_json("moves", *text.split())
    got = grundy.moves(text)
    assert got.winner == expected["winner"]

    def flat(to):
        return list(to) if isinstance(to, grundy.Split) else [to]

    assert [(m.component, m.position, flat(m.to)) for m in got] == [
        (m["component"], m["from"], m["to"] if isinstance(m["to"], list) else [m["to"]]) for m in expected["moves"]
    ]


def test_the_three_ways_of_writing_a_sum_agree():
    a = grundy.moves("nim 3 4 + kayles 7")
    b = grundy.moves([("nim", 3), ("nim", 4), ("kayles", 7)])
    assert a == b
    assert grundy.value("nim", 3, 4, 5) == grundy.value("nim 3 4 5") == 2
    assert grundy.value([("nim", 3), ("nim", "4")]) == 7
    assert grundy.value(GRAPH, "street") == 0


def test_a_moves_game_is_its_canonical_spec():
    assert grundy.moves("kayles", 9)[0] == grundy.Move(0, "octal:0.77", 9, grundy.Split(4, 4))


def test_moves_limit_cuts_the_list_and_says_so():
    whole = grundy.moves("coprime", 97, limit=None)
    assert whole.complete and len(whole) == 48
    cut = grundy.moves("coprime", 97, limit=5)
    assert list(cut) == list(whole[:5]) and not cut.complete
    with pytest.raises(ValueError, match="limit"):
        grundy.moves("nim", 3, limit=-1)


def test_second_player_win_has_no_moves():
    m = grundy.moves("nim", 1, 1)
    assert m == [] and m.winner == "second" and m.complete


@pytest.mark.parametrize(
    "args",
    [
        ["nimm", "3"],
        ["nim", "-1"],
        ["nim", "18446744073709551616"],
        ["subtraction:", "3"],
        ["octal:0.8", "3"],
        ["nim", "3", "+"],
        ["nim"],
        [GRAPH, "attic"],
        ["graph:/nonexistent/file", "a"],
        ["division:1", "5"],
    ],
)
def test_errors_carry_the_cli_message(args):
    # The same message; Python names its own way to list the games.
    message = cli_error("value", *args).replace("('grundy games' describes them)", "(grundy.games() describes them)")
    with pytest.raises(ValueError) as e:
        grundy.value(" ".join(args))
    assert str(e.value) == message
    if len(args) > 1 and "+" not in args:
        with pytest.raises(ValueError) as e:
            grundy.winner(args[0], *(int(a) if a.lstrip("-").isdigit() else a for a in args[1:]))
        assert str(e.value) == message


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError, match="int or a str"):
        grundy.value("nim", 3.0)
    with pytest.raises(TypeError, match="int or a str"):
        grundy.value("nim", True)
    with pytest.raises(TypeError, match="pair"):
        grundy.value([("nim", 3, 4)])
    with pytest.raises(TypeError):
        grundy.value()
    with pytest.raises(TypeError, match="moves"):
        grundy.value(42, 3)


@pytest.mark.parametrize("spec", ["kayles", "octal:0.137", "subtraction:1,3,4", "division:2-6", "grundy-game",
                                  "xy:2,3", "coprime", "dawson-kayles", "hex:0.123"])
def test_values_match_the_cli_table(spec):
    table = cli_json("table", spec, "--to", "300")["values"]
    got = grundy.values(spec, range(301))
    assert [int(v) for v in got] == table
    # Any iterable, any order, repeats.
    picks = [300, 0, 7, 7, 150]
    assert [int(v) for v in grundy.values(spec, picks)] == [table[n] for n in picks]
    assert [int(v) for v in grundy.values(spec, range(300, -1, -3))] == table[300::-3]
    assert [grundy.value(spec, n) for n in picks] == [table[n] for n in picks]


def test_values_is_a_numpy_array_when_numpy_is_there(monkeypatch):
    numpy = pytest.importorskip("numpy")
    a = grundy.values("kayles", range(100))
    assert isinstance(a, numpy.ndarray) and a.dtype == numpy.uint64 and a.shape == (100,)
    a[0] = 5  # a copy the caller owns
    monkeypatch.setattr(grundy, "_numpy", None)
    plain = grundy.values("kayles", range(100))
    assert isinstance(plain, list) and plain[:5] == [0, 1, 2, 3, 1]


def test_values_of_a_graph_and_refusals():
    assert grundy.values(GRAPH, ["street", "porch", "hall"]) == [grundy.value(GRAPH, v) for v in
                                                                   ("street", "porch", "hall")]
    assert grundy.values("kayles", []) is not None and len(grundy.values("kayles", [])) == 0
    with pytest.raises(ValueError, match="at most"):
        grundy.values("nim", range(10**12))
    with pytest.raises(ValueError, match="negative"):
        grundy.values("nim", [1, -2])
    with pytest.raises(ValueError, match="negative"):
        grundy.values("nim", range(-1, 5))
    with pytest.raises(TypeError, match="heap size is an int"):
        grundy.values("nim", ["3"])


@pytest.mark.parametrize("spec", ["subtraction:1-3", "division:2-6", "octal:0.137", "kayles", "xy:2,3",
                                  "grundy-game", "nim"])
def test_pattern_matches_the_cli(spec):
    expected = cli_json("pattern", spec)
    p = grundy.pattern(spec)
    assert p.game == expected["game"] and p.kind == expected["kind"] and p.proven == expected["proven"]
    assert p.checked_up_to == expected["checked_up_to"]
    if p.kind == "periodic":
        assert (p.preperiod, p.period) == (expected["preperiod"], expected["period"])
    if p.kind == "self-similar":
        assert (p.base, p.start) == (expected["base"], expected["from"])
    if p.proven:
        assert p.proof == grundy.Proof(expected["check"], expected["theorem"], expected["proof_bound"])
    else:
        assert p.proof is None and p.reason == expected["reason"]
    if p.kind != "none":
        assert p.rule_values()[:30] == expected["first_values"]


def test_pattern_bound_and_refusals():
    assert grundy.pattern("octal:0.137", max_heap=1000).kind == cli_json(
        "pattern", "octal:0.137", "--max-heap", "1000")["kind"]
    with pytest.raises(ValueError, match="not a game on heap sizes"):
        grundy.pattern(GRAPH)
    with pytest.raises(ValueError, match="too large"):
        grundy.pattern("octal:0.137", max_heap=2**62)
    with pytest.raises(ValueError):
        grundy.pattern("kayles", max_heap=0)
    with pytest.raises(TypeError):
        grundy.pattern(3)


def test_games_is_the_registry():
    expected = cli_json("games")["games"]
    assert [(f.name, f.syntax, f.rule, f.example) for f in grundy.games()] == [
        (g["name"], g["syntax"], g["summary"], g["example"]) for g in expected]


def test_docstring_examples_hold():
    failures, tried = doctest.testmod(grundy, extraglobs={"grundy": grundy}, optionflags=doctest.ELLIPSIS)
    assert tried > 10 and failures == 0


def test_every_name_has_a_type_hint():
    stub = pathlib.Path(grundy.__file__).with_suffix(".pyi").read_text()
    for name in grundy.__all__:
        assert f"def {name}(" in stub or f"class {name}" in stub, name


def test_the_stub_names_every_parameter_of_each_function():
    import ast
    import inspect
    stub = ast.parse(pathlib.Path(grundy.__file__).with_suffix(".pyi").read_text())
    stubbed = {f.name: f for f in stub.body if isinstance(f, ast.FunctionDef)}
    compared = 0
    for name in stubbed:
        assert name in grundy.__all__, name
        args = stubbed[name].args
        want = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
        want += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
        got = list(inspect.signature(getattr(grundy, name)).parameters)
        assert sorted(got) == sorted(want), name
        compared += 1
    assert compared > 5


def test_help_teaches():
    text = subprocess.run([sys.executable, "-c", "import grundy; help(grundy.value)"], capture_output=True,
                          text=True, check=True).stdout
    assert "grundy.value(\"kayles\", 10)" in text


def test_the_examples_of_docs_python_md_hold():
    doc = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
    failures, tried = doctest.testfile(str(doc), module_relative=False, globs={"grundy": grundy},
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 20 and failures == 0


def test_the_python_example_of_docs_search_md_holds():
    doc = pathlib.Path(__file__).resolve().parents[2] / "docs" / "search.md"
    failures, tried = doctest.testfile(str(doc), module_relative=False, globs={"grundy": grundy},
                                       optionflags=doctest.ELLIPSIS)
    assert tried >= 5 and failures == 0


def test_odd_but_valid_arguments():
    assert len(grundy.values("nim", range(5, 6, 2**64))) == 1
    assert [int(v) for v in grundy.values("nim", range(0, 2**64 - 1, 2**62))] == [0, 2**62, 2**63, 3 * 2**62]
    with pytest.raises(ValueError, match="at most"):
        grundy.values("nim", range(0, 2**64))
    assert grundy.moves("nim 3 4", limit=2**70) == grundy.moves("nim 3 4", limit=None)


def test_numpy_integers_are_positions():
    numpy = pytest.importorskip("numpy")
    assert grundy.value("kayles", numpy.int64(10)) == 2
    assert grundy.value([("kayles", numpy.uint8(10))]) == 2
    assert list(grundy.values("nim", numpy.arange(3))) == [0, 1, 2]


def test_cram_boards_as_positions():
    # Published values (tests/data/cram.tsv): 4x5 = 2; boards are text, as the command line writes them.
    assert grundy.value("cram", "4x5") == 2
    assert grundy.value("cram 4x5 + nim 3") == 1
    assert grundy.winner("cram 4x5 + nim 2") == "second"
    moves = grundy.moves("cram", "2x3")
    assert [m.to for m in moves] == [m["to"][0] for m in cli_json("moves", "cram", "2x3")["moves"]]
    assert all(m.to.count("#") == 2 for m in moves)
    with pytest.raises(ValueError, match="144 cells"):
        grundy.value("cram", "12x12")


def test_node_kayles_vertex_sets_as_positions():
    # The Petersen graph (examples/data/petersen.txt); positions are vertex sets as text.
    petersen = "node-kayles:" + str(PETERSEN)
    assert grundy.value(petersen, "o0,o1,o2") == 2  # a path of 3: Dawson's chess at 3
    assert grundy.value(f"{petersen} o0,o1,o2 + nim 2") == 0
    assert grundy.winner(f"{petersen} o0,o1,o2 + nim 2") == "second"
    moves = grundy.moves(petersen, "all")
    assert [m.to for m in moves] == [m["to"][0] for m in cli_json("moves", petersen, "all")["moves"]]
    with pytest.raises(ValueError, match="no vertex named 'x'"):
        grundy.value(petersen, "o0,x")


def test_threads_change_no_value_and_are_checked():
    before = grundy.threads()
    try:
        assert grundy.threads(1) == 1
        one = [grundy.value("cram", board) for board in ("4x6", "5x5", "4x7", "3x8")]
        cores = len(os.sched_getaffinity(0))
        assert grundy.threads(2) == min(2, cores)
        assert [grundy.value("cram", board) for board in ("4x6", "5x5", "4x7", "3x8")] == one == [0, 0, 3, 3]
        assert grundy.threads(0) == cores  # every core again
        # More than the cores is taken down to them, with a warning (issue 74).
        with pytest.warns(RuntimeWarning, match=f"threads\\(1000\\): this process may use {cores} cores?; using {cores}"):
            assert grundy.threads(1000) == cores
        for bad, error in ((-1, ValueError), (1025, ValueError), (1.5, TypeError), (True, TypeError), ("2", TypeError)):
            with pytest.raises(error, match="threads"):
                grundy.threads(bad)
    finally:
        grundy.threads(before)


def test_grundy_threads_in_the_environment_is_read_at_import():
    env = dict(os.environ, GRUNDY_THREADS="1")
    out = subprocess.run([sys.executable, "-c", "import grundy; print(grundy.threads())"], capture_output=True,
                         text=True, env=env)
    assert out.stdout.strip() == "1", out.stderr
    cores = len(os.sched_getaffinity(0))
    env["GRUNDY_THREADS"] = "1000"
    out = subprocess.run([sys.executable, "-c", "import grundy; print(grundy.threads())"], capture_output=True,
                         text=True, env=env)
    assert out.stdout.strip() == str(cores), out.stderr
    assert f"GRUNDY_THREADS=1000: this process may use {cores} core" in out.stderr
    env["GRUNDY_THREADS"] = "lots"
    out = subprocess.run([sys.executable, "-c", "import grundy"], capture_output=True, text=True, env=env)
    assert out.returncode != 0 and "GRUNDY_THREADS='lots': expected a number of threads from 1 to 1024, or 0 for every core" in out.stderr
