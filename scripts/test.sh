#!/usr/bin/env bash
# The whole test suite: installs what is missing, checks that the README's
# set-up command builds all it promises (scripts/check-setup.sh; on a clean
# clone it makes the first build), then builds and tests the
# optimised build and the AddressSanitizer + UndefinedBehaviorSanitizer build
# (both replay the fuzz corpus), the tests of threads under ThreadSanitizer
# (the tsan preset: the library and those tests alone), then builds the
# libFuzzer fuzzers with clang and runs each for a few seconds (about a
# minute in all; fuzz/README.md). It begins with the house style: every C++
# file as clang-format writes it (.clang-format).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --for-tests
echo "== format: clang-format --dry-run --Werror (fix with scripts/format.sh)"
bash scripts/format.sh --check
echo "== set-up: the README's first command, its Python example, cmake --install"
bash scripts/check-setup.sh
for preset in release sanitize tsan fuzz; do
  echo "== $preset build"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
  ctest --preset "$preset"
done
