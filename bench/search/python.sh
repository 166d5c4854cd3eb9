#!/usr/bin/env bash
# Cram written as a Python class (examples/cram.py: regions as grundy.Split,
# the 8 symmetries in canonical()) against the built-in `cram` family, both
# solved by the library's component search, side by side in one run.
#
# Usage: bench/search/python.sh [RUNS] [BOARD...]
#   RUNS   runs of each command; the median is reported (default 3)
#   BOARD  HxW boards (default: 4x5 5x5 4x7 5x6)
# Needs the release build (bash scripts/run-example.sh or scripts/test.sh),
# whose Python module is build/release/python. A run is stopped after LIMIT
# seconds (environment, default 600).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-3}
shift || true
boards=("$@")
((${#boards[@]})) || boards=(4x5 5x5 4x7 5x6)
limit=${LIMIT:-600}

# shellcheck source=../common/timing.sh
source "$root/bench/common/timing.sh"

grundy=$root/build/release/apps/grundy/grundy
if [[ ! -x $grundy || ! -d $root/build/release/python/grundy ]]; then
  echo "building grundy and its Python module (release preset)"
  (cd "$root" && cmake --preset release >/dev/null && cmake --build --preset release --target grundy_cli grundy_python >/dev/null)
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-python-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT


printf '\n%-8s %6s %14s %14s %8s\n' board value "python s" "built-in s" ratio
for board in "${boards[@]}"; do
  py=$(median_of run_seconds env PYTHONPATH="$root/build/release/python" python3 "$root/examples/cram.py" "$board")
  py_value=$(cut -f2 "$work/out")
  cpp=$(median_of run_seconds "$grundy" value cram "$board")
  value=$(cat "$work/out")
  [[ $py != [0-9]* || $py_value == "$value" ]] || echo "bench: $board: the Python class says $py_value, cram $value" >&2
  printf '%-8s %6s %14s %14s %8s\n' "$board" "$value" "$py" "$cpp" "$(ratio "$py" "$cpp")"
done
echo "medians of $runs runs; wall seconds (Python start-up and import included); stopped after $limit s"
echo "grundy: $(git -C "$root" rev-parse --short HEAD); machine: $(nproc) cores"
