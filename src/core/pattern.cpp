#include "grundy/pattern.hpp"

#include "grundy/heap_game.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/progress.hpp"

namespace grundy {
namespace {

// observe_period and observe_self_similarity, reporting to `task` when given.
std::optional<ObservedPeriod> find_period(std::span<const Nimber> values, LongTask* task);
std::optional<ObservedPeriod> find_arithmetic_period(std::span<const Nimber> values, LongTask* task);
std::optional<ObservedSelfSimilarity> find_self_similarity(std::span<const Nimber> values, LongTask* task);

std::optional<ObservedSelfSimilarity> self_similarity_search(const std::string& spec, std::span<const Nimber> values) {
  LongTask task(fmt::format("looking for a rule G(n) = G(floor(n/m)) in G(0..{}) of {}", values.size() - 1, spec));
  return find_self_similarity(values, &task);
}

}  // namespace

std::vector<Nimber> first_values(const Game& game, std::uint64_t count) {
  LongTask task(fmt::format("computing G(0..{}) of {}", count - 1, game.spec()));
  std::vector<Nimber> values;
  values.reserve(count);
  if (count > 0) game.expect_values_up_to(count - 1);
  for (std::uint64_t n = 0; n < count; ++n) {
    task.advance(n, count);
    values.push_back(game.value(n));
  }
  return values;
}

std::optional<ObservedPeriod> search_period(const std::string& spec, std::span<const Nimber> values) {
  LongTask task(fmt::format("looking for a period in G(0..{}) of {}", values.size() - 1, spec));
  return find_period(values, &task);
}

Pattern observe_pattern(const Game& game, std::uint64_t limit) {
  Pattern out;
  out.game = game.spec();
  const std::vector<Nimber> values = first_values(game, limit + 1);
  out.checked_up_to = limit;
  std::optional<ObservedPeriod> p = search_period(out.game, values);
  if (!p) {
    LongTask task(fmt::format("looking for G(n + p) = G(n) + s in G(0..{}) of {}", limit, out.game));
    p = find_arithmetic_period(values, &task);
  }
  if (p) {
    out.kind = p->saltus == 0 ? PatternKind::periodic : PatternKind::arithmetic_periodic;
    out.preperiod = p->preperiod;
    out.period = p->period;
    out.saltus = p->saltus;
    out.value_count = p->preperiod + p->period;
  } else if (auto s = self_similarity_search(out.game, values)) {
    out.kind = PatternKind::self_similar;
    out.base = s->base;
    out.from = s->from;
    out.value_count = s->from;
  }
  if (limit < kMaxPatternLimit) {
    out.advice.kind = PatternAdvice::Kind::larger_bound;
    out.advice.bound = kMaxPatternLimit;
    out.advice.may_refute = out.kind != PatternKind::none;
  }
  if (out.kind != PatternKind::none) {
    out.reason = fmt::format("grundy has no theorem for {}: the rule was only seen on G(0..{})", out.game, limit);
  } else {
    out.reason = fmt::format(
        "no period, no G(n + p) = G(n) + s and no rule G(n) = G(floor(n/m)) fits G(0..{}); a rule is accepted only "
        "when it covers at least "
        "half of the values (and a period repeats twice after its preperiod)",
        limit);
  }
  return out;
}

std::string_view to_string(PatternKind kind) {
  switch (kind) {
    case PatternKind::periodic:
      return "periodic";
    case PatternKind::arithmetic_periodic:
      return "arithmetic-periodic";
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

// The same walk as find_period with a difference in place of equality: for
// each p the saltus is the last difference G(n) - G(n - p), then the walk
// goes down while the difference holds. Only positive saltuses: a period is
// find_period's, and values cannot fall forever.
std::optional<ObservedPeriod> find_arithmetic_period(std::span<const Nimber> values, LongTask* task) {
  const std::uint64_t size = values.size();
  for (std::uint64_t p = 1; 2 * p <= size; ++p) {
    if (task != nullptr) task->advance(p - 1, size / 2);
    const std::uint64_t last = values[size - 1].value(), before = values[size - 1 - p].value();
    if (last <= before) continue;
    const std::uint64_t s = last - before;
    std::uint64_t e = size - p;  // G(n + p) = G(n) + s checked for e <= n < size - p
    while (e > 0 && values[e - 1 + p].value() == values[e - 1].value() + s) --e;
    if (2 * e <= size && e + 2 * p <= size) return ObservedPeriod{e, p, s};
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

std::optional<ObservedPeriod> observe_arithmetic_period(std::span<const Nimber> values) {
  return find_arithmetic_period(values, nullptr);
}

std::optional<ObservedSelfSimilarity> observe_self_similarity(std::span<const Nimber> values) {
  return find_self_similarity(values, nullptr);
}

Pattern find_pattern(const Game& game, std::uint64_t limit) {
  const HeapGame* heap = game.heap_game();
  if (!heap)
    throw InputError(
        fmt::format("game '{}' is not played on heap sizes 0, 1, 2, ...: it has no sequence of values "
                    "to find a pattern in",
                    game.spec()));
  return heap->pattern(limit);
}

}  // namespace grundy
