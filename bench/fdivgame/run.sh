#!/usr/bin/env bash
# Times `grundy contest fdivgame` against the two reference programs of seed 002
# (the memoised recursion and the closed form) on the same inputs, in one run,
# and checks that all three print the same answers. Prints a Markdown table.
#
#   bash bench/fdivgame/run.sh [--runs K] [--quick] [--seed-file PATH | --seeds-dir DIR]
#                              [--records] [--no-build]
#
#   --runs K          best of K runs (default 3; the memoised program runs once)
#   --quick           skip the large input and the memoised program (which needs
#                     about 100 s and 2.7 GB on the official maximum)
#   --seed-file PATH  seed 002 (default ../shared/seeds/002_974fa439441cdb80.txt
#                     from the repository root); --seeds-dir DIR looks in DIR
#   --records         print one tab-separated line per (input, reference) for
#                     bench/run-all.sh instead of the table
#   --no-build        use the binaries already in build/bench
#
# The reference programs are not part of the project: they are cut out of the
# seed's text (its 2nd and 3rd ``` blocks) into a temporary directory, with the
# seed's one typo ("#include <string>>") corrected, and compiled with
# g++ -O2 -std=c++17 as a judge would; without the seed file grundy is timed
# alone. Inputs come from gen_fdivgame with fixed seeds: the official sample,
# the official maximum (T = 1000, N = 100) and a large input of 10^7 values
# (about 100 MB). Exits with status 1 if two programs print different answers.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=bench/common/timing.sh
source "$root/bench/common/timing.sh"
seed_name=002_974fa439441cdb80.txt
seed_file="$root/../shared/seeds/$seed_name"
runs=3 quick=0 records=0 no_build=0
while (($#)); do
  case $1 in
    --seed-file) need_value "$@"; seed_file=$2; shift 2 ;;
    --seeds-dir) need_value "$@"; seed_file=$2/$seed_name; shift 2 ;;
    --runs) need_value "$@"; runs=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --records) records=1; shift ;;
    --no-build) no_build=1; shift ;;
    -h|--help) usage_of "$0"; exit 0 ;;
    *) echo "fdivgame/run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "fdivgame/run.sh: --runs expects a positive whole number" >&2; exit 2; }

bench_build grundy_cli gen_fdivgame
grundy="$root/build/bench/apps/grundy/grundy"
gen="$root/build/bench/bench/gen_fdivgame"

work=$(mktemp -d /tmp/fdivgame-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

have_seed=0
if [[ -f $seed_file ]]; then
  have_seed=1
  seed_block "$seed_file" 2 | sed 's/#include <string>>/#include <string>/' >"$work/memoised.cpp"
  seed_block "$seed_file" 3 | sed 's/#include <string>>/#include <string>/' >"$work/closed_form.cpp"
  compile_seed_program "$work/closed_form.cpp" "$work/closed_form"
  ((quick)) || compile_seed_program "$work/memoised.cpp" "$work/memoised"
else
  echo "fdivgame/run.sh: seed 002 not found at '$seed_file' (--seed-file PATH or --seeds-dir DIR): timing grundy alone" >&2
fi

cp "$root/tests/data/contest/fdivgame_1.in" "$work/sample.in"
"$gen" --tests 1000 --per-test 100 --seed 1 --output "$work/max.in"
inputs=(sample max)
if ((quick == 0)); then
  "$gen" --tests 1000 --per-test 10000 --seed 2 --output "$work/large.in"
  inputs+=(large)
fi
declare -A shape=(
  [sample]="official sample"
  [max]="official maximum, T = 1000, N = 100, seed 1"
  [large]="T = 1000, N = 10^4 (10^7 values), seed 2"
)

limit=300

if ((records == 0)); then
  echo "| input | size | grundy | closed form (FDIVGAME write-up) | ratio | memoised (FDIVGAME write-up) | ratio |"
  echo "|---|---|---|---|---|---|---|"
fi
status=0
for input in "${inputs[@]}"; do
  progress "fdivgame: $input"
  bytes=$(stat -c %s "$work/$input.in")
  read -r g_s g_kb <<<"$(best_of grundy "$input" "$runs" "$grundy" contest fdivgame)"
  # Each reference: its seconds, KB, answers and, when it was not run, why.
  c_s=- c_kb=- c_same=n/a c_why="seed file not found: $seed_file"
  m_s=- m_kb=- m_same=n/a m_why=$c_why
  if ((have_seed)); then
    read -r c_s c_kb <<<"$(best_of closed "$input" "$runs" "$work/closed_form")"
    c_same=$(same_answers "$work/grundy.$input.out" "$work/closed.$input.out")
    # The memoised program needs about 100 s and 2.7 GB for the official
    # maximum (its memo holds every floor(a/k) it meets): one run there, with
    # a longer time limit, none on the large input, where it would need far
    # more memory than that.
    if ((quick)); then
      m_why="not run (--quick)"
    elif [[ $input == large ]]; then
      m_why="not run: it takes 2.7 GB on max, 100 times smaller"
    else
      limit=1200 # about 100 s on a quiet machine, over 200 s on a busy one
      read -r m_s m_kb <<<"$(best_of memo "$input" 1 "$work/memoised")"
      limit=300
      m_same=$(same_answers "$work/grundy.$input.out" "$work/memo.$input.out")
    fi
  fi
  for same in "$c_same" "$m_same"; do
    [[ $same == NO ]] && { echo "fdivgame/run.sh: answers differ on $input (see the table)" >&2; status=1; }
  done
  if ((records)); then
    record fdivgame "$input" "${shape[$input]}" "$bytes" "$g_s" "$g_kb" "closed form (FDIVGAME write-up)" "$c_s" "$c_kb" "$c_same" "$c_why"
    ((quick)) || record fdivgame "$input" "${shape[$input]}" "$bytes" "$g_s" "$g_kb" "memoised (FDIVGAME write-up)" "$m_s" "$m_kb" "$m_same" "$m_why"
  else
    c_cell=$c_why m_cell=$m_why
    [[ $c_s != - ]] && c_cell=$(cell "$c_s" "$c_kb")
    [[ $m_s != - ]] && m_cell=$(cell "$m_s" "$m_kb")
    echo "| $input | $(size_mb "$work/$input.in") | $(cell "$g_s" "$g_kb") | $c_cell | $(ratio "$c_s" "$g_s") | $m_cell | $(ratio "$m_s" "$g_s") |"
  fi
done
if ((records == 0)); then
  echo
  echo "Wall time of the best of $runs runs (memoised program: 1 run), peak resident memory of that run;"
  if ((have_seed)); then
    echo "answers compared byte for byte ($( ((status == 0)) && echo "all identical" || echo "DIFFERENCES FOUND"))."
  else
    echo "no reference program (seed 002 not found), so no answers compared."
  fi
  machine_line
fi
exit $status
