// gen_not_a_nim: writes a random input in the Codeforces 2004E "Not a Nim
// Problem" format (docs/contest.md): t, then per test a line n and a line of
// n piles, for measuring `grundy contest not-a-nim` against seed 003's program
// (bench/not_a_nim/README.md).
//
//   gen_not_a_nim --tests 10000 --total 300000 --max 10000000 --kind random --seed 1
//
// The total of n is split at random over the tests (each n >= 1, or >= 2 for
// second-player wins). Kinds of piles:
//   random  uniform in 1..max;
//   primes  primes up to max;
//   rough   odd composites p * q <= max whose least prime factor p is large
//           (the largest possible: p > cbrt(max)), the worst case for trial division.
// Exactly half of the tests, chosen at random, are second-player wins
// ("Bob"): their piles come in pairs of equal value (for each drawn pile a
// second one with the same least prime factor), plus, for an odd n, one pile
// of value 0 (the pile 2 in primes, an even pile in random; rough tests of
// second-player wins get an even n). The others are redrawn until the
// nim-sum is nonzero. The same arguments always give the same file.

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "common/buffered_output.hpp"
#include "common/generator_options.hpp"
#include "common/random.hpp"

namespace {

using grundy::bench::uniform;

// Least prime factors of 0..max by a plain sieve (max <= a few 10^7 here),
// and the index of each prime: the generator's own oracle, independent of grundy.
struct Sieve {
  std::vector<std::uint32_t> least;  // least[n] = least prime factor of n >= 2
  std::vector<std::uint32_t> primes;
  std::vector<std::uint32_t> index;  // index[p] = pi(p) for prime p
  explicit Sieve(std::uint32_t max) : least(max + 1, 0), index(max + 1, 0) {
    for (std::uint32_t n = 2; n <= max; ++n) {
      if (least[n] == 0) {
        least[n] = n;
        primes.push_back(n);
        index[n] = static_cast<std::uint32_t>(primes.size());
        for (std::uint64_t m = std::uint64_t{n} * n; m <= max; m += n)
          if (least[m] == 0) least[m] = n;
      }
    }
  }
  [[nodiscard]] std::uint64_t value(std::uint32_t x) const {
    if (x <= 1) return x;
    if (x % 2 == 0) return 0;
    return index[least[x]];
  }
};

class Piles {
 public:
  Piles(const std::string& kind, std::uint32_t max, const Sieve& sieve, std::mt19937_64& rng)
      : kind_(kind), max_(max), sieve_(sieve), rng_(rng) {
    if (kind_ == "rough") {
      // Primes p with cbrt(max) < p <= sqrt(max): p * q (q >= p prime) is then
      // an odd composite whose least factor p is as large as it can be.
      const auto low = static_cast<std::uint32_t>(std::cbrt(static_cast<double>(max)));
      for (std::uint32_t p : sieve.primes)
        if (p > low && p > 2 && std::uint64_t{p} * p <= max) rough_primes_.push_back(p);
      if (rough_primes_.empty()) throw std::runtime_error("--max is too small for --kind rough");
    }
  }

  std::uint32_t draw() {
    if (kind_ == "random") return static_cast<std::uint32_t>(uniform(rng_, 1, max_));
    if (kind_ == "primes") return sieve_.primes[uniform(rng_, 0, sieve_.primes.size() - 1)];
    const std::uint32_t p = rough_primes_[uniform(rng_, 0, rough_primes_.size() - 1)];
    return p * prime_factor_at_least(p);
  }

  // Another pile with the same least prime factor as x (so the same value).
  std::uint32_t partner(std::uint32_t x) {
    if (x <= 1 || x % 2 == 0 || kind_ == "primes") return x % 2 == 0 && kind_ == "random" ? draw_even() : x;
    const std::uint32_t p = sieve_.least[x];
    if (kind_ == "rough") return p * prime_factor_at_least(p);
    // random: p * m with m = 1 or m's least factor >= p; a few tries, else x itself.
    for (int tries = 0; tries < 20; ++tries) {
      const std::uint32_t m = static_cast<std::uint32_t>(uniform(rng_, 1, max_ / p));
      if (m == 1 || (m % 2 == 1 && sieve_.least[m] >= p)) return p * m;
    }
    return x;
  }

  std::uint32_t zero_pile() { return kind_ == "primes" ? 2 : draw_even(); }
  [[nodiscard]] bool has_zero_pile() const { return kind_ != "rough"; }

 private:
  std::uint32_t draw_even() { return static_cast<std::uint32_t>(2 * uniform(rng_, 1, max_ / 2)); }
  // A prime q >= p with p * q <= max.
  std::uint32_t prime_factor_at_least(std::uint32_t p) {
    const auto first = std::lower_bound(sieve_.primes.begin(), sieve_.primes.end(), p) - sieve_.primes.begin();
    const auto last = std::upper_bound(sieve_.primes.begin(), sieve_.primes.end(), max_ / p) - sieve_.primes.begin();
    return sieve_.primes[uniform(rng_, static_cast<std::uint64_t>(first), static_cast<std::uint64_t>(last - 1))];
  }

  std::string kind_;
  std::uint32_t max_;
  const Sieve& sieve_;
  std::mt19937_64& rng_;
  std::vector<std::uint32_t> rough_primes_;
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Writes a random Codeforces 2004E (Not a Nim Problem) input: t tests whose n add up to\n"
      "--total, piles of the chosen kind up to --max, exactly half of the tests second-player\n"
      "wins (answer Bob).\n\n"
      "Example (the official maximum):\n"
      "  gen_not_a_nim --tests 10000 --total 300000 --max 10000000 --kind primes --seed 1"};
  app.name("gen_not_a_nim");
  std::uint64_t tests = 10000;
  std::uint64_t total = 300000;
  std::uint32_t max = 10'000'000;
  std::string kind = "random";
  grundy::bench::GeneratorOptions options;
  app.add_option("--tests", tests, "number of tests t")->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10'000'000}));
  app.add_option("--total", total, "sum of n over the tests (at least 2 * t)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
  app.add_option("--max", max, "largest pile")->check(CLI::Range(std::uint32_t{100}, std::uint32_t{100'000'000}));
  app.add_option("--kind", kind, "random, primes or rough (odd composites with a large least prime factor)")
      ->check(CLI::IsMember({"random", "primes", "rough"}));
  grundy::bench::add_generator_options(app, options);
  if (const auto status = grundy::bench::parse_generator_arguments(app, argc, argv)) return *status;
  if (total < 2 * tests) {
    fmt::print(stderr, "gen_not_a_nim: --total {} is below 2 * --tests {}\n", total, tests);
    return 2;
  }

  const grundy::bench::OutputFile output(options.output_path, "gen_not_a_nim");
  std::FILE* const out = output.get();
  if (out == nullptr) return 1;

  std::mt19937_64 rng(options.seed);
  const Sieve sieve(max);
  Piles piles(kind, max, sieve, rng);

  // n of each test: 2 each, the rest spread by random cuts.
  std::vector<std::uint64_t> sizes(tests, 2);
  for (std::uint64_t k = 0; k < total - 2 * tests; ++k) ++sizes[uniform(rng, 0, tests - 1)];
  std::vector<char> second_wins(tests, 0);
  for (std::uint64_t i = 0; i < tests / 2; ++i) second_wins[i] = 1;
  grundy::bench::shuffle(second_wins, rng);

  grundy::bench::BufferedOutput writer(out);
  writer.print("{}\n", tests);
  std::vector<std::uint32_t> test;
  for (std::uint64_t t = 0; t < tests; ++t) {
    std::uint64_t n = sizes[t];
    test.clear();
    if (second_wins[t]) {
      if (n % 2 == 1 && !piles.has_zero_pile()) {
        // Give the extra pile to the next test (or drop it at the very end).
        --n;
        if (t + 1 < tests) ++sizes[t + 1];
      }
      for (std::uint64_t k = 0; k + 1 < n; k += 2) {
        const std::uint32_t x = piles.draw();
        test.push_back(x);
        test.push_back(piles.partner(x));
      }
      if (n % 2 == 1) test.push_back(piles.zero_pile());
      grundy::bench::shuffle(test, rng);
    } else {
      std::uint64_t nim_sum = 0;
      for (std::uint64_t k = 0; k + 1 < n; ++k) {
        test.push_back(piles.draw());
        nim_sum ^= sieve.value(test.back());
      }
      std::uint32_t last = piles.draw();
      while ((nim_sum ^ sieve.value(last)) == 0) last = piles.draw();
      test.push_back(last);
    }
    writer.print("{}\n", test.size());
    for (std::size_t k = 0; k < test.size(); ++k) writer.print("{}{}", test[k], k + 1 < test.size() ? ' ' : '\n');
  }
  if (!writer.finish()) {
    fmt::print(stderr, "gen_not_a_nim: write error: {}\n", std::strerror(errno));
    return 1;
  }
  return 0;
}
