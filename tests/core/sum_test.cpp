#include "grundy/sum.hpp"

#include <random>
#include <set>
#include <tuple>

#include <gtest/gtest.h>

#include "grundy/games/nim.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/search/solver.hpp"
#include "support/brute_force.hpp"

namespace grundy {
namespace {

struct TakeOneOrFour {  // a game as code, for the template path
  using Position = std::uint64_t;
  std::vector<Position> moves(Position n) const {
    std::vector<Position> out;
    if (n >= 1) out.push_back(n - 1);
    if (n >= 4) out.push_back(n - 4);
    return out;
  }
};

TEST(Sum, NimThreeFourFive) {
  Nim nim;
  std::vector<Component> c{{&nim, 3}, {&nim, 4}, {&nim, 5}};
  const SumAnalysis a = analyze_sum(c);
  EXPECT_EQ(a.nim_sum, Nimber(2));
  EXPECT_EQ(a.winner, Winner::first);
  ASSERT_EQ(a.winning_moves.size(), 1u);
  EXPECT_EQ(a.winning_moves[0].component, 0u);
  EXPECT_EQ(a.winning_moves[0].from, 3u);
  EXPECT_EQ(a.winning_moves[0].to, Option{1});
}

TEST(Sum, AfterMoveReplacesTheComponentInPlace) {
  Nim nim;
  const std::vector<Component> c{{&nim, 3}, {&nim, 4}, {&nim, 5}};
  auto positions = [](const std::vector<Component>& v) {
    std::vector<Position> p;
    for (const Component& x : v) p.push_back(x.position);
    return p;
  };
  EXPECT_EQ(positions(after_move(c, Move{1, 4, Option{2}})), (std::vector<Position>{3, 2, 5}));
  EXPECT_EQ(positions(after_move(c, Move{1, 4, Option{1, 2}})), (std::vector<Position>{3, 1, 2, 5}));
  EXPECT_EQ(positions(after_move(c, Move{0, 3, Option{}})), (std::vector<Position>{4, 5}));
  EXPECT_EQ(positions(after_move(c, Move{2, 5, Option{}})), (std::vector<Position>{3, 4}));
  EXPECT_TRUE(any_move(c));
  const std::vector<Component> empty_heaps{{&nim, 0}, {&nim, 0}};
  EXPECT_FALSE(any_move(empty_heaps));
  EXPECT_FALSE(any_move(std::vector<Component>{}));
}

TEST(Sum, ZeroSumHasNoWinningMove) {
  Nim nim;
  std::vector<Component> c{{&nim, 1}, {&nim, 2}, {&nim, 3}};
  const SumAnalysis a = analyze_sum(c);
  EXPECT_EQ(a.winner, Winner::second);
  EXPECT_TRUE(a.winning_moves.empty());
}

TEST(Sum, EmptySumIsALoss) {
  const SumAnalysis a = analyze_sum({});
  EXPECT_EQ(a.winner, Winner::second);
}

// Every move of the sum, found by brute force: a move is winning exactly when
// the sum it leaves has nim-sum 0 (values from the definition-level oracle).
TEST(Sum, WinningMovesAreExactlyTheMovesToAZeroSum) {
  const std::vector<std::uint64_t> set{1, 3, 4};
  SubtractionGame sub(set);
  Nim nim;
  const auto g = test::brute_subtraction_values(set, 64);
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 500; ++trial) {
    std::vector<Component> c;
    const std::size_t count = 1 + rng() % 4;
    for (std::size_t i = 0; i < count; ++i)
      c.push_back({rng() % 2 ? static_cast<const Game*>(&sub) : &nim, rng() % 40});
    auto value_of = [&](const Component& x, Position p) { return x.game == &nim ? p : g[p]; };
    std::set<std::tuple<std::size_t, Position, Position>> expected;
    std::uint64_t total = 0;
    for (const Component& x : c) total ^= value_of(x, x.position);
    for (std::size_t i = 0; i < c.size(); ++i) {
      std::vector<Position> targets;
      if (c[i].game == &nim) {
        for (Position p = 0; p < c[i].position; ++p) targets.push_back(p);
      } else {
        for (std::uint64_t s : set)
          if (s <= c[i].position) targets.push_back(c[i].position - s);
      }
      for (Position to : targets)
        if ((total ^ value_of(c[i], c[i].position) ^ value_of(c[i], to)) == 0) expected.insert({i, c[i].position, to});
    }
    const SumAnalysis a = analyze_sum(c);
    ASSERT_EQ(a.nim_sum.value(), total);
    std::set<std::tuple<std::size_t, Position, Position>> got;
    for (const auto& m : a.winning_moves) got.insert({m.component, m.from, m.to.at(0)});
    ASSERT_EQ(got, expected) << "trial " << trial;
    ASSERT_EQ(got.size(), a.winning_moves.size()) << "a move reported twice";
  }
}

TEST(Sum, TemplatePathWithSolver) {
  Solver<TakeOneOrFour> solver;
  const std::vector<std::uint64_t> positions{6, 2, 9};
  std::vector<Nimber> values;
  for (auto p : positions) values.push_back(solver.value(p));
  const auto moves = sum_winning_moves<std::uint64_t>(
      positions, values, [&](std::size_t i, Nimber t) { return solver.moves_to_value(positions[i], t); });
  const Nimber total = nim_sum(values);
  ASSERT_FALSE(total.is_zero());
  ASSERT_FALSE(moves.empty());
  for (const auto& m : moves) {
    EXPECT_EQ((total ^ values[m.component] ^ solver.value(m.to)), Nimber(0));
  }
}

}  // namespace
}  // namespace grundy
