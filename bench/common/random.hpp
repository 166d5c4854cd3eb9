#pragma once
// Random choices for input generators: uniform integers and shuffles, used
// instead of std::uniform_int_distribution and std::shuffle, whose algorithms
// each standard library chooses for itself. With std::mt19937_64 (whose
// output the standard fixes) a seed then gives the same file everywhere.

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace grundy::bench {

// An integer drawn uniformly from [low, high] by rejection sampling.
inline std::uint64_t uniform(std::mt19937_64& rng, std::uint64_t low, std::uint64_t high) {
  const std::uint64_t span = high - low;
  if (span == ~std::uint64_t{0}) return rng();
  const std::uint64_t count = span + 1;
  // Accept x only below the largest multiple of count that fits in 64 bits.
  const std::uint64_t rejected = (~std::uint64_t{0} % count + 1) % count;  // 2^64 mod count
  const std::uint64_t limit = ~std::uint64_t{0} - rejected;
  std::uint64_t x = rng();
  while (x > limit) x = rng();
  return low + x % count;
}

// Fisher-Yates: every order of `items` equally likely.
template <typename T>
void shuffle(std::vector<T>& items, std::mt19937_64& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    const auto j = static_cast<std::size_t>(uniform(rng, 0, i - 1));
    std::swap(items[i - 1], items[j]);
  }
}

}  // namespace grundy::bench
