"""Pictures of values (grundy.plot), notebook displays (_repr_html_), reprs of
Python games' moves and progress on a terminal."""

import os
import pty
import subprocess
import sys

import pytest

import grundy

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")


def scatter_points(fig):
    (collection,) = fig.axes[0].collections[-1:]
    return collection.get_offsets()


def test_plot_draws_every_value_and_marks_the_proven_period():
    fig = grundy.plot("kayles", to=200)
    ax = fig.axes[0]
    points = scatter_points(fig)
    assert len(points) == 201
    assert [int(y) for _, y in points] == [grundy.value("kayles", n) for n in range(201)]
    assert ax.get_title() == ("G(n) of kayles (octal:0.77), n = 0..200\n"
                              "period 12 from n = 71: proven (checked to n = 168)")
    dashed = [line for line in ax.get_lines() if line.get_linestyle() == "--"]
    assert len(dashed) == 1 and list(dashed[0].get_xdata()) == [71, 71]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["one period: n = 71..82", "preperiod ends: n = 71"]


def test_plot_dots_can_be_read_at_any_length(tmp_path):
    # Issue 74: 1,000 heaps were drawn as dots of 1.5 points squared (about 1 pixel wide at 100 dpi).
    for to, least, most in [(10, 4.9, 5.0), (200, 2.5, 5.0), (1000, 2.5, 2.5), (100000, 2.5, 2.5)]:
        fig = grundy.plot("kayles", to=to)
        (size,) = set(fig.axes[0].collections[-1].get_sizes())
        assert least**2 <= size <= most**2, (to, size)
    # Wider where there is room: 100 heaps get larger dots than 1,000.
    sizes = [grundy.plot("kayles", to=to).axes[0].collections[-1].get_sizes()[0] for to in (100, 1000)]
    assert sizes[0] > sizes[1]
    grundy.plot("octal:0.16", to=1000).savefig(tmp_path / "plot.png", dpi=100)
    if os.environ.get("GRUNDY_ARTIFACTS"):
        grundy.plot("octal:0.16", to=1000).savefig(os.path.join(os.environ["GRUNDY_ARTIFACTS"], "plot-0.16.png"), dpi=100)


def test_plot_keys_say_what_is_true_of_nim_and_of_a_period_from_0():
    # Issue 50, item 11: nim's keys read "one period: n = 0..0" and "preperiod ends: n = 0", as
    # `grundy plot` wrote them. Nim's values never repeat, and a preperiod of 0 is none.
    ax = grundy.plot("nim", to=300).axes[0]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["G(n + 1) = G(n) + 1; shaded: n = 0"]
    assert [line for line in ax.get_lines() if line.get_linestyle() == "--"] == []
    ax = grundy.plot("subtraction:1-3", to=300).axes[0]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["one period: n = 0..3"]


def test_plot_of_octal_016_to_2_20_marks_its_proven_period():
    fig = grundy.plot("octal:0.16", to=2**20)
    title = fig.axes[0].get_title()
    assert "period 149459 from n = 105351: proven" in title
    assert len(scatter_points(fig)) == 2**20 + 1


def test_plot_says_what_is_not_proven_and_draws_into_given_axes():
    from matplotlib.figure import Figure
    fig = Figure()
    ax = fig.subplots()
    assert grundy.plot("grundy-game", to=300, ax=ax) is fig
    assert ax.get_title().endswith("no period or self-similar rule fits G(0..100000)")
    assert ax.get_legend() is None
    # max_heap bounds the search for the rule (at least to the last heap drawn).
    bounded = grundy.plot("grundy-game", to=300, max_heap=5000).axes[0].get_title()
    assert bounded.endswith("no period or self-similar rule fits G(0..5000)")
    assert grundy.plot("octal:0.4", to=300, max_heap=1000).axes[0].get_title().endswith(
        "period 34 from n = 54: proven (checked to n = 177)")
    self_similar = grundy.plot("division:2-6", to=500).axes[0].get_title()
    assert self_similar.endswith("G(n) = G(floor(n/12)) from n = 6: proven (checked to n = 36)")


@pytest.mark.parametrize("args, error, words", [
    (("cram",), ValueError, "not played on heap sizes"),
    (("kayles", -1), ValueError, "to=-1"),
    (("kayles", True), ValueError, "to=True"),
    (("kayles", 2**24), ValueError, "up to heap 16777215 at most"),
    ((7,), TypeError, "spec"),
    (("kaylse",), ValueError, "did you mean 'kayles'"),
    (("kayles", 10, 0), ValueError, "max_heap=0: zero examines nothing"),
    (("kayles", 10, -5), ValueError, "max_heap=-5"),
    (("kayles", 10, 2**40), ValueError, "max_heap=1099511627776: too large"),
])
def test_plot_refuses_what_it_cannot_draw(args, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(")):
        grundy.plot(*args[:2], **({"max_heap": args[2]} if len(args) > 2 else {}))


def test_moves_and_patterns_show_themselves_in_a_notebook():
    html = grundy.moves("nim", 3, 4, 5)._repr_html_()
    assert html.startswith("<table>") and "first player wins; 1 winning move" in html
    assert "<td>nim</td><td>3</td><td>1</td>" in html
    assert "second player wins" in grundy.moves("nim", 3, 3)._repr_html_()
    cut = grundy.moves("coprime", 97, limit=2)._repr_html_()
    assert "the list was cut" in cut
    p = grundy.pattern("kayles")._repr_html_()
    assert "pattern of octal:0.77" in p and "G(n + 12) = G(n) for every n ≥ 71" in p and "theorem" in p
    none = grundy.pattern("grundy-game")._repr_html_()
    assert "<td>proven</td><td>no</td>" in none and "<td>why</td>" in none and "<td>try</td>" in none


def test_html_escapes_what_it_shows():
    class Weird(grundy.Game):
        name = "<b>weird</b>"

        def moves(self, n):
            return [n - 1] if n > 0 else []

    html = grundy.moves(Weird(), 1)._repr_html_()
    assert "<b>" not in html and "&lt;b&gt;weird&lt;/b&gt;" in html


class Take134(grundy.Game):
    def moves(self, n):
        return [n - k for k in (1, 3, 4) if k <= n]


def test_a_move_of_a_python_game_names_the_game_not_an_address():
    (move,) = grundy.moves(Take134(), 1)
    assert repr(move) == "Move(component=0, game=<Take134>, position=1, to=0)"

    class Named(Take134):
        name = "take 1, 3 or 4"

    assert "game=<take 1, 3 or 4>" in repr(grundy.moves(Named(), 1)[0])
    assert repr(grundy.moves("nim", 3, 4, 5)[0]) == "Move(component=0, game='nim', position=3, to=1)"


# A task that shows progress however fast the machine: GRUNDY_PROGRESS_AFTER=0
# (docs/cli.md) shows it from the start, instead of after one second.
LONG = "import grundy; print(grundy.value('grundy-game', 2000000))"
PROGRESS_AT_ONCE = dict(os.environ, GRUNDY_PROGRESS_AFTER="0")


def test_long_calls_show_progress_on_a_terminal_only():
    # Piped: nothing on stderr.
    piped = subprocess.run([sys.executable, "-c", LONG], capture_output=True, text=True, timeout=300,
                           env=PROGRESS_AT_ONCE)
    assert piped.returncode == 0 and piped.stderr == ""
    # On a terminal (a pseudo-terminal for stderr): the self-updating line.
    master, slave = pty.openpty()
    run = subprocess.Popen([sys.executable, "-c", LONG], stdout=subprocess.PIPE, stderr=slave, env=PROGRESS_AT_ONCE)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    out, _ = run.communicate(timeout=300)
    os.close(master)
    assert run.returncode == 0 and out.strip().isdigit()
    assert b"grundy-game" in seen and b"%" in seen, seen[:300]
