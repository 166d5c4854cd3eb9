#!/usr/bin/env python3
"""Check that every period a deeper pass proves is listed with its evidence.

    python3 scripts/census_claims.py docs/census/claims.tsv docs/census/octal-3.jsonl docs/census/octal-4.jsonl

A deeper pass (docs/census.md, "A deeper pass") may prove a period that no source we hold lists;
such a period is a claim, stated only once a program sharing no code with grundy confirms it
(scripts/independent/check-period.sh). CLAIMS.tsv lists, one code a line, every period the
deeper passes have proven (rows with "deepened_from" and "proven": true): its preperiod and
period, and its evidence: `source` (a list that gives the same period) or `confirmed` (the
independent check, with its command, and its figures where they were recorded, in the detail).

Exit status 0 when every such row has a line with its preperiod and period; 1 when one has none,
or another period (each named, with the command that checks it); 2 for bad input (a line or a
row not well formed, named by file and line). Python 3 standard library only.
"""

import argparse
import json
import re
import sys

PROG = "census_claims.py"
EVIDENCE = ("source", "confirmed")
CODE = re.compile(r"^[04]\.[0-7]+$")


class Failure(Exception):
    pass


def read_lines(path):
    """The lines of a UTF-8 text file; Failure naming it if it cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().split("\n")
    except (OSError, UnicodeDecodeError) as err:
        raise Failure(f"cannot read {path}: {getattr(err, 'strerror', None) or err}")


def read_claims(path):
    """{code: (preperiod, period, evidence, detail, line)} from the TSV."""
    lines = read_lines(path)
    claims, header = {}, False
    for number, line in enumerate(lines, 1):
        if not line or line.startswith("#"):
            continue
        cells = line.split("\t")
        where = f"{path}:{number}"
        if not header:
            if cells != ["code", "preperiod", "period", "evidence", "detail"]:
                raise Failure(f"{where}: expected the header code, preperiod, period, evidence, detail")
            header = True
            continue
        if len(cells) != 5:
            raise Failure(f"{where}: expected 5 cells separated by tabs, found {len(cells)}")
        code, e, p, evidence, detail = cells
        if not CODE.match(code):
            raise Failure(f"{where}: {code!r} is not an octal code such as 0.1146")
        if not (e.isdigit() and p.isdigit() and int(p) > 0):
            raise Failure(f"{where}: the preperiod and period must be whole numbers, the period positive")
        if evidence not in EVIDENCE:
            raise Failure(f"{where}: evidence {evidence!r} is not one of {', '.join(EVIDENCE)}")
        if not detail.strip():
            raise Failure(f"{where}: no detail: name the source, or the check's command and figures")
        if code in claims:
            raise Failure(f"{where}: a second line for {code} (the first is line {claims[code][4]})")
        claims[code] = (int(e), int(p), evidence, detail, number)
    if not header:
        raise Failure(f"{path}: no header line")
    return claims


def proven_deeper_rows(path):
    """[(code, preperiod, period, rare mask or None, line)] of the rows a deeper pass proved periodic."""
    lines = read_lines(path)
    found = []
    for number, line in enumerate(lines, 1):
        if not line:
            continue
        try:
            row = json.loads(line)
        except ValueError:
            raise Failure(f"{path}:{number}: not a JSON object")
        if not isinstance(row, dict) or not isinstance(row.get("game"), str):
            raise Failure(f"{path}:{number}: not a census row (no \"game\")")
        if "deepened_from" not in row or row.get("proven") is not True:
            continue
        e, p = row.get("preperiod"), row.get("period")
        if not (isinstance(e, int) and isinstance(p, int)) or isinstance(e, bool) or isinstance(p, bool):
            raise Failure(f"{path}:{number}: {row['game']} is proven but has no integer preperiod and period")
        mask = row.get("rare_mask")
        found.append((row["game"].removeprefix("octal:"), e, p, mask if isinstance(mask, int) else None, number))
    return found


def main(argv):
    ap = argparse.ArgumentParser(prog=PROG, description="Check that every period a deeper pass proves is listed, "
                                 "with its evidence, in CLAIMS.tsv (docs/census.md, \"Claims and their checks\").")
    ap.add_argument("claims", help="the list of claims (docs/census/claims.tsv)")
    ap.add_argument("census", nargs="+", help="census rows (docs/census/octal-K.jsonl), a deeper pass folded in")
    args = ap.parse_args(argv)
    try:
        claims = read_claims(args.claims)
        problems, counted = [], {}
        for path in args.census:
            for code, e, p, mask, number in proven_deeper_rows(path):
                claim = claims.get(code)
                where = f"{path}:{number}"
                if claim is None:
                    rare = "" if mask is None else f"--rare {mask} "
                    problems.append(f"{where}: octal:{code}, period {p:,} from {e:,}, proven by a deeper pass, has no "
                                    f"line in {args.claims}: confirm it by `bash scripts/independent/check-period.sh "
                                    f"{rare}{code} {e} {p}` (or name a source) and add the line")
                elif (claim[0], claim[1]) != (e, p):
                    problems.append(f"{where}: octal:{code}, period {p:,} from {e:,}, but {args.claims} line {claim[4]} "
                                    f"gives period {claim[1]:,} from {claim[0]:,}")
                else:
                    counted[code] = claim[2]
    except Failure as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"{PROG}: {problem}", file=sys.stderr)
    if problems:
        return 1
    sources = sum(1 for evidence in counted.values() if evidence == "source")
    games = "1 game" if len(counted) == 1 else f"{len(counted)} games"
    print(f"{games} proven periodic by the deeper passes, each listed: {sources} by a source, "
          f"{len(counted) - sources} confirmed by the independent check")
    # Lines whose game no census given proves yet (a check run before the pass reaches the game,
    # or a line mistyped): named, not an error.
    ahead = sorted(code for code in claims if code not in counted)
    if ahead:
        print(f"lines of {args.claims} for games no census given proves yet: {', '.join(ahead)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
