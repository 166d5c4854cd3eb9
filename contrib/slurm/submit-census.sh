#!/bin/bash
# Submits an octal census to Slurm: a job array of PARTS tasks, one part each
# (census-shard.sbatch); the last task to finish merges the parts.
# docs/census.md explains it.
#
#   contrib/slurm/submit-census.sh DIGITS PARTS DIR [MAX_HEAP]
#
# DIR (created if needed, on a file system the nodes share) receives the part
# files part-I.jsonl, the tasks' logs part-I.log, and at the end census.txt
# and census.json. MAX_HEAP defaults to 1048575 (2^20 - 1), grundy's own
# default. sbatch's own environment variables choose the rest, for instance
# SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_TIMELIMIT; GRUNDY names the grundy
# binary when it is not on the PATH of the nodes.
#
# A task that fails or is cancelled keeps its rows: requeue it with
#   scontrol requeue JOBID_I
# (Slurm starts a requeued task after a delay, about 2 minutes by default;
# `scontrol update JobId=JOBID_I StartTime=now` once it is pending starts it
# at once). When it finishes last, it merges.
set -euo pipefail
usage() {
  echo "usage: $0 DIGITS PARTS DIR [MAX_HEAP]" >&2
  exit 2
}
[ $# -eq 3 ] || [ $# -eq 4 ] || usage
digits=$1 parts=$2 dir=$3 max_heap=${4:-1048575}
[[ $digits =~ ^[1-9][0-9]*$ ]] || { echo "$0: DIGITS '$digits': expected a positive whole number" >&2; exit 2; }
[[ $parts =~ ^[1-9][0-9]*$ ]] || { echo "$0: PARTS '$parts': expected a positive whole number" >&2; exit 2; }
[[ $max_heap =~ ^[0-9]+$ ]] || { echo "$0: MAX_HEAP '$max_heap': expected a whole number" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
# --parsable prints "JOBID" or "JOBID;CLUSTER".
array=$(sbatch --parsable --array="1-$parts" --output="$dir/part-%a.log" \
  "$here/census-shard.sbatch" "$digits" "$max_heap" "$parts" "$dir")
array=${array%%;*}
echo "array $array ($parts tasks); results in $dir (census.txt and census.json once every part is done)"
