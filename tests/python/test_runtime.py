"""Ctrl-C and threads around long built-in computations."""

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import grundy
from conftest import SANITIZED, cli_json

# Far enough to take many seconds on any machine (the table to 4 * 10^8).
LONG = ("octal:0.1777", 400_000_000)

INTERRUPTED_SCRIPT = textwrap.dedent("""
    import sys
    import grundy
    print("ready", flush=True)
    try:
        if sys.argv[1] == "value":
            grundy.value("octal:0.1777", 400_000_000)
        else:
            grundy.pattern("octal:0.1777", max_heap=268435456)
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    print(grundy.value("octal:0.1777", 1000), grundy.value("kayles", 10), flush=True)
""")


def run_interrupted(kind):
    child = subprocess.Popen([sys.executable, "-c", INTERRUPTED_SCRIPT, kind], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=os.environ.copy())
    assert child.stdout.readline() == "ready\n"
    time.sleep(1.0)  # well inside the computation
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    return child.returncode, out, err


def test_ctrl_c_stops_a_long_value_with_keyboard_interrupt():
    code, out, err = run_interrupted("value")
    expected = cli_json("value", "octal:0.1777", "1000")["values"][0]
    assert (code, out) == (0, f"interrupted\n{expected} 2\n"), err


def test_ctrl_c_stops_a_pattern_search():
    code, out, err = run_interrupted("pattern")
    assert code == 0 and out.startswith("interrupted\n"), (out, err)


# Values past the SIGINT sent after half a second.
IGNORED_SIGINT_HEAP = 1_000_000 if SANITIZED else 3_000_000


def test_an_ignored_sigint_is_still_ignored():
    script = textwrap.dedent("""
        import signal, os, threading, grundy
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        print(grundy.value("octal:0.1777", HEAP))
    """).replace("HEAP", str(IGNORED_SIGINT_HEAP))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == cli_json("value", "octal:0.1777", str(IGNORED_SIGINT_HEAP))["values"][0]


def test_other_threads_run_while_a_built_in_computation_does():
    # A computation of a few seconds holding the GIL would let the main
    # thread take almost no turns; released, it takes one per millisecond.
    finished = threading.Event()

    def compute():
        grundy.values("octal:0.1777", [2_000_000 if SANITIZED else 20_000_000])
        finished.set()

    worker = threading.Thread(target=compute)
    worker.start()
    turns = 0
    while not finished.is_set():
        time.sleep(0.001)
        turns += 1
    worker.join()
    assert turns >= 20


# Another interpreter than the one grundy was built for (pyenv's python3
# first on PATH, say): the import names both (issue 50, item 8). Simulated
# with a copy of the package whose compiled module claims CPython 3.99.
def test_a_module_built_for_another_python_names_both_interpreters(tmp_path):
    import glob
    import shutil

    package = os.path.dirname(grundy.__file__)
    copy = tmp_path / "grundy"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    (built,) = glob.glob(str(copy / "_core*.so"))
    os.rename(built, copy / "_core.cpython-399-x86_64-linux-gnu.so")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", "import grundy"], env=env, capture_output=True, text=True)
    assert r.returncode != 0
    last = r.stderr.strip().splitlines()[-1]
    assert "grundy's compiled module (_core.cpython-399-x86_64-linux-gnu.so) was built for" in last
    assert f"this is Python {sys.version_info.major}.{sys.version_info.minor} ({sys.executable})" in last
    assert "circular import" not in last.split("[")[0]
    # The message names the interpreter the build was for, when it knows it.
    from grundy import _build_info
    assert _build_info.PYTHON in last


def test_a_missing_matplotlib_is_named_for_this_interpreter():
    script = "import sys; sys.modules['matplotlib'] = None\nimport grundy\ngrundy.plot('kayles', 10)"
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert r.returncode != 0
    assert f"which this Python ({sys.executable}) cannot import" in r.stderr
