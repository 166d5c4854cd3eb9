// ChompBox (chomp_box.hpp) on several threads: the threads take runs of
// ranks in turn and wait for values another thread has not yet written;
// every bar's value is the one thread's. Also built under ThreadSanitizer.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/games/chomp.hpp"
#include "grundy/games/chomp_box.hpp"
#include "support/sanitized.hpp"

namespace grundy {
namespace {

// Calls f on every bar of at most h rows of at most w squares.
void each_bar(unsigned h, unsigned w, const std::function<void(const ChompBar&)>& f) {
  ChompBar bar;
  const std::function<void(unsigned, unsigned)> grow = [&](unsigned row, unsigned most) {
    if (row > 0) f(bar);
    if (row == h) return;
    for (unsigned r = 1; r <= most; ++r) {
      bar.rows[row] = static_cast<std::uint8_t>(r);
      grow(row + 1, r);
    }
    bar.rows[row] = 0;
  };
  grow(0, w);
}

TEST(ChompBoxThreads, EveryBarHasTheOneThreadValue) {
  // A square box (mirror images written by whichever thread comes first)
  // and a long one, each cut into dozens of runs.
  const unsigned side = test::sanitized_or(10u, 9u);
  for (const auto& [h, w] : {std::pair{side, side}, std::pair{7u, 13u}}) {
    const ChompBox one(h, w, 1);
    for (const unsigned threads : {2u, 3u, 4u}) {
      const ChompBox many(h, w, threads);
      std::uint64_t bars = 0, differ = 0;
      each_bar(h, w, [&](const ChompBar& bar) {
        ++bars;
        differ += one.value(bar) != many.value(bar) ? 1u : 0u;
      });
      EXPECT_EQ(bars + 1, *ChompBox::bar_count(h, w));
      EXPECT_EQ(differ, 0u) << h << "x" << w << " on " << threads << " threads";
    }
  }
}

}  // namespace
}  // namespace grundy
