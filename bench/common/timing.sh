# Timing helpers for the bench/*/run.sh scripts (sourced, not run). They
# expect $work (a scratch directory holding INPUT.in files) and $limit (the
# seconds after which a run is stopped).

# best_of NAME INPUT RUNS CMD...: runs CMD RUNS times on INPUT, keeps the
# output of the first run in $work/NAME.INPUT.out and prints "seconds peak_kb"
# of the fastest run (wall time from bash's clock, to the microsecond; peak
# memory from /usr/bin/time), or "timeout" when a run exceeds the time limit.
best_of() {
  local name=$1 input=$2 count=$3; shift 3
  local best="" best_kb="" start end secs kb
  for ((r = 0; r < count; ++r)); do
    start=$EPOCHREALTIME
    if ! timeout "$limit" /usr/bin/time -f '%M' -o "$work/time" "$@" <"$work/$input.in" >"$work/$name.$input.out.$r"; then
      rm -f "$work/$name.$input.out.$r"; echo timeout; return
    fi
    end=$EPOCHREALTIME
    secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }')
    kb=$(tail -n 1 "$work/time")
    if [[ -z $best ]] || awk -v a="$secs" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$secs best_kb=$kb; fi
    if ((r == 0)); then mv "$work/$name.$input.out.$r" "$work/$name.$input.out"; else rm -f "$work/$name.$input.out.$r"; fi
  done
  echo "$best $best_kb"
}

# ratio A B: A / B as "4.2x".
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) print "n/a"; else printf "%.1fx", a / b }'; }

# mem_ratio A_KB B_KB: B / A as "1/8.0" (how much less memory A uses).
mem_ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a <= 0) print "n/a"; else printf "1/%.1f", b / a }'; }
