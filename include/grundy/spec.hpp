#pragma once
// Game specs: the text that names a built-in game (`nim`, `subtraction:1-3`,
// `graph:moves.txt`), parsed into a Game by its family in the registry.

#include <memory>
#include <string_view>
#include <vector>

#include "grundy/execution_budget.hpp"
#include "grundy/game.hpp"
#include "grundy/game_family.hpp"

namespace grundy {

// Every family of the registry (registry.hpp), in its order.
[[nodiscard]] std::vector<GameFamily> game_families();

// The family a spec names (by the name before any ':'), nullptr for none.
[[nodiscard]] const GameFamily* family_of(std::string_view spec);

// The game a spec names. Throws InputError (UnknownGameError for an unknown
// family; malformed parameters, unreadable graph file) with a message
// saying what was expected. Cost: the family's parser, O(|spec|) (a graph
// reads its file and values its vertices); values are computed when asked,
// within `budget` (Game::use_budget).
[[nodiscard]] std::unique_ptr<Game> parse_game(std::string_view spec, const ExecutionBudget& budget = {});

}  // namespace grundy
