#include "grundy/pattern.hpp"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/games/coprime.hpp"
#include "grundy/games/division.hpp"
#include "grundy/games/nim.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/games/xy.hpp"
#include "grundy/progress.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kMax = ~std::uint64_t{0};
__extension__ typedef unsigned __int128 u128;

// The largest --limit, shown in advice: what the CLI accepts.
constexpr std::uint64_t kMaxLimit = std::uint64_t{1} << 28;

// G(0..count-1) of `game`, reported as a long task.
std::vector<Nimber> first_values(const Game& game, std::uint64_t count) {
  LongTask task(fmt::format("computing G(0..{}) of {}", count - 1, game.spec()));
  std::vector<Nimber> values;
  values.reserve(count);
  for (std::uint64_t n = 0; n < count; ++n) {
    task.advance(n, count);
    values.push_back(game.value(n));
  }
  return values;
}

// observe_period and observe_self_similarity, reporting to `task` when given.
std::optional<ObservedPeriod> find_period(std::span<const Nimber> values, LongTask* task);
std::optional<ObservedSelfSimilarity> find_self_similarity(std::span<const Nimber> values, LongTask* task);

std::optional<ObservedPeriod> period_search(const std::string& spec, std::span<const Nimber> values) {
  LongTask task(fmt::format("looking for a period in G(0..{}) of {}", values.size() - 1, spec));
  return find_period(values, &task);
}

std::optional<ObservedSelfSimilarity> self_similarity_search(const std::string& spec, std::span<const Nimber> values) {
  LongTask task(fmt::format("looking for a rule G(n) = G(floor(n/m)) in G(0..{}) of {}", values.size() - 1, spec));
  return find_self_similarity(values, &task);
}

Pattern subtraction_pattern(const SubtractionGame& game) {
  Pattern out;
  out.game = game.spec();
  const Periodicity* found = nullptr;
  try {
    // Up to 2^28 values and a window search at each doubling: no fraction to show.
    LongTask task(fmt::format("proving the period of {}", game.spec()));
    found = &game.periodicity();
  } catch (const LimitError&) {
    // The table stops at kMaxTable values: say so as the answer, not as an error.
    out.checked_up_to = SubtractionGame::kMaxTable - 1;
    out.reason = fmt::format(
        "no window of max(S) = {} values recurred in G(0..{}), the most values grundy computes for a subtraction "
        "game: every subtraction game is periodic (its windows of max(S) values are finitely many), but this one's "
        "preperiod and period are too long to be found",
        game.set().back(), out.checked_up_to);
    return out;  // no advice: no option computes more values
  }
  const Periodicity& p = *found;
  out.kind = PatternKind::periodic;
  out.proven = true;
  out.preperiod = p.preperiod;
  out.period = p.period;
  out.value_count = p.preperiod + p.period;
  out.checked_up_to = p.proven_with - 1;
  out.proof_bound = p.proven_with;
  out.check = fmt::format("values G(0..{}), in which G({}..{}) = G({}..{})", p.proven_with - 1,
                          p.proven_with - game.set().back() - p.period, p.proven_with - 1 - p.period,
                          p.proven_with - game.set().back(), p.proven_with - 1);
  out.theorem = fmt::format(
      "G(n) depends only on the {} values before it (max(S) = {}); the last {} values computed recur {} places "
      "earlier, so the sequence repeats from there on (docs/games/subtraction.md)",
      game.set().back(), game.set().back(), game.set().back(), p.period);
  return out;
}

// A rule seen on G(0..limit), with the reason and advice of a game that has
// no theorem; callers with more to say replace them.
Pattern observed_pattern(const Game& game, std::uint64_t limit) {
  Pattern out;
  out.game = game.spec();
  const std::vector<Nimber> values = first_values(game, limit + 1);
  out.checked_up_to = limit;
  if (auto p = period_search(out.game, values)) {
    out.kind = PatternKind::periodic;
    out.preperiod = p->preperiod;
    out.period = p->period;
    out.value_count = p->preperiod + p->period;
  } else if (auto s = self_similarity_search(out.game, values)) {
    out.kind = PatternKind::self_similar;
    out.base = s->base;
    out.from = s->from;
    out.value_count = s->from;
  }
  const std::string more = limit < kMaxLimit
                               ? fmt::format("a larger --limit N (at most {}) examines more values", kMaxLimit)
                               : std::string();
  if (out.kind != PatternKind::none) {
    out.reason = fmt::format("grundy has no theorem for {}: the rule was only seen on G(0..{})", out.game, limit);
    out.advice = more.empty() ? more : more + " and may refute it";
  } else if (dynamic_cast<const Nim*>(&game) != nullptr) {
    out.reason = "G(n) = n in nim: every value is new, so no rule of either kind can hold";
  } else if (dynamic_cast<const CoprimeGame*>(&game) != nullptr) {
    // More values cannot help, and --limit 2^28 costs minutes and gigabytes.
    out.reason =
        "G(p) = pi(p) for every odd prime p (docs/games/coprime.md): the values grow without bound, so no rule of "
        "either kind can hold";
  } else {
    out.reason = fmt::format(
        "no period and no rule G(n) = G(floor(n/m)) fits G(0..{}); a rule is accepted only when it covers at least "
        "half of the values (and a period repeats twice after its preperiod)",
        limit);
    out.advice = more;
  }
  return out;
}

// The smallest m with G(n) = G(floor(n/m)) proven for every n from some n0
// on, and that n0, without DivisionGame::self_similarity's cap on n0
// (kMaxRuleStart, which keeps its table of G(0..n0-1) small): said only to
// explain why no rule is reported. Unproven rules are skipped: near 2^64 a
// small base can hold on a last stretch of values only, which says nothing.
struct UnreportedRule {
  std::uint64_t base = 0;
  std::uint64_t from = 0;
};
std::optional<UnreportedRule> uncapped_division_rule(const DivisionGame& game) {
  const std::uint64_t max_divisor = game.divisors().back();
  for (std::uint64_t m : game.rule_bases()) {
    const std::optional<std::uint64_t> from = game.rule_start(m);
    if (from && std::max<u128>(u128{max_divisor} * *from, m) <= kMax) return UnreportedRule{m, *from};
  }
  return std::nullopt;
}

// Why a division game with known runs reports no rule: either a rule holds
// but starts too late to be reported, or none holds below 2^64.
void explain_missing_division_rule(const DivisionGame& game, Pattern& out) {
  const std::string table = fmt::format("'grundy table {} --runs --to N' lists its values as runs", out.game);
  if (const auto r = uncapped_division_rule(game)) {
    out.reason = fmt::format(
        "a rule exists: G(n) = G(floor(n / {})) for every n >= {} (proven, as in docs/games/division.md), but it is "
        "not reported, because its base table G(0..{}) is longer than the 2^20 values grundy reports",
        r->base, r->from, r->from - 1);
    out.rule_not_reported = true;
    out.advice = table;
    return;
  }
  out.reason = fmt::format(
      "no base m makes G(n) = G(floor(n/m)) hold from some n on: checked on all {} runs of equal values below 2^64",
      game.runs()->size());
  out.advice = table;
}

Pattern division_pattern(const DivisionGame& game, std::uint64_t limit) {
  const auto& rule = [&]() -> const std::optional<SelfSimilarity>& {
    // The walk over candidate points (up to 2^28 of them): no fraction to show.
    LongTask task(fmt::format("computing the runs of {}", game.spec()));
    return game.self_similarity();
  }();
  if (!game.runs()) {  // values by recursion only
    Pattern out = observed_pattern(game, limit);
    out.reason = fmt::format(
        "{} has more than 2^20 runs of equal values below 2^64 (or they take more than 2^28 points to find), so no "
        "rule could be checked on every n; {}",
        out.game,
        out.kind == PatternKind::none ? fmt::format("none fits G(0..{})", limit)
                                      : fmt::format("the rule was only seen on G(0..{})", limit));
    return out;
  }
  Pattern out;
  out.game = game.spec();
  out.checked_up_to = kMax;  // every 64-bit value is known, as runs
  if (!rule) {
    explain_missing_division_rule(game, out);
    return out;
  }
  out.kind = PatternKind::self_similar;
  out.base = rule->base;
  out.from = rule->from;
  out.value_count = rule->from;
  out.checked_up_to = rule->checked_up_to;
  out.proven = rule->proven;
  if (rule->proven) {
    out.proof_bound = rule->proof_bound;
    out.check = fmt::format("G(n) = G(floor(n/{})) for {} <= n < {} = max(max(D) * n0, m)", rule->base, rule->from,
                            rule->proof_bound);
    out.theorem = fmt::format(
        "for n >= max(D) * n0 = {} every option floor(n/d) is >= n0 and floor(floor(n/d)/m) = floor(floor(n/m)/d), "
        "so by induction n and floor(n/m) have options of equal values (docs/games/division.md)",
        game.divisors().back() * rule->from);
  }
  return out;
}

// XY games whose lcm(X, Y) is at most this get a proven period: the proof
// computes 8 lcm(X, Y) + 8 values (16 MB of them at the bound).
constexpr std::uint64_t kXyProofMaxLcm = 250'000;

// An XY game whose lcm(X, Y) (0 when above 2^64) is too large for the proof
// below: the rule observed on G(0..limit). By docs/games/xy.md G is
// 2 lcm-periodic from n = 2 lcm on, so G(0..6 lcm - 1) hold a preperiod of at
// most half of them and two whole periods after it: enough for
// observe_period to see the rule.
Pattern xy_observed_pattern(const XyGame& game, std::uint64_t limit, std::uint64_t lcm) {
  Pattern out = observed_pattern(game, limit);
  const std::string lcm_text = lcm == 0 ? std::string("above 2^64") : fmt::format("= {}", lcm);
  out.reason = fmt::format("lcm({}, {}) {} is above {}, the largest the proof handles, so {}", game.x(), game.y(),
                           lcm_text, kXyProofMaxLcm,
                           out.kind == PatternKind::none
                               ? fmt::format("only G(0..{}) were examined, and no rule fits at least half of them", limit)
                               : fmt::format("the rule was only seen on G(0..{})", limit));
  const std::uint64_t enough = lcm != 0 && lcm <= kMaxLimit / 6 ? 6 * lcm - 1 : 0;
  if (enough == 0) {
    out.advice = fmt::format("G is periodic from n = 2 lcm(X, Y) on, with a period dividing 2 lcm(X, Y), but 6 lcm(X, "
                             "Y) values, enough to see it, are more than the {} --limit allows",
                             kMaxLimit);
  } else if (limit < enough) {
    out.advice = fmt::format("G is periodic from n = 2 lcm(X, Y) on, with a period dividing 2 lcm(X, Y): --limit {} "
                             "(6 lcm - 1) examines enough values to see that rule (observed, not proven)",
                             enough);
  } else {
    out.advice.clear();
  }
  return out;
}

// The XY game repeats S every L = lcm(X, Y), and G(n) depends only on which
// of n - 1, n - 2 are in S and on G(n - 1), G(n - 2). So a pair of
// consecutive values that recurs P = 2L places later (docs/games/xy.md shows
// one always does, from n = 2L at the latest) makes the sequence P-periodic
// from there, by induction. An observed rule G(n + p) = G(n) that holds on a
// whole P-period beyond both preperiods then holds for every n. It is also the
// smallest period: any true period q fails only before the P-periodic part,
// so it would fit the values computed and be found before p.
Pattern xy_pattern(const XyGame& game, std::uint64_t limit) {
  const std::uint64_t g = std::gcd(game.x(), game.y());
  std::uint64_t lcm = 0;
  const bool overflow = __builtin_mul_overflow(game.x() / g, game.y(), &lcm);
  if (overflow || lcm > kXyProofMaxLcm) return xy_observed_pattern(game, limit, overflow ? 0 : lcm);
  const std::uint64_t big_period = 2 * lcm;
  const std::uint64_t size = 4 * big_period + 8;
  const std::vector<Nimber> values = first_values(game, size);
  std::uint64_t start = 0;  // the first n with G(n..n+1) = G(n+P..n+P+1)
  while (start + big_period + 1 < size &&
         (values[start] != values[start + big_period] || values[start + 1] != values[start + 1 + big_period]))
    ++start;
  const auto observed = period_search(game.spec(), values);
  // Conditions of the proof above; the theory says they always hold, and
  // the pattern is reported as observed only if they do not.
  const std::uint64_t from = observed ? std::max(observed->preperiod, start) : 0;
  if (!observed || 2 * start > size || start + 2 * big_period > size ||
      from + big_period + observed->period > size) {
    Pattern out = observed_pattern(game, limit);
    out.reason = fmt::format("the proof's conditions failed on G(0..{}) (docs/games/xy.md says they never do); ",
                             size - 1) + out.reason;
    return out;
  }
  Pattern out;
  out.game = game.spec();
  out.kind = PatternKind::periodic;
  out.proven = true;
  out.preperiod = observed->preperiod;
  out.period = observed->period;
  out.value_count = out.preperiod + out.period;
  out.checked_up_to = size - 1;
  out.proof_bound = size;
  out.check = fmt::format("values G(0..{}), in which G({}..{}) = G({}..{}) and G(n + {}) = G(n) for {} <= n < {}",
                          size - 1, start, start + 1, start + big_period, start + big_period + 1, out.period,
                          out.preperiod, size - out.period);
  out.theorem = fmt::format(
      "the forbidden sizes repeat every lcm(X, Y) = {} and G(n) depends only on which of n-1, n-2 are forbidden and "
      "on G(n-1), G(n-2), so G(n + {}) = G(n) for n >= {} by induction; the rule holds on G({}..{}), a whole "
      "period of {}, hence for every n >= {}; a smaller period would fail only before {} and would have been found "
      "(docs/games/xy.md)",
      lcm, big_period, start, from, from + big_period - 1, big_period, out.preperiod, start);
  return out;
}

}  // namespace

std::string_view to_string(PatternKind kind) {
  switch (kind) {
    case PatternKind::periodic:
      return "periodic";
    case PatternKind::self_similar:
      return "self-similar";
    case PatternKind::none:
      break;
  }
  return "none";
}

namespace {

// For each candidate period p, the smallest preperiod comes from walking down
// from the end to the first n with G(n) != G(n + p); a wrong p usually fails
// near the end, so the search costs far less than N * N in practice.
std::optional<ObservedPeriod> find_period(std::span<const Nimber> values, LongTask* task) {
  const std::uint64_t size = values.size();
  for (std::uint64_t p = 1; 2 * p <= size; ++p) {
    if (task != nullptr) task->advance(p - 1, size / 2);
    std::uint64_t e = size - p;  // G(n) = G(n + p) checked for e <= n < size - p
    while (e > 0 && values[e - 1] == values[e - 1 + p]) --e;
    // Accept: the periodic part is at least half of the values and holds at
    // least two whole periods after the preperiod.
    if (2 * e <= size && e + 2 * p <= size) return ObservedPeriod{e, p};
  }
  return std::nullopt;
}

std::optional<ObservedSelfSimilarity> find_self_similarity(std::span<const Nimber> values, LongTask* task) {
  const std::uint64_t size = values.size();
  for (std::uint64_t m = 2; m < size; ++m) {
    if (task != nullptr) task->advance(m - 2, size - 2);
    std::uint64_t from = size;  // G(n) = G(n / m) checked for from <= n < size
    while (from > 1 && values[from - 1] == values[(from - 1) / m]) --from;
    // Accept only a rule that maps the upper half of the values onto values
    // below them at least twice over: n0 * m * m <= size.
    if (from * m <= size / m) return ObservedSelfSimilarity{m, from};
  }
  return std::nullopt;
}

}  // namespace

std::optional<ObservedPeriod> observe_period(std::span<const Nimber> values) { return find_period(values, nullptr); }

std::optional<ObservedSelfSimilarity> observe_self_similarity(std::span<const Nimber> values) {
  return find_self_similarity(values, nullptr);
}

Pattern find_pattern(const Game& game, std::uint64_t limit) {
  if (!game.heap_indexed())
    throw InputError(fmt::format("game '{}' is not played on heap sizes 0, 1, 2, ...: it has no sequence of values "
                                 "to find a pattern in",
                                 game.spec()));
  if (const auto* s = dynamic_cast<const SubtractionGame*>(&game)) return subtraction_pattern(*s);
  if (const auto* d = dynamic_cast<const DivisionGame*>(&game)) return division_pattern(*d, limit);
  if (const auto* x = dynamic_cast<const XyGame*>(&game)) return xy_pattern(*x, limit);
  return observed_pattern(game, limit);
}

}  // namespace grundy
