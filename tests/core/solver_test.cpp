#include "grundy/solver.hpp"

#include <array>
#include <random>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/brute_force.hpp"

namespace grundy {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

// Nim written as code: from n, any smaller heap.
struct NimAsCode {
  using Position = std::uint64_t;
  std::vector<Position> moves(Position n) const {
    std::vector<Position> out;
    for (Position m = 0; m < n; ++m) out.push_back(m);
    return out;
  }
};

struct TakeUpTo {
  using Position = std::uint64_t;
  std::uint64_t k;
  std::vector<Position> moves(Position n) const {
    std::vector<Position> out;
    for (std::uint64_t s = 1; s <= k && s <= n; ++s) out.push_back(n - s);
    return out;
  }
};

// A chain 0 <- 1 <- 2 <- ... : one move, n -> n - 1. Values alternate 0, 1.
struct Chain {
  using Position = std::uint64_t;
  std::vector<Position> moves(Position n) const {
    if (n == 0) return {};
    return {n - 1};
  }
};

// Positions 0..size-1 with the listed edges; used for loops.
struct EdgeList {
  using Position = int;
  std::vector<std::vector<int>> next;
  const std::vector<int>& moves(int p) const { return next.at(static_cast<std::size_t>(p)); }
};

// A position type with no formatter: loop messages must still be clear.
struct Opaque {
  int id;
  bool operator==(const Opaque&) const = default;
};

}  // namespace
}  // namespace grundy

template <>
struct std::hash<grundy::Opaque> {
  std::size_t operator()(const grundy::Opaque& o) const noexcept { return std::hash<int>{}(o.id); }
};

namespace grundy {
namespace {

struct OpaqueCycle {
  using Position = Opaque;
  std::vector<Opaque> moves(Opaque p) const { return {Opaque{(p.id + 1) % 4}}; }
};

static_assert(GameLogic<NimAsCode>);
static_assert(GameLogic<EdgeList>);
static_assert(!GameLogic<int>);

TEST(Solver, NimAsCodeHasValueN) {
  Solver<NimAsCode> solver;
  for (std::uint64_t n = 0; n <= 200; ++n) ASSERT_EQ(solver.value(n), Nimber(n));
}

TEST(Solver, TakeUpToKIsNModKPlusOne) {
  for (std::uint64_t k = 1; k <= 6; ++k) {
    Solver<TakeUpTo> solver(TakeUpTo{k});
    // Ask from the top so the solver explores the whole range itself.
    ASSERT_EQ(solver.value(3000).value(), 3000 % (k + 1));
    for (std::uint64_t n = 0; n <= 3000; ++n) ASSERT_EQ(solver.value(n).value(), n % (k + 1)) << k << " " << n;
  }
}

TEST(Solver, MatchesDefinitionOnRandomDags) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const int size = 300;
    EdgeList g;
    g.next.resize(size);
    for (int v = 1; v < size; ++v) {
      const int degree = static_cast<int>(rng() % 6);
      for (int e = 0; e < degree; ++e) g.next[static_cast<std::size_t>(v)].push_back(static_cast<int>(rng() % static_cast<unsigned>(v)));
    }
    std::vector<std::uint64_t> brute(size);
    for (int v = 0; v < size; ++v) {
      std::set<std::uint64_t> seen;
      for (int w : g.next[static_cast<std::size_t>(v)]) seen.insert(brute[static_cast<std::size_t>(w)]);
      brute[static_cast<std::size_t>(v)] = test::brute_mex(seen);
    }
    Solver<EdgeList> solver(g);
    for (int v = size - 1; v >= 0; --v) ASSERT_EQ(solver.value(v).value(), brute[static_cast<std::size_t>(v)]);
  }
}

TEST(Solver, OutcomeAndWinningMoves) {
  Solver<TakeUpTo> solver(TakeUpTo{3});
  EXPECT_EQ(solver.winner(8), Winner::second);
  EXPECT_EQ(solver.winner(9), Winner::first);
  EXPECT_THAT(solver.winning_moves(9), ElementsAre(8u));
  EXPECT_TRUE(solver.winning_moves(8).empty());
  EXPECT_THAT(solver.moves_to_value(9, Nimber(3)), ElementsAre(7u));
  EXPECT_THAT(solver.moves_to_value(0, Nimber(0)), ElementsAre());
}

TEST(Solver, WinningMovesAreExactlyTheMovesToZero) {
  Solver<NimAsCode> solver;
  for (std::uint64_t n = 1; n < 30; ++n) EXPECT_THAT(solver.winning_moves(n), ElementsAre(0u));
  EXPECT_THAT(solver.moves_to_value(10, Nimber(4)), UnorderedElementsAre(4u));
}

TEST(Solver, DeepChainNeedsNoCallStack) {
#if defined(__SANITIZE_ADDRESS__)
  const std::uint64_t depth = 2'000'000;  // the sanitizer build is slower; same code path
#else
  const std::uint64_t depth = 10'000'000;
#endif
  Solver<Chain> solver;
  EXPECT_EQ(solver.value(depth), Nimber(depth % 2));
  EXPECT_EQ(solver.known_positions(), depth + 1);
}

TEST(Solver, DetectsALoopAndNamesIt) {
  EdgeList g;
  g.next = {{1}, {2}, {3}, {1}, {0}};  // 1 -> 2 -> 3 -> 1; 4 -> 0 -> 1 ...
  Solver<EdgeList> solver(g);
  try {
    (void)solver.value(4);
    FAIL() << "no LoopError";
  } catch (const LoopError& e) {
    EXPECT_THAT(e.what(), HasSubstr("1 -> 2 -> 3 -> 1"));
  }
  EXPECT_EQ(solver.known_positions(), 0u);
  EXPECT_THROW((void)solver.value(0), LoopError);  // still detected, no stale state
}

TEST(Solver, DetectsASelfLoop) {
  EdgeList g;
  g.next = {{}, {0, 1}};
  Solver<EdgeList> solver(g);
  EXPECT_EQ(solver.value(0), Nimber(0));
  try {
    (void)solver.value(1);
    FAIL() << "no LoopError";
  } catch (const LoopError& e) {
    EXPECT_THAT(e.what(), HasSubstr("1 -> 1"));
  }
  EXPECT_EQ(solver.value(0), Nimber(0));  // earlier results survive
}

TEST(Solver, LoopOfUnprintablePositions) {
  Solver<OpaqueCycle> solver;
  try {
    (void)solver.value(Opaque{0});
    FAIL() << "no LoopError";
  } catch (const LoopError& e) {
    EXPECT_THAT(e.what(), HasSubstr("a loop of 4 positions"));
  }
}

TEST(Solver, LongLoopIsSummarised) {
  EdgeList g;
  const int n = 100;
  g.next.resize(n);
  for (int v = 0; v < n; ++v) g.next[static_cast<std::size_t>(v)] = {(v + 1) % n};
  Solver<EdgeList> solver(g);
  try {
    (void)solver.value(0);
    FAIL() << "no LoopError";
  } catch (const LoopError& e) {
    EXPECT_THAT(e.what(), HasSubstr("a loop of 100 positions through 0"));
  }
}

}  // namespace
}  // namespace grundy
