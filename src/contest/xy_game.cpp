#include "grundy/contest/xy_game.hpp"

#include <fmt/format.h>

#include "grundy/games/xy.hpp"

namespace grundy::contest {
namespace {

constexpr std::uint64_t kMaxPile = 1'000'000'000'000'000'000;  // 10^18
constexpr std::uint64_t kMaxY = 1'000'000'000;                 // 10^9
constexpr std::uint64_t kMaxCount = ~std::uint64_t{0};

}  // namespace

std::string solve_xy_game(ContestReader& in) {
  // The answers are built as the input is read, and returned only once all of
  // it has been checked: a broken input prints nothing.
  const std::uint64_t tests = in.number_on_new_line("the number of tests T", 1, kMaxCount);
  in.end_of_line("T");
  std::string out;
  for (std::uint64_t t = 1; t <= tests; ++t) {
    const std::uint64_t count =
        in.number_on_new_line([&] { return fmt::format("the count N of test {} of {}", t, tests); }, 1, kMaxCount);
    const std::uint64_t x = in.number_on_line(
        [&] { return fmt::format("X of test {} (1 <= X < Y <= 10^9, so X < 10^9)", t); }, 1, kMaxY - 1);
    const std::uint64_t y =
        in.number_on_line([&] { return fmt::format("Y of test {} (X < Y <= 10^9, and X = {})", t, x); }, x + 1, kMaxY);
    in.end_of_line([&] { return fmt::format("N X Y of test {}", t); });
    const XyGame game(x, y);
    unsigned nim_sum = 0;
    for (std::uint64_t i = 1; i <= count; ++i) {
      const std::uint64_t a =
          in.number_on_line([&] { return fmt::format("pile {} of {} of test {}", i, count, t); }, 1, kMaxPile);
      nim_sum ^= game.grundy_value(a);
    }
    in.end_of_line([&] { return fmt::format("the piles of test {} (N = {}: no more on the line)", t, count); });
    out += nim_sum != 0 ? "Alice\n" : "Bob\n";
  }
  in.end_of_input(fmt::format("test {}, the last of T = {}", tests, tests));
  return out;
}

}  // namespace grundy::contest
