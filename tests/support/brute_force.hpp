#pragma once
// Definition-level oracles for tests: the mex rule spelled out with std::set,
// sharing no code with the library's algorithms.

#include <cstdint>
#include <functional>
#include <set>
#include <vector>

namespace grundy::test {

inline std::uint64_t brute_mex(const std::set<std::uint64_t>& values) {
  std::uint64_t m = 0;
  while (values.count(m) != 0) ++m;
  return m;
}

// G(0..last) of the heap game whose options of n are `options(n)` (each < n).
inline std::vector<std::uint64_t> brute_heap_values(
    std::uint64_t last, const std::function<std::vector<std::uint64_t>(std::uint64_t)>& options) {
  std::vector<std::uint64_t> g(last + 1);
  for (std::uint64_t n = 0; n <= last; ++n) {
    std::set<std::uint64_t> seen;
    for (std::uint64_t o : options(n)) seen.insert(g.at(o));
    g[n] = brute_mex(seen);
  }
  return g;
}

inline std::vector<std::uint64_t> brute_subtraction_values(const std::vector<std::uint64_t>& set, std::uint64_t last) {
  return brute_heap_values(last, [&](std::uint64_t n) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t s : set)
      if (s <= n) out.push_back(n - s);
    return out;
  });
}

}  // namespace grundy::test
