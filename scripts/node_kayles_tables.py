#!/usr/bin/env python3
"""Print the Markdown tables of docs/games/node-kayles.md from the committed TSV files.

    python3 scripts/node_kayles_tables.py grids GRIDS.tsv
    python3 scripts/node_kayles_tables.py grids-checked GRIDS.tsv CHECK.tsv ROWS PUBLISHED
    python3 scripts/node_kayles_tables.py petersen-checked PETERSEN.tsv CHECK.tsv K PUBLISHED

grids: every grid of GRIDS.tsv (what scripts/node-kayles-grids.sh writes: rows, columns,
vertices, value, processor seconds, peak MiB), one table row for each number of rows: the
values in order of columns, their times, and the first grid cut off by its timeout.

grids-checked: the ROWS x n grids past the PUBLISHED terms of their sequence that both grundy
(GRIDS.tsv) and the independent program (CHECK.tsv: rows, columns, value, pieces, seconds; what
scripts/independent/check-node-kayles-grids.sh writes) have valued, then one line naming
grundy's values that still await the check. petersen-checked: the same for GP(n, K) from
PETERSEN.tsv (n, k, vertices, value, seconds, peak MiB) and CHECK.tsv (n, vertices, value,
seconds, pieces).

The output depends on the files alone, so that the page can be made again (its test compares).
A value on which the two programs disagree ends the script with exit status 1; bad input with
one line on stderr and exit status 2. Python 3 standard library only.
"""

import sys


class Failure(Exception):
    def __init__(self, message, status=2):
        super().__init__(message)
        self.status = status


def read_tsv(path, columns):
    """The rows of a TSV file with the header `columns`, each a dict of strings."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise Failure(f"{path}: {e.strerror}")
    if not lines or lines[0].split("\t") != columns:
        raise Failure(f"{path}:1: expected the header {' '.join(columns)}")
    rows = []
    for number, line in enumerate(lines[1:], 2):
        cells = line.split("\t")
        if len(cells) != len(columns):
            raise Failure(f"{path}:{number}: expected {len(columns)} cells separated by tabs, found {len(cells)}")
        row = dict(zip(columns, cells))
        row["_where"] = f"{path}:{number}"
        rows.append(row)
    return rows


def integer(row, column):
    try:
        return int(row[column])
    except ValueError:
        raise Failure(f"{row['_where']}: {column} '{row[column]}' is not an integer")


def number(row, column):
    try:
        return float(row[column])
    except ValueError:
        raise Failure(f"{row['_where']}: {column} '{row[column]}' is not a number")


def figures(s):
    """0.57, 12.6, 1,249: two decimals below 10, one below 100, none above (rounded first, so
    that 9.996 is 10.0, not 10.00)."""
    if round(s, 2) < 10:
        return f"{s:.2f}"
    if round(s, 1) < 100:
        return f"{s:.1f}"
    return f"{round(s):,}"


def seconds(s):
    return f"{figures(s)} s"


def value_cell(row):
    """A value, or None for a grid cut off ('-', its seconds '>TIMEOUT')."""
    if row["value"] == "-":
        if not (row["seconds"].startswith(">") and row["seconds"][1:].isdigit()):
            raise Failure(f"{row['_where']}: a grid cut off ('-') has seconds '>TIMEOUT', not '{row['seconds']}'")
        return None
    return integer(row, "value")


def keyed(rows, key, where_from):
    """The rows by key; two rows for one key must agree on the value (else a disagreement)."""
    out = {}
    for row in rows:
        k = key(row)
        if k in out and out[k]["value"] != row["value"]:
            raise Failure(f"{out[k]['_where']} and {row['_where']}: {where_from} gives two values, "
                          f"{out[k]['value']} and {row['value']}, for one graph", status=1)
        out[k] = row
    return out


GRID_COLUMNS = ["rows", "columns", "vertices", "value", "seconds", "peak_mib"]
GRID_CHECK_COLUMNS = ["rows", "columns", "value", "pieces", "seconds"]
PETERSEN_COLUMNS = ["n", "k", "vertices", "value", "seconds", "peak_mib"]
PETERSEN_CHECK_COLUMNS = ["n", "vertices", "value", "seconds", "pieces"]


def ranges(numbers):
    """3 to 5, 9, 11 to 12: sorted numbers, runs joined."""
    runs = []
    for x in numbers:
        if runs and x == runs[-1][1] + 1:
            runs[-1][1] = x
        else:
            runs.append([x, x])
    return ", ".join(f"{a}" if a == b else f"{a} to {b}" for a, b in runs)


def grids_table(path):
    by_grid = keyed(read_tsv(path, GRID_COLUMNS), lambda r: (integer(r, "rows"), integer(r, "columns")),
                    "grundy's table")
    by_rows = {}
    for (m, n), row in by_grid.items():
        value_cell(row)
        by_rows.setdefault(m, {})[n] = row
    out = ["| rows | columns | values, in order of columns | processor seconds, in the same order | first grid cut off |",
           "|---|---|---|---|---|"]
    for m in sorted(by_rows):
        done = [(n, r) for n, r in sorted(by_rows[m].items()) if r["value"] != "-"]
        cut = [(n, r) for n, r in sorted(by_rows[m].items()) if r["value"] == "-"]
        values = ", ".join(r["value"] for _, r in done)
        times = [number(r, "seconds") for _, r in done]
        if times and max(times) < 0.1:
            timing = f"at most {max(times):.2f} each"
        else:
            timing = ", ".join(figures(t) for t in times)
        span = ranges([n for n, _ in done])
        first_cut = ""
        if cut:
            n, r = cut[0]
            first_cut = f"{m} × {n}: not finished in {r['seconds'].lstrip('>')} s"
        out.append(f"| {m} | {span} | {values} | {timing} | {first_cut} |")
    return out


def checked_table(ours, theirs, label, published, name):
    """Rows where both programs have a value past `published`; a disagreement fails."""
    out = [f"| {name} | value (grundy) | grundy's processor time | the independent program |",
           "|---|---|---|---|"]
    awaiting = []
    for key in sorted(ours):
        if key <= published or value_cell(ours[key]) is None:
            continue
        mine = ours[key]
        if key not in theirs:
            awaiting.append(f"{label(key)} = {mine['value']}")
            continue
        check = theirs[key]
        if integer(mine, "value") != integer(check, "value"):
            raise Failure(f"{label(key)}: grundy gives {mine['value']} ({mine['_where']}), the independent program "
                          f"{check['value']} ({check['_where']})", status=1)
        out.append(f"| {label(key)} | {mine['value']} | {seconds(number(mine, 'seconds'))} | "
                   f"{check['value']} ({integer(check, 'pieces'):,} pieces, {seconds(number(check, 'seconds'))}) |")
    out.append("")
    if awaiting:
        out.append(f"grundy's values that await the independent program: {', '.join(awaiting)}.")
    else:
        out.append("Every value grundy gives past the published terms is confirmed.")
    return out


def grids_checked(grids, check, m, published):
    ours = keyed([r for r in read_tsv(grids, GRID_COLUMNS) if integer(r, "rows") == m],
                 lambda r: integer(r, "columns"), "grundy's table")
    theirs = keyed([r for r in read_tsv(check, GRID_CHECK_COLUMNS) if integer(r, "rows") == m],
                   lambda r: integer(r, "columns"), "the independent program")
    return checked_table(ours, theirs, lambda n: f"{m} × {n}", published, "grid")


def petersen_checked(petersen, check, k, published):
    # The check's file has no k column: its rows are GP(n, 2), the program's default.
    if k != 2:
        raise Failure(f"K = {k}: the check's file holds GP(n, 2) only (it has no k column)")
    ours = keyed([r for r in read_tsv(petersen, PETERSEN_COLUMNS) if integer(r, "k") == k],
                 lambda r: integer(r, "n"), "grundy's table")
    theirs = keyed(read_tsv(check, PETERSEN_CHECK_COLUMNS), lambda r: integer(r, "n"), "the independent program")
    return checked_table(ours, theirs, lambda n: f"GP({n}, {k})", published, "graph")


def count(word, what):
    try:
        return int(word)
    except ValueError:
        raise Failure(f"{what} '{word}' is not an integer")


def main(argv):
    usage = ("usage: node_kayles_tables.py grids GRIDS.tsv | grids-checked GRIDS.tsv CHECK.tsv ROWS PUBLISHED"
             " | petersen-checked PETERSEN.tsv CHECK.tsv K PUBLISHED")
    if len(argv) == 2 and argv[0] == "grids":
        lines = grids_table(argv[1])
    elif len(argv) == 5 and argv[0] == "grids-checked":
        lines = grids_checked(argv[1], argv[2], count(argv[3], "ROWS"), count(argv[4], "PUBLISHED"))
    elif len(argv) == 5 and argv[0] == "petersen-checked":
        lines = petersen_checked(argv[1], argv[2], count(argv[3], "K"), count(argv[4], "PUBLISHED"))
    else:
        raise Failure(usage)
    print("\n".join(lines))


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except Failure as e:
        print(f"node_kayles_tables.py: {e}", file=sys.stderr)
        sys.exit(e.status)
