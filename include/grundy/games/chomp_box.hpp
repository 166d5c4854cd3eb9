#pragma once
// Every Chomp bar within a box of R rows and C columns, valued at once into
// one dense array: ChompGame's route for a bar whose box is small enough
// (chomp.hpp), far faster than the component search there, since a whole
// bar's search reaches nearly every bar of its box anyway.
//
// The method. A bar of the box is its boundary path, R steps down among
// R + C steps; the down steps' positions p_0 < ... < p_{R-1} (counted from
// the top row: p_k = r_{R-1-k} + k, r_i the length of row i from the
// poisoned square's row up) rank it in the combinatorial number system,
// rank = sum over k of C(p_k, k + 1): every bar of the box has one rank in
// 0 .. C(R + C, R) - 1. Eating square (i, j) shortens rows i .. h_j - 1 to j
// (h_j is column j's height), so the option's rank is the bar's rank less
// those rows' terms (a difference of two suffix sums) plus their new terms
// (by the hockey-stick identity, a difference of two binomials): O(1) a
// bite, no search, no hash. A bite never raises the rank, so the bars are
// valued in increasing rank, each by the mex of its options' values. In a
// square box a bar's mirror image is written with it (on several threads,
// when the bar's run ends) and skipped when its turn comes.
//
// Threads. Rows from the bottom are the rank's most significant digits: a
// run of bars sharing their lower rows is a run of ranks, and a bite leaves
// either a bar of the same run or one of an earlier run. The ranks are cut
// into such runs, taken in order by the threads; a thread that needs a value
// not yet written waits for it. The thread on the lowest rank never waits,
// so every run ends.
//
// Costs: C(R + C, R) values of one byte (two when R * C > 255), and
// O(squares) a bar: about 2 * 10^7 bites for 11x11, 10^8 for 12x12.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/games/chomp.hpp"
#include "grundy/nimber.hpp"

namespace grundy {

class LongTask;

class ChompBox {
 public:
  // Bars in a box of `rows` x `columns` (the empty one too): C(rows +
  // columns, rows), at most C(64, 32) < 2^61; nullopt for a side past
  // kChompMaxSide.
  [[nodiscard]] static std::optional<std::uint64_t> bar_count(unsigned rows, unsigned columns);
  // The bytes its values take (nullopt likewise).
  [[nodiscard]] static std::optional<std::uint64_t> bytes_for(unsigned rows, unsigned columns);
  // Bars that fit inside `bar` (itself and the empty bar included): the
  // bars a search of it might meet. Saturates at 2^64 - 1.
  [[nodiscard]] static std::uint64_t bars_within(const ChompBar& bar);

  // Values every bar of a box of `rows` x `columns` (each 1 to
  // kChompMaxSide; the caller has checked bytes_for against its memory) on
  // `threads` threads (at least 1). `task`, if given, shows the progress and
  // may throw Interrupted (interrupt.hpp); then the box is never made.
  // `two_byte_values` keeps two bytes a value even where one would do (a
  // test of that path on a small box).
  ChompBox(unsigned rows, unsigned columns, unsigned threads, LongTask* task = nullptr, bool two_byte_values = false);

  [[nodiscard]] unsigned rows() const { return rows_; }
  [[nodiscard]] unsigned columns() const { return columns_; }
  // Whether the bar, or its mirror image, fits in the box. O(rows).
  [[nodiscard]] bool holds(const ChompBar& bar) const;
  // A bar the box holds (std::logic_error otherwise). O(rows + columns).
  [[nodiscard]] Nimber value(const ChompBar& bar) const;

 private:
  [[nodiscard]] std::uint64_t rank(const ChompBar& bar) const;

  unsigned rows_;  // the box's rows: never more than its columns
  unsigned columns_;
  bool wide_;  // values of two bytes
  std::vector<std::uint8_t> narrow_values_;
  std::vector<std::uint16_t> wide_values_;
};

}  // namespace grundy
