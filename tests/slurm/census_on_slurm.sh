#!/usr/bin/env bash
# A census on a real Slurm: starts a one-node cluster in a temporary folder
# (contrib/slurm/one-node-up.sh), submits the 2-digit census to 2^18 as a job
# array of 4 tasks (contrib/slurm/submit-census.sh; the last task to finish
# merges), cancels a task once it has saved a row (scancel) and requeues it,
# and checks that:
# - the merged census equals the one-machine census of the same games;
# - the cancelled task ran twice and its part holds each of its games once.
# Exits 77 (skipped) with the reason where Slurm cannot start: not root, or
# slurmctld and slurmd not installed (scripts/install-deps.sh installs them).
#
# usage: census_on_slurm.sh GRUNDY_BINARY
set -euo pipefail
grundy=$(realpath "${1:?usage: $0 GRUNDY_BINARY}")
here=$(cd "$(dirname "$0")" && pwd)
slurm=$here/../../contrib/slurm

skip() {
  echo "SKIPPED: $*"
  exit 77
}
[ "$(id -u)" = 0 ] || skip "a one-node Slurm needs root here (munged and slurmd run as root)"
for tool in slurmctld slurmd munged sbatch scontrol python3; do
  command -v "$tool" > /dev/null || skip "$tool is not installed (bash scripts/install-deps.sh --for-tests)"
done

dir=$(mktemp -d "${TMPDIR:-/tmp}/grundy-slurm-test.XXXXXX")
cluster=$dir/cluster
cleanup() {
  bash "$slurm/one-node-down.sh" "$cluster" > /dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
fail() {
  echo "FAILED: $*" >&2
  for log in "$dir"/census/*.log "$cluster"/log/slurmctld.log; do
    [ -f "$log" ] && { echo "--- $log" >&2; tail -n 15 "$log" >&2; }
  done
  exit 1
}
# Waits up to $1 seconds for the command after it to succeed.
wait_for() {
  local seconds=$1
  shift
  local end=$((SECONDS + seconds))
  until "$@"; do
    [ $SECONDS -lt $end ] || return 1
    sleep 0.2
  done
}

bash "$slurm/one-node-up.sh" "$cluster" || skip "Slurm could not start here (its logs are above)"
export SLURM_CONF=$cluster/slurm.conf GRUNDY=$grundy

digits=2 parts=4 max_heap=262143
"$grundy" census octal --digits $digits --max-heap $max_heap --json > "$dir/one-machine.json" 2> /dev/null

submitted=$(bash "$slurm/submit-census.sh" $digits $parts "$dir/census" $max_heap)
echo "$submitted"
array=$(sed -n 's/^array \([0-9]*\) .*/\1/p' <<< "$submitted")
[ -n "$array" ] || fail "submit-census.sh printed no array id"

# The first task still running once its part has a row is cancelled mid-part.
state_of() { scontrol show job "$1" 2> /dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1; }
rows_of() { [ -f "$dir/census/part-$1.jsonl" ] && wc -l < "$dir/census/part-$1.jsonl" || echo 0; }
victim=""
tried=" "
pick_victim() {
  local t
  for t in $(seq 1 $parts); do
    [[ $tried == *" $t "* ]] && continue
    if [ "$(state_of "${array}_$t")" = RUNNING ] && [ "$(rows_of "$t")" -ge 1 ]; then
      victim=$t
      return 0
    fi
  done
  return 1
}
# A task whose games are all quick may end between the look and scancel
# (a part of 30 games took 0.3 s): then another running task is taken.
ended() { local s; s=$(state_of "$1"); [ "$s" = CANCELLED ] || [ "$s" = COMPLETED ]; }
cancelled=""
while [ -z "$cancelled" ]; do
  wait_for 120 pick_victim || fail "no task was running with a saved row"
  task=${array}_$victim
  scancel "$task"
  wait_for 60 ended "$task" || fail "task $task was not cancelled"
  if [ "$(state_of "$task")" = CANCELLED ]; then
    cancelled=$task
  else
    echo "task $task completed before scancel reached it; taking another"
    tried+="$victim "
  fi
done
rows_when_cancelled=$(rows_of "$victim")
echo "cancelled $task with $rows_when_cancelled rows saved"
# Requeued, it would start again only after Slurm's delay for requeued jobs
# (about 2 minutes): once it is pending, it is told to start now.
scontrol requeue "$task"
wait_for 60 bash -c "[ \"\$(scontrol show job $task | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1)\" = PENDING ]" ||
  fail "task $task was not requeued"
scontrol update JobId="$task" StartTime=now

wait_for 600 bash -c '[ -z "$(squeue -h)" ]' || fail "the census did not finish within 10 minutes"
[ -s "$dir/census/census.json" ] || fail "no task merged the parts into census.json"

# The games of the cancelled task's shard (whole groups of equal values,
# so not always a quarter), as the census itself counts them.
shard_games=$("$grundy" census octal --digits $digits --max-heap $max_heap --shard "$victim/$parts" --estimate |
  sed -n 's/.*: \([0-9]*\) games left.*/\1/p')
[ -n "$shard_games" ] || fail "census --estimate did not count shard $victim/$parts's games"
python3 - "$dir/one-machine.json" "$dir/census/census.json" "$dir/census/part-$victim.jsonl" \
  "$rows_when_cancelled" "$shard_games" << 'PY' || fail "the census on Slurm differs from the one-machine census"
import json, sys
def rows(path):
    return [{k: v for k, v in row.items() if k != "seconds"} for row in json.load(open(path))["games"]]
whole, merged = rows(sys.argv[1]), rows(sys.argv[2])
assert len(whole) == 128 and merged == whole, "merged rows differ"
games = [json.loads(line)["game"] for line in open(sys.argv[3])]
assert len(games) == len(set(games)) == int(sys.argv[5]), \
    f"the cancelled part has {len(games)} rows, {len(set(games))} games, not {sys.argv[5]}"
assert int(sys.argv[4]) >= 1
PY
starts=$(grep -c "started on" "$dir/census/part-$victim.log" || true)
[ "$starts" -eq 2 ] || fail "the cancelled task started $starts times, not 2"
echo "PASSED: the census on Slurm (4 tasks, task $victim cancelled after $rows_when_cancelled rows and requeued) equals the one-machine census"
