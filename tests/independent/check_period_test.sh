#!/usr/bin/env bash
# The independent period check (scripts/independent/check-period.sh) agrees
# with grundy's proven periods on games that split heaps and games that do
# not, and refutes a wrong period and a preperiod that is not the smallest;
# its rare-value method (--rare MASK) gives the plain mex's values (their
# hash) under grundy's mask and under a poor one.
# Usage: check_period_test.sh GRUNDY SOURCE_DIR
set -euo pipefail
grundy=$1
source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Compiled once here as the script compiles it; the script itself is run once at the end.
g++ -std=c++20 -O2 -Wall -Wextra -Werror -o "$work/check" "$source_dir/scripts/independent/octal_period_check.cpp"
check=$work/check
for game in 0.4 0.137 0.07 0.15 4.4 0.3122 0.644; do
  json=$("$grundy" pattern "octal:$game" --json)
  read -r proven e p mask < <(python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["proven"], r["preperiod"], r["period"], r.get("rare_mask") or 1)' <<< "$json")
  [[ $proven == True ]] || { echo "octal:$game is not proven by grundy: pick another game" >&2; exit 1; }
  out=$("$check" "$game" "$e" "$p")
  [[ $out == confirmed:* ]] || { echo "octal:$game: $out" >&2; exit 1; }
  echo "$out"
  for m in "$mask" 1 0x2a; do
    rare=$("$check" --rare "$m" "$game" "$e" "$p" 2> /dev/null)
    [[ ${rare##*hash } == "${out##*hash }" ]] || { echo "octal:$game, --rare $m: $rare, not the plain mex's values" >&2; exit 1; }
  done
  # One less preperiod, and a period one longer: refuted, exit 1.
  if (( e > 0 )); then
    status=0; "$check" "$game" $((e - 1)) "$p" > /dev/null || status=$?
    (( status == 1 )) || { echo "octal:$game: preperiod $((e - 1)) not refuted (exit $status)" >&2; exit 1; }
  fi
  status=0; "$check" "$game" "$e" $((p + 1)) > /dev/null || status=$?
  (( status == 1 )) || { echo "octal:$game: period $((p + 1)) not refuted (exit $status)" >&2; exit 1; }
done
status=0; "$check" 0.x 1 2 2> /dev/null || status=$?
(( status == 2 )) || { echo "a bad code is not exit 2" >&2; exit 1; }
# 0.16's period 149,459 from 105,351 (509,622 values: minutes for the plain
# mex) by the rare-value method alone, and a preperiod one less refuted.
[[ $("$check" --rare 0x1e 0.16 105351 149459 2> /dev/null) == confirmed:* ]] ||
  { echo "--rare does not confirm 0.16's period" >&2; exit 1; }
status=0; "$check" --rare 0x1e 0.16 105350 149459 > /dev/null 2>&1 || status=$?
(( status == 1 )) || { echo "--rare: 0.16 from 105,350 not refuted (exit $status)" >&2; exit 1; }
status=0; "$check" --rare 0 0.4 54 34 2> /dev/null || status=$?
(( status == 2 )) || { echo "a zero mask is not exit 2" >&2; exit 1; }

[[ $(bash "$source_dir/scripts/independent/check-period.sh" 0.4 54 34) == confirmed:* ]] ||
  { echo "check-period.sh does not confirm 0.4's period" >&2; exit 1; }
echo "check_period_test: the independent check agrees with grundy"
