#!/usr/bin/env bash
# The main job on a bundled example: installs what is missing, builds the
# grundy command, the Python module and the example program (everything
# `cmake --install` installs, but not the test suite: that is scripts/test.sh),
# and asks grundy about a few games.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The grundy command first, then its examples; the Python module and the
# C++ example program after them. Measured from a clean clone on 2 cores
# (AMD EPYC, 2026-12-02, ccache off, other builds running): the command took
# 8.3 minutes of processor time, the module and example 1 more; ccache
# makes a later build take seconds.
start=$SECONDS
echo "run-example: building the grundy command into build/release" \
  "(about 4 to 8 minutes on 2 cores the first time, seconds after that)..." >&2
cmake --preset release >/dev/null
# Ninja's [done/total] lines show how far the build is.
cmake --build --preset release --target grundy_cli
echo "run-example: built grundy in $((SECONDS - start)) s" >&2
echo
grundy=build/release/apps/grundy/grundy
run() { echo "\$ grundy $*"; "$grundy" "$@"; echo; }
run winner nim 3 4 5
run moves nim 3 4 5
run value subtraction:1,2,3 0 1 2 3 4 5 9
run table subtraction:2,5,7 --to 40 --runs
run moves graph:examples/data/chain.txt a + subtraction:1-3 6
run value subtraction:2,5,7 1000000000000000000 --json
run pattern division:2-6
start=$SECONDS
echo "run-example: building the Python module and the C++ example" \
  "(about 1 more minute the first time)..." >&2
cmake --build --preset release --target grundy_python custom_game
echo "run-example: built them in $((SECONDS - start)) s" >&2
echo
echo "\$ build/release/examples/custom_game"
build/release/examples/custom_game
echo
echo "\$ PYTHONPATH=build/release/python /usr/bin/python3 -c 'import grundy; print(grundy.value(\"kayles\", 10))'"
PYTHONPATH=build/release/python /usr/bin/python3 -c 'import grundy; print(grundy.value("kayles", 10))'
echo
echo "run-example: to type 'grundy' anywhere, put it on your PATH:" >&2
echo "  export PATH=\"$PWD/build/release/apps/grundy:\$PATH\"" >&2
echo "or install it (README: grundy on your PATH)." >&2
