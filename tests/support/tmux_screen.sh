# Helpers for tests that drive a program on a real terminal through tmux
# (sourced by tests/cli/play_terminal.sh and tests/python/play_terminal.sh).
# The sourcing script defines tm() (tmux on its own private server) first.

# The text of SESSION's screen; further arguments go to capture-pane
# (-e for the escape sequences, -S -200 for the lines scrolled away).
screen() { tm capture-pane -p -t "$1" "${@:2}"; }

# wait_for SESSION TEXT: until the screen shows TEXT (WAIT_TENTHS tenths of a
# second at most, 100 unless set), else the test fails with the screen shown.
wait_for() {
  for _ in $(seq 1 "${WAIT_TENTHS:-100}"); do
    if screen "$1" | grep -qF -- "$2"; then return 0; fi
    sleep 0.1
  done
  echo "FAIL: the screen of '$1' never showed '$2'; it shows:" >&2
  screen "$1" >&2
  exit 1
}

# expect_screen SESSION TEXT: the screen shows TEXT now.
expect_screen() {
  screen "$1" | grep -qF -- "$2" || { echo "FAIL: '$1' does not show '$2':" >&2; screen "$1" >&2; exit 1; }
}
