# Shared by the docs' script tests (sourced): after `source checks.sh "$@"`, $root is the
# repository (the first argument, or the one this file is in), $tmp a directory removed on exit,
# fail MESSAGE counts a failure, and finish NAME ends the test with its verdict.
set -uo pipefail
root=$(cd "${1:-$(dirname "${BASH_SOURCE[0]}")/../..}" && pwd) || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
finish() {
  if ((failures)); then
    echo "$1: $failures failure(s)"
    exit 1
  fi
  echo "$1: all passed"
  exit 0
}
