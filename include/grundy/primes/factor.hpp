#pragma once
// Factoring 64-bit integers: trial division by the primes below 2^16 (which
// settles every n below 2^32), then the primality test (primality.hpp) and
// Pollard's rho method with Brent's cycle detection for what remains, whose
// prime factors are all above 2^16.

#include <cstdint>
#include <span>
#include <vector>

namespace grundy::primes {

// The primes below 2^16, ascending (6542 of them), computed once.
// O(1) after the first call, which sieves them (primesieve, well under a
// millisecond); 26 KB held for the process's life.
[[nodiscard]] std::span<const std::uint32_t> small_primes();

// The least prime factor of n >= 2.
// Trial division by the primes up to min(sqrt(n), 2^16), at most 6542
// divisions; an n with no factor there (so n >= 2^32) is tested
// (primality.hpp) and split by Pollard's rho: expected O(n^(1/4)) steps, a
// heuristic bound, as always for rho.
[[nodiscard]] std::uint64_t least_prime_factor(std::uint64_t n);

struct PrimePower {
  std::uint64_t prime;
  int exponent;
  friend bool operator==(const PrimePower&, const PrimePower&) = default;
};

// The prime factorisation of n >= 1, primes ascending (empty for 1).
// Trial division by the primes while p^2 <= what is left (each divided
// out), then a primality test and rho on the rest, as least_prime_factor.
[[nodiscard]] std::vector<PrimePower> factorize(std::uint64_t n);

// Euler's totient: how many of 1..n are coprime to n (n >= 1).
// One factorize.
[[nodiscard]] std::uint64_t euler_phi(std::uint64_t n);

}  // namespace grundy::primes
