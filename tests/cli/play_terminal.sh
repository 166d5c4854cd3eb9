#!/usr/bin/env bash
# `grundy play` on a real terminal, driven through tmux (send-keys /
# capture-pane): the screen shows the position and the prompt, a typed move
# gets the engine's answer, colours appear on a terminal, and NO_COLOR turns
# them off; on a graph with cycles, values print as ∞{...}, the engine keeps
# the draw and a draw offer ends the game.
#
#   play_terminal.sh GRUNDY_BINARY LOOPY_GRAPH_FILE
set -euo pipefail
grundy=$1 loopy=$2
command -v tmux >/dev/null || { echo "tmux is missing: scripts/install-deps.sh installs it" >&2; exit 1; }

socket=$(mktemp -u "${TMPDIR:-/tmp}/grundy-play-XXXXXX")  # a private tmux server
tm() { tmux -u -S "$socket" "$@"; }
trap 'tm kill-server 2>/dev/null || true; rm -f "$socket"' EXIT

# shellcheck source=../support/tmux_screen.sh
source "$(dirname "$0")/../support/tmux_screen.sh"

start() {  # start SESSION ENVIRONMENT...: grundy play nim 3 4 5 in a new 100x30 terminal
  local session=$1
  shift
  tm new-session -d -s "$session" -x 100 -y 30 \
    "env -u NO_COLOR $* LANG=C.UTF-8 '$grundy' play ${GAME:-nim 3 4 5} --seed 1; echo '[exit status '\$?']'; sleep 60"
}

start colour
wait_for colour "your move>"
expect_screen colour "Playing nim 3 4 5 against the engine"
expect_screen colour "  heap 1  3  ●●●"
expect_screen colour "  heap 3  5  ●●●●●"
# Colours are on: the prompt is bold.
screen colour -e | grep -q $'\e\\[1m' || { echo "FAIL: no colour on a terminal" >&2; screen colour -e | cat -v >&2; exit 1; }
tm send-keys -t colour "1 1" Enter
wait_for colour "The engine moves"
tm send-keys -t colour "values" Enter
wait_for colour "nim-sum"
tm send-keys -t colour "quit" Enter
wait_for colour "You left the game after 2 moves."
wait_for colour "[exit status 0]"
# Typed commands appear once: the terminal echoes them, grundy does not.
count=$(screen colour | grep -c "your move> 1 1" || true)
[[ $count == 1 ]] || { echo "FAIL: 'your move> 1 1' appears $count times" >&2; screen colour >&2; exit 1; }

start plain NO_COLOR=1
wait_for plain "your move>"
if screen plain -e | grep -q $'\e\\['; then
  echo "FAIL: colours despite NO_COLOR" >&2
  screen plain -e | cat -v >&2
  exit 1
fi
tm send-keys -t plain C-d
wait_for plain "End of input: the game stops unfinished after 0 moves."

# A take-and-break game: a split shows the heaps left, and undo puts the heap back.
GAME="kayles 5 9" start kayles
wait_for kayles "your move>"
expect_screen kayles "  heap 2  9  ●●●●●●●●●"
tm send-keys -t kayles "2 3 + 5" Enter
wait_for kayles "You move heap 2: 9 -> 3 + 5."
wait_for kayles "The engine moves"
tm send-keys -t kayles "undo" Enter
wait_for kayles "Took back your heap 2: 9 -> 3 + 5"
expect_screen kayles "  heap 2  9  ●●●●●●●●●"
tm send-keys -t kayles "quit" Enter
wait_for kayles "[exit status 0]"
# A graph with cycles: infinite values in UTF-8, a draw held, a draw offer taken.
GAME="graph:$loopy hall" start loopy
wait_for loopy "your move>"
expect_screen loopy "Play can go on forever here"
tm send-keys -t loopy "values" Enter
wait_for loopy "value ∞{}"
tm send-keys -t loopy "1 hall" Enter
wait_for loopy "The engine moves token 1: 'hall' -> "
tm send-keys -t loopy "hint" Enter
wait_for loopy "which keeps the draw"
tm send-keys -t loopy "draw" Enter
wait_for loopy "The engine accepts the draw (neither side can force a win from here)"
wait_for loopy "[exit status 0]"
echo "play on a terminal: ok"

