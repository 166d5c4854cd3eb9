#include "grundy/primes/prime_pi.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <fmt/format.h>
#include <primecount.hpp>

#include "grundy/error.hpp"
#include "grundy/primes/factor.hpp"
#include "grundy/progress.hpp"

namespace grundy::primes {

namespace {

constexpr std::uint64_t kInt64Max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
constexpr std::uint64_t kMaxNthPrimeIndex = 216289611853439384ULL;  // pi(2^63 - 1), primecount's nth_prime limit

}  // namespace

double prime_pi_seconds(std::uint64_t x) {
  // Measured with Debian's primecount 7.6 on 2 cores: 0.74 s at 10^15, 2.96 s
  // at 10^16; the time grows roughly like x^0.6.
  return 0.74 * std::pow(static_cast<double>(x) / 1e15, 0.6);
}

std::uint64_t prime_pi(std::uint64_t x) {
  const auto primes = small_primes();
  if (x <= primes.back())
    return static_cast<std::uint64_t>(std::upper_bound(primes.begin(), primes.end(), x) - primes.begin());
  const double expected = prime_pi_seconds(x);
  LongTask task(fmt::format("counting the primes up to {} (primecount)", x), expected > 1 ? expected : 0);
  if (x <= kInt64Max) return static_cast<std::uint64_t>(primecount::pi(static_cast<std::int64_t>(x)));
  // Above 2^63 - 1 primecount answers through its 128-bit string interface.
  return std::stoull(primecount::pi(std::to_string(x)));
}

std::uint64_t nth_prime(std::uint64_t n) {
  const auto primes = small_primes();
  if (n == 0) throw std::invalid_argument("nth_prime: n must be at least 1");
  if (n <= primes.size()) return primes[n - 1];
  if (n > kMaxNthPrimeIndex)
    throw InputError(fmt::format("the {}-th prime is above 2^63, beyond what primecount's nth_prime computes", n));
  const double expected =
      prime_pi_seconds(static_cast<std::uint64_t>(static_cast<double>(n) * std::log(static_cast<double>(n))));
  LongTask task(fmt::format("finding the {}-th prime (primecount)", n), expected > 1 ? expected : 0);
  return static_cast<std::uint64_t>(primecount::nth_prime(static_cast<std::int64_t>(n)));
}

}  // namespace grundy::primes
