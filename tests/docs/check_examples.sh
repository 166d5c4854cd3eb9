#!/usr/bin/env bash
# Every example in the given Markdown files is the program's real output.
# An example is a line '$ grundy ...' (or '$ printf ... | grundy ...') inside
# a ``` block; the lines after it, up to the next '$ ' line or the end of
# the block, are what it prints (stdout and stderr together; blank lines at
# the end are ignored). Commands run from the repository root, as the README
# tells a reader to, with 'grundy' standing for the binary under test, in a
# UTF-8 locale (infinite values print as ∞{...}).
#
# Usage: check_examples.sh GRUNDY_BINARY SOURCE_DIR FILE.md...
set -uo pipefail
binary=$1 root=$2
shift 2
cd "$root" || exit 1

failures=0 examples=0
run_example() {  # $1 file, $2 line, $3 command, $4 expected output
  local actual
  # Progress lines (docs/cli.md, "Progress"): a task past one second says so
  # on stderr, which depends on the machine's speed and load, never on the
  # answer; no example shows one, so they are left out of the comparison.
  actual=$(GRUNDY_BINARY=$binary NO_COLOR=1 LC_ALL=C.UTF-8 bash -c 'grundy() { "$GRUNDY_BINARY" "$@"; }; '"$3" 2>&1 </dev/null |
    grep -Ev '^grundy: .*(\.\.\.|: done in [0-9.]+ s|: stopped after [0-9.]+ s)$')
  examples=$((examples + 1))
  # $(...) drops trailing newlines on both sides alike.
  if [[ "$actual" != "$4" ]]; then
    failures=$((failures + 1))
    echo "$1:$2: the example's output differs from the program's: $3"
    diff <(printf '%s\n' "$4") <(printf '%s\n' "$actual") | head -20
  fi
}

for file in "$@"; do
  in_block=0 command="" expected="" start=0 number=0
  while IFS= read -r line || [[ -n "$line" ]]; do
    number=$((number + 1))
    if [[ "$line" == '```'* ]]; then
      if ((in_block)) && [[ -n "$command" ]]; then
        run_example "$file" "$start" "$command" "$(printf '%s' "$expected")"
      fi
      in_block=$((1 - in_block)) command="" expected=""
      continue
    fi
    ((in_block)) || continue
    if [[ "$line" == '$ '* ]]; then
      [[ -n "$command" ]] && run_example "$file" "$start" "$command" "$(printf '%s' "$expected")"
      command=${line#'$ '} expected="" start=$number
      [[ "$command" == *grundy* ]] || command=""
    elif [[ -n "$command" ]]; then
      expected+="$line"$'\n'
    fi
  done <"$file"
done

echo "$examples examples checked, $failures differ"
((examples > 0 && failures == 0))
