#pragma once
// mex: the minimum excludant, the smallest nimber not in a collection.
// The Grundy value of a position is the mex of the values of its options.

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "grundy/nimber.hpp"

namespace grundy {

// O(k) for k values, no sorting. The mex of k values is at most k, so values
// above k can be ignored; for k < 64 a single machine word holds the marks,
// which keeps the hot loop of table computations free of allocation.
[[nodiscard]] inline Nimber mex(std::span<const Nimber> values) {
  const std::size_t k = values.size();
  if (k < 64) {
    std::uint64_t seen = 0;
    for (Nimber v : values)
      if (v.value() < 64) seen |= std::uint64_t{1} << v.value();
    return Nimber(static_cast<std::uint64_t>(std::countr_one(seen)));
  }
  std::vector<bool> seen(k + 1, false);
  for (Nimber v : values)
    if (v.value() <= k) seen[v.value()] = true;
  std::uint64_t m = 0;
  while (seen[m]) ++m;
  return Nimber(m);
}

[[nodiscard]] inline Nimber mex(std::initializer_list<Nimber> values) {
  return mex(std::span<const Nimber>(values.begin(), values.size()));
}

}  // namespace grundy
