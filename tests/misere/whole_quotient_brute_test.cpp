// The whole-game misère quotients of the two-digit octal census against a
// plain memoised misère search written here: sums are multisets of heaps,
// moves come from the code's digits read in this file, and no quotient is
// used. Every sum of total at most 32 (22 under the sanitizers; 40 was
// run by hand, docs/misere.md) is compared, which includes heaps past the
// heap where the periodicity theorem's check ended for most games (0.75 is
// proven at heap 21). A
// pretending function changed at one heap of its period must disagree, and
// `winner --misere` must agree on random sums with a heap of up to 45.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/misere/misere.hpp"
#include "grundy/misere/misere_quotient.hpp"
#include "grundy/spec.hpp"
#include "support/sanitized.hpp"

namespace grundy {
namespace {

using Heaps = std::string;  // a multiset of heaps: sizes 1..255 as sorted bytes

// Misère outcomes of sums of one game 0.d1d2 or 4.d1d2 (digit d_k for
// taking k tokens: bit 1 leaves nothing, bit 2 one heap, bit 4 two heaps;
// d0 = 4 splits a heap in two without taking).
class PlainMisereSearch {
 public:
  explicit PlainMisereSearch(const std::string& code) {
    digits_.push_back(code[0] == '4' ? 4 : 0);
    for (std::size_t i = 2; i < code.size(); ++i) digits_.push_back(static_cast<unsigned>(code[i] - '0'));
  }

  // Whether the player to move loses (misère play: the one who cannot move wins).
  bool is_p(Heaps heaps) {
    std::sort(heaps.begin(), heaps.end());
    if (const auto it = memo_.find(heaps); it != memo_.end()) return it->second;
    bool any_move = false, to_p = false;
    for (std::size_t i = 0; i < heaps.size() && !to_p; ++i) {
      if (i > 0 && heaps[i] == heaps[i - 1]) continue;
      Heaps rest = heaps;
      rest.erase(i, 1);
      const std::vector<Heaps>& moves = options(static_cast<unsigned char>(heaps[i]));
      for (const Heaps& left : moves) {
        any_move = true;
        if (is_p(rest + left)) {
          to_p = true;
          break;
        }
      }
    }
    // No move: the player to move has won. Otherwise P when no move reaches P.
    const bool p = any_move && !to_p;
    memo_.emplace(std::move(heaps), p);
    return p;
  }

  // The sums one move on a heap of n leaves (each sorted), without repeats.
  const std::vector<Heaps>& options(unsigned n) {
    std::vector<Heaps>& out = options_[n];
    if (computed_[n]) return out;
    computed_[n] = true;
    for (unsigned k = 0; k < digits_.size() && k <= n; ++k) {
      const unsigned rest = n - k, d = digits_[k];
      if ((d & 1) && rest == 0 && k > 0) out.emplace_back();
      if ((d & 2) && rest > 0 && k > 0) out.emplace_back(1, static_cast<char>(rest));
      if (d & 4)
        for (unsigned a = 1; 2 * a <= rest; ++a) out.push_back({static_cast<char>(a), static_cast<char>(rest - a)});
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

 private:
  std::vector<unsigned> digits_;
  // Every heap a byte holds, allocated at once: a reference to one list
  // stays valid while the search computes others.
  std::vector<std::vector<Heaps>> options_ = std::vector<std::vector<Heaps>>(256);
  std::vector<bool> computed_ = std::vector<bool>(256, false);
  std::unordered_map<Heaps, bool> memo_;
};

// Every multiset of heaps 1..total with sum at most `total`, to `visit`.
template <class Visit>
void each_sum(unsigned total, unsigned largest, Heaps& sum, Visit&& visit) {
  visit(sum);
  for (unsigned h = std::min(total, largest); h >= 1; --h) {
    sum.push_back(static_cast<char>(h));
    each_sum(total - h, h, sum, visit);
    sum.pop_back();
  }
}

// The first sum whose outcome the quotient predicts differently from the
// plain search, as words; nullopt when they agree on every sum.
std::optional<std::string> first_disagreement(const MisereQuotient& q, PlainMisereSearch& search, unsigned total) {
  std::optional<std::string> found;
  Heaps sum;
  each_sum(total, total, sum, [&](const Heaps& heaps) {
    if (found) return;
    std::vector<Position> as_positions(heaps.begin(), heaps.end());
    for (Position& p : as_positions) p = static_cast<unsigned char>(p);
    // Heaps past the quotient's own heaps only when it is the whole game's.
    for (Position p : as_positions)
      if (!q.whole && p > q.max_heap) return;
    if (q.is_p_position(as_positions) != search.is_p(heaps)) {
      std::string words;
      for (Position p : as_positions) words += (words.empty() ? "" : " + ") + std::to_string(p);
      found = words.empty() ? "the empty sum" : words;
    }
  });
  return found;
}

// The plain search's moves must be the code's: checked on a few heaps of
// Kayles (0.77) and of 4.7 (Daisies: splits without taking).
TEST(WholeQuotientBrute, ThePlainSearchReadsTheCodesMoves) {
  PlainMisereSearch kayles("0.77");
  EXPECT_EQ(kayles.options(1), std::vector<Heaps>{""});
  EXPECT_EQ(kayles.options(3), (std::vector<Heaps>{std::string{1}, std::string{1, 1}, std::string{2}}));
  PlainMisereSearch daisies("4.7");
  EXPECT_EQ(daisies.options(2), (std::vector<Heaps>{std::string{1}, std::string{1, 1}}));  // no d2: 2 stays
  // A sum with no move is won by the player to move.
  PlainMisereSearch nothing("0.0");
  EXPECT_FALSE(nothing.is_p(Heaps{5, 7}));
  // Misère Nim's rule: 1 + 1 is N, 1 + 1 + 1 is P, 2 + 2 is P.
  PlainMisereSearch nim_ish("0.3");  // take 1: a heap of n plays as n mod 2
  EXPECT_FALSE(nim_ish.is_p(Heaps{1, 1}));
  EXPECT_TRUE(nim_ish.is_p(Heaps{1, 1, 1}));
}

TEST(WholeQuotientBrute, TwoDigitCensusAgreesWithAPlainSearchOnEverySmallSum) {
  // Total 40 (215,308 sums a game) takes three minutes here; 32 (38,908)
  // keeps the suite's time, and still reaches past most games' proofs.
  const unsigned total = test::sanitized_or(32u, 20u);
  // Every game proven whole is proven within 0.31 s (docs/census.md); the
  // sanitizers, ten times slower, take every fourth code.
  QuotientLimits limits;
  limits.max_seconds = test::sanitized_or(0.45, 2.0);
  limits.max_size = 200;  // the largest of them has 42 elements
  unsigned whole = 0, compared = 0;
  for (int d0 : {0, 4})
    for (int d1 = 0; d1 < 8; ++d1)
      for (int d2 = 0; d2 < 8; ++d2) {
        if (test::kSanitized && (d1 + d2) % 4 != 0) continue;
        // d2 = 0: the one-digit code d0.d1 (0.d10 is the same game).
        const std::string code = std::to_string(d0) + "." + std::to_string(d1) + (d2 ? std::to_string(d2) : "");
        const auto game = parse_game("octal:" + code);
        const MisereQuotient q = compute_whole_misere_quotient(*game, 300, limits);
        // Games stopped at a small heap say little; the others are compared up to their heaps.
        if (!q.whole && q.max_heap < 12) continue;
        whole += q.whole ? 1u : 0u;
        ++compared;
        PlainMisereSearch search(code);
        const auto wrong = first_disagreement(q, search, total);
        EXPECT_FALSE(wrong.has_value()) << "octal:" << code << ": " << *wrong;
      }
  // 76 of the 128 are proven whole (docs/census.md).
  EXPECT_GE(whole, test::sanitized_or(70u, 12u));
  EXPECT_GE(compared, whole);
}

// Three-digit games of Plambeck's pages (docs/census/octal-3-misere.md,
// "Against published results"), each proven whole by the census: 0.115,
// which his pages list as open, and the quaternary games with heaps that
// are not misère nim heaps.
TEST(WholeQuotientBrute, ThreeDigitGamesOfPlambecksPagesAgreeOnEverySmallSum) {
  const unsigned total = test::sanitized_or(32u, 20u);
  for (const char* code : {"0.115", "0.121", "0.123", "0.131", "0.201", "0.211", "0.312", "0.331"}) {
    const MisereQuotient q = compute_whole_misere_quotient(*parse_game(std::string("octal:") + code), 300);
    ASSERT_TRUE(q.whole.has_value()) << code;
    PlainMisereSearch search(code);
    const auto wrong = first_disagreement(q, search, total);
    EXPECT_FALSE(wrong.has_value()) << "octal:" << code << ": " << *wrong;
  }
}

// A pretending function wrong at one heap of its period (so at every heap
// of that residue past the preperiod) is caught, on a heap the theorem's
// check never examined.
TEST(WholeQuotientBrute, AWrongPretendingFunctionIsCaught) {
  for (const char* code : {"0.75", "0.52", "4.3"}) {
    const MisereQuotient q = compute_whole_misere_quotient(*parse_game(std::string("octal:") + code), 300);
    ASSERT_TRUE(q.whole.has_value()) << code;
    PlainMisereSearch search(code);
    const unsigned total = test::sanitized_or(36u, 24u);
    ASSERT_FALSE(first_disagreement(q, search, total).has_value()) << code;
    MisereQuotient wrong = q;
    const std::uint64_t heap = q.whole->preperiod + q.whole->period - 1;
    // Another element on the other side of the P-portion: heap alone changes outcome.
    QuotientElement other = 0;
    while (other < q.size && q.in_p[other] == q.in_p[q.pretending[heap]]) ++other;
    ASSERT_LT(other, q.size) << code;
    wrong.pretending[heap] = other;
    const auto found = first_disagreement(wrong, search, total);
    ASSERT_TRUE(found.has_value()) << code;
    // Also past max_heap, through the period: heap + k p for k >= 1, above the check.
    MisereQuotient far_only = q;
    far_only.pretending[heap] = other;
    std::vector<Position> beyond{heap + q.whole->period * ((q.max_heap / q.whole->period) + 1)};
    EXPECT_NE(far_only.is_p_position(beyond), q.is_p_position(beyond)) << code;
  }
}

// `winner --misere` (misere_outcome, with its default limits) on random sums
// of three-digit games the census proves whole, against the plain search: a
// heap of 30 to 45 (most of them past the heap where the theorem's check
// ended, or in 4.722's preperiod of 48) with up to two heaps of 1 to 3.
TEST(WholeQuotientBrute, WinnerAgreesOnRandomSumsWithHeapsUpTo45) {
  std::mt19937_64 rng(45);
  const unsigned largest = test::sanitized_or(45u, 30u);
  // 4.722: the census's largest whole quotient (464 elements); 0.115 and
  // 0.15: 42; Kayles (0.77): 40; 4.4 splits without taking; 0.75: 8.
  std::vector<const char*> codes{"0.115", "0.15", "0.77", "4.4", "0.75"};
  if (!test::kSanitized) codes.push_back("4.722");  // its proof alone takes seconds
  // The quotient asked first, with no time limit: a slow build still gets
  // 4.722's (3.4 s of an optimised build's 5 s).
  MisereOptions quotient_first;
  quotient_first.quick_search_sums = 0;
  quotient_first.quotient_limits.max_seconds = 0;
  for (const char* code : codes) {
    const auto game = parse_game(std::string("octal:") + code);
    ASSERT_TRUE(compute_whole_misere_quotient(*game, 300).whole.has_value()) << code;
    PlainMisereSearch search(code);
    for (int trial = 0; trial < 12; ++trial) {
      Heaps heaps{static_cast<char>(std::uniform_int_distribution<unsigned>(largest - 15, largest)(rng))};
      const unsigned small = std::uniform_int_distribution<unsigned>(0, 2)(rng);
      for (unsigned i = 0; i < small; ++i)
        heaps.push_back(static_cast<char>(std::uniform_int_distribution<unsigned>(1, 3)(rng)));
      std::vector<Component> sum;
      std::string words;
      for (char h : heaps) {
        sum.push_back({game.get(), static_cast<unsigned char>(h)});
        words += (words.empty() ? "" : " + ") + std::to_string(static_cast<unsigned char>(h));
      }
      // A sum this small may be searched at once, before the quotient: the
      // winner either way, and the quotient's answer alone when asked for.
      const bool p = search.is_p(heaps);
      if (std::string(code) != "4.722") {  // (whose default path a slow build may find out of time)
        EXPECT_EQ(misere_outcome(sum).winner == Winner::second, p) << "octal:" << code << ": " << words;
      }
      const MisereAnalysis by_quotient = misere_outcome(sum, quotient_first);
      EXPECT_EQ(by_quotient.method, MisereMethod::quotient) << "octal:" << code << ": " << words;
      EXPECT_EQ(by_quotient.winner == Winner::second, p) << "octal:" << code << ": " << words;
    }
  }
}

}  // namespace
}  // namespace grundy
