#!/usr/bin/env bash
# The main job on a bundled example: installs what is missing, builds grundy,
# and asks it about a few games.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release >/dev/null
grundy=build/release/apps/grundy/grundy
run() { echo "\$ grundy $*"; "$grundy" "$@"; echo; }
run winner nim 3 4 5
run moves nim 3 4 5
run value subtraction:1,2,3 0 1 2 3 4 5 9
run table subtraction:2,5,7 --to 40 --runs
run moves graph:examples/data/chain.txt a + subtraction:1-3 6
run value subtraction:2,5,7 1000000000000000000 --json
echo "\$ build/release/examples/custom_game"
build/release/examples/custom_game
