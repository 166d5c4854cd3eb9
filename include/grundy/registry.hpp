#pragma once
// The registry: every family of built-in games, in the order catalogues list
// them. Adding a family is one line in src/spec/registry.cpp
// (docs/adding-a-game.md).

#include <span>

#include "grundy/game_family.hpp"

namespace grundy {

// O(1): a view of one constant array of the families; nothing is built or copied.
[[nodiscard]] std::span<const GameFamily* const> game_registry();

}  // namespace grundy
