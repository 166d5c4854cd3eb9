#pragma once
// Patterns of heap games: the simplest rule that fits a game's values, and
// whether a theorem makes the finite check behind it a proof.
//
//   periodic      G(n + p) = G(n) for every n >= e (smallest p, then smallest e)
//   arithmetic-periodic
//                 G(n + p) = G(n) + s for every n >= e, with a saltus s > 0
//                 (smallest p, then smallest e): values that grow, as those
//                 of many hexadecimal games and of codes that take any number
//   self-similar  G(n) = G(floor(n / m)) for every n >= n0 (smallest m, then n0)
//   none          neither rule fits the values computed
//
// Proven rules come from the families' own theorems, each in its game's
// HeapGame::pattern: subtraction games by the window argument
// (docs/games/subtraction.md), division games by the induction on
// floor(n / d) (docs/games/division.md), XY games by the window argument
// over a multiple of the period of their forbidden sizes (docs/games/xy.md),
// octal games by the Guy-Smith periodicity theorem (docs/games/octal.md).
// For any other heap game the rule is only observed on the values computed,
// and says so.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/periodicity.hpp"

namespace grundy {

enum class PatternKind { periodic, arithmetic_periodic, self_similar, none };

[[nodiscard]] std::string_view to_string(PatternKind kind);

// What the rare-value method saw (docs/games/octal.md): the mask in use
// (none when no mask made rare values scarce) and whether the heap's parity
// joins it, how many heaps have rare values and the last of them.
struct RareValueReport {
  bool masked = false;
  std::uint32_t rare_mask = 0;
  bool rare_parity = false;
  std::uint64_t rare_heaps = 0;
  std::uint64_t last_rare = 0;
};

// What computing a heap game's table of values saw, for games whose pattern
// search fills one: its largest value and the first heap with it, and what
// the method that filled it saw, when it has more to say (take-and-break
// games: the rare-value method).
struct TableReport {
  std::uint32_t largest_value = 0;
  std::uint64_t largest_at = 0;
  std::optional<RareValueReport> rare_values;
};

// What might find or prove more than a pattern search did, as data: each
// front-end names its own options (the command line's --max-heap, Python's
// max_heap=).
struct PatternAdvice {
  enum class Kind {
    none,            // no larger search would do better; `note` may say why, and a
                     // nonzero `bound` is the largest the family computes
    larger_bound,    // a larger bound, up to `bound`, examines more values
    enough_bound,    // the bound `bound` examines enough values to see the rule `note` states
    values_as_runs,  // the values are best read as runs, from a table of runs
  };
  Kind kind = Kind::none;
  std::uint64_t bound = 0;
  // larger_bound: the rule seen may be refuted by more values.
  bool may_refute = false;
  // larger_bound: each value costs a scan of every pair (time grows as
  // N^2), and the default bound stopped at `default_stop`.
  bool quadratic = false;
  std::uint64_t default_stop = 0;
  // Words about the game, never an option: enough_bound's rule ("G is
  // periodic from n = 2 lcm(X, Y) on...") and how `bound` is chosen
  // (`bound_reason`: "6 lcm - 1"; for larger_bound, why the family's
  // largest bound is what it is, or empty); for none, why nothing would do better.
  std::string note;
  std::string bound_reason;

  [[nodiscard]] bool empty() const { return kind == Kind::none && note.empty(); }
};

struct Pattern {
  std::string game;  // the spec
  PatternKind kind = PatternKind::none;
  bool proven = false;
  // The rule held (or, for none, values were examined) for every n up to this.
  std::uint64_t checked_up_to = 0;

  // periodic and arithmetic-periodic: the rule's values are
  // G(0 .. preperiod + period - 1), the preperiod then one period; past
  // them G(n) = G(n - p) + saltus (0 for a period).
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  std::uint64_t saltus = 0;
  // self-similar: the rule's values are G(0 .. from - 1).
  std::uint64_t base = 0;
  std::uint64_t from = 0;
  // How many values the rule is made of (preperiod + period, or from; 0 for
  // none). They are not stored: a proven period can be 10^8 values long, and
  // each is the game's own game.value(n), cheap once the rule is known.
  std::uint64_t value_count = 0;

  // When proven: the theorem, and the heap size below which the finite check
  // that it needs was made.
  std::string check;    // what was checked, e.g. "G(n) = G(floor(n/12)) for 6 <= n < 36"
  std::string theorem;  // why that suffices for every n
  std::uint64_t proof_bound = 0;

  // When not proven (or none): why, in a sentence, and what might do better
  // (advice.empty() when nothing would).
  std::string reason;
  PatternAdvice advice;
  // kind none, although a proven rule exists: its base table is too long to
  // report (division games with n0 above 2^20); `reason` names the rule.
  bool rule_not_reported = false;
  // What the table of values saw, for games whose search fills one.
  std::optional<TableReport> table;

  // Makes this a proven period (kind, preperiod, period, value_count, and
  // checked_up_to = proven_with - 1); the caller states the proof.
  void set_proven_period(const Periodicity& p) {
    kind = PatternKind::periodic;
    proven = true;
    preperiod = p.preperiod;
    period = p.period;
    value_count = p.preperiod + p.period;
    checked_up_to = p.proven_with - 1;
  }
};

// Rules observed in a finite sequence G(0..N-1), with no theorem behind them.
// A rule is accepted only if it explains at least half of the sequence and,
// for a period, repeats at least twice after the preperiod.
struct ObservedPeriod {
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  std::uint64_t saltus = 0;  // 0: a period; else G(n + p) = G(n) + saltus
};
struct ObservedSelfSimilarity {
  std::uint64_t base = 0;
  std::uint64_t from = 0;
};
[[nodiscard]] std::optional<ObservedPeriod> observe_period(std::span<const Nimber> values);
// G(n + p) = G(n) + s with s > 0, accepted as a period is (CGSuite's
// periodicity checker looks for the same).
[[nodiscard]] std::optional<ObservedPeriod> observe_arithmetic_period(std::span<const Nimber> values);
[[nodiscard]] std::optional<ObservedSelfSimilarity> observe_self_similarity(std::span<const Nimber> values);

// Values examined for games without a theorem, unless the caller says.
inline constexpr std::uint64_t kDefaultPatternLimit = 100000;

// The largest limit: what the command line accepts.
inline constexpr std::uint64_t kMaxPatternLimit = std::uint64_t{1} << 28;

// The pattern of a heap-indexed game (throws InputError for other games):
// game.heap_game()->pattern(limit). `limit` bounds the values examined for games without
// a theorem of their own. Cost: the family's (HeapGame::pattern): a proven
// period from a window of values, O(window) to O(limit) values of the game.
[[nodiscard]] Pattern find_pattern(const Game& game, std::uint64_t limit = kDefaultPatternLimit);

// The rule observed on G(0..limit), proven by nothing, with the reason and
// advice of a game that has no theorem: HeapGame::pattern's default, and what
// families with more to say start from.
[[nodiscard]] Pattern observe_pattern(const Game& game, std::uint64_t limit);

// G(0..count-1) of `game`, reported as a long task.
[[nodiscard]] std::vector<Nimber> first_values(const Game& game, std::uint64_t count);
// observe_period, reported as a long task on the game named `spec`.
[[nodiscard]] std::optional<ObservedPeriod> search_period(const std::string& spec, std::span<const Nimber> values);

}  // namespace grundy
