#pragma once
// The scan at the heart of the octal engine's mex (take_and_break_values.cpp),
// reachable for tests: which of some wanted values no pair of heaps has.

#include <cstddef>
#include <cstdint>

namespace grundy::detail {

// Keeps in want[0..count) the values that no pair G(b) ^ G(m - b), a <= b <=
// last, has (in any order), and returns how many they are. The processor's
// fastest path is chosen at run time (AVX-512 bitmap, AVX2 comparisons,
// portable loop).
// Requires: 1 <= a, last < m, and g[0 .. m + 63] readable (the vector paths
// load whole vectors on both sides of each pair).
std::size_t drop_pair_values(const std::uint8_t* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                             std::uint32_t* want, std::size_t count);
std::size_t drop_pair_values(const std::uint16_t* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                             std::uint32_t* want, std::size_t count);

}  // namespace grundy::detail
