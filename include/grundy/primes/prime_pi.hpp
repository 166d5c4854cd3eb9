#pragma once
// The prime-counting function pi(x) and the n-th prime. Small arguments are
// answered from the table of primes below 2^16 (factor.hpp); larger ones by
// libprimecount (Kim Walisch's primecount: the combinatorial algorithms of
// Deleglise-Rivat and Gourdon), which takes about 0.7 s for x = 10^15 and
// about 4 times longer per factor 10 beyond (docs/games/coprime.md). A call
// that runs for more than a second reports through LongTask (progress.hpp),
// with the time it is expected to take when that is more than a second.

#include <cstdint>

namespace grundy::primes {

// The number of primes <= x, for every 64-bit x.
// Up to 65521, the last prime below 2^16: a binary search in the table.
// Beyond, libprimecount's Gourdon algorithm: O(x^(2/3) / log^2 x) time and
// O(x^(1/3) log^3 x) memory, as primecount states them, on every core.
[[nodiscard]] std::uint64_t prime_pi(std::uint64_t x);

// pi(2^64 - 1): the largest n whose n-th prime fits in 64 bits.
inline constexpr std::uint64_t kPrimesBelow2To64 = 425656284035217743ULL;

// The n-th prime, 1 <= n <= kPrimesBelow2To64 (nth_prime(1) = 2).
// O(1) for n <= 6542 (the table); else libprimecount, about one prime_pi of
// the answer, near n ln n: O(p^(2/3) / log^2 p) for the prime p found.
[[nodiscard]] std::uint64_t nth_prime(std::uint64_t n);

// A rough estimate of the seconds prime_pi(x) takes on a 2-core machine.
// O(1).
[[nodiscard]] double prime_pi_seconds(std::uint64_t x);

}  // namespace grundy::primes
