#include "grundy/search/solver.hpp"

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/brute_force.hpp"
#include "support/product_outcome.hpp"

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

// Kayles on several rows of pins, as code: a move knocks down one pin or two
// adjacent ones of a row. A position is the sorted list of its rows' lengths.
struct Rows {
  std::vector<int> lengths;
  bool operator==(const Rows&) const = default;
};
struct KaylesRows {
  using Position = Rows;
  std::vector<Position> moves(const Position& position) const {
    const std::vector<int>& rows = position.lengths;
    std::vector<Position> out;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      if (r > 0 && rows[r] == rows[r - 1]) continue;  // the same moves as the row before
      for (int take = 1; take <= 2; ++take)
        for (int left = 0; left + take <= rows[r]; ++left) {
          std::vector<int> next;
          for (std::size_t i = 0; i < rows.size(); ++i)
            if (i != r && rows[i] > 0) next.push_back(rows[i]);
          if (left > 0) next.push_back(left);
          if (rows[r] - left - take > 0) next.push_back(rows[r] - left - take);
          std::sort(next.begin(), next.end());
          out.push_back(Rows{std::move(next)});
        }
    }
    return out;
  }
};

// The same rules, searched: each row is a part, and a row is its own
// canonical form. The search counts each row length once.
struct KaylesRowsByParts : KaylesRows {
  Position canonical(const Position& p) const { return p; }
  std::vector<Position> components(const Position& rows) const {
    std::vector<Position> parts;
    for (int r : rows.lengths) parts.push_back(Rows{{r}});
    return parts;
  }
  std::size_t size(const Position& p) const { return p.lengths.empty() ? 0 : static_cast<std::size_t>(p.lengths[0]); }
};

// Two-heap Nim, searched with (a, b) and (b, a) as one position.
struct TwoHeaps {
  int a, b;
  bool operator==(const TwoHeaps&) const = default;
};
struct TwoHeapsSymmetric {
  using Position = TwoHeaps;
  std::vector<Position> moves(Position p) const {
    std::vector<Position> out;
    for (int a = 0; a < p.a; ++a) out.push_back({a, p.b});
    for (int b = 0; b < p.b; ++b) out.push_back({p.a, b});
    return out;
  }
  Position canonical(Position p) const { return {std::min(p.a, p.b), std::max(p.a, p.b)}; }
};

// A loop, given a canonical form: the search must stop with an error.
struct LoopWithCanonical {
  using Position = int;
  std::vector<int> moves(int p) const { return {(p + 1) % 3}; }
  int canonical(int p) const { return p; }
};

}  // namespace
}  // namespace grundy

template <>
struct std::hash<grundy::Rows> {
  std::size_t operator()(const grundy::Rows& r) const noexcept {
    std::uint64_t h = 0x12345;
    for (int x : r.lengths) {
      const auto length = static_cast<std::uint32_t>(x);
      h = (h ^ length) * std::uint64_t{0x100000001b3} + std::uint64_t{0x9e3779b97f4a7c15};
    }
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
};
template <>
struct std::hash<grundy::TwoHeaps> {
  std::size_t operator()(const grundy::TwoHeaps& p) const noexcept {
    return static_cast<std::size_t>((std::uint64_t(std::uint32_t(p.a)) << 32 | std::uint32_t(p.b)) *
                                    0x9e3779b97f4a7c15ULL);
  }
};

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
static_assert(!CanonicalGameLogic<NimAsCode> && CanonicalGameLogic<KaylesRowsByParts>);
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
      for (int e = 0; e < degree; ++e)
        g.next[static_cast<std::size_t>(v)].push_back(static_cast<int>(rng() % static_cast<unsigned>(v)));
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

TEST(Solver, AnInfiniteValueIsRefusedByValueAndNamesTheLoop) {
  EdgeList g;
  g.next = {{1}, {2}, {3}, {1}, {0}};  // 1 -> 2 -> 3 -> 1; 4 -> 0 -> 1 ...
  Solver<EdgeList> solver(g);
  try {
    (void)solver.value(4);
    FAIL() << "no LoopError";
  } catch (const LoopError& e) {
    EXPECT_THAT(e.what(), HasSubstr("position 4 has the infinite value ∞{}"));
    EXPECT_THAT(e.what(), HasSubstr("1 -> 2 -> 3 -> 1"));
  }
  // Every position of the loop's reach is labelled, and stays so.
  EXPECT_EQ(solver.known_positions(), 5u);
  EXPECT_TRUE(solver.has_cycles());
  EXPECT_EQ(solver.game_value(0), GameValue::infinite({}));
  EXPECT_EQ(solver.winner(4), Winner::draw);
  EXPECT_THROW((void)solver.value(0), LoopError);
}

TEST(Solver, ASelfLoopWithAnExitIsInfinityWithZero) {
  EdgeList g;
  g.next = {{}, {0, 1}};
  Solver<EdgeList> solver(g);
  EXPECT_EQ(solver.value(0), Nimber(0));
  EXPECT_EQ(solver.game_value(1), GameValue::infinite({Nimber{0}}));
  EXPECT_EQ(solver.winner(1), Winner::first);
  EXPECT_THAT(solver.winning_moves(1), ElementsAre(0));
  try {
    (void)solver.value(1);
    FAIL() << "no LoopError";
  } catch (const LoopError& e) {
    EXPECT_THAT(e.what(), HasSubstr("∞{0}"));
  }
  EXPECT_EQ(solver.value(0), Nimber(0));  // earlier results survive
}

TEST(Solver, ALoopWithAnExitCanHaveFiniteValues) {
  // 0 <-> 1, 1 -> 2, 2 terminal: 2 is 0; 1 reaches it, so 1 is *1; 0's one
  // move goes to 1, a win for the other player: 0 is 0, a loss, though play
  // from 0 could go round forever. 3 -> {0, 1}: options of value 0 and 1,
  // so *2.
  EdgeList g;
  g.next = {{1}, {0, 2}, {}, {0, 1}};
  Solver<EdgeList> solver(g);
  EXPECT_EQ(solver.value(3), Nimber(2));
  EXPECT_EQ(solver.value(0), Nimber(0));
  EXPECT_EQ(solver.game_value(1), GameValue(Nimber(1)));
  EXPECT_EQ(solver.winner(0), Winner::second);
  // Both of 1's moves go to a 0; the one to the terminal position ends the
  // play, so it comes first.
  EXPECT_THAT(solver.winning_moves(1), ElementsAre(2, 0));
}

TEST(Solver, LoopOfUnprintablePositions) {
  Solver<OpaqueCycle> solver;
  try {
    (void)solver.value(Opaque{0});
    FAIL() << "no LoopError";
  } catch (const LoopError& e) {
    EXPECT_THAT(e.what(), HasSubstr("position has the infinite value ∞{}"));
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

// Random digraphs with loops, asked about in a random order (so the walk
// meets the loopy part from many sides): each winner is the outcome the
// oracle finds by plain retrograde analysis of play (product_outcome.hpp),
// and in every won position, always taking the first winning move the
// solver lists ends the play, whatever the opponent does (Smith's counter).
TEST(Solver, LoopyGamesAgreeWithPlayAndTheirWinningMovesMakeProgress) {
  std::mt19937_64 rng(51);
  int wins = 0;
  int draws = 0;
  int losses = 0;
  for (int round = 0; round < 400; ++round) {
    const int n = static_cast<int>(2 + rng() % 9);
    const std::uint64_t percent = 10 + rng() % 30;
    EdgeList g;
    g.next.resize(static_cast<std::size_t>(n));
    for (int u = 0; u < n; ++u) {
      if (rng() % 4 == 0) continue;  // a terminal position
      for (int w = 0; w < n; ++w)
        if (rng() % 100 < percent) g.next[static_cast<std::size_t>(u)].push_back(w);
    }
    const test::ProductOutcomes oracle({g.next});
    Solver<EdgeList> solver(g);
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) order[static_cast<std::size_t>(v)] = v;
    std::shuffle(order.begin(), order.end(), rng);
    for (int v : order) {
      const Winner w = solver.winner(v);
      const test::Outcome expected = oracle.outcome_of({v});
      ASSERT_EQ(w == Winner::first, expected == test::Outcome::win) << "position " << v << ", round " << round;
      ASSERT_EQ(w == Winner::draw, expected == test::Outcome::draw) << "position " << v << ", round " << round;
      ++(w == Winner::first ? wins : w == Winner::draw ? draws : losses);
      if (w != Winner::first) {
        ASSERT_TRUE(solver.winning_moves(v).empty());
        continue;
      }
      // Play it out: the winner always takes the first winning move, the
      // other side a random move. The play must end with the other side
      // stuck, within n moves of the winner's (each makes progress).
      int at = v;
      int steps = 0;
      for (;;) {
        const std::vector<int> winning = solver.winning_moves(at);
        ASSERT_FALSE(winning.empty()) << "a won position without a winning move, round " << round;
        at = winning.front();
        const std::vector<int>& replies = g.next[static_cast<std::size_t>(at)];
        if (replies.empty()) break;
        ASSERT_LT(++steps, n + 1) << "the winner's moves made no progress from " << v << ", round " << round;
        at = replies[static_cast<std::size_t>(rng() % replies.size())];
      }
    }
    // Every position was asked about, each counted once, whether the mex
    // walk or the labelling gave its value.
    ASSERT_EQ(solver.known_positions(), static_cast<std::size_t>(n)) << "round " << round;
  }
  EXPECT_GT(wins, 400);
  EXPECT_GT(draws, 200);
  EXPECT_GT(losses, 200);
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// Kayles's values (octal 0.77, OEIS A002186): G(0..17).
constexpr std::array<int, 18> kKayles{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4};

TEST(Solver, AGameWithCanonicalIsSearchedByPartsAndAgreesWithTheWalk) {
  Solver<KaylesRows> walked;
  Solver<KaylesRowsByParts> searched;
  static_assert(!Solver<KaylesRows>::kSearched && Solver<KaylesRowsByParts>::kSearched);
  for (int n = 0; n < static_cast<int>(kKayles.size()); ++n) {
    const Rows row{n == 0 ? std::vector<int>{} : std::vector<int>{n}};
    ASSERT_EQ(searched.value(row), Nimber(static_cast<std::uint64_t>(kKayles[static_cast<std::size_t>(n)])))
        << "row " << n;
    ASSERT_EQ(walked.value(row), searched.value(row)) << "row " << n;
  }
  // Sums of rows, with their winning moves: the same as the plain walk's.
  std::mt19937_64 rng(7);
  for (int round = 0; round < 60; ++round) {
    Rows rows;
    for (int k = 0; k < 3; ++k) rows.lengths.push_back(1 + static_cast<int>(rng() % 9));
    std::sort(rows.lengths.begin(), rows.lengths.end());
    ASSERT_EQ(searched.value(rows), walked.value(rows));
    ASSERT_EQ(searched.winner(rows), walked.winner(rows));
    ASSERT_EQ(searched.game_value(rows), walked.game_value(rows));
    ASSERT_EQ(searched.winning_moves(rows), walked.winning_moves(rows));
    ASSERT_EQ(searched.moves_to_value(rows, Nimber(1)), walked.moves_to_value(rows, Nimber(1)));
  }
  // The search values rows (at most 18 lengths and the empty row), not
  // whole positions as the walk does.
  EXPECT_LE(searched.known_positions(), 20u);
  EXPECT_GT(walked.known_positions(), 200u);
  EXPECT_FALSE(searched.has_cycles());
}

TEST(Solver, ACanonicalFormFoldsSymmetricPositions) {
  Solver<TwoHeapsSymmetric> solver;
  for (int a = 0; a < 12; ++a)
    for (int b = 0; b < 12; ++b) ASSERT_EQ(solver.value({a, b}), Nimber(static_cast<std::uint64_t>(a ^ b)));
  EXPECT_THAT(solver.winning_moves({3, 5}), ElementsAre(TwoHeaps{3, 3}));
  // (a, b) and (b, a) are one part: at most 12 * 13 / 2 of them.
  EXPECT_LE(solver.known_positions(), 78u);
}

TEST(Solver, ASearchedGameWithALoopGetsAnErrorNotACrash) {
  Solver<LoopWithCanonical> solver;
  try {
    (void)solver.value(0);
    FAIL() << "a loop was valued";
  } catch (const LimitError& e) {
    EXPECT_THAT(e.what(), HasSubstr("has a loop"));
  }
}

}  // namespace
}  // namespace grundy
