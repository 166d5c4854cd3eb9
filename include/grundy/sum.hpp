#pragma once
// Sums of games. A sum is played by moving in exactly one component; its value
// is the nim-sum (XOR) of the component values (Sprague-Grundy), and a move is
// winning exactly when it brings the nim-sum to 0: in component i, a move to
// any option of value (value_i XOR total). Note the target may exceed
// value_i in games other than Nim, so every component is searched.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/nimber.hpp"

namespace grundy {

template <class Position>
struct SumMove {
  std::size_t component;  // numbered from 0
  Position from;
  Position to;
};

// The winning moves of a sum whose components have `values`;
// `moves_to_value(i, target)` lists the moves of component i to a position
// of value `target`. For sums of games given as code (Solver); run-time sums
// go through analyze_sum, which can also cut the lists at a limit.
template <class Position, class MovesToValue>
[[nodiscard]] std::vector<SumMove<Position>> sum_winning_moves(std::span<const Position> positions,
                                                               std::span<const Nimber> values,
                                                               MovesToValue&& moves_to_value) {
  const Nimber total = nim_sum(values);
  std::vector<SumMove<Position>> moves;
  if (total.is_zero()) return moves;
  for (std::size_t i = 0; i < values.size(); ++i)
    for (auto&& to : moves_to_value(i, values[i] ^ total)) moves.push_back({i, positions[i], to});
  return moves;
}

// A component of a run-time sum: a built-in game and a position in it.
struct Component {
  const Game* game;
  Position position;
};

// A move in a run-time sum: component `component` (numbered from 0), at
// `from`, is replaced by the positions of `to` (none, one, or several).
struct Move {
  std::size_t component;
  Position from;
  Option to;
  friend bool operator==(const Move&, const Move&) = default;
};

// A component whose winning moves were not all listed.
struct UnlistedMoves {
  std::size_t component;
  std::uint64_t listed;
  std::optional<std::uint64_t> total;  // all winning moves of the component, when known
};

struct SumAnalysis {
  std::vector<Nimber> values;  // one per component
  Nimber nim_sum;
  Winner winner;
  std::vector<Move> winning_moves;  // empty when the second player wins
  std::vector<UnlistedMoves> unlisted;           // components cut at the limit
};

// The value of each component, in order: all that decides the winner.
[[nodiscard]] std::vector<Nimber> component_values(std::span<const Component> components);

// Values, winner and winning moves; at most `limit_per_component` moves are
// listed for each component (games such as coprime can have billions).
[[nodiscard]] SumAnalysis analyze_sum(std::span<const Component> components, std::uint64_t limit_per_component = kNoLimit);

}  // namespace grundy
