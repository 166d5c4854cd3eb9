#include "grundy/contest/fdivgame.hpp"

#include <fmt/format.h>

#include "grundy/games/division.hpp"
#include "grundy/run_table.hpp"

namespace grundy::contest {
namespace {

constexpr std::uint64_t kMaxValue = 1'000'000'000'000'000'000;  // 10^18
constexpr std::uint64_t kMaxCount = ~std::uint64_t{0};

// The values of division:2-6 as a few comparisons per number. The runs come
// from the game itself (exact below 2^64), not from a formula typed here.
const RunLookup& fdivgame_values() {
  static const RunLookup lookup = [] {
    const DivisionGame game({2, 3, 4, 5, 6});
    return RunLookup(*game.runs());
  }();
  return lookup;
}

}  // namespace

std::string solve_fdivgame(ContestReader& in) {
  const RunLookup& values = fdivgame_values();
  std::string out;
  const std::uint64_t tests = in.number_on_new_line("the number of tests T", 1, kMaxCount);
  in.end_of_line("T");
  for (std::uint64_t t = 1; t <= tests; ++t) {
    const std::uint64_t count =
        in.number_on_new_line([&] { return fmt::format("the count N of test {} of {}", t, tests); }, 1, kMaxCount);
    in.end_of_line([&] { return fmt::format("N of test {}", t); });
    std::uint64_t nim_sum = 0;
    for (std::uint64_t i = 1; i <= count; ++i) {
      const std::uint64_t a = in.number_on_line(
          [&] { return fmt::format("integer {} of {} of test {}", i, count, t); }, 1, kMaxValue);
      nim_sum ^= values.value(a).value();
    }
    in.end_of_line([&] { return fmt::format("the integers of test {} (N = {}: no more on the line)", t, count); });
    out += nim_sum != 0 ? "Henry\n" : "Derek\n";
  }
  in.end_of_input(fmt::format("test {}, the last of T = {}", tests, tests));
  return out;
}

}  // namespace grundy::contest
