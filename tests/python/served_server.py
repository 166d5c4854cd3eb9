"""`python3 -m grundy serve` for tests: the Server of tests/serve/server.py
(a free loopback port, Ctrl-C at the end) run on the games of
served_games.py."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "serve"))
from server import Server  # noqa: E402


def ServedGame(*words, python=sys.executable):
    """`words`: the sum, as `python3 -m grundy serve` takes it ("served_games:Cram", "('...', '...')").
    It runs in this folder, with PYTHONPATH's folders made absolute."""
    path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in path.split(os.pathsep) if p)
    return Server(None, command=[python, "-m", "grundy", "serve", "--port", "0", *words], cwd=HERE)


def get(server, path):
    """The decoded JSON answer of a GET."""
    status, answer = server.request(path)
    assert status == 200, answer
    return answer
