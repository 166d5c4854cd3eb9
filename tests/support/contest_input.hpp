#pragma once
// Helpers for the contest solvers' tests: run a solver on a string, or get
// the message of the InputError it throws.

#include <fstream>
#include <sstream>
#include <string>

#include "grundy/contest/reader.hpp"
#include "grundy/error.hpp"

namespace grundy::test {

inline std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// solve(reader) on `text` read as the source "input".
template <class Solve>
std::string solve_text(Solve solve, const std::string& text) {
  contest::ContestReader in(std::string_view(text), "input");
  return solve(in);
}

// The InputError message for `text`, or "no error".
template <class Solve>
std::string error_of_text(Solve solve, const std::string& text) {
  try {
    (void)solve_text(solve, text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace grundy::test
