#!/usr/bin/env python3
"""Print the Markdown summary and table of a census of whole misère quotients.

    python3 scripts/misere_census_table.py ROWS.jsonl

ROWS.jsonl is what `grundy census octal --digits K --misere --resume FILE` appends when no
--max-heap is given (docs/census.md, "Misère play"): one JSON object a line, with "whole" (the
period the periodicity theorem proved) or "stopped_by" (most_heaps, time or size) and
"max_heap", the last heap whose quotient is proven. The output depends on the rows alone, so
that a page made from it can be made again. Bad input ends the script with one line on stderr
and exit status 2. Python 3 standard library only.
"""

import collections
import json
import sys

STOPS = {"time": "budget", "size": "size limits", "most_heaps": "most heaps"}


def fail(message):
    print(f"misere_census_table.py: {message}", file=sys.stderr)
    sys.exit(2)


def read_rows(path):
    rows = []
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as e:
                    fail(f"{path}:{number}:{e.colno}: not a JSON object ({e.msg})")
                if not isinstance(row, dict) or "game" not in row:
                    fail(f"{path}:{number}: expected a census row with a \"game\"")
                rows.append(row)
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    return rows


def code_key(game):
    code = game.split(":", 1)[-1]
    whole, _, digits = code.partition(".")
    return (whole, digits)


def row_cells(row):
    game = row["game"]
    if row.get("kind") != "quotient":
        return [f"`{game}`", "", "", "", "", row.get("kind", "?"), ""]
    whole = row.get("whole")
    kind = "tame" if row.get("tame") else "wild"
    period = f"{whole['period']} from {whole['preperiod']}" if whole else ""
    proven = f"whole ({whole['checked_to']})" if whole else f"to heap {row['max_heap']}"
    stop = "" if whole else STOPS.get(row.get("stopped_by"), str(row.get("stopped_by")))
    return [f"`{game}`", f"{row['size']:,}", kind, period, proven, stop, f"{row['seconds']:.2f}"]


def main():
    if len(sys.argv) != 2:
        fail("expected one argument: the census's rows (a .jsonl file)")
    rows = sorted(read_rows(sys.argv[1]), key=lambda r: code_key(r["game"]))
    if not rows:
        fail(f"{sys.argv[1]}: no rows")
    quotients = [r for r in rows if r.get("kind") == "quotient"]
    whole = [r for r in quotients if r.get("whole")]
    tame = sum(1 for r in whole if r.get("tame"))
    stops = collections.Counter(r.get("stopped_by") for r in quotients if not r.get("whole"))
    others = collections.Counter(r.get("kind") for r in rows if r.get("kind") != "quotient")
    first = quotients[0] if quotients else rows[0]
    print(f"{len(rows)} games (at most {first.get('most_heaps')} heaps and {first.get('budget')} s of "
          f"core time a game): **{len(whole)} proven whole**, {tame} tame and {len(whole) - tame} wild.")
    if stops:
        order = list(STOPS)
        ranked = sorted(stops.items(), key=lambda kv: (-kv[1], order.index(kv[0]) if kv[0] in order else len(order)))
        parts = [f"{n} by the {STOPS.get(k, k)}" for k, n in ranked]
        print(f"Stopped short of a proof: {', '.join(parts)}.")
    if others:
        print("Without a quotient: " + ", ".join(f"{n} {k}" for k, n in sorted(others.items())) + ".")
    if whole:
        largest = max(whole, key=lambda r: r["size"])
        longest = max(whole, key=lambda r: r["whole"]["checked_to"])
        slowest = max(whole, key=lambda r: r["seconds"])
        print(f"Largest proven quotient: `{largest['game']}`, {largest['size']:,} elements. Latest proof: "
              f"`{longest['game']}`, at heap {longest['whole']['checked_to']}. Slowest proof: "
              f"`{slowest['game']}`, {slowest['seconds']:.2f} s.")
    print()
    header = ["game", "elements", "", "pretending period", "proven", "stopped by", "seconds"]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(["---"] * len(header)) + "|")
    for row in rows:
        print("| " + " | ".join(row_cells(row)) + " |")


if __name__ == "__main__":
    main()
