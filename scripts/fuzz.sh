#!/usr/bin/env bash
# The long fuzz run (the test suite runs each fuzzer for only a few seconds).
#
#   bash scripts/fuzz.sh [--seconds N] [--seed S] [TARGET...]
#
# Builds the fuzzers (the `fuzz` preset: clang, libFuzzer, AddressSanitizer,
# UndefinedBehaviorSanitizer) and runs each TARGET (default: all of spec,
# graph, fdivgame, not_a_nim, xy_game) for N seconds (default 600), from the
# repository's corpus (fuzz/corpus/TARGET) plus the inputs earlier runs found
# (build/fuzz/fuzz/found/TARGET, where new ones go). The seed defaults to a new
# one each run. A crash, a timeout (10 s for one input) or memory beyond 2 GB
# stops that target and leaves the input in build/fuzz/fuzz/artifacts/; see
# fuzz/README.md for what to do with it. Exit status 1 if any target failed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=600
seed=0
targets=()
while (($#)); do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    spec|graph|fdivgame|not_a_nim|xy_game) targets+=("$1"); shift ;;
    *) echo "fuzz.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ $seconds =~ ^[0-9]+$ && $seconds -gt 0 ]] || { echo "fuzz.sh: --seconds wants a whole number >= 1, not '$seconds'" >&2; exit 2; }
((${#targets[@]} > 0)) || targets=(spec graph fdivgame not_a_nim xy_game)

cd "$root"
bash scripts/install-deps.sh
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
dir=build/fuzz/fuzz
mkdir -p "$dir/artifacts"
failed=()
for t in "${targets[@]}"; do
  mkdir -p "$dir/found/$t"
  echo "== fuzz_$t for $seconds s"
  if ! "$dir/fuzz_$t" -max_total_time="$seconds" -seed="$seed" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
      -print_final_stats=1 -artifact_prefix="$dir/artifacts/$t-" "$dir/found/$t" "fuzz/corpus/$t" 2>"$dir/$t.log"; then
    failed+=("$t")
    grep -E 'ERROR|property broken|SUMMARY|Test unit written' "$dir/$t.log" >&2 || true
  fi
  grep -E '^stat::number_of_executed_units|^Done' "$dir/$t.log" || true
done
if ((${#failed[@]} > 0)); then
  echo "fuzz.sh: failures in ${failed[*]}; inputs in $dir/artifacts/, logs in $dir/*.log" >&2
  exit 1
fi
echo "fuzz.sh: no failures"
