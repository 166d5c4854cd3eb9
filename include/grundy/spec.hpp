#pragma once
// Game specs: the text that names a built-in game (`nim`, `subtraction:1-3`,
// `graph:moves.txt`), parsed into a Game.

#include <memory>
#include <span>
#include <string_view>

#include "grundy/game.hpp"

namespace grundy {

// A family of built-in games, for catalogues and help texts.
struct GameFamily {
  std::string_view name;     // "subtraction"
  std::string_view syntax;   // "subtraction:S"
  std::string_view summary;  // one line: the rule
  std::string_view example;  // "subtraction:1,3,4"
};

[[nodiscard]] std::span<const GameFamily> game_families();

// The game a spec names. Throws InputError (unknown family, malformed
// parameters, unreadable graph file) with a message saying what was expected.
[[nodiscard]] std::unique_ptr<Game> parse_game(std::string_view spec);

}  // namespace grundy
