#pragma once
// Solver: Grundy values of any impartial game given as code.
//
// The user's type describes the rules (the "GameLogic" idea): it names a
// Position type and, for a position, the positions one move can reach. The
// solver numbers the positions it meets and hands them to ValueWalk
// (value_walk.hpp): the mex rule with memoisation, walked with an explicit
// stack (a game a hundred million moves deep costs heap memory, not
// call-stack frames), and where play can go on forever, the generalized
// values of Smith (∞_K and draws, game_value.hpp).

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <functional>
#include <ranges>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/game_value.hpp"
#include "grundy/nimber.hpp"
#include "grundy/search/value_walk.hpp"

namespace grundy {

// A game given as code: `game.moves(p)` is a range of the positions reachable
// from p in one move (an empty range for a terminal position). Positions need
// == and std::hash for memoisation.
template <class G>
concept GameLogic =
    requires(const G& game, const typename G::Position& p) {
      { game.moves(p) } -> std::ranges::input_range;
    } &&
    std::convertible_to<std::ranges::range_value_t<decltype(std::declval<const G&>().moves(
                            std::declval<const typename G::Position&>()))>,
                        typename G::Position> &&
    std::equality_comparable<typename G::Position> &&
    requires(const typename G::Position& p) {
      { std::hash<typename G::Position>{}(p) } -> std::convertible_to<std::size_t>;
    };

template <GameLogic G>
class Solver {
 public:
  using Position = typename G::Position;

  explicit Solver(G game = G{}) : game_(std::move(game)) {}

  [[nodiscard]] const G& game() const { return game_; }

  // The generalized value of `start`: a nimber, or ∞_K when play from it
  // can go on forever (a game with loops).
  GameValue game_value(const Position& start) { return walk(start); }

  // The Grundy value of `start`. Throws LoopError when its value is
  // infinite (game_value gives such values), naming the loop it met.
  Nimber value(const Position& start);

  // Who wins from `p` with the player to move starting: first, second, or
  // draw (play goes on forever with best play).
  Winner winner(const Position& p) { return game_value(p).winner(); }

  // Every move from `p` to a position of finite value `target`, in the
  // order the game lists its moves (a move listed twice is reported twice).
  // In a game with loops, the moves that make progress come first: always
  // playing the first move to 0 wins (Smith's counter, loopy_values.hpp).
  std::vector<Position> moves_to_value(const Position& p, Nimber target);

  // Every winning move from `p`: the moves to a position of value 0.
  std::vector<Position> winning_moves(const Position& p) { return moves_to_value(p, Nimber{0}); }

  // How many positions have a value known.
  [[nodiscard]] std::size_t known_positions() const { return walk_.known(); }

  // Whether some position met so far can reach itself.
  [[nodiscard]] bool has_cycles() const { return walk_.loopy(); }

 private:
  // What ValueWalk asks of the game: the options of a position id, as ids.
  struct Moves {
    Solver* solver;
    void list(std::uint64_t id, WalkEntries& entries) {
      // The game's moves of a position held by value: interning may grow positions_.
      const Position p = solver->positions_[id];
      for (auto&& option : solver->game_.moves(p)) entries.push_back(solver->intern(Position(option)));
    }
    std::string describe(std::uint64_t id) const {
      if constexpr (fmt::is_formattable<Position>::value) {
        return fmt::format("{}", solver->positions_[id]);
      } else {
        (void)id;
        return "";
      }
    }
    void listed() {}
  };

  std::uint64_t intern(const Position& p) {
    const auto [it, added] = ids_.try_emplace(p, positions_.size());
    if (added) positions_.push_back(p);
    return it->second;
  }
  GameValue walk(const Position& p) {
    Moves moves{this};
    return walk_.value(intern(p), moves);
  }

  G game_;
  std::unordered_map<Position, std::uint64_t> ids_;
  std::vector<Position> positions_;
  ValueWalk walk_;
};

template <GameLogic G>
Nimber Solver<G>::value(const Position& start) {
  const GameValue v = walk(start);
  if (v.is_finite()) return v.nimber();
  std::string where;
  if constexpr (fmt::is_formattable<Position>::value) where = fmt::format(" {}", start);
  const std::string& loop = walk_.last_loop();
  throw LoopError(fmt::format("position{} has the infinite value {}: play from it can go on forever{}{} (the mex "
                              "rule needs every play to end; game_value gives values such as this)",
                              where, to_string(v), loop.empty() ? "" : "; ", loop));
}

template <GameLogic G>
std::vector<typename Solver<G>::Position> Solver<G>::moves_to_value(const Position& p, Nimber target) {
  (void)walk(p);  // values every option of p
  std::vector<std::pair<Position, std::uint64_t>> found;
  for (auto&& option : game_.moves(p)) {
    Position q(option);
    const std::uint64_t id = intern(q);
    const GameValue v = walk(q);
    if (v.is_finite() && v.nimber() == target) found.emplace_back(std::move(q), id);
  }
  if (walk_.labelled(intern(p)))
    std::stable_sort(found.begin(), found.end(), [&](const auto& a, const auto& b) {
      return walk_.progress_order(a.second) < walk_.progress_order(b.second);
    });
  std::vector<Position> result;
  for (auto& f : found) result.push_back(std::move(f.first));
  return result;
}

}  // namespace grundy
