#!/usr/bin/env bash
# Times `grundy contest xy-game` on official-maximum AtCoder ARC208 E inputs
# and prints a Markdown table with the time, peak memory and cost per pile of
# each, then the cost of one value without the reading (core_bench).
#
#   bash bench/xy_game/run.sh [--runs K] [--quick] [--records] [--no-build]
#
#   --runs K      best of K runs (default 5)
#   --quick       accepted for bench/run-all.sh; changes nothing (every input
#                 here is small)
#   --records     print one tab-separated line per input for bench/run-all.sh
#                 instead of the tables (and skip core_bench)
#   --no-build    use the binaries already in build/bench
#
# Inputs come from gen_xy_game with fixed seeds: T = 1 with N = 2*10^5 and
# T = 2*10^5 with N = 1, X < Y <= 10^9 and piles up to 10^18 at random, each
# shape once with any X and once with every X = 2 (mod 3) (the case that
# needs the window search). There is no reference program to run against:
# seed 004 is an editorial without code.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=bench/common/timing.sh
source "$root/bench/common/timing.sh"
runs=5 records=0 no_build=0
while (($#)); do
  case $1 in
    --runs) need_value "$@"; runs=$2; shift 2 ;;
    --quick) shift ;;
    --records) records=1; shift ;;
    --no-build) no_build=1; shift ;;
    -h|--help) usage_of "$0"; exit 0 ;;
    *) echo "xy_game/run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "xy_game/run.sh: --runs expects a positive whole number" >&2; exit 2; }

targets=(grundy_cli gen_xy_game)
((records)) || targets+=(core_bench)
bench_build "${targets[@]}"
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

declare -A shape=(
  [sample]="official sample"
  [one-test]="T = 1, N = 2*10^5, any X, seed 1"
  [many-tests]="T = 2*10^5, N = 1, any X, seed 2"
  [one-test-x2]="T = 1, N = 2*10^5, X = 2 (mod 3), seed 3"
  [many-tests-x2]="T = 2*10^5, N = 1, every X = 2 (mod 3), seed 4"
)

limit=60

if ((records == 0)); then
  echo "| input | T | piles | size | time | memory | per pile | answers |"
  echo "|---|---|---|---|---|---|---|---|"
fi
status=0
for input in "${inputs[@]}"; do
  progress "xy-game: $input"
  read -r secs kb <<<"$(best_of grundy "$input" "$runs" "$grundy" contest xy-game)"
  is_time "$secs" || status=1
  # No reference program, but the sample has the official answers.
  same=n/a
  if [[ $input == sample ]] && is_time "$secs" &&
    [[ $(same_answers "$work/grundy.sample.out" "$root/tests/data/contest/arc208e_1.out") == NO ]]; then
    echo "xy_game/run.sh: grundy's answers to the sample differ from tests/data/contest/arc208e_1.out" >&2
    same=NO status=1
  fi
  if ((records)); then
    record xy-game "$input" "${shape[$input]}" "$(stat -c %s "$work/$input.in")" "$secs" "$kb" \
      "none (the editorial has no program)" - - "$same" "n/a"
    continue
  fi
  size=$(size_mb "$work/$input.in")
  tests=$(head -n 1 "$work/$input.in")
  piles=$(awk 'NR > 1 && NR % 2 == 0 { n += $1 } END { print n }' "$work/$input.in")
  is_time "$secs" || { echo "| $input | $tests | $piles | $size | $(cell "$secs" "$kb") | | | |"; continue; }
  per=$(awk -v s="$secs" -v n="$piles" 'BEGIN { if (n < 1000) print "(start-up)"; else printf "%.0f ns", s * 1e9 / n }')
  answers=$(sort "$work/grundy.$input.out" | uniq -c | awk '{ printf "%s%s %s", sep, $1, $2; sep = ", " }')
  echo "| $input | $tests | $piles | $size | $secs s | $((kb / 1024)) MB | $per | $answers |"
done
((records)) && exit $status
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
machine_line
exit $status
