#include "grundy/games/division.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <queue>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/mex.hpp"
#include "grundy/number_set.hpp"
#include "grundy/pattern.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

// 128-bit arithmetic for products that may pass 2^64 (GCC and Clang).
__extension__ typedef unsigned __int128 u128;

// The candidate points d * s of one run start s, in increasing d.
struct PointStream {
  std::uint64_t point;  // divisors[index] * start
  std::uint64_t start;
  std::size_t index;
  std::size_t run;    // the run that starts at `start`
  std::size_t range;  // the range of D that holds divisors[index]
  bool operator>(const PointStream& other) const { return point > other.point; }
};

}  // namespace

DivisionGame::DivisionGame(std::vector<std::uint64_t> divisors) : divisors_(std::move(divisors)) {
  std::sort(divisors_.begin(), divisors_.end());
  divisors_.erase(std::unique(divisors_.begin(), divisors_.end()), divisors_.end());
  if (divisors_.empty()) throw InputError("a division game needs at least one divisor");
  if (divisors_.front() < 2)
    throw InputError(
        fmt::format("a division game cannot divide by {}: every divisor must be at least 2", divisors_.front()));
  for (std::size_t i = 0; i < divisors_.size(); ++i) {
    if (!ranges_.empty() && ranges_.back().high + 1 == divisors_[i]) {
      ++ranges_.back().high;
    } else {
      ranges_.push_back({divisors_[i], divisors_[i], i});
    }
  }
}

// Within a range, floor(n / d) is constant on blocks of d: from d, the block
// of quotient q = floor(n / d) ends at floor(n / q). So a range costs at
// most about 2 sqrt(n) steps, however many divisors it holds.
template <class Visit>
void DivisionGame::for_each_quotient(Position n, Visit&& visit) const {
  bool any = false;
  Position last = 0;
  auto emit = [&](Position q) {
    if (any && q == last) return;  // a quotient shared by neighbouring ranges
    any = true;
    last = q;
    visit(q);
  };
  for (const Range& r : ranges_) {
    for (std::uint64_t d = r.low;;) {
      if (d > n) {  // this and every larger divisor leave 0
        emit(0);
        return;
      }
      const Position q = n / d;
      emit(q);
      const std::uint64_t block_end = n / q;  // q >= 1 here
      if (block_end >= r.high) break;
      d = block_end + 1;
    }
  }
}

std::string DivisionGame::spec() const { return "division:" + format_number_set(divisors_); }

// The runs, by the breakpoint lemma: for n >= 1, G(n) = mex{G(floor(n/d))},
// and floor(n/d) moves from one run of G into the next exactly when n passes
// d * s for the next run's start s. So G is constant between consecutive
// points of {1} and {d * s : d in D, s >= 1 a run start}, and it suffices to
// evaluate G at those points, in increasing order: every quotient p / d < p
// lies in a run already known. Each run start contributes one stream of
// points d * s (sorted by d), merged through a heap.
//
// Most points of a long range of D change nothing, and are skipped. At
// n = d * s, with s the start of run r, the quotient of d moves from run
// r - 1 into run r. If d - 1 is in D and its quotient at n - 1 already lay in
// run r, and d + 1 is in D and its quotient at n still lies in run r - 1,
// then the set of runs met by D is the same at n - 1 and at n: d's move
// cannot change G. Both conditions only get easier as d grows within the
// range (floor((n - 1) / (d - 1)) = s + floor((s - 1) / (d - 1)) falls towards
// s, floor(n / (d + 1)) = s - ceil(s / (d + 1)) rises towards s - 1), so once
// they hold, the stream jumps to the last divisor of the range, whose right
// neighbour is not in D. A point is evaluated when any of the streams that
// meet there was not skipped, so G is still evaluated wherever it changes.
const std::optional<RunTable>& DivisionGame::runs() const {
  if (runs_done_) return runs_;
  runs_done_ = true;
  // Silent unless it runs for a second (and inside pattern's task of the
  // same name); the points climb to 2^64 about geometrically, so their bit
  // width is the fraction shown.
  LongTask task(fmt::format("computing the runs of {}", spec()));
  RunTable table;
  table.starts.push_back(0);
  table.values.push_back(Nimber(0));

  std::priority_queue<PointStream, std::vector<PointStream>, std::greater<>> points;
  auto push_point = [&](PointStream stream) {
    if (!__builtin_mul_overflow(divisors_[stream.index], stream.start, &stream.point)) points.push(stream);
  };
  // d * s changes nothing, by the conditions above. Called while popping a
  // point p = d' * s with d' < d, all runs below p known: the quotient
  // floor((n - 1) / (d - 1)) < 2s <= p is in a known run.
  auto skippable = [&](std::uint64_t d, std::uint64_t s, std::size_t run) {
    std::uint64_t n = 0;
    if (__builtin_mul_overflow(d, s, &n)) return false;  // the stream ends anyway
    return table.run_of((n - 1) / (d - 1)) == run && n / (d + 1) >= table.starts[run - 1];
  };
  // The stream's next point after `stream`, if any.
  auto advance = [&](const PointStream& stream) {
    PointStream next = stream;
    if (++next.index >= divisors_.size()) return;  // the end of D, or the point 1, which has no stream
    if (next.index > ranges_[next.range].last()) ++next.range;
    const Range& r = ranges_[next.range];
    const std::uint64_t d = divisors_[next.index];
    if (d > r.low && d < r.high && skippable(d, stream.start, stream.run)) next.index = r.last();
    push_point(next);
  };

  std::vector<Nimber> option_values;
  std::uint64_t events = 0;
  std::uint64_t previous = 0;
  // The point 1 is where G first changes: G(1) = mex{G(0)} = 1.
  points.push({1, 0, divisors_.size(), 0, 0});
  while (!points.empty()) {
    const PointStream top = points.top();
    points.pop();
    advance(top);
    const std::uint64_t p = top.point;
    if (p == previous) continue;  // several streams meet here
    previous = p;
    if (++events > kMaxEvents) return runs_;
    task.advance(static_cast<std::uint64_t>(std::bit_width(p)), 64);

    // The values of floor(p / d) over d in D, one lookup per run met: all d
    // with floor(p / d) >= s, the start of the run found, land in that run.
    option_values.clear();
    std::size_t i = 0;
    while (i < divisors_.size()) {
      const std::size_t run = table.run_of(p / divisors_[i]);
      option_values.push_back(table.values[run]);
      const std::uint64_t s = table.starts[run];
      if (s == 0) break;                   // every larger d also gives 0
      const std::uint64_t last_d = p / s;  // floor(p / d) >= s  <=>  d <= p / s
      i = static_cast<std::size_t>(
          std::upper_bound(divisors_.begin() + static_cast<std::ptrdiff_t>(i) + 1, divisors_.end(), last_d) -
          divisors_.begin());
    }
    const Nimber v = mex(option_values);
    if (v == table.values.back()) continue;
    if (table.starts.size() == kMaxRuns) return runs_;
    table.starts.push_back(p);
    table.values.push_back(v);
    push_point({0, p, 0, table.size() - 1, 0});
  }
  runs_ = std::move(table);
  return runs_;
}

// The rule from the runs. If G(n) = G(floor(n/m)) for all n >= n0 and S > n0
// is a run start, then G(S) != G(S - 1) forces floor(S/m) != floor((S-1)/m),
// so m divides S and S / m is a run start too: every base worth trying is
// (last run start) / (an earlier run start). For each, in increasing order,
// the smallest n0 comes from walking the runs down from 2^64 - 1 to the first
// n where the identity fails. The check covers every n up to 2^64 - 1, so the
// rule is proven (by the induction in docs/games/division.md) whenever
// max(max(D) * n0, m) is within that range.
std::vector<std::uint64_t> DivisionGame::rule_bases() const {
  std::vector<std::uint64_t> bases;
  if (!runs()) return bases;
  const RunTable& t = *runs_;
  const std::uint64_t last_start = t.starts.back();
  for (std::size_t i = 1; i + 1 < t.size(); ++i)
    if (last_start % t.starts[i] == 0) bases.push_back(last_start / t.starts[i]);
  std::sort(bases.begin(), bases.end());
  return bases;
}

std::optional<std::uint64_t> DivisionGame::rule_start(std::uint64_t m) const {
  const RunTable& t = *runs();
  // One more than the highest n with G(n) != G(floor(n/m)). G(1) = 1 and
  // G(0) = 0, so the walk always fails by n = 1.
  u128 from = 0;
  for (std::size_t j = t.size() - 1; j >= 1 && from == 0; --j) {
    const std::uint64_t first = t.starts[j];
    const std::uint64_t last = t.last_of(j);
    // Images floor(n/m) of run j, from the top; the first run of another
    // value that they meet gives the highest failing n.
    for (std::size_t k = t.run_of(last / m);; --k) {
      if (t.values[k] != t.values[j]) {
        const u128 image_last = std::min(t.last_of(k), last / m);
        from = std::min<u128>(last, image_last * m + (m - 1)) + 1;
        break;
      }
      if (t.starts[k] <= first / m) break;
    }
  }
  if (from == 0 || from > kMax) return std::nullopt;
  return static_cast<std::uint64_t>(from);
}

const std::optional<SelfSimilarity>& DivisionGame::self_similarity() const {
  if (rule_done_) return rule_;
  rule_done_ = true;
  if (!runs()) return rule_;
  const RunTable& t = *runs_;
  for (std::uint64_t m : rule_bases()) {
    const std::optional<std::uint64_t> from = rule_start(m);
    if (!from || *from > kMaxRuleStart) continue;
    SelfSimilarity rule;
    rule.base = m;
    rule.from = *from;
    for (std::uint64_t n = 0; n < rule.from; ++n) rule.values.push_back(t.value(n));
    rule.checked_up_to = kMax;
    const u128 bound = std::max<u128>(u128{divisors_.back()} * *from, m);
    rule.proven = bound <= kMax;
    rule.proof_bound = rule.proven ? static_cast<std::uint64_t>(bound) : 0;
    rule_ = std::move(rule);
    return rule_;
  }
  return rule_;
}

Nimber DivisionGame::value(Position n) const {
  // A small position is cheaper by recursion than the runs can be (a set
  // with many short runs takes a minute to find them all): the runs are
  // computed only when a large position (or a table of runs) asks for them.
  if (!runs_done_ && n < kSmallByRecursion) return value_by_recursion(n);
  if (const auto& r = runs()) return r->value(n);
  if (memo_.contains(n)) return Nimber(memo_.at(n));
  // Without runs a far position may visit many quotients: report it.
  LongTask task(fmt::format("computing G({}) of {} by recursion", n, spec()));
  return value_by_recursion(n);
}

Nimber DivisionGame::value_by_recursion(Position n) const {
  if (n == 0) return Nimber(0);
  if (auto it = memo_.find(n); it != memo_.end()) return Nimber(it->second);
  // Depth is at most 64: every move at least halves n.
  std::vector<Nimber> option_values;
  for_each_quotient(n, [&](Position q) { option_values.push_back(value_by_recursion(q)); });
  const Nimber v = mex(option_values);
  memo_.emplace(n, v.value());
  return v;
}

std::vector<Position> DivisionGame::moves_to_value(Position n, Nimber target) const {
  std::vector<Position> moves;
  if (n == 0) return moves;
  for_each_quotient(n, [&](Position to) {
    if (value(to) == target) moves.push_back(to);
  });
  return moves;
}

std::string DivisionGame::move_rule() const {
  return fmt::format("a move replaces a heap of n by floor(n / d) for d = {} (0 has no moves)",
                     number_set_in_words(divisors_, "or"));
}

// floor(n / d) = to exactly when n / (to + 1) < d <= n / to.
std::string DivisionGame::why_not_move(Position from, Position to) const {
  if (from == 0) return "a heap of 0 has no moves";
  if (to >= from) return fmt::format("a move divides the heap: floor({} / d) is below {} for every d >= 2", from, from);
  // to = 0 needs d > from (from / 1 + 1 could wrap); otherwise the first d
  // above from / (to + 1) must not pass from / to.
  const bool reached = to == 0 ? divisors_.back() > from : [&] {
    const auto d = std::lower_bound(divisors_.begin(), divisors_.end(), from / (to + 1) + 1);
    return d != divisors_.end() && *d <= from / to;
  }();
  if (!reached)
    return fmt::format("{} is not floor({} / d) for d = {}", to, from, number_set_in_words(divisors_, "or"));
  return {};
}

// Quotients grow as d falls: the divisors are walked downwards, from the
// largest that leaves at least `lowest`, by blocks of equal quotient within
// each range of D. Every divisor above n leaves 0, one move however many such
// divisors there are, so a heap costs about sqrt(n) per range, not |D| (a
// set may hold a million divisors).
MoveSample DivisionGame::moves_from(Position n, Position lowest, std::uint64_t limit) const {
  MoveSample sample;
  sample.total = 0;
  if (n == 0) return sample;
  bool any = false;
  Position last = 0;
  auto add = [&](Position to) {
    if (any && to == last) return;
    any = true;
    last = to;
    ++*sample.total;
    if (sample.moves.size() < limit) sample.moves.push_back(to);
  };
  // n / d >= lowest exactly when d <= n / lowest.
  const Position largest_useful = lowest == 0 ? n : n / lowest;
  if (lowest == 0 && divisors_.back() > n) add(0);
  for (auto r = ranges_.rbegin(); r != ranges_.rend(); ++r) {
    if (r->low > largest_useful) continue;
    for (std::uint64_t d = std::min(r->high, largest_useful);;) {
      const Position q = n / d;  // at least 1, and at least lowest
      add(q);
      // The smallest divisor with quotient q is floor(n / (q + 1)) + 1 (q < n).
      const std::uint64_t block_start = n / (q + 1) + 1;
      if (block_start <= r->low) break;
      d = block_start - 1;
    }
  }
  return sample;
}

namespace {

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
  PatternAdvice table;
  table.kind = PatternAdvice::Kind::values_as_runs;
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

}  // namespace

Pattern DivisionGame::pattern(std::uint64_t limit) const {
  const DivisionGame& game = *this;
  const auto& rule = [&]() -> const std::optional<SelfSimilarity>& {
    // The walk over candidate points (up to 2^28 of them): no fraction to show.
    LongTask task(fmt::format("computing the runs of {}", game.spec()));
    return game.self_similarity();
  }();
  if (!game.runs()) {  // values by recursion only
    Pattern out = observe_pattern(game, limit);
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

namespace {
std::unique_ptr<Game> parse_division(const SpecText& spec) {
  spec.expect_params("division:D, with D a set such as 2,3 or 2-6");
  return std::make_unique<DivisionGame>(parse_number_set(
      spec.params, fmt::format("the divisor set of game {}", quote(spec.spec)), 2, spec.params_column()));
}
}  // namespace

const GameFamily kDivisionFamily{"division",
                                 "division:D",
                                 "a number n; replace it by floor(n/d) for some d in the finite set D of integers >= 2 "
                                 "(0 is erased); division:2-6 is CodeChef FDIVGAME",
                                 "division:2-6",
                                 parse_division,
                                 /*reads_file=*/false,
                                 "a check of G(n) = G(floor(n/m)) for n0 <= n < max(max(D) * n0, m) covers every n, "
                                 "by induction (docs/games/division.md)."};

}  // namespace grundy
