#pragma once
// pi(lpf(n)) for many odd n at once: the index among the primes of the least
// prime factor, which is the coprime game's value of an odd heap n >= 3.
//
// One pass of a segmented sieve over the odd numbers up to the largest n
// answers them all: each segment of 2^15 odd numbers (a 64 KiB array that
// stays in the L2 cache) records pi(lpf) of every number in
// it, and a running count of the primes gives pi(n) for prime n. The numbers
// are bucketed by segment first, so no sort is needed. Memory: the segment,
// the sieving primes below sqrt(max n) and the buckets, O(count) words.

#include <cstdint>
#include <span>

namespace grundy::primes {

// The largest n the sieve takes. A sieve to 2^30 takes about 2 s here, while
// one value near 2^30 costs milliseconds by factoring and primecount: beyond
// this, values are better answered one by one.
inline constexpr std::uint64_t kLeastFactorSieveMax = std::uint64_t{1} << 30;

// out[i] = pi(lpf(values[i])) for every i; each value must be odd, at least
// 3 and at most kLeastFactorSieveMax (std::invalid_argument otherwise).
// `out` may be `values` itself.
// Values and indices are 32-bit: every value is below 2^30, and a contest
// input of millions of piles then costs 4 bytes a pile here.
void least_factor_indices(std::span<const std::uint32_t> values, std::span<std::uint32_t> out);

}  // namespace grundy::primes
