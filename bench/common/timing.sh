# shellcheck shell=bash disable=SC2154
# Shared helpers of bench/run-all.sh and the bench/*/run.sh scripts (sourced,
# not run). The timing helpers expect $work (a scratch directory holding
# INPUT.in files) and $limit (the seconds after which a run is stopped).

# best_of NAME INPUT RUNS CMD...: runs CMD RUNS times on INPUT, keeps the
# output of the first run in $work/NAME.INPUT.out and prints "seconds peak_kb"
# of the fastest run (wall time from bash's clock, to the microsecond, minus
# the harness's own cost: see measure_harness; peak memory from
# /usr/bin/time), "timeout LIMIT" when a run exceeds the limit, or "failed
# STATUS" when CMD exits with a nonzero status.
best_of() {
  local name=$1 input=$2 count=$3; shift 3
  local best="" best_kb="" start end secs kb rc
  measure_harness
  for ((r = 0; r < count; ++r)); do
    start=$EPOCHREALTIME
    rc=0
    timeout "$limit" /usr/bin/time -f '%M' -o "$work/time" "$@" <"$work/$input.in" >"$work/$name.$input.out.$r" 2>"$work/$name.$input.err" || rc=$?
    end=$EPOCHREALTIME
    if ((rc != 0)); then
      rm -f "$work/$name.$input.out.$r"
      if ((rc == 124)); then echo "timeout $limit"; else
        echo "bench: $name failed on $input with status $rc: $(head -c 300 "$work/$name.$input.err")" >&2
        echo "failed $rc"
      fi
      return
    fi
    secs=$(awk -v a="$start" -v b="$end" -v h="$harness_cache" 'BEGIN { s = b - a - h; printf "%.4f", (s > 0 ? s : 0) }')
    kb=$(tail -n 1 "$work/time")
    if [[ -z $best ]] || awk -v a="$secs" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$secs best_kb=$kb; fi
    if ((r == 0)); then mv "$work/$name.$input.out.$r" "$work/$name.$input.out"; else rm -f "$work/$name.$input.out.$r"; fi
  done
  echo "$best $best_kb"
}

# measure_harness: what starting `timeout` and `/usr/bin/time` costs a run by
# itself (about 13 ms on the machines here), measured once as the best of 9
# runs of /bin/true through the same harness and taken off every time
# best_of reports: it is no part of either program's time, and left in, it
# shrinks the ratio of a fast program to a slow one.
# Sets harness_cache (in the calling shell: not to be called in $(...)).
measure_harness() {
  if [[ -z ${harness_cache:-} ]]; then
    local best="" start end secs r
    for ((r = 0; r < 9; ++r)); do
      start=$EPOCHREALTIME
      timeout 60 /usr/bin/time -f '%M' -o /dev/null /bin/true </dev/null >/dev/null 2>&1
      end=$EPOCHREALTIME
      secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f", b - a }')
      if [[ -z $best ]] || awk -v a="$secs" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$secs; fi
    done
    harness_cache=$best
  fi
}

# is_time S: whether S (a field printed by best_of) is a measured time.
is_time() { [[ $1 =~ ^[0-9]+(\.[0-9]+)?$ ]]; }

# ratio A B: A / B as "4.2x" ("n/a" unless both are measured times).
ratio() {
  is_time "$1" && is_time "$2" || { echo "n/a"; return; }
  awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) print "n/a"; else printf "%.1fx", a / b }'
}

# run_seconds CMD...: wall seconds of one run of CMD, "timeout" past $limit,
# "failed(STATUS)" when it fails; its output (stdout and stderr) in $work/out,
# its peak memory in KiB (the largest resident set of CMD and the processes
# it waited for, from /usr/bin/time) in $work/peak_kb.
run_seconds() {
  local start end rc=0
  start=$EPOCHREALTIME
  timeout "$limit" /usr/bin/time -f '%M' -o "$work/peak_kb" "$@" >"$work/out" 2>&1 || rc=$?
  end=$EPOCHREALTIME
  if ((rc == 124)); then echo timeout; elif ((rc != 0)); then echo "failed($rc)"; else
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'
  fi
}

# median_of CMD...: the median of $runs results of CMD (a function printing
# seconds), or the first result that is not a time ("timeout", "failed").
median_of() {
  local results=() r
  for ((i = 0; i < runs; ++i)); do
    r=$("$@")
    is_time "$r" || { echo "$r"; return; }
    results+=("$r")
  done
  printf '%s\n' "${results[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# mem_ratio A_KB B_KB: A's memory as a fraction of B's: "1/8.0" when A uses
# 8 times less, "1.3" when A uses 1.3 times more (both must be measured: the
# KB that best_of prints after "timeout" or "failed" is not a memory).
mem_ratio() {
  [[ $1 =~ ^[0-9]+$ && $2 =~ ^[0-9]+$ ]] || { echo "n/a"; return; }
  awk -v a="$1" -v b="$2" 'BEGIN { if (a <= 0 || b <= 0) print "n/a"; else if (b >= a) printf "1/%.1f", b / a; else printf "%.1f", a / b }'
}

# cell SECS KB: one timing as a table cell, "0.0219 s, 7 MB" (or a timeout,
# or a failure, as best_of reports them).
cell() {
  case $1 in
    timeout) echo "> $2 s (stopped)" ;;
    failed) echo "failed (exit status $2)" ;;
    *) echo "$1 s, $(($2 / 1024)) MB" ;;
  esac
}

# size_mb FILE: the size of FILE as "2.4 MB".
size_mb() { stat -c %s "$1" | awk '{ printf "%.1f MB", $1 / 1e6 }'; }

# same_answers A_OUT B_OUT: "yes" when both outputs exist and are identical
# byte for byte, "NO" when they differ or one of them is missing.
same_answers() { [[ -f $1 && -f $2 ]] && cmp -s "$1" "$2" && echo yes || echo NO; }

# machine_line: the machine and the date, for the line under a table.
machine_line() {
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo) of memory," \
    "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(date +%F)."
}

# seed_block FILE K: the K-th ``` block of a seed file (a program of the
# seed), on standard output; exits with an error when it is empty.
seed_block() {
  local text
  text=$(awk -v want="$2" '/^```/ { n++; next } n == 2 * want - 1' "$1")
  [[ -n $text ]] || { echo "bench: block $2 of '$1' is empty: is it the right seed file?" >&2; exit 1; }
  printf '%s\n' "$text"
}

# compile_seed_program SOURCE BINARY: compiles a seed's program as a judge
# would (g++ -O2 -std=c++17), with a clear error when it does not compile.
compile_seed_program() {
  g++ -O2 -std=c++17 -o "$2" "$1" 2>"$2.log" ||
    { cat "$2.log" >&2; echo "bench: the program cut out of the seed ($1) does not compile" >&2; exit 1; }
}

# bench_build TARGET...: installs the missing Debian packages, configures the
# bench preset (build/bench) and builds TARGET...; with no_build=1 only checks
# that the binaries of TARGET... are there (bench/run-all.sh builds them once).
bench_build() {
  local t path
  if ((${no_build:-0})); then
    for t in "$@"; do
      case $t in grundy_cli) path=$root/build/bench/apps/grundy/grundy ;; *) path=$root/build/bench/bench/$t ;; esac
      [[ -x $path ]] || { echo "bench: '$path' is missing: build it with 'cmake --preset bench && cmake --build --preset bench' (or drop --no-build)" >&2; exit 2; }
    done
    return
  fi
  bash "$root/scripts/install-deps.sh"
  (cd "$root" && cmake --preset bench >/dev/null && cmake --build --preset bench --target "$@" >/dev/null) ||
    { echo "bench: building $* with the bench preset failed" >&2; exit 1; }
}

# record FIELD...: one machine-readable line for bench/run-all.sh, fields
# separated by tabs, in this order:
#   problem, input, shape, size in bytes, grundy seconds, grundy peak KB,
#   reference program, its seconds, its peak KB, answers identical, note
# Seconds are a number, "timeout" (KB is then the time limit), "failed" (KB
# is then the exit status) or
# "-" (the reference was not run: the note says why); answers are "yes",
# "NO" or "n/a" (nothing to compare with).
record() { local IFS=$'\t'; echo "$*"; }

# progress MESSAGE: a line on standard error while --records output goes to a file.
progress() { ((${records:-0})) && echo "  $*" >&2 || true; }

# usage_of SCRIPT: the comment block at the top of SCRIPT (after the #! line),
# without the leading "# ", for --help.
usage_of() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$1"; }

# need_value "$@": in an argument loop, exits with status 2 unless the option
# in $1 is followed by a value.
need_value() { (($# >= 2)) || { echo "${0##*/bench/}: $1 needs a value (see --help)" >&2; exit 2; }; }

# Once, when sourced: every best_of of a script takes off the same figure.
measure_harness

# igsolve_folder: the folder of a built igsolve (Beling's peer, for the Cram
# and Chomp benches): $IGSOLVE_BIN when it holds one, else built from
# $peer_dir (../shared/peers/beling-igs) into $work/beling, minutes the first
# time; empty, with a note on stderr, when its source is missing.
igsolve_folder() {
  if [[ -x ${IGSOLVE_BIN:-}/igsolve ]]; then
    echo "$IGSOLVE_BIN"
  elif [[ -f $peer_dir/build.sh ]]; then
    echo "building igsolve from $peer_dir (a few minutes the first time)" >&2
    bash "$peer_dir/build.sh" "$work/beling" | tail -n 1
  else
    echo "bench: igsolve's source is not at $peer_dir (set BELING_IGS or IGSOLVE_BIN): grundy is timed alone" >&2
  fi
}
