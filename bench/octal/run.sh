#!/usr/bin/env bash
# Octal games: grundy against T. Czajka's analyzer and P. Beling's ogsolve
# (with its fastest method for each game: RC2 where rare values are few, the
# naive one where they are not), measured side by side in one run.
# Both are peers (MIT; GPL), built here into a scratch folder from
# ../shared/peers/czajka-octal and ../shared/peers/beling-igs, never copied
# into the repository.
#
# Usage: bench/octal/run.sh [K] [KG] [RUNS]
#   K     values G(0..2^K - 1) of 0.167 (default 24)
#   KG    values G(0..2^KG - 1) of Grundy's game (default 20)
#   RUNS  runs of each command; the median is reported (default 3)
#
# ogsolve computes G(0..N) for the N it is given (`-n N -m rc2`) and looks
# for a period only there; it is timed as a whole process, given the N each
# proof needs (2e + 2p + t). It has no Grundy's game (not an octal code).
#
# The analyzer prints a line "n=2^K ..." when it has G(0..2^K - 1), and
# "Found period ..." when it proves a period; it is timed until that line and
# stopped. grundy is timed as a whole process, `pattern GAME --max-heap N`, on
# one thread (`--threads 1`: the per-core comparison, the peers computing on
# one) and on every core (its default: the rare values' checks on a second
# thread, docs/games/octal.md, "Two cores on one game"):
# for 0.167 and Grundy's game no period is found, so it computes exactly
# G(0..N) (and looks for a period on the way, as the analyzer does). A run is stopped after LIMIT seconds
# (environment, default 300) and reported as such.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
K=${1:-24}
KG=${2:-20}
runs=${3:-3}
limit=${LIMIT:-300}
peer_src=${CZAJKA_SRC:-$root/../shared/peers/czajka-octal/src}
peer=1
if [[ ! -d $peer_src ]]; then
  echo "bench: the peer's source is not at $peer_src (set CZAJKA_SRC): grundy is timed alone" >&2
  peer=0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-octal-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT

beling_build=${BELING_BUILD:-$root/../shared/peers/beling-igs/build.sh}
og=""
if [[ -n ${OGSOLVE:-} ]]; then
  og=$OGSOLVE
elif [[ -f $beling_build ]]; then
  echo "building Beling's ogsolve (offline, a few minutes)"
  og=$(bash "$beling_build" "$work/beling" 2>"$work/beling.log" | tail -1)/ogsolve || og=""
  [[ -x $og ]] || { echo "bench: ogsolve did not build ($work/beling.log): timed without it" >&2; og=""; }
else
  echo "bench: no $beling_build (set BELING_BUILD, or OGSOLVE to a built ogsolve): timed without it" >&2
fi

if ((peer)); then
  echo "building Czajka's analyzer from $peer_src"
  g++ -O2 -std=c++11 -pthread -I"$peer_src" "$peer_src/analyze_exec.cc" "$peer_src/game.cc" \
    "$peer_src/game_util.cc" "$peer_src/hadamard.cc" -o "$work/analyze"
fi
grundy=$root/build/release/apps/grundy/grundy
if [[ ! -x $grundy ]]; then
  echo "building grundy (release)"
  (cd "$root" && cmake --preset release >/dev/null && cmake --build --preset release --target grundy_cli >/dev/null)
fi

# peer_seconds ARG TEXT: seconds until the analyzer, run on ARG, prints a
# line holding TEXT, then it is stopped; "timeout" past $limit.
peer_seconds() {
  local arg=$1 text=$2 start end found=0 pid
  if ((!peer)); then echo skipped; return; fi
  rm -f "$work/fifo" && mkfifo "$work/fifo"
  start=$EPOCHREALTIME
  timeout "$limit" "$work/analyze" "$arg" >"$work/fifo" &
  pid=$!
  if grep -q -m1 -F -- "$text" <"$work/fifo"; then found=1; fi
  end=$EPOCHREALTIME
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if ((found)); then awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'; else echo timeout; fi
}

# og_seconds GAME N [METHOD]: seconds ogsolve takes to compute G(0..N) of
# GAME by METHOD (default rc2).
og_seconds() {
  local start end rc=0
  if [[ -z $og ]]; then echo skipped; return; fi
  start=$EPOCHREALTIME
  timeout "$limit" "$og" "$1" -n "$2" -m "${3:-rc2}" >"$work/og.out" 2>&1 || rc=$?
  end=$EPOCHREALTIME
  if ((rc == 124)); then echo timeout; elif ((rc != 0)); then echo "failed($rc)"; else
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'
  fi
}

# ours_seconds ARGS...: seconds grundy takes on ARGS (output discarded).
ours_seconds() {
  local start end rc=0
  start=$EPOCHREALTIME
  timeout "$limit" "$grundy" "$@" >/dev/null 2>"$work/err" || rc=$?
  end=$EPOCHREALTIME
  if ((rc == 124)); then echo timeout; elif ((rc != 0)); then echo "failed($rc)"; else
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'
  fi
}

# median of RUNS results of a function; "timeout" or "failed" if any run was.
median_of() {
  local results=() r
  for ((i = 0; i < runs; ++i)); do
    r=$("$@")
    [[ $r =~ ^[0-9.]+$ ]] || { echo "$r"; return; }
    results+=("$r")
  done
  printf '%s\n' "${results[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# ratio OURS PEER...: the fastest peer's time over ours (how many times faster grundy is).
ratio() {
  local ours=$1 best="" t
  shift
  for t in "$@"; do
    [[ $t =~ ^[0-9.]+$ ]] || continue
    if [[ -z $best ]] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  if [[ $ours =~ ^[0-9.]+$ && -n $best ]]; then
    awk -v a="$ours" -v b="$best" 'BEGIN { if (a > 0) printf "%.2fx", b / a; else print "-" }'
  else
    echo "-"
  fi
}

# ours_kib ARGS...: grundy's peak resident memory on ARGS, in KiB.
ours_kib() {
  /usr/bin/time -f %M -o "$work/rss" "$grundy" "$@" >/dev/null 2>&1 || true
  cat "$work/rss"
}

last=$(( (1 << K) - 1 ))
last_g=$(( (1 << KG) - 1 ))
cores=$(nproc)
printf '\n%-40s %10s %10s %10s %10s %14s %14s\n' "task" "grundy 1t" "grundy ${cores}t" "Czajka s" "ogsolve s" \
  "peer/us, 1t" "peer/us, ${cores}t"
row() {  # row TASK OURS_ONE_THREAD OURS_EVERY_CORE CZAJKA OGSOLVE
  printf '%-40s %10s %10s %10s %10s %14s %14s\n' "$1" "$2" "$3" "$4" "$5" "$(ratio "$2" "$4" "$5")" \
    "$(ratio "$3" "$4" "$5")"
}
# both RUNS ARGS...: grundy's median on one thread, then on every core.
both() {
  echo "$(median_of ours_seconds "$@" --threads 1)" "$(median_of ours_seconds "$@" --threads "$cores")"
}
# shellcheck disable=SC2046  # (both's two words are two arguments)
row "0.167: G(0..2^$K - 1)" $(both pattern octal:0.167 --max-heap "$last") \
  "$(median_of peer_seconds .167 "n=2^$K ")" "$(median_of og_seconds 0.167 "$last")"
# shellcheck disable=SC2046
row "Grundy's game: G(0..2^$KG - 1)" $(both pattern grundy-game --max-heap "$last_g") \
  "$(median_of peer_seconds grundy "n=2^$KG ")" "-"
# shellcheck disable=SC2046
row "Kayles 0.77: period proven" $(both pattern kayles) \
  "$(median_of peer_seconds .77 "Found period")" "$(median_of og_seconds 0.77 170)"
# 2e + 2p + t = 20125015 + 1180 values for 0.354 (e = 10061916, p = 1180, t = 3).
# shellcheck disable=SC2046
row "0.354: period proven (e = 10061916)" $(both pattern octal:0.354 --max-heap 33554431) \
  "$(median_of peer_seconds .354 "Found period")" "$(median_of og_seconds 0.354 20126195)"
# No rare-value mask applies to 0.06: every value is a scan of every pair,
# and ogsolve's naive method is its fastest (33 s against 141 s for RC2).
# shellcheck disable=SC2046
row "0.06: G(0..2^18 - 1), no mask applies" $(both pattern octal:0.06 --max-heap 262143) \
  "$(median_of peer_seconds .06 "n=2^18 ")" "$(median_of og_seconds 0.06 262143 naive)"
# The analyzer's tables end at 2^28, below the 443139470 values this proof needs.
row "0.1777: period proven (e = 160949018)" "$(ours_seconds pattern octal:0.1777 --max-heap 500000000 --threads 1)" \
  "$(ours_seconds pattern octal:0.1777 --max-heap 500000000 --threads "$cores")" "-" "$(og_seconds 0.1777 443139470)"
echo
kib=$(ours_kib pattern octal:0.167 --max-heap "$last" --threads 1)
echo "grundy's memory on 0.167 to 2^$K: $kib KiB peak, $(awk -v k="$kib" -v n="$last" 'BEGIN { printf "%.2f", k * 1024 / (n + 1) }') bytes per value"
kib=$(ours_kib pattern octal:0.1777 --max-heap 500000000 --threads 1)
echo "grundy's memory on the 0.1777 proof (443139470 values): $kib KiB peak, $(awk -v k="$kib" 'BEGIN { printf "%.2f", k * 1024 / 443139470 }') bytes per value"
echo "medians of $runs runs (the 0.1777 row: one run); wall seconds; stopped after $limit s; the peers compute on one thread"
echo "grundy: $(git -C "$root" rev-parse --short HEAD); machine: $(nproc) cores"
