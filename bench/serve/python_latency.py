"""Latency of grundy.serve (a game written in Python in the server's
workers) against `grundy serve` on a built-in game: /api/engine-move,
sequential requests, median and 95th percentile (issue 53).

Usage: PYTHONPATH=build/release/python python3 bench/serve/python_latency.py build/release/apps/grundy/grundy [N]
"""

import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "python"))
from served_server import ServedGame, Server  # noqa: E402


def latency(server, position, n):
    times = []
    for _ in range(n):
        start = time.perf_counter()
        status, answer = server.post("/api/engine-move", {"position": position})
        times.append(time.perf_counter() - start)
        assert status == 200, answer
    times.sort()
    return statistics.median(times) * 1000, times[int(0.95 * n)] * 1000


def main():
    grundy = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    python_server = ServedGame("served_games:TwoRows", "(5,7)", "+", "nim", "3")
    cli_server = Server(grundy)
    try:
        for name, server, position in [
            ("grundy.serve, python:TwoRows (5,7) + nim 3", python_server, "python:TwoRows (5,7) + nim 3"),
            ("grundy.serve, nim 5 7 3", python_server, "nim 5 7 3"),
            ("grundy serve (the CLI), nim 5 7 3", cli_server, "nim 5 7 3"),
            ("grundy.serve, python:TwoRows (40,40), new to the workers", python_server, "python:TwoRows (40,40)"),
        ]:
            median, p95 = latency(server, position, n)
            print(f"{name}: median {median:.2f} ms, 95th percentile {p95:.2f} ms ({n} requests)")
    finally:
        python_server.stop()
        cli_server.stop()


if __name__ == "__main__":
    main()
