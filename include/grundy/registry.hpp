#pragma once
// The registry: every family of built-in games, in the order catalogues list
// them. Adding a family is one line in src/spec/registry.cpp
// (docs/adding-a-game.md).

#include <span>

#include "grundy/game_family.hpp"

namespace grundy {

[[nodiscard]] std::span<const GameFamily* const> game_registry();

}  // namespace grundy
