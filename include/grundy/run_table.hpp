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
// search. For each bit width b it keeps the run holding 2^(b-1) and the run
// starts inside the octave [2^(b-1), 2^b); n is compared only with those.
// When no octave holds more than kInline starts (division games hold at most
// a couple, their runs grow geometrically), the comparisons are summed
// without branches, so random inputs cost no mispredicted jumps.
class RunLookup {
 public:
  static constexpr std::size_t kInline = 3;

  explicit RunLookup(const RunTable& runs) : runs_(runs) {
    for (int b = 0; b <= 64; ++b) {
      Octave& o = octaves_[b];
      const std::uint64_t low = b == 0 ? 0 : std::uint64_t{1} << (b - 1);
      const std::uint64_t high = b == 0 ? 0 : low - 1 + low;  // 2^b - 1, no overflow at b = 64
      o.first = runs.run_of(low);
      const std::size_t inside = runs.run_of(high) - o.first;
      if (inside > kInline) inline_ = false;
      for (std::size_t k = 0; k < kInline; ++k)
        o.before_next[k] = k < inside ? runs.starts[o.first + 1 + k] - 1 : ~std::uint64_t{0};
    }
  }

  [[nodiscard]] Nimber value(std::uint64_t n) const {
    const Octave& o = octaves_[std::bit_width(n)];
    if (inline_) {
      std::size_t r = o.first;
      for (std::size_t k = 0; k < kInline; ++k) r += n > o.before_next[k];
      return runs_.values[r];
    }
    std::size_t r = o.first;
    while (r + 1 < runs_.size() && runs_.starts[r + 1] <= n) ++r;
    return runs_.values[r];
  }

 private:
  struct Octave {
    std::size_t first = 0;
    // The heap sizes just before the run starts that follow `first` in this
    // octave, then 2^64 - 1, which no n exceeds, as padding.
    std::uint64_t before_next[kInline] = {};
  };
  RunTable runs_;
  Octave octaves_[65];
  bool inline_ = true;
};

}  // namespace grundy
