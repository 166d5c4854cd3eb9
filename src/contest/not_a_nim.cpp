#include "grundy/contest/not_a_nim.hpp"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/games/coprime.hpp"
#include "grundy/primes/least_factor_index.hpp"

namespace grundy::contest {
namespace {

constexpr std::uint64_t kMaxValue = ~std::uint64_t{0};
constexpr std::uint64_t kMaxCount = ~std::uint64_t{0};
// Tests are numbered with 32 bits (the sieve queue holds a test number per
// odd pile), so t is checked where it is read, not after 2^32 tests of data.
constexpr std::uint64_t kMaxTests = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kMinSieveLimit = std::uint64_t{1} << 20;

}  // namespace

std::string solve_not_a_nim(ContestReader& in) {
  // Read and check everything first: no answer is printed for a broken input.
  // Piles are not kept: each goes to the nim-sum of its test at once (1 and
  // even piles), or is queued with its test's number for the sieve (odd
  // piles up to 2^30, 8 bytes each) or for factoring (larger ones).
  const std::uint64_t tests = in.number_on_new_line("the number of tests t", 1, kMaxTests);
  in.end_of_line("t");
  std::vector<std::uint64_t> nim_sums;
  std::vector<std::uint32_t> sieved;
  std::vector<std::uint32_t> sieved_test;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> large;
  for (std::uint64_t t = 1; t <= tests; ++t) {
    const std::uint64_t count =
        in.number_on_new_line([&] { return fmt::format("the count n of test {} of {}", t, tests); }, 1, kMaxCount);
    in.end_of_line([&] { return fmt::format("n of test {}", t); });
    const auto test = static_cast<std::uint32_t>(nim_sums.size());
    nim_sums.push_back(0);
    for (std::uint64_t i = 1; i <= count; ++i) {
      const std::uint64_t x =
          in.number_on_line([&] { return fmt::format("pile {} of {} of test {}", i, count, t); }, 1, kMaxValue);
      if (x == 1) {
        nim_sums.back() ^= 1;  // G(1) = 1; G(even) = 0
      } else if (x % 2 == 1 && x <= primes::kLeastFactorSieveMax) {
        sieved.push_back(static_cast<std::uint32_t>(x));
        sieved_test.push_back(test);
      } else if (x % 2 == 1) {
        large.emplace_back(x, test);
      }
    }
    in.end_of_line([&] { return fmt::format("the piles of test {} (n = {}: no more on the line)", t, count); });
  }
  in.end_of_input(fmt::format("test {}, the last of t = {}", tests, tests));

  // G(odd x >= 3) = pi(lpf(x)). The sieve runs to the largest pile it takes,
  // at about 1.3 ns a number (1.3 s to 2^30), while one pile near 2^30 costs
  // at most about 1 ms by factoring and primecount (when it is prime). So the
  // sieve stops at 2^20 numbers per pile it answers (and never below 2^20): a
  // handful of large piles no longer costs a full sieve, and the piles above
  // the bound go one by one. An official input (3*10^5 piles up to 10^7) is
  // still sieved whole.
  const std::uint64_t sieve_limit =
      std::clamp<std::uint64_t>(std::uint64_t{sieved.size()} << 20, kMinSieveLimit, primes::kLeastFactorSieveMax);
  std::size_t kept = 0;
  for (std::size_t k = 0; k < sieved.size(); ++k) {
    if (sieved[k] > sieve_limit) {
      large.emplace_back(sieved[k], sieved_test[k]);
    } else {
      sieved[kept] = sieved[k];
      sieved_test[kept] = sieved_test[k];
      ++kept;
    }
  }
  sieved.resize(kept);
  sieved_test.resize(kept);
  primes::least_factor_indices(sieved, sieved);
  for (std::size_t k = 0; k < sieved.size(); ++k) nim_sums[sieved_test[k]] ^= sieved[k];
  const CoprimeGame game;
  for (const auto& [x, test] : large) nim_sums[test] ^= game.value(x).value();

  std::string out;
  for (std::uint64_t s : nim_sums) out += s != 0 ? "Alice\n" : "Bob\n";
  return out;
}

}  // namespace grundy::contest
