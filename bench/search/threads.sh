#!/usr/bin/env bash
# Two threads against one: `grundy value POSITION --threads 1` and the same
# with `--threads N` (default 2), run in turn, pair after pair, so that a
# drift of the machine's speed moves both alike. Prints, for each position,
# the median wall time of each, the median of the pairs' ratios (N threads
# over one) with their range, and the median peak memory of each.
#
# Usage: bench/search/threads.sh [PAIRS] POSITION...
#   PAIRS     pairs of runs (default 11)
#   POSITION  what `grundy value` takes, e.g. "chomp 11x11" or "cram 5x9"
#             (one argument each: quote it)
# THREADS (environment) is the N (default 2); LIMIT the seconds after which
# a run is stopped (default 3600). Wall times are bash's clock around the
# run, less what starting `timeout` and `/usr/bin/time` costs by itself
# (measured once: bench/common/timing.sh), so that short runs' ratios are
# the programs' own.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
pairs=11
if [[ ${1:-} =~ ^[0-9]+$ ]]; then
  pairs=$1
  shift
fi
(($#)) || {
  echo "usage: bench/search/threads.sh [PAIRS] POSITION... (e.g. 21 'chomp 11x11')" >&2
  exit 2
}
threads=${THREADS:-2}
limit=${LIMIT:-3600}

# shellcheck source=../common/timing.sh
source "$root/bench/common/timing.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-threads-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "building grundy (bench preset; seconds when up to date)"
bench_build grundy_cli
ours=$root/build/bench/apps/grundy/grundy
measure_harness

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# One run: "seconds peak_KiB value", the harness's own cost taken off.
one_run() {
  local t
  t=$(run_seconds "$ours" value "$@")
  is_time "$t" || {
    echo "bench: grundy value $* failed: $t: $(head -c 300 "$work/out")" >&2
    exit 1
  }
  # (the value: the first line that is not a progress line)
  awk -v s="$t" -v h="$harness_cache" -v kb="$(cat "$work/peak_kb")" -v v="$(grep -v -m 1 '^grundy:' "$work/out")" \
    'BEGIN { s -= h; printf "%.4f %d %s\n", (s > 0 ? s : 0), kb, v }'
}

printf '\n%-14s %6s %10s %10s %8s %17s %13s\n' position value "1 thread" "$threads threads" ratio "pairs' range" "peak MiB 1/$threads"
for position in "$@"; do
  read -r -a words <<<"$position"
  one_s=() many_s=() one_kb=() many_kb=() ratios=()
  for ((p = 0; p < pairs; ++p)); do
    read -r s1 kb1 v1 < <(one_run "${words[@]}" --threads 1)
    read -r s2 kb2 v2 < <(one_run "${words[@]}" --threads "$threads")
    [[ $v1 == "$v2" ]] || {
      echo "bench: $position: $v1 on one thread, $v2 on $threads" >&2
      exit 1
    }
    one_s+=("$s1") many_s+=("$s2") one_kb+=("$kb1") many_kb+=("$kb2")
    ratios+=("$(awk -v a="$s2" -v b="$s1" 'BEGIN { printf "%.3f", a / b }')")
  done
  lo=$(printf '%s\n' "${ratios[@]}" | sort -g | head -n 1)
  hi=$(printf '%s\n' "${ratios[@]}" | sort -g | tail -n 1)
  printf '%-14s %6s %9ss %9ss %8s %17s %13s\n' "$position" "$v1" \
    "$(printf '%s\n' "${one_s[@]}" | median)" "$(printf '%s\n' "${many_s[@]}" | median)" \
    "$(printf '%s\n' "${ratios[@]}" | median)" "$lo to $hi" \
    "$(awk -v a="$(printf '%s\n' "${one_kb[@]}" | median)" -v b="$(printf '%s\n' "${many_kb[@]}" | median)" \
      'BEGIN { printf "%.0f/%.0f", a / 1024, b / 1024 }')"
done
echo
echo "($pairs pairs; wall times are medians; $(date -u +%F), $(nproc) cores,"
echo " $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo))"
