#!/usr/bin/env bash
# Times `grundy contest xy-game` on official-maximum AtCoder ARC208 E inputs
# and prints a Markdown table with the time, peak memory and cost per pile of
# each, then the cost of one value without the reading (core_bench).
#
#   bash bench/xy_game/run.sh [--runs K]
#
# Inputs come from gen_xy_game with fixed seeds: T = 1 with N = 2*10^5 and
# T = 2*10^5 with N = 1, X < Y <= 10^9 and piles up to 10^18 at random, each
# shape once with any X and once with every X = 2 (mod 3) (the case that
# needs the window search). There is no reference program to run against:
# seed 004 is an editorial without code.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=5
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

bash "$root/scripts/install-deps.sh"
cmake --preset bench -S "$root" >/dev/null
cmake --build "$root/build/bench" --target grundy_cli gen_xy_game core_bench >/dev/null
grundy="$root/build/bench/apps/grundy/grundy"
gen="$root/build/bench/bench/gen_xy_game"

work=$(mktemp -d /tmp/xy-game-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$root/tests/data/contest/arc208e_1.in" "$work/sample.in"
inputs=(sample one-test many-tests one-test-x2 many-tests-x2)
"$gen" --tests 1 --total 200000 --seed 1 --output "$work/one-test.in"
"$gen" --tests 200000 --total 200000 --seed 2 --output "$work/many-tests.in"
"$gen" --tests 1 --total 200000 --x-mod3 2 --seed 3 --output "$work/one-test-x2.in"
"$gen" --tests 200000 --total 200000 --x-mod3 2 --seed 4 --output "$work/many-tests-x2.in"

limit=60
source "$root/bench/common/timing.sh"

echo "| input | T | piles | size | time | memory | per pile | answers |"
echo "|---|---|---|---|---|---|---|---|"
for input in "${inputs[@]}"; do
  size=$(stat -c %s "$work/$input.in" | awk '{ printf "%.1f MB", $1 / 1e6 }')
  tests=$(head -n 1 "$work/$input.in")
  piles=$(awk 'NR > 1 && NR % 2 == 0 { n += $1 } END { print n }' "$work/$input.in")
  read -r secs kb <<<"$(best_of grundy "$input" "$runs" "$grundy" contest xy-game)"
  [[ $secs == timeout ]] && { echo "| $input | $tests | $piles | $size | > $limit s | | | |"; continue; }
  per=$(awk -v s="$secs" -v n="$piles" 'BEGIN { if (n < 1000) print "(start-up)"; else printf "%.0f ns", s * 1e9 / n }')
  answers=$(sort "$work/grundy.$input.out" | uniq -c | awk '{ printf "%s%s %s", sep, $1, $2; sep = ", " }')
  echo "| $input | $tests | $piles | $size | $secs s | $((kb / 1024)) MB | $per | $answers |"
done
echo
echo "Wall time of the best of $runs runs (reading, checking and answering), peak resident memory"
echo "of that run; per pile = time / number of piles (the sample only measures the start-up)."
echo
echo "One value without the reading (random X < Y <= 10^9, v <= 10^18; Google Benchmark):"
echo
echo "| X mod 3 | time per value |"
echo "|---|---|"
"$root/build/bench/bench/core_bench" --benchmark_filter=BM_XyValue --benchmark_format=csv 2>/dev/null |
  awk -F, '/^"BM_XyValue/ { split($1, a, "/"); r = a[2]; sub(/"/, "", r); printf "| %s | %.1f ns |\n", (r == 3 ? "any" : r), $4 }'
echo
echo "Machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(date +%F)."
