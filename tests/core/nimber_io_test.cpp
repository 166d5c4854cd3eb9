// Printing nimbers (operator<< and fmt) and the umbrella header. The umbrella
// header comes first, before any other include, so this file only compiles if
// it stands alone.
#include <grundy/grundy.hpp>

#include <cstdint>
#include <iomanip>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace grundy {
namespace {

std::string streamed(Nimber n) {
  std::ostringstream out;
  out << n;
  return out.str();
}

TEST(NimberIo, StreamsAsItsNumber) {
  EXPECT_EQ(streamed(Nimber{}), "0");
  EXPECT_EQ(streamed(Nimber(7)), "7");
  EXPECT_EQ(streamed(Nimber(std::numeric_limits<std::uint64_t>::max())), "18446744073709551615");
}

TEST(NimberIo, StreamHonoursManipulators) {
  std::ostringstream out;
  out << std::setw(4) << Nimber(12) << '|' << std::left << std::setw(3) << Nimber(5) << '|' << std::hex << Nimber(255);
  EXPECT_EQ(out.str(), "  12|5  |ff");
}

TEST(NimberIo, StreamsToWideStreams) {
  std::wostringstream out;
  out << Nimber(42);
  EXPECT_EQ(out.str(), L"42");
}

TEST(NimberIo, StreamsInAnExpression) {
  std::ostringstream out;
  out << "G = " << (Nimber(3) ^ Nimber(5)) << '\n';
  EXPECT_EQ(out.str(), "G = 6\n");
}

TEST(NimberIo, FormatsAsItsNumber) {
  EXPECT_EQ(fmt::format("{}", Nimber{}), "0");
  EXPECT_EQ(fmt::format("{}", Nimber(7)), "7");
  EXPECT_EQ(fmt::format("{}", Nimber(std::numeric_limits<std::uint64_t>::max())), "18446744073709551615");
}

TEST(NimberIo, FormatAcceptsIntegerSpecs) {
  EXPECT_EQ(fmt::format("{:>4}", Nimber(12)), "  12");
  EXPECT_EQ(fmt::format("{:<4}|", Nimber(12)), "12  |");
  EXPECT_EQ(fmt::format("{:^5}", Nimber(3)), "  3  ");
  EXPECT_EQ(fmt::format("{:*>4}", Nimber(9)), "***9");
  EXPECT_EQ(fmt::format("{:04}", Nimber(9)), "0009");
  EXPECT_EQ(fmt::format("{:08b}", Nimber(6)), "00000110");
  EXPECT_EQ(fmt::format("{:#x}", Nimber(255)), "0xff");
  EXPECT_EQ(fmt::format("{:>{}}", Nimber(1), 3), "  1");
}

TEST(NimberIo, FormatsInContainers) {
  // fmt::join formats each element with the element's own formatter.
  const std::vector<Nimber> values{Nimber(0), Nimber(1), Nimber(2)};
  EXPECT_EQ(fmt::format("{}", fmt::join(values, " ")), "0 1 2");
}

TEST(NimberIo, StreamAndFormatAgree) {
  for (std::uint64_t v : {0ULL, 1ULL, 9ULL, 10ULL, 1000000007ULL, 18446744073709551615ULL})
    EXPECT_EQ(streamed(Nimber(v)), fmt::format("{}", Nimber(v))) << v;
}

// A game as code, for the umbrella header's Solver.
struct TakeOneOrTwo {
  using Position = std::uint64_t;
  std::vector<Position> moves(Position n) const {
    std::vector<Position> next;
    if (n >= 1) next.push_back(n - 1);
    if (n >= 2) next.push_back(n - 2);
    return next;
  }
};

TEST(NimberIo, UmbrellaHeaderGivesTheSolver) {
  Solver<TakeOneOrTwo> solver;
  std::ostringstream out;
  out << solver.value(1000);  // the line of the issue: it must compile and print
  EXPECT_EQ(out.str(), "1");
  EXPECT_EQ(solver.winner(999), Winner::second);
  EXPECT_EQ(solver.winning_moves(1000), std::vector<std::uint64_t>{999});
}

TEST(NimberIo, UmbrellaHeaderGivesTheBuiltInGames) {
  const std::unique_ptr<Game> game = parse_game("subtraction:1-3");
  EXPECT_EQ(fmt::format("{} {}", game->spec(), game->value(9)), "subtraction:1-3 1");
  EXPECT_EQ(Nim{}.value(5), Nimber(5));
  EXPECT_EQ(SubtractionGame({1, 2, 3}).value(7), Nimber(3));
  EXPECT_EQ(mex(std::vector<Nimber>{Nimber(0), Nimber(2)}), Nimber(1));
  EXPECT_EQ(nim_sum(std::vector<Nimber>{Nimber(3), Nimber(4), Nimber(5)}), Nimber(2));
  EXPECT_THROW((void)parse_game("no-such-game"), InputError);
}

}  // namespace
}  // namespace grundy
