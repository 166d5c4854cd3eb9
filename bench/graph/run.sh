#!/usr/bin/env bash
# Times `grundy value graph:FILE 0` (reading a graph file and computing every
# value) on random graphs from gen_dag, and prints a Markdown table of time
# and peak memory: DAGs, and graphs with cycles (generalized values).
#
#   bash bench/graph/run.sh [--runs K] [--quick] [--records] [--no-build]
#
#   --runs K      best of K runs (default 5)
#   --quick       skip the large graphs (10^6 vertices, 10^7 edges, 138 MB)
#   --records     print one tab-separated line per input for bench/run-all.sh
#                 instead of the table
#   --no-build    use the binaries already in build/bench
#
# Inputs come from gen_dag with seed 1: V = 10^5, E = 10^6 (small) and
# V = 10^6, E = 10^7 (large); with the same sizes, "back-edges" turns 1,000
# of the large DAG's edges around (cycles through about two thirds of the
# vertices, 13 value levels) and "digraph" half of them (a uniformly random
# digraph). Files are written to a temporary directory (so each is in the
# page cache when it is read). There is no reference program.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=bench/common/timing.sh
source "$root/bench/common/timing.sh"
runs=5 quick=0 records=0 no_build=0
while (($#)); do
  case $1 in
    --runs) need_value "$@"; runs=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --records) records=1; shift ;;
    --no-build) no_build=1; shift ;;
    -h|--help) usage_of "$0"; exit 0 ;;
    *) echo "graph/run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "graph/run.sh: --runs expects a positive whole number" >&2; exit 2; }

bench_build grundy_cli gen_dag
grundy="$root/build/bench/apps/grundy/grundy"
gen="$root/build/bench/bench/gen_dag"

work=$(mktemp -d /tmp/graph-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
declare -A vertices=([small]=100000 [large]=1000000 [back-edges]=1000000 [digraph]=1000000)
declare -A edges=([small]=1000000 [large]=10000000 [back-edges]=10000000 [digraph]=10000000)
declare -A back=([small]=0 [large]=0 [back-edges]=1000 [digraph]=5000000)
declare -A shape=([small]="random DAG, V = 10^5, E = 10^6, seed 1" [large]="random DAG, V = 10^6, E = 10^7, seed 1"
  [back-edges]="random DAG with 1,000 edges reversed, V = 10^6, E = 10^7, seed 1"
  [digraph]="random digraph, V = 10^6, E = 10^7, seed 1")
inputs=(small)
((quick)) || inputs+=(large back-edges digraph)
for input in "${inputs[@]}"; do
  "$gen" "${vertices[$input]}" "${edges[$input]}" --seed 1 --back "${back[$input]}" --output "$work/$input.in"
done

limit=120

if ((records == 0)); then
  echo "| input | vertices | edge lines | size | time | memory | value of vertex 0 |"
  echo "|---|---|---|---|---|---|---|"
fi
status=0
for input in "${inputs[@]}"; do
  progress "graph: $input"
  read -r secs kb <<<"$(best_of grundy "$input" "$runs" "$grundy" value "graph:$work/$input.in" 0)"
  is_time "$secs" || status=1
  if ((records)); then
    record graph "$input" "${shape[$input]}" "$(stat -c %s "$work/$input.in")" "$secs" "$kb" \
      "none (no reference program)" - - n/a n/a
  else
    time_memory="$(cell "$secs" "$kb") | " value=n/a
    is_time "$secs" && time_memory="$secs s | $((kb / 1024)) MB" value=$(cat "$work/grundy.$input.out")
    echo "| $input | ${vertices[$input]} | ${edges[$input]} | $(size_mb "$work/$input.in") | $time_memory | $value |"
  fi
done
if ((records == 0)); then
  echo
  echo "Wall time of the best of $runs runs, peak resident memory of that run."
  machine_line
fi
exit $status
