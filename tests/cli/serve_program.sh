#!/usr/bin/env bash
# `grundy serve` runs the server program grundy-serve from grundy's folder
# (apps/grundy/serve_command.hpp): grundy itself loads no HTTP or TLS
# library, the server gets exactly the options given, in the same process,
# and a grundy without its server says so.
# Usage: serve_program.sh GRUNDY GRAPH_FILE
set -euo pipefail
grundy=$1
graph=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
server=
cleanup() {
  [[ -n $server ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# 1. What grundy loads: none of cpp-httplib, OpenSSL, zlib or brotli.
needed=$(readelf -d "$grundy" | grep NEEDED || true)
for lib in libcpp-httplib libssl libcrypto libz libbrotli; do
  grep -q "$lib" <<<"$needed" && fail "grundy links $lib: $needed"
done
readelf -d "$(dirname "$grundy")/grundy-serve" | grep -q "libcpp-httplib" || fail "grundy-serve does not link cpp-httplib"

# 2. The server gets the options as given, in the process grundy started.
"$grundy" serve --port 0 --time-limit 0.25 --graph "$graph" --graph "$graph" --census "$work" >"$work/out" 2>"$work/err" &
server=$!
for _ in $(seq 100); do
  grep -q "open http" "$work/out" && break
  sleep 0.05
done
grep -q "open http" "$work/out" || fail "no address printed: $(cat "$work/out" "$work/err")"
cmdline=$(tr '\0' ' ' <"/proc/$server/cmdline")
expected="grundy-serve --port 0 --host 127.0.0.1 --time-limit 0.25 --graph $graph --graph $graph --census $work "
[[ $cmdline == "$expected" ]] || fail "the server's command line is '$cmdline', expected '$expected'"
[[ $(readlink "/proc/$server/exe") == "$(cd "$(dirname "$grundy")" && pwd -P)/grundy-serve" ]] ||
  fail "process $server runs $(readlink "/proc/$server/exe")"
kill "$server"
wait "$server" 2>/dev/null || true
server=

# 3. Bad options are refused by grundy, before any server starts.
set +e
"$grundy" serve --time-limit 0 >"$work/out" 2>"$work/err"
status=$?
set -e
[[ $status == 2 ]] || fail "--time-limit 0: exit $status, expected 2"
grep -q "time-limit" "$work/err" || fail "--time-limit 0: $(cat "$work/err")"

# 4. A grundy copied without its server says what is missing, and exits 1.
cp "$grundy" "$work/grundy"
set +e
"$work/grundy" serve --port 0 >"$work/out" 2>"$work/err"
status=$?
set -e
[[ $status == 1 ]] || fail "without grundy-serve: exit $status, expected 1"
grep -q "grundy: error: grundy serve runs the server program '$work/grundy-serve'.*No such file" "$work/err" ||
  fail "without grundy-serve: $(cat "$work/err")"
echo "ok"
