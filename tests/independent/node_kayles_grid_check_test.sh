#!/usr/bin/env bash
# The independent Node Kayles grid values (scripts/independent) give OEIS
# A316632's 16 terms (3 x n), 2 x n alternating 1, 0 and 4 x n zero (its
# comments); past the published terms, 3 x 17 to 3 x 20 and the 5 x 5 to 5 x 7
# grids, the independent program and grundy (GRUNDY) agree.
# Usage: node_kayles_grid_check_test.sh SOURCE_DIR GRUNDY
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++20 -O2 -Wall -Wextra -Werror -o "$work/check" "$1/scripts/independent/node_kayles_grid_check.cpp"
got=$(for n in $(seq 1 16); do "$work/check" 3 "$n"; done | cut -f3 | paste -sd,)
[[ $got == 2,1,1,0,3,3,2,2,2,3,3,5,2,4,1,3 ]] || { echo "3 x n: $got, not A316632" >&2; exit 1; }
got=$(for n in $(seq 1 12); do "$work/check" 2 "$n"; done | cut -f3 | paste -sd,)
[[ $got == 1,0,1,0,1,0,1,0,1,0,1,0 ]] || { echo "2 x n: $got" >&2; exit 1; }
got=$(for n in $(seq 1 8); do "$work/check" 4 "$n"; done | cut -f3 | paste -sd,)
[[ $got == 0,0,0,0,0,0,0,0 ]] || { echo "4 x n: $got" >&2; exit 1; }
for grid in "3 17" "3 18" "3 19" "3 20" "5 5" "5 6" "5 7"; do
  read -r m n <<<"$grid"
  bash "$1/scripts/grid-graph.sh" "$m" "$n" > "$work/grid.txt"
  ours=$("$2" value "node-kayles:$work/grid.txt" all)
  theirs=$("$work/check" "$m" "$n" | cut -f3)
  [[ $ours == "$theirs" ]] || { echo "$m x $n: grundy says $ours, the independent program $theirs" >&2; exit 1; }
done
status=0; "$work/check" 12 11 2> /dev/null || status=$?
(( status == 2 )) || { echo "a grid of 132 vertices is not refused" >&2; exit 1; }
echo "node_kayles_grid_check_test: A316632 and its comments hold; grundy agrees to 3 x 20"
