#!/usr/bin/env bash
# Misère Cram: `grundy winner cram HxW --misere` (the search over multisets of
# canonical regions, include/grundy/misere/misere_parts_search.hpp) against a plain
# memoised search of whole boards (bench/misere/plain_cram_misere.cpp), in
# turn, run after run, with each pair's ratio; and their peak memory.
#
# Usage: bench/misere/run.sh [RUNS] [BOARD...]
#   RUNS   runs of each command; medians are reported (default 3)
#   BOARD  HxW boards of at most 64 cells (default: 4x5 5x5 4x7 5x6 6x6)
# A run is stopped after LIMIT seconds (environment, default 600).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-3}
shift || true
boards=("$@")
((${#boards[@]})) || boards=(4x5 5x5 4x7 5x6 6x6)
limit=${LIMIT:-600}

# shellcheck source=../common/timing.sh
source "$root/bench/common/timing.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-misere-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "building grundy and plain_cram_misere (bench preset; seconds when up to date)"
bench_build grundy_cli plain_cram_misere
ours=$root/build/bench/apps/grundy/grundy
plain=$root/build/bench/bench/plain_cram_misere

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# peak_kb CMD...: the peak memory of one run, in KB.
peak_kb() { /usr/bin/time -f '%M' -o "$work/time" "$@" >/dev/null 2>&1 && tail -n 1 "$work/time" || echo failed; }

printf '\n%-6s %-7s %10s %10s %10s %10s %9s %9s\n' board winner "grundy s" "plain s" "ratio" "sums" "grundy MB" "plain MB"
for board in "${boards[@]}"; do
  ours_s=() plain_s=() ratios=() winner="" sums="" plain_winner=""
  for ((r = 0; r < runs; ++r)); do
    t=$(run_seconds "$ours" winner cram "$board" --misere)
    is_time "$t" || { ours_s=("$t"); break; }
    ours_s+=("$t")
    winner=$(cut -d' ' -f1 "$work/out") sums=$(sed -n 's/.*over \([0-9]*\) sums.*/\1/p' "$work/out")
    p=$(run_seconds "$plain" "$board")
    is_time "$p" || { plain_s=("$p"); break; }
    plain_s+=("$p")
    plain_winner=$(cut -d' ' -f1 "$work/out")
    ratios+=("$(awk -v a="$t" -v b="$p" 'BEGIN { printf "%.3f", a / b }')")
  done
  [[ -z $plain_winner || $plain_winner == "$winner" ]] || echo "bench: $board: the plain search says $plain_winner, grundy $winner" >&2
  o=${ours_s[0]} q=${plain_s[0]:-n/a} ratio=n/a
  is_time "$o" && o=$(printf '%s\n' "${ours_s[@]}" | median)
  is_time "$q" && q=$(printf '%s\n' "${plain_s[@]}" | median)
  ((${#ratios[@]})) && ratio="$(printf '%s\n' "${ratios[@]}" | median)x"
  ours_mb=$(peak_kb "$ours" winner cram "$board" --misere | awk '$1 + 0 > 0 { printf "%.0f", $1 / 1024; next } { print }')
  plain_mb=$(peak_kb timeout "$limit" "$plain" "$board" | awk '$1 + 0 > 0 { printf "%.0f", $1 / 1024; next } { print }')
  printf '%-6s %-7s %10s %10s %10s %10s %9s %9s\n' "$board" "$winner" "$o" "$q" "$ratio" "$sums" "$ours_mb" "$plain_mb"
done
echo "medians of $runs runs, in turn; ratio: the median of the pairs' grundy/plain; wall seconds; stopped after $limit s"
echo "grundy: $(git -C "$root" rev-parse --short HEAD); machine: $(nproc) cores"
