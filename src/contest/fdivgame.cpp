#include "grundy/contest/fdivgame.hpp"

#include <array>
#include <bit>
#include <stdexcept>

#include <fmt/format.h>

#include "grundy/games/division.hpp"
#include "grundy/run_table.hpp"

namespace grundy::contest {
namespace {

constexpr std::uint64_t kMaxValue = 1'000'000'000'000'000'000;  // 10^18
constexpr std::uint64_t kMaxCount = ~std::uint64_t{0};

// The values of division:2-6 in two comparisons per number, with no branch.
// The runs come from the game itself (exact below 2^64), not from a formula
// typed here. Their starts grow by factors 1.5 to 2, so an octave
// [2^(b-1), 2^b) holds at most two of them: each octave keeps the last heap
// sizes of its first two runs and the values of its (up to three) runs, one
// per byte, and n picks its byte by the number of those it exceeds. This is
// RunLookup cut down to what this game needs (two comparisons, no second
// table): a few instructions per number less, which shows on 10^7 numbers.
class OctaveValues {
 public:
  explicit OctaveValues(const RunTable& runs) {
    for (int b = 1; b <= 64; ++b) {
      const std::uint64_t low = std::uint64_t{1} << (b - 1);
      const std::uint64_t high = low - 1 + low;  // 2^b - 1, no overflow at b = 64
      const std::size_t first = runs.run_of(low);
      const std::size_t inside = runs.run_of(high) - first;
      if (inside > 2) throw std::logic_error("fdivgame: an octave holds more than two runs of division:2-6");
      Octave& o = octaves_[static_cast<std::size_t>(64 - b)];
      o.last_of_first = inside > 0 ? runs.last_of(first) : ~std::uint64_t{0};
      o.last_of_second = inside > 1 ? runs.last_of(first + 1) : ~std::uint64_t{0};
      for (std::size_t k = 0; k <= inside; ++k) {
        const std::uint64_t value = runs.values[first + k].value();
        if (value > 0xFF) throw std::logic_error("fdivgame: a value of division:2-6 above 255");
        o.values |= value << (8 * k);
      }
    }
  }

  // G(n) for 1 <= n < 2^64 (n = 0, which no caller passes, gets G(1)).
  [[nodiscard]] std::uint64_t operator()(std::uint64_t n) const {
    // Indexed by the count of leading zeros, 64 - b, which the compiler
    // gets in two instructions once it knows n is not 0.
    const Octave& o = octaves_[static_cast<std::size_t>(std::countl_zero(n | 1))];
    const unsigned runs_before = unsigned{n > o.last_of_first} + unsigned{n > o.last_of_second};
    return (o.values >> (8 * runs_before)) & 0xFF;
  }

 private:
  struct Octave {
    std::uint64_t last_of_first = ~std::uint64_t{0};
    std::uint64_t last_of_second = ~std::uint64_t{0};
    std::uint64_t values = 0;
    std::uint64_t padding = 0;  // 32 bytes: an index is one shift
  };
  std::array<Octave, 64> octaves_{};
};

const OctaveValues& fdivgame_values() {
  static const OctaveValues lookup = [] {
    const DivisionGame game({2, 3, 4, 5, 6});
    return OctaveValues(*game.runs());
  }();
  return lookup;
}

}  // namespace

std::string solve_fdivgame(ContestReader& in) {
  const OctaveValues& value_of = fdivgame_values();
  std::string out;
  const std::uint64_t tests = in.number_on_new_line("the number of tests T", 1, kMaxCount);
  in.end_of_line("T");
  for (std::uint64_t t = 1; t <= tests; ++t) {
    const std::uint64_t count =
        in.number_on_new_line([&] { return fmt::format("the count N of test {} of {}", t, tests); }, 1, kMaxCount);
    in.end_of_line([&] { return fmt::format("N of test {}", t); });
    std::uint64_t nim_sum = 0;
    std::uint64_t done = 0;
    while (done < count) {
      // Most of a long line goes through the block parser; whatever it stops
      // at (the last number, a block edge, anything unusual) is read one
      // number at a time, which also gives the message if it is wrong.
      done += in.plain_numbers_on_line(count - done, 1, kMaxValue, nim_sum,
                                       [&](std::uint64_t sum, std::uint64_t a) { return sum ^ value_of(a); });
      if (done == count) break;
      ++done;
      const std::uint64_t a =
          in.number_on_line([&] { return fmt::format("integer {} of {} of test {}", done, count, t); }, 1, kMaxValue);
      nim_sum ^= value_of(a);
    }
    in.end_of_line([&] { return fmt::format("the integers of test {} (N = {}: no more on the line)", t, count); });
    out += nim_sum != 0 ? "Henry\n" : "Derek\n";
  }
  in.end_of_input(fmt::format("test {}, the last of T = {}", tests, tests));
  return out;
}

}  // namespace grundy::contest
