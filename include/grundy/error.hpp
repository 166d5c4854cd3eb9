#pragma once
// Errors raised at the library's boundary. Every one carries a message a user
// can act on: what was wrong, where, and what was expected.
//
// Nothing here to cost but the message: constructing an error copies it,
// O(length of the message); what() is O(1).

#include <stdexcept>
#include <string>

namespace grundy {

// Bad input from outside the program: a game spec, a position, a file.
// Front ends report it and exit with status 2.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A spec that names no family of the registry. The message says which
// families there are; each front-end adds where they are described.
class UnknownGameError : public InputError {
 public:
  using InputError::InputError;
};

// A game given as code whose positions can reach themselves: the mex
// recursion is undefined there (loopy games need another theory).
class LoopError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A computation that would exceed a documented resource bound.
class LimitError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A LimitError whose bound is the memory a search may use (its game's
// budget, execution_budget.hpp): front ends say how
// their user raises it.
class MemoryBoundError : public LimitError {
 public:
  using LimitError::LimitError;
};

}  // namespace grundy
