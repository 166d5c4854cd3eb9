#pragma once
// A pattern's advice (PatternAdvice, pattern.hpp) in words, for every
// front-end: the command line and Python say the same sentences, each
// spelling the bound of the values examined its own way.

#include <string>
#include <string_view>

#include "grundy/pattern.hpp"

namespace grundy::frontend {

// How a front-end names the bound of a pattern's search, and where it sends
// a reader for a table of runs. Each `{}` is filled in as noted.
struct AdviceSpelling {
  std::string_view name;      // the bound itself: "max_heap"
  std::string_view choice;    // a bound to choose: "max_heap", or "X N" with its variable
  std::string_view variable;  // that choice's variable, for a cost: "max_heap" (time grows as max_heap^2)
  std::string_view set;       // the bound set to a value, `{}`: "max_heap={}"
  std::string_view runs;      // the values as runs, `{}` the game: "... grundy.table('{}', runs=True)"
};

// "a larger max_heap (up to 4294967295: ...) computes more values", and so on.
[[nodiscard]] std::string advice_text(const Pattern& p, const AdviceSpelling& spelling);

}  // namespace grundy::frontend
