// grundy._core: the C++ half of the Python module (python/grundy/__init__.py
// is the other half, and the one people read). Sums are built here from the
// command line's own parser, so that specs, positions and error messages
// are exactly the CLI's; answers go back as plain Python values.
//
// Threads and Ctrl-C: computations on built-in games release the GIL; one
// module-wide lock keeps them one at a time, since built-in games fill
// shared tables as they go. While such a computation runs on the main
// thread, SIGINT only asks it to stop (interrupt.hpp), and the call then
// raises KeyboardInterrupt through Python's own handler.

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "grundy/error.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/misere/misere_quotient.hpp"
#include "grundy/pattern.hpp"
#include "grundy/progress.hpp"
#include "grundy/execution_budget.hpp"
#include "grundy/value_plot.hpp"
#include "grundy/registry.hpp"
#include "grundy/spec.hpp"
#include "grundy/sum.hpp"
#include "python_budget.hpp"
#include "python_game.hpp"
#include "python_play.hpp"
#include "python_serve.hpp"
#include "grundy/frontend/advice_words.hpp"
#include "grundy/pattern_fields.hpp"
#include "grundy/analysis.hpp"
#include "grundy/game_sum.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

// Set by __init__.py: the classes of a split move and of an infinite value.
// Held for the life of the process (never released: they must outlive
// every object of this module, up to the interpreter's end).
py::handle split_type;
py::handle infinite_type;
unsigned long main_thread_ident = 0;

// One computation at a time (see the top of this file). Recursive: a game
// written in Python may ask grundy for values inside its moves().
std::recursive_mutex compute_mutex;

// Takes compute_mutex, waiting for it without the GIL: the thread holding it
// may need the GIL to finish (a game written in Python).
std::unique_lock<std::recursive_mutex> lock_compute() {
  std::unique_lock<std::recursive_mutex> lock(compute_mutex, std::try_to_lock);
  if (!lock.owns_lock()) {
    py::gil_scoped_release unlocked;
    lock.lock();
  }
  return lock;
}

// Built-in heap games by spec, kept between calls so that their tables are
// computed once (value("kayles", n) in a loop). Graph games are read anew:
// their file may change. Guarded by cache_mutex, held only inside the two
// functions below (one runs with the GIL, the other without).
constexpr std::size_t kMostCachedGames = 64;
std::mutex cache_mutex;
std::map<std::string, std::shared_ptr<Game>, std::less<>>& cached_games() {
  static auto* games = new std::map<std::string, std::shared_ptr<Game>, std::less<>>();  // outlives interpreter exit
  return *games;
}

std::shared_ptr<Game> cached(std::shared_ptr<Game> parsed) {
  if (!parsed->heap_indexed()) return parsed;
  const std::lock_guard lock(cache_mutex);
  auto& games = cached_games();
  const std::string spec = parsed->spec();
  if (auto it = games.find(spec); it != games.end()) return it->second;
  if (games.size() >= kMostCachedGames) games.clear();
  std::shared_ptr<Game> game = std::move(parsed);
  games.emplace(spec, game);
  return game;
}

void forget_cached_games() {
  const std::lock_guard lock(cache_mutex);
  cached_games().clear();
}

void forget_cached(const Game* game) {
  const std::lock_guard lock(cache_mutex);
  auto& games = cached_games();
  for (auto it = games.begin(); it != games.end(); ++it)
    if (it->second.get() == game) {
      games.erase(it);
      return;
    }
}

// SIGINT asks the running computation to stop; restored on destruction.
class InterruptOnSigint {
 public:
  InterruptOnSigint() {
    struct sigaction ours {};
    ours.sa_handler = [](int) { request_interrupt(); };
    sigemptyset(&ours.sa_mask);
    installed_ = ::sigaction(SIGINT, nullptr, &previous_) == 0 && previous_.sa_handler != SIG_IGN &&
                 ::sigaction(SIGINT, &ours, nullptr) == 0;
  }
  ~InterruptOnSigint() {
    if (installed_) ::sigaction(SIGINT, &previous_, nullptr);
  }
  InterruptOnSigint(const InterruptOnSigint&) = delete;
  InterruptOnSigint& operator=(const InterruptOnSigint&) = delete;

 private:
  struct sigaction previous_ {};
  bool installed_ = false;
};

// Runs `work` (which must not touch Python objects when `release_gil`) as
// the one computation running. `games` are dropped from the cache if the
// work fails part-way, since their tables may be half-filled.
template <class Work>
auto compute(bool release_gil, std::span<const Game* const> games, Work&& work) -> decltype(work()) {
  auto on_failure = [&] {
    for (const Game* g : games) forget_cached(g);
  };
  if (!release_gil) {
    const auto lock = lock_compute();
    try {
      return work();
    } catch (...) {
      on_failure();
      throw;
    }
  }
  bool interrupted = false;
  std::optional<decltype(work())> result;
  {
    py::gil_scoped_release unlocked;
    std::lock_guard lock(compute_mutex);
    std::optional<InterruptOnSigint> sigint;
    if (PyThread_get_thread_ident() == main_thread_ident) sigint.emplace();
    clear_interrupt();
    try {
      result.emplace(work());
    } catch (const Interrupted&) {
      interrupted = true;
      for (const Game* g : games) forget_cached(g);
    } catch (...) {
      for (const Game* g : games) forget_cached(g);
      clear_interrupt();
      throw;
    }
    // Ctrl-C after the last checkpoint: the user asked to stop all the same.
    if (interrupt_requested()) interrupted = true;
    clear_interrupt();
  }
  if (interrupted) {
    // Python's own SIGINT handler decides (KeyboardInterrupt by default).
    PyErr_SetInterrupt();
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    throw py::error_already_set();  // not reached with the default handler
  }
  return std::move(*result);
}

// A whole number from Python (an int, or anything with __index__, such as
// NumPy's integers) as decimal text for a game's parse_position, which
// then judges its range with the command line's words; `what` names the
// argument in a TypeError. Booleans are refused: True is not a heap.
std::string integer_text(py::handle n, std::string_view what, bool or_str) {
  if (!PyBool_Check(n.ptr())) {
    if (PyLong_Check(n.ptr())) return py::str(n);
    if (or_str && PyUnicode_Check(n.ptr())) return py::str(n);
    if (PyIndex_Check(n.ptr())) return py::str(py::reinterpret_steal<py::object>(PyNumber_Index(n.ptr())));
  }
  throw py::type_error(fmt::format("{} is an int{}, not {}", what, or_str ? " or a str" : "",
                                   std::string(py::str(py::type::handle_of(n).attr("__name__")))));
}

py::object value_object(const GameValue& v) {
  if (v.is_finite()) return py::int_(v.nimber().value());
  py::list k;
  for (Nimber m : v.options()) k.append(py::int_(m.value()));
  return infinite_type(py::frozenset(k));
}

// A sum ready to analyse: its components, the games they are in (kept
// alive), and for each component what Python calls its game.
class Sum {
 public:
  std::vector<std::shared_ptr<Game>> games;
  std::vector<std::shared_ptr<PythonGame>> python_games;
  std::vector<Component> components;
  std::vector<py::object> game_objects;  // per component: the spec, or the Python game

  [[nodiscard]] bool has_python_game() const { return !python_games.empty(); }
  [[nodiscard]] std::vector<const Game*> builtin_games() const {
    std::vector<const Game*> g;
    for (const auto& game : games) g.push_back(game.get());
    return g;
  }

  [[nodiscard]] py::object position_object(const Game& game, Position p) const {
    if (const auto* pg = dynamic_cast<const PythonGame*>(&game)) return pg->position_object(p);
    if (game.heap_indexed()) return py::int_(p);
    return py::str(game.format_position(p));
  }

  [[nodiscard]] py::object option_object(const Game& game, std::span<const Position> option) const {
    if (const auto* pg = dynamic_cast<const PythonGame*>(&game)) return pg->option_object(option);
    if (option.size() == 1) return position_object(game, option[0]);
    py::tuple parts(option.size());
    for (std::size_t i = 0; i < option.size(); ++i) parts[i] = position_object(game, option[i]);
    return split_type(*parts);
  }

  template <class Work>
  auto run(Work&& work) const {
    const std::vector<const Game*> g = builtin_games();
    return compute(!has_python_game(), g, std::forward<Work>(work));
  }
};

Sum sum_from_arguments(const std::vector<std::string>& args) {
  GameSum parsed = read_sum(args, {}, python_budget());
  Sum sum;
  std::map<const Game*, std::shared_ptr<Game>> kept;
  for (auto& g : parsed.games) {
    const Game* raw = g.get();
    kept.emplace(raw, cached(std::move(g)));
  }
  for (auto& [raw, game] : kept) sum.games.push_back(game);
  for (const Component& c : parsed.components) {
    const auto& game = kept.at(c.game);
    // A cached game equal to the one parsed reads positions the same way.
    sum.components.push_back({game.get(), c.position});
    sum.game_objects.push_back(py::str(game->spec()));
  }
  return sum;
}

// Components given as (spec or PythonGame, position) pairs. Errors name the
// component, numbered from 1.
Sum sum_from_components(const py::list& pairs) {
  const auto lock = lock_compute();  // interning into a game written in Python
  Sum sum;
  std::map<std::string, std::shared_ptr<Game>, std::less<>> by_spec;
  if (pairs.empty()) throw InputError("expected at least one component (a game and a position)");
  std::size_t number = 0;
  for (py::handle item : pairs) {
    ++number;
    const auto pair = item.cast<py::tuple>();
    py::handle game = pair[0];
    py::handle position = pair[1];
    if (py::isinstance<PythonGame>(game)) {
      auto pg = game.cast<std::shared_ptr<PythonGame>>();
      sum.python_games.push_back(pg);
      sum.components.push_back({pg.get(), pg->intern(position)});
      sum.game_objects.push_back(pg->game_object());
      continue;
    }
    const std::string spec = game.cast<std::string>();
    std::shared_ptr<Game> g;
    if (auto it = by_spec.find(spec); it != by_spec.end()) {
      g = it->second;
    } else {
      try {
        g = cached(parse_game(spec, python_budget()));
      } catch (const UnknownGameError& e) {
        throw UnknownGameError(fmt::format("component {}: {}", number, e.what()));
      } catch (const InputError& e) {
        throw InputError(fmt::format("component {}: {}", number, e.what()));
      }
      by_spec.emplace(spec, g);
      sum.games.push_back(g);
    }
    const std::string text = integer_text(position, fmt::format("component {}: a position of {}", number, spec), true);
    try {
      sum.components.push_back({g.get(), g->parse_position(text)});
    } catch (const InputError& e) {
      throw InputError(fmt::format("component {}: {}", number, e.what()));
    }
    sum.game_objects.push_back(py::str(g->spec()));
  }
  return sum;
}

// What the library's SumReport says, as the Python functions read it
// (grundy.winner, grundy.moves, grundy.value): one object for both play
// conventions, read by name.
struct Report {
  std::string winner;             // "first", "second" or "draw"
  py::list values;                // normal play: each component's value
  py::object total = py::none();  // normal play: the sum's value; None for two or more infinite values
  std::string method;             // misère play: what decided ("nim", "quotient", "genus", "search")
  std::string reason;             // misère play: why, in words
  py::list moves;                 // (component, game, position, to) each, when moves were asked
  bool complete = true;           // false when a component's list was cut at the limit
};

Report report(const Sum& sum, bool misere, std::optional<std::uint64_t> limit, bool with_moves) {
  const Convention convention = misere ? Convention::misere : Convention::normal;
  const SumReport r = sum.run([&] {
    return with_moves ? grundy::analyze(sum.components, convention, limit.value_or(kNoLimit))
                      : grundy::outcome(sum.components, convention);
  });
  Report out;
  out.winner = to_string(r.winner);
  // Each convention's data under its own names (the variant's alternative).
  if (const auto* normal = std::get_if<SumAnalysis>(&r.analysis)) {
    for (const GameValue& v : normal->values) out.values.append(value_object(v));
    if (normal->total) out.total = value_object(*normal->total);
  } else if (const auto* m = std::get_if<MisereAnalysis>(&r.analysis)) {
    out.method = to_string(m->method);
    out.reason = m->reason;
  }
  for (const Move& m : r.moves) {
    const Game& game = *sum.components[m.component].game;
    out.moves.append(py::make_tuple(m.component, sum.game_objects[m.component], sum.position_object(game, m.from),
                                    sum.option_object(game, m.to)));
  }
  out.complete = r.unlisted.empty();
  return out;
}

// grundy.play: `grundy play`'s session on Python's text streams
// (python_play.hpp). The games are taken in the order the sum first names
// them. The module's lock is held while the engine thinks and let go while
// the person does, so that other threads may compute meanwhile.
py::object play(const Sum& sum, bool engine_first, bool misere, std::uint64_t seed, py::object input, py::object output,
                bool input_is_terminal, bool colour, bool utf8, bool utf8_values) {
  std::vector<const Game*> games;
  for (const Component& c : sum.components)
    if (std::find(games.begin(), games.end(), c.game) == games.end()) games.push_back(c.game);
  PlayRequest request;
  request.options.first = engine_first ? frontend::FirstPlayer::engine : frontend::FirstPlayer::person;
  request.options.convention = misere ? Convention::misere : Convention::normal;
  request.options.seed = seed;
  request.input = std::move(input);
  request.output = std::move(output);
  request.terminal = {input_is_terminal, colour, utf8, utf8_values};
  std::unique_lock<std::recursive_mutex> lock = lock_compute();
  // A game written in Python knows whether it has cycles only once walked:
  // walked first, so that the rules stated at the start say whether play
  // can go on forever (and a LoopError comes before the game does).
  if (sum.has_python_game()) (void)grundy::outcome(sum.components, Convention::normal);
  request.before_read = [&] { lock.unlock(); };
  request.after_read = [&] { lock = lock_compute(); };
  try {
    return play_sum(games, sum.components, request);
  } catch (...) {
    // A built-in game's tables may be half-filled by a computation cut short.
    for (const auto& g : sum.games) forget_cached(g.get());
    throw;
  }
}

// grundy.serve: the page of `grundy serve` for this sum, its games written
// in Python run in the server's workers (python_serve.hpp). The sum is
// walked first, as for play: the workers are forks made after it, so each
// starts with every value the walk found, and the rules know whether play
// can loop.
void serve(const Sum& sum, const std::string& host, int port, double time_limit) {
  ServeRequest request;
  for (const auto& g : sum.python_games)
    if (std::find(request.games.begin(), request.games.end(), g) == request.games.end()) request.games.push_back(g);
  request.components = sum.components;
  request.host = host;
  request.port = port;
  request.time_limit = std::chrono::milliseconds(static_cast<std::int64_t>(time_limit * 1000));
  const Game& first = *sum.components.front().game;
  request.rule = first.move_rule();
  std::unique_lock<std::recursive_mutex> lock = lock_compute();
  try {
    (void)grundy::outcome(sum.components, Convention::normal);
  } catch (py::error_already_set& e) {
    // Ctrl-C (KeyboardInterrupt) and the like stop here; an exception of the
    // game's own code is said now, and on the page where play reaches it,
    // where the rest of the game stays playable.
    if (!e.matches(PyExc_Exception)) throw;
    PySys_WriteStderr("%s", fmt::format("grundy.serve: the game's code raised {} while grundy looked ahead "
                                        "from the start; the page will show it where play reaches it\n",
                                        raised_words(e))
                                .c_str());
  }
  // Requests name a game by its name: two games with one name (two objects
  // of a class, or two classes of one name) are told apart while serving.
  std::vector<std::pair<PythonGame*, std::string>> renamed;  // each game once, with its own name
  std::map<std::string, int> seen;
  for (const auto& g : sum.python_games) {
    if (std::any_of(renamed.begin(), renamed.end(), [&](const auto& r) { return r.first == g.get(); })) continue;
    renamed.emplace_back(g.get(), g->name());
    if (const int n = ++seen[g->name()]; n > 1) g->rename(fmt::format("{}#{}", g->name(), n));
  }
  struct Restore {
    std::vector<std::pair<PythonGame*, std::string>>& names;
    ~Restore() {
      for (auto& [g, name] : names) g->rename(name);
    }
  } restore{renamed};
  // The start is written as requests write it: a position that cannot be
  // (no Python literal) is an error now, not on the page.
  for (const Component& c : sum.components) (void)c.game->position_word(c.position);
  // The children are forked while this thread holds the lock; in them no
  // thread holds it, nor the cache's lock, whoever held that here.
  request.child_reset = [] {
    new (&compute_mutex) std::recursive_mutex();
    new (&cache_mutex) std::mutex();
  };
  request.serving = [&lock] { lock.unlock(); };
  serve_sum(request);
}

// The genus g^m of each component (a str), or None where its game is not
// tame up to the heaps asked.
py::list genera(const Sum& sum) {
  const std::vector<MisereValue> values = sum.run([&] { return misere_values(sum.components); });
  py::list out;
  for (const MisereValue& v : values) out.append(v.genus ? py::object(py::str(*v.genus)) : py::object(py::none()));
  return out;
}

// G(n) for each n of `positions` (a range or an iterable of ints) of a
// built-in heap game: the values' bytes, 8 per value (native uint64), in
// a bytearray, which NumPy can use in place (writable) without a copy.
py::bytearray heap_values(const std::string& spec, const py::object& positions) {
  std::shared_ptr<Game> game = cached(parse_game(spec, python_budget()));
  if (!game->heap_indexed())
    throw InputError(
        fmt::format("{} is not a game on heap sizes; values() of its positions one at a time: "
                    "[grundy.value(game, p) for p in positions]",
                    spec));
  // A cap on what one call may ask for, so that a huge range is an error
  // and not gigabytes of memory.
  constexpr std::size_t kMostValues = std::size_t{1} << 28;
  const auto too_many = [&](const std::string& count) {
    return InputError(
        fmt::format("values() computes at most {} values in one call; {} were asked for", kMostValues, count));
  };
  std::size_t count = 0;
  if (PyObject_HasAttrString(positions.ptr(), "__len__") != 0) {
    const Py_ssize_t n = PyObject_Size(positions.ptr());
    if (n < 0) {
      if (!PyErr_ExceptionMatches(PyExc_OverflowError)) throw py::error_already_set();
      PyErr_Clear();
      throw too_many("more than 2^63");  // a range too long for len()
    }
    count = static_cast<std::size_t>(n);
    if (count > kMostValues) throw too_many(std::to_string(count));
  }
  std::vector<std::uint64_t> heaps;
  auto check = [&](py::handle n) -> Position { return game->parse_position(integer_text(n, "a heap size", false)); };
  int step_overflow = 0;
  const long long step =
      PyRange_Check(positions.ptr()) ? PyLong_AsLongLongAndOverflow(positions.attr("step").ptr(), &step_overflow) : 0;
  if (PyRange_Check(positions.ptr()) && step_overflow == 0) {
    // Its first and last heaps checked, every heap between is valid.
    if (count > 0) {
      const Position first = check(positions.attr("__getitem__")(0));
      check(positions.attr("__getitem__")(-1));
      heaps.reserve(count);
      for (std::size_t i = 0; i < count; ++i)
        heaps.push_back(first + static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(step));  // mod 2^64
    }
  } else {
    if (count > 0) heaps.reserve(count);
    for (py::handle n : positions) {
      heaps.push_back(check(n));
      if (heaps.size() > kMostValues) throw too_many("more");
    }
  }
  const Game* raw = game.get();
  if (!heaps.empty()) raw->expect_values_up_to(*std::max_element(heaps.begin(), heaps.end()));
  const std::vector<const Game*> games{raw};
  std::vector<std::uint64_t> out = compute(true, games, [&] {
    std::vector<std::uint64_t> v;
    v.reserve(heaps.size());
    for (std::size_t i = 0; i < heaps.size(); ++i) {
      if (i % 65536 == 0) interruption_point();
      v.push_back(raw->value(heaps[i]).value());
    }
    return v;
  });
  return py::bytearray(reinterpret_cast<const char*>(out.data()), out.size() * sizeof(std::uint64_t));
}

// A pattern's advice (PatternAdvice) in Python's words: pattern()'s max_heap.
std::string advice_words(const Pattern& p) {
  static constexpr frontend::AdviceSpelling kPython{
      "max_heap", "max_heap", "max_heap", "max_heap={}",
      "its values are best read as runs of equal values (the command line's "
      "'grundy table {} --runs')"};
  return frontend::advice_text(p, kPython);
}

py::dict pattern_dict(const Pattern& p);

// max_heap= of pattern() and plot(): nullopt for the game's default, else
// checked against what the game can examine.
void check_pattern_limit(const Game& game, const HeapGame& heap, std::optional<std::uint64_t> limit) {
  if (!limit) return;
  if (const std::string problem = heap.pattern_limit_problem(*limit, game.spec()); !problem.empty())
    throw InputError(fmt::format("max_heap={}: {}; expected the last heap size to examine, from 1 to {}", *limit,
                                 problem, heap.max_pattern_limit()));
}

py::dict pattern_of(const std::string& spec, std::optional<std::uint64_t> limit) {
  std::shared_ptr<Game> game = cached(parse_game(spec, python_budget()));
  const HeapGame* heap = game->heap_game();
  if (!heap)
    throw InputError(fmt::format("{} is not a game on heap sizes: patterns are rules for G(0), G(1), G(2), ...", spec));
  check_pattern_limit(*game, *heap, limit);
  const std::uint64_t n = limit.value_or(heap->default_pattern_limit());
  const Game* raw = game.get();
  const std::vector<const Game*> games{raw};
  return pattern_dict(compute(true, games, [&] { return find_pattern(*raw, n); }));
}

// The misère quotient of a heap game (misere_quotient.hpp) as a dict for
// __init__.py's Quotient: the whole game's for an octal code when max_heap
// is None (searched to most_heaps), else that of the sums of heaps
// 0..max_heap. Elements are named by their normal forms ("1", "a", "ab^2");
// "products" is the table of products by index into "elements".
py::dict quotient_of(const std::string& spec, std::optional<std::uint64_t> max_heap, std::uint64_t most_heaps) {
  std::shared_ptr<Game> game = cached(parse_game(spec, python_budget()));
  const Game* raw = game.get();
  const std::vector<const Game*> games{raw};
  const HeapGame* heap = raw->heap_game();
  const bool whole = !max_heap && heap != nullptr && heap->octal_code_length();
  if (!max_heap && !whole)
    throw InputError(
        fmt::format("{}: the whole game's misère quotient is proven for octal codes only; give "
                    "max_heap for the quotient of the sums of heaps 0..max_heap",
                    spec));
  const MisereQuotient q = compute(true, games, [&] {
    return whole ? compute_whole_misere_quotient(*raw, most_heaps) : compute_misere_quotient(*raw, *max_heap);
  });
  py::dict d;
  d["game"] = q.game;
  d["max_heap"] = q.max_heap;
  py::list elements, p_portion, pretending, generators, relations, products;
  for (QuotientElement x = 0; x < q.size; ++x) {
    elements.append(q.element_text(x));
    if (q.in_p[x]) p_portion.append(q.element_text(x));
    py::list row;
    for (QuotientElement y = 0; y < q.size; ++y) row.append(q.multiply(x, y));
    products.append(row);
  }
  for (QuotientElement x : q.pretending) pretending.append(x);
  for (std::size_t i = 0; i < q.generator_heaps.size(); ++i) {
    GeneratorWord w(q.generator_heaps.size(), 0);
    w[i] = 1;
    generators.append(py::make_tuple(q.word_text(w), q.generator_heaps[i]));
  }
  for (const QuotientRelation& r : q.relations)
    relations.append(py::make_tuple(q.word_text(r.left), q.word_text(r.right)));
  d["elements"] = elements;
  d["p_portion"] = p_portion;
  d["pretending"] = pretending;
  d["generators"] = generators;
  d["relations"] = relations;
  d["products"] = products;
  d["whole"] = q.whole ? py::object(py::make_tuple(q.whole->preperiod, q.whole->period)) : py::object(py::none());
  d["stopped"] = q.stopped;
  d["tame"] = q.tame;
  return d;
}

// value_plot (grundy/value_plot.hpp): the spec, G(0..to) as the bytes of
// uint64s (made into an array or a list by __init__.py) and the pattern.
py::dict plot_data(const std::string& spec, std::uint64_t to, std::optional<std::uint64_t> limit) {
  std::shared_ptr<Game> game = cached(parse_game(spec, python_budget()));
  if (const HeapGame* heap = game->heap_game()) check_pattern_limit(*game, *heap, limit);
  const Game* raw = game.get();
  const std::vector<const Game*> games{raw};
  const ValuePlot plot = compute(true, games, [&] { return value_plot(*raw, to, limit.value_or(0)); });
  std::vector<std::uint64_t> numbers;
  numbers.reserve(plot.values.size());
  for (Nimber v : plot.values) numbers.push_back(v.value());
  py::dict d;
  d["game"] = plot.game;
  d["values"] = py::bytearray(reinterpret_cast<const char*>(numbers.data()), numbers.size() * sizeof(std::uint64_t));
  d["pattern"] = pattern_dict(plot.pattern);
  // The picture's words and marks, as the command line's picture has them.
  const PlotWords& w = plot.words;
  py::dict words;
  words["rule"] = w.rule;
  words["shaded"] = w.shaded ? py::object(py::make_tuple(w.shaded_from, w.shaded_to, w.shaded_key)) : py::none();
  words["mark"] = w.marked ? py::object(py::make_tuple(w.mark, w.mark_key)) : py::none();
  d["words"] = words;
  return d;
}

py::dict pattern_dict(const Pattern& p) {
  py::dict d;
  visit_pattern_fields(p, advice_words(p), [&](std::string_view name, const auto& value) { d[py::str(name)] = value; });
  return d;
}

py::list families() {
  py::list list;
  for (const GameFamily* f : game_registry())
    list.append(
        py::make_tuple(std::string(f->name), std::string(f->syntax), std::string(f->summary), std::string(f->example)));
  return list;
}

}  // namespace
}  // namespace grundy::python

PYBIND11_MODULE(_core, m) {
  using namespace grundy;
  using namespace grundy::python;
  m.doc() = "The C++ half of grundy; use the grundy package instead.";

  static py::exception<LoopError> loop_error(m, "LoopError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const LoopError& e) {
      loop_error(e.what());
    } catch (const UnknownGameError& e) {
      PyErr_SetString(PyExc_ValueError, fmt::format("{} (grundy.games() describes them)", e.what()).c_str());
    } catch (const InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const LimitError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  main_thread_ident = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();

  m.def("set_types", [](py::object split, py::object infinite) {
    split_type = split.release();
    infinite_type = infinite.release();
  });

  py::class_<Report>(m, "Report")
      .def_readonly("winner", &Report::winner)
      .def_readonly("values", &Report::values)
      .def_readonly("total", &Report::total)
      .def_readonly("method", &Report::method)
      .def_readonly("reason", &Report::reason)
      .def_readonly("moves", &Report::moves)
      .def_readonly("complete", &Report::complete);

  py::class_<Sum>(m, "Sum")
      .def_static("from_arguments", &sum_from_arguments)
      .def_static("from_components", &sum_from_components)
      .def("report", &report, py::arg("misere"), py::arg("limit"), py::arg("with_moves"))
      .def("genera", &genera)
      .def("play", &play, py::arg("engine_first"), py::arg("misere"), py::arg("seed"), py::arg("input"),
           py::arg("output"), py::arg("input_is_terminal"), py::arg("colour"), py::arg("utf8"), py::arg("utf8_values"))
      .def("serve", &serve, py::arg("host"), py::arg("port"), py::arg("time_limit"))
      .def("__len__", [](const Sum& s) { return s.components.size(); });

  py::class_<PythonGame, std::shared_ptr<PythonGame>>(m, "GameModel")
      .def(py::init([](py::handle game, bool weak) { return std::make_shared<PythonGame>(game, split_type, weak); }),
           py::arg("game"), py::arg("weak"))
      .def("value",
           [](const PythonGame& g, py::handle position) {
             const auto lock = lock_compute();
             return value_object(g.game_value(g.intern(position)));
           })
      .def("values",
           [](const PythonGame& g, py::iterable positions) {
             const auto lock = lock_compute();
             py::list out;
             for (py::handle p : positions) out.append(value_object(g.game_value(g.intern(p))));
             return out;
           })
      .def("winning_moves",
           [](const PythonGame& g, py::handle position) {
             const auto lock = lock_compute();
             const Position p = g.intern(position);
             const GameValue v = g.game_value(p);
             py::list out;
             if (v.winner() != Winner::first) return out;
             for (const Option& o : g.options_to_value(p, Nimber(0)).options) out.append(g.option_object(o));
             return out;
           })
      .def_property_readonly("known_positions", &PythonGame::known_positions)
      .def_property_readonly("game", &PythonGame::game_object);

  m.def("values", &heap_values, py::arg("spec"), py::arg("positions"));
  // Whether a spec's game is played on heap sizes (values() then computes
  // in C++); others are asked position by position.
  m.def(
      "heap_indexed", [](const std::string& spec) { return cached(parse_game(spec, python_budget()))->heap_indexed(); },
      py::arg("spec"));
  m.def("pattern", &pattern_of, py::arg("spec"), py::arg("max_heap") = py::none());
  m.attr("MOST_QUOTIENT_HEAP") = kMostQuotientHeap;
  m.attr("DEFAULT_QUOTIENT_MOST_HEAPS") = kDefaultQuotientMostHeaps;
  m.def("quotient", &quotient_of, py::arg("spec"), py::arg("max_heap"), py::arg("most_heaps"));
  m.def("plot_data", &plot_data, py::arg("spec"), py::arg("to"), py::arg("max_heap") = std::nullopt);
  // Long computations report on the process's stderr (progress.hpp), as the
  // command line's do; __init__.py turns this on when stderr is a terminal.
  m.def(
      "show_progress", [](bool on) { set_progress_output(on ? stderr : nullptr); }, py::arg("on"));
  m.def("families", &families);
  // The module's budget (python_budget.hpp): __init__.py's threads() and
  // memory(). A change drops the games kept between calls, made under the
  // old one.
  m.def(
      "set_threads",
      [](unsigned n) {
        ExecutionBudget budget = python_budget();
        budget.threads = n;
        set_python_budget(budget);
        forget_cached_games();
        return budget.search_threads();
      },
      py::arg("n"));
  m.def("threads", [] { return python_budget().search_threads(); });
  m.def(
      "set_memory",
      [](std::uint64_t bytes) {
        ExecutionBudget budget = python_budget();
        budget.memory_bytes = static_cast<std::size_t>(bytes);
        set_python_budget(budget);
        forget_cached_games();
      },
      py::arg("bytes"));
  m.def("memory", [] { return python_budget().table_bytes(); });
  m.def(
      "parse_memory", [](const std::string& text) { return parse_byte_size(text); }, py::arg("text"));
  m.def(
      "parse_threads", [](const std::string& text) { return parse_thread_count(text); }, py::arg("text"));
}
