#pragma once
// grundy.play (docs/play.md): the command line's session of `grundy play`
// (grundy/frontend/play_session.hpp), reading the person's lines from a Python text
// stream and writing to another, so that a game written in Python, or a sum
// of one with built-in games, is played exactly as `grundy play` plays the
// built-in ones. Needs the GIL throughout: the games' moves() and the
// streams are Python code.

#include <cstdint>
#include <functional>
#include <span>

#include <pybind11/pybind11.h>

#include "grundy/game.hpp"
#include "grundy/sum.hpp"
#include "grundy/frontend/play_session.hpp"

namespace grundy::python {

namespace py = pybind11;

struct PlayRequest {
  frontend::PlayOptions options;
  py::object input;   // has readline(): a str, '' at the end
  py::object output;  // has write(str), and maybe flush()
  frontend::PlayTerminal terminal;
  // Run around each wait for a line: the module lets other threads compute
  // while the person thinks.
  std::function<void()> before_read = [] {};
  std::function<void()> after_read = [] {};
};

// Plays the sum to its end, to 'quit' or to the end of the input: "you" or
// "engine" for the winner, "draw", or None when the game was left
// unfinished. An exception of a stream or of a game's moves() leaves as it
// is, and the session with it.
[[nodiscard]] py::object play_sum(std::span<const Game* const> games, std::span<const Component> components,
                                  const PlayRequest& request);

}  // namespace grundy::python
