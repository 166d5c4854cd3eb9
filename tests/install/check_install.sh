#!/usr/bin/env bash
# Installs the built project into a scratch prefix and builds a consumer
# project against it with find_package(grundy).
set -euo pipefail
build_dir=$1
source_dir=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cmake --install "$build_dir" --prefix "$scratch/prefix" >/dev/null
cmake -S "$source_dir/consumer" -B "$scratch/build" -G Ninja -DCMAKE_PREFIX_PATH="$scratch/prefix" >/dev/null
cmake --build "$scratch/build" >/dev/null
out=$("$scratch/build/consumer")
[[ $out == "subtraction:1-3 1" ]] || { echo "consumer printed '$out'"; exit 1; }
test -x "$scratch/prefix/bin/grundy"
echo "installed package works: $out"
