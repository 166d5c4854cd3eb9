#pragma once
// grundy.serve (docs/python.md): `grundy serve`'s page and API run inside
// the Python process, for a sum with games written in Python. The workers
// that answer requests are forks of this process, each with the
// interpreter and the games as they stood when serving began, so that a
// game's moves() and draw() run there, under the same time and memory
// limits as a built-in game's computations.

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "grundy/game.hpp"
#include "grundy/sum.hpp"

namespace grundy::python {

struct ServeRequest {
  std::vector<std::shared_ptr<Game>> games;  // the games written in Python, named in requests by Game::name()
  std::vector<Component> components;         // where the page starts
  std::string rule;                          // the menu's line about the game
  std::string host = "127.0.0.1";
  int port = 0;
  std::chrono::milliseconds time_limit{3000};
  // In each forked child, before anything else of the module's runs: its
  // locks made anew (the parent's threads that may hold them are not there).
  std::function<void()> child_reset;
  // Once the workers are forked, before serving: the parent's compute lock
  // let go, so that its other threads may use grundy meanwhile.
  std::function<void()> serving;
};

// A Python exception in words: its type and message ("ValueError: no moves").
[[nodiscard]] std::string raised_words(pybind11::error_already_set& e);

// Serves until Ctrl-C (KeyboardInterrupt, raised from here) or an error.
// Called with the GIL, which is let go while serving.
void serve_sum(const ServeRequest& request);

}  // namespace grundy::python
