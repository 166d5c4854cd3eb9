// Progress of a long `grundy value` run: the game reports its own long
// computations, so `value` (and `winner`, `moves`, which ask the same game)
// say on stderr what takes so long, as `table` and `pattern` do.

#include <chrono>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/run_process.hpp"

namespace grundy {
namespace {

using ::testing::MatchesRegex;

// 48 scattered numbers up to 5,026,993: no ranges, so each heap reads its 48
// options, and a heap below 8 max(S) = 40,215,944 is read off the first
// table: 40 million values, about 3 s in the release build.
std::string scattered_set() {
  std::string spec = "subtraction:";
  for (std::uint64_t i = 1; i <= 48; ++i) spec += std::to_string(i * 104729 + 1) + (i < 48 ? "," : "");
  return spec;
}

TEST(SubtractionValueProgress, LongValueRunReportsOnStderr) {
  const std::string game = scattered_set();
  const auto start = std::chrono::steady_clock::now();
  const test::ProcessResult r = test::run_process(GRUNDY_EXE, {"value", game, "40000000"});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, MatchesRegex("[0-9]+\n"));
  // A task reports once it has run for a second; a machine fast enough to
  // finish well within that has nothing to show.
  if (seconds < 1.5) GTEST_SKIP() << "the run took only " << seconds << " s";
  const std::string task = "grundy: computing G\\(0\\.\\.40000000\\) of " + game;
  EXPECT_THAT(r.err, MatchesRegex(task + "\\.\\.\\.\n" + task + ": done in [0-9]+\\.[0-9] s\n"));
}

}  // namespace
}  // namespace grundy
