#pragma once
// GameRules: what the engine asks of a game (game.hpp's first role): its
// values, its options, whether play may go on for ever, and what it may
// take of the machine. Nothing here is words for people, pictures or files
// (game_presentation.hpp, game_table_file.hpp); the analysis, the tables and
// the searches need only this.
//
// Every position is a 64-bit integer: a heap size for heap-indexed games, a
// vertex number or a set of vertices for graph games, a board's number for
// boards. A move replaces the component it is made in by zero or more
// positions of the same game, its option. Most games leave exactly one
// position (nim: 5 -> 3); take-and-break games may leave none (a heap taken
// whole) or several (Kayles: 9 -> 3 + 5). The value of an option is the
// nim-sum of the values of the positions it leaves (Sprague-Grundy), so sums,
// winning moves and play all work on options.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
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
class MisereSolver;  // misere_solver.hpp

// Costs. The virtual members cost what the game's own code does: a formula,
// a table, or a search exponential in the position's size in the worst case
// (boards, graphs; each game's header says which). The helpers written here
// state what they call.
class GameRules {
 public:
  // The game as a heap game (heap_game.hpp) when positions are heap sizes
  // 0, 1, 2, ...: tables and patterns apply. nullptr for graph games and
  // games given as code.
  [[nodiscard]] virtual const HeapGame* heap_game() const { return nullptr; }
  // O(1): one virtual call.
  [[nodiscard]] bool heap_indexed() const { return heap_game() != nullptr; }

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
  // a move: ..."); empty when it is: the rules' own check of a move, with
  // its reason. `to` is in canonical order.
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

 protected:
  ~GameRules() = default;  // a Game is deleted as a Game, never as one of its roles

  // Passes budget() on to what the game keeps (a search, a table); the
  // default keeps nothing that needs it.
  virtual void budget_changed() {}

 private:
  ExecutionBudget budget_;
};

}  // namespace grundy
