#!/usr/bin/env bash
# What the README promises after its first command, checked the way a
# newcomer meets it: scripts/run-example.sh alone (on a fresh clone it is
# what builds build/release), then the README's Python one-liner, then
# `cmake --install` into a scratch prefix, whose grundy command and Python
# package must both work from another folder.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bash scripts/run-example.sh >/dev/null
answer=$(PYTHONPATH=build/release/python /usr/bin/python3 -c 'import grundy; print(grundy.value("kayles", 10))')
[[ $answer == 2 ]] || { echo "check-setup: the README's Python example printed '$answer', not 2" >&2; exit 1; }
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install build/release --prefix "$prefix" >/dev/null
cd "$prefix"
[[ $("$prefix/bin/grundy" value kayles 10) == 2 ]] || { echo "check-setup: the installed grundy is wrong" >&2; exit 1; }
site=$(ls -d "$prefix"/lib/python3*/dist-packages)
answer=$(PYTHONPATH=$site /usr/bin/python3 -c 'import grundy; print(grundy.value("kayles", 10), grundy.__file__)')
[[ $answer == "2 $site/grundy/__init__.py" ]] || { echo "check-setup: the installed Python package answered '$answer'" >&2; exit 1; }
echo "check-setup: run-example.sh, the README's Python example and cmake --install work (from $root)"
