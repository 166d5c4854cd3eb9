#include "grundy/value_plot.hpp"

#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/heap_game.hpp"

namespace grundy {

ValuePlot value_plot(const Game& game, std::uint64_t to, std::uint64_t pattern_limit) {
  if (!game.heap_indexed())
    throw InputError(
        fmt::format("game '{}' is not played on heap sizes 0, 1, 2, ...: only heap games have a "
                    "picture of G(n) against n",
                    game.spec()));
  if (to > kMaxPlotHeap)
    throw InputError(
        fmt::format("a picture of values goes up to heap {} at most (2^24 - 1), not {}", kMaxPlotHeap, to));
  ValuePlot plot;
  plot.game = game.spec();
  // The pattern first: for families with a theorem it fills the game's table
  // far enough, so the values after it are cheap.
  // With the limit `grundy pattern` uses by default (octal codes search far
  // for a proof), or further when the picture goes further.
  const HeapGame& heap = *game.heap_game();
  const std::uint64_t limit = pattern_limit == 0 ? heap.default_pattern_limit() : pattern_limit;
  plot.pattern = find_pattern(game, std::min(std::max(limit, to), heap.max_pattern_limit()));
  plot.values = first_values(game, to + 1);
  plot.words = plot_words(plot.pattern, to);
  return plot;
}

PlotWords plot_words(const Pattern& p, std::uint64_t to) {
  PlotWords w;
  const std::string tail = p.proven ? fmt::format(": proven (checked to n = {})", p.proof_bound)
                                    : fmt::format(", seen up to n = {}: not proven", p.checked_up_to);
  switch (p.kind) {
    case PatternKind::periodic:
      w.rule = fmt::format("period {} from n = {}{}", p.period, p.preperiod, tail);
      break;
    case PatternKind::arithmetic_periodic:
      w.rule = fmt::format("G(n + {}) = G(n) + {} from n = {}{}", p.period, p.saltus, p.preperiod, tail);
      break;
    case PatternKind::self_similar:
      w.rule = fmt::format("G(n) = G(floor(n/{})) from n = {}{}", p.base, p.from, tail);
      break;
    case PatternKind::none:
      w.rule = fmt::format("no period or self-similar rule fits G(0..{})", std::max(to, p.checked_up_to));
      return w;
  }
  const bool periodic = p.kind == PatternKind::periodic || p.kind == PatternKind::arithmetic_periodic;
  const std::uint64_t mark = periodic ? p.preperiod : p.from;
  if (mark > to) return w;
  if (periodic) {
    // An arithmetic-periodic game's values do not repeat: each block is the
    // one before it plus the saltus, which is what the key says.
    const std::uint64_t last = p.preperiod + p.period - 1;
    const std::string span =
        p.period == 1 ? fmt::format("n = {}", p.preperiod) : fmt::format("n = {}..{}", p.preperiod, last);
    w.shaded = true;
    w.shaded_from = p.preperiod;
    w.shaded_to = std::min(to, p.preperiod + p.period);
    w.shaded_key = p.kind == PatternKind::arithmetic_periodic
                       ? fmt::format("G(n + {}) = G(n) + {}; shaded: {}", p.period, p.saltus, span)
                       : fmt::format("one period: {}", span);
  }
  if (!periodic || p.preperiod > 0) {
    w.marked = true;
    w.mark = mark;
    w.mark_key = periodic ? fmt::format("preperiod ends: n = {}", mark) : fmt::format("rule starts: n = {}", mark);
  }
  return w;
}

std::vector<PlotPoint> thin_points(const std::vector<Nimber>& values, std::size_t columns) {
  std::vector<PlotPoint> points;
  if (values.empty()) return points;
  // heap < 2^24 and columns <= 2^20 keep heap * columns below 2^64.
  columns = std::clamp<std::size_t>(columns, 1, std::size_t{1} << 20);
  const std::size_t n = values.size();
  std::unordered_set<std::uint64_t> seen;
  std::size_t slice = 0;
  for (std::uint64_t heap = 0; heap < n; ++heap) {
    const std::size_t s = heap * columns / n;
    if (s != slice) {
      slice = s;
      seen.clear();
    }
    if (seen.insert(values[heap].value()).second) points.push_back({heap, values[heap]});
  }
  return points;
}

}  // namespace grundy
