// Primality, factoring and prime counting, checked against a sieve written
// here, published values, and Debian's independent `factor` (coreutils) and
// `primecount` programs (installed by scripts/install-deps.sh).

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/primes/factor.hpp"
#include "grundy/primes/prime_pi.hpp"
#include "grundy/primes/primality.hpp"
#include "support/run_process.hpp"

namespace grundy::primes {
namespace {

std::vector<bool> sieve(std::uint64_t limit) {
  std::vector<bool> prime(limit + 1, true);
  prime[0] = prime[1] = false;
  for (std::uint64_t p = 2; p * p <= limit; ++p)
    if (prime[p])
      for (std::uint64_t m = p * p; m <= limit; m += p) prime[m] = false;
  return prime;
}

// The factorisations `factor` prints, one per number: "n: p1 p2 ...".
std::vector<std::vector<std::uint64_t>> coreutils_factor(const std::vector<std::uint64_t>& numbers) {
  std::vector<std::string> args;
  for (std::uint64_t n : numbers) args.push_back(std::to_string(n));
  const auto result = test::run_process("/usr/bin/factor", args);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::vector<std::vector<std::uint64_t>> out;
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line.substr(line.find(':') + 1));
    std::vector<std::uint64_t> primes;
    for (std::uint64_t p = 0; fields >> p;) primes.push_back(p);
    out.push_back(primes);
  }
  return out;
}

std::uint64_t primecount_program(const std::vector<std::string>& args) {
  const auto result = test::run_process("/usr/bin/primecount", args);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return std::stoull(result.out);
}

TEST(IsPrime, MatchesASieveBelowTwoMillion) {
  const auto prime = sieve(2'000'000);
  for (std::uint64_t n = 0; n < prime.size(); ++n) ASSERT_EQ(is_prime(n), prime[n]) << n;
}

TEST(IsPrime, RejectsStrongPseudoprimesAndCarmichaelNumbers) {
  // Strong pseudoprimes to the first prime bases (OEIS A014233) and
  // Carmichael numbers (A002997): each fools a weaker test.
  for (std::uint64_t n : {2047ull, 1373653ull, 25326001ull, 3215031751ull, 2152302898747ull, 3474749660383ull,
                          341550071728321ull, 3825123056546413051ull, 561ull, 41041ull, 825265ull, 321197185ull,
                          18446744030759878681ull /* 4294967291^2 */, 18446744073709551615ull})
    EXPECT_FALSE(is_prime(n)) << n;
  for (std::uint64_t p : {18446744073709551557ull /* the largest 64-bit prime */, 4294967291ull, 4294967311ull,
                          999999999999999989ull, 1000000000000000003ull})
    EXPECT_TRUE(is_prime(p)) << p;
}

TEST(Factorize, AgreesWithCoreutilsFactor) {
  std::mt19937_64 rng(4);
  std::vector<std::uint64_t> numbers;
  for (int k = 0; k < 150; ++k) numbers.push_back((rng() >> (rng() % 63)) | 1);
  for (int k = 0; k < 50; ++k) numbers.push_back(rng() >> (rng() % 40));
  // Products of two primes above 2^16 reach Pollard's rho.
  const std::vector<std::uint64_t> big_primes{65537, 4294967291, 999999937, 1000000007, 2147483647, 3037000493};
  for (std::uint64_t a : big_primes)
    for (std::uint64_t b : big_primes)
      if (a <= ~std::uint64_t{0} / b) numbers.push_back(a * b);
  numbers.push_back(65537ull * 65537 * 65537);
  numbers.push_back(1);
  numbers.push_back(2);
  const auto expected = coreutils_factor(numbers);
  ASSERT_EQ(expected.size(), numbers.size());
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    std::vector<std::uint64_t> got;
    for (const PrimePower& f : factorize(numbers[i]))
      for (int e = 0; e < f.exponent; ++e) got.push_back(f.prime);
    EXPECT_EQ(got, expected[i]) << numbers[i];
    if (numbers[i] >= 2) {
      EXPECT_EQ(least_prime_factor(numbers[i]), expected[i].front()) << numbers[i];
    }
  }
}

TEST(EulerPhi, CountsCoprimeNumbers) {
  for (std::uint64_t n = 1; n <= 2000; ++n) {
    std::uint64_t count = 0;
    for (std::uint64_t k = 1; k <= n; ++k) {
      std::uint64_t a = n, b = k;
      while (b != 0) a = std::exchange(b, a % b);
      count += a == 1;
    }
    ASSERT_EQ(euler_phi(n), count) << n;
  }
}

TEST(PrimePi, MatchesASieveAroundTheTableLimit) {
  const auto prime = sieve(300'000);
  std::uint64_t count = 0;
  std::uint64_t index = 0;
  for (std::uint64_t x = 0; x < prime.size(); ++x) {
    if (prime[x]) {
      ++count;
      ++index;
      if (x < 1000 || (x > 60000 && x < 70000) || x % 97 == 0 || index % 501 == 0) {
        ASSERT_EQ(nth_prime(index), x);
      }
    }
    if (x < 1000 || (x > 65000 && x < 66000) || x % 1009 == 0) {
      ASSERT_EQ(prime_pi(x), count) << x;
    }
  }
}

TEST(PrimePi, PublishedValuesAndThePrimecountProgram) {
  // pi(10^k) from OEIS A006880.
  EXPECT_EQ(prime_pi(1'000'000'000ull), 50847534u);
  EXPECT_EQ(prime_pi(1'000'000'000'000ull), 37607912018u);
  EXPECT_EQ(nth_prime(37607912018u), 999999999989u);  // the largest prime below 10^12
  for (std::uint64_t x : {999999999989ull, 123456789012345ull, 1000000000000003ull})
    EXPECT_EQ(prime_pi(x), primecount_program({std::to_string(x)})) << x;
  EXPECT_EQ(nth_prime(29844570422669u), primecount_program({"29844570422669", "--nth-prime"}));
}

}  // namespace
}  // namespace grundy::primes
