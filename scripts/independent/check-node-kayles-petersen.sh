#!/usr/bin/env bash
# Values of Node Kayles on generalized Petersen graphs GP(n, K) by a program
# independent of grundy (node_kayles_petersen_check.cpp: a memoised mex over
# pieces up to the graph's rotations and reflections, no grundy code),
# compiled here with the system's g++, one TSV row a graph:
# n, vertices, value, seconds (wall), pieces valued.
# Usage: scripts/independent/check-node-kayles-petersen.sh [--k K] N...
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
k=2
if [[ ${1:-} == --k ]]; then
  [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "check-node-kayles-petersen.sh: --k takes a number from 1" >&2; exit 2; }
  k=$2
  shift 2
fi
[[ $# -gt 0 ]] || { echo "usage: scripts/independent/check-node-kayles-petersen.sh [--k K] N..." >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++20 -O2 -Wall -Wextra -Werror -o "$work/check" "$here/node_kayles_petersen_check.cpp"
for n in "$@"; do "$work/check" "$n" "$k"; done
