#pragma once
// Periodicity: a proven eventual period of a heap game's values.

#include <cstdint>

namespace grundy {

// G(n + period) = G(n) for all n >= preperiod.
// Three numbers: O(1) memory; its only operation, reduce, is O(1).
struct Periodicity {
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  // The table length that proved it: values below this bound were computed.
  std::uint64_t proven_with = 0;

  // G(n) is G(reduce(n)), the same value at a heap inside the table.
  // O(1): one division.
  [[nodiscard]] constexpr std::uint64_t reduce(std::uint64_t n) const {
    return n < preperiod ? n : preperiod + (n - preperiod) % period;
  }
};

}  // namespace grundy
