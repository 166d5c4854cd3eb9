#include "grundy/primes/factor.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <primesieve.hpp>

#include "grundy/primes/primality.hpp"

namespace grundy::primes {

std::span<const std::uint32_t> small_primes() {
  static const std::vector<std::uint32_t> primes = [] {
    std::vector<std::uint32_t> v;
    primesieve::generate_primes(std::uint32_t{65535}, &v);
    return v;
  }();
  return primes;
}

namespace {

constexpr std::uint64_t kTrialLimit = 65536;  // every prime below this is in small_primes()

// A nontrivial factor of n, which is odd, composite and has no prime factor
// below 2^16. Brent's variant of Pollard's rho: x -> x^2 + c mod n, with the
// differences multiplied together in batches so that gcds are rare.
std::uint64_t rho_factor(std::uint64_t n) {
  for (std::uint64_t c = 1;; ++c) {
    auto step = [&](std::uint64_t x) {
      const std::uint64_t sq = mul_mod(x, x, n);
      return sq >= n - c ? sq - (n - c) : sq + c;  // (x^2 + c) mod n without overflow
    };
    std::uint64_t y = 2, x = 2, saved = 2, product = 1, g = 1;
    constexpr std::uint64_t kBatch = 128;
    for (std::uint64_t r = 1; g == 1; r <<= 1) {
      x = y;
      for (std::uint64_t i = 0; i < r; ++i) y = step(y);
      for (std::uint64_t k = 0; k < r && g == 1; k += kBatch) {
        saved = y;
        for (std::uint64_t i = 0; i < kBatch && i < r - k; ++i) {
          y = step(y);
          product = mul_mod(product, x > y ? x - y : y - x, n);
        }
        g = std::gcd(product, n);
      }
    }
    if (g == n) {
      // The batch overshot: redo it one step at a time from its start.
      y = saved;
      do {
        y = step(y);
        g = std::gcd(x > y ? x - y : y - x, n);
      } while (g == 1);
    }
    if (g != n) return g;
    // This c found only the trivial factor; try the next one.
  }
}

// Appends the prime factors of n (no prime factor below 2^16) to `out`, with repetition.
void split(std::uint64_t n, std::vector<std::uint64_t>& out) {
  if (n == 1) return;
  if (is_prime(n)) {
    out.push_back(n);
    return;
  }
  const std::uint64_t f = rho_factor(n);
  split(f, out);
  split(n / f, out);
}

}  // namespace

std::uint64_t least_prime_factor(std::uint64_t n) {
  if (n < 2) throw std::invalid_argument("least_prime_factor: n must be at least 2");
  if (n % 2 == 0) return 2;
  for (std::uint32_t p : small_primes().subspan(1)) {
    if (std::uint64_t{p} * p > n) return n;
    if (n % p == 0) return p;
  }
  // No factor below 2^16, so n >= 2^32 and every prime factor is above 2^16.
  if (is_prime(n)) return n;
  std::vector<std::uint64_t> factors;
  split(n, factors);
  return *std::min_element(factors.begin(), factors.end());
}

std::vector<PrimePower> factorize(std::uint64_t n) {
  if (n == 0) throw std::invalid_argument("factorize: n must be at least 1");
  std::vector<PrimePower> result;
  auto take = [&](std::uint64_t p) {
    int e = 0;
    while (n % p == 0) {
      n /= p;
      ++e;
    }
    if (e > 0) result.push_back({p, e});
  };
  for (std::uint32_t p : small_primes()) {
    if (std::uint64_t{p} * p > n) break;
    take(p);
  }
  if (n == 1) return result;
  if (n < kTrialLimit * kTrialLimit || is_prime(n)) {
    result.push_back({n, 1});
    return result;
  }
  std::vector<std::uint64_t> factors;
  split(n, factors);
  std::sort(factors.begin(), factors.end());
  for (std::size_t i = 0; i < factors.size();) {
    std::size_t j = i;
    while (j < factors.size() && factors[j] == factors[i]) ++j;
    result.push_back({factors[i], static_cast<int>(j - i)});
    i = j;
  }
  return result;
}

std::uint64_t euler_phi(std::uint64_t n) {
  std::uint64_t phi = n;
  for (const PrimePower& f : factorize(n)) phi = phi / f.prime * (f.prime - 1);
  return phi;
}

}  // namespace grundy::primes
