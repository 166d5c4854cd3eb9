#include "grundy/primes/least_factor_index.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <vector>

#include "grundy/primes/factor.hpp"

namespace grundy::primes {

namespace {

constexpr std::uint64_t kSegmentBits = 15;
constexpr std::uint64_t kSegment = std::uint64_t{1} << kSegmentBits;  // odd numbers per segment

}  // namespace

void least_factor_indices(std::span<const std::uint32_t> values, std::span<std::uint32_t> out) {
  if (out.size() != values.size()) throw std::invalid_argument("least_factor_indices: sizes differ");
  if (values.empty()) return;
  std::uint64_t max_value = 0;
  for (std::uint32_t v : values) {
    if (v < 3 || v % 2 == 0 || v > kLeastFactorSieveMax)
      throw std::invalid_argument("least_factor_indices: values must be odd, from 3 to 2^30");
    max_value = std::max(max_value, std::uint64_t{v});
  }
  // Odd n is slot (n - 1) / 2; segment s holds slots [s * kSegment, (s + 1) * kSegment).
  const std::uint64_t last_slot = (max_value - 1) / 2;
  const std::size_t segments = static_cast<std::size_t>(last_slot / kSegment + 1);

  // Bucket the queries by segment (counting sort by segment number).
  std::vector<std::uint32_t> bucket_start(segments + 1, 0);
  for (std::uint32_t v : values) ++bucket_start[static_cast<std::size_t>(((v - 1) / 2) >> kSegmentBits) + 1];
  for (std::size_t s = 0; s < segments; ++s) bucket_start[s + 1] += bucket_start[s];
  std::vector<std::uint32_t> order(values.size());
  {
    std::vector<std::uint32_t> fill(bucket_start.begin(), bucket_start.end() - 1);
    for (std::size_t i = 0; i < values.size(); ++i)
      order[fill[static_cast<std::size_t>(((values[i] - 1) / 2) >> kSegmentBits)]++] = static_cast<std::uint32_t>(i);
  }

  // Odd sieving primes p with p^2 <= max_value, and the slot of the next odd
  // multiple of p to strike (starting at p^2).
  const auto small = small_primes();
  std::vector<std::uint32_t> sieving;
  std::vector<std::uint64_t> next_slot;
  for (std::uint32_t p : small.subspan(1)) {
    if (std::uint64_t{p} * p > max_value) break;
    sieving.push_back(p);
    next_slot.push_back((std::uint64_t{p} * p - 1) / 2);
  }

  // least[slot]: pi(lpf) of a composite, 0 for a prime (or 1). sieving[k]
  // is the (k + 2)-th prime: the list starts at 3.
  std::vector<std::uint16_t> least(kSegment);
  std::vector<std::uint64_t> prime_bits(kSegment / 64);
  std::vector<std::uint32_t> primes_before_word(kSegment / 64);
  std::uint64_t primes_before_segment = 1;  // the prime 2
  for (std::size_t s = 0; s < segments; ++s) {
    const std::uint64_t first = static_cast<std::uint64_t>(s) * kSegment;
    const std::uint64_t end = std::min(first + kSegment, last_slot + 1);
    std::fill(least.begin(), least.end(), std::uint16_t{0});
    // Largest primes first, so the smallest prime dividing n writes last.
    for (std::size_t k = sieving.size(); k-- > 0;) {
      std::uint64_t slot = next_slot[k];
      if (slot >= end) continue;
      const std::uint32_t p = sieving[k];
      const auto mark = static_cast<std::uint16_t>(k + 2);
      for (; slot < end; slot += p) least[slot - first] = mark;  // odd multiples are p slots apart
      next_slot[k] = slot;
    }
    // Primes of this segment as bits, and the count before each 64-slot word.
    std::fill(prime_bits.begin(), prime_bits.end(), 0);
    for (std::uint64_t i = 0; i < end - first; ++i) prime_bits[i / 64] |= std::uint64_t{least[i] == 0} << (i % 64);
    if (s == 0) prime_bits[0] &= ~std::uint64_t{1};  // slot 0 is the number 1
    std::uint32_t running = 0;
    for (std::size_t w = 0; w < prime_bits.size(); ++w) {
      primes_before_word[w] = running;
      running += static_cast<std::uint32_t>(std::popcount(prime_bits[w]));
    }
    for (std::uint32_t q = bucket_start[s]; q < bucket_start[s + 1]; ++q) {
      const std::uint32_t i = order[q];
      const std::uint64_t slot = (std::uint64_t{values[i]} - 1) / 2 - first;
      if (least[slot] != 0) {
        out[i] = least[slot];
      } else {
        const std::uint64_t below = slot % 64 == 0 ? 0 : prime_bits[slot / 64] << (64 - slot % 64);
        out[i] = static_cast<std::uint32_t>(primes_before_segment + primes_before_word[slot / 64] +
                                            static_cast<std::uint64_t>(std::popcount(below)) + 1);
      }
    }
    primes_before_segment += running;
  }
}

}  // namespace grundy::primes
