#!/usr/bin/env bash
# The value of Node Kayles on the generalized Petersen graphs GP(n, k) (OEIS
# A316533 for k = 2): outer cycle u_i u_{i+1}, spokes u_i v_i, inner edges
# v_i v_{i+k}, indices mod n; 2n vertices. One row per graph appended to a
# TSV file as each finishes (docs/games/node-kayles.md, "Generalized Petersen
# graphs").
#
# Usage: scripts/node-kayles-petersen.sh [--k K] [--from N] [--to N] [--odd] [--out FILE]
#                                        [--timeout SECONDS] [--memory SIZE]
#   --k K             the inner step (default 2)
#   --from N, --to N  the n to value (default 5 to 64: the 128-vertex limit)
#   --odd             odd n only (even n >= 6 is 0 for k = 2: a rotation through n/2
#                     takes no vertex next to itself, so the second player copies)
#   --out FILE        the table (default docs/census/node-kayles-petersen.tsv); a graph
#                     already in it is skipped, so a stopped run goes on where it stopped
#   --timeout SECONDS the longest one graph may take, in wall time (default 1800); a
#                     graph cut off ends the run, with no row
#   --memory SIZE     grundy's --memory for each graph (default 4G)
# GRUNDY names the grundy binary (default build/release/apps/grundy/grundy).
# Columns: n, k, vertices, value, seconds (processor time: user + system, so
# that other work on the machine does not inflate it), peak memory (MiB).
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/census/node-kayles-petersen.tsv
k=2 from=5 to=64 odd=0 timeout=1800 memory=4G
while [[ $# -gt 0 ]]; do
  case "$1" in
    --k) k=$2; shift 2 ;;
    --from) from=$2; shift 2 ;;
    --to) to=$2; shift 2 ;;
    --odd) odd=1; shift ;;
    --out) out=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --memory) memory=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "node-kayles-petersen.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for v in "$k" "$from" "$to" "$timeout"; do
  [[ $v =~ ^[0-9]+$ ]] || { echo "node-kayles-petersen.sh: '$v' is not a whole number" >&2; exit 2; }
done
(( k >= 1 && 2 * to <= 128 )) || { echo "node-kayles-petersen.sh: need K >= 1 and N <= 64 (128 vertices)" >&2; exit 2; }
grundy=${GRUNDY:-build/release/apps/grundy/grundy}
[[ -x $grundy ]] || { echo "node-kayles-petersen.sh: no grundy at $grundy (build it, or set GRUNDY)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[[ -s $out ]] || printf 'n\tk\tvertices\tvalue\tseconds\tpeak_mib\n' > "$out"

graph_file() {  # n k: GP(n, k), vertices uI and vI, to stdout
  awk -v n="$1" -v k="$2" 'BEGIN {
    for (i = 0; i < n; i++) {
      print "u" i, "u" ((i + 1) % n)
      print "u" i, "v" i
      print "v" i, "v" ((i + k) % n)
    } }'
}

for n in $(seq "$from" "$to"); do
  (( n > 2 * k )) || continue  # GP(n, k) needs n > 2k
  (( !odd || n % 2 == 1 )) || continue
  if awk -v n="$n" -v k="$k" 'NR > 1 && $1 == n && $2 == k { found = 1 } END { exit !found }' "$out"; then
    continue
  fi
  graph_file "$n" "$k" > "$work/graph.txt"
  if ! value=$(/usr/bin/time -f '%U %S %M' -o "$work/time" timeout "$timeout" \
                 "$grundy" value "node-kayles:$work/graph.txt" all --memory "$memory" --threads 1 2> "$work/err"); then
    echo "node-kayles-petersen.sh: GP($n, $k) not valued within $timeout s: $(tail -1 "$work/err")" >&2
    exit 1
  fi
  seconds=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time")
  peak=$(awk '{ printf "%.0f", $3 / 1024 }' "$work/time")
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$k" "$(( 2 * n ))" "$value" "$seconds" "$peak" | tee -a "$out"
done
