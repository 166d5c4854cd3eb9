#pragma once
// SubtractionGame: a heap of n tokens; a move takes s tokens for some s in a
// finite set S of positive integers (s <= n).
//
// Values come from a table that grows on demand until the sequence is proven
// periodic: G(n) depends only on the max(S) values before it, so once a
// window of max(S) consecutive values recurs p places later, G(n + p) = G(n)
// for every n from there on (docs/games/subtraction.md). Past that, every
// position costs O(1).
//
// The table is filled in one of two ways. A set whose ranges a..b average
// more than two numbers (subtraction:1-100000) slides a window over each
// range: the options of n + 1 are those of n with one value in and one out
// per range, so counts of the values present and a MexCounter give each G(n)
// in O(number of ranges), not O(|S|). Other sets read their options directly.

#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/game_family.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/one_to_one_game.hpp"
#include "grundy/periodicity.hpp"
#include "grundy/mex_counter.hpp"
#include "grundy/value_table.hpp"

namespace grundy {

class SubtractionGame final : public OneToOneGame, public HeapGame {
 public:
  [[nodiscard]] const HeapGame* heap_game() const override { return this; }
  // Largest element of S accepted, so the proof window stays in memory.
  static constexpr std::uint64_t kMaxElement = std::uint64_t{1} << 24;
  // Most values computed while looking for the period.
  static constexpr std::uint64_t kMaxTable = std::uint64_t{1} << 28;

  // `set`: nonempty, elements in 1..kMaxElement; throws InputError otherwise.
  explicit SubtractionGame(std::vector<std::uint64_t> set);

  [[nodiscard]] const std::vector<std::uint64_t>& set() const { return set_; }
  [[nodiscard]] std::string spec() const override;
  [[nodiscard]] Nimber value(Position n) const override;
  [[nodiscard]] std::vector<Position> moves_to_value(Position n, Nimber target) const override;
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] Pattern pattern(std::uint64_t limit) const override;
  [[nodiscard]] std::string why_not_move(Position from, Position to) const override;
  [[nodiscard]] MoveSample moves_from(Position p, Position lowest, std::uint64_t limit) const override;

  // The smallest period and, for it, the smallest preperiod, proven by the
  // window argument. Computes values until the proof succeeds; throws
  // LimitError past kMaxTable values.
  [[nodiscard]] const Periodicity& periodicity() const;

  // The heap rule: the sizes reachable from n.
  void options(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    for (std::uint64_t s : set_) {
      if (s > n) break;
      out.push_back(n - s);
    }
  }

 private:
  // A maximal range low..high of consecutive numbers in S.
  struct Range {
    std::uint64_t low;
    std::uint64_t high;
  };

  void extend_to(std::uint64_t last) const;
  void fill_by_options(std::uint64_t last) const;
  void fill_by_windows(std::uint64_t last) const;
  // Rough work per value of the fill in use, to decide when to report progress.
  [[nodiscard]] std::uint64_t work_per_value() const;
  [[nodiscard]] std::optional<Periodicity> try_prove_period() const;

  std::vector<std::uint64_t> set_;  // sorted, no repeats
  std::vector<Range> ranges_;       // S as ranges, in increasing order
  bool by_windows_ = false;         // which fill the table uses (fixed for the game)
  // Grown lazily by const queries: a cache, not observable state.
  mutable ValueTable table_;
  // With by_windows_: the values G(n - high .. n - low) of every range, for
  // n = table_.size() - 1 (the last value computed).
  mutable MexCounter window_;
  mutable std::optional<Periodicity> periodicity_;
};

// The family in the registry (registry.hpp).
extern const GameFamily kSubtractionFamily;

}  // namespace grundy
