#include "grundy/game_rules.hpp"

#include "grundy/misere/misere_solver.hpp"

namespace grundy {

Nimber GameRules::option_value(std::span<const Position> option) const {
  Nimber total;
  for (Position p : option) total ^= value(p);
  return total;
}

std::unique_ptr<MisereSolver> GameRules::misere_solver(std::uint64_t, std::uint64_t) const { return nullptr; }

std::vector<Option> GameRules::sample_options(Position p) const { return list_options(p, 64).options; }

}  // namespace grundy
