#pragma once
// The command line's way to write a sum of games:
//
//   GAME POS [POS...] [+ GAME POS [POS...]]...
//
// Each POS is one component in the game named before it; '+' starts a group
// in another game. `nim 3 4 + subtraction:1-3 7` is a sum of three components.

#include <memory>
#include <string>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/sum.hpp"

namespace grundy::cli {

struct SumArguments {
  std::vector<std::unique_ptr<Game>> games;  // one per distinct spec
  std::vector<Component> components;         // in the order given

  // True when every component is in the same game.
  [[nodiscard]] bool single_game() const { return games.size() == 1; }
  // The game's spec, or the specs joined by " + " for a mixed sum.
  [[nodiscard]] std::string game_label() const;
};

// Throws InputError naming the offending argument (numbered from 1 among
// GAME/POS/'+' arguments) and what was expected there.
[[nodiscard]] SumArguments parse_sum_arguments(const std::vector<std::string>& args);

}  // namespace grundy::cli
