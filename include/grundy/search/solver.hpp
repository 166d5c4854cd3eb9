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
//
// A game that also states canonical(p) (CanonicalGameLogic, game_logic.hpp)
// is valued by the pruned component search instead (component_search.hpp),
// its positions keyed by their canonical forms and split by components(p)
// when the game has it: the same answers, far fewer positions valued on a
// game with symmetries or independent parts. Such a game has no loops.
//
// Cost: the walk lists each position's moves once (O(positions + moves)
// time, value_walk.hpp's memory plus the positions themselves); the search
// is bounded by its table (machine_table_bytes() unless given a bound).

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <functional>
#include <memory>
#include <ranges>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/game_value.hpp"
#include "grundy/nimber.hpp"
#include "grundy/search/code_parts.hpp"
#include "grundy/search/component_search.hpp"
#include "grundy/search/game_logic.hpp"
#include "grundy/search/interner.hpp"
#include "grundy/search/value_walk.hpp"

namespace grundy {

// Where a Solver keeps its component search: nowhere for a game without canonical().
template <class G>
struct SearchSlot {
  struct type {};
};
template <class G>
requires CanonicalGameLogic<G>
struct SearchSlot<G> {
  using type = std::unique_ptr<ComponentSearch<CodeParts<G>>>;
};

template <GameLogic G>
class Solver {
 public:
  using Position = typename G::Position;

  // Whether the game is valued by the component search (it has canonical()).
  static constexpr bool kSearched = CanonicalGameLogic<G>;
  // Parts searched inside one another at most, by the component search: a
  // game deeper than that, or with a loop, gets LimitError.
  static constexpr std::size_t kSearchDepth = 2000;

  explicit Solver(G game = G{}) : core_(std::make_unique<Core>(std::move(game))) {}

  [[nodiscard]] const G& game() const { return core_->game; }

  // The generalized value of `start`: a nimber, or ∞_K when play from it
  // can go on forever (a game with loops).
  GameValue game_value(const Position& start) {
    if constexpr (kSearched) {
      return GameValue(searched_value(start));
    } else {
      return walk(start);
    }
  }

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

  // How many positions have a value known (for a searched game: canonical
  // parts whose value, or values they do not have, the table holds).
  [[nodiscard]] std::size_t known_positions() const {
    if constexpr (kSearched) {
      return core_->search ? core_->search->known_parts() : 0;
    } else {
      return walk_.known();
    }
  }

  // Whether some position met so far can reach itself.
  [[nodiscard]] bool has_cycles() const { return walk_.loopy(); }

 private:
  // What ValueWalk asks of the game: the options of a position id, as ids.
  struct Moves {
    Solver* solver;
    void list(std::uint64_t id, WalkEntries& entries) {
      // The game's moves of a position held by value: interning may move the positions.
      const Position p = solver->core_->positions[id];
      for (auto&& option : solver->core_->game.moves(p)) entries.push_back(solver->intern(Position(option)));
    }
    std::string describe(std::uint64_t id) const {
      if constexpr (fmt::is_formattable<Position>::value) {
        return fmt::format("{}", solver->core_->positions[id]);
      } else {
        (void)id;
        return "";
      }
    }
    void listed() {}
  };

  // The game and its positions, in one place for the life of the solver
  // (the search's CodeParts points at them), and the search once needed.
  struct Core {
    explicit Core(G g) : game(std::move(g)) {}
    G game;
    Interner<Position> positions;
    typename SearchSlot<G>::type search;
  };

  std::uint64_t intern(const Position& p) { return core_->positions.id(p); }
  Nimber searched_value(const Position& p) {
    Core& c = *core_;
    if (!c.search) {
      c.search = std::make_unique<ComponentSearch<CodeParts<G>>>(CodeParts<G>(&c.game, &c.positions));
      c.search->set_depth_limit(kSearchDepth);
    }
    return c.search->value(intern(p));
  }
  GameValue walk(const Position& p) { return walk_id(intern(p)); }
  GameValue walk_id(std::uint64_t id) {
    Moves moves{this};
    return walk_.value(id, moves);
  }

  std::unique_ptr<Core> core_;
  ValueWalk walk_;
};

template <GameLogic G>
Nimber Solver<G>::value(const Position& start) {
  if constexpr (kSearched) return searched_value(start);
  const GameValue v = walk(start);
  if (v.is_finite()) return v.nimber();
  std::string where;
  if constexpr (fmt::is_formattable<Position>::value) where = fmt::format(" {}", start);
  const std::string& loop = walk_.last_loop();
  throw LoopError(
      fmt::format("position{} has the infinite value {}: play from it can go on forever{}{} (the mex "
                  "rule needs every play to end; game_value gives values such as this)",
                  where, to_string(v), loop.empty() ? "" : "; ", loop));
}

template <GameLogic G>
std::vector<typename Solver<G>::Position> Solver<G>::moves_to_value(const Position& p, Nimber target) {
  if constexpr (kSearched) {
    std::vector<Position> found;
    for (auto&& option : core_->game.moves(p)) {
      Position q(option);
      if (searched_value(q) == target) found.push_back(std::move(q));
    }
    return found;
  }
  const std::uint64_t p_id = intern(p);
  (void)walk_id(p_id);  // values every option of p
  std::vector<std::pair<Position, std::uint64_t>> found;
  for (auto&& option : core_->game.moves(p)) {
    Position q(option);
    const std::uint64_t id = intern(q);
    const GameValue v = walk_id(id);
    if (v.is_finite() && v.nimber() == target) found.emplace_back(std::move(q), id);
  }
  if (walk_.labelled(p_id))
    std::stable_sort(found.begin(), found.end(), [&](const auto& a, const auto& b) {
      return walk_.progress_order(a.second) < walk_.progress_order(b.second);
    });
  std::vector<Position> result;
  for (auto& f : found) result.push_back(std::move(f.first));
  return result;
}

}  // namespace grundy
