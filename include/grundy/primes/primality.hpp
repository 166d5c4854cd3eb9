#pragma once
// is_prime: a deterministic primality test for every 64-bit integer.
//
// Miller-Rabin with the seven bases 2, 325, 9375, 28178, 450775, 9780504,
// 1795265022 has no strong pseudoprime below 2^64 (Jim Sinclair's set, found
// by search and verified; see Feitsma and Galway's tables of base-2 strong
// pseudoprimes below 2^64, https://miller-rabin.appspot.com). Products are
// taken modulo n in 128 bits.

#include <cstdint>

namespace grundy::primes {

__extension__ using uint128 = unsigned __int128;  // GCC and Clang; __extension__ keeps -Wpedantic quiet

// (a * b) mod m without overflow.
// O(1): one 128-bit product and its remainder.
[[nodiscard]] inline std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return static_cast<std::uint64_t>(static_cast<uint128>(a) * b % m);
}

// O(log exponent) mul_mods (square and multiply).
[[nodiscard]] std::uint64_t pow_mod(std::uint64_t base, std::uint64_t exponent, std::uint64_t m);

// O(log n): at most 12 trial divisions, then 7 strong tests of O(log n)
// mul_mods each, nothing allocated.
[[nodiscard]] bool is_prime(std::uint64_t n);

}  // namespace grundy::primes
