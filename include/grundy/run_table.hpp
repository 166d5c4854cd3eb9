#pragma once
// RunTable: the values of a heap game over every 64-bit heap size, stored as
// maximal runs of equal values. Games whose values change rarely (division
// games change a few dozen times below 2^64) are answered by a binary search
// over the run starts instead of a table or a recursion.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "grundy/nimber.hpp"

namespace grundy {

// G(n) = values[i] for starts[i] <= n < starts[i + 1]; the last run reaches
// 2^64 - 1. starts[0] = 0, starts increase, neighbouring values differ.
struct RunTable {
  std::vector<std::uint64_t> starts;
  std::vector<Nimber> values;

  // The index of the run holding n.
  [[nodiscard]] std::size_t run_of(std::uint64_t n) const {
    const auto it = std::upper_bound(starts.begin(), starts.end(), n);
    return static_cast<std::size_t>(it - starts.begin()) - 1;
  }
  [[nodiscard]] Nimber value(std::uint64_t n) const { return values[run_of(n)]; }
  // The last heap size of run i.
  [[nodiscard]] std::uint64_t last_of(std::size_t i) const {
    return i + 1 < starts.size() ? starts[i + 1] - 1 : ~std::uint64_t{0};
  }
  [[nodiscard]] std::size_t size() const { return starts.size(); }
};

// RunLookup: G(n) from a RunTable in a few comparisons, without a binary
// search: the run holding 2^(b-1) is stored for each bit width b, and n is
// compared only against the run starts inside its own octave [2^(b-1), 2^b)
// (at most a handful when runs grow geometrically, as in division games).
class RunLookup {
 public:
  explicit RunLookup(const RunTable& runs) : starts_(runs.starts), values_(runs.values) {
    for (int b = 0; b <= 64; ++b) {
      const std::uint64_t low = b == 0 ? 0 : std::uint64_t{1} << (b - 1);
      first_run_[b] = runs.run_of(low);
    }
  }

  [[nodiscard]] Nimber value(std::uint64_t n) const {
    std::size_t r = first_run_[std::bit_width(n)];
    while (r + 1 < starts_.size() && starts_[r + 1] <= n) ++r;
    return values_[r];
  }

 private:
  std::vector<std::uint64_t> starts_;
  std::vector<Nimber> values_;
  std::size_t first_run_[65] = {};
};

}  // namespace grundy
