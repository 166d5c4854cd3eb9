#pragma once
// heap_table: bottom-up Grundy values of a rule family on heap sizes 0..N.
//
// A heap rule lists, for a heap of size n, the heap sizes one move can leave;
// each must be smaller than n, so the values can be filled in increasing order
// with no recursion and no memo beyond the table itself.

#include <concepts>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "grundy/mex.hpp"
#include "grundy/value_table.hpp"

namespace grundy {

// `rule.options(n, out)` appends to `out` the heap sizes reachable from n.
template <class R>
concept HeapRule = requires(const R& rule, std::uint64_t n, std::vector<std::uint64_t>& out) {
  rule.options(n, out);
};

// Extends `table` (holding G(0..k-1)) to hold G(0..last).
// Time: one rule.options call per heap size, and O(k) for a heap with k
// options (mex, no sort). Memory: the table, and two buffers the size of
// the longest list of options.
template <HeapRule R>
void extend_table(const R& rule, ValueTable& table, std::uint64_t last) {
  std::vector<std::uint64_t> options;
  std::vector<Nimber> values;
  for (std::uint64_t n = table.size(); n <= last; ++n) {
    options.clear();
    rule.options(n, options);
    values.clear();
    for (std::uint64_t option : options) {
      if (option >= n)
        throw std::logic_error(fmt::format("heap rule moves from {} to {}: options must be smaller", n, option));
      values.push_back(table[option]);
    }
    table.push_back(mex(values));
  }
}

// G(0..last) of `rule`.
// As extend_table, with the table reserved once: last + 1 values.
template <HeapRule R>
[[nodiscard]] ValueTable heap_table(const R& rule, std::uint64_t last) {
  ValueTable table;
  table.reserve(last + 1);
  extend_table(rule, table, last);
  return table;
}

}  // namespace grundy
