#pragma once
// GameValue: the generalized Sprague-Grundy value of a position (C. A. B.
// Smith, "Graphs and composite games", 1966; A. S. Fraenkel and Y. Yesha,
// 1986). In a game whose plays may go on forever (a graph with cycles), a
// position's value is either
//   - a nimber m: the position behaves exactly like a nim heap of m, or
//   - infinity with a finite set K (written ∞_K, printed ∞{0,2}): the
//     finite values among the position's options.
// Every play of a game without cycles ends, and its values are all finite.
//
// What a value decides, and how values add (sums.md, docs/games/graph.md):
//   - finite 0 is a loss for the player to move, any other finite value a win;
//   - ∞_K is a win when 0 is in K (move to an option of value 0), a draw
//     otherwise;
//   - G + *m, with G = ∞_K, is ∞_{K xor m} (each element xor m);
//   - a sum of two or more infinite values is a draw: no single value
//     stands for it, which is why sums go through analyze_sum (sum.hpp).

#include <span>
#include <string>
#include <vector>

#include "grundy/nimber.hpp"

namespace grundy {

// Memory: a value holds its K, O(|K|). Costs are O(1) for finite values;
// for ∞_K they are as each member says.
class GameValue {
 public:
  GameValue() = default;  // finite 0
  constexpr explicit GameValue(Nimber n) : finite_(n) {}
  // ∞_K; `options` may come in any order, with repeats.
  // O(k log k) for k options (a sort).
  [[nodiscard]] static GameValue infinite(std::vector<Nimber> options);

  [[nodiscard]] bool is_finite() const { return !infinite_; }
  // The nimber of a finite value (precondition: is_finite()).
  [[nodiscard]] Nimber nimber() const { return finite_; }
  // K, ascending (precondition: !is_finite()).
  [[nodiscard]] const std::vector<Nimber>& options() const { return options_; }
  // O(log |K|): a binary search.
  [[nodiscard]] bool has_option(Nimber m) const;

  // Who wins this position alone, with the player to move starting.
  // O(1) for a finite value, O(log |K|) for ∞_K.
  [[nodiscard]] Winner winner() const;

  // O(|K|).
  friend bool operator==(const GameValue&, const GameValue&) = default;

 private:
  bool infinite_ = false;
  Nimber finite_;
  std::vector<Nimber> options_;
};

// The value of G + *m: finite values xor m; ∞_K becomes ∞_{K xor m}.
// O(1) for a finite value, O(|K| log |K|) for ∞_K (K is sorted again).
[[nodiscard]] GameValue operator^(const GameValue& g, Nimber m);

// "5"; "∞{0,2}" ("inf{0,2}" when `ascii`); the empty K prints as ∞{}.
// O(1) for a finite value, O(|K|) for ∞_K.
[[nodiscard]] std::string to_string(const GameValue& v, bool ascii = false);

}  // namespace grundy
