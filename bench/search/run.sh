#!/usr/bin/env bash
# Cram: grundy's component search against Piotr Beling's igsolve (Rust; Beling
# & Rogalski 2020) at its fastest settings, side by side in one run. igsolve is
# a peer (GPL/LGPL), built here from ../shared/peers/beling-igs into a scratch
# folder with Debian's vendored crates, never copied into the repository.
#
# Usage: bench/search/run.sh [RUNS] [BOARD...]
#   RUNS   runs of each command; the median is reported (default 3)
#   BOARD  HxW boards (default: 4x5 4x7 5x5 5x6 4x9 5x7)
# A run is stopped after LIMIT seconds (environment, default 600); the plain
# method (no pruning) is timed only on boards of at most PLAIN_MAX_CELLS cells
# (default 30: it takes minutes past that). GRUNDY_ARGS adds options to
# cram_search (GRUNDY_ARGS="--threads 1": one thread, as igsolve; default:
# every core). Peak memory is each program's largest resident set
# (/usr/bin/time), the median over the runs, in MiB.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-3}
shift || true
boards=("$@")
((${#boards[@]})) || boards=(4x5 4x7 5x5 5x6 4x9 5x7)
limit=${LIMIT:-600}
plain_max_cells=${PLAIN_MAX_CELLS:-30}
peer_dir=${BELING_IGS:-$root/../shared/peers/beling-igs}

# shellcheck source=../common/timing.sh
source "$root/bench/common/timing.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-search-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT

peer=$(igsolve_folder)

ours=$root/build/bench/bench/cram_search
echo "building cram_search (bench preset; seconds when it is up to date)"
(cd "$root" && cmake --preset bench >/dev/null && cmake --build --preset bench --target cram_search >/dev/null)


# The median of numbers given one a line.
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
read -r -a extra <<<"${GRUNDY_ARGS:-}"

printf '\n%-8s %6s %10s %10s %9s %10s %9s %10s %14s\n' board value "plain s" "pruned s" MiB "igsolve s" MiB parts "pruned/igsolve"
for board in "${boards[@]}"; do
  h=${board%x*} w=${board#*x}
  plain=skipped
  ((h * w > plain_max_cells)) || plain=$(median_of run_seconds "$ours" --plain "${extra[@]}" "$board")
  # grundy and igsolve in turn, run after run: the machine's speed drifts
  # over minutes, and the ratio of each pair is taken (its median shown).
  ours_s=() peer_runs=() ours_kb=() peer_kb=() ratios=() value="" parts="" peer_value="" peer_on=$peer
  for ((r = 0; r < runs; ++r)); do
    t=$(run_seconds "$ours" "${extra[@]}" "$board")
    is_time "$t" || { ours_s=("$t"); break; }
    ours_s+=("$t") ours_kb+=("$(cat "$work/peak_kb")")
    value=$(cut -f2 "$work/out") parts=$(cut -f4 "$work/out" | cut -d' ' -f1)
    [[ -n $peer_on ]] || continue
    p=$(run_seconds bash "$peer_dir/cram.sh" "$peer" "$h" "$w")
    is_time "$p" || { peer_runs=("$p"); peer_on=""; continue; }  # (timed out or failed: not run again on this board)
    peer_runs+=("$p") peer_kb+=("$(cat "$work/peak_kb")")
    peer_value=$(sed -n 's/.*Nimber of initial position: *//p' "$work/out")
    ratios+=("$(awk -v a="$t" -v b="$p" 'BEGIN { printf "%.3f", a / b }')")
  done
  pruned=${ours_s[0]} om=-
  is_time "$pruned" && pruned=$(printf '%s\n' "${ours_s[@]}" | median) om=$(mib "$(printf '%s\n' "${ours_kb[@]}" | median)")
  peer_s=${peer_runs[0]:-skipped} qm=-
  is_time "$peer_s" && peer_s=$(printf '%s\n' "${peer_runs[@]}" | median) qm=$(mib "$(printf '%s\n' "${peer_kb[@]}" | median)")
  [[ -z $peer_value || $peer_value == "$value" ]] || echo "bench: $board: igsolve says $peer_value, grundy $value" >&2
  pair_ratio=n/a
  ((${#ratios[@]})) && pair_ratio="$(printf '%s\n' "${ratios[@]}" | median)x"
  printf '%-8s %6s %10s %10s %9s %10s %9s %10s %14s\n' "$board" "$value" "$plain" "$pruned" "$om" "$peer_s" "$qm" "$parts" "$pair_ratio"
done
echo "medians of $runs runs, grundy${GRUNDY_ARGS:+ ($GRUNDY_ARGS)} and igsolve in turn; pruned/igsolve: the median of the runs' ratios; wall seconds; peak resident MiB; stopped after $limit s"
echo "grundy: $(git -C "$root" rev-parse --short HEAD); machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
