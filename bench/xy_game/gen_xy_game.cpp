// gen_xy_game: writes a random input in the AtCoder ARC208 E "XY Game" format
// (docs/contest.md): T, then per test a line `N X Y` and a line of N piles,
// for measuring `grundy contest xy-game` (bench/xy_game/README.md).
//
//   gen_xy_game --tests 1 --total 200000 --seed 1
//   gen_xy_game --tests 200000 --total 200000 --x-mod3 2 --seed 2
//
// The total of N is split at random over the tests (each N >= 1). X and Y
// are uniform with 1 <= X < Y <= --max-y (X drawn first, then Y above it),
// optionally with X restricted to one residue modulo 3 (X = 2 (mod 3) is
// the case with the window search); piles are uniform in 1..--max-pile. The
// same arguments always give the same file.

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
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

// X uniform in [1, max_y - 1] among the numbers with the given residue modulo
// 3 (any residue when residue is 3).
std::uint64_t draw_x(std::mt19937_64& rng, std::uint64_t max_y, unsigned residue) {
  if (residue == 3) return uniform(rng, 1, max_y - 1);
  const std::uint64_t first = residue == 0 ? 3 : residue;  // the smallest X >= 1 with that residue
  const std::uint64_t count = (max_y - 1 - first) / 3 + 1;
  return first + 3 * uniform(rng, 0, count - 1);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Writes a random AtCoder ARC208 E (XY Game) input: T tests whose N add up to --total,\n"
      "1 <= X < Y <= --max-y, piles uniform in 1..--max-pile.\n\n"
      "Examples (the official maximum, both shapes):\n"
      "  gen_xy_game --tests 1 --total 200000 --seed 1\n"
      "  gen_xy_game --tests 200000 --total 200000 --x-mod3 2 --seed 2"};
  app.name("gen_xy_game");
  std::uint64_t tests = 1;
  std::uint64_t total = 200000;
  std::uint64_t max_y = 1'000'000'000;
  std::uint64_t max_pile = 1'000'000'000'000'000'000;
  std::string x_mod3 = "any";
  grundy::bench::GeneratorOptions options;
  app.add_option("--tests", tests, "number of tests T")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
  app.add_option("--total", total, "sum of N over the tests (at least T)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
  app.add_option("--max-y", max_y, "largest Y (X < Y)")
      ->check(CLI::Range(std::uint64_t{6}, std::uint64_t{1'000'000'000'000'000'000}));
  app.add_option("--max-pile", max_pile, "largest pile")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000'000'000'000}));
  app.add_option("--x-mod3", x_mod3, "residue of every X modulo 3: 0, 1, 2 or any")
      ->check(CLI::IsMember({"0", "1", "2", "any"}));
  grundy::bench::add_generator_options(app, options);
  if (const auto status = grundy::bench::parse_generator_arguments(app, argc, argv)) return *status;
  if (total < tests) {
    fmt::print(stderr, "gen_xy_game: --total {} is below --tests {}\n", total, tests);
    return 2;
  }
  const unsigned residue = x_mod3 == "any" ? 3U : static_cast<unsigned>(x_mod3[0] - '0');

  const grundy::bench::OutputFile output(options.output_path, "gen_xy_game");
  std::FILE* const out = output.get();
  if (out == nullptr) return 1;

  std::mt19937_64 rng(options.seed);
  // N of each test: 1 each, the rest spread by random cuts.
  std::vector<std::uint64_t> sizes(tests, 1);
  for (std::uint64_t k = 0; k < total - tests; ++k) ++sizes[uniform(rng, 0, tests - 1)];

  grundy::bench::BufferedOutput writer(out);
  writer.print("{}\n", tests);
  for (std::uint64_t t = 0; t < tests; ++t) {
    const std::uint64_t x = draw_x(rng, max_y, residue);
    const std::uint64_t y = uniform(rng, x + 1, max_y);
    writer.print("{} {} {}\n", sizes[t], x, y);
    for (std::uint64_t k = 0; k < sizes[t]; ++k)
      writer.print("{}{}", uniform(rng, 1, max_pile), k + 1 < sizes[t] ? ' ' : '\n');
  }
  if (!writer.finish()) {
    fmt::print(stderr, "gen_xy_game: write error: {}\n", std::strerror(errno));
    return 1;
  }
  return 0;
}
