#!/usr/bin/env bash
# Times `grundy contest not-a-nim` against the C++ program of seed 003 (a
# linear sieve to 10^7) on the same inputs, in one run, checks that both print
# the same answers, and prints a Markdown table of time and memory ratios.
#
#   bash bench/not_a_nim/run.sh [--seed-file PATH] [--runs K]
#
# The reference program is not part of the project: it is cut out of the
# seed's text (its first ``` block, without the "● ● ●" line above the code)
# into a temporary directory and compiled with g++ -O2 -std=c++17. Inputs
# come from gen_not_a_nim with fixed seeds, all at the official maximum
# (t = 10^4, sum of n = 3*10^5, piles up to 10^7): random piles, primes only,
# and odd composites whose least prime factor is large.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seed_file="$root/../shared/seeds/003_e161f9544c32a871.txt"
runs=5
while (($#)); do
  case $1 in
    --seed-file) seed_file=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ -f $seed_file ]] || { echo "run.sh: seed 003 not found at '$seed_file' (use --seed-file PATH)" >&2; exit 2; }

bash "$root/scripts/install-deps.sh"
cmake --preset bench -S "$root" >/dev/null
cmake --build "$root/build/bench" --target grundy_cli gen_not_a_nim >/dev/null
grundy="$root/build/bench/apps/grundy/grundy"
gen="$root/build/bench/bench/gen_not_a_nim"

work=$(mktemp -d /tmp/not-a-nim-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
awk '/^```/ { n++; next } n == 1' "$seed_file" | grep -v '^● ● ●$' >"$work/seed.cpp"
[[ -s $work/seed.cpp ]] || { echo "run.sh: no program found in '$seed_file'" >&2; exit 1; }
g++ -O2 -std=c++17 -o "$work/seed" "$work/seed.cpp"

cp "$root/tests/data/contest/cf2004e_1.in" "$work/sample.in"
inputs=(sample)
seed=1
for kind in random primes rough; do
  "$gen" --tests 10000 --total 300000 --max 10000000 --kind "$kind" --seed "$seed" --output "$work/$kind.in"
  inputs+=("$kind")
  seed=$((seed + 1))
done

limit=300
source "$root/bench/common/timing.sh"
cell() { [[ $1 == timeout ]] && echo "> ${limit} s" || echo "$1 s, $(($2 / 1024)) MB"; }

echo "| input | size | grundy | seed 003 | time ratio | memory ratio |"
echo "|---|---|---|---|---|---|"
status=0
for input in "${inputs[@]}"; do
  size=$(stat -c %s "$work/$input.in" | awk '{ printf "%.1f MB", $1 / 1e6 }')
  read -r g_s g_kb <<<"$(best_of grundy "$input" "$runs" "$grundy" contest not-a-nim)"
  read -r s_s s_kb <<<"$(best_of seed "$input" "$runs" "$work/seed")"
  if ! cmp -s "$work/grundy.$input.out" "$work/seed.$input.out"; then
    echo "run.sh: answers differ on $input" >&2
    status=1
  fi
  echo "| $input | $size | $(cell "$g_s" "$g_kb") | $(cell "$s_s" "$s_kb") | $(ratio "$s_s" "$g_s") | $(mem_ratio "$g_kb" "$s_kb") |"
done
echo
echo "Wall time of the best of $runs runs, peak resident memory of that run; answers compared byte for"
echo "byte ($( ((status == 0)) && echo "all identical" || echo "DIFFERENCES FOUND"))."
echo "Machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(date +%F)."
exit $status
