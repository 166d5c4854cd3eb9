#!/usr/bin/env bash
# The independent period check (scripts/independent/check-period.sh) agrees
# with grundy's proven periods on games that split heaps and games that do
# not, and refutes a wrong period and a preperiod that is not the smallest.
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
  read -r proven e p < <(python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["proven"], r["preperiod"], r["period"])' <<< "$json")
  [[ $proven == True ]] || { echo "octal:$game is not proven by grundy: pick another game" >&2; exit 1; }
  out=$("$check" "$game" "$e" "$p")
  [[ $out == confirmed:* ]] || { echo "octal:$game: $out" >&2; exit 1; }
  echo "$out"
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
[[ $(bash "$source_dir/scripts/independent/check-period.sh" 0.4 54 34) == confirmed:* ]] ||
  { echo "check-period.sh does not confirm 0.4's period" >&2; exit 1; }
echo "check_period_test: the independent check agrees with grundy"
