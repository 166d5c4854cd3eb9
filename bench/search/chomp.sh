#!/usr/bin/env bash
# Chomp: `grundy value chomp HxW` (the component search through SearchedGame:
# one key for a bar and its mirror image, strategy stealing and L-shapes as
# theorems) against Piotr Beling's igsolve `chomp` (Rust; GPL/LGPL), side by
# side in one run, in turn, with each pair's ratio. igsolve is a peer, built
# here from ../shared/peers/beling-igs into a scratch folder with Debian's
# vendored crates, never copied into the repository.
#
# Usage: bench/search/chomp.sh [RUNS] [BAR...]
#   RUNS  runs of each command; medians are reported (default 3)
#   BAR   HxW bars (default: 8x8 9x9 10x10 11x11; igsolve takes at most
#         64 bits of rows, so about 15x15)
# A run is stopped after LIMIT seconds (environment, default 600). IGSOLVE_BIN
# names a folder holding a built igsolve (skips the build).
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

printf '\n%-7s %6s %10s %10s %8s %16s\n' bar value "grundy s" "igsolve s" "igsolve" "grundy/igsolve"
for bar in "${bars[@]}"; do
  h=${bar%x*} w=${bar#*x}
  ours_s=() peer_s=() ratios=() value="" peer_value="" peer_on=$peer
  for ((r = 0; r < runs; ++r)); do
    t=$(run_seconds "$ours" value chomp "$bar")
    is_time "$t" || { ours_s=("$t"); break; }
    ours_s+=("$t")
    value=$(grep -v '^grundy:' "$work/out" | head -n 1)
    [[ -n $peer_on ]] || continue
    p=$(run_seconds "$peer/igsolve" chomp -r "$h" -c "$w")
    is_time "$p" || { peer_s=("$p"); peer_on=""; continue; }
    peer_s+=("$p")
    peer_value=$(sed -n 's/.*[Nn]imber[^0-9]*\([0-9][0-9]*\).*/\1/p' "$work/out" | tail -n 1)
    ratios+=("$(awk -v a="$t" -v b="$p" 'BEGIN { printf "%.3f", a / b }')")
  done
  o=${ours_s[0]} q=${peer_s[0]:-skipped} ratio=n/a
  is_time "$o" && o=$(printf '%s\n' "${ours_s[@]}" | median)
  is_time "$q" && q=$(printf '%s\n' "${peer_s[@]}" | median)
  ((${#ratios[@]})) && ratio="$(printf '%s\n' "${ratios[@]}" | median)x"
  printf '%-7s %6s %10s %10s %8s %16s\n' "$bar" "$value" "$o" "$q" "${peer_value:-?}" "$ratio"
done
echo "medians of $runs runs, grundy and igsolve in turn; grundy/igsolve: the median of the pairs' ratios; wall seconds"
echo "grundy: $(git -C "$root" rev-parse --short HEAD); machine: $(nproc) cores"
