#pragma once
// DivisionGame: a heap of n; a move replaces n by floor(n / d) for some d in
// a finite set D of integers >= 2; 0 has no moves (the number is erased).
// division:2-6 is CodeChef FDIVGAME (docs/games/division.md).
//
// Values: G is a step function, and it can only change at n = d * s for d in
// D and s a heap size where G changes (floor(n / d) enters a new run exactly
// there). Walking those candidate points in increasing order gives every run
// of G below 2^64, exactly. A divisor inside a range of D (d - 1, d, d + 1
// all in D) mostly moves its quotient into a run that its neighbours already
// meet, so most points of a long range are skipped (see runs()):
// division:2-1048576 evaluates 64 points for its 65 runs, not |D| per run.
// Any 64-bit position then costs a binary search. The runs also reveal the
// self-similar rule G(n) = G(floor(n / m)), proven for every n, 64-bit or
// not, by a theorem.
// Without runs (more than kMaxRuns), large positions are still exact:
// memoised recursion visits only the numbers floor(n / k), k products of D.
// Both walk a range lo..hi of D by blocks of divisors with the same quotient
// (about 2 sqrt(n) of them), never one divisor at a time.

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "grundy/game_family.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/one_to_one_game.hpp"
#include "grundy/run_table.hpp"

namespace grundy {

// G(n) = G(floor(n / base)) for every n >= from, and not for n = from - 1.
// Proven when the identity was checked for from <= n < proof_bound =
// max(max(D) * from, base), which by induction covers every n
// (docs/games/division.md); the identity was in fact checked up to
// checked_up_to.
struct SelfSimilarity {
  std::uint64_t base = 0;
  std::uint64_t from = 0;
  std::vector<Nimber> values;  // G(0 .. from - 1)
  bool proven = false;
  std::uint64_t proof_bound = 0;    // meaningful when proven
  std::uint64_t checked_up_to = 0;  // the identity holds for from <= n <= this
};

class DivisionGame final : public OneToOneGame, public HeapGame {
 public:
  [[nodiscard]] const HeapGame* heap_game() const override { return this; }
  // Most runs computed before the game falls back to recursion.
  static constexpr std::size_t kMaxRuns = std::size_t{1} << 20;
  // Most candidate points visited while computing the runs.
  static constexpr std::uint64_t kMaxEvents = std::uint64_t{1} << 28;
  // Longest base table a reported self-similar rule may have.
  static constexpr std::uint64_t kMaxRuleStart = std::uint64_t{1} << 20;
  // Positions below this are answered by recursion until the runs exist.
  static constexpr std::uint64_t kSmallByRecursion = std::uint64_t{1} << 16;

  // `divisors`: nonempty, every element >= 2; throws InputError otherwise.
  explicit DivisionGame(std::vector<std::uint64_t> divisors);

  [[nodiscard]] const std::vector<std::uint64_t>& divisors() const { return divisors_; }
  [[nodiscard]] std::string spec() const override;
  [[nodiscard]] Nimber value(Position n) const override;
  [[nodiscard]] std::vector<Position> moves_to_value(Position n, Nimber target) const override;
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] Pattern pattern(std::uint64_t limit) const override;
  [[nodiscard]] std::string why_not_move(Position from, Position to) const override;
  [[nodiscard]] MoveSample moves_from(Position p, Position lowest, std::uint64_t limit) const override;
  [[nodiscard]] const RunTable* value_runs() const override { return runs() ? &*runs_ : nullptr; }

  // Every value below 2^64 as maximal runs; nullopt when there are more than
  // kMaxRuns of them (or the walk needs more than kMaxEvents points).
  [[nodiscard]] const std::optional<RunTable>& runs() const;

  // The rule G(n) = G(floor(n / m)) with the smallest base m that holds for
  // every 64-bit n from some start on, with its smallest start (at most
  // kMaxRuleStart); nullopt if none is found.
  [[nodiscard]] const std::optional<SelfSimilarity>& self_similarity() const;

  // The two steps of that search, for callers with another cap on the start
  // (pattern names a rule too long to report). rule_bases: every base worth
  // trying, increasing (empty without runs). rule_start: the smallest n0 with
  // G(n) = G(floor(n / m)) for every n0 <= n <= 2^64 - 1, checked on the runs;
  // nullopt when it holds on no 64-bit n. Both need runs().
  [[nodiscard]] std::vector<std::uint64_t> rule_bases() const;
  [[nodiscard]] std::optional<std::uint64_t> rule_start(std::uint64_t m) const;

  // The heap rule: the sizes reachable from n (repeats possible).
  void options(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    if (n == 0) return;
    for (std::uint64_t d : divisors_) out.push_back(n / d);
  }

  // G(n) by memoised recursion over floor(n / k), using no runs and no rule:
  // exact for any n, costs about the number of distinct quotients (which
  // grows fast with |D|). The fallback, and an independent check in tests.
  [[nodiscard]] Nimber value_by_recursion(Position n) const;

 private:
  // A maximal range low..high of consecutive numbers in D, whose first
  // element is divisors_[first].
  struct Range {
    std::uint64_t low;
    std::uint64_t high;
    std::size_t first;
    [[nodiscard]] std::size_t last() const { return first + static_cast<std::size_t>(high - low); }
  };

  // Calls visit(q) once for each distinct q = floor(n / d), d in D, in
  // decreasing order (0 last, when max(D) > n); n >= 1.
  template <class Visit>
  void for_each_quotient(Position n, Visit&& visit) const;

  std::vector<std::uint64_t> divisors_;  // sorted, no repeats
  std::vector<Range> ranges_;            // D as ranges, in increasing order
  // Caches filled by const queries.
  mutable bool runs_done_ = false;
  mutable std::optional<RunTable> runs_;
  mutable bool rule_done_ = false;
  mutable std::optional<SelfSimilarity> rule_;
  mutable std::unordered_map<std::uint64_t, std::uint64_t> memo_;
};

// The family in the registry (registry.hpp).
extern const GameFamily kDivisionFamily;

}  // namespace grundy
