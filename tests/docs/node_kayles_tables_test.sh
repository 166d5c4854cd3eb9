#!/usr/bin/env bash
# scripts/node_kayles_tables.py, the maker of docs/games/node-kayles.md's tables:
#  1. each table between "<!-- node-kayles-table: ARGS -->" and "<!-- end node-kayles-table -->"
#     is what the script makes of ARGS (run from the repository's root), line for line;
#  2. on hand-made rows: a grid cut off, values awaiting the check, a disagreement (exit 1);
#  3. bad input: exit 2 and one line naming the file (and the line).
# It needs python3 only. Exit 0 when all pass, 1 otherwise.
#
# Usage: node_kayles_tables_test.sh [REPO_ROOT]   (default: the repository this file is in)
source "$(dirname "$0")/checks.sh" "$@"
script=$root/scripts/node_kayles_tables.py

# --- 1. The committed tables ----------------------------------------------------------------------
doc=$root/docs/games/node-kayles.md
mapfile -t blocks < <(sed -n 's/^<!-- node-kayles-table: \(.*\) -->$/\1/p' "$doc")
[[ ${#blocks[@]} == 3 ]] || fail "$doc: expected 3 node-kayles-table markers, found ${#blocks[@]}"
for i in "${!blocks[@]}"; do
  # The i-th block's lines, markers left out.
  awk -v want=$((i + 1)) '/^<!-- node-kayles-table: / { n++; inside = (n == want); next }
                          /^<!-- end node-kayles-table -->$/ { inside = 0 } inside' "$doc" > "$tmp/committed"
  # shellcheck disable=SC2086  # ARGS are words
  (cd "$root" && python3 "$script" ${blocks[$i]}) > "$tmp/made" || fail "the script failed on: ${blocks[$i]}"
  diff "$tmp/made" "$tmp/committed" > "$tmp/diff" ||
    fail "node-kayles.md's table '${blocks[$i]}' is not what the script makes: $(head -5 "$tmp/diff")"
done

# --- 2. Hand-made rows ----------------------------------------------------------------------------
printf 'rows\tcolumns\tvertices\tvalue\tseconds\tpeak_mib\n' > "$tmp/grids.tsv"
printf '%s\t%s\t%s\t%s\t%s\t%s\n' 3 17 51 2 0.20 8  3 18 54 2 0.21 8  3 19 57 1 150.4 90  3 20 60 - '>1800' - \
  4 4 16 0 0.00 7  4 5 20 0 0.01 7  3 3 9 1 0.00 7 >> "$tmp/grids.tsv"
# (a 3 x 16 row, the last published term, and a 4 x 17 row of the check, of other rows: both left out)
printf '%s\t%s\t%s\t%s\t%s\t%s\n' 3 16 48 3 0.15 8 >> "$tmp/grids.tsv"
printf 'rows\tcolumns\tvalue\tpieces\tseconds\n3\t17\t2\t59791\t0.55\n3\t18\t2\t109656\t1.12\n3\t16\t3\t1\t0.1\n4\t17\t9\t1\t9.996\n' > "$tmp/check.tsv"
python3 "$script" grids "$tmp/grids.tsv" > "$tmp/out" || fail "hand-made grids: the script failed"
expect() { grep -qF -- "$1" "$tmp/out" || fail "hand-made rows: no line with: $1 in: $(cat "$tmp/out")"; }
expect "| 3 | 3, 16 to 19 | 1, 3, 2, 2, 1 | 0.00, 0.15, 0.20, 0.21, 150 | 3 × 20: not finished in 1800 s |"
expect "| 4 | 4 to 5 | 0, 0 | at most 0.01 each |  |"
python3 "$script" grids-checked "$tmp/grids.tsv" "$tmp/check.tsv" 3 16 > "$tmp/out" || fail "hand-made check: the script failed"
expect "| 3 × 17 | 2 | 0.20 s | 2 (59,791 pieces, 0.55 s) |"
expect "| 3 × 18 | 2 | 0.21 s | 2 (109,656 pieces, 1.12 s) |"
expect "grundy's values that await the independent program: 3 × 19 = 1."
grep -qF "3 × 3 " "$tmp/out" && fail "hand-made check: a published term (3 x 3) is listed"
grep -qF "3 × 16 " "$tmp/out" && fail "hand-made check: the last published term (3 x 16) is listed"
grep -qF "4 × 17" "$tmp/out" && fail "hand-made check: a grid of 4 rows is listed among the 3 x n"
printf '3\t19\t1\t201490\t2.30\n' >> "$tmp/check.tsv"
python3 "$script" grids-checked "$tmp/grids.tsv" "$tmp/check.tsv" 3 16 > "$tmp/out" || fail "all confirmed: the script failed"
expect "Every value grundy gives past the published terms is confirmed."
printf '3\t18\t1\t109656\t1.12\n' > "$tmp/twice.tsv"
cat "$tmp/check.tsv" "$tmp/twice.tsv" > "$tmp/check-twice.tsv"
python3 "$script" grids-checked "$tmp/grids.tsv" "$tmp/check-twice.tsv" 3 16 > /dev/null 2> "$tmp/err"
[[ $? == 1 ]] || fail "a grid checked twice with two values: expected exit status 1"
grep -qF "two values, 2 and 1" "$tmp/err" || fail "a grid checked twice: the message does not say so: $(cat "$tmp/err")"
printf '3\t21\t4\t680217\t9.996\n' >> "$tmp/check.tsv"
printf '3\t21\t63\t5\t109.14\t121\n' >> "$tmp/grids.tsv"
python3 "$script" grids-checked "$tmp/grids.tsv" "$tmp/check.tsv" 3 16 > /dev/null 2> "$tmp/err"
[[ $? == 1 ]] || fail "a disagreement: expected exit status 1"
grep -qF "3 × 21: grundy gives 5" "$tmp/err" || fail "a disagreement: the message does not say so: $(cat "$tmp/err")"
sed -i 's/^3\t21\t4\t/3\t21\t5\t/' "$tmp/check.tsv"
python3 "$script" grids-checked "$tmp/grids.tsv" "$tmp/check.tsv" 3 16 > "$tmp/out" || fail "3 x 21 agreed: the script failed"
expect "| 3 × 21 | 5 | 109 s | 5 (680,217 pieces, 10.0 s) |"
printf 'n\tk\tvertices\tvalue\tseconds\tpeak_mib\n27\t2\t54\t1\t1.05\t9\n28\t2\t56\t0\t0.85\t9\n27\t3\t54\t0\t2.0\t9\n' > "$tmp/gp.tsv"
printf 'n\tvertices\tvalue\tseconds\tpieces\n27\t54\t1\t5.30\t324020\n' > "$tmp/gp-check.tsv"
python3 "$script" petersen-checked "$tmp/gp.tsv" "$tmp/gp-check.tsv" 2 26 > "$tmp/out" || fail "hand-made GP: the script failed"
expect "| GP(27, 2) | 1 | 1.05 s | 1 (324,020 pieces, 5.30 s) |"
expect "grundy's values that await the independent program: GP(28, 2) = 0."
python3 "$script" petersen-checked "$tmp/gp.tsv" "$tmp/gp-check.tsv" 3 26 > /dev/null 2> "$tmp/err"
[[ $? == 2 ]] || fail "GP(n, 3) against a check file of GP(n, 2): expected exit status 2"

# --- 3. Bad input ---------------------------------------------------------------------------------
# refused WHAT TEXT ARGS...: the script on ARGS exits 2, its message holding TEXT.
refused() {
  local what=$1 text=$2
  shift 2
  python3 "$script" "$@" > /dev/null 2> "$tmp/err"
  local status=$?
  [[ $status == 2 ]] || fail "$what: expected exit status 2, got $status"
  grep -qF -- "$text" "$tmp/err" || fail "$what: the message does not hold '$text': $(cat "$tmp/err")"
}
header=$'rows\tcolumns\tvertices\tvalue\tseconds\tpeak_mib'
printf 'rows\tcolumns\n' > "$tmp/bad1.tsv"
refused "a wrong header" "bad1.tsv:1:" grids "$tmp/bad1.tsv"
printf '%s\n3\t4\t12\t0\n' "$header" > "$tmp/bad2.tsv"
refused "a short line" "bad2.tsv:2:" grids "$tmp/bad2.tsv"
refused "a missing file" "none.tsv" grids "$tmp/none.tsv"
printf '%s\n3\t4\t12\t0\t0.1\t7\n3\t5\t15\tx\t0.1\t7\n' "$header" > "$tmp/bad3.tsv"
refused "a value 'x'" "bad3.tsv:3: value 'x'" grids "$tmp/bad3.tsv"
printf '%s\n3\t5\t15\t-\t-\t-\n' "$header" > "$tmp/bad4.tsv"
refused "a grid cut off without its timeout" "bad4.tsv:2:" grids "$tmp/bad4.tsv"
refused "ROWS not a number" "ROWS 'three'" grids-checked "$tmp/grids.tsv" "$tmp/check.tsv" three 16
refused "an unknown table" "usage:" tables
printf '%s\n3\t5\t15\t3\t0.1\t7\n3\t5\t15\t2\t0.1\t7\n' "$header" > "$tmp/twice.tsv"
python3 "$script" grids "$tmp/twice.tsv" > /dev/null 2> "$tmp/err"
[[ $? == 1 ]] || fail "grundy's table with two values for 3 x 5: expected exit status 1"

finish node_kayles_tables_test
