#include "grundy/primes/primality.hpp"

#include <initializer_list>

namespace grundy::primes {

std::uint64_t pow_mod(std::uint64_t base, std::uint64_t exponent, std::uint64_t m) {
  std::uint64_t result = 1 % m;
  base %= m;
  while (exponent > 0) {
    if (exponent & 1) result = mul_mod(result, base, m);
    base = mul_mod(base, base, m);
    exponent >>= 1;
  }
  return result;
}

namespace {

// n - 1 = d * 2^s with d odd; true if n passes the strong test to base a.
bool strong_probable_prime(std::uint64_t n, std::uint64_t d, int s, std::uint64_t a) {
  a %= n;
  if (a == 0) return true;  // the base is a multiple of n: no information
  std::uint64_t x = pow_mod(a, d, n);
  if (x == 1 || x == n - 1) return true;
  for (int r = 1; r < s; ++r) {
    x = mul_mod(x, x, n);
    if (x == n - 1) return true;
  }
  return false;
}

}  // namespace

bool is_prime(std::uint64_t n) {
  if (n < 2) return false;
  for (std::uint64_t p : {2u, 3u, 5u, 7u, 11u, 13u, 17u, 19u, 23u, 29u, 31u, 37u}) {
    if (n % p == 0) return n == p;
  }
  if (n < 41 * 41) return true;
  std::uint64_t d = n - 1;
  int s = 0;
  while ((d & 1) == 0) {
    d >>= 1;
    ++s;
  }
  for (std::uint64_t a : {2ull, 325ull, 9375ull, 28178ull, 450775ull, 9780504ull, 1795265022ull})
    if (!strong_probable_prime(n, d, s, a)) return false;
  return true;
}

}  // namespace grundy::primes
