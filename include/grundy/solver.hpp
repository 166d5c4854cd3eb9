#pragma once
// Solver: Grundy values of any impartial game given as code.
//
// The user's type describes the rules (the "GameLogic" idea): it names a
// Position type and, for a position, the positions one move can reach. The
// solver applies the mex rule with memoisation. It walks the game with an
// explicit stack, so a game a hundred million moves deep costs heap memory,
// not call-stack frames, and it detects a position that can reach itself.

#include <concepts>
#include <cstddef>
#include <functional>
#include <limits>
#include <ranges>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "grundy/error.hpp"
#include "grundy/mex.hpp"
#include "grundy/nimber.hpp"

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

  // The Grundy value of `start`. Throws LoopError if a position reachable
  // from `start` can reach itself.
  Nimber value(const Position& start);

  // Which player wins from `p` with the player to move starting.
  Winner winner(const Position& p) { return winner_of(value(p)); }

  // Every move from `p` to a position of value `target`, in the order the
  // game lists its moves (a move listed twice is reported twice).
  std::vector<Position> moves_to_value(const Position& p, Nimber target);

  // Every winning move from `p`: the moves to a position of value 0.
  std::vector<Position> winning_moves(const Position& p) { return moves_to_value(p, Nimber{0}); }

  // How many positions have a memoised value.
  [[nodiscard]] std::size_t known_positions() const { return memo_.size() - in_progress_; }

 private:
  // The memo holds this marker while a position's options are being solved;
  // meeting it again means a cycle. No real value can equal it: a value v
  // needs options of every value below v.
  static constexpr std::uint64_t kInProgress = std::numeric_limits<std::uint64_t>::max();

  struct Frame {
    Position position;
    std::size_t first_option;  // this frame's options are options_[first_option, options_.size())
    std::size_t next_option;
  };

  void push(const Position& p);
  [[noreturn]] void report_loop(const Position& repeated);

  G game_;
  std::unordered_map<Position, std::uint64_t> memo_;
  std::size_t in_progress_ = 0;
  std::vector<Frame> frames_;
  std::vector<Position> options_;
  std::vector<Nimber> option_values_;
};

template <GameLogic G>
Nimber Solver<G>::value(const Position& start) {
  if (auto it = memo_.find(start); it != memo_.end() && it->second != kInProgress) return Nimber(it->second);
  push(start);
  while (!frames_.empty()) {
    Frame& top = frames_.back();
    if (top.next_option < options_.size()) {
      Position option = options_[top.next_option++];
      auto it = memo_.find(option);
      if (it == memo_.end()) {
        push(option);  // invalidates `top`
      } else if (it->second == kInProgress) {
        report_loop(option);
      }
      continue;
    }
    option_values_.clear();
    for (std::size_t i = top.first_option; i < options_.size(); ++i)
      option_values_.push_back(Nimber(memo_.find(options_[i])->second));
    memo_[top.position] = mex(option_values_).value();
    --in_progress_;
    options_.resize(top.first_option);
    frames_.pop_back();
  }
  return Nimber(memo_.find(start)->second);
}

template <GameLogic G>
void Solver<G>::push(const Position& p) {
  memo_.emplace(p, kInProgress);
  ++in_progress_;
  const std::size_t first = options_.size();
  for (auto&& option : game_.moves(p)) options_.emplace_back(option);
  frames_.push_back(Frame{p, first, first});
}

template <GameLogic G>
void Solver<G>::report_loop(const Position& repeated) {
  std::size_t from = frames_.size();
  while (from > 0 && !(frames_[from - 1].position == repeated)) --from;
  const std::size_t length = frames_.size() - (from - 1);
  std::string message;
  if constexpr (fmt::is_formattable<Position>::value) {
    std::vector<Position> cycle;
    for (std::size_t i = from - 1; i < frames_.size(); ++i) cycle.push_back(frames_[i].position);
    cycle.push_back(repeated);
    if (cycle.size() <= 12) {
      message = fmt::format("the game has a loop: {}", fmt::join(cycle, " -> "));
    } else {
      message = fmt::format("the game has a loop of {} positions through {}", length, repeated);
    }
  } else {
    message = fmt::format("the game has a loop of {} positions", length);
  }
  // Leave the solver usable: forget the unfinished positions.
  for (const Frame& f : frames_) memo_.erase(f.position);
  in_progress_ = 0;
  frames_.clear();
  options_.clear();
  throw LoopError(message + " (the mex rule needs every play to end)");
}

template <GameLogic G>
std::vector<typename Solver<G>::Position> Solver<G>::moves_to_value(const Position& p, Nimber target) {
  value(p);  // memoises every option of p
  std::vector<Position> result;
  for (auto&& option : game_.moves(p)) {
    Position q(option);
    if (Nimber(memo_.find(q)->second) == target) result.push_back(std::move(q));
  }
  return result;
}

}  // namespace grundy
