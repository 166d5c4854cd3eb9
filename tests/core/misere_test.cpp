#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <random>
#include <vector>

#include <fmt/format.h>

#include "grundy/analysis.hpp"
#include "grundy/error.hpp"
#include "grundy/misere/misere.hpp"
#include "grundy/misere/misere_quotient.hpp"
#include "grundy/misere/misere_search.hpp"
#include "grundy/spec.hpp"
#include "grundy/time_limit.hpp"

namespace grundy {
namespace {

QuotientElement evaluate(const MisereQuotient& q, const GeneratorWord& w) {
  QuotientElement x = 0;
  for (std::size_t i = 0; i < w.size(); ++i)
    for (std::uint32_t k = 0; k < w[i]; ++k) x = q.multiply(x, q.pretending[q.generator_heaps[i]]);
  return x;
}

struct QuotientCase {
  const char* spec;
  std::uint64_t max_heap;
};

class QuotientStructure : public ::testing::TestWithParam<QuotientCase> {};

// The quotient is a commutative monoid whose presentation describes it: every
// normal form evaluates to its own element, and both sides of every relation
// to the same one.
TEST_P(QuotientStructure, IsTheMonoidItsPresentationDescribes) {
  const auto game = parse_game(GetParam().spec);
  const MisereQuotient q = compute_misere_quotient(*game, GetParam().max_heap);
  ASSERT_EQ(q.products.size(), std::size_t{q.size} * q.size);
  ASSERT_EQ(q.pretending.size(), GetParam().max_heap + 1);
  EXPECT_EQ(q.pretending[0], 0u);
  EXPECT_FALSE(q.in_p[0]) << "the empty sum is won by the player to move";
  std::uint64_t broken = 0;  // counted, not asserted one by one: 360^3 triples for 0.07
  for (QuotientElement x = 0; x < q.size; ++x) {
    EXPECT_EQ(q.multiply(0, x), x);
    for (QuotientElement y = 0; y < q.size; ++y) {
      broken += q.multiply(x, y) != q.multiply(y, x) ? 1u : 0u;
      const QuotientElement xy = q.multiply(x, y);
      for (QuotientElement z = 0; z < q.size; ++z)
        broken += q.multiply(xy, z) != q.multiply(x, q.multiply(y, z)) ? 1u : 0u;
    }
    EXPECT_EQ(evaluate(q, q.normal_forms[x]), x) << q.element_text(x);
  }
  EXPECT_EQ(broken, 0u) << "products that are not commutative or not associative";
  for (const QuotientRelation& r : q.relations)
    EXPECT_EQ(evaluate(q, r.left), evaluate(q, r.right)) << q.word_text(r.left) << " = " << q.word_text(r.right);
  EXPECT_EQ(q.sizes.back(), q.size);
  EXPECT_GT(q.proof_states, 0u);
}

INSTANTIATE_TEST_SUITE_P(Games, QuotientStructure,
                         ::testing::Values(QuotientCase{"nim", 7}, QuotientCase{"octal:0.75", 30},
                                           QuotientCase{"kayles", 16}, QuotientCase{"octal:0.07", 20},
                                           QuotientCase{"subtraction:1,2", 12}, QuotientCase{"octal:0.07", 30}));

// Heap 25 of Dawson's Kayles tells apart sums that Q_24 confuses: 21 and
// 4 + 4 are one element of Q_24 but not of Q_25 (21 + 25 is a P-position,
// 4 + 4 + 25 is not, by the exact search). The recalibration finds the split,
// and Q_30 has the 360 elements Siegel reports (tests/data/misere).
TEST(MisereQuotient, SplitsEarlierClassesWhenANewHeapTellsThemApart) {
  const auto game = parse_game("octal:0.07");
  const MisereQuotient q24 = compute_misere_quotient(*game, 24);
  const std::vector<Position> h21{21};
  const std::vector<Position> h44{4, 4};
  EXPECT_EQ(q24.element_of(h21), q24.element_of(h44));
  const MisereQuotient q30 = compute_misere_quotient(*game, 30);
  EXPECT_EQ(q30.size, 360u);
  EXPECT_GT(q30.recalibrations, 0u);
  EXPECT_NE(q30.element_of(h21), q30.element_of(h44));
  MisereSearch search;
  for (const std::vector<Position>& heaps : {std::vector<Position>{21, 25}, std::vector<Position>{4, 4, 25}}) {
    std::vector<Component> sum;
    for (Position h : heaps) sum.push_back({game.get(), h});
    EXPECT_EQ(q30.is_p_position(heaps), search.is_p_position(sum));
  }
  const std::vector<Position> p_sum{21, 25};
  EXPECT_TRUE(q30.is_p_position(p_sum));
}

// A quotient asked for again is the one computed before (a play session's
// hints, Python's calls), and the same as computing it afresh.
TEST(MisereQuotient, OneAskedForAgainIsSharedNotComputedAgain) {
  const auto game = parse_game("octal:0.07");
  const auto first = shared_misere_quotient(*game, 24);
  const auto again = shared_misere_quotient(*parse_game("octal:0.07"), 24);
  EXPECT_EQ(first.get(), again.get());
  const MisereQuotient fresh = compute_misere_quotient(*game, 24);
  EXPECT_EQ(first->size, fresh.size);
  EXPECT_EQ(first->max_heap, 24u);
  EXPECT_NE(shared_misere_quotient(*game, 23).get(), first.get());  // another bound, another quotient
  QuotientLimits small;
  small.max_size = 10;  // 24 heaps need more: refused each time, never kept
  EXPECT_THROW((void)shared_misere_quotient(*game, 24, small), LimitError);
  EXPECT_THROW((void)shared_misere_quotient(*game, 24, small), LimitError);
  // The whole game's quotient is kept apart from the bounded ones.
  EXPECT_NE(shared_whole_misere_quotient(*game, 24).get(), first.get());
}

// Two independent ways to the same outcome: the quotient's product and the
// exact search over sums.
TEST(MisereQuotient, AgreesWithTheExactSearch) {
  // Codes with d0 = 4 split a heap without taking a token (issue 76): every
  // option is still a sum of smaller heaps.
  for (const char* spec : {"octal:0.07", "kayles", "octal:0.137", "subtraction:2,3", "octal:4.7", "octal:4.07",
                           "octal:4.3", "octal:4.0", "octal:4.4"}) {
    const auto game = parse_game(spec);
    const MisereQuotient q = compute_misere_quotient(*game, 10);
    MisereSearch search;
    for (Position a = 0; a <= 10; ++a)
      for (Position b = a; b <= 10; ++b)
        for (Position c = b; c <= 10; ++c) {
          const std::vector<Position> heaps{a, b, c};
          const std::vector<Component> sum{{game.get(), a}, {game.get(), b}, {game.get(), c}};
          ASSERT_EQ(q.is_p_position(heaps), search.is_p_position(sum)) << spec << " " << a << " " << b << " " << c;
        }
  }
}

TEST(MisereQuotient, SaysWhatItCannotDo) {
  const auto kayles = parse_game("kayles");
  const MisereQuotient q = compute_misere_quotient(*kayles, 5);
  const std::vector<Position> beyond{6};
  EXPECT_THROW((void)q.element_of(beyond), InputError);
  const auto loopy = parse_game("graph:" GRUNDY_TEST_DATA "/graphs/loopy.txt");
  EXPECT_THROW((void)compute_misere_quotient(*loopy, 3), InputError);
  QuotientLimits tight;
  tight.max_size = 4;
  EXPECT_THROW((void)compute_misere_quotient(*kayles, 12, tight), LimitError);
  EXPECT_THROW((void)compute_misere_quotient(*kayles, kMostQuotientHeap + 1), InputError);
  EXPECT_THROW((void)compute_whole_misere_quotient(*parse_game("octal:0.75"), kMostQuotientHeap + 1), InputError);
}

// An observed period needs two whole periods and kSeenPeriodRepeats heaps
// past the first: the last heaps alike are a coincidence, not a period 1.
TEST(MisereQuotient, AnObservedPeriodIsSeenMoreThanOnce) {
  MisereQuotient q;
  auto seen = [&](std::vector<QuotientElement> f) {
    q.pretending = std::move(f);
    return pretending_period(q);
  };
  EXPECT_FALSE(seen({0, 1, 2, 3, 4, 5, 6, 7, 8, 8}));
  EXPECT_FALSE(seen({0, 1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6}));  // 6 heaps alike: one period and 5 more
  const auto one = seen({0, 1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6});
  ASSERT_TRUE(one);
  EXPECT_EQ(one->period, 1u);
  EXPECT_EQ(one->preperiod, 6u);
  const auto two = seen({5, 0, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2});
  ASSERT_TRUE(two);
  EXPECT_EQ(two->period, 2u);
  EXPECT_EQ(two->preperiod, 2u);  // (heap 1's 0 is not heap 3's 2)
  // A long period needs only two of itself.
  std::vector<QuotientElement> f{9, 9, 9};
  for (int r = 0; r < 2; ++r)
    for (QuotientElement x = 0; x < 10; ++x) f.push_back(x);
  const auto ten = seen(f);
  ASSERT_TRUE(ten);
  EXPECT_EQ(ten->period, 10u);
  EXPECT_EQ(ten->preperiod, 2u);  // (heap 2's 9 is heap 12's)
  f.pop_back();
  EXPECT_TRUE(seen(f));  // heaps 2..20: two periods still
  f.pop_back();
  EXPECT_FALSE(seen(f));
}

TEST(MisereSearch, StopsAtItsBound) {
  const auto kayles = parse_game("kayles");
  MisereSearch search(1000);
  const std::vector<Component> sum{{kayles.get(), 30}, {kayles.get(), 30}, {kayles.get(), 30}};
  EXPECT_THROW((void)search.is_p_position(sum), LimitError);
}

TEST(MisereSearch, EmptyAndTerminalSumsAreWonByThePlayerToMove) {
  const auto nim = parse_game("nim");
  MisereSearch search;
  EXPECT_FALSE(search.is_p_position(std::vector<Component>{}));
  EXPECT_FALSE(search.is_p_position(std::vector<Component>{{nim.get(), 0}, {nim.get(), 0}}));
  EXPECT_TRUE(search.is_p_position(std::vector<Component>{{nim.get(), 1}}));
  EXPECT_TRUE(search.is_p_position(std::vector<Component>{{nim.get(), 2}, {nim.get(), 2}}));
}

TEST(MisereNim, BoutonsRule) {
  const std::uint64_t top = ~std::uint64_t{0};
  EXPECT_TRUE(misere_nim_p_position(std::vector<std::uint64_t>{1}));
  EXPECT_FALSE(misere_nim_p_position(std::vector<std::uint64_t>{}));
  EXPECT_FALSE(misere_nim_p_position(std::vector<std::uint64_t>{1, 1}));
  EXPECT_TRUE(misere_nim_p_position(std::vector<std::uint64_t>{1, 1, 1}));
  EXPECT_TRUE(misere_nim_p_position(std::vector<std::uint64_t>{top, top}));
  EXPECT_FALSE(misere_nim_p_position(std::vector<std::uint64_t>{top, top, 1}));
  EXPECT_TRUE(misere_nim_p_position(std::vector<std::uint64_t>{2, 3, 1}));
}

TEST(MisereAnalysis, NimMovesFollowTheRule) {
  const auto nim = parse_game("nim");
  const std::uint64_t top = ~std::uint64_t{0};
  const std::vector<Component> sum{{nim.get(), top}, {nim.get(), 1}};
  const MisereAnalysis a = analyze_misere_sum(sum);
  EXPECT_EQ(a.method, MisereMethod::nim_rule);
  EXPECT_EQ(a.winner, Winner::first);
  // Only the big heap can move: to 0 (leaving one heap of 1, lost for the next player).
  ASSERT_EQ(a.winning_moves.size(), 1u);
  EXPECT_EQ(a.winning_moves[0].component, 0u);
  EXPECT_EQ(a.winning_moves[0].to, Option{0});
}

TEST(MisereAnalysis, CyclesAreRefused) {
  const auto loopy = parse_game("graph:" GRUNDY_TEST_DATA "/graphs/loopy.txt");
  const std::vector<Component> sum{{loopy.get(), 0}};
  EXPECT_THROW((void)misere_outcome(sum), InputError);
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// A chain of a million moves: the path alone must count against the bound,
// before any sum on it is decided.
TEST(MisereSearch, CountsThePathAgainstItsBound) {
  const auto chain = parse_game("subtraction:1");
  MisereSearch search(1000);
  const std::vector<Component> sum{{chain.get(), 1'000'000}};
  EXPECT_THROW((void)search.is_p_position(sum), LimitError);
}

// Games whose moves keep the heaps' total (Grundy's game splits a heap in
// two) have no quotient here: the search answers instead.
// A nonempty sum whose class is the identity must still be checked: with
// 0.3723 up to heap 13, 13 + 13 is a P-position (found by a review's fuzzing,
// when the proof let the empty sum stand for such sums).
TEST(MisereQuotient, SumsOfTheIdentitysClassAreChecked) {
  const auto game = parse_game("octal:0.3723");
  const MisereQuotient q = compute_misere_quotient(*game, 13);
  MisereSearch search;
  for (const std::vector<Position>& heaps : {std::vector<Position>{13, 13}, std::vector<Position>{7, 7, 13, 13}}) {
    std::vector<Component> sum;
    for (Position h : heaps) sum.push_back({game.get(), h});
    EXPECT_EQ(q.is_p_position(heaps), search.is_p_position(sum)) << heaps.size();
  }
  const std::vector<Position> twice{13, 13};
  EXPECT_TRUE(q.is_p_position(twice));
}

// Without a quotient (none asked for here), small heaps of Grundy's game
// are tame (genus), the larger ones wild and searched; with one (its moves
// split a heap into two smaller ones: issue 76), the quotient decides. Every
// answer equals the plain search's.
TEST(MisereAnalysis, GamesWithoutQuotientAreDecidedByGenusOrSearch) {
  const auto game = parse_game("grundy-game");
  MisereOptions options;
  options.quick_search_sums = 1;  // skip the quick search
  MisereOptions without = options;
  without.quotient_limits.max_size = 1;  // no quotient: each has more elements
  int genus = 0;
  int searched = 0;
  int quotient = 0;
  for (Position h = 1; h <= 24; ++h) {
    const std::vector<Component> sum{{game.get(), h}, {game.get(), 3}};
    const MisereAnalysis a = misere_outcome(sum, without);
    EXPECT_NE(a.method, MisereMethod::quotient);
    genus += a.method == MisereMethod::genus ? 1 : 0;
    searched += a.method == MisereMethod::search ? 1 : 0;
    const MisereAnalysis b = misere_outcome(sum, options);
    quotient += b.method == MisereMethod::quotient ? 1 : 0;
    MisereSearch search;
    EXPECT_EQ(a.winner == Winner::second, search.is_p_position(sum)) << h;
    EXPECT_EQ(b.winner, a.winner) << h;
  }
  EXPECT_EQ(quotient, 24);
  EXPECT_GT(genus, 0);
  EXPECT_GT(searched, 0);
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// Misère moves are found by the chain that decides the winner: whenever
// misere_outcome says the first player wins, analyze_misere_sum lists a
// winning move (found by a review: sums the quick search decided then ran
// out of its 100,000 sums while listing moves), and each move listed
// leaves a position an independent exact search calls a P-position.
TEST(MisereAnalysis, MovesAreFoundWheneverTheWinnerIs) {
  std::mt19937_64 rng(5);
  int won = 0;
  for (const char* spec : {"kayles", "octal:0.75", "dawson-kayles", "dawson-chess"}) {
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    MisereSearch search;  // shared by the trials: they reach many of the same sums
    for (int trial = 0; trial < 12; ++trial) {
      std::vector<Component> sum;
      const std::size_t n = 3 + rng() % 2;
      for (std::size_t k = 0; k < n; ++k) sum.push_back({game.get(), 1 + rng() % 14});
      const MisereAnalysis verdict = misere_outcome(sum);
      const MisereAnalysis a = analyze_misere_sum(sum, 64);
      ASSERT_EQ(a.winner, verdict.winner);
      if (a.winner != Winner::first) continue;
      ++won;
      ASSERT_FALSE(a.winning_moves.empty()) << "trial " << trial;
      for (const Move& m : a.winning_moves) EXPECT_TRUE(search.is_p_position(after_move(sum, m)));
    }
  }
  EXPECT_GT(won, 10);
}

// The sum of the review, decided by the quick search, and its moves.
TEST(MisereAnalysis, KaylesSumDecidedQuicklyListsItsMoves) {
  const auto kayles = parse_game("kayles");
  std::vector<Component> sum;
  for (const Position h : std::vector<Position>{12, 6, 13, 4, 11}) sum.push_back({kayles.get(), h});
  const MisereAnalysis a = analyze_misere_sum(sum);
  ASSERT_EQ(a.winner, Winner::first);
  EXPECT_EQ(a.winning_moves.size(), 6u);
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// The whole game's quotient (the periodicity theorem for octal codes): the
// codes below are proven whole within a few dozen heaps. Each answer is
// checked on sums with heaps past the heaps the proof examined, against the
// quotient of heaps 0..80 (proven by the check over every sum, without the
// theorem) and, for smaller sums, against the exact search.
// Measured with `grundy quotient` (docs/misere.md): Kayles is proven whole at
// heap 167 (40 elements, period 12 from heap 71), 0.15 at heap 153.
TEST(MisereQuotient, WholeGameIsProvenByThePeriodicityTheorem) {
  std::mt19937_64 random(20261203);
  for (const char* spec : {"octal:0.75", "octal:0.7", "octal:0.3", "octal:0.12", "octal:0.34", "octal:0.31",
                           "octal:0.53", "octal:0.71", "octal:0.72", "octal:0.15", "kayles"}) {
    const auto game = parse_game(spec);
    const MisereQuotient whole = compute_whole_misere_quotient(*game, 200);
    ASSERT_TRUE(whole.whole.has_value()) << spec << ": " << whole.stopped;
    const QuotientPeriod& w = *whole.whole;
    EXPECT_TRUE(whole.stopped.empty()) << spec;
    EXPECT_EQ(w.checked_to, whole.max_heap) << spec;
    // The theorem's range, and the proof came at the first heap it could.
    EXPECT_GE(w.checked_to + 1, 2 * std::max<std::uint64_t>(w.preperiod, 1) + 2 * w.period + w.code_length) << spec;
    EXPECT_FALSE(compute_whole_misere_quotient(*game, w.checked_to - 1).whole.has_value()) << spec;
    for (std::uint64_t n = w.preperiod; n + w.period <= whole.max_heap; ++n)
      ASSERT_EQ(whole.pretending[n], whole.pretending[n + w.period]) << spec << " heap " << n;
    const std::uint64_t far = std::max<std::uint64_t>(80, whole.max_heap + 2 * w.period + 10);
    const MisereQuotient bounded = compute_misere_quotient(*game, far);
    std::uniform_int_distribution<Position> heap(0, far);
    for (std::size_t trial = 0; trial < 3000; ++trial) {
      std::vector<Position> heaps(1 + trial % 4);
      for (Position& h : heaps) h = heap(random);
      ASSERT_EQ(whole.is_p_position(heaps), bounded.is_p_position(heaps)) << spec << " trial " << trial;
    }
    MisereSearch search;
    std::uniform_int_distribution<Position> small(whole.max_heap - 4, whole.max_heap + 2 * w.period + 4);
    for (Position trial = 0; whole.max_heap <= 40 && trial < 40; ++trial) {
      const Position a = small(random), b = trial % 7;
      const std::vector<Position> heaps{a, b};
      const std::vector<Component> sum{{game.get(), a}, {game.get(), b}};
      ASSERT_EQ(whole.is_p_position(heaps), search.is_p_position(sum)) << spec << " " << a << " + " << b;
    }
    // Any heap below 2^64 has its element.
    const std::vector<Position> huge{~Position{0}, Position{1} << 40};
    EXPECT_NO_THROW((void)whole.element_of(huge)) << spec;
    EXPECT_EQ(whole.pretending_of(~Position{0}),
              whole.pretending[w.preperiod + (~Position{0} - w.preperiod) % w.period]);
  }
}

// Published: 0.75's quotient has 8 elements, its pretending function period 2
// (Plambeck and Siegel, JCTA 2008, the example of their introduction).
TEST(MisereQuotient, WholeGameOfOctal075) {
  const MisereQuotient q = compute_whole_misere_quotient(*parse_game("octal:0.75"), 100);
  ASSERT_TRUE(q.whole.has_value());
  EXPECT_EQ(q.size, 8u);
  EXPECT_EQ(q.whole->period, 2u);
  EXPECT_EQ(q.whole->preperiod, 8u);
  EXPECT_EQ(q.whole->code_length, 2u);
}

// A tame game proven whole has a genus for every heap: the genus of the heap
// its period maps it to. Checked against the quotient built directly to
// heap max_heap + 40, whose genera come from its own tame check, for every
// two-digit code (d0 = 0) proven whole and tame within its limits; and a
// wild quotient has none.
TEST(MisereQuotient, TameWholeGamesHaveTheGenusOfEveryHeap) {
  QuotientLimits quick;  // (tame quotients are small: the wild ones stop early)
  quick.max_seconds = 0.3;
  quick.max_size = 200;
  int checked = 0;
  for (int d1 = 0; d1 < 8; ++d1)
    for (int d2 = 0; d2 < 8; ++d2) {
      const std::string spec = fmt::format("octal:0.{}{}", d1, d2);
      const auto game = parse_game(spec);
      const MisereQuotient whole = compute_whole_misere_quotient(*game, 100, quick);
      if (!whole.whole || !whole.tame) continue;
      const std::uint64_t far = whole.max_heap + 40;
      MisereQuotient direct;
      try {
        direct = compute_misere_quotient(*game, far, quick);
      } catch (const LimitError&) {
        continue;
      }
      ASSERT_TRUE(direct.tame) << spec;
      for (std::uint64_t n = 0; n <= far; ++n) ASSERT_EQ(whole.genus_of(n), direct.genus[n]) << spec << " heap " << n;
      EXPECT_EQ(whole.genus_of(std::uint64_t{1} << 62), whole.genus[whole.heap_like(std::uint64_t{1} << 62)]);
      ++checked;
    }
  EXPECT_GE(checked, 15) << "tame two-digit codes checked";
  const auto g031 = parse_game("octal:0.31");  // period 2 from heap 3
  const std::vector<Component> heap{{g031.get(), 1'000'001}};
  const std::vector<MisereValue> v = misere_values(heap);
  ASSERT_TRUE(v[0].genus.has_value());
  EXPECT_EQ(*v[0].genus, compute_misere_quotient(*g031, 15).genus[13]);  // (an odd heap, as 1,000,001)
  EXPECT_THROW((void)compute_whole_misere_quotient(*parse_game("octal:0.75"), 100).genus_of(3), InputError);
}

TEST(MisereQuotient, WholeGameStopsAndSaysWhy) {
  // Too few heaps for the theorem: the quotient it has, and why.
  const auto game = parse_game("octal:0.75");
  const MisereQuotient short_of = compute_whole_misere_quotient(*game, 12);
  EXPECT_FALSE(short_of.whole.has_value());
  EXPECT_EQ(short_of.max_heap, 12u);
  EXPECT_NE(short_of.stopped.find("by heap 12"), std::string::npos) << short_of.stopped;
  EXPECT_EQ(short_of.stop, MisereQuotient::Stop::most_heaps);
  EXPECT_EQ(compute_whole_misere_quotient(*game, 100).stop, MisereQuotient::Stop::none);
  const std::vector<Position> beyond{13};
  EXPECT_THROW((void)short_of.element_of(beyond), InputError);
  // A limit stops a step: the last proven quotient, and the limit named.
  QuotientLimits tight;
  tight.max_size = 30;
  const MisereQuotient dawson = compute_whole_misere_quotient(*parse_game("octal:0.07"), 100, tight);
  EXPECT_FALSE(dawson.whole.has_value());
  EXPECT_LT(dawson.max_heap, 100u);
  EXPECT_LE(dawson.size, 30u);
  EXPECT_NE(dawson.stopped.find("more than 30 elements"), std::string::npos) << dawson.stopped;
  EXPECT_EQ(dawson.stop, MisereQuotient::Stop::size);
  EXPECT_EQ(dawson.pretending.size(), dawson.max_heap + 1);
  // Games without an octal rule: the theorem does not apply.
  EXPECT_THROW((void)compute_whole_misere_quotient(*parse_game("subtraction:2,3"), 50), InputError);
  EXPECT_THROW((void)compute_whole_misere_quotient(*parse_game("grundy"), 50), InputError);
}

// A time limit stops the search within its seconds (of the thread's
// processor time), and what it returns is the quotient of the heaps it
// proved: the same as the quotient of those heaps computed without a limit.
// Daisies (4.7) grows for minutes past heap 30, so 0.3 s stops it early.
TEST(MisereQuotient, WholeGameStopsAtItsTimeLimitWithTheQuotientItProved) {
  const auto game = parse_game("octal:4.7");
  QuotientLimits limits;
  limits.max_seconds = 0.3;
  const double start = thread_processor_seconds();
  const MisereQuotient stopped = compute_whole_misere_quotient(*game, 300, limits);
  // The step under way when the time ran out ends at its next checkpoint;
  // presenting the quotient comes after (sanitizers slow both).
  EXPECT_LT(thread_processor_seconds() - start, 30.0);
  EXPECT_FALSE(stopped.whole.has_value());
  EXPECT_EQ(stopped.stop, MisereQuotient::Stop::time);
  EXPECT_NE(stopped.stopped.find("time limit of 0.3 s"), std::string::npos) << stopped.stopped;
  ASSERT_GT(stopped.max_heap, 0u);
  ASSERT_LT(stopped.max_heap, 300u);
  const MisereQuotient bounded = compute_misere_quotient(*game, stopped.max_heap);
  EXPECT_EQ(stopped.size, bounded.size);
  EXPECT_EQ(stopped.pretending, bounded.pretending);
  EXPECT_EQ(stopped.in_p, bounded.in_p);
  EXPECT_EQ(stopped.products, bounded.products);
  // A limit met while a quotient of heaps up to a bound is computed is an error.
  limits.max_seconds = 0.05;
  EXPECT_THROW((void)compute_misere_quotient(*game, 60, limits), LimitError);
}

}  // namespace
}  // namespace grundy
