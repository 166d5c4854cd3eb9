#!/usr/bin/env bash
# Chomp: `grundy value chomp HxW` (a whole bar is valued with every bar of
# its box at once, by rank: ChompBox, docs/games/chomp.md) against Piotr
# Beling's igsolve `chomp` (Rust; GPL/LGPL), side by side in one run, in
# turn, with each pair's ratio. igsolve is a peer, built here from ../shared/peers/beling-igs into a scratch folder with Debian's
# vendored crates, never copied into the repository.
#
# Usage: bench/search/chomp.sh [RUNS] [BAR...]
#   RUNS  runs of each command; medians are reported (default 3)
#   BAR   HxW bars (default: 8x8 9x9 10x10 11x11; igsolve takes at most
#         64 bits of rows, so about 15x15)
# A run is stopped after LIMIT seconds (environment, default 600). IGSOLVE_BIN
# names a folder holding a built igsolve (skips the build). GRUNDY_ARGS adds
# options to grundy's command (GRUNDY_ARGS="--threads 1": one thread, as
# igsolve). Peak memory is each program's largest resident set (/usr/bin/time),
# the median over the runs, in MiB.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-3}
shift || true
bars=("$@")
((${#bars[@]})) || bars=(8x8 9x9 10x10 11x11)
limit=${LIMIT:-600}
peer_dir=${BELING_IGS:-$root/../shared/peers/beling-igs}

# shellcheck source=../common/timing.sh
source "$root/bench/common/timing.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-chomp-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT

peer=$(igsolve_folder)
echo "building grundy (bench preset; seconds when up to date)"
bench_build grundy_cli
ours=$root/build/bench/apps/grundy/grundy

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
read -r -a extra <<<"${GRUNDY_ARGS:-}"

printf '\n%-7s %6s %10s %9s %10s %9s %8s %15s\n' bar value "grundy s" "MiB" "igsolve s" "MiB" "igsolve" "grundy/igsolve"
for bar in "${bars[@]}"; do
  h=${bar%x*} w=${bar#*x}
  ours_s=() peer_s=() ours_kb=() peer_kb=() ratios=() value="" peer_value="" peer_on=$peer
  for ((r = 0; r < runs; ++r)); do
    t=$(run_seconds "$ours" value chomp "$bar" "${extra[@]}")
    is_time "$t" || { ours_s=("$t"); break; }
    ours_s+=("$t") ours_kb+=("$(cat "$work/peak_kb")")
    value=$(grep -v '^grundy:' "$work/out" | head -n 1)
    [[ -n $peer_on ]] || continue
    p=$(run_seconds "$peer/igsolve" chomp -r "$h" -c "$w")
    is_time "$p" || { peer_s=("$p"); peer_on=""; continue; }
    peer_s+=("$p") peer_kb+=("$(cat "$work/peak_kb")")
    peer_value=$(sed -n 's/.*[Nn]imber[^0-9]*\([0-9][0-9]*\).*/\1/p' "$work/out" | tail -n 1)
    ratios+=("$(awk -v a="$t" -v b="$p" 'BEGIN { printf "%.3f", a / b }')")
  done
  o=${ours_s[0]} q=${peer_s[0]:-skipped} ratio=n/a om=- qm=-
  is_time "$o" && o=$(printf '%s\n' "${ours_s[@]}" | median) om=$(mib "$(printf '%s\n' "${ours_kb[@]}" | median)")
  is_time "$q" && q=$(printf '%s\n' "${peer_s[@]}" | median) qm=$(mib "$(printf '%s\n' "${peer_kb[@]}" | median)")
  ((${#ratios[@]})) && ratio="$(printf '%s\n' "${ratios[@]}" | median)x"
  [[ -z $peer_value || $peer_value == "$value" ]] || echo "bench: $bar: igsolve says $peer_value, grundy $value" >&2
  printf '%-7s %6s %10s %9s %10s %9s %8s %15s\n' "$bar" "$value" "$o" "$om" "$q" "$qm" "${peer_value:-?}" "$ratio"
done
echo "medians of $runs runs, grundy${GRUNDY_ARGS:+ ($GRUNDY_ARGS)} and igsolve in turn; grundy/igsolve: the median of the pairs' ratios; wall seconds; peak resident MiB"
echo "grundy: $(git -C "$root" rev-parse --short HEAD); machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
