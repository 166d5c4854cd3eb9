#!/usr/bin/env bash
# scripts/misere_census_table.py, the maker of docs/misere.md's table of the two-digit misère census:
#  1. the table between the markers "<!-- misere-census-table: ROWS -->" and
#     "<!-- end misere-census-table -->" of docs/misere.md is what the script makes of ROWS, line
#     for line;
#  2. on hand-made rows: a proven game, a game stopped by each limit, a game with no quotient;
#  3. bad input: exit 2 and one line naming the file (and the line).
# It needs python3 only. Exit 0 when all pass, 1 otherwise.
#
# Usage: misere_census_table_test.sh [REPO_ROOT]   (default: the repository this file is in)
source "$(dirname "$0")/checks.sh" "$@"
script=$root/scripts/misere_census_table.py

# --- 1. The committed table ---------------------------------------------------------------------
doc=$root/docs/misere.md
rows=$(sed -n 's/^<!-- misere-census-table: \(.*\) -->$/\1/p' "$doc")
if [[ -z $rows ]]; then
  fail "$doc has no <!-- misere-census-table: ROWS --> marker"
else
  sed -n '/^<!-- misere-census-table: /,/^<!-- end misere-census-table -->$/p' "$doc" | sed '1d;$d' > "$tmp/committed"
  python3 "$script" "$root/$rows" > "$tmp/made" || fail "the script failed on $rows"
  diff "$tmp/made" "$tmp/committed" > "$tmp/diff" || fail "docs/misere.md's table is not what the script makes of $rows: $(head -5 "$tmp/diff")"
fi

# --- 2. Hand-made rows ----------------------------------------------------------------------------
cat > "$tmp/rows.jsonl" <<'ROWS'
{"game":"octal:0.75","kind":"quotient","size":8,"tame":false,"whole":{"preperiod":8,"period":2,"checked_to":21},"stopped_by":null,"max_heap":21,"most_heaps":300,"budget":20.0,"seconds":0.004}
{"game":"octal:0.07","kind":"quotient","size":638,"tame":false,"whole":null,"stopped_by":"time","max_heap":33,"most_heaps":300,"budget":20.0,"seconds":20.05}
{"game":"octal:0.06","kind":"quotient","size":48,"tame":false,"whole":null,"stopped_by":"size","max_heap":16,"most_heaps":300,"budget":20.0,"seconds":1.08}
{"game":"octal:0.44","kind":"quotient","size":40,"tame":false,"whole":null,"stopped_by":"most_heaps","max_heap":300,"most_heaps":300,"budget":20.0,"seconds":9.5}
{"game":"octal:0.31","kind":"quotient","size":6,"tame":true,"whole":{"preperiod":3,"period":2,"checked_to":11},"stopped_by":null,"max_heap":11,"most_heaps":300,"budget":20.0,"seconds":0.0}
{"game":"octal:4.0","kind":"no-quotient","why":"no heap shrinks"}
ROWS
python3 "$script" "$tmp/rows.jsonl" > "$tmp/out" || fail "hand-made rows: the script failed"
expect() { grep -qF -- "$1" "$tmp/out" || fail "hand-made rows: no line with: $1"; }
expect "6 games (at most 300 heaps and 20.0 s of core time a game): **2 proven whole**, 1 tame and 1 wild."
expect "Stopped short of a proof: 1 by the budget, 1 by the size limits, 1 by the most heaps."
expect "Without a quotient: 1 no-quotient."
expect "| \`octal:0.75\` | 8 | wild | 2 from 8 | whole (21) |  | 0.00 |"
expect "| \`octal:0.07\` | 638 | wild |  | to heap 33 | budget | 20.05 |"
expect "| \`octal:0.44\` | 40 | wild |  | to heap 300 | most heaps | 9.50 |"
row_line() { grep -nF -m1 -- "| \`$1\` |" "$tmp/out" | cut -d: -f1; }
[[ $(row_line octal:0.06) -lt $(row_line octal:0.31) && $(row_line octal:0.75) -lt $(row_line octal:4.0) ]] ||
  fail "hand-made rows: not in code order"

# --- 3. Bad input -----------------------------------------------------------------------------------
printf '{"game":"octal:0.1"}\n{"game": \n' > "$tmp/bad.jsonl"
python3 "$script" "$tmp/bad.jsonl" > "$tmp/out" 2> "$tmp/err"
[[ $? == 2 ]] || fail "a broken line: expected exit status 2"
grep -q "bad.jsonl:2:" "$tmp/err" || fail "a broken line: the message does not name line 2: $(cat "$tmp/err")"
python3 "$script" "$tmp/none.jsonl" > /dev/null 2> "$tmp/err"
[[ $? == 2 ]] || fail "a missing file: expected exit status 2"

finish misere_census_table_test
