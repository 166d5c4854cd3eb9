#!/usr/bin/env bash
# Values of Node Kayles on m x n grids by a program independent of grundy
# (node_kayles_grid_check.cpp: a memoised mex over pieces, no grundy code),
# compiled here with the system's g++, one TSV row a grid:
# rows, columns, value, pieces valued, seconds (wall).
# Usage: scripts/independent/check-node-kayles-grids.sh M N1 N2 [TIMEOUT]
#   every M x N grid for N1 <= N <= N2, each cut off after TIMEOUT seconds (default 3600)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++20 -O2 -Wall -Wextra -Werror -o "$work/check" "$here/node_kayles_grid_check.cpp"
for n in $(seq "$2" "$3"); do
  timeout "${4:-3600}" "$work/check" "$1" "$n" || { echo "$1 x $n: not finished within ${4:-3600} s" >&2; exit 0; }
done
