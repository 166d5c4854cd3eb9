#!/usr/bin/env python3
"""Speed of the Python module (docs/python.md, "Speed"): medians of --runs.

1. Games written in Python, 10^6 positions (a subtraction game, the halving
   game, a grid of tuples): grundy.solve against the cost of
   calling its moves() once per position in a plain loop (the floor any
   solver has to pay), and against a pure-Python memoised mex (bottom-up: the
   recursive one hits RecursionError long before 10^6 deep).
2. A built-in game: grundy.values("octal:0.137", range(10^6)) in a fresh process against the CLI
   (`grundy table octal:0.137 --to 999999 --json`), and a pure-Python mex of
   the same rule on small sizes (quadratic: its 10^6 is extrapolated).

Usage: PYTHONPATH=build/release/python python3 bench/python/speed.py build/release/apps/grundy/grundy
"""

import argparse
import functools
import statistics
import subprocess
import sys
import time

import grundy


class Subtraction134:
    def moves(self, n):
        return [n - k for k in (1, 3, 4) if k <= n]


class Halving:
    """n -> n-1, n-4, and n/2 when n is even: options far from n (issue 33's case)."""

    def moves(self, n):
        out = [n - k for k in (1, 4) if k <= n]
        if n % 2 == 0 and n > 0:
            out.append(n // 2)
        return out


class Grid:
    """A queen-less corner game on a 1000 x 1000 board: tuple positions."""

    def moves(self, p):
        a, b = p
        out = []
        if a:
            out.append((a - 1, b))
        if b:
            out.append((a, b - 1))
        if a and b:
            out.append((a - 1, b - 1))
        return out


def median_time(f, runs):
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def python_game(name, make, positions, start, runs):
    def plain_loop():
        g = make()
        for p in positions:
            g.moves(p)

    def engine():
        return grundy.solve(make(), start)

    def pure_mex():
        g = make()
        memo = {}
        for p in positions:  # in an order where every option comes first
            seen = {memo[q] for q in g.moves(p)}
            m = 0
            while m in seen:
                m += 1
            memo[p] = m
        return memo[start]

    def recursive_mex():
        g = make()

        @functools.lru_cache(maxsize=None)
        def value(p):
            seen = {value(q) for q in g.moves(p)}
            m = 0
            while m in seen:
                m += 1
            return m

        try:
            return value(start)
        except RecursionError:
            return "RecursionError"

    loop_s, _ = median_time(plain_loop, runs)
    solve_s, value = median_time(engine, runs)
    mex_s, mex_value = median_time(pure_mex, runs)
    assert value == mex_value, (value, mex_value)
    print(f"{name}: {len(positions):,} positions, value {value}")
    print(f"  moves() once per position, plain loop: {loop_s:.3f} s")
    print(f"  grundy.solve:                          {solve_s:.3f} s  ({solve_s / loop_s:.2f}x the loop)")
    print(f"  pure-Python memoised mex (bottom-up):  {mex_s:.3f} s  ({mex_s / loop_s:.2f}x the loop)")
    print(f"  pure-Python recursive mex (lru_cache): {recursive_mex()}")


def octal_0137_pure(n_max):
    """G(0..n_max) of octal 0.137 by the textbook mex: O(n^2)."""
    g = [0] * (n_max + 1)
    for n in range(1, n_max + 1):
        seen = set()
        if n == 1:
            seen.add(0)  # digit 1: take 1, only the whole heap
        if n == 2:
            seen.add(0)  # digit 3: take 2, leaving 0 or 1 heap
        elif n > 2:
            seen.add(g[n - 2])
        if n == 3:
            seen.add(0)  # digit 7: take 3, leaving 0, 1 or 2 heaps
        elif n > 3:
            seen.add(g[n - 3])
            for a in range(1, (n - 3) // 2 + 1):
                seen.add(g[a] ^ g[n - 3 - a])
        m = 0
        while m in seen:
            m += 1
        g[n] = m
    return g


FRESH_VALUES = """
import time, grundy
grundy.values("nim", [0])  # NumPy is imported at the first call: not what is timed
start = time.perf_counter()
grundy.values("octal:0.137", range(10**6))
print(time.perf_counter() - start)
"""


def built_in(cli, runs):
    n = 10**6
    # Each run in a fresh process: the module keeps a game's table between
    # calls, and a second call would only read it.
    inside = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", FRESH_VALUES], check=True, capture_output=True, text=True)
        inside.append(float(done.stdout))
    values_s = statistics.median(inside)
    process_s, _ = median_time(lambda: subprocess.run([sys.executable, "-c", FRESH_VALUES], check=True,
                                                      stdout=subprocess.DEVNULL), runs)
    cli_s, _ = median_time(lambda: subprocess.run([cli, "table", "octal:0.137", "--to", str(n - 1), "--json"],
                                                  check=True, stdout=subprocess.DEVNULL), runs)
    values = grundy.values("octal:0.137", range(n))
    small = [2000, 4000]
    pure = []
    for m in small:
        s, g = median_time(lambda m=m: octal_0137_pure(m - 1), runs)
        assert g == [int(v) for v in values[:m]], "the pure-Python mex disagrees"
        pure.append(s)
    hours = pure[-1] * (n / small[-1]) ** 2 / 3600
    print(f"octal:0.137, G(0..{n - 1:,}):")
    print(f"  grundy.values, first call:            {values_s:.3f} s")
    print(f"  python3 -c 'import grundy; values...': {process_s:.3f} s  (the whole process)")
    print(f"  grundy table --json (the whole CLI):   {cli_s:.3f} s  (Python process / CLI = {process_s / cli_s:.2f}x)")
    for m, s in zip(small, pure):
        print(f"  pure-Python mex to {m:,}: {s:.3f} s")
    print(f"  pure-Python mex to 10^6, extrapolated (x{(n / small[-1]) ** 2:,.0f}): about {hours:.1f} hours")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cli", help="the grundy binary, for the comparison with the command line")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, grundy module {grundy.__file__}")
    n = 10**6
    python_game("subtraction {1,3,4} written in Python", Subtraction134, range(n + 1), n, args.runs)
    python_game("halving game (n-1, n-4, n/2) written in Python", Halving, range(n + 1), n, args.runs)
    side = 1000
    cells = [(a, b) for a in range(side) for b in range(side)]
    python_game("Grid game, tuple positions", Grid, cells, (side - 1, side - 1), args.runs)
    built_in(args.cli, args.runs)


if __name__ == "__main__":
    main()
