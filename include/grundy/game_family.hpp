#pragma once
// GameFamily: one entry of the registry of built-in games (registry.hpp).
// A family states once what every command, help text, suggestion and test
// reads about it: its name and syntax, its rule in one line, an example,
// and the parser that turns a spec into a Game. Its proofs of patterns are
// its games' own HeapGame::pattern.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/game.hpp"

namespace grundy {

// A spec split at its first ':' into the family's name and its parameters.
struct SpecText {
  std::string_view spec;    // "subtraction:1-3", as typed
  std::string_view name;    // "subtraction"
  std::string_view params;  // "1-3"; empty when there is no ':'
  bool has_params = false;  // whether there is a ':'
  // Every member is O(1); the two checks below are O(length of the spec)
  // only when they throw (the message quotes it).
  [[nodiscard]] std::size_t params_column() const { return name.size() + 1; }

  // For families without parameters: throws InputError when some were given.
  void expect_no_params() const;
  // For families with parameters: throws InputError saying "expected
  // <what>" when there is no ':' (the family's parser judges what follows).
  void expect_params(std::string_view what) const;
};

// Plain constant data: reading a field is O(1), takes_params() O(length of
// the syntax). The functions it points to cost what the family's code does:
// `parse` reads the spec's parameters, and all of its file for a family that
// reads one (reads_file), then builds the game at the family's own cost.
struct GameFamily {
  std::string_view name;     // "subtraction"
  std::string_view syntax;   // "subtraction:S"
  std::string_view summary;  // one line: the rule
  std::string_view example;  // "subtraction:1,3,4", a spec that parses
  // The game a spec of this family names; throws InputError saying what
  // was expected.
  std::unique_ptr<Game> (*parse)(const SpecText& spec);
  // Its parameter names a file the parser reads (graph:FILE): a server
  // offers only the files it was started with.
  bool reads_file = false;
  // The theorem that turns a finite check into a proof of its games'
  // patterns, in a sentence or two (pattern's help lists them); empty for
  // families whose patterns are only observed.
  std::string_view theorem{};
  // A census: the family's games whose codes have at most K digits (octal:
  // d0.d1..dK), their codes in the order a census lists them, for K from 1
  // to max_census_digits; nullptr for families with no such class.
  std::vector<std::string> (*census_codes)(unsigned digits) = nullptr;
  unsigned max_census_digits = 0;
  // Positions of `example`, as typed after it: what a front-end starts a
  // game from (the page's suggested start) and what tests walk through.
  std::string_view example_positions = "3 4 5";
  // Codes of the census with equal keys name games with equal values at
  // every position: a proof, not an observation (the family's docs give
  // it). A census computes one game of a key and copies its row to the
  // others when that saves work. nullptr: each game is computed.
  std::string (*census_values_key)(const std::string& code) = nullptr;

  [[nodiscard]] bool takes_params() const { return syntax.find(':') != std::string_view::npos; }
};

}  // namespace grundy
