"""Shared by the Python module's tests (run by ctest: tests/CMakeLists.txt).

GRUNDY_CLI names the command-line binary the answers are compared with;
PYTHONPATH holds the package built beside it (build/<preset>/python)."""

import json
import os
import pathlib
import subprocess

import pytest

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"
LOOPY_GRAPH = DATA / "graphs" / "loopy.txt"

# The sanitizer build loads its runtimes into the interpreter
# (tests/CMakeLists.txt): a computation there is ten to fifty times slower,
# so long ones run a smaller case of the same code.
SANITIZED = "libasan" in os.environ.get("LD_PRELOAD", "")


def cli_path() -> str:
    path = os.environ.get("GRUNDY_CLI")
    if not path:
        pytest.skip("GRUNDY_CLI is not set (ctest sets it)")
    return path


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([cli_path(), *args], capture_output=True, text=True, timeout=120)


def cli_json(*args: str):
    done = run_cli(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def cli_error(*args: str) -> str:
    """The CLI's message for bad arguments, without its 'grundy: error: ' prefix."""
    done = run_cli(*args)
    assert done.returncode == 2, (args, done.stdout, done.stderr)
    line = done.stderr.strip().splitlines()[0]
    prefix = "grundy: error: "
    assert line.startswith(prefix), line
    return line[len(prefix):]


def mex(values) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m
