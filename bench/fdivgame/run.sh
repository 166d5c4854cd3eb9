#!/usr/bin/env bash
# Times `grundy contest fdivgame` against the two reference programs of seed 002
# (the memoised recursion and the closed form) on the same inputs, in one run,
# and checks that all three print the same answers. Prints a Markdown table.
#
#   bash bench/fdivgame/run.sh [--seed-file PATH] [--runs K] [--quick]
#
# The reference programs are not part of the project: they are cut out of the
# seed's text (its 2nd and 3rd ``` blocks) into a temporary directory, with the
# seed's one typo ("#include <string>>") corrected, and compiled with
# g++ -O2 -std=c++17 as a judge would. Inputs come from gen_fdivgame with fixed
# seeds: the official sample, the official maximum (T = 1000, N = 100) and a
# large input of 10^7 values (about 100 MB; skipped with --quick).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seed_file="$root/../shared/seeds/002_974fa439441cdb80.txt"
runs=3
quick=0
while (($#)); do
  case $1 in
    --seed-file) seed_file=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ -f $seed_file ]] || { echo "run.sh: seed 002 not found at '$seed_file' (use --seed-file PATH)" >&2; exit 2; }

bash "$root/scripts/install-deps.sh"
cmake --preset bench -S "$root" >/dev/null
cmake --build "$root/build/bench" --target grundy_cli gen_fdivgame >/dev/null
grundy="$root/build/bench/apps/grundy/grundy"
gen="$root/build/bench/bench/gen_fdivgame"

work=$(mktemp -d /tmp/fdivgame-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The k-th ``` block of the seed, as a C++ file.
extract_block() {
  awk -v want="$1" '/^```/ { n++; next } n == 2 * want - 1' "$seed_file" | sed 's/#include <string>>/#include <string>/' >"$2"
  [[ -s $2 ]] || { echo "run.sh: block $1 of '$seed_file' is empty" >&2; exit 1; }
}
extract_block 2 "$work/memoised.cpp"
extract_block 3 "$work/closed_form.cpp"
for p in memoised closed_form; do
  g++ -O2 -std=c++17 -o "$work/$p" "$work/$p.cpp"
done

cp "$root/tests/data/contest/fdivgame_1.in" "$work/sample.in"
"$gen" --tests 1000 --per-test 100 --seed 1 --output "$work/max.in"
inputs=(sample max)
if ((quick == 0)); then
  "$gen" --tests 1000 --per-test 10000 --seed 2 --output "$work/large.in"
  inputs+=(large)
fi

limit=300
source "$root/bench/common/timing.sh"

echo "| input | size | grundy | closed form (seed 002) | ratio | memoised (seed 002) | ratio |"
echo "|---|---|---|---|---|---|---|"
cell() { [[ $1 == timeout ]] && echo "> ${limit} s" || echo "$1 s, $(($2 / 1024)) MB"; }
status=0
for input in "${inputs[@]}"; do
  size=$(stat -c %s "$work/$input.in" | awk '{ printf "%.1f MB", $1 / 1e6 }')
  read -r g_s g_kb <<<"$(best_of grundy "$input" "$runs" "$grundy" contest fdivgame)"
  read -r c_s c_kb <<<"$(best_of closed "$input" "$runs" "$work/closed_form")"
  # The memoised program needs about 100 s and 2.7 GB for the official
  # maximum (its memo holds every floor(a/k) it meets): one run there, none on
  # the large input, where it would need far more memory than the machine has.
  m_cell="not run" m_ratio="n/a"
  if [[ $input != large ]]; then
    read -r m_s m_kb <<<"$(best_of memo "$input" 1 "$work/memoised")"
    m_cell=$(cell "$m_s" "${m_kb:-0}")
    [[ $m_s != timeout ]] && m_ratio=$(ratio "$m_s" "$g_s")
  fi
  for other in closed memo; do
    if [[ -f $work/$other.$input.out ]] && ! cmp -s "$work/grundy.$input.out" "$work/$other.$input.out"; then
      echo "run.sh: answers differ on $input between grundy and $other" >&2
      status=1
    fi
  done
  echo "| $input | $size | $(cell "$g_s" "$g_kb") | $(cell "$c_s" "$c_kb") | $(ratio "$c_s" "$g_s") | $m_cell | $m_ratio |"
done
echo
echo "Wall time of the best of $runs runs (memoised program: 1 run), peak resident memory of that run;"
echo "answers compared byte for byte ($( ((status == 0)) && echo "all identical" || echo "DIFFERENCES FOUND"))."
echo "Machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(date +%F)."
exit $status
