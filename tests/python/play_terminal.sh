#!/usr/bin/env bash
# grundy.play on a real terminal, driven through tmux (send-keys /
# capture-pane), as tests/cli/play_terminal.sh drives `grundy play`: a game
# written in Python (take 1 or 2 from a heap: G(n) = n mod 3) played to its
# end with a hint and an undo, the person first and the engine first; then a
# sum of that game and Nim. The person's moves are the hints' moves, read
# off the screen, so the person wins when moving first from n = 1 mod 3.
#
#   play_terminal.sh PYTHON   (PYTHONPATH names the package, as ctest sets it)
set -euo pipefail
python=$1
command -v tmux >/dev/null || { echo "tmux is missing: scripts/install-deps.sh installs it" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-pyplay-XXXXXX")
socket=$work/tmux
tm() { tmux -u -S "$socket" "$@"; }
trap 'tm kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

cat > "$work/take.py" <<'PY'
import sys
import grundy

class Take:
    """Take 1 or 2 from a heap."""
    def moves(self, n):
        return [n - k for k in (1, 2) if n >= k]

case = sys.argv[1]
if case == "you-first":
    result = grundy.play(Take(), 7)
elif case == "engine-first":
    result = grundy.play(Take(), 8, first="engine", seed=3)
else:
    result = grundy.play([(Take(), 4), ("nim", 3)])
print(f"[grundy.play returned {result!r}]")
PY

# shellcheck source=../support/tmux_screen.sh
source "$(dirname "$0")/../support/tmux_screen.sh"
screen() { tm capture-pane -p -t "$1" -S -200 "${@:2}"; }  # with the lines scrolled away
WAIT_TENTHS=150
prompts() { screen "$1" | grep -c "your move>" || true; }
# Sends a line and waits for the next prompt, or for the end of the game.
send() {  # send SESSION LINE
  local before
  before=$(prompts "$1")
  tm send-keys -t "$1" "$2" Enter
  for _ in $(seq 1 150); do
    if (($(prompts "$1") > before)) || screen "$1" | grep -qF "[grundy.play returned"; then return 0; fi
    sleep 0.1
  done
  echo "FAIL: no answer to '$2' in '$1':" >&2
  screen "$1" >&2
  exit 1
}
# The move of the last hint on the screen: "Hint: position 1: 7 -> 6." gives "6".
hinted() { screen "$1" | sed -n 's/^Hint: .*: [0-9]* -> \([0-9]*\)\..*/\1/p' | tail -1; }

start() {  # start SESSION CASE: the driver in a new 100x50 terminal
  tm new-session -d -s "$1" -x 100 -y 50 \
    "env -u NO_COLOR LANG=C.UTF-8 PYTHONPATH='${PYTHONPATH:-}' '$python' '$work/take.py' $2; echo '[exit status '\$?']'; sleep 60"
  wait_for "$1" "your move>"
}

# The person first, from 7: hint, move, undo, then the hints to the end.
start first you-first
expect_screen first "Playing python:Take 7 against the engine"
screen first -e | grep -q $'\e\\[1m' || { echo "FAIL: no colour on a terminal" >&2; exit 1; }
send first hint
[[ $(hinted first) == 6 ]] || { echo "FAIL: the hint from 7 is not 6" >&2; screen first >&2; exit 1; }
send first 6
wait_for first "The engine moves position 1: 6 -> "
send first undo
wait_for first "Took back your position 1: 7 -> 6 and the engine's"
for _ in 1 2 3 4; do
  screen first | grep -qF "[grundy.play returned" && break
  send first hint
  send first "$(hinted first)"
done
wait_for first "The engine has no move left: you win after"
wait_for first "[grundy.play returned 'you']"
wait_for first "[exit status 0]"

# The engine first, from 8 (= 2 mod 3, the engine wins): a hint says there
# is no winning move; '#1' (the first legal move) until the end, one undo.
start second engine-first
wait_for second "The engine plays first."
wait_for second "The engine moves position 1: 8 -> 6."
send second hint
wait_for second "No winning move"
send second "#1"
send second undo
wait_for second "Took back your position 1: 6 -> 5"
for _ in 1 2 3 4 5; do
  screen second | grep -qF "[grundy.play returned" && break
  send second "#1"
done
wait_for second "You have no move left: the engine wins after"
wait_for second "[grundy.play returned 'engine']"

# A sum of the Python game and Nim: values, a hint, and play to the end by hints.
start sum sum
expect_screen sum "Playing python:Take 4 + nim 3 against the engine"
send sum values
wait_for sum "nim-sum 1 xor 3 = 2"
for _ in 1 2 3 4 5 6; do
  screen sum | grep -qF "[grundy.play returned" && break
  send sum hint
  move=$(screen sum | sed -n 's/^Hint: \(position\|heap\) \([0-9]*\) ([^)]*): [0-9]* -> \([0-9]*\)\..*/\2 \3/p' | tail -1)
  [[ -n $move ]] || { echo "FAIL: no hint to follow" >&2; screen sum >&2; exit 1; }
  send sum "$move"
done
wait_for sum "The engine has no move left: you win after"
wait_for sum "[grundy.play returned 'you']"
echo "grundy.play on a terminal: ok"
