#pragma once
// Nim: a heap of n tokens; a move takes any positive number of them.
// G(n) = n (docs/games/nim.md).

#include "grundy/game_family.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/one_to_one_game.hpp"

namespace grundy {

// Costs: every answer is a formula, O(1) (pattern included: nothing is
// computed), but moves_from, which lists O(min(limit, n - lowest)) heaps.
class Nim final : public OneToOneGame, public HeapGame {
 public:
  [[nodiscard]] const HeapGame* heap_game() const override { return this; }
  [[nodiscard]] std::string spec() const override { return "nim"; }
  [[nodiscard]] bool plays_as_nim() const override { return true; }
  [[nodiscard]] Nimber value(Position n) const override { return Nimber(n); }
  [[nodiscard]] std::vector<Position> moves_to_value(Position n, Nimber target) const override;
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] Pattern pattern(std::uint64_t limit) const override;
  [[nodiscard]] std::string why_not_move(Position from, Position to) const override;
  [[nodiscard]] MoveSample moves_from(Position p, Position lowest, std::uint64_t limit) const override;
};

// The family in the registry (registry.hpp).
extern const GameFamily kNimFamily;

}  // namespace grundy
