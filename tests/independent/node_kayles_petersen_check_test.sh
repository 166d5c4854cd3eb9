#!/usr/bin/env bash
# The independent Node Kayles values on generalized Petersen graphs
# (scripts/independent/node_kayles_petersen_check.cpp) give OEIS A316533's
# terms GP(5, 2) to GP(24, 2), and Petersen's own graph GP(5, 2) with K given;
# bad arguments are refused with status 2.
# Usage: node_kayles_petersen_check_test.sh SOURCE_DIR
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++20 -O2 -Wall -Wextra -Werror -o "$work/check" "$1/scripts/independent/node_kayles_petersen_check.cpp"
got=$(for n in $(seq 5 24); do "$work/check" "$n"; done | cut -f3 | paste -sd,)
[[ $got == 1,0,1,0,1,0,0,0,1,0,1,0,0,0,0,0,1,0,0,0 ]] || { echo "GP(n, 2): $got, not A316533" >&2; exit 1; }
[[ $("$work/check" 5 2 | cut -f1-3) == $'5\t10\t1' ]] || { echo "GP(5, 2) with K given" >&2; exit 1; }
for bad in "4" "65" "10 5" "10 0"; do
  status=0
  # shellcheck disable=SC2086  # the arguments are meant to split
  "$work/check" $bad 2> /dev/null || status=$?
  (( status == 2 )) || { echo "'$bad' is not refused with status 2" >&2; exit 1; }
done
echo "node_kayles_petersen_check_test: A316533 holds"
