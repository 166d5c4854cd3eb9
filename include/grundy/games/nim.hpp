#pragma once
// Nim: a heap of n tokens; a move takes any positive number of them.
// G(n) = n (docs/games/nim.md).

#include "grundy/game.hpp"

namespace grundy {

class Nim final : public Game {
 public:
  [[nodiscard]] std::string spec() const override { return "nim"; }
  [[nodiscard]] Nimber value(Position n) const override { return Nimber(n); }
  [[nodiscard]] std::vector<Position> moves_to_value(Position n, Nimber target) const override;
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] std::string why_not_move(Position from, Position to) const override;
  [[nodiscard]] MoveSample moves_from(Position p, Position lowest, std::uint64_t limit) const override;
};

}  // namespace grundy
