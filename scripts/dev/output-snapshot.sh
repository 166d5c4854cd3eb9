#!/usr/bin/env bash
# Writes what grundy says to a folder, one file per command: the help of the
# program and of every command, sums answered in both conventions and as
# JSON, scripted `play` sessions, serve's API answers and Python's. Run it
# before and after a change that should not change behaviour, and compare
# the two folders with `diff -r` (the documented examples are checked by the
# test Docs.ExamplesAreReal already).
#
# Usage: scripts/dev/output-snapshot.sh GRUNDY_BINARY OUT_DIR [PYTHONPATH]
set -uo pipefail
if (($# < 2)); then
  echo "usage: $0 GRUNDY_BINARY OUT_DIR [PYTHONPATH]" >&2
  exit 2
fi
grundy=$1 out=$2 pythonpath=${3:-}
cd "$(dirname "$0")/../.." || exit 1
mkdir -p "$out"
export NO_COLOR=1 LC_ALL=C.UTF-8

n=0
# Times differ from run to run: they are written as "T".
steady() { sed -E 's/(done in|stopped after) [0-9.]+ s/\1 T s/; s/"seconds":[0-9.e+-]+/"seconds":T/g'; }
snap() {  # snap COMMAND...: its stdout, stderr and exit status, in one file
  n=$((n + 1))
  { printf '$ %s\n' "$*"; "$@" </dev/null 2>&1; echo "[exit $?]"; } | steady >"$out/$(printf '%03d' $n).txt"
}
snap_input() {  # snap_input INPUT COMMAND...: the same, with INPUT on stdin
  local input=$1
  shift
  n=$((n + 1))
  { printf '$ %s <<< %q\n' "$*" "$input"; printf '%b' "$input" | "$@" 2>&1; echo "[exit $?]"; } | steady >"$out/$(printf '%03d' $n).txt"
}

snap "$grundy" --help
snap "$grundy" games
for c in value winner moves table pattern plot rare quotient census contest play serve games help; do
  snap "$grundy" "$c" --help
done
for conv in "" --misere; do
  for sum in "nim 3 4 5" "octal:0.137 10 20 + nim 3" "kayles 7 9 13" "subtraction:1,3,4 100 200" \
    "graph:examples/data/loopy.txt study + nim 2" "cram 3x4" "chomp 4x5" "grundy-game 30 17"; do
    # shellcheck disable=SC2086
    for cmd in value winner moves; do
      snap "$grundy" $cmd $sum $conv
      snap "$grundy" $cmd $sum $conv --json
    done
  done
done
snap "$grundy" winner octal:0.75 1000001 999999 --misere
snap "$grundy" quotient octal:0.75
snap "$grundy" quotient octal:0.75 --json
snap "$grundy" quotient octal:4.7 --max-heap 20
snap "$grundy" value nim x
snap "$grundy" winner octal:0.9
snap "$grundy" moves nim 3 + kayles
for seed in 1 2 3; do
  snap_input 'hint\nmove 1 2\nhint\nquit\n' "$grundy" play nim 3 5 6 --seed $seed
  snap_input 'hint\n1 3\nhint\n' "$grundy" play kayles 7 9 --seed $seed --misere
  snap_input 'hint\ndraw\n' "$grundy" play graph:examples/data/loopy.txt study + nim 2 --seed $seed
  snap_input 'help\nbogus\nhint\nundo\nquit\n' "$grundy" play octal:0.137 12 --seed $seed
done
if [[ -n "$pythonpath" ]]; then
  snap env PYTHONPATH="$pythonpath" python3 -c '
import grundy, json
print(grundy.value("nim", 3), grundy.winner("kayles 7 9"), grundy.moves("nim 3 4 5"))
print(grundy.winner("kayles 7 9", misere=True), grundy.moves("kayles 7 9", misere=True))
import io
for misere in (False, True):
    out = io.StringIO()
    grundy.play("nim 3 5 6", seed=1, misere=misere, input=io.StringIO("hint\n1 2\nhint\nundo\nhint\nquit\n"), output=out)
    print(out.getvalue())
'
fi
echo "$n outputs in $out"
