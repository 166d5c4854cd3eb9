#!/usr/bin/env python3
"""Write the Markdown page of an octal census (docs/census/octal-K.md) from its rows.

    python3 scripts/census_page.py ROWS.jsonl --digits K --out docs/census/octal-K.md \\
        [--deeper DEEP.jsonl ...] [--fewer FEWER-DIGITS.jsonl ...]

ROWS.jsonl is what `grundy census octal --digits K --resume FILE` appends (docs/census.md): one
JSON object a line, the object of `grundy pattern octal:CODE --json` plus "seconds", "max_heap"
and, in a row the census copied from a game of equal values, "same_values_as". The file may be
partial (a census still running): the page says how far it has got. A row of a deeper pass
folded into the census (`grundy census --deepen ROWS --merge DEEP --so-far`) holds
"deepened_from", the census's bound, and its own "max_heap".

The page is a summary: the commands that made it, the kinds, computing time and slowest games,
the findings, the games with no period found (one line a group of equal values), and a comparison
with T. Czajka's lists (docs/census/sources/, unchanged copies) and with
tests/data/octal/octal_table.tsv, whose tables list the games that do not simply agree. Each
game's whole row is in the rows file and in the atlas of `grundy serve` (/census, which also draws
each game's values), not on the page.

The page depends only on the rows, the sources and the options: no date,
no timing of this script, and not where --out is (the page always calls itself
docs/census/octal-K.md and links from docs/census/), so that a test can write it elsewhere and
compare it with the committed page byte for byte. Bad input ends the script with one line on
stderr and exit status 2. Python 3 standard library only.
"""

import argparse
import collections
import json
import os
import re
import sys

PROG = "census_page.py"
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE_DIR = os.path.join(REPO, "docs", "census")  # the page's home: its links start here
DEFAULT_SOURCES = os.path.join(PAGE_DIR, "sources")
DEFAULT_TABLE = os.path.join(REPO, "tests", "data", "octal", "octal_table.tsv")
CENSUS_DEFAULT_MAX_HEAP = 1048575  # `grundy census --max-heap`'s default
CENSUS_MAX_DIGITS = 6  # kMaxOctalCensusDigits, include/grundy/games/take_and_break.hpp
# Pattern kinds a normal-play row may have (src/core/pattern.cpp); a misère census's rows
# ("quotient", ...) are another file's business.
KINDS = ("periodic", "arithmetic-periodic", "self-similar", "none")
# What a copied row shares with its source (docs/census.md: equal values at every heap).
COPIED_FIELDS = ("kind", "checked_up_to", "largest_value", "largest_at", "rare_mask", "rare_parity",
                 "rare_heaps", "last_rare")
# How many values of each code the script computes itself from the digit rule, to find the heap
# shift between two codes GameLookup.md calls equivalent and to check his nimber strings.
BRUTE_VALUES = 120
SHIFTS = range(-4, 5)
# The longest table the script computes to check a period the census proves for a game that
# Czajka lists as unsolved (plain mex: quadratic, about a second at this size).
BRUTE_CHECK_LIMIT = 4096
# Evidence gathered by hand, which the script cannot recompute; it is printed with the finding
# of its code, next to what the script does check (the rows, the lists, a brute force).
HAND_CHECKS = {
    "4.344": {
        "preperiod": 998, "period": 51,
        "evidence": ["`grundy pattern octal:CODE` proves preperiod 998, period 51 for each of 4.344, 4.346, "
                     "4.354 and 4.356, by the check G(n + 51) = G(n) for 998 <= n < 2050 = 2e + p + t (t = 3)",
                     "Czajka's own analyzer (his repository's `old/src` at commit 57e893a, built as its README "
                     "says) stops with `Found period start=998 period=51` for `./analyze 4.344`, after its line "
                     "`n=2^12 largest G[190]=35 rare_mask=37 num_rare=14 last_rare=271`"],
    },
    # The three below were found when the census completed (2026-11-27); the brute force is a
    # plain mex over every option in C, O(n^2), written for the check and not kept.
    # Periods a deeper pass proved for games Czajka lists as unsolved, confirmed by the independent
    # program scripts/independent/octal_period_check.cpp (no grundy code) with its rare-value method.
    "0.054": {
        "preperiod": 193235616, "period": 10015179,
        "evidence": ["the independent check `bash scripts/independent/check-period.sh --rare 0x3d 0.054 193235616 "
                     "10015179` (a program sharing no code with grundy) computes G(0..406,501,592) and confirms "
                     "G(n + 10015179) = G(n) for 193235616 <= n < 396486414 = 2e + p + t, and that it fails "
                     "from 193235615 (568 s on one core); the same for 0.056 (565 s), with the same values "
                     "(hash 41c7ab0519e8d5db)"],
    },
    "0.454": {
        "preperiod": 160949019, "period": 60620715,
        "evidence": ["the independent check `bash scripts/independent/check-period.sh --rare 61 0.454 160949019 "
                     "60620715` (a program sharing no code with grundy) computes G(0..443,139,470) and confirms "
                     "G(n + 60620715) = G(n) for 160949019 <= n < 382518756 = 2e + p + t, and that it fails "
                     "from 160949018 (692 s on one core)"],
    },
    "4.064": {
        "preperiod": 94272, "period": 16132,
        "evidence": ["a plain-mex brute force in C confirms G(n + 16132) = G(n) for 94272 <= n < 204679 = "
                     "2e + p + t, and that it fails at n = 94271",
                     "Czajka's own analyzer (built as for 4.344) stops with `Found period start=94272 "
                     "period=16132` for `./analyze 4.064`, after its line `n=2^18 largest G[19114]=111 "
                     "rare_mask=6b num_rare=52 last_rare=470`"],
    },
    "4.364": {
        "preperiod": 11687, "period": 62,
        "evidence": ["a plain-mex brute force in C confirms G(n + 62) = G(n) for 11687 <= n < 23439 = "
                     "2e + p + t, and that it fails at n = 11686",
                     "Czajka's own analyzer stops with `Found period start=11687 period=62` for "
                     "`./analyze 4.364`, after its line `n=2^15 largest G[2141]=33 rare_mask=3e "
                     "num_rare=3032 last_rare=32766`"],
    },
    "4.406": {
        "preperiod": 294097, "period": 44,
        "evidence": ["a plain-mex brute force in C confirms G(n + 44) = G(n) for 294097 <= n < 588241 = "
                     "2e + p + t, and that it fails at n = 294096",
                     "Czajka's own analyzer stops with `Found period start=294097 period=44` for "
                     "`./analyze 4.406`, after its line `n=2^20 largest G[231573]=50 rare_mask=3b "
                     "num_rare=23 last_rare=205`"],
    },
}


class Failure(Exception):
    """An error that ends the script with one line on stderr and exit status 2."""


# ---------------------------------------------------------------------------------------------
# Octal codes and their values


def normal_code(text):
    """'.04' -> '0.04', '4' -> '4.0', '0.040' -> '0.04'; None if not a code d0.d1...dk."""
    text = text.strip()
    if text in ("0", "4"):
        text += ".0"
    if text.startswith("."):
        text = "0" + text
    m = re.fullmatch(r"([04])\.([0-7]+)", text)
    return m and m.group(1) + "." + (m.group(2).rstrip("0") or "0")


def code_digits(code):
    """The digits d0, d1, ..., dk of a normal code (k = 0 for '0.0' and '4.0')."""
    d0, rest = code.split(".")
    return [int(d0)] + ([] if rest == "0" else [int(c) for c in rest])


def census_code(game, digits):
    """'octal:0.45' -> '0.45' when that is how the census names one of its games, else None."""
    if not isinstance(game, str) or not game.startswith("octal:"):
        return None
    code = normal_code(game[len("octal:"):])
    if code is None or game != "octal:" + code or len(code_digits(code)) - 1 > digits:
        return None
    return code


def proof_values(code, e, p):
    """How many values G(0..L-1) the periodicity theorem needs to prove period p from e, as
    grundy applies it (docs/games/octal.md): 2e' + 2p + t with e' = max(e, 1) for a code that
    splits heaps, e' + p + t for one whose moves leave at most one heap; t the last digit."""
    d = code_digits(code)
    e1, t = max(e, 1), len(d) - 1
    splits = d[0] == 4 or any(x & 4 for x in d[1:])
    return 2 * e1 + 2 * p + t if splits else e1 + p + t


_brute = {}


def brute_values(code, count=BRUTE_VALUES):
    """G(0..count-1) by the plain mex from the digit rule alone, independent of grundy: digit
    d_i, i >= 1, has 1 = take i tokens, the whole heap; 2 = take i, leave one heap; 4 = take i,
    leave two non-empty heaps; d0 = 4 splits a heap in two without taking."""
    if len(_brute.get(code, [])) >= count:
        return _brute[code][:count]
    d = code_digits(code)
    g = []
    for n in range(count):
        seen = set()
        for i, di in enumerate(d[: n + 1]):
            r = n - i
            if i >= 1 and di & 1 and r == 0:
                seen.add(0)
            if i >= 1 and di & 2 and r > 0:
                seen.add(g[r])
            if di & 4:
                seen.update(g[a] ^ g[r - a] for a in range(1, r // 2 + 1))
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    _brute[code] = g
    return g


def values_key(code):
    """The census's test of equal values (octal_values_key, src/games/take_and_break.cpp): the
    code with bit 1 (take the whole heap) cleared in every digit after the point, and bit 2 (leave
    one heap) in each d_t for which some d_s, s < t, splits (bit 4) with G(t - s) = 0; and G(0..m),
    m = max(k, 6). Codes with one key have one sequence of values (docs/census.md)."""
    d = code_digits(code)
    g = brute_values(code, max(len(d) - 1, CENSUS_MAX_DIGITS) + 1)

    def key_digit(t):
        if any(d[s] & 4 and g[t - s] == 0 for s in range(t)):
            return d[t] & ~3
        return d[t] & ~1

    rest = "".join(str(key_digit(t)) for t in range(1, len(d))).rstrip("0") or "0"
    return d[0], rest, tuple(g)


def smallest_period(seq, start, period):
    """seq (at least start + 2 * period values) repeats with `period` from `start`. Returns the
    smallest e and p with seq[n + p] = seq[n] for every n >= e (p divides `period`)."""
    p = next(q for q in range(1, period + 1)
             if period % q == 0 and all(seq[n + q] == seq[n] for n in range(start, start + period)))
    e = start
    while e > 0 and seq[e - 1 + p] == seq[e - 1]:
        e -= 1
    return e, p


def find_shifts(code, other):
    """The shifts s in SHIFTS with G_code(n) = G_other(n - s) on every heap n < BRUTE_VALUES where
    both sides are computed."""
    gx, gy = brute_values(code), brute_values(other)
    return [s for s in SHIFTS
            if all(gx[n] == gy[n - s] for n in range(max(0, s), min(BRUTE_VALUES, BRUTE_VALUES + s)))]


def brute_check(code, e, p):
    """Checks period p from e with brute_values, independently of grundy: G(n + p) = G(n) for
    e <= n < L - p, L = proof_values (the range the periodicity theorem needs, so that the check
    proves the period), and that it fails at n = e - 1. Returns (ok, text), or None when L is
    more than BRUTE_CHECK_LIMIT."""
    need = proof_values(code, e, p)
    if need > BRUTE_CHECK_LIMIT:
        return None
    g = brute_values(code, need)
    bad = next((n for n in range(e, need - p) if g[n + p] != g[n]), None)
    if bad is not None:
        return False, f"a plain-mex brute force finds G({bad + p:,}) ≠ G({bad:,}): no period {p:,} from {e:,}"
    if e > 0 and g[e - 1 + p] == g[e - 1]:
        return False, f"a plain-mex brute force finds the period {p:,} from {e - 1:,} already: the preperiod is smaller"
    return True, (f"an independent plain-mex brute force (this script) confirms G(n + {p:,}) = G(n) for "
                  f"{e:,} ≤ n < {need - p:,}" + (f", and that it fails at n = {e - 1:,}" if e > 0 else ""))


# ---------------------------------------------------------------------------------------------
# Formatting


def num(v):
    """An integer with separators; '—' for a value the row does not give."""
    if isinstance(v, int) and not isinstance(v, bool):
        return f"{v:,}"
    return "—" if v is None else cell(v)


def cell(v):
    """A value as a Markdown table cell: '|' escaped, no line breaks."""
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v).replace("|", "\\|").replace("\n", " ")


def mask_text(mask, parity):
    return "—" if mask is None else f"0x{mask:x}" + ("+parity" if parity else "")


def bound_text(n):
    """The values G(0..n) as a count: 1048575 -> '2^20', others with separators."""
    return f"2^{(n + 1).bit_length() - 1}" if (n + 1) & n == 0 else f"{n + 1:,}"


def duration(s):
    """12345.6 -> '12,345.6 s (3 h 25 min)'."""
    text = f"{s:,.1f} s"
    if s >= 3600:
        return f"{text} ({int(s // 3600)} h {int(s % 3600 // 60)} min)"
    return f"{text} ({int(s // 60)} min)" if s >= 60 else text


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    return out + ["| " + " | ".join(r) + " |" for r in rows]


def link(path):
    """A link target relative to the page's home (not to --out: see the module's docstring)."""
    return os.path.relpath(os.path.abspath(path), PAGE_DIR).replace(os.sep, "/")


def shown_path(path):
    """A path as the page shows it in a command: from the repository's root when inside it."""
    full = os.path.realpath(path)
    root = os.path.realpath(REPO)
    return os.path.relpath(full, root).replace(os.sep, "/") if os.path.commonpath([full, root]) == root else path


# ---------------------------------------------------------------------------------------------
# The rows


def read_rows(path, digits, deeper=False, label="deeper pass"):
    """Returns (rows by code, max_heap, dropped): each row is its JSON object with "_line" (its
    line in the file) and "_code" added; dropped is the number of a last line without an end of
    line, left out as `--resume` leaves it out (docs/census.md, "A cut last line is dropped").
    A census's rows share one max_heap, but for the rows of a deeper pass folded into it: those
    say which census bound they deepened ("deepened_from"), that one, and each has its own. A
    copy is checked against its source's row of the same kind (the census's or the pass's): a
    pass stopped part-way may have redone a source and not yet its copies. Of a deeper pass's
    file (deeper=True) only the rows with "deepened_from" are taken (the file may be a census
    with a pass folded into it); their copies and groups are checked once they are merged
    (merge_deeper). `label` names where such a row is (line_of)."""
    try:
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
    except OSError as err:
        raise Failure(f"cannot read {path}: {err.strerror}")
    dropped = len(lines) if lines[-1] else None  # the text after the last newline, if any
    lines.pop()
    rows = {}
    for number, raw in enumerate(lines, 1):
        where = f"{path}:{number}"
        try:
            row = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise Failure(f"{where}: not a JSON object")
        if not isinstance(row, dict):
            raise Failure(f"{where}: not a JSON object")
        code = census_code(row.get("game"), digits)
        if code is None:
            raise Failure(f"{where}: {row.get('game')!r} is not a game of the {digits}-digit octal census")
        if code in rows:
            raise Failure(f"{where}: a second row for octal:{code} (the first is line {rows[code]['_line']})")
        if row.get("kind") not in KINDS:
            raise Failure(f"{where}: kind {row.get('kind')!r} is not a pattern's kind: not a row of a "
                          "normal-play census")
        ints = ["checked_up_to", "max_heap"] + (["preperiod", "period"] if row["kind"] == "periodic" else []) + (
            ["rare_mask", "rare_heaps", "last_rare"] if row.get("rare_mask") is not None else [])
        for key in ints:
            if not isinstance(row.get(key), int) or isinstance(row.get(key), bool):
                raise Failure(f'{where}: octal:{code} has no integer "{key}"')
        if not isinstance(row.get("seconds"), (int, float)) or isinstance(row.get("seconds"), bool):
            raise Failure(f'{where}: octal:{code} has no number "seconds"')
        if "deepened_from" in row and (not isinstance(row["deepened_from"], int) or
                                       isinstance(row["deepened_from"], bool)):
            raise Failure(f'{where}: octal:{code}\'s "deepened_from" is not an integer')
        row["_line"], row["_code"] = number, code
        if "deepened_from" in row:
            row["_deeper"], row["_deeper_path"] = label, path
            if deeper:
                row["_place"] = label
        elif deeper:
            continue  # a census row of a file the pass was folded into
        rows[code] = row
    if not rows:
        raise Failure(f"{path}: no row" + (' with "deepened_from": not the rows of a deeper pass' if deeper else ""))
    if deeper:
        return rows, None, dropped
    census = {c: r for c, r in rows.items() if not r.get("_deeper")}
    folded = {c: r for c, r in rows.items() if r.get("_deeper")}
    first = min(census.values() or folded.values(), key=lambda r: r["_line"])
    bound = first["deepened_from" if first.get("_deeper") else "max_heap"]
    for r in rows.values():
        if r.get("_deeper") and r["deepened_from"] != bound:
            raise Failure(f"{path}:{r['_line']}: octal:{r['_code']} deepens a census to n = {r['deepened_from']:,}, "
                          f"not this one's {bound:,}")
        if not r.get("_deeper") and r["max_heap"] != bound:
            raise Failure(f"{path}: rows of different censuses: max_heap {first['max_heap']} (line "
                          f"{first['_line']}) and {r['max_heap']} (line {r['_line']})")
    for r in rows.values():
        if "same_values_as" in r:
            check_copy(path, r, folded if r.get("_deeper") else census, digits)
    choose_groups(path, rows)
    return rows, bound, dropped


def merge_deeper(census_path, rows, census, max_heap, path, deep, digits):
    """Replaces each census row (from `census_path`) that the deeper pass `deep` (from `path`)
    redid by its row there, which must start from this census's bound; then checks the copies
    and chooses the groups again over the merged rows. A game an earlier deeper pass redid keeps
    that row: the later files are passes over censuses of fewer digits, which fill in the games
    this census's own pass has not reached. `census` holds the census's own rows."""
    for code, row in deep.items():
        if row["deepened_from"] != max_heap:
            raise Failure(f"{path}:{row['_line']}: octal:{code} deepens a census to n = {row['deepened_from']:,}, "
                          f"not this one's {max_heap:,}")
        if code not in rows:
            raise Failure(f"{path}:{row['_line']}: octal:{code} has no row in the census it deepens")
        if rows[code].get("_deeper"):
            continue
        rows[code] = row
    # A copy is checked against its source's row in its own file: a deeper pass still running may
    # have redone a source and not yet its copies (or the other way round).
    for r in rows.values():
        r.pop("_group", None)
        if "same_values_as" in r and r.get("_deeper_path") == path:
            check_copy(path, r, deep, digits)
        elif "same_values_as" in r and not r.get("_deeper"):
            check_copy(census_path, r, census, digits)
    choose_groups(path, rows)


def line_of(row):
    """Where a row is: its line in the census's rows, or in a deeper pass's file."""
    return f"{row['_place']} line {row['_line']}" if row.get("_place") else f"line {row['_line']}"


def choose_groups(path, rows):
    """Sets each row with no period's "_group": the game that stands for its group of equal values
    (values_key) on the page. That is the group's first computed row in the census's order
    (shorter codes first), else (a partial file) the game a copy names. Rows of one group that
    were computed apart (before the census's key joined them) must agree: a check of the key on
    the census's own tables."""
    groups = {}
    for c, r in rows.items():
        if r["kind"] == "none":
            groups.setdefault(values_key(c), []).append(c)
    for codes in groups.values():
        computed = sorted((c for c in codes if "same_values_as" not in rows[c]), key=lambda c: (len(c), c))
        for c in codes:
            r = rows[c]
            r["_group"] = computed[0] if computed else census_code(r["same_values_as"], CENSUS_MAX_DIGITS)
        first = rows[computed[0]] if computed else None
        for c in computed[1:]:
            if rows[c].get("_deeper") != first.get("_deeper"):
                continue  # one row from the census, one from a deeper pass: different bounds
            differ = [k for k in COPIED_FIELDS if rows[c].get(k) != first.get(k)]
            if differ:
                raise Failure(f"{path}:{rows[c]['_line']}: octal:{c} and octal:{computed[0]} (line "
                              f"{first['_line']}) have one values key (docs/census.md) but their rows differ in "
                              f"{', '.join(differ)}")


def check_copy(path, row, rows, digits):
    """A copied row must name another game of the census with the same values key, and agree
    with that game's row where the file holds it (a copy is made only of a row with no period)."""
    where, code, src = f"{path}:{row['_line']}", row["_code"], row.get("same_values_as")
    scode = census_code(src, digits)
    if scode is None or scode == code:
        raise Failure(f"{where}: octal:{code}'s same_values_as {src!r} is not another game of the census")
    if values_key(scode) != values_key(code):
        raise Failure(f"{where}: octal:{code} is given the same values as {src}, but the codes differ in "
                      "more than the bits a move of equal values makes redundant, or in G(0..6) (docs/census.md)")
    if row["kind"] != "none":
        raise Failure(f"{where}: octal:{code} is a copy of kind {row['kind']}; the census copies only rows "
                      "with no period")
    source = rows.get(scode)
    if source is not None:
        if "same_values_as" in source:
            raise Failure(f"{where}: octal:{code} is a copy of {src}, itself a copy (line {source['_line']})")
        differ = [k for k in COPIED_FIELDS if row.get(k) != source.get(k)]
        if differ:
            raise Failure(f"{where}: octal:{code}, a copy of {src}, differs from its row (line "
                          f"{source['_line']}) in {', '.join(differ)}")


def group_code(row):
    """The game that stands for this row's values: its group's (choose_groups) for a row with no
    period, else its own."""
    return row.get("_group", row["_code"])


def rare_stats(row):
    """The row's rare-value statistics in the terms of Czajka's lists and `grundy rare`. The row
    counts the rare heaps among n = 1..N (pattern's table leaves heap 0 out); those count heap 0
    too, whenever it is rare under the mask. Heap 0 (value 0) is rare unless the mask has the
    parity and every split removes an odd number of tokens (grundy's rule,
    src/games/take_and_break_values.cpp: h is rare when popcount(G(h) & m) + h + i is even, i the
    parity of the tokens a split removes; the parity is only used when every split agrees on i).
    So 0.45 has 10 rare heaps in its row and 11 in SolvedGames.md and in `grundy rare`."""
    mask = row.get("rare_mask")
    out = {"largest_value": row.get("largest_value"), "largest_at": row.get("largest_at"),
           "mask": None, "rare_heaps": None, "last_rare": None, "zero": False, "row_rare": None}
    if mask is None:
        return out
    parity = bool(row.get("rare_parity"))
    first_split = next((i for i, d in enumerate(code_digits(row["_code"])) if d & 4), 0)
    zero = not parity or first_split % 2 == 0
    out.update(mask=(mask, parity), row_rare=row.get("rare_heaps"), zero=zero,
               rare_heaps=row.get("rare_heaps") + zero, last_rare=row.get("last_rare"))
    return out


def stats_text(st):
    heaps = num(st["rare_heaps"])
    if st.get("row_rare") is not None:
        heaps = (f"{num(st['row_rare'])} + heap 0 = {heaps}" if st["zero"] else
                 f"{heaps} (heap 0 is not rare under this mask)")
    mask = "—" if st["mask"] is None else mask_text(*st["mask"])
    return (f"largest {num(st['largest_value'])} (at {num(st['largest_at'])}), mask {mask}, rare heaps {heaps}, "
            f"last rare {num(st['last_rare'])}")


def ours_text(row):
    if row["kind"] == "periodic":
        how = "proven" if row.get("proven") else "not proven"
        return f"periodic ({how}), preperiod {num(row['preperiod'])}, period {num(row['period'])}"
    if row["kind"] == "none":
        return f"no period up to n = {num(row['checked_up_to'])}"
    return row["kind"]


# ---------------------------------------------------------------------------------------------
# The sources


def read_lines(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().split("\n")
    except OSError as err:
        raise Failure(f"cannot read {path}: {err.strerror}")


def list_rows(path):
    """(line number, cells) of each table row of one of Czajka's lists whose first cell is a code
    as he writes them ('.04', '4', '4.3'); not Grundy's game, which has no code."""
    for number, line in enumerate(read_lines(path), 1):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if "|" in line and re.fullmatch(r"4?\.[0-7]+|4", cells[0]):
            yield number, cells


def int_or_none(text):
    return int(text) if text.isdigit() else None


def stats_cells(cells):
    """The five statistics columns of SolvedGames.md and UnsolvedGames.md: largest idx, largest,
    rare mask (hex; '1+pos': with the heap's parity), num rare, last rare."""
    cells = cells + [""] * (5 - len(cells))
    mask = cells[2]
    parity = mask.endswith("+pos")
    return {"largest_at": int_or_none(cells[0]), "largest_value": int_or_none(cells[1]),
            "mask": (int(mask.removesuffix("+pos"), 16), parity) if mask else None,
            "rare_heaps": int_or_none(cells[3]), "last_rare": int_or_none(cells[4])}


def read_czajka(folder):
    """His four lists, each a dict by normal code. Each entry has 'name' (his spelling), 'file',
    'line', and: trivial: 'prefix', 'period', 'pre' and 'per' (the nimber string's two parts);
    solved: 'prefix', 'period' and the statistics; unsolved: 'bits' (statistics over G(0..2^bits
    - 1), or None) and the statistics. lookup: code -> (its equivalent code or None, line)."""
    cz = {"trivial": {}, "solved": {}, "unsolved": {}, "lookup": {}}
    path = os.path.join(folder, "TrivialGames.md")
    for number, c in list_rows(path):
        m = re.fullmatch(r"([0-9A-Z]*)\(([0-9A-Z]+)\)", c[3] if len(c) > 3 else "")
        if not (m and c[1].isdigit() and c[2].isdigit()):
            raise Failure(f"{path}:{number}: a row of {c[0]} that is not 'game | prefix | period | nimbers'")
        cz["trivial"][normal_code(c[0])] = {
            "name": c[0], "file": "TrivialGames.md", "line": number, "prefix": int(c[1]), "period": int(c[2]),
            "pre": [int(x, 36) for x in m.group(1)], "per": [int(x, 36) for x in m.group(2)]}
    path = os.path.join(folder, "SolvedGames.md")
    for number, c in list_rows(path):
        if len(c) < 8 or not c[1].isdigit() or not c[2].isdigit():
            raise Failure(f"{path}:{number}: a row of {c[0]} without a prefix and a period")
        cz["solved"][normal_code(c[0])] = {"name": c[0], "file": "SolvedGames.md", "line": number,
                                           "prefix": int(c[1]), "period": int(c[2]), **stats_cells(c[3:8])}
    path = os.path.join(folder, "UnsolvedGames.md")
    for number, c in list_rows(path):
        bits = re.fullmatch(r"2\^(\d+)", c[1]) if len(c) > 1 and c[1] else None
        if len(c) > 1 and c[1] and not bits:
            raise Failure(f"{path}:{number}: {c[1]!r} is not a bound 2^n")
        cz["unsolved"][normal_code(c[0])] = {"name": c[0], "file": "UnsolvedGames.md", "line": number,
                                             "bits": bits and int(bits.group(1)), **stats_cells(c[2:7])}
    # GameLookup.md: rows like ' .04x | .017 | .04 | ...': the code .04d is equivalent to the code
    # in column d ('-': no other code, the lists name it by itself).
    path = os.path.join(folder, "GameLookup.md")
    for number, line in enumerate(read_lines(path), 1):
        c = [x.strip() for x in line.split("|")]
        m = re.fullmatch(r"(4?)\.([0-7]*)x", c[0])
        if not m:
            continue
        if len(c) < 8 or any(t != "-" and normal_code(t) is None for t in c[1:8]):
            raise Failure(f"{path}:{number}: the row {c[0]} is not 7 codes or '-'")
        for d in range(1, 8):
            code = normal_code((m.group(1) or "0") + "." + m.group(2) + str(d))
            cz["lookup"][code] = (None if c[d] == "-" else normal_code(c[d]), number)
    return cz


def read_octal_table(path):
    """tests/data/octal/octal_table.tsv: code -> its rows (a code may have several sources)."""
    rows = {}
    for number, line in enumerate(read_lines(path), 1):
        if not line.strip() or line.startswith("#") or line.startswith("code\t"):
            continue
        f = line.split("\t")
        code = normal_code(f[0])
        if len(f) < 4 or code is None or not f[1].isdigit() or not f[2].isdigit():
            raise Failure(f"{path}:{number}: not 'code, preperiod, period, source, ...'")
        src = f[3].rsplit("/", 1)[-1]
        rows.setdefault(code, []).append({
            "line": number, "prefix": int(f[1]), "period": int(f[2]),
            "source": ("Czajka's " + src) if "tczajka" in f[3] else src,
            "statement": f[4] if len(f) > 4 else ""})
    return rows


# ---------------------------------------------------------------------------------------------
# Comparing a row with the sources


def trivial_values(game, code):
    """His nimber string of a trivial game as n -> G(n), if it follows the digit rule on heaps
    0..BRUTE_VALUES-1 counted from heap 0 (an older revision of his table counted some from a
    later heap; tests/data/octal/README.md); else None."""
    pre, per = game["pre"], game["per"]

    def at(n):
        return pre[n] if n < len(pre) else per[(n - len(pre)) % len(per)]
    return at if all(at(n) == g for n, g in enumerate(brute_values(code))) else None


def expected_period(kind, game, target, code, s, notes):
    """(e, p) of `code` when G_code(n) = G_target(n - s), from his entry of `target`; None when
    it cannot be told. The period is target's. A trivial game's string gives every value, so e
    is read off them (the heaps below a shift s > 0 from the digit rule). A solved game gives
    only e_Y >= 1: then e = e_Y + s for s >= 0 (G(e_Y - 1) breaks the period, so G_code(e_Y - 1
    + s) does), and max(0, e_Y + s) for s < 0 (the first -s values are dropped)."""
    if kind == "solved":
        e, p = game["prefix"], game["period"]
        if e == 0 and s > 0:
            return None
        return (e + s if s >= 0 else max(0, e + s)), p
    at = trivial_values(game, target)
    if at is None:
        return None
    start, period = len(game["pre"]), len(game["per"])
    xbrute = brute_values(code)
    tail = max(0, start + s)
    xs = [xbrute[n] if n < s else at(n - s) for n in range(tail + 2 * period + 8)]
    e, p = smallest_period(xs, tail, period)
    if target == code and (e, p) != (game["prefix"], game["period"]):
        notes.append(f"his string of {game['name']} repeats from {e} with period {p}, not from his prefix "
                     f"{game['prefix']} with period {game['period']}")
    return e, p


def period_verdict(row, e, p):
    """A row against a published preperiod e and period p of its code: (status, text), status
    'agree', 'reach' (no period found, and its proof needs more values than the census has),
    'DISAGREE' or 'n/a'."""
    if row["kind"] == "periodic":
        if (row["preperiod"], row["period"]) == (e, p):
            return "agree", "agrees" + ("" if row.get("proven") else " (ours not proven)")
        return "DISAGREE", f"DISAGREES: ours preperiod {num(row['preperiod'])}, period {num(row['period'])}"
    if row["kind"] == "none":
        need, have = proof_values(row["_code"], e, p), row["checked_up_to"]
        if need > have + 1:
            return "reach", f"consistent: the theorem needs G(0..{need - 1:,}), beyond the census's n = {have:,}"
        return "DISAGREE", (f"DISAGREES: the theorem would prove it from G(0..{need - 1:,}), within the census's "
                            f"n = {have:,}, yet the census found no period")
    return "n/a", f"not compared (our row is {row['kind']})"


def compare_stats(ours, his):
    """The names of the statistics that differ, and how many were compared: those his row
    gives; without a mask in our row (grundy keeps none when every mask leaves more than a
    quarter of the heaps rare), only the largest value and its heap."""
    keys = ["largest_value", "largest_at"] + ([] if ours["mask"] is None else ["mask", "rare_heaps", "last_rare"])
    keys = [k for k in keys if his.get(k) is not None]
    return [k.replace("_", " ") for k in keys if ours[k] != his[k]], len(keys)


def compare_czajka(code, row, cz):
    """What Czajka's lists say of this census game, or None when nothing. A dict: target (the
    code his lists name), list ('trivial', 'solved', 'unsolved' or None), game (his entry),
    shift, expected ((e, p) or None), status ('agree', 'reach', 'newer': the census proves a
    period for a game he lists as unsolved, 'DISAGREE', 'n/a'), text, notes, stats (text),
    stats_status ('agree', 'differ' or None)."""
    target = cz["lookup"].get(code, (None, 0))[0] or code
    lists = [k for k in ("trivial", "solved", "unsolved") if target in cz[k]]
    if not lists and target == code:
        return None
    res = {"code": code, "target": target, "list": None, "game": None, "shift": None, "expected": None,
           "status": "n/a", "text": "", "notes": [], "stats": None, "stats_status": None}
    if len(lists) != 1:
        res["text"] = (f"GameLookup.md names {target}, which " +
                       ("no list holds" if not lists else f"is in several lists ({', '.join(lists)})") +
                       ": not compared")
        return res
    kind = res["list"] = lists[0]
    game = res["game"] = cz[kind][target]
    shifts = [0] if target == code else find_shifts(code, target)
    if not shifts:
        res["text"] = (f"no heap shift s in {SHIFTS.start}..{SHIFTS.stop - 1} gives G(n) = G_{game['name']}(n − s) "
                       f"on heaps 0..{BRUTE_VALUES - 1}: not compared")
        return res
    if kind == "unsolved":
        res["shift"] = shifts[0] if len(shifts) == 1 else None
        return unsolved_verdict(res, row)
    expected = {}
    for s in shifts:
        got = expected_period(kind, game, target, code, s, res["notes"])
        if got is None:
            res["text"] = ("his string does not follow the digit rule from heap 0" if kind == "trivial" else
                           "a shift past a prefix of 0 needs values his list does not give") + ": not compared"
            return res
        expected.setdefault(got, s)
    if len(expected) > 1:
        res["text"] = (f"the shifts {', '.join(f'{s:+d}' for s in shifts)} all fit the first {BRUTE_VALUES} values "
                       "and give different preperiods: not compared")
        return res
    res["expected"], res["shift"] = next(iter(expected)), min(shifts, key=abs)
    if len(shifts) > 1:
        res["notes"].append(f"the shifts {', '.join(f'{s:+d}' for s in shifts)} "
                            f"{'both' if len(shifts) == 2 else 'all'} fit and give the same preperiod")
    res["status"], res["text"] = period_verdict(row, *res["expected"])
    if kind == "solved" and target == code and row["kind"] == "periodic" and row.get("proven"):
        ours = rare_stats(row)
        differ, compared = compare_stats(ours, game)
        over = f"ours over G(0..{row['checked_up_to']:,}), the table that proves the period; his list gives no bound"
        if differ:
            res["stats_status"] = "differ"
            res["stats"] = f"differ in {', '.join(differ)}: ours {stats_text(ours)}; his {stats_text(game)} ({over})"
        elif compared:
            res["stats_status"] = "agree"
            res["stats"] = f"the {compared} statistics his row gives agree (ours: {stats_text(ours)}; {over})"
    return res


def unsolved_verdict(res, row):
    if row["kind"] == "none":
        res["status"], res["text"] = "agree", "confirmed: no period"
    elif row["kind"] == "periodic" and row.get("proven"):
        res["status"] = "newer"
        res["text"] = "the census proves a period: the list is out of date, or one of the two is wrong"
        checked = brute_check(row["_code"], row["preperiod"], row["period"])
        if checked is not None:
            res["status"] = "newer" if checked[0] else "DISAGREE"
            res["text"] = ("the census proves a period, and " + checked[1] if checked[0] else
                           f"DISAGREES: the census proves a period, but {checked[1]}")
    else:
        res["text"] = f"not compared (our row is {ours_text(row)})"
    game = res["game"]
    if game["bits"] is not None and res["target"] == row["_code"]:
        ours, his = rare_stats(row), f"his {stats_text(game)} over G(0..2^{game['bits']} − 1)"
        his_n, our_n = 2 ** game["bits"] - 1, row["checked_up_to"]
        if (his_n > our_n and ours["mask"] is not None and ours["mask"] == game["mask"]
                and game["last_rare"] is not None and game["last_rare"] <= our_n):
            # His table is longer, but its rare heaps under the same mask all lie within ours:
            # both tables count the same heaps, so the counts and the last rare heap compare.
            same = (ours["rare_heaps"], ours["last_rare"]) == (game["rare_heaps"], game["last_rare"])
            res["stats_status"] = "agree" if same else "differ"
            res["stats"] = (f"{his}; ours {stats_text(ours)} over G(0..{our_n:,}). His last rare heap lies within "
                            f"our table and the masks are the same, so both count the same heaps: the rare heaps "
                            f"and the last rare {'agree' if same else 'DIFFER'}")
        elif our_n != his_n:
            res["stats"] = f"{his}; ours {stats_text(ours)} over G(0..{our_n:,}): other bounds, not compared"
        else:
            differ, compared = compare_stats(ours, game)
            res["stats_status"] = "differ" if differ else "agree"
            res["stats"] = (f"differ in {', '.join(differ)} at the same bound: ours {stats_text(ours)}; {his}"
                            if differ else f"the {compared} statistics compared agree at the same bound: {his}")
    return res


# ---------------------------------------------------------------------------------------------
# Pictures


# ---------------------------------------------------------------------------------------------
# The page


class Page:
    """What the sections of the page share."""

    def __init__(self, args, rows, max_heap, dropped, cz, octal_table):
        self.args, self.rows, self.max_heap, self.dropped = args, rows, max_heap, dropped
        self.cz, self.octal_table = cz, octal_table
        self.K = args.digits
        self.codes = sorted(rows)  # the census's code order (string order, as grundy sorts them)
        self.all_codes = 2 * 8 ** self.K
        self.nones = [c for c in self.codes if rows[c]["kind"] == "none"]
        self.deep = [c for c in self.codes if rows[c].get("_deeper")]
        self.copies = [c for c in self.nones if "same_values_as" in rows[c]]
        self.cz_results = {c: r for c in self.codes if (r := compare_czajka(c, rows[c], cz)) is not None}
        self.tab_results = [(c, t, *period_verdict(rows[c], t["prefix"], t["period"]))
                            for c in self.codes for t in octal_table.get(c, [])]

    def in_census(self, code):
        return len(code_digits(code)) - 1 <= self.K

    def bound_words(self):
        """How far the rows with no period looked."""
        if not self.deep:
            return f"n = {self.max_heap:,}"
        return f"n = {self.max_heap:,}, or the deeper pass's bound for its rows"

    def none_label(self):
        return f"no period up to {self.bound_words()}"

    def reach(self, code):
        """The last heap the row of `code` computed to at most (its --max-heap)."""
        r = self.rows.get(code)
        return r["max_heap"] if r is not None and r.get("_deeper") else self.max_heap

    def row_text(self, code):
        r = self.rows.get(code)
        return f"the census: {ours_text(r)} ({line_of(r)})" if r else "not in the rows yet"

    def commands(self):
        a, K = self.args, self.K
        rows_file = f"docs/census/octal-{K}.jsonl"
        census = f"grundy census octal --digits {K}" + (
            "" if self.max_heap == CENSUS_DEFAULT_MAX_HEAP else f" --max-heap {self.max_heap}")
        script = f"python3 scripts/census_page.py {shown_path(a.rows)} --digits {K} --out docs/census/octal-{K}.md"
        for path in a.deeper:
            script += f" --deeper {shown_path(path)}"
        for path in a.fewer:
            script += f" --fewer {shown_path(path)}"
        for opt, value, default in (("--sources", a.sources, DEFAULT_SOURCES), ("--table", a.table, DEFAULT_TABLE)):
            if os.path.realpath(value) != os.path.realpath(default):
                script += f" {opt} {shown_path(value)}"
        L = ["## How this page was made", "",
             f"The census writes one JSON row a line to `{rows_file}` (docs/census.md), resuming where it "
             "stopped when run again:", "", "```sh", f"{census} --resume {rows_file}", "```", "",
             f"Each game's values are computed up to heap n = {self.max_heap:,} ({bound_text(self.max_heap)} "
             "values, `--max-heap`) unless a period is proven sooner.", ""]
        folded = any(r.get("_deeper_path") == a.rows for r in self.rows.values())
        if a.deeper or folded:
            deep = shown_path(a.deeper[0]) if a.deeper else f"deep-{K}.jsonl"
            L += ["A deeper pass (docs/census.md, \"A deeper pass\") takes every game the census left without a "
                  "proven period further, each to its own bound (with a rare-value mask to `--max-heap`, without "
                  f"one as far as `--budget` allows), and appends its rows to a file of its own (`{deep}`). Folded "
                  f"into `{rows_file}` (`--merge --so-far`), each replaces its game's row there, saying how far it "
                  "was checked (`max_heap`, and `deepened_from`, the census's bound); the pass goes on from the "
                  "folded census:", "", "```sh",
                  f"grundy census octal --digits {K} --deepen {rows_file} --resume {deep}",
                  f"grundy census octal --digits {K} --deepen {rows_file} --merge {deep} --so-far --jsonl > "
                  f"octal-{K}.next",
                  f"mv octal-{K}.next {rows_file}", "```", ""]
            if a.deeper:
                L += [f"The rows of `{deep}` not folded in yet replace their games' rows on this page.", ""]
            fewer = a.deeper[1:] + a.fewer
            if fewer:
                L += ["The games of fewer digits that this pass has not redone yet take the rows of the deeper "
                      "passes over the smaller censuses, where those have redone them: " +
                      ", ".join(f"`{shown_path(p)}`" for p in fewer) + " (a row there says which file).", ""]
        L += ["The page is written from the rows by (a rerun with the same rows and sources writes the same "
              "bytes):", "", "```sh", script, "```", ""]
        return L

    def summary(self):
        rows, codes, count = self.rows, self.codes, len(self.codes)
        L = ["## Summary", ""]
        if count == self.all_codes:
            L.append(f"**Complete: all {self.all_codes:,} games.**")
        else:
            L.append(f"**In progress: {count:,} of the {self.all_codes:,} games.** The census is still running "
                     "(or was stopped); this page covers the rows written so far.")
        if self.dropped is not None:
            L += ["", f"(The file's line {self.dropped} has no end of line: a row being written, or cut by a "
                      "stop. It is left out, as `--resume` leaves it out and does that game again.)"]
        kinds = {}
        for c in codes:
            r = rows[c]
            kinds.setdefault(r["kind"] + ("" if r["kind"] == "none" else
                                          ", proven" if r.get("proven") else ", not proven"), []).append(c)
        L.append("")
        first = ["periodic, proven", "periodic, not proven", "none"]
        for k in sorted(kinds, key=lambda k: (first.index(k) if k in first else 3, k)):
            label = {"periodic, proven": "periodic, proven by the periodicity theorem",
                     "none": self.none_label()}.get(k, k)
            extra = ""
            if k == "none" and self.copies:
                extra = (f" ({len(kinds[k]) - len(self.copies):,} computed, {len(self.copies):,} copied from a game "
                         "with the same values: `same_values_as`, docs/census.md)")
            L.append(f"- {label}: **{len(kinds[k]):,}**{extra}")
        L.append(f"- in all: {count:,} of {self.all_codes:,}")
        if self.deep:
            went = [c for c in self.deep if rows[c]["kind"] != "none"]
            L += ["", f"**The deeper pass** has redone {len(self.deep):,} of the games the census left without a "
                  f"proven period: {len(went):,} of them are now proven periodic, and the other "
                  f"{len(self.deep) - len(went):,} have no period up to their own bound (the table's *examined*). "
                  "Their rows are the deeper pass's; a period no source we hold lists is a claim until a program "
                  "written apart from grundy confirms it (docs/census.md, \"Claims and their checks\")."]
        L.append("")
        secs = sum(rows[c]["seconds"] for c in codes)
        L.append(f"Computing time: {duration(secs)}, the sum of the rows' `seconds` (" +
                 ("the deeper pass's for its rows; " if self.deep else "") + "each game's own time on one "
                 "thread; the census runs one game per core at once, so its wall-clock time is shorter, and "
                 "the rows record neither the machine nor its load)" +
                 (", copied rows taking none." if self.copies else "."))
        slow = sorted(codes, key=lambda c: (-rows[c]["seconds"], c))[:10]
        L.append("The slowest games: " + ", ".join(f"octal:{c} ({rows[c]['seconds']:,.1f} s)" for c in slow) + ".")
        L.append("")
        confirmed = [r for r in self.cz_results.values() if r["list"] == "unsolved" and r["status"] == "agree"]
        own = [r["code"] for r in confirmed if r["target"] == r["code"]]
        via = [r for r in confirmed if r["target"] != r["code"]]
        listed = [c for c in self.cz["unsolved"] if self.in_census(c)]
        L.append(f"**Czajka's unsolved games confirmed:** UnsolvedGames.md lists {len(listed)} games of at most "
                 f"{self.K} digits; the census finds no period up to {self.bound_words()} for {len(own)} of them"
                 + (": " + ", ".join(f"octal:{c}" for c in own) if own else "") + "." +
                 (f" And for {len(via)} codes that GameLookup.md makes equivalent to one of them: " +
                  ", ".join(f"octal:{r['code']} ({r['game']['name']})" for r in via) + "." if via else ""))
        L.append("")
        return L

    def findings(self):
        """What the comparison found: list entries out of date, published periods beyond the
        census's reach, sources that differ, disagreements. The first three are also told for
        games the census has not reached yet, from the sources alone."""
        cz = self.cz
        L = ["## Findings", ""]
        # Unsolved games with a period: from the rows ('newer') and from HAND_CHECKS.
        newer = sorted({r["target"] for r in self.cz_results.values() if r["status"] == "newer"} |
                       {c for c in HAND_CHECKS if self.in_census(c) and c in cz["unsolved"]})
        for target in newer:
            L.append(self.outdated_entry(target))
        # Published periods beyond the census's reach, and sources that differ.
        published = {}
        for kind in ("trivial", "solved"):
            for c, g in cz[kind].items():
                published.setdefault(c, []).append((g["prefix"], g["period"], f"{g['file']} line {g['line']}"))
        for c, ts in self.octal_table.items():
            for t in ts:
                published.setdefault(c, []).append((t["prefix"], t["period"],
                                                    f"octal_table.tsv line {t['line']} ({t['source']})"))
        for c in sorted(c for c in published if self.in_census(c)):
            beyond = [(e, p, src) for e, p, src in published[c] if proof_values(c, e, p) > self.reach(c) + 1]
            differ = len({(e, p) for e, p, _ in published[c]}) > 1
            unsolved = cz["unsolved"].get(c)
            if not beyond and not differ and not unsolved:
                continue
            says = "; ".join(f"{src}: preperiod {e:,}, period {p:,}" for e, p, src in published[c])
            bits = [f"**octal:{c}**: {says}"]
            if unsolved:
                bits.append(f"yet UnsolvedGames.md line {unsolved['line']} lists {unsolved['name']} as unsolved")
            if differ:
                bits.append("the sources differ")
            for e, p, src in beyond[:1]:
                need = proof_values(c, e, p)
                whose = "deeper pass's" if self.rows.get(c, {}).get("_deeper") else "census's"
                bits.append(f"proving that period takes G(0..{need - 1:,}), {need / (self.reach(c) + 1):,.0f} times the "
                            f"{whose} {bound_text(self.reach(c))} values, beyond its reach")
            bits.append(self.row_text(c) + (", as expected" if beyond and c in self.rows
                                            and self.rows[c]["kind"] == "none" else ""))
            L.append("- " + "; ".join(bits) + ".")
        if len(L) > 2:
            L.append("")
        dis = self.disagreements()
        L.append(f"**Disagreements between the census and the sources: {len(dis)}**" + (":" if dis else "."))
        L.append("")
        if dis:
            L += dis + [""]
        return L

    def outdated_entry(self, target):
        """A game Czajka lists as unsolved for which the census proves a period, with the
        evidence: his entry, the census's rows of it and of its equivalents, a brute force, and
        what was checked by hand (HAND_CHECKS)."""
        cz, game = self.cz, self.cz["unsolved"][target]
        hand = HAND_CHECKS.get(target)
        group = [target] + sorted(c for c, (t, _) in cz["lookup"].items() if t == target and self.in_census(c))
        # The period told and checked: the listed game's own row's, else the hand check's, else
        # that of the first equivalent code the census proves periodic (its heaps may be shifted).
        proven = [(c, self.rows[c]["preperiod"], self.rows[c]["period"]) for c in group if c in self.rows
                  and self.rows[c]["kind"] == "periodic" and self.rows[c].get("proven")]
        hand_basis = [(target, hand["preperiod"], hand["period"])] if hand else []
        basis, e, p = ([b for b in proven if b[0] == target] + hand_basis + proven)[0]
        row = self.rows.get(target)
        text = [f"- **UnsolvedGames.md line {game['line']} lists {game['name']} as unsolved, but octal:{basis} is "
                f"periodic: preperiod {e:,}, period {p:,}.**"]
        if len(group) > 1:
            lines = sorted({cz["lookup"][c][1] for c in group[1:]})
            text.append(f"GameLookup.md (line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines))}) makes "
                        f"{', '.join('octal:' + c for c in group[1:])} equivalent to it.")
        found = {}  # what the census says -> the codes it says it of
        for c in group:
            if c in self.rows:
                r = self.rows[c]
                found.setdefault(ours_text(r) + (f", by the check {r['check']}" if r.get("check") else ""), []).append(c)
        for says, cs in found.items():
            where = ", ".join(f"octal:{c} ({line_of(self.rows[c])})" for c in cs)
            text.append(f"The census finds {where} {'each ' if len(cs) > 1 else ''}{says}.")
        missing = [c for c in group if c not in self.rows]
        if missing:
            text.append(f"Not in the rows yet: {', '.join('octal:' + c for c in missing)}.")
        mismatch = hand and row and (row["kind"], row.get("preperiod"), row.get("period")) != (
            "periodic", hand["preperiod"], hand["period"])
        # A row with no period that stops before the range proving the hand-checked period is
        # consistent with it: the period is beyond that row's reach.
        short = (mismatch and row["kind"] == "none" and
                 proof_values(target, hand["preperiod"], hand["period"]) > self.reach(target) + 1)
        if short:
            mismatch = False
            text.append(f"The row of octal:{target} stops at n = {row['checked_up_to']:,}, short of the "
                        f"{proof_values(target, hand['preperiod'], hand['period']):,} values that prove that period "
                        "(the deeper pass has not reached it yet).")
        if mismatch:
            text.append(f"**The census's row differs from the period checked by hand ({hand['preperiod']:,}, "
                        f"{hand['period']:,}).**")
        checked = brute_check(basis, e, p)
        if checked is not None:
            text.append(checked[1][0].upper() + checked[1][1:] + ".")
        if hand:
            text += ["By hand: " + "; ".join(hand["evidence"]) + "."]
        # A published source with the same period (octal_table.tsv) settles it too.
        sourced = [t for t in self.octal_table.get(basis, []) if (t["prefix"], t["period"]) == (e, p)]
        for t in sourced[:1]:
            text.append(f"octal_table.tsv line {t['line']} ({t['source']}) gives octal:{basis} the same preperiod "
                        "and period.")
        # The script's own brute force decides when the range is small enough for it; beyond,
        # the checks by hand do (an independent brute force and Czajka's own analyzer), or a source.
        confirmed = not mismatch and (checked[0] if checked is not None else bool(hand) or bool(sourced))
        if confirmed:
            text.append("So the list entry is out of date (the copies do not record their revision), not a "
                        "disagreement of computations.")
        else:
            text.append("**To be looked into.**")
        return " ".join(text)

    def disagreements(self):
        rows, dis = self.rows, []
        for c, r in self.cz_results.items():
            if r["status"] == "DISAGREE" or r["stats_status"] == "differ":
                what = r["text"] if r["status"] == "DISAGREE" else f"rare-value statistics {r['stats']}"
                dis.append(f"- **octal:{c}** against {r['game']['file']} line {r['game']['line']} "
                           f"({r['game']['name']}): {what}. Our row ({line_of(rows[c])}): {ours_text(rows[c])}.")
        for c, t, status, text in self.tab_results:
            if status == "DISAGREE":
                dis.append(f"- **octal:{c}** against octal_table.tsv line {t['line']} ({t['source']}: preperiod "
                           f"{t['prefix']:,}, period {t['period']:,}): {text}. Our row ({line_of(rows[c])}): "
                           f"{ours_text(rows[c])}.")
        return dis

    def every_game(self):
        K = self.K
        return ["## Every game's row", "",
                f"Each game's row is a line of `docs/census/octal-{K}.jsonl` (a deeper pass's row, once folded "
                "in, in place of the census's): the object of `grundy pattern octal:CODE --json` (kind, preperiod, period, "
                "the check and the theorem that prove it, largest value, rare-value mask and heaps, how far it "
                "was examined), with the seconds it took. `grundy serve` shows every row in its census atlas: "
                "open `/census` and type a code, or list the games with no period, the periodic games a deeper "
                "pass proved, the longest periods or the slowest games; it draws each game's values and "
                "downloads the rows as JSONL or CSV (docs/serve.md, \"The census atlas\").", ""]

    def no_period(self):
        rows = self.rows
        L = [f"## Games with no period up to n = {self.max_heap:,}" if not self.deep else
             "## Games with no period found", ""]
        if not self.nones:
            return L + ["None so far.", ""]
        computed = [c for c in self.nones if c not in self.copies]
        leaders = sorted({group_code(rows[c]) for c in self.nones})
        members = {}
        for c in self.nones:
            if group_code(rows[c]) != c:
                members.setdefault(group_code(rows[c]), []).append(c)
        L.append(f"{len(self.nones):,} games, {len(computed):,} of them computed, in {len(leaders):,} groups of "
                 "equal values (docs/census.md, \"Games with equal values\"). One line a group: its first game, "
                 "how far its table looked (N), its largest value, and the other games of the group.")
        L.append("")
        def line(c, others, note=""):
            r = rows[c]
            deeper = ", deeper pass" if r.get("_deeper") else ""
            tail = f"; also {', '.join(others)}" if others else ""
            return f"- {c}: N = {num(r['checked_up_to'])}{deeper}, largest {num(r.get('largest_value'))}{tail}{note}"

        for c in leaders:
            r = rows.get(c)
            others = members.get(c, [])
            if r is None:  # a copy's source not in a partial file
                L.append(f"- {c}: not in the rows yet" + (f"; also {', '.join(others)}" if others else ""))
                continue
            # Copies of the census's row of a game a deeper pass has redone: this census's pass, not
            # having reached them yet (stopped inside the group), or the pass over a census of fewer
            # digits (--fewer), which never redoes them. A line of their own, with their row.
            behind = [o for o in others if r["kind"] != "none" or bool(rows[o].get("_deeper")) != bool(r.get("_deeper"))]
            if r["kind"] == "none":
                L.append(line(c, [o for o in others if o not in behind]))
            if behind:
                whose = (f"{c}'s row is that of the {r['_place']}, which does not redo them" if r.get("_place") and
                         r.get("_deeper_path") in self.args.fewer + self.args.deeper[1:] else
                         f"the deeper pass has redone {c} and not yet these")
                L.append(line(behind[0], behind[1:], f" (copies of {c}'s census row; {whose})"))
        return L + [""]

    def method(self):
        a = self.args
        src = lambda name: f"[{name}]({link(os.path.join(a.sources, name))})"
        trivial_ok = [g["name"] for c, g in self.cz["trivial"].items() if trivial_values(g, c)]
        return [
            "## Against the published lists", "",
            f"- **(a) T. Czajka's lists** (github.com/tczajka/octal-games, MIT licence; unchanged copies in "
            f"[docs/census/sources/]({link(a.sources)}/)): {src('TrivialGames.md')} (prefix, period and every value "
            f"of the games whose period shows below heap 1000), {src('SolvedGames.md')} (ten harder solved "
            f"games, with rare-value statistics), {src('UnsolvedGames.md')} (games with no known period) and "
            f"{src('GameLookup.md')} (for each code of at most three digits, the equivalent code the lists name "
            "instead).",
            f"- **(b)** [octal_table.tsv]({link(a.table)}): published preperiods and periods of single codes (OEIS, "
            "Flammenkamp, Czajka), in this project's convention, each with its source.", "",
            "How rows are matched:", "",
            "- A code is looked up in GameLookup.md. Where that names another code Y, Czajka counts the two "
            "games equivalent, possibly with the heaps moved by some s (his example: a game in which a heap of "
            "one token cannot be taken is the other with every heap one smaller). The script finds s itself: "
            f"it computes G(0..{BRUTE_VALUES - 1}) of both codes by the plain mex and takes the s in "
            f"{SHIFTS.start}..{SHIFTS.stop - 1} with G(n) = G_Y(n − s) wherever both are computed. No fitting s, or "
            "fitting shifts that predict different preperiods, means not compared.",
            "- The period is Y's. The preperiod: for a TrivialGames.md game, the code's values are Y's string "
            "moved by s (the heaps below s from the digit rule), and the smallest preperiod and period are read "
            "off them; for a SolvedGames.md game (prefix e_Y ≥ 1), e_Y + s when s ≥ 0, max(0, e_Y + s) when s < 0.",
            f"- His strings count heaps from 0 and his prefix is the preperiod with G(0) counted (.4: prefix 54): "
            f"{len(trivial_ok)} of the {len(self.cz['trivial'])} strings of TrivialGames.md follow the digit rule "
            f"from heap 0 on heaps 0..{BRUTE_VALUES - 1} (an older revision of his table, 6f2e71f, counted some from "
            "a later heap; tests/data/octal/README.md).",
            "- octal_table.tsv gives each code's own preperiod and period, compared as they are.",
            "- A published period the census did not find is a disagreement only when the periodicity theorem "
            "would prove it from the census's table: 2e′ + 2p + t values (e′ = max(e, 1), t the last digit; "
            "e′ + p + t for codes whose moves never split a heap). A longer proof is beyond the census's reach, "
            "and the row is consistent with the source.",
            "- A period the census proves for a game UnsolvedGames.md lists is checked by a brute force of the "
            f"script's own (plain mex, when the theorem's range is at most {BRUTE_CHECK_LIMIT:,} values): G(n + p) = "
            "G(n) over the theorem's whole range, so that it proves the period without grundy, and not at "
            "n = e − 1.",
            "- **Rare heaps and heap 0.** A census row (like `grundy pattern`) counts the rare heaps among "
            "n = 1..N; Czajka's lists, Flammenkamp's tables and `grundy rare` count heap 0 too. Heap 0 has "
            "value 0, rare under every mask without the parity; with the parity, it is rare when every split "
            "removes an even number of tokens, and not when an odd one (grundy's rule, "
            "src/games/take_and_break_values.cpp). So the comparison adds heap 0 to the row's count where it "
            "is rare, and says so (\"10 + heap 0 = 11\": 0.45 has 10 rare heaps in its row, 11 in "
            "SolvedGames.md and in `grundy rare`; .127's parity mask leaves heap 0 common, 693 in both).",
            "- Statistics are compared only for the listed code itself, and only at the same number of values "
            "(for SolvedGames.md, which gives no number, over the table that proves the period), or where his "
            "table is longer but its last rare heap lies within ours under the same mask (then both count the "
            "same heaps); otherwise both are shown.", ""]

    def comparison(self):
        rows, cz_results = self.rows, self.cz_results
        L = self.method()
        count = collections.Counter(r["status"] for r in cz_results.values())
        tcount = collections.Counter(status for _, _, status, _ in self.tab_results)
        own = sum(1 for r in cz_results.values() if r["target"] == r["code"])
        L += ["### Result", "",
              f"- Czajka's lists concern {len(cz_results):,} of the {len(self.codes):,} games in the rows ({own:,} by "
              f"their own code, {len(cz_results) - own:,} through GameLookup.md): {count['agree']:,} agree (the "
              f"same preperiod and period, or no period where he lists the game as unsolved), "
              f"{count['reach']:,} are consistent but beyond the census's reach, {count['newer']:,} are "
              f"periodic where his list says unsolved (Findings), {count['DISAGREE']:,} disagree, "
              f"{count['n/a']:,} could not be compared.",
              f"- octal_table.tsv has {len(self.tab_results):,} rows for games in the rows: {tcount['agree']:,} "
              f"agree, {tcount['reach']:,} are consistent but beyond reach, {tcount['DISAGREE']:,} "
              f"disagree, {tcount['n/a']:,} could not be compared.", ""]
        shift = lambda r: "—" if r["shift"] is None else f"{r['shift']:+d}"
        # The games that agree are counted above (their rows are in the rows file and the atlas);
        # the notes on the statistics stay, for every solved game.
        listed = [r for r in cz_results.values() if r["list"] in ("trivial", "solved")]
        solved = [r for r in listed if r["status"] != "agree"]
        L += ["### (a) Czajka's solved games", ""]
        if solved:
            L += ["The games whose verdict is not a plain agreement (the others are counted above):", ""]
            L += table(["game", "his game", "shift s", "his list (line)", "his prefix, period", "expected e, p",
                        "ours", "verdict"],
                       [[f"`octal:{r['code']}`", r["game"]["name"], shift(r), f"{r['game']['file']} ({r['game']['line']})",
                         f"{r['game']['prefix']}, {r['game']['period']}",
                         "—" if r["expected"] is None else f"{r['expected'][0]:,}, {r['expected'][1]:,}",
                         ours_text(rows[r["code"]]), cell(r["text"])] for r in solved])
        elif listed:
            L.append("Every one agrees.")
        else:
            L.append("None of the games in the rows.")
        notes = [r for r in listed if r["stats"] or r["notes"]]
        if notes:
            L += ["", "Notes on the games of his solved lists:", ""]
        for r in notes:
            bits = ([f"rare-value statistics against {r['game']['name']}'s row: {r['stats']}"] if r["stats"] else [])
            L.append(f"- octal:{r['code']}: " + "; ".join(bits + r["notes"]) + ".")
        L.append("")
        unsolved = [r for r in cz_results.values() if r["list"] == "unsolved" and r["status"] != "agree"]
        L += ["### (a) Czajka's unsolved games", ""]
        if unsolved:
            L += ["The games of UnsolvedGames.md (or equivalent to one) for which the census does not simply "
                  "confirm that no period shows up to its bound (the others are counted above):", ""]
            L += table(["game", "his game", "shift s", "line", "ours", "verdict"],
                       [[f"`octal:{r['code']}`", r["game"]["name"], shift(r), str(r["game"]["line"]),
                         ours_text(rows[r["code"]]), cell(r["text"])] for r in unsolved])
            stats = [r for r in unsolved if r["stats"]]
            if stats:
                L += ["", "His rare-value statistics, where the list gives them (for the listed code itself):", ""]
                L += [f"- octal:{r['code']}: {r['stats']}." for r in stats]
        else:
            L.append("None of the games in the rows.")
        L.append("")
        other = [r for r in cz_results.values() if r["list"] is None]
        if other:
            L += ["Not compared with Czajka's lists:", ""] + [f"- octal:{r['code']}: {r['text']}." for r in other] + [""]
        L += ["### (b) octal_table.tsv", ""]
        tab_shown = [(c, t, status, text) for c, t, status, text in self.tab_results if status != "agree"]
        if tab_shown:
            L += ["The rows whose verdict is not a plain agreement (the others are counted above):", ""]
            L += table(["game", "line", "source", "preperiod", "period", "ours", "verdict"],
                       [[f"`octal:{c}`", str(t["line"]), cell(t["source"]), f"{t['prefix']:,}", f"{t['period']:,}",
                         ours_text(rows[c]), cell(text)] for c, t, _, text in tab_shown])
        elif self.tab_results:
            L.append("Every row agrees.")
        else:
            L.append("None of the games in the rows.")
        L.append("")
        uncovered = [c for c in self.codes if c not in cz_results and c not in self.octal_table]
        if uncovered:
            L += [f"{len(uncovered):,} games of the rows are in no source (Czajka's lists cover codes of at most "
                  "three digits).", ""]
        return L

    def text(self):
        words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
        L = [f"# The {words[self.K]}-digit octal census", "",
             f"The pattern of every octal game `d0.d1…d{self.K}` (d0 = 0 or 4; {self.all_codes:,} games), as "
             "`grundy pattern` finds it (docs/census.md, docs/games/octal.md), compared with the published "
             "lists.", ""]
        L += self.commands() + self.summary() + self.findings() + self.every_game() + self.no_period()
        L += self.comparison()
        return "\n".join(L).rstrip("\n") + "\n"


def main(argv):
    ap = argparse.ArgumentParser(prog=PROG, description="Write the Markdown page of an octal census. The page "
                                 "always describes itself as docs/census/octal-K.md and links from docs/census/, "
                                 "wherever --out writes it.")
    ap.add_argument("rows", help="the census rows (JSON lines), complete or partial")
    ap.add_argument("--digits", type=int, required=True, help="K of `grundy census octal --digits K`")
    ap.add_argument("--out", required=True, help="the page to write")
    ap.add_argument("--deeper", action="append", default=[],
                    help="the rows of a deeper pass over this census (`grundy census octal --digits K --deepen ROWS "
                    "--resume FILE`) not folded into ROWS yet: each replaces its game's census row. Given again: "
                    "a deeper pass over a census of fewer digits, whose rows fill in the games the earlier files "
                    "have not redone")
    ap.add_argument("--fewer", action="append", default=[],
                    help="a census of fewer digits with its deeper pass folded in (or that pass's rows): its rows "
                    "with \"deepened_from\" fill in the games this census's own pass has not redone")
    ap.add_argument("--sources", default=DEFAULT_SOURCES, help="the folder of Czajka's lists")
    ap.add_argument("--table", default=DEFAULT_TABLE, help="octal_table.tsv")
    args = ap.parse_args(argv)
    try:
        if not 1 <= args.digits <= CENSUS_MAX_DIGITS:
            raise Failure(f"--digits must be 1 to {CENSUS_MAX_DIGITS}")
        rows, max_heap, dropped = read_rows(args.rows, args.digits)
        census = {c: r for c, r in rows.items() if not r.get("_deeper")}
        files = [(path, "deeper pass" if i == 0 else f"deeper pass {os.path.basename(path)}")
                 for i, path in enumerate(args.deeper)]
        files += [(path, f"deeper pass {os.path.basename(path)}") for path in args.fewer]
        for path, label in files:
            deep, _, _ = read_rows(path, args.digits, deeper=True, label=label)
            merge_deeper(args.rows, rows, census, max_heap, path, deep, args.digits)
        cz = read_czajka(args.sources)
        octal_table = read_octal_table(args.table)
        page = Page(args, rows, max_heap, dropped, cz, octal_table).text()
        tmp = args.out + ".part"
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(page)
            os.replace(tmp, args.out)
        except OSError as err:
            raise Failure(f"cannot write {args.out}: {err.strerror}")
    except Failure as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
