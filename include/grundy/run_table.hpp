#pragma once
// RunTable: the values of a heap game over every 64-bit heap size, stored as
// maximal runs of equal values. Games whose values change rarely (division
// games change a few dozen times below 2^64) are answered by a binary search
// over the run starts instead of a table or a recursion.

#include <algorithm>
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

}  // namespace grundy
