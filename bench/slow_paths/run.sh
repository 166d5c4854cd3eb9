#!/usr/bin/env bash
# Times the two value computations that were once slow (issue 16):
# `grundy value subtraction:1-100000 5000000` (a sliding-window mex over a
# range of S; 421 s before) and `grundy value division:2-1048576 100000`
# (quotient blocks over a range of D; 13 s before), and prints a Markdown
# table of time, peak memory and the value.
#
#   bash bench/slow_paths/run.sh [--runs K] [--records] [--no-build] [--quick]
#
#   --runs K      best of K runs (default 5)
#   --records     print one tab-separated line per command for bench/run-all.sh
#   --no-build    use the binary already in build/bench
#   --quick       accepted for run-all.sh; both commands are quick anyway
#
# There is no reference program; the values are checked against a plain mex
# in tests/games/range_sets_test.cpp.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=bench/common/timing.sh
source "$root/bench/common/timing.sh"
runs=5 records=0 no_build=0
while (($#)); do
  case $1 in
    --runs) need_value "$@"; runs=$2; shift 2 ;;
    --records) records=1; shift ;;
    --no-build) no_build=1; shift ;;
    --quick) shift ;;
    -h|--help) usage_of "$0"; exit 0 ;;
    *) echo "slow_paths/run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "slow_paths/run.sh: --runs expects a positive whole number" >&2; exit 2; }

bench_build grundy_cli
grundy="$root/build/bench/apps/grundy/grundy"
work=$(mktemp -d /tmp/slow-paths-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
limit=120

declare -A spec=([subtraction]=subtraction:1-100000 [division]=division:2-1048576)
declare -A heap=([subtraction]=5000000 [division]=100000)
inputs=(subtraction division)
if ((records == 0)); then
  echo "| command | time | memory | value |"
  echo "|---|---|---|---|"
fi
status=0
for input in "${inputs[@]}"; do
  : >"$work/$input.in"  # best_of reads stdin from a file; these commands read none
  progress "slow paths: $input"
  read -r secs kb <<<"$(best_of grundy "$input" "$runs" "$grundy" value "${spec[$input]}" "${heap[$input]}")"
  is_time "$secs" || status=1
  command_line="grundy value ${spec[$input]} ${heap[$input]}"
  if ((records)); then
    record value "$input" "\`$command_line\`" - "$secs" "$kb" "none (no reference program)" - - n/a n/a
  else
    echo "| \`$command_line\` | $(cell "$secs" "$kb") | $(cat "$work/grundy.$input.out" 2>/dev/null || echo n/a) |"
  fi
done
if ((records == 0)); then
  echo
  echo "Wall time of the best of $runs runs, peak resident memory of that run."
  machine_line
fi
exit $status
