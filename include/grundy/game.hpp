#pragma once
// Game: the run-time interface of the built-in games, the one the command
// line works with. Every position is a 64-bit integer: a heap size for
// heap-indexed games, a vertex number for graph games (which print and parse
// vertex names).
//
// Games given as code by a user go through the Solver template instead
// (solver.hpp); this interface is for games chosen by a spec string.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/nimber.hpp"
#include "grundy/run_table.hpp"

namespace grundy {

using Position = std::uint64_t;

// Some of the moves from a position to positions of one value, for games
// where listing them all could take too long (the coprime game has about
// 10^17 moves to value 0 from a heap of 10^18).
struct MoveSample {
  std::vector<Position> moves;          // the first ones, in the game's order
  std::optional<std::uint64_t> total;   // how many such moves there are in all; unknown if empty
  [[nodiscard]] bool complete() const { return total && *total == moves.size(); }
};

class Game {
 public:
  virtual ~Game() = default;

  // The canonical spec string: parse_game(spec()) builds an equal game, and
  // spec() of that game is the same string.
  [[nodiscard]] virtual std::string spec() const = 0;

  // True when positions are heap sizes 0, 1, 2, ...: tables and patterns
  // apply. Graph games answer false.
  [[nodiscard]] virtual bool heap_indexed() const { return true; }

  // A position typed by a user. Throws InputError saying what was expected.
  [[nodiscard]] virtual Position parse_position(std::string_view text) const;
  [[nodiscard]] virtual std::string format_position(Position p) const;
  // Names a component of a sum of this game, for people: "heap", "token".
  [[nodiscard]] virtual std::string_view component_noun() const { return "heap"; }

  [[nodiscard]] virtual Nimber value(Position p) const = 0;

  // Every value below 2^64 as runs, for heap games that have them at hand
  // (so a table of runs up to any size costs nothing); nullptr otherwise.
  [[nodiscard]] virtual const RunTable* value_runs() const { return nullptr; }
  // Every move from `p` to a position of value `target`.
  [[nodiscard]] virtual std::vector<Position> moves_to_value(Position p, Nimber target) const = 0;
  // At most `limit` of those moves, and their number when it is known. The
  // default lists them all and keeps the first `limit`.
  [[nodiscard]] virtual MoveSample first_moves_to_value(Position p, Nimber target, std::uint64_t limit) const;

  // What a move is, in one sentence for people: "a move takes 1, 3 or 4 tokens".
  [[nodiscard]] virtual std::string move_rule() const = 0;
  // Why `from` -> `to` is not a move, in words for people ("taking 2 is not a
  // move: ..."); empty when it is a move.
  [[nodiscard]] virtual std::string why_not_move(Position from, Position to) const = 0;
  [[nodiscard]] bool is_move(Position from, Position to) const { return why_not_move(from, to).empty(); }
  // The moves from `p` to positions >= `lowest`, in increasing order of the
  // position reached, at most `limit` of them, and how many there are in all
  // (>= lowest) when that is known. Each position reached appears once.
  // `moves_from(p, 0, 1)` is empty exactly when p has no moves.
  [[nodiscard]] virtual MoveSample moves_from(Position p, Position lowest, std::uint64_t limit) const = 0;
  [[nodiscard]] virtual bool has_move(Position p) const { return !moves_from(p, 0, 1).moves.empty(); }

 protected:
  // The reason shared by heap games when `to` is not below `from`.
  [[nodiscard]] static std::string heap_not_smaller(Position from, Position to);

  Game() = default;
  Game(const Game&) = default;
  Game& operator=(const Game&) = default;
  Game(Game&&) = default;
  Game& operator=(Game&&) = default;
};

}  // namespace grundy
