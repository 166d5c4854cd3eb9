#pragma once
// OneToOneGame: a game whose every move takes a component to exactly one
// position (nim, subtraction, division, coprime, xy, graph). Such a game
// states its moves as single positions, the way its rule reads, and this
// class turns them into the options of the Game interface (each option
// holds one position).

#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/game.hpp"

namespace grundy {

// Some of the moves from a position to positions of one value, for games
// where listing them all could take too long.
struct MoveSample {
  std::vector<Position> moves;         // the first ones, in the game's order
  std::optional<std::uint64_t> total;  // how many such moves there are in all; unknown if empty
  [[nodiscard]] bool complete() const { return total && *total == moves.size(); }
};

// Costs: the pure virtual members are the game's own (each game's header);
// the Game interface written here adds O(1) per move to what it calls, as
// each member says.
class OneToOneGame : public Game {
 public:
  // Every move from `p` to a position of value `target`.
  // Cost: the game's; O(number of those moves) memory, which for a large
  // heap can be vast (coprime): first_moves_to_value bounds it.
  [[nodiscard]] virtual std::vector<Position> moves_to_value(Position p, Nimber target) const = 0;
  // At most `limit` of those moves, and their number when it is known. The
  // default lists them all and keeps the first `limit`.
  // The default costs the whole of moves_to_value however small `limit`.
  [[nodiscard]] virtual MoveSample first_moves_to_value(Position p, Nimber target, std::uint64_t limit) const;

  // Why `from` -> `to` is not a move, in words for people; empty when it is.
  [[nodiscard]] virtual std::string why_not_move(Position from, Position to) const = 0;
  [[nodiscard]] bool is_move(Position from, Position to) const { return why_not_move(from, to).empty(); }
  // The moves from `p` to positions >= `lowest`, in increasing order of the
  // position reached, at most `limit` of them, and how many there are in all
  // (>= lowest) when that is known. Each position reached appears once.
  // `moves_from(p, 0, 1)` is empty exactly when p has no moves.
  // Cost: the game's; O(limit) moves at most. has_move is one call of it.
  [[nodiscard]] virtual MoveSample moves_from(Position p, Position lowest, std::uint64_t limit) const = 0;
  [[nodiscard]] bool has_move(Position p) const override { return !moves_from(p, 0, 1).moves.empty(); }

  // The Game interface, from the above.
  // options_to_value: one first_moves_to_value call; list_options: one
  // moves_from call; each O(moves returned) more to wrap them as options.
  [[nodiscard]] bool moves_leave_one_position() const final { return true; }
  [[nodiscard]] OptionSample options_to_value(Position p, Nimber target, std::uint64_t limit = kNoLimit) const final;
  [[nodiscard]] OptionSample list_options(Position p, std::uint64_t limit) const final;
  // All moves when there are at most 64, else the 8 lowest and 8 highest
  // positions reached (for heap games, the ones just below the heap).
  // At most two moves_from calls (64 moves, then 8), O(64) memory.
  [[nodiscard]] std::vector<Option> sample_options(Position p) const final;
  // One why_not_move call.
  [[nodiscard]] std::string why_not_option(Position from, std::span<const Position> to) const final;
  // A run of consecutive heap sizes is written as a range.
  // One moves_from(p, 0, limit) call (and one of 2 moves for a range), and
  // one position_in_text per move listed.
  [[nodiscard]] std::string describe_options(Position p, std::uint64_t limit) const final;

 protected:
  OneToOneGame() = default;
};

}  // namespace grundy
