// Take-and-break codes in CGSuite's notation (tb:CODE): the reader, the one
// canonical text of each code, and the values and moves of 500 random codes
// against a brute force written here from the notation's definition (bit k
// of digit d_i: taking i tokens may leave exactly k non-empty heaps; ! makes
// those heaps pairwise unequal, ? not all equal, = all equal; [..] repeats).

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"
#include "grundy/games/take_and_break.hpp"
#include "grundy/pattern.hpp"
#include "grundy/spec.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;

// --- the brute force: a code as the test writes it ---

enum class Rule { any, unequal, not_all_equal, all_equal };

struct BruteDigit {
  unsigned heaps = 0;             // bit k: leave k heaps
  std::map<unsigned, Rule> rule;  // per k >= 2
};

struct BruteCode {
  std::vector<BruteDigit> digits;  // d0, d1, ...
  std::size_t repeat = 0;          // the last `repeat` digits recur forever

  [[nodiscard]] const BruteDigit* digit(std::uint64_t i) const {
    if (i < digits.size()) return &digits[i];
    if (repeat == 0) return nullptr;
    const std::uint64_t start = digits.size() - repeat;
    return &digits[start + (i - start) % repeat];
  }
};

std::string digit_char(unsigned d) {
  return d < 10   ? std::string(1, char('0' + d))
         : d < 36 ? std::string(1, char('A' + d - 10))
                  : fmt::format("{{{}}}", d);
}

// The code's text, written with one modifier after the digit when one rule
// covers every split, in parentheses otherwise.
std::string write(const BruteCode& code) {
  auto one = [](const BruteDigit& d) {
    std::map<Rule, unsigned> by_rule;
    for (const auto& [k, r] : d.rule)
      if (r != Rule::any) by_rule[r] |= 1u << k;
    if (by_rule.empty()) return digit_char(d.heaps);
    const char marks[] = {' ', '!', '?', '='};
    unsigned splits = d.heaps & ~3u;
    if (by_rule.size() == 1 && by_rule.begin()->second == splits)
      return digit_char(d.heaps) + marks[static_cast<int>(by_rule.begin()->first)];
    std::string out = "(" + digit_char(d.heaps);
    for (const auto& [r, mask] : by_rule) out += marks[static_cast<int>(r)] + digit_char(mask);
    return out + ")";
  };
  std::string out = one(code.digits[0]) + ".";
  for (std::size_t i = 1; i < code.digits.size(); ++i) {
    if (code.repeat > 0 && i == code.digits.size() - code.repeat) out += "[";
    out += one(code.digits[i]);
  }
  if (code.repeat > 0) out += "]";
  if (code.digits.size() == 1) out += "0";
  return out;
}

// Every multiset of k positive parts summing to r, increasing.
void partitions(std::uint64_t r, unsigned k, std::uint64_t least, std::vector<std::uint64_t>& parts,
                const std::function<void(const std::vector<std::uint64_t>&)>& visit) {
  if (k == 0) {
    if (r == 0) visit(parts);
    return;
  }
  for (std::uint64_t a = least; a * k <= r; ++a) {
    parts.push_back(a);
    partitions(r - a, k - 1, a, parts, visit);
    parts.pop_back();
  }
}

bool allowed(const BruteDigit& d, unsigned k, const std::vector<std::uint64_t>& parts) {
  const auto it = d.rule.find(k);
  const Rule rule = it == d.rule.end() ? Rule::any : it->second;
  const bool all_same = std::all_of(parts.begin(), parts.end(), [&](auto p) { return p == parts[0]; });
  bool distinct = true;
  for (std::size_t j = 1; j < parts.size(); ++j) distinct = distinct && parts[j] != parts[j - 1];
  switch (rule) {
    case Rule::any:
      return true;
    case Rule::unequal:
      return distinct;
    case Rule::not_all_equal:
      return !all_same;
    case Rule::all_equal:
      return all_same;
  }
  return false;
}

std::set<Option> brute_options(const BruteCode& code, std::uint64_t n) {
  std::set<Option> out;
  for (std::uint64_t i = 0; i <= n; ++i) {
    const BruteDigit* d = code.digit(i);
    if (d == nullptr) break;
    for (unsigned k = 0; k < 8; ++k) {
      if (!(d->heaps >> k & 1)) continue;
      if (k == 1 && i == 0) continue;  // no move leaves the heap as it was
      std::vector<std::uint64_t> parts;
      partitions(n - i, k, 1, parts, [&](const std::vector<std::uint64_t>& p) {
        if (allowed(*d, k, p)) out.insert(Option(p.begin(), p.end()));
      });
    }
  }
  return out;
}

std::vector<std::uint64_t> brute_values(const BruteCode& code, std::uint64_t count) {
  std::vector<std::uint64_t> g;
  for (std::uint64_t n = 0; n < count; ++n) {
    std::set<std::uint64_t> seen;
    for (const Option& o : brute_options(code, n)) {
      std::uint64_t x = 0;
      for (auto h : o) x ^= g[h];
      seen.insert(x);
    }
    std::uint64_t mex = 0;
    while (seen.count(mex)) ++mex;
    g.push_back(mex);
  }
  return g;
}

BruteCode random_code(std::mt19937_64& rng) {
  auto pick = [&](unsigned lo, unsigned hi) { return std::uniform_int_distribution<unsigned>(lo, hi)(rng); };
  BruteCode code;
  const unsigned most_bits = pick(0, 9) < 2 ? 5 : 4;  // sometimes four heaps
  auto random_digit = [&](bool first) {
    BruteDigit d;
    d.heaps = pick(0, (1u << most_bits) - 1);
    if (first) d.heaps &= ~3u;  // d0 only splits
    for (unsigned k = 2; k < most_bits; ++k)
      if ((d.heaps >> k & 1) && pick(0, 2) == 0) d.rule[k] = static_cast<Rule>(pick(1, 3));
    return d;
  };
  code.digits.push_back(pick(0, 3) == 0 ? random_digit(true) : BruteDigit{});
  const unsigned written = pick(1, 4);
  for (unsigned i = 0; i < written; ++i) code.digits.push_back(random_digit(false));
  if (pick(0, 3) == 0) code.repeat = pick(1, std::min<unsigned>(2, written));
  // Some codes constrain every split with one rule: the short form.
  return code;
}

TEST(TakeAndBreakCode, FiveHundredRandomCodesAgreeWithABruteForce) {
  std::mt19937_64 rng(20261127);
  int with_modifiers = 0, repeating = 0, three_heap = 0;
  for (int trial = 0; trial < 500; ++trial) {
    const BruteCode code = random_code(rng);
    const std::string spec = "tb:" + write(code);
    SCOPED_TRACE(spec);
    std::unique_ptr<Game> game;
    ASSERT_NO_THROW(game = parse_game(spec));
    unsigned most = 0;
    for (const BruteDigit& d : code.digits) {
      with_modifiers += !d.rule.empty();
      for (unsigned k = 0; k < 8; ++k)
        if (d.heaps >> k & 1) most = std::max(most, k);
    }
    repeating += code.repeat > 0;
    three_heap += most >= 3;
    const std::uint64_t count = most >= 4 ? 16 : most == 3 ? 24 : 40;
    const std::vector<std::uint64_t> g = brute_values(code, count);
    for (std::uint64_t n = 0; n < count; ++n) {
      ASSERT_EQ(game->value(n).value(), g[n]) << "G(" << n << ")";
      const std::set<Option> want = brute_options(code, n);
      const OptionSample listed = game->list_options(n, kNoLimit);
      ASSERT_EQ(std::set<Option>(listed.options.begin(), listed.options.end()), want) << "options of " << n;
      ASSERT_EQ(listed.options.size(), want.size()) << "each option once, heap " << n;
      ASSERT_TRUE(listed.total.has_value());
      ASSERT_EQ(*listed.total, want.size());
      ASSERT_EQ(game->has_move(n), !want.empty()) << n;
      for (const Option& o : want) ASSERT_EQ(game->why_not_option(n, o), "") << game->format_option(o);
      // The options to each value are those the brute force finds.
      for (std::uint64_t target : {std::uint64_t{0}, g[n] == 0 ? std::uint64_t{1} : g[n] - 1}) {
        std::set<Option> to_target;
        for (const Option& o : want) {
          std::uint64_t x = 0;
          for (auto h : o) x ^= g[h];
          if (x == target) to_target.insert(o);
        }
        const OptionSample found = game->options_to_value(n, Nimber(target));
        ASSERT_EQ(std::set<Option>(found.options.begin(), found.options.end()), to_target) << n << " to " << target;
      }
    }
    // A move the code does not allow: one more heap than any digit leaves.
    if (count > 9) {
      const Option too_many(most + 1, 1);
      EXPECT_NE(game->why_not_option(most + 1 + 1, too_many), "");
    }
    // The canonical text reads back as itself.
    const std::string canonical = game->spec();
    EXPECT_EQ(parse_game(canonical)->spec(), canonical);
  }
  // The random codes cover what the test is for.
  EXPECT_GT(with_modifiers, 100);
  EXPECT_GT(repeating, 80);
  EXPECT_GT(three_heap, 150);
}

// --- the reader and the canonical text ---

std::string canonical(const std::string& spec) { return parse_game(spec)->spec(); }

std::string error_of(const std::string& spec) {
  try {
    (void)parse_game(spec);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(TakeAndBreakCode, EachGameReadsBackInOneCanonicalForm) {
  EXPECT_EQ(canonical("tb:0.77"), "octal:0.77");
  EXPECT_EQ(canonical("kayles"), "octal:0.77");
  EXPECT_EQ(canonical("hex:0.123"), "octal:0.123");
  EXPECT_EQ(canonical("hex:0.F"), "hex:0.F");
  EXPECT_EQ(canonical("tb:0.f"), "hex:0.F");
  EXPECT_EQ(canonical("tb:0.770"), "octal:0.77");
  // Grundy's game: ? on two heaps is !, and the code is its name.
  EXPECT_EQ(canonical("tb:4!.0"), "grundy-game");
  EXPECT_EQ(canonical("tb:4?."), "grundy-game");
  EXPECT_EQ(canonical("tb:4!"), "grundy-game");
  EXPECT_EQ(canonical("tb:(4!4).0"), "grundy-game");
  // Repetition: shortest, then earliest; zeros repeat nothing.
  EXPECT_EQ(canonical("tb:0.[33]"), "tb:0.[3]");
  EXPECT_EQ(canonical("tb:0.3[3]"), "tb:0.[3]");
  EXPECT_EQ(canonical("tb:0.1[21]"), "tb:0.[12]");
  EXPECT_EQ(canonical("tb:0.37[0]"), "octal:0.37");
  EXPECT_EQ(canonical("tb:0.[3737]"), "tb:0.[37]");
  // Digits beyond F, braces, CGSuite's &#N;.
  EXPECT_EQ(canonical("tb:0.g"), "tb:0.G");
  EXPECT_EQ(canonical("tb:0.{16}"), "tb:0.G");
  EXPECT_EQ(canonical("tb:0.&#16;"), "tb:0.G");
  EXPECT_EQ(canonical("tb:0.&#x10;"), "tb:0.G");
  EXPECT_EQ(canonical("tb:0.{100}"), "tb:0.{100}");
  // Modifiers: the short form when one covers every split.
  EXPECT_EQ(canonical("tb:0.(C!C)"), "tb:0.C!");
  EXPECT_EQ(canonical("tb:0.(C!8)"), "tb:0.(C!8)");
  EXPECT_EQ(canonical("tb:0.(C?8!)"), "tb:0.(C!4?8)");
  EXPECT_EQ(canonical("tb:0.(r?8!g)"), "tb:0.(R!G?8)");
  EXPECT_EQ(canonical("tb:0.8="), "tb:0.8=");
}

TEST(TakeAndBreakCode, BadCodesGetOneClearLine) {
  EXPECT_THAT(error_of("tb:"), HasSubstr("the code is empty"));
  EXPECT_THAT(error_of("tb:0.["), HasSubstr("is not closed"));
  EXPECT_THAT(error_of("tb:0.[]"), HasSubstr("repeat nothing"));
  EXPECT_THAT(error_of("tb:0.[3]7"), HasSubstr("follows the repeating group"));
  EXPECT_THAT(error_of("tb:[3].0"), HasSubstr("comes before the point"));
  EXPECT_THAT(error_of("tb:0.3!"), HasSubstr("no split to constrain"));
  EXPECT_THAT(error_of("tb:0.(C!1)"), HasSubstr("fewer than two heaps"));
  EXPECT_THAT(error_of("tb:0.(4!8)"), HasSubstr("does not allow"));
  EXPECT_THAT(error_of("tb:0.(C!4?4)"), HasSubstr("already"));
  EXPECT_THAT(error_of("tb:0.(C!?)"), HasSubstr("two bare modifiers"));
  EXPECT_THAT(error_of("tb:0.{300}"), HasSubstr("digits up to 255"));
  EXPECT_THAT(error_of("tb:0.{12"), HasSubstr("not closed"));
  EXPECT_THAT(error_of("tb:0.7_2"), HasSubstr("ghost tokens"));
  EXPECT_THAT(error_of("tb:1.7"), HasSubstr("may only split"));
  EXPECT_THAT(error_of("tb:40.7"), HasSubstr("one digit goes before the point"));
  EXPECT_THAT(error_of("tb:0.7.7"), HasSubstr("second point at character 7"));
  EXPECT_THAT(error_of("tb:0.7#"), HasSubstr("'#' at character 7 is not a digit"));
  EXPECT_THAT(error_of("tb:77"), HasSubstr("has no point"));
  EXPECT_THAT(error_of("tb:."), HasSubstr("no digits"));
}

TEST(TakeAndBreakCode, InfiniteCodesPlayAsTheirRules) {
  // 0.[3]: take any number, as nim.
  const auto nim = parse_game("tb:0.[3]");
  for (std::uint64_t n = 0; n < 500; ++n) ASSERT_EQ(nim->value(n).value(), n);
  EXPECT_EQ(nim->move_rule(), "a move takes any number from 1 on tokens from a heap and leaves 0 or 1 non-empty heaps");
  // Beyond its table nim follows from its proven arithmetic period.
  EXPECT_EQ(nim->value(std::uint64_t{1} << 40).value(), std::uint64_t{1} << 40);
  // 0.[2] (take any number but never the whole heap): G(n) = n - 1 from
  // n = 1, a rule the theorem (from n = 0) does not cover. Its table stops
  // at its cap with a reason, never a wrong value.
  const auto no_end = parse_game("tb:0.[2]");
  try {
    (void)no_end->value(std::uint64_t{1} << 40);
    ADD_FAILURE() << "no error";
  } catch (const LimitError& e) {
    EXPECT_THAT(e.what(), HasSubstr("any number of tokens"));
  }
  const Pattern p = dynamic_cast<const HeapGame&>(*no_end).pattern(1000);
  EXPECT_FALSE(p.proven);
  EXPECT_EQ(p.kind, PatternKind::arithmetic_periodic);
  EXPECT_EQ(p.preperiod, 1u);
  EXPECT_THAT(p.reason, HasSubstr("periodicity theorem needs a most tokens taken"));
}

TEST(TakeAndBreakCode, FiniteUnconstrainedCodesBeyondHexAreProven) {
  // 0.G: take one token and split the rest into four heaps. Its values
  // (computed by the brute force above) become periodic; the k-way
  // periodicity theorem proves it from a table 4e + 4p + t long.
  const auto game = parse_game("tb:0.G");
  const Pattern p = dynamic_cast<const HeapGame&>(*game).pattern(511);
  BruteCode code;
  code.digits = {BruteDigit{}, BruteDigit{16, {}}};
  const std::vector<std::uint64_t> g = brute_values(code, 30);
  for (std::uint64_t n = 0; n < 30; ++n) ASSERT_EQ(game->value(n).value(), g[n]);
  if (p.proven) {
    EXPECT_THAT(p.theorem, HasSubstr("4-way splits"));
    EXPECT_THAT(p.check, HasSubstr("4e + 3p + t"));
  } else {
    EXPECT_THAT(p.reason, HasSubstr("proves no period"));
  }
  // A constrained code is never called proven.
  const Pattern q = dynamic_cast<const HeapGame&>(*parse_game("tb:0.4=")).pattern(1000);
  EXPECT_FALSE(q.proven);
  EXPECT_THAT(q.reason, HasSubstr("constrained"));
}

// Values that grow: G(n + p) = G(n) + s is seen, and the rule holds on the
// brute force's values far past the preperiod. hex:0.9F splits into three
// heaps, where grundy has no theorem: observed only.
TEST(TakeAndBreakCode, ArithmeticPeriodsAreSeenAndHoldOnTheBruteForce) {
  struct Case {
    std::string spec;
    BruteCode code;
    std::uint64_t e, p, s;
  };
  const std::vector<Case> cases = {
      // 0.9F: take 1 and leave nothing or three heaps; take 2 and leave 0-3 heaps.
      {"hex:0.9F", BruteCode{{BruteDigit{}, BruteDigit{9, {}}, BruteDigit{15, {}}}, 0}, 4, 3, 2},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.spec);
    const Pattern p = find_pattern(*parse_game(c.spec), 4095);
    EXPECT_EQ(p.kind, PatternKind::arithmetic_periodic);
    EXPECT_FALSE(p.proven);
    EXPECT_THAT(p.reason, HasSubstr("the rule seen is not proven"));
    // The advice names the bound and the flag (issue 54: it said "this many").
    EXPECT_EQ(p.advice.note, "G(0..4095) is as far as grundy computes " + c.spec);
    EXPECT_EQ(p.advice.bound, 4095u);
    EXPECT_THAT(p.advice.bound_reason, HasSubstr("2^12 - 1"));
    EXPECT_EQ(p.preperiod, c.e);
    EXPECT_EQ(p.period, c.p);
    EXPECT_EQ(p.saltus, c.s);
    const std::vector<std::uint64_t> g = brute_values(c.code, 160);
    for (std::uint64_t n = c.e; n + c.p < g.size(); ++n) ASSERT_EQ(g[n + c.p], g[n] + c.s) << n;
  }
}

// Codes that take from a repeating set of sizes and leave at most one heap:
// the arithmetic-periodicity theorem of docs/games/octal.md proves the rule
// from a short check, and every value past the table follows from it. The
// brute force (its own mex, no rule) agrees far past the proof's bound, and
// so do values near 10^15 computed from its first period.
TEST(TakeAndBreakCode, ArithmeticPeriodsOfOneHeapCodesAreProvenAndHoldFarBeyond) {
  struct Case {
    std::string spec;
    BruteCode code;
    std::uint64_t p, s;
  };
  const auto digit = [](unsigned heaps) { return BruteDigit{heaps, {}}; };
  const std::vector<Case> cases = {
      {"tb:0.[3]", BruteCode{{digit(0), digit(3)}, 1}, 1, 1},                                   // nim
      {"tb:0.0[3]", BruteCode{{digit(0), digit(0), digit(3)}, 1}, 2, 1},                        // any number but 1
      {"tb:0.330[3]", BruteCode{{digit(0), digit(3), digit(3), digit(0), digit(3)}, 1}, 6, 3},  // any but 3
      // Rules shorter than the code's repeating group (issue 50: once
      // reported as the lcm, p = 6, s = 2 and p = 12, s = 6).
      {"tb:0.00[32]", BruteCode{{digit(0), digit(0), digit(0), digit(3), digit(2)}, 2}, 3, 1},  // floor(n / 3)
      {"tb:0.[303]", BruteCode{{digit(0), digit(3), digit(0), digit(3)}, 3}, 4, 2},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.spec);
    const auto game = parse_game(c.spec);
    const Pattern p = find_pattern(*game, 2000);
    ASSERT_EQ(p.kind, PatternKind::arithmetic_periodic) << p.reason;
    ASSERT_TRUE(p.proven) << p.reason;
    EXPECT_EQ(p.preperiod, 0u);
    EXPECT_EQ(p.period, c.p);
    EXPECT_EQ(p.saltus, c.s);
    EXPECT_THAT(p.theorem, HasSubstr("arithmetic-periodicity theorem"));
    EXPECT_LT(p.proof_bound, 64u);
    const std::uint64_t far = 600;  // about ten times the proof's bound
    ASSERT_GT(far, 8 * p.proof_bound);
    const std::vector<std::uint64_t> g = brute_values(c.code, far);
    for (std::uint64_t n = 0; n + p.period < far; ++n) ASSERT_EQ(g[n + p.period], g[n] + p.saltus) << n;
    for (std::uint64_t n = 0; n < far; ++n) ASSERT_EQ(game->value(n).value(), g[n]) << n;
    for (std::uint64_t n : {std::uint64_t{999'999'999'999'999}, std::uint64_t{1} << 50})
      EXPECT_EQ(game->value(n).value(), g[n % p.period] + p.saltus * (n / p.period)) << n;
  }
}

// A random repeating code whose moves leave at most one heap: digits 0-3
// after the point, up to `most_prefix` of them before a repeating group of
// 1 to `most_repeat`; the brute force's form and the spec "tb:0.12[31]".
std::pair<BruteCode, std::string> random_one_heap_code(std::mt19937_64& rng, unsigned most_prefix,
                                                       unsigned most_repeat) {
  auto pick = [&](unsigned lo, unsigned hi) { return std::uniform_int_distribution<unsigned>(lo, hi)(rng); };
  BruteCode code;
  code.digits.push_back(BruteDigit{});
  const unsigned prefix = pick(0, most_prefix), repeat = pick(1, most_repeat);
  for (unsigned j = 0; j < prefix + repeat; ++j) code.digits.push_back(BruteDigit{pick(0, 3), {}});
  code.repeat = repeat;
  std::string spec = "tb:0.";
  for (unsigned j = 1; j < code.digits.size(); ++j) {
    if (j == prefix + 1) spec += '[';
    spec += static_cast<char>('0' + code.digits[j].heaps);
  }
  spec += ']';
  return {code, spec};
}

// The rule pattern() proves is the smallest: on 400 random repeating
// codes that leave at most one heap, whenever a rule G(n + p) = G(n) + s is
// proven, it holds on the brute force's values, and no shorter p fits them
// (docs/patterns.md promises the smallest p).
TEST(TakeAndBreakCode, ProvenArithmeticRulesAreTheSmallest) {
  std::mt19937_64 rng(0x5a17u);
  int proven = 0, shorter_than_group = 0;
  for (int i = 0; i < 400; ++i) {
    const auto [code, spec] = random_one_heap_code(rng, 3, 4);
    const std::uint64_t repeat = code.repeat;
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    const Pattern p = find_pattern(*game, 4000);
    if (!p.proven || p.kind != PatternKind::arithmetic_periodic) continue;
    ++proven;
    const std::vector<std::uint64_t> g = brute_values(code, 400);
    for (std::uint64_t n = 0; n + p.period < g.size(); ++n) ASSERT_EQ(g[n + p.period], g[n] + p.saltus) << n;
    for (std::uint64_t q = 1; q < p.period; ++q) {
      bool fits = true;
      for (std::uint64_t n = 0; n + q < g.size() && fits; ++n) fits = g[n + q] == g[n] + (g[q] - g[0]);
      EXPECT_FALSE(fits) << "G(n + " << q << ") = G(n) + " << g[q] - g[0] << " also fits, and is shorter than "
                         << p.period;
    }
    shorter_than_group += p.period % repeat != 0;
  }
  EXPECT_GT(proven, 25);
  EXPECT_GT(shorter_than_group, 0);  // rules the theorem's multiple of the group hid
}

// Repeating codes that leave at most one heap have their own engine (a
// union of option values per class of heaps, extend_one_heap): 150 random
// ones against the brute force, prefixes and repeating groups of several
// lengths, taking the whole heap or not.
TEST(TakeAndBreakCode, OneHeapRepeatingCodesAgreeWithABruteForce) {
  std::mt19937_64 rng(0x0e4ea9);
  int checked = 0;
  for (int i = 0; i < 150; ++i) {
    const auto [code, spec] = random_one_heap_code(rng, 4, 3);
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    const std::vector<std::uint64_t> g = brute_values(code, 300);
    for (std::uint64_t n = 0; n < g.size(); ++n) ASSERT_EQ(game->value(n).value(), g[n]) << n;
    ++checked;
  }
  EXPECT_EQ(checked, 150);
}

// Values above 65535 (the rare-value table's two bytes) on the pattern path:
// tb:0.[2] takes any number of tokens but never the whole heap, so heap n
// moves to every heap 1 .. n - 1 and, by induction, G(n) = n - 1 for n >= 1.
TEST(TakeAndBreakCode, PatternsReachValuesAboveTwoBytes) {
  const auto game = parse_game("tb:0.[2]");
  const Pattern p = find_pattern(*game, 100000);
  ASSERT_EQ(p.kind, PatternKind::arithmetic_periodic) << p.reason;
  EXPECT_FALSE(p.proven);
  EXPECT_THAT(p.reason, HasSubstr("most tokens taken"));
  EXPECT_EQ(p.preperiod, 1u);
  EXPECT_EQ(p.period, 1u);
  EXPECT_EQ(p.saltus, 1u);
  ASSERT_TRUE(p.table.has_value());
  EXPECT_GT(p.table->largest_value, 65535u);
  EXPECT_EQ(p.table->largest_value, p.table->largest_at - 1);
  for (std::uint64_t n = 1; n <= p.table->largest_at; ++n) ASSERT_EQ(game->value(n).value(), n - 1) << n;
}

TEST(TakeAndBreakCode, ConstrainedMovesAreExplained) {
  const auto game = parse_game("tb:0.4=");  // take one, split the rest into two equal heaps
  EXPECT_EQ(game->why_not_option(7, Option{3, 3}), "");
  EXPECT_THAT(game->why_not_option(7, Option{2, 4}), HasSubstr("only when they are all equal"));
  EXPECT_EQ(game->move_rule(), "a move takes 1 token from a heap and leaves 2 equal non-empty heaps");
  EXPECT_FALSE(game->has_move(6));
  EXPECT_TRUE(game->has_move(5));
}

}  // namespace
}  // namespace grundy
