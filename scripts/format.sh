#!/usr/bin/env bash
# The house style (.clang-format: Google's, 120 columns) over every C++ file
# the repository tracks.
#   scripts/format.sh          rewrites the files in place
#   scripts/format.sh --check  changes nothing; lists each departure and exits 1
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -d .git ]] && command -v git >/dev/null; then
  mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
else
  mapfile -t files < <(find apps bench fuzz include python src tests -name '*.cpp' -o -name '*.hpp' | sort)
fi
case "${1:-}" in
  "") clang-format -i "${files[@]}" ;;
  --check)
    if ! clang-format --dry-run --Werror "${files[@]}"; then
      echo "format: the files above depart from .clang-format; run: bash scripts/format.sh" >&2
      exit 1
    fi ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac
