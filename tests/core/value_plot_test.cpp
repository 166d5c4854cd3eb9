// The data behind pictures of values: G(0..to) with the game's pattern, and
// the thinning that keeps every value of every pixel column.

#include "grundy/value_plot.hpp"

#include <map>
#include <random>
#include <set>
#include <utility>

#include <gtest/gtest.h>

#include "grundy/error.hpp"
#include "grundy/spec.hpp"

namespace grundy {
namespace {

// thin_points against its definition: the set of (slice, value) pairs it
// keeps is every pair present, once each, at the slice's first heap of it.
TEST(ValuePlot, ThinPointsKeepEveryValueOfEverySliceOnce) {
  std::mt19937_64 rng(7);
  for (std::uint64_t round = 0; round < 200; ++round) {
    const std::size_t n = 1 + rng() % 3000;
    const std::size_t columns = 1 + rng() % 700;
    std::vector<Nimber> values;
    for (std::size_t i = 0; i < n; ++i) values.push_back(Nimber(rng() % (1 + round % 9)));
    std::map<std::pair<std::size_t, std::uint64_t>, std::uint64_t> first;  // (slice, value) -> first heap
    for (std::size_t i = 0; i < n; ++i) first.emplace(std::pair{i * columns / n, values[i].value()}, i);
    const std::vector<PlotPoint> points = thin_points(values, columns);
    ASSERT_EQ(points.size(), first.size()) << "n " << n << " columns " << columns;
    for (const PlotPoint& p : points) {
      ASSERT_EQ(values[p.heap], p.value);
      EXPECT_EQ(first.at({p.heap * columns / n, p.value.value()}), p.heap);
    }
  }
  EXPECT_TRUE(thin_points({}, 10).empty());
  // More columns than heaps: every heap is a point.
  EXPECT_EQ(thin_points({Nimber(1), Nimber(1), Nimber(0)}, 1000).size(), 3u);
}

TEST(ValuePlot, HoldsTheValuesAndTheProvenPeriod) {
  const auto kayles = parse_game("kayles");
  const ValuePlot plot = value_plot(*kayles, 200);
  ASSERT_EQ(plot.values.size(), 201u);
  for (std::uint64_t n = 0; n <= 200; ++n) EXPECT_EQ(plot.values[n], kayles->value(n)) << n;
  EXPECT_EQ(plot.game, "octal:0.77");
  EXPECT_EQ(plot.pattern.kind, PatternKind::periodic);
  EXPECT_TRUE(plot.pattern.proven);
  EXPECT_EQ(plot.pattern.period, 12u);
  EXPECT_EQ(plot.pattern.preperiod, 71u);
}

TEST(ValuePlot, RefusesGamesNotOnHeapsAndTooManyValues) {
  EXPECT_THROW((void)value_plot(*parse_game("cram"), 10), InputError);
  EXPECT_THROW((void)value_plot(*parse_game("nim"), kMaxPlotHeap + 1), InputError);
}

}  // namespace
}  // namespace grundy
