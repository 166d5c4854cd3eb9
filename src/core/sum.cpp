#include "grundy/sum.hpp"

#include <utility>

namespace grundy {

std::vector<Nimber> component_values(std::span<const Component> components) {
  std::vector<Nimber> values;
  values.reserve(components.size());
  for (const Component& c : components) values.push_back(c.game->value(c.position));
  return values;
}

SumAnalysis analyze_sum(std::span<const Component> components, std::uint64_t limit_per_component) {
  SumAnalysis result;
  result.values = component_values(components);
  result.nim_sum = nim_sum(result.values);
  result.winner = winner_of(result.nim_sum);
  if (result.nim_sum.is_zero()) return result;
  // A winning move brings component i to value_i XOR total (sum.hpp).
  for (std::size_t i = 0; i < components.size(); ++i) {
    const Component& c = components[i];
    OptionSample sample = c.game->options_to_value(c.position, result.values[i] ^ result.nim_sum, limit_per_component);
    for (Option& to : sample.options) result.winning_moves.push_back({i, c.position, std::move(to)});
    if (!sample.complete()) result.unlisted.push_back({i, sample.options.size(), sample.total});
  }
  return result;
}

}  // namespace grundy
