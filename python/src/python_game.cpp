#include "python_game.hpp"

#include "python_budget.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/mex.hpp"
#include "grundy/search/transposition_table.hpp"

namespace grundy::python {
namespace {

constexpr std::uint64_t kUnvisited = ~std::uint64_t{0};
// Signals (Ctrl-C) are looked at after this many positions, so that a game
// whose moves run no Python bytecode can still be interrupted.
constexpr std::uint64_t kSignalCheckInterval = 4096;

// Marks a game as being walked for the life of one walk (PythonGame::busy_).
class Walking {
 public:
  Walking(bool& busy, const std::string& name) : busy_(busy) {
    if (busy_)
      throw std::runtime_error(
          fmt::format("{}.moves asked grundy about its own game while grundy was solving it", name.substr(7)));
    busy_ = true;
  }
  ~Walking() { busy_ = false; }
  Walking(const Walking&) = delete;
  Walking& operator=(const Walking&) = delete;

 private:
  bool& busy_;
};

}  // namespace

std::string type_name(py::handle h) { return py::str(py::type::handle_of(h).attr("__name__")); }

std::string short_repr(py::handle h) {
  std::string text = py::repr(h);
  if (text.size() > 80) text = text.substr(0, 77) + "...";
  return text;
}

PythonGame::PythonGame(py::handle game, py::handle split_type, bool hold_weakly)
    : weak_(hold_weakly), split_type_(py::reinterpret_borrow<py::object>(split_type)) {
  if (!py::hasattr(game, "moves") || !PyCallable_Check(game.attr("moves").ptr()))
    throw py::type_error(
        fmt::format("a game written in Python needs a method moves(position); {} has none", short_repr(game)));
  game_ = hold_weakly ? py::object(py::weakref(game)) : py::reinterpret_borrow<py::object>(game);
  // canonical and size are read once: bound methods of the game (or
  // functions of a class given as the game).
  canonical_ = py::getattr(game, "canonical", py::none());
  size_ = py::getattr(game, "size", py::none());
  if (!canonical_.is_none() && PyCallable_Check(canonical_.ptr()) == 0)
    throw py::type_error(
        fmt::format("{}.canonical is not a method; it should take a position and return the "
                    "equivalent position that stands for it (such as the least of its symmetric images)",
                    short_repr(game)));
  if (!size_.is_none() && PyCallable_Check(size_.ptr()) == 0) size_ = py::none();
  draw_ = py::getattr(game, "draw", py::none());
  if (!draw_.is_none() && PyCallable_Check(draw_.ptr()) == 0) draw_ = py::none();
  const bool is_type = PyType_Check(game.ptr());
  name_ =
      "python:" + std::string(py::str(is_type ? game.attr("__name__") : py::type::handle_of(game).attr("__name__")));
}

py::object PythonGame::game_object() const { return weak_ ? py::object(game_()) : game_; }

py::object PythonGame::moves_method() const {
  py::object game = game_object();
  if (game.is_none()) throw std::logic_error("the game object is gone");
  return game.attr("moves");
}

Position PythonGame::intern(py::handle position) const {
  std::pair<std::uint64_t, bool> id{0, false};
  try {
    id = positions_.intern(py::reinterpret_borrow<py::object>(position));
  } catch (py::error_already_set& e) {
    if (!e.matches(PyExc_TypeError)) throw;
    // A TypeError from hashing gets a message saying what positions must be;
    // one from a position's own __eq__ goes through as it is.
    const bool unhashable = PyObject_Hash(position.ptr()) == -1;
    PyErr_Clear();
    if (!unhashable) throw;
    throw py::type_error(
        fmt::format("position {} is not hashable (a {}); positions of a game written in Python must be hashable: "
                    "ints, strings, tuples, frozensets (a list can become a tuple)",
                    short_repr(position), type_name(position)));
  }
  if (id.second) {
    if (id.first > kIdMask) throw LimitError("a game written in Python may have at most 2^62 positions");
    if (const std::size_t most = max_positions(); id.first >= most)
      throw LimitError(fmt::format(
          "more than {} positions of {} met: the game may be infinite (its moves lead to ever new positions), "
          "or larger than the memory bound of {} MiB allows at about {} bytes a position (grundy.memory() "
          "raises it)",
          most, name_, python_budget().table_bytes() >> 20, kBytesPerPosition));
    canonical_of_.push_back(kUnvisited);
    size_of_.push_back(0);
  }
  return id.first;
}

std::size_t PythonGame::max_positions() {
  return std::max<std::size_t>(1024, python_budget().table_bytes() / kBytesPerPosition);
}

py::object PythonGame::option_object(std::span<const Position> option) const {
  if (option.size() == 1) return positions_[option[0]];
  py::tuple parts(option.size());
  for (std::size_t i = 0; i < option.size(); ++i) parts[i] = positions_[option[i]];
  return split_type_(*parts);
}

std::size_t PythonGame::known_positions() const { return search_ ? search_->known_parts() : walk_.known(); }

struct PythonGame::Moves {
  const PythonGame* game;
  py::object method;
  void list(std::uint64_t id, WalkEntries& entries) const { game->expand(method, id, entries); }
  [[nodiscard]] std::string describe(std::uint64_t id) const { return short_repr(game->positions_[id]); }
  void listed() const {
    if (++game->expanded_count_ % kSignalCheckInterval == 0 && PyErr_CheckSignals() != 0) throw py::error_already_set();
  }
};

void PythonGame::expand(const py::object& moves, Position id, WalkEntries& entries) const {
  PyObject* argument = positions_[id].ptr();
  PyObject* called = PyObject_Vectorcall(moves.ptr(), &argument, 1, nullptr);
  if (called == nullptr) throw py::error_already_set();
  py::object result = py::reinterpret_steal<py::object>(called);
  auto* split = reinterpret_cast<PyTypeObject*>(split_type_.ptr());
  auto add = [&](PyObject* item) {
    if (PyObject_TypeCheck(item, split)) {
      const Py_ssize_t n = PyTuple_GET_SIZE(item);
      if (n == 0) entries.push_back(kEmptyOption);
      for (Py_ssize_t k = 0; k < n; ++k) entries.push_back(intern(PyTuple_GET_ITEM(item, k)) | (k > 0 ? kJoin : 0));
    } else {
      entries.push_back(intern(item));
    }
  };
  // Lists and tuples, the usual answers, are read in place (an iterator
  // object per position would cost an allocation each). The list is held
  // by `result`; a position's __hash__ or __eq__ could still change its
  // length, so its size is read at each step.
  if (PyList_CheckExact(called)) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(called); ++i) {
      py::object item = py::reinterpret_borrow<py::object>(PyList_GET_ITEM(called, i));
      add(item.ptr());
    }
    return;
  }
  if (PyTuple_CheckExact(called)) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(called); ++i) add(PyTuple_GET_ITEM(called, i));
    return;
  }
  PyObject* iterator = PyObject_GetIter(called);
  if (iterator == nullptr) {
    PyErr_Clear();
    throw py::type_error(
        fmt::format("{}.moves({}) returned {}; expected an iterable of positions "
                    "(an empty list when there is no move)",
                    name_.substr(7), short_repr(positions_[id]), short_repr(result)));
  }
  py::object it = py::reinterpret_steal<py::object>(iterator);
  while (PyObject* raw = PyIter_Next(iterator)) {
    py::object item = py::reinterpret_steal<py::object>(raw);
    add(raw);
  }
  if (PyErr_Occurred() != nullptr) throw py::error_already_set();
}

std::vector<Option> PythonGame::options_of(Position id) const {
  if (walk_.labelled(id)) {
    std::vector<Option> options;
    for (std::uint32_t t : walk_.labelled_options(id)) options.push_back({t});
    return options;
  }
  const Walking walking(busy_, name_);
  const std::size_t first = scratch_.size();
  try {
    expand(moves_method(), id, scratch_);
  } catch (...) {
    scratch_.resize(first);
    throw;
  }
  std::vector<Option> options;
  std::set<Option> seen;
  for (std::size_t i = first; i < scratch_.size(); ++i) {
    const std::uint64_t e = scratch_[i];
    if (e == kEmptyOption) {
      options.emplace_back();
    } else if ((e & kJoin) != 0) {
      options.back().push_back(e & kIdMask);
    } else {
      options.push_back({e & kIdMask});
    }
  }
  scratch_.resize(first);
  std::vector<Option> distinct;
  for (Option& o : options)
    if (seen.insert(o).second) distinct.push_back(std::move(o));
  return distinct;
}

GameValue PythonGame::game_value(Position p) const {
  if (searched()) {
    const Walking walking(busy_, name_);
    if (!search_) {
      search_ = std::make_unique<ComponentSearch<PythonParts>>(PythonParts{this});
      search_->set_depth_limit(kSearchDepth);
    }
    return GameValue(search_->value(p));
  }
  // A known value is read without the guard or the method: moves() may ask
  // for values the walk has finished.
  if (std::optional<GameValue> known = walk_.known_value(p)) return *std::move(known);
  const Walking walking(busy_, name_);
  Moves moves{this, moves_method()};
  return walk_.value(p, moves);
}

Nimber PythonGame::value(Position p) const {
  const GameValue v = game_value(p);
  if (!v.is_finite())
    throw LoopError(fmt::format("position {} of {} has the infinite value {}: play from it can go on forever",
                                short_repr(positions_[p]), name_, to_string(v)));
  return v.nimber();
}

// A position typed by a person (grundy.play): a Python literal, read by
// ast.literal_eval ("7", "(2, 3)", "'ab'"), or a frozenset as repr() writes
// it ("frozenset({1, 2})"), else the text itself as a str, so that a game
// whose positions are strings takes them typed bare.
Position PythonGame::parse_position(std::string_view text) const {
  const py::str typed{std::string(text)};
  py::object position = typed;
  try {
    // repr() of a frozenset, "frozenset({1, 2})", is no literal: its set is.
    const std::string_view inside = text.substr(std::min(text.size(), std::string_view("frozenset(").size()));
    if (text.starts_with("frozenset(") && text.ends_with(")")) {
      const py::str set_text{std::string(inside.substr(0, inside.size() - 1))};
      const py::object items = set_text.attr("strip")().cast<std::string>().empty()
                                   ? py::object(py::tuple())
                                   : py::module_::import("ast").attr("literal_eval")(set_text);
      position = py::module_::import("builtins").attr("frozenset")(items);
    } else {
      position = py::module_::import("ast").attr("literal_eval")(typed);
    }
  } catch (const py::error_already_set& e) {
    // Not a literal (SyntaxError, ValueError, or nesting too deep): the text.
    if (!e.matches(PyExc_SyntaxError) && !e.matches(PyExc_ValueError) && !e.matches(PyExc_TypeError) &&
        !e.matches(PyExc_MemoryError) && !e.matches(PyExc_RecursionError))
      throw;
  }
  if (PyObject_Hash(position.ptr()) == -1) {
    PyErr_Clear();
    throw InputError(
        fmt::format("'{}' reads as a {}, which cannot be a position of {} (positions are hashable: "
                    "a tuple, not a list)",
                    text, std::string(py::str(py::type::handle_of(position).attr("__name__"))), name_));
  }
  return intern(position);
}

std::string PythonGame::format_position(Position p) const { return py::repr(positions_[p]); }

std::string PythonGame::position_word(Position p) const {
  const std::string text = format_position(p);
  std::string word;
  char quote = 0;  // the quote of the str literal being read, if any
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == '\\' && i + 1 < text.size()) {
        word += c;
        word += text[++i];
        continue;
      }
      if (c == quote) quote = 0;
      word += c == ' ' ? std::string("\\x20") : std::string(1, c);
    } else {
      if (c == '\'' || c == '"') quote = c;
      if (c != ' ') word += c;
    }
  }
  // Read back here, not trusted: repr() of an arbitrary object is no literal.
  const Position again = parse_position(word);
  if (again != p)
    throw py::type_error(
        fmt::format("position {} of {} cannot be written in a request: a served game's positions "
                    "must be Python literals (ints, strs, bytes, tuples of them, or a frozenset of "
                    "ints or strs), which repr() writes and ast.literal_eval reads back",
                    short_repr(positions_[p]), name_));
  return word;
}

std::string PythonGame::position_in_text(Position p) const {
  const py::handle position = positions_[p];
  if (PyLong_CheckExact(position.ptr()) || PyUnicode_Check(position.ptr())) return format_position(p);
  // A tuple or a frozenset is set apart by its own brackets: quotes around
  // it would nest with those of its strings ('('.', '#')').
  if (PyTuple_Check(position.ptr()) || PyFrozenSet_Check(position.ptr())) return format_position(p);
  return Game::position_in_text(p);
}

std::string PythonGame::move_rule() const { return fmt::format("a move is whatever {}.moves lists", name_.substr(7)); }

OptionSample PythonGame::options_to_value(Position p, Nimber target, std::uint64_t limit) const {
  (void)game_value(p);  // every option valued
  std::vector<Option> matching;
  for (Option& o : options_of(p)) {
    const GameValue v = o.size() == 1 ? game_value(o[0]) : GameValue(option_value(o));
    if (v.is_finite() && v.nimber() == target) matching.push_back(std::move(o));
  }
  if (walk_.labelled(p)) {
    // Smith's counter: the option labelled first makes progress
    // (loopy_values.hpp). Every option of a labelled position is labelled,
    // and leaves one position (no game here both loops and splits).
    std::stable_sort(matching.begin(), matching.end(), [&](const Option& a, const Option& b) {
      return walk_.progress_order(a[0]) < walk_.progress_order(b[0]);
    });
  }
  OptionSample sample;
  sample.total = matching.size();
  if (matching.size() > limit) matching.resize(limit);
  sample.options = std::move(matching);
  return sample;
}

OptionSample PythonGame::list_options(Position p, std::uint64_t limit) const {
  OptionSample sample;
  sample.options = options_of(p);
  sample.total = sample.options.size();
  if (sample.options.size() > limit) sample.options.resize(limit);
  return sample;
}

std::string PythonGame::why_not_option(Position from, std::span<const Position> to) const {
  for (const Option& o : options_of(from))
    if (std::equal(o.begin(), o.end(), to.begin(), to.end())) return "";
  return fmt::format("{} does not list that move from {}", name_, short_repr(positions_[from]));
}

std::uint64_t PythonGame::canonical_id(Position id) const {
  if (canonical_of_[id] != kUnvisited) return canonical_of_[id];
  PyObject* argument = positions_[id].ptr();
  PyObject* called = PyObject_Vectorcall(canonical_.ptr(), &argument, 1, nullptr);
  if (called == nullptr) throw py::error_already_set();
  const py::object form = py::reinterpret_steal<py::object>(called);
  const Position canonical = intern(form);
  canonical_of_[id] = canonical;
  canonical_of_[canonical] = canonical;  // a canonical position is its own form
  return canonical;
}

std::size_t PythonGame::part_size(Position id) const {
  if (size_of_[id] != 0) return size_of_[id];
  std::size_t size = 1;
  const py::handle position = positions_[id];
  if (!size_.is_none()) {
    const py::object given = size_(position);
    try {
      size = py::cast<std::size_t>(given);
    } catch (const py::cast_error&) {
      throw py::type_error(fmt::format("size({}) returned {}: expected a whole number from 0 to 2^64 - 1",
                                       py::repr(position).cast<std::string>(), py::repr(given).cast<std::string>()));
    }
  } else if (PyObject_HasAttrString(position.ptr(), "__len__") != 0) {
    const Py_ssize_t n = PyObject_Length(position.ptr());
    if (n < 0)
      PyErr_Clear();
    else
      size = static_cast<std::size_t>(n);
  }
  size_of_[id] = std::max<std::size_t>(size, 1);
  return size_of_[id];
}

std::span<const std::uint64_t> PythonGame::part_options(Position part) const {
  if (const auto it = option_range_.find(part); it != option_range_.end())
    return std::span<const std::uint64_t>(part_options_).subspan(it->second.first, it->second.second);
  const std::size_t first = scratch_.size();
  try {
    expand(moves_method(), part, scratch_);
  } catch (...) {
    scratch_.resize(first);
    throw;
  }
  if (++expanded_count_ % kSignalCheckInterval == 0 && PyErr_CheckSignals() != 0) {
    scratch_.resize(first);
    throw py::error_already_set();
  }
  // Each position an option leaves, by its canonical id (canonical() may
  // intern new positions: scratch_ is read by index, not held).
  const std::size_t start = part_options_.size();
  try {
    for (std::size_t i = first; i < scratch_.size(); ++i) {
      const std::uint64_t e = scratch_[i];
      part_options_.push_back(e == kEmptyOption ? e : (e & kJoin) | canonical_id(e & kIdMask));
    }
  } catch (...) {
    scratch_.resize(first);
    part_options_.resize(start);
    throw;
  }
  scratch_.resize(first);
  option_range_.emplace(part, std::make_pair(start, part_options_.size() - start));
  return std::span<const std::uint64_t>(part_options_).subspan(start);
}

std::vector<PythonParts::Key> PythonParts::components(Key position) const { return {game->canonical_id(position)}; }
std::size_t PythonParts::size(Key part) const { return game->part_size(part); }
std::span<const std::uint64_t> PythonParts::option_entries(Key part) const { return game->part_options(part); }

}  // namespace grundy::python
