#pragma once
// PythonGame: a game written in Python, seen by the engine as a Game, so that
// it joins sums with the built-in families and goes through the same
// analyze_sum. The Python object only has to answer `moves(position)` with an
// iterable of what one move reaches: positions (any hashable values), or
// Split(...) tuples for moves that leave several positions (or none).
//
// The engine's positions are small integers, ids of the Python positions in
// the order they were first met (intern). Values are memoised per id, for as
// long as this object lives.
//
// Values: the mex rule, walked with an explicit stack (no Python or C++
// recursion, so a game 10^6 moves deep is fine), calling `moves` once per
// position. When the walk meets a loop, the graph reachable from the
// position asked about is explored and labelled with loopy values (Smith;
// loopy_values.hpp): ∞_K, or a nimber, which later mex walks use as the
// value of that position. A position whose reach holds both a loop and a
// split has no such theory here and raises LoopError naming the loop.
//
// Every member function needs the GIL.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "grundy/game.hpp"
#include "grundy/games/loopy_values.hpp"
#include "big_allocator.hpp"
#include "position_index.hpp"

namespace grundy::python {

namespace py = pybind11;

class PythonGame final : public Game {
 public:
  // `split_type`: the Python class whose instances are moves that leave
  // several positions. With `hold_weakly`, the game object is held by a weak
  // reference (the module caches this object under the game, and must not
  // keep it alive).
  PythonGame(py::handle game, py::handle split_type, bool hold_weakly);

  // The id of a Python position; TypeError for an unhashable one.
  [[nodiscard]] Position intern(py::handle position) const;
  [[nodiscard]] py::object position_object(Position id) const { return positions_[id]; }
  // What a move leaves, as Python sees it: the position itself, or a Split.
  [[nodiscard]] py::object option_object(std::span<const Position> option) const;
  // Positions with a value known.
  [[nodiscard]] std::size_t known_positions() const;
  // The game object (None once it is gone, when held weakly).
  [[nodiscard]] py::object game_object() const;

  [[nodiscard]] std::string spec() const override { return name_; }
  [[nodiscard]] Position parse_position(std::string_view text) const override;
  [[nodiscard]] std::string format_position(Position p) const override;  // repr()
  [[nodiscard]] std::string_view component_noun() const override { return "position"; }
  [[nodiscard]] Nimber value(Position p) const override;  // LoopError for an infinite value
  [[nodiscard]] GameValue game_value(Position p) const override;
  [[nodiscard]] bool has_cycles() const override { return loopy_; }
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] OptionSample options_to_value(Position p, Nimber target, std::uint64_t limit = kNoLimit) const override;
  [[nodiscard]] OptionSample list_options(Position p, std::uint64_t limit) const override;
  [[nodiscard]] std::string why_not_option(Position from, std::span<const Position> to) const override;

 private:
  struct Frame {
    Position id;
    std::size_t first_entry;  // this frame's options are entries_[first_entry, next_entry...)
    std::size_t next_entry;
  };

  [[nodiscard]] py::object moves_method() const;
  // Appends the options of `id` to entries_ (encoded as below) by calling moves.
  void expand(const py::object& moves, Position id) const;
  // The options of `id` as id lists, each once, in the order moves gives them.
  [[nodiscard]] std::vector<Option> options_of(Position id) const;
  void solve_acyclic(Position start) const;
  // `loop`: the loop the mex walk met, named in the error when moves split.
  void solve_loopy(Position start, const std::string& loop) const;
  [[nodiscard]] std::string loop_text(std::span<const Position> cycle) const;

  py::object game_;       // the game, or a weak reference to it
  bool weak_;
  py::object split_type_;
  std::string name_;      // "python:ClassName"
  mutable PositionIndex index_;  // position -> id
  mutable BigVector<py::object> positions_;
  // Per id: its value, or kUnvisited / kInProgress (acyclic walk).
  mutable BigVector<std::uint64_t> values_;
  mutable std::uint64_t expanded_count_ = 0;  // moves() calls, for the checks of signals
  // True while moves() runs under this object: a moves() that asks grundy
  // about its own game would find the walk's state half-built.
  mutable bool busy_ = false;

  // The acyclic walk's stack. An entry is an option's position id; an entry
  // flagged kJoin belongs to the same split as the one before it, and
  // kEmptyOption is a split leaving nothing (value 0).
  mutable BigVector<Frame> frames_;
  mutable BigVector<std::uint64_t> entries_;

  // The loopy part: the graph labelled so far (closed under moves: every
  // position reachable from a labelled one is labelled) and its labels.
  // loopy_: some labelled position can reach itself.
  mutable bool loopy_ = false;
  mutable std::vector<std::vector<std::uint32_t>> edges_;  // per labelled id
  mutable std::vector<bool> labelled_;
  mutable LoopyValues labels_;
};

}  // namespace grundy::python
