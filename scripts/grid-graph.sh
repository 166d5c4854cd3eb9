#!/usr/bin/env bash
# The m x n grid graph as a graph file for node-kayles:FILE (and graph:FILE):
# vertices rRcC (row R, column C, from 1), one line a vertex, one line an edge.
# Usage: scripts/grid-graph.sh M N > grid.txt
set -euo pipefail
[[ $# -eq 2 && $1 =~ ^[1-9][0-9]*$ && $2 =~ ^[1-9][0-9]*$ ]] ||
  { echo "usage: scripts/grid-graph.sh M N   (rows and columns, from 1)" >&2; exit 2; }
awk -v m="$1" -v n="$2" 'BEGIN {
  for (r = 1; r <= m; r++) for (c = 1; c <= n; c++) {
    v = "r" r "c" c; print v
    if (c < n) print v, "r" r "c" (c + 1)
    if (r < m) print v, "r" (r + 1) "c" c
  } }'
