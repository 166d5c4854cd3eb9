#include "grundy/sum.hpp"

namespace grundy {

SumAnalysis analyze_sum(std::span<const Component> components) {
  SumAnalysis result;
  std::vector<Position> positions;
  for (const Component& c : components) {
    positions.push_back(c.position);
    result.values.push_back(c.game->value(c.position));
  }
  result.nim_sum = nim_sum(result.values);
  result.winner = winner_of(result.nim_sum);
  result.winning_moves = sum_winning_moves<Position>(
      positions, result.values,
      [&](std::size_t i, Nimber target) { return components[i].game->moves_to_value(components[i].position, target); });
  return result;
}

}  // namespace grundy
