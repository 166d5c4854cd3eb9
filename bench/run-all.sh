#!/usr/bin/env bash
# Runs every benchmark comparison of grundy in one go, from a clean clone, and
# prints one Markdown table: a row per (problem, input, reference program)
# with grundy's time and peak memory, the reference's, their ratios and
# whether the answers are identical.
#
#   bash bench/run-all.sh [--runs K] [--quick] [--seeds-dir DIR]
#
#   --runs K         best of K runs of every program on every input (default 5;
#                    seed 002's memoised program runs once)
#   --quick          skip the large inputs (the 100 MB FDIVGAME input, the DAG of
#                    10^6 vertices and 10^7 edges) and seed 002's memoised
#                    program (about 100 s and 2.7 GB): about 1 minute after the
#                    build instead of 3 to 5
#   --seeds-dir DIR  where the seed files are (default: ../shared/seeds from the
#                    repository root); a missing seed file is reported in the
#                    rows of its reference program, and grundy is timed alone
#
# Steps: scripts/install-deps.sh; cmake --preset bench && cmake --build --preset
# bench (build/bench; the log is shown only on failure); then, with the
# binaries just built, bench/fdivgame/run.sh (grundy against seed 002's closed
# form and memoised programs), bench/not_a_nim/run.sh (against seed 003's
# program), bench/xy_game/run.sh (seed 004 has no program: absolute times),
# bench/graph/run.sh (grundy value graph:FILE 0) and bench/slow_paths/run.sh
# (two value computations once slow), each with --records. Every
# input comes from a generator in bench/ with a fixed seed, and grundy and the
# references read the same files. The reference programs are cut out of the
# seed files into a temporary directory at run time and compiled with g++ -O2
# -std=c++17. Progress goes to standard error, the table to standard output.
#
# Exit status: 0 when every comparison ran and all answers are identical, 1 if
# any answers differ or a program or script failed, 2 for a bad argument.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/common/timing.sh
source "$root/bench/common/timing.sh"
runs=5 quick=0 seeds_dir="$root/../shared/seeds"
while (($#)); do
  case $1 in
    --runs) need_value "$@"; runs=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --seeds-dir) need_value "$@"; seeds_dir=$2; shift 2 ;;
    -h|--help) usage_of "$0"; exit 0 ;;
    *) echo "run-all.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "run-all.sh: --runs expects a positive whole number, not '$runs'" >&2; exit 2; }
[[ -d $seeds_dir ]] && seeds_dir=$(cd "$seeds_dir" && pwd) ||
  echo "run-all.sh: no seeds directory at '$seeds_dir' (--seeds-dir DIR): the reference programs will not run" >&2

started=$EPOCHREALTIME
work=$(mktemp -d /tmp/bench-run-all.XXXXXX)
trap 'rm -rf "$work"' EXIT

echo "run-all: installing missing packages (scripts/install-deps.sh)" >&2
bash "$root/scripts/install-deps.sh"
echo "run-all: building with the bench preset (build/bench)" >&2
if ! (cd "$root" && cmake --preset bench && cmake --build --preset bench) >"$work/build.log" 2>&1; then
  tail -n 40 "$work/build.log" >&2
  echo "run-all.sh: the build failed (last 40 lines of its log above)" >&2
  exit 1
fi

# Each problem's run.sh prints one tab-separated record per row (see record
# in bench/common/timing.sh); a failing script does not stop the others.
failed=()
for problem in fdivgame not_a_nim xy_game graph slow_paths; do
  echo "run-all: bench/$problem/run.sh" >&2
  args=(--records --no-build --runs "$runs")
  ((quick)) && args+=(--quick)
  [[ $problem == fdivgame || $problem == not_a_nim ]] && args+=(--seeds-dir "$seeds_dir")
  rc=0
  bash "$root/bench/$problem/run.sh" "${args[@]}" >"$work/$problem.tsv" || rc=$?
  cat "$work/$problem.tsv" >>"$work/all.tsv"
  # Status 1 with a row whose answers differ is reported by the table below.
  if ((rc != 0)) && ! awk -F'\t' '$10 == "NO" { found = 1 } END { exit !found }' "$work/$problem.tsv"; then
    failed+=("bench/$problem/run.sh (exit status $rc)")
  fi
done

echo "| problem | input (shape, size) | grundy: time, peak memory | reference program | reference: time, peak memory | time ratio (reference/grundy) | memory ratio (grundy/reference) | answers identical? |"
echo "|---|---|---|---|---|---|---|---|"
differ=()
while IFS=$'\t' read -r problem input shape bytes g_s g_kb ref r_s r_kb same note; do
  size=$(awk -v b="$bytes" 'BEGIN { if (b == "-") printf "no input"; else if (b < 1e3) printf "%d B", b; else if (b < 1e6) printf "%.1f kB", b / 1e3; else printf "%.1f MB", b / 1e6 }')
  if [[ $r_s == - ]]; then r_cell=$note; else r_cell=$(cell "$r_s" "$r_kb"); fi
  [[ $same == NO ]] && { differ+=("$problem $input ($ref)"); same="**NO**"; }
  echo "| $problem | $input ($shape; $size) | $(cell "$g_s" "$g_kb") | $ref | $r_cell | $(ratio "$r_s" "$g_s") | $(is_time "$g_s" && is_time "$r_s" && mem_ratio "$g_kb" "$r_kb" || echo n/a) | $same |"
done <"$work/all.tsv"
echo
echo "Problems: fdivgame = CodeChef FDIVGAME (\`grundy contest fdivgame\`), not-a-nim = Codeforces 2004E"
echo "(\`grundy contest not-a-nim\`), xy-game = AtCoder ARC208 E (\`grundy contest xy-game\`), graph = \`grundy value graph:FILE 0\`,"
echo "value = two value computations that took 421 s and 13 s before their window and quotient-block methods."
echo "Times: wall time of the best of $runs runs of each program on each input (FDIVGAME's memoised program: 1 run),"
echo "from bash's clock around \`timeout\` and \`/usr/bin/time\`, minus what that harness costs by itself (best of 9 runs of"
echo "/bin/true through it: $(awk -v h="$harness_cache" 'BEGIN { printf "%.1f", h * 1000 }') ms, no part of either program's time); memory: peak resident set size of that run (\`/usr/bin/time -f %M\`)."
echo "Memory ratio: grundy's peak over the reference's (1/17 = 17 times less). Answers compared byte for byte."
echo "References: the C++ solutions printed in the project's reference documents (tutorials and editorials of"
echo "these problems), cut out of those documents at run time and compiled with g++ -O2 -std=c++17; none is kept"
echo "in the repository. grundy: the bench preset (Release). Inputs: bench/*/gen_* with fixed seeds."
((quick)) && echo "--quick: without the large inputs and without FDIVGAME's memoised program."
machine_line
echo "Whole run, build included: $(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f s", b - a }')."

status=0
if ((${#differ[@]})); then
  printf 'run-all.sh: ANSWERS DIFFER: %s\n' "${differ[@]}" >&2
  status=1
fi
if ((${#failed[@]})); then
  printf 'run-all.sh: FAILED: %s (messages above)\n' "${failed[@]}" >&2
  status=1
fi
exit $status
