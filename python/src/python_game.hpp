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
// Values: the library's ValueWalk (value_walk.hpp), the same as for a C++
// game given to Solver: the mex rule walked with an explicit stack (no
// Python or C++ recursion, so a game 10^6 moves deep is fine), calling
// `moves` once per position, and where the walk meets a loop, loopy values
// (∞_K or a nimber, Smith). A position whose reach holds both a loop and a
// split raises LoopError naming the loop.
//
// A game with a method canonical(position) (an equivalent position, such as
// the least of its symmetric images) is valued by the library's component
// search instead (component_search.hpp: Beling-Rogalski pruning, a bounded
// table): the parts of a Split are independent, each keyed by its canonical
// position, and the options of a part are asked of moves() once and kept.
// Such a game must have no loop; the search goes at most kSearchDepth
// positions deep (LimitError past it). An optional method size(position)
// (else len(position), else 1) says which parts are larger: the search keeps
// the largest part of an option whole and tries small options first.
//
// Every member function needs the GIL.

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "grundy/search/component_search.hpp"
#include "grundy/hash_mix.hpp"
#include "grundy/drawing.hpp"
#include "grundy/game.hpp"
#include "grundy/search/value_walk.hpp"
#include "grundy/search/big_memory.hpp"
#include "grundy/search/interner.hpp"

namespace grundy::python {

namespace py = pybind11;

class PythonGame;

// A Python object's type name, and its repr cut to 80 characters: for messages.
[[nodiscard]] std::string type_name(py::handle h);
[[nodiscard]] std::string short_repr(py::handle h);

// How the interner hashes and compares Python positions: by Python's own
// hash and ==, so positions equal in Python share an id. Both throw
// py::error_already_set when Python raises (an unhashable position:
// TypeError); == may run any code, the interner's own included.
struct PythonPositionTraits {
  [[nodiscard]] std::uint64_t hash(const py::object& x) const {
    const Py_hash_t h = PyObject_Hash(x.ptr());
    if (h == -1 && PyErr_Occurred() != nullptr) throw py::error_already_set();
    return static_cast<std::uint64_t>(h);
  }
  [[nodiscard]] bool equal(const py::object& known, const py::object& x) const {
    if (known.ptr() == x.ptr()) return true;
    const py::object held = known;  // alive whatever == does to the interner
    const int same = PyObject_RichCompareBool(held.ptr(), x.ptr(), Py_EQ);
    if (same < 0) throw py::error_already_set();
    return same == 1;
  }
};

// An option of a part, as the search's cache of a Python game keeps it: ids
// of canonical positions, an id flagged kJoin belonging to the same Split as
// the one before it, kEmptyOption a Split leaving nothing.
inline constexpr std::uint64_t kJoin = ValueWalk::kJoin;
inline constexpr std::uint64_t kEmptyOption = ValueWalk::kEmptyOption;
inline constexpr std::uint64_t kIdMask = ValueWalk::kIdMask;

// A Python game with canonical() as ComponentSearch sees it: a key is the id
// of a position, a part the id of a canonical one.
struct PythonParts {
  using Key = std::uint64_t;
  using KeyHash = MixedHash;  // ids are consecutive: mixed (grundy/hash_mix.hpp)
  const PythonGame* game = nullptr;

  [[nodiscard]] std::vector<Key> components(Key position) const;
  [[nodiscard]] std::size_t size(Key part) const;
  // The options of a part, encoded as above; valid until the next call.
  [[nodiscard]] std::span<const std::uint64_t> option_entries(Key part) const;
  // f may search deeper (the plain mex of a part with 256 options or more
  // values each option inside this loop), which lists more parts and may
  // move option_entries' storage: the loop walks its own copy.
  template <class F>
  void for_each_option_parts(Key part, F&& f) const {
    const std::span<const std::uint64_t> listed = option_entries(part);
    const std::vector<std::uint64_t> entries(listed.begin(), listed.end());
    std::vector<Key> parts;
    for (std::size_t i = 0; i < entries.size();) {
      parts.clear();
      if (entries[i] != kEmptyOption) {
        parts.push_back(entries[i++] & kIdMask);
        while (i < entries.size() && (entries[i] & kJoin) != 0) parts.push_back(entries[i++] & kIdMask);
      } else {
        ++i;
      }
      f(std::span<const Key>(parts));
    }
  }
};

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
  // Whether the game has canonical() and is valued by the component search.
  [[nodiscard]] bool searched() const { return !canonical_.is_none(); }
  // Parts searched inside one another at most, for a game with canonical().
  static constexpr std::size_t kSearchDepth = 2000;
  // What a position met is taken to cost (the Python object, its number,
  // its value and its place in the walk): the memory bound
  // (python_budget(), grundy.memory()) over this is the most positions
  // a game may have, so that a game whose moves lead to ever new positions
  // ends in a ValueError, not in all the machine's memory.
  static constexpr std::size_t kBytesPerPosition = 128;
  [[nodiscard]] static std::size_t max_positions();

  [[nodiscard]] std::string spec() const override { return name_; }
  // Another name, while a server tells two games of one name apart ("python:Sub#2").
  void rename(std::string name) { name_ = std::move(name); }
  [[nodiscard]] Position parse_position(std::string_view text) const override;
  [[nodiscard]] std::string format_position(Position p) const override;  // repr()
  // repr() without its spaces: those between items dropped, those inside a
  // str written \x20, so that parse_position reads it back. TypeError
  // when it does not read back as an equal position (an object whose repr
  // is no Python literal).
  [[nodiscard]] std::string position_word(Position p) const override;
  // An int as it is, a str as repr() quotes it, anything else in quotes.
  [[nodiscard]] std::string position_in_text(Position p) const override;
  [[nodiscard]] std::string_view component_noun() const override { return "position"; }
  [[nodiscard]] Nimber value(Position p) const override;  // LoopError for an infinite value
  [[nodiscard]] GameValue game_value(Position p) const override;
  [[nodiscard]] bool has_cycles() const override { return walk_.loopy(); }
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] OptionSample options_to_value(Position p, Nimber target, std::uint64_t limit = kNoLimit) const override;
  [[nodiscard]] OptionSample list_options(Position p, std::uint64_t limit) const override;
  [[nodiscard]] std::string why_not_option(Position from, std::span<const Position> to) const override;
  // The game's draw(position), when it has one, as the page's picture, each
  // move placed on it by comparing the pictures before and after
  // (python_drawing.cpp). Calls draw once per option; TypeError for a
  // picture that is not one of the kinds.
  [[nodiscard]] Drawing drawing(Position p) const override;

 private:
  // The moves of the game as ValueWalk asks for them (python_game.cpp).
  struct Moves;

  [[nodiscard]] py::object moves_method() const;
  // Appends the options of `id` to `entries` (encoded as ValueWalk's) by calling moves.
  void expand(const py::object& moves, Position id, WalkEntries& entries) const;
  // The options of `id` as id lists, each once, in the order moves gives them.
  [[nodiscard]] std::vector<Option> options_of(Position id) const;

  friend struct PythonParts;
  [[nodiscard]] std::uint64_t canonical_id(Position id) const;
  [[nodiscard]] std::size_t part_size(Position id) const;
  [[nodiscard]] std::span<const std::uint64_t> part_options(Position part) const;

  py::object game_;  // the game, or a weak reference to it
  bool weak_;
  py::object split_type_;
  std::string name_;                                              // "python:ClassName"
  mutable Interner<py::object, PythonPositionTraits> positions_;  // id <-> position
  mutable std::uint64_t expanded_count_ = 0;                      // moves() calls, for the checks of signals
  // True while moves() runs under this object: a moves() that asks grundy
  // about its own game would find the walk's state half-built.
  mutable bool busy_ = false;
  mutable ValueWalk walk_;
  mutable WalkEntries scratch_;  // options being listed outside the walk

  // The component search, for a game with canonical(). Per id: its
  // canonical id and its size (kUnvisited / 0 until asked). The options of
  // each part searched, encoded as for PythonParts, by part id.
  py::object canonical_;  // the method, or None
  py::object size_;       // the method size(position), or None
  py::object draw_;       // the method draw(position), or None
  mutable BigVector<std::uint64_t> canonical_of_;
  mutable BigVector<std::uint64_t> size_of_;
  mutable std::vector<std::uint64_t> part_options_;
  mutable std::unordered_map<std::uint64_t, std::pair<std::size_t, std::size_t>> option_range_;
  mutable std::unique_ptr<ComponentSearch<PythonParts>> search_;
};

}  // namespace grundy::python
