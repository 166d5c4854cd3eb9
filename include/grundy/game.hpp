#pragma once
// Game: the run-time interface of the built-in games, the one the command
// line works with. Every position is a 64-bit integer: a heap size for
// heap-indexed games, a vertex number for graph games (which print and parse
// vertex names).
//
// A move replaces the component it is made in by zero or more positions of
// the same game: its option. Most games leave exactly one position (nim:
// 5 -> 3); take-and-break games may leave none (a heap taken whole) or
// several (Kayles: 9 -> 3 + 5). The value of an option is the nim-sum of the
// values of the positions it leaves (Sprague-Grundy), so sums, winning moves
// and play all work on options. Games whose moves always leave one position
// derive from OneToOneGame (one_to_one_game.hpp), which writes these in terms
// of single positions.
//
// Games given as code by a user go through the Solver template instead
// (solver.hpp); this interface is for games chosen by a spec string.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/execution_budget.hpp"
#include "grundy/game_value.hpp"
#include "grundy/nimber.hpp"

namespace grundy {

using Position = std::uint64_t;

// What one move leaves in place of a component: zero or more positions of
// the same game, in the game's canonical order (normalize_option).
using Option = std::vector<Position>;

// Some of the options of a position, for positions with too many to list
// (the coprime game has about 10^17 moves to value 0 from a heap of 10^18).
struct OptionSample {
  std::vector<Option> options;         // the first ones, in the game's order
  std::optional<std::uint64_t> total;  // how many there are in all; unknown if empty
  [[nodiscard]] bool complete() const { return total && *total == options.size(); }
};

// No limit on a count of moves listed.
inline constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};

class HeapGame;      // heap_game.hpp
struct Drawing;      // drawing.hpp
class MisereSolver;  // misere_solver.hpp

// Costs. A Game's virtual members cost what the game's own code does: a
// formula, a table, or a search exponential in the position's size in the
// worst case (boards, graphs; each game's header says which). The helpers
// written here state what they call.
class Game {
 public:
  virtual ~Game() = default;

  // The canonical spec string: parse_game(spec()) builds an equal game, and
  // spec() of that game is the same string.
  [[nodiscard]] virtual std::string spec() const = 0;

  // What people are shown. `name()` is the game as the user typed it
  // ("kayles", set by parse_game), else the spec; `label()` adds the spec
  // where it differs ("kayles (octal:0.77)"). Answers as data (JSON, Python)
  // keep the spec.
  // Each builds a string: one spec() call and O(length of the spec and name).
  [[nodiscard]] std::string name() const { return name_.empty() ? spec() : name_; }
  [[nodiscard]] std::string label() const {
    const std::string s = spec();
    return name_.empty() || name_ == s ? s : name_ + " (" + s + ")";
  }
  void set_name(std::string typed) { name_ = std::move(typed); }

  // The game as a heap game (heap_game.hpp) when positions are heap sizes
  // 0, 1, 2, ...: tables and patterns apply. nullptr for graph games and
  // games given as code.
  [[nodiscard]] virtual const HeapGame* heap_game() const { return nullptr; }
  // O(1): one virtual call.
  [[nodiscard]] bool heap_indexed() const { return heap_game() != nullptr; }

  // A position typed by a user. Throws InputError saying what was expected.
  // The defaults (a heap size in decimal) are O(length of the text); games
  // with named positions override both at their own cost.
  [[nodiscard]] virtual Position parse_position(std::string_view text) const;
  [[nodiscard]] virtual std::string format_position(Position p) const;
  // A position inside a sentence for people: a heap size as it is, any other
  // position (a vertex's name, a board, a set of vertices) in single quotes,
  // whose dots and commas would otherwise run into the sentence's own
  // ("You move board 1: '...' -> '##.'.").
  // One format_position call, and O(length of its text).
  [[nodiscard]] virtual std::string position_in_text(Position p) const;
  // The position in a title, where the short form reads better: a Cram
  // board that is its whole empty rectangle is its size, "4x5".
  // parse_position reads it back as the same position.
  [[nodiscard]] virtual std::string position_title(Position p) const { return format_position(p); }
  // The position as one word, without spaces, that parse_position reads
  // back as the same position: how a sum's text written for a program (the
  // server's API) holds it. The default is format_position, which has no
  // spaces for every built-in family. A game whose positions may have no
  // such word throws (PythonGame: TypeError).
  [[nodiscard]] virtual std::string position_word(Position p) const { return format_position(p); }
  // Names a component of a sum of this game, for people: "heap", "token".
  [[nodiscard]] virtual std::string_view component_noun() const { return "heap"; }

  // The Grundy value of p, for positions from which every play ends.
  // Cost: the game's (O(1) for Nim; a search for boards and graphs).
  [[nodiscard]] virtual Nimber value(Position p) const = 0;
  // A caller about to ask value(0), value(1), ..., value(last) in turn says
  // so first: a game whose table grows by doubling then stops at `last`
  // instead of up to twice as far (where values cost more the larger the
  // heap, that was up to four times the work). Only a hint: values beyond
  // it are still answered. The default does nothing.
  virtual void expect_values_up_to([[maybe_unused]] Position last) const {}
  // The generalized value (game_value.hpp): a nimber, or ∞_K where play can
  // go on forever. Only games with cycles (graphs) override it; sums and
  // play ask this, tables and patterns ask value.
  // The default is one value() call.
  [[nodiscard]] virtual GameValue game_value(Position p) const { return GameValue(value(p)); }
  // True when some play can go on forever (a graph with a cycle): values
  // may be infinite, and a sum may be a draw.
  [[nodiscard]] virtual bool has_cycles() const { return false; }
  // The value of an option: the nim-sum of its positions' values.
  // One value() call per position of the option.
  [[nodiscard]] Nimber option_value(std::span<const Position> option) const;

  // True when position n is a Nim heap of n, moves and all: misère play
  // then follows Bouton's rule (misere.hpp), for any heaps.
  [[nodiscard]] virtual bool plays_as_nim() const { return false; }

  // True when every move leaves exactly one position (OneToOneGame).
  [[nodiscard]] virtual bool moves_leave_one_position() const { return false; }

  // An exact misère search for sums of this game's positions that knows
  // more of the game than the general one (misere_search.hpp): Cram's cuts
  // a sum into its regions. At most `memory_bytes` held and `max_sums` sums
  // searched. nullptr (the default) for the general search.
  // The default is O(1); a solver's searches cost within those two bounds.
  [[nodiscard]] virtual std::unique_ptr<MisereSolver> misere_solver(std::uint64_t memory_bytes,
                                                                    std::uint64_t max_sums) const;

  // What the game can do with a file of its search's table (a program's
  // --table): `kept` when its search can read and save its table there
  // (keep_table_in; cram); `not_kept` when it searches with a table it never
  // keeps in a file (node-kayles), so that a front end can refuse the file
  // rather than ignore it; `none` when it has no such search (Nim, heap games).
  enum class TableFileUse { none, kept, not_kept };
  [[nodiscard]] virtual TableFileUse table_file_use() const { return TableFileUse::none; }
  // For a game whose table_file_use() is `kept`: reads the table the file
  // `path` holds (InputError for a file that is not such a table) and keeps
  // the search's table there from now on, written as the search goes and
  // when the game ends (searched_game.hpp). std::logic_error for any other
  // game.
  // Reading the file costs O(its size) (search_table_file.hpp).
  virtual void keep_table_in(const std::string& path);

  // The threads and memory the game's computations may take
  // (execution_budget.hpp): its search's threads and table, an octal
  // table's helpers, a misère search's memory. A game starts with the
  // default budget (every core, a quarter of the machine's memory); a front
  // end gives it its own before asking it anything. Called while no other
  // thread uses the game. O(1) for most games; a game whose table was made
  // under another bound keeps what it holds and grows to the new one.
  void use_budget(const ExecutionBudget& budget) {
    budget_ = budget;
    budget_changed();
  }
  [[nodiscard]] const ExecutionBudget& budget() const { return budget_; }

  // What a move is, in one sentence for people: "a move takes 1, 3 or 4 tokens".
  [[nodiscard]] virtual std::string move_rule() const = 0;

  // The first `limit` options of `p` whose value is `target`, in the game's
  // order, and how many there are in all when that is known.
  // Cost: the game's. At most `limit` options are built, but finding them
  // may take longer where options of other values lie between (a scan).
  [[nodiscard]] virtual OptionSample options_to_value(Position p, Nimber target,
                                                      std::uint64_t limit = kNoLimit) const = 0;
  // The first `limit` options of `p`, each once, in the game's order, and
  // how many there are in all when known. `list_options(p, 1)` is empty
  // exactly when p has no moves.
  // Cost: the game's; O(limit) options built at most, so a small limit is
  // cheap even where the options are countless.
  [[nodiscard]] virtual OptionSample list_options(Position p, std::uint64_t limit) const = 0;
  // Some options of `p` for the engine to weigh: all of them when there are
  // at most 64, else a spread of them. Empty exactly when p has no moves.
  // The default is one list_options(p, 64) call (the first 64, not a
  // spread); has_move's, one list_options(p, 1) call.
  [[nodiscard]] virtual std::vector<Option> sample_options(Position p) const;
  [[nodiscard]] virtual bool has_move(Position p) const { return !list_options(p, 1).options.empty(); }

  // Why `from` -> `to` is not a move, in words for people ("taking 2 is not
  // a move: ..."); empty when it is. `to` is in canonical order.
  // Cost: the game's (a check of one move, O(size of the option) for most);
  // is_option is one call of it.
  [[nodiscard]] virtual std::string why_not_option(Position from, std::span<const Position> to) const = 0;
  [[nodiscard]] bool is_option(Position from, std::span<const Position> to) const {
    return why_not_option(from, to).empty();
  }
  // An option as typed by a person (heaps in any order, empty heaps
  // written as 0) in the game's canonical order. The default keeps it.
  // The default is O(1): it hands its argument back.
  [[nodiscard]] virtual Option normalize_option(Option typed) const { return typed; }
  // "3 + 5", one position as itself, "nothing" for none.
  // One format_position call per position, and O(length of the text).
  [[nodiscard]] std::string format_option(std::span<const Position> option) const;
  // The same inside a sentence, each position as position_in_text writes it.
  // One position_in_text call per position, and O(length of the text).
  [[nodiscard]] std::string option_in_text(std::span<const Position> option) const;
  // The options of `p` in words for people, cut after `limit` of them:
  // "any size from 0 to 9 (10 moves)", "2 + 5, 3 + 4, 1 + 6", "'a,b', 'c'"
  // (positions as position_in_text writes them).
  // The default: one list_options(p, limit) call and O(length of the text).
  [[nodiscard]] virtual std::string describe_options(Position p, std::uint64_t limit) const;
  // The position as a picture with its moves (drawing.hpp), for games whose
  // positions are boards or graphs; Kind::none (the default) for the rest.
  // The default is O(1); a board's or graph's is O(its pieces and moves).
  [[nodiscard]] virtual Drawing drawing(Position p) const;

 protected:
  Game() = default;
  Game(const Game&) = default;
  Game& operator=(const Game&) = default;
  Game(Game&&) = default;
  Game& operator=(Game&&) = default;

  // Passes budget() on to what the game keeps (a search, a table); the
  // default keeps nothing that needs it.
  virtual void budget_changed() {}

 private:
  ExecutionBudget budget_;
  std::string name_;  // as typed, when parse_game was given another spelling
};

}  // namespace grundy
