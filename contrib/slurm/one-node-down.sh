#!/usr/bin/env bash
# one-node-down.sh DIR -- stop the private cluster started by one-node-up.sh DIR:
# cancel its jobs, stop slurmd + slurmctld + munged (by their pid files) and
# kill any job process / slurmstepd of this cluster that is still alive.
# Safe to run twice, or on a half-started DIR. Leaves DIR itself in place.
set -uo pipefail

DIR=${1:?usage: one-node-down.sh DIR}
[ -d "$DIR" ] || { echo "one-node-down: no such dir $DIR" >&2; exit 0; }
DIR=$(cd "$DIR" && pwd -P)
CONF=$DIR/slurm.conf
export SLURM_CONF=$CONF

# pid from a pid file, only if that process is still alive and its command
# line mentions DIR (guards against pid reuse).  Don't compare /proc/PID/exe:
# on Debian it is /usr/sbin/slurmctld-wlm / slurmd-wlm (update-alternatives).
pid_of() { # pidfile
  local p
  [ -s "$1" ] || return 1
  p=$(tr -dc 0-9 < "$1")
  [ -n "$p" ] && alive "$p" || return 1
  tr '\0' ' ' 2>/dev/null < "/proc/$p/cmdline" | grep -qF -- "$DIR/" || return 1
  echo "$p"
}

alive() { # true while pid exists and is not a zombie (pid 1 may reap late)
  local st=""
  { read -r st < "/proc/$1/stat"; } 2>/dev/null || return 1
  st=${st##*) }; st=${st%% *}
  [ -n "$st" ] && [ "$st" != Z ]
}

wait_gone() { # seconds pid...
  local t=$(( $1 * 10 )) p left; shift
  while [ $t -gt 0 ]; do
    left=0
    for p in "$@"; do alive "$p" && left=1; done
    [ $left = 0 ] && return 0
    sleep 0.1; t=$(( t - 1 ))
  done
  return 1
}

stop_pid() { # pid  -- TERM, wait up to 10s, then KILL
  [ -n "${1:-}" ] || return 0
  kill -TERM "$1" 2>/dev/null
  wait_gone 10 "$1" || { kill -KILL "$1" 2>/dev/null; wait_gone 5 "$1"; }
}

# Processes of this cluster's jobs: slurmstepd (inherits slurmd's environment,
# so SLURM_CONF=<our conf>) and everything a job started (SLURM_CONF=<our conf>
# and SLURM_JOB_ID).  Never match ourselves or our ancestors: the caller may
# export SLURM_CONF too.
job_pids() {
  local self=" $$ " p=$$ e comm
  while [ "$p" -gt 1 ] 2>/dev/null; do
    p=$(awk '/^PPid:/{print $2}' "/proc/$p/status" 2>/dev/null) || break
    self="$self$p "
  done
  # one grep over all environ files (NUL-separated: -z), then a cheap filter.
  # Job processes carry SLURM_JOB_ID; slurmstepd only has slurmd's environment.
  grep -lzxF -- "SLURM_CONF=$CONF" /proc/[0-9]*/environ 2>/dev/null |
  while read -r e; do
    p=${e#/proc/}; p=${p%/environ}
    case "$self" in *" $p "*) continue ;; esac
    alive "$p" || continue
    comm=""; { read -r comm < "/proc/$p/comm"; } 2>/dev/null
    [ "$comm" = slurmstepd ] ||
      grep -qz '^SLURM_JOB_ID=' "$e" 2>/dev/null || continue
    echo "$p"
  done
}

CTLD=$(pid_of "$DIR/run/slurmctld.pid" || true)
SLURMD=$(pid_of "$DIR/run/slurmd.pid" || true)
MUNGED=$(pid_of "$DIR/run/munged.pid" || true)

# 1. cancel every job while the controller can still do it cleanly
if [ -n "$CTLD" ] && [ -f "$CONF" ]; then
  jobs=$(timeout 10 squeue -h -o %F 2>/dev/null | sort -u)
  if [ -n "$jobs" ]; then
    # shellcheck disable=SC2086
    timeout 10 scancel $jobs 2>/dev/null
    for _ in $(seq 100); do   # up to 10 s (KillWait=5)
      [ -z "$(timeout 10 squeue -h 2>/dev/null)" ] && break
      sleep 0.1
    done
  fi
  # 2. ask slurmctld to shut itself and slurmd down
  timeout 10 scontrol shutdown >/dev/null 2>&1
fi

# 3. whatever is left, by pid file
stop_pid "$SLURMD"
stop_pid "$CTLD"

# 4. orphaned job steps / job processes of this cluster
left=$(job_pids)
if [ -n "$left" ]; then
  # shellcheck disable=SC2086
  kill -TERM $left 2>/dev/null
  # shellcheck disable=SC2086
  wait_gone 5 $left || { kill -KILL $left 2>/dev/null; wait_gone 5 $left; }
fi

# 5. munged last (slurm needs it to shut down cleanly)
stop_pid "$MUNGED"

# 6. clean up (only) stale pid files
for f in "$DIR"/run/*.pid; do
  [ -f "$f" ] && ! pid_of "$f" >/dev/null && rm -f "$f"
done

# 7. report anything still alive that belongs to DIR
bad=""
for c in /proc/[0-9]*/cmdline; do
  p=${c#/proc/}; p=${p%/cmdline}
  [ "$p" = $$ ] && continue
  alive "$p" || continue
  comm=""; { read -r comm < "/proc/$p/comm"; } 2>/dev/null
  case "$comm" in
    munged|slurmctld*|slurmd*|slurmstepd*|slurmscriptd*) ;;
    *) continue ;;
  esac
  if tr '\0' ' ' 2>/dev/null < "$c" | grep -qF -- "$DIR/"; then bad="$bad $p"; fi
done
left=$(job_pids)
if [ -n "$bad$left" ]; then
  echo "one-node-down: processes still alive:$bad $left" >&2
  exit 1
fi
echo "one-node-down: stopped cluster in $DIR"
