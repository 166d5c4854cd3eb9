#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "grundy/heap_game.hpp"
#include "grundy/misere/misere.hpp"
#include "grundy/misere/misere_quotient.hpp"
#include "grundy/misere/misere_quotient_moves.hpp"
#include "grundy/spec.hpp"
#include "grundy/sum.hpp"

namespace grundy {
namespace {

// Every option of heap n listed by the game, kept when it wins against a
// rest of class `rest`: the answer without the periodic shortcut.
QuotientMoves listed_winning_options(const Game& game, const MisereQuotient& q, Position n, QuotientElement rest) {
  QuotientMoves out;
  std::uint64_t total = 0;
  for (Option& o : game.list_options(n, kNoLimit).options)
    if (q.in_p[q.multiply(rest, q.element_of(o))]) {
      ++total;
      out.options.push_back(std::move(o));
    }
  out.total = total;
  return out;
}

const char* const kWholeGames[] = {"octal:0.75", "octal:0.15", "octal:0.53", "octal:0.12", "kayles"};

// Through the periodic part, heap by heap and class by class, the same
// winning options in the same order as listing every option, and the same
// counts; a limit keeps the first ones and the count.
TEST(QuotientMoves, AgreeWithEveryOptionListed) {
  for (const char* spec : kWholeGames) {
    const auto game = parse_game(spec);
    const std::vector<std::uint8_t> digits = game->heap_game()->octal_digits();
    ASSERT_FALSE(digits.empty()) << spec;
    const MisereQuotient q = compute_whole_misere_quotient(*game, 200);
    ASSERT_TRUE(q.whole.has_value()) << spec;
    const Position last = q.max_heap + 3 * q.whole->period + 30;
    for (Position n = 0; n <= last; ++n)
      for (QuotientElement rest = 0; rest < q.size; ++rest) {
        const QuotientMoves want = listed_winning_options(*game, q, n, rest);
        const QuotientMoves got = quotient_winning_options(q, digits, n, rest, kNoLimit);
        ASSERT_EQ(got.options, want.options) << spec << " heap " << n << " rest " << q.element_text(rest);
        ASSERT_EQ(got.total, want.total) << spec << " heap " << n;
        const QuotientMoves first = quotient_winning_options(q, digits, n, rest, 2);
        ASSERT_EQ(first.total, want.total);
        ASSERT_EQ(first.options.size(), std::min<std::size_t>(2, want.options.size()));
        for (std::size_t i = 0; i < first.options.size(); ++i) ASSERT_EQ(first.options[i], want.options[i]);
      }
  }
}

// Heaps near 2^64: the moves listed are moves and win, and the counts grow
// as the listed counts of mid-sized heaps do. Once heaps are periodic, 2p
// more tokens add exactly one split of each residue class, so the count
// is linear in n over steps of 2p.
TEST(QuotientMoves, HeapsOfAnySize) {
  for (const char* spec : kWholeGames) {
    const auto game = parse_game(spec);
    const std::vector<std::uint8_t> digits = game->heap_game()->octal_digits();
    const MisereQuotient q = compute_whole_misere_quotient(*game, 200);
    ASSERT_TRUE(q.whole.has_value()) << spec;
    const Position step = 2 * q.whole->period;
    const Position mid = 2 * q.max_heap + 7;
    for (QuotientElement rest = 0; rest < q.size; ++rest) {
      const QuotientMoves at = listed_winning_options(*game, q, mid, rest);
      const QuotientMoves next = listed_winning_options(*game, q, mid + step, rest);
      const std::uint64_t gain = *next.total - *at.total;
      const std::uint64_t steps = (~std::uint64_t{0} - mid) / step / 2;  // keeps the count below 2^64
      const Position huge = mid + steps * step;
      const QuotientMoves got = quotient_winning_options(q, digits, huge, rest, 50);
      ASSERT_EQ(got.total, *at.total + steps * gain) << spec << " rest " << q.element_text(rest);
      for (const Option& o : got.options) {
        ASSERT_EQ(game->why_not_option(huge, o), "") << spec;
        ASSERT_TRUE(q.in_p[q.multiply(rest, q.element_of(o))]) << spec;
      }
    }
  }
}

// A sum with heaps past any table: decided and answered through the whole
// game's quotient, with the same moves as the quotient of the heaps in play
// where that one can be computed.
TEST(QuotientMoves, SumsOfAnySizeThroughTheWholeGame) {
  const auto game = parse_game("octal:0.75");
  const std::vector<Component> big{{game.get(), 1'000'001}, {game.get(), 999'999}, {game.get(), 7}};
  const MisereAnalysis a = analyze_misere_sum(big, 5);
  EXPECT_EQ(a.method, MisereMethod::quotient);
  ASSERT_TRUE(a.quotient && a.quotient->whole);
  EXPECT_EQ(a.winner, Winner::first);
  ASSERT_FALSE(a.winning_moves.empty());
  for (const Move& m : a.winning_moves) {
    const std::vector<Component> after = after_move(big, m);
    std::vector<Position> heaps;
    for (const Component& c : after) heaps.push_back(c.position);
    EXPECT_TRUE(a.quotient->is_p_position(heaps));
  }
  // Heaps up to 40: the whole game's answer equals the bounded quotient's.
  MisereOptions bounded;
  bounded.whole_quotient_most_heaps = 0;
  bounded.quick_search_sums = 0;
  MisereOptions whole;
  whole.quick_search_sums = 0;
  for (Position x = 20; x <= 40; x += 3)
    for (Position y = 1; y <= 40; y += 7) {
      const std::vector<Component> sum{{game.get(), x}, {game.get(), y}};
      const MisereAnalysis w = analyze_misere_sum(sum, kNoLimit, whole);
      const MisereAnalysis b = analyze_misere_sum(sum, kNoLimit, bounded);
      ASSERT_EQ(w.method, MisereMethod::quotient);
      ASSERT_EQ(b.method, MisereMethod::quotient);
      ASSERT_TRUE(w.quotient->whole);
      ASSERT_FALSE(b.quotient->whole);
      ASSERT_EQ(w.winner, b.winner) << x << " + " << y;
      ASSERT_EQ(w.winning_moves.size(), b.winning_moves.size()) << x << " + " << y;
      for (std::size_t i = 0; i < w.winning_moves.size(); ++i)
        ASSERT_EQ(w.winning_moves[i], b.winning_moves[i]) << x << " + " << y;
    }
}

}  // namespace
}  // namespace grundy
