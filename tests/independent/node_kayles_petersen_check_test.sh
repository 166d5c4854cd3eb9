#!/usr/bin/env bash
# The independent Node Kayles values on generalized Petersen graphs
# (scripts/independent/node_kayles_petersen_check.py, no grundy code) give
# OEIS A316533's terms GP(5, 2) .. GP(20, 2), with its dihedral keys and
# without them.
# Usage: node_kayles_petersen_check_test.sh SOURCE_DIR
set -euo pipefail
check=$1/scripts/independent/node_kayles_petersen_check.py
want=1,0,1,0,1,0,0,0,1,0,1,0,0,0,0,0
got=$(python3 "$check" $(seq 5 20) | cut -f3 | paste -sd,)
[[ $got == "$want" ]] || { echo "GP(n, 2), n = 5..20: $got, not A316533's $want" >&2; exit 1; }
got=$(python3 "$check" --no-symmetry $(seq 5 14) | cut -f3 | paste -sd,)
[[ $got == "${want:0:19}" ]] || { echo "GP(n, 2) without the symmetry, n = 5..14: $got" >&2; exit 1; }
echo "node_kayles_petersen_check_test: A316533 holds"
