#pragma once
// Sums of games. A sum is played by moving in exactly one component; its value
// is the nim-sum (XOR) of the component values (Sprague-Grundy), and a move is
// winning exactly when it brings the nim-sum to 0: in component i, a move to
// any option of value (value_i XOR total). Note the target may exceed
// value_i in games other than Nim, so every component is searched. Sums with
// components of infinite value (graphs with cycles) follow Smith's rules,
// below SumAnalysis.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/game_value.hpp"
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

// What decides a sum (game_value.hpp): with every value finite, the nim-sum
// of the values (0: the second player wins); with one infinite value ∞_K
// and the nim-sum m of the others, the sum is ∞_{K xor m}: a win when m is
// in K (move that component to a position of value m), else a draw; with
// two or more infinite values, a draw.
struct SumAnalysis {
  std::vector<GameValue> values;      // one per component
  Nimber nim_sum;                     // of the finite values
  std::vector<std::size_t> infinite;  // the components of infinite value, in order
  std::optional<GameValue> total;     // the sum's value; none with two or more infinite values
  Winner winner = Winner::second;
  std::vector<Move> winning_moves;      // when the first player wins: every move leaving a loss
  std::vector<Move> drawing_moves;      // when it is a draw: every move leaving a draw
  std::vector<UnlistedMoves> unlisted;  // components whose list (winning or drawing) was cut
};

// The value of each component, in order.
[[nodiscard]] std::vector<GameValue> component_values(std::span<const Component> components);

// Values, total and winner, and no moves: all that decides who wins (a heap
// of 2^64 - 1 in Kayles has a value, but too many moves to look at).
[[nodiscard]] SumAnalysis sum_outcome(std::span<const Component> components);

// The outcome and its moves: every winning move, or in a draw every move
// that keeps the draw; at most `limit_per_component` of them are listed for
// each component (games such as coprime can have billions).
[[nodiscard]] SumAnalysis analyze_sum(std::span<const Component> components,
                                      std::uint64_t limit_per_component = kNoLimit);

// The sum after `m`: its component replaced, in place, by the positions the
// move leaves there (none, one, or several for a split). O(components).
[[nodiscard]] std::vector<Component> after_move(std::span<const Component> components, const Move& m);

// Whether any component has a move: false when the player to move has lost.
[[nodiscard]] bool any_move(std::span<const Component> components);

// The value of an option (the positions a move leaves in one component):
// the nim-sum of their values, or the value of its one position.
[[nodiscard]] GameValue option_game_value(const Game& game, std::span<const Position> option);

}  // namespace grundy
