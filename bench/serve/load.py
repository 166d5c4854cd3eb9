"""Load test of `grundy serve` on loopback: many games at once, bounded in
requests and in time. Each client plays whole games against the engine
(engine-move for both sides, with an analyze before each move, as the page's
Hint and Show values do), on keep-alive connections, and checks every answer.

Usage: load.py GRUNDY [--clients N] [--requests N] [--seconds S]
Prints requests per second and the latency percentiles; exit status 1 when
an answer was wrong or an error came back.
"""

import argparse
import http.client
import json
import os
import random
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "serve"))
from server import Server  # noqa: E402

POSITIONS = ["nim 3 4 5", "nim 7 11 13 2", "kayles 12 + nim 3", "subtraction:1,3,4 40", "octal:0.137 20",
             "division:2-6 1000000 + coprime 1000", "grundy-game 14", "nim 100 200 300 + dawson-kayles 9"]


def client(port, budget, deadline, seed, latencies, failures):
    rng = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def post(route, body):
        start = time.perf_counter()
        conn.request("POST", route, json.dumps(body), {"Content-Type": "application/json"})
        r = conn.getresponse()
        answer = json.loads(r.read())
        latencies.append(time.perf_counter() - start)
        if r.status != 200:
            failures.append(f"{route} {body}: {r.status} {answer}")
        return answer

    try:
        play(post, rng, budget, deadline, failures)
    except (OSError, http.client.HTTPException, ValueError) as e:  # a refused or cut connection, a broken answer
        failures.append(f"client {seed}: {e!r}")
    conn.close()


def play(post, rng, budget, deadline, failures):
    done = 0
    while done < budget and time.monotonic() < deadline:
        position, over = rng.choice(POSITIONS), False
        while not over and done < budget and time.monotonic() < deadline:
            analysis = post("/api/analyze", {"position": position})
            move = post("/api/engine-move", {"position": position, "seed": rng.randrange(2**63)})
            done += 2
            if analysis.get("winner") == "first" and move.get("move") not in analysis.get("moves", []):
                failures.append(f"{position}: the engine missed the win ({move})")
            position, over = move.get("position", position), move.get("over", True)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("grundy")
    p.add_argument("--clients", type=int, default=32)
    p.add_argument("--requests", type=int, default=20000, help="in all, shared by the clients")
    p.add_argument("--seconds", type=float, default=60)
    a = p.parse_args()
    server = Server(a.grundy)
    latencies, failures = [], []
    deadline = time.monotonic() + a.seconds
    threads = [threading.Thread(target=client, args=(server.port, a.requests // a.clients, deadline, i, latencies,
                                                     failures)) for i in range(a.clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    if server.process.poll() is not None:
        failures.append(f"the server ended during the test (status {server.process.returncode})")
    server.stop()
    latencies.sort()
    n = len(latencies)

    def pct(q):
        return latencies[min(n - 1, int(q * n))] * 1000

    print(f"{a.clients} clients, {n} requests in {elapsed:.2f} s: {n / elapsed:.0f} requests/s; "
          f"latency p50 {pct(0.50):.2f} ms, p90 {pct(0.90):.2f} ms, p99 {pct(0.99):.2f} ms, max {latencies[-1] * 1000:.2f} ms")
    for f in failures[:10]:
        print("failure:", f)
    return 1 if failures or n == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
