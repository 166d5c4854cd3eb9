#pragma once
// A sum of games as people write it, read once for every front-end (the
// command line, the server's "position", Python's strings):
//
//   GAME POS [POS...] [+ GAME POS [POS...]]...
//
// Each POS is one component in the game named before it; '+' starts a group
// in another game. `nim 3 4 + subtraction:1-3 7` is a sum of three
// components. Each distinct spec is parsed once (the registry, spec.hpp).
//
// Cost: one parse per distinct spec and per position, O(words).

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/sum.hpp"

namespace grundy {

struct GameSum {
  // One per distinct spec. Shared: a front-end may lend games of its own (a
  // server's games written in Python), which outlive the sum.
  std::vector<std::shared_ptr<Game>> games;
  std::vector<Component> components;  // in the order given

  // True when every component is in the same game.
  [[nodiscard]] bool single_game() const { return games.size() == 1; }
  // The game's spec, or the specs joined by " + " for a mixed sum.
  [[nodiscard]] std::string game_label() const;
};

// Throws InputError naming the offending word ("argument N", numbered from
// 1 among the GAME/POS/'+' words) and what was expected there.
//
// `known` (optional) is asked first for each GAME word: a game the caller
// holds under that name (a game written in Python, served by name), or
// null to read the word as a spec. The games read from specs compute within
// `budget` (Game::use_budget); games `known` lends keep their own.
using KnownGames = std::function<std::shared_ptr<Game>(std::string_view word)>;
[[nodiscard]] GameSum read_sum(const std::vector<std::string>& words, const KnownGames& known = {},
                               const ExecutionBudget& budget = {});

}  // namespace grundy
