#pragma once
// SubtractionGame: a heap of n tokens; a move takes s tokens for some s in a
// finite set S of positive integers (s <= n).
//
// Values come from a table that grows on demand until the sequence is proven
// periodic: G(n) depends only on the max(S) values before it, so once a
// window of max(S) consecutive values recurs p places later, G(n + p) = G(n)
// for every n from there on (docs/games/subtraction.md). Past that, every
// position costs O(1).

#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/value_table.hpp"

namespace grundy {

// G(n + period) = G(n) for all n >= preperiod.
struct Periodicity {
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  // The table length that proved it: values below this bound were computed.
  std::uint64_t proven_with = 0;
};

class SubtractionGame final : public Game {
 public:
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
  void extend_to(std::uint64_t last) const;
  [[nodiscard]] std::optional<Periodicity> try_prove_period() const;

  std::vector<std::uint64_t> set_;  // sorted, no repeats
  // Grown lazily by const queries: a cache, not observable state.
  mutable ValueTable table_;
  mutable std::optional<Periodicity> periodicity_;
};

}  // namespace grundy
