#!/usr/bin/env bash
# The main job on a bundled example: installs what is missing, builds the
# grundy command, the Python module and the example program (everything
# `cmake --install` installs, but not the test suite: that is scripts/test.sh),
# and asks grundy about a few games.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
start=$SECONDS
echo "run-example: building grundy and the example into build/release" \
  "(about 1 to 2 minutes on 2 cores the first time, seconds after that)..." >&2
cmake --preset release >/dev/null
# Ninja's [done/total] lines show how far the build is.
cmake --build --preset release --target grundy_cli grundy_python custom_game
echo "run-example: built in $((SECONDS - start)) s" >&2
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
echo "\$ build/release/examples/custom_game"
build/release/examples/custom_game
echo
echo "\$ PYTHONPATH=build/release/python /usr/bin/python3 -c 'import grundy; print(grundy.value(\"kayles\", 10))'"
PYTHONPATH=build/release/python /usr/bin/python3 -c 'import grundy; print(grundy.value("kayles", 10))'
echo
echo "run-example: to type 'grundy' anywhere, put it on your PATH:" >&2
echo "  export PATH=\"$PWD/build/release/apps/grundy:\$PATH\"" >&2
echo "or install it (README: grundy on your PATH)." >&2
