#!/usr/bin/env bash
# The value of Node Kayles on every m x n grid graph (m <= n, m * n <= 128:
# the vertex limit of node-kayles:FILE), smallest grids first, one row per grid
# appended to a TSV file as each finishes (docs/games/node-kayles.md).
#
# Usage: scripts/node-kayles-grids.sh [--out FILE] [--timeout SECONDS] [--memory SIZE] [--rows M]
#   --out FILE        the table (default docs/census/node-kayles-grids.tsv); a grid
#                     already in it is skipped, so a stopped run goes on where it stopped
#   --timeout SECONDS the longest one grid may take, in wall time (default 1800); a grid cut off is
#                     a row with value '-' (run again with a larger timeout to retry it)
#   --memory SIZE     grundy's --memory for each grid (default 4G)
#   --rows M          only grids of M rows (3 for OEIS A316632)
# GRUNDY names the grundy binary (default build/release/apps/grundy/grundy).
# Columns: rows, columns, vertices, value, seconds (processor time: user + system, so
# that other work on the machine does not inflate it), peak memory (MiB).
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/census/node-kayles-grids.tsv
timeout=1800
memory=4G
only_rows=
while [[ $# -gt 0 ]]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --memory) memory=$2; shift 2 ;;
    --rows) only_rows=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "node-kayles-grids.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
grundy=${GRUNDY:-build/release/apps/grundy/grundy}
[[ -x $grundy ]] || { echo "node-kayles-grids.sh: no grundy at $grundy (build it, or set GRUNDY)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[[ -s $out ]] || printf 'rows\tcolumns\tvertices\tvalue\tseconds\tpeak_mib\n' > "$out"

# Every grid by its number of vertices, then by rows.
for size in $(seq 1 128); do
  for m in $(seq 1 12); do
    (( size % m == 0 )) || continue
    n=$(( size / m ))
    (( m <= n )) || continue
    [[ -z $only_rows || $m == "$only_rows" ]] || continue
    if awk -v m="$m" -v n="$n" 'NR > 1 && $1 == m && $2 == n && $4 != "-" { found = 1 } END { exit !found }' "$out"; then
      continue
    fi
    # A grid of these rows and fewer columns cut off within this timeout or a
    # larger one: this one, which holds it, would be too.
    if awk -v m="$m" -v n="$n" -v t="$timeout" \
         'NR > 1 && $1 == m && $2 < n && $4 == "-" && substr($5, 2) + 0 >= t { found = 1 } END { exit !found }' "$out"; then
      continue
    fi
    bash scripts/grid-graph.sh "$m" "$n" > "$work/grid.txt"
    if value=$(/usr/bin/time -f '%U %S %M' -o "$work/time" timeout "$timeout" \
                 "$grundy" value "node-kayles:$work/grid.txt" all --memory "$memory" --threads 1 2> "$work/err"); then
      seconds=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time")
      peak=$(awk '{ printf "%.0f", $3 / 1024 }' "$work/time")
    else
      value=- seconds=">$timeout" peak=-
      tail -1 "$work/err" >&2 || true
    fi
    # A row cut off before is replaced by the new one.
    awk -v m="$m" -v n="$n" 'NR == 1 || !($1 == m && $2 == n)' "$out" > "$work/out" && cp "$work/out" "$out"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$m" "$n" "$size" "$value" "$seconds" "$peak" | tee -a "$out"
  done
done
