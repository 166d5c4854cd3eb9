#!/usr/bin/env bash
# Times `grundy contest not-a-nim` against the C++ program of seed 003 (a
# linear sieve to 10^7) on the same inputs, in one run, checks that both print
# the same answers, and prints a Markdown table of time and memory ratios.
#
#   bash bench/not_a_nim/run.sh [--runs K] [--seed-file PATH | --seeds-dir DIR]
#                               [--quick] [--records] [--no-build]
#
#   --runs K          best of K runs (default 5)
#   --seed-file PATH  seed 003 (default ../shared/seeds/003_e161f9544c32a871.txt
#                     from the repository root); --seeds-dir DIR looks in DIR
#   --quick           accepted for bench/run-all.sh; changes nothing (every
#                     input here is small)
#   --records         print one tab-separated line per input for
#                     bench/run-all.sh instead of the table
#   --no-build        use the binaries already in build/bench
#
# The reference program is not part of the project: it is cut out of the
# seed's text (its first ``` block, without the "● ● ●" line above the code)
# into a temporary directory and compiled with g++ -O2 -std=c++17; without
# the seed file grundy is timed alone. Inputs come from gen_not_a_nim with
# fixed seeds, all at the official maximum (t = 10^4, sum of n = 3*10^5,
# piles up to 10^7): random piles, primes only, and odd composites whose least
# prime factor is large. Exits with status 1 if the answers differ.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=bench/common/timing.sh
source "$root/bench/common/timing.sh"
seed_name=003_e161f9544c32a871.txt
seed_file="$root/../shared/seeds/$seed_name"
runs=5 records=0 no_build=0
while (($#)); do
  case $1 in
    --seed-file) need_value "$@"; seed_file=$2; shift 2 ;;
    --seeds-dir) need_value "$@"; seed_file=$2/$seed_name; shift 2 ;;
    --runs) need_value "$@"; runs=$2; shift 2 ;;
    --quick) shift ;;
    --records) records=1; shift ;;
    --no-build) no_build=1; shift ;;
    -h|--help) usage_of "$0"; exit 0 ;;
    *) echo "not_a_nim/run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "not_a_nim/run.sh: --runs expects a positive whole number" >&2; exit 2; }

bench_build grundy_cli gen_not_a_nim
grundy="$root/build/bench/apps/grundy/grundy"
gen="$root/build/bench/bench/gen_not_a_nim"

work=$(mktemp -d /tmp/not-a-nim-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

have_seed=0
if [[ -f $seed_file ]]; then
  have_seed=1
  seed_block "$seed_file" 1 | grep -v '^● ● ●$' >"$work/seed.cpp"
  compile_seed_program "$work/seed.cpp" "$work/seed"
else
  echo "not_a_nim/run.sh: seed 003 not found at '$seed_file' (--seed-file PATH or --seeds-dir DIR): timing grundy alone" >&2
fi

cp "$root/tests/data/contest/cf2004e_1.in" "$work/sample.in"
inputs=(sample)
seed=1
for kind in random primes rough; do
  "$gen" --tests 10000 --total 300000 --max 10000000 --kind "$kind" --seed "$seed" --output "$work/$kind.in"
  inputs+=("$kind")
  seed=$((seed + 1))
done
declare -A shape=(
  [sample]="official sample"
  [random]="official maximum, piles uniform in 1..10^7, seed 1"
  [primes]="official maximum, prime piles, seed 2"
  [rough]="official maximum, odd composites with a large least prime factor, seed 3"
)

limit=300

if ((records == 0)); then
  echo "| input | size | grundy | tutorial program (2004E) | time ratio | memory ratio |"
  echo "|---|---|---|---|---|---|"
fi
status=0
for input in "${inputs[@]}"; do
  progress "not-a-nim: $input"
  read -r g_s g_kb <<<"$(best_of grundy "$input" "$runs" "$grundy" contest not-a-nim)"
  s_s=- s_kb=- same=n/a why="seed file not found: $seed_file"
  if ((have_seed)); then
    read -r s_s s_kb <<<"$(best_of seed "$input" "$runs" "$work/seed")"
    same=$(same_answers "$work/grundy.$input.out" "$work/seed.$input.out")
  fi
  [[ $same == NO ]] && { echo "not_a_nim/run.sh: answers differ on $input" >&2; status=1; }
  if ((records)); then
    record not-a-nim "$input" "${shape[$input]}" "$(stat -c %s "$work/$input.in")" "$g_s" "$g_kb" "tutorial program (2004E)" "$s_s" "$s_kb" "$same" "$why"
  else
    s_cell=$why
    [[ $s_s != - ]] && s_cell=$(cell "$s_s" "$s_kb")
    echo "| $input | $(size_mb "$work/$input.in") | $(cell "$g_s" "$g_kb") | $s_cell | $(ratio "$s_s" "$g_s") | $(is_time "$g_s" && is_time "$s_s" && mem_ratio "$g_kb" "$s_kb" || echo n/a) |"
  fi
done
if ((records == 0)); then
  echo
  echo "Wall time of the best of $runs runs, peak resident memory of that run; answers compared byte for"
  if ((have_seed)); then
    echo "byte ($( ((status == 0)) && echo "all identical" || echo "DIFFERENCES FOUND"))."
  else
    echo "byte (none here: seed 003 not found)."
  fi
  machine_line
fi
exit $status
