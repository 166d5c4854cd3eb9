// Two threads on one take-and-break table (TakeAndBreakValues::set_threads):
// the values checked ahead (speculate) are the values of one thread, for
// games with every kind of value space, with failed checks (new rare heaps
// met ahead) on the way, in a table kept in a file, and in a resumed one.

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "grundy/games/take_and_break.hpp"
#include "grundy/games/take_and_break_values.hpp"
#include "support/sanitized.hpp"

namespace grundy {
namespace {

using test::kSanitized;

TakeAndBreakValues table_of(const std::string& game) {
  if (game == "grundy-game") return TakeAndBreakValues(TakeAndBreakGame::grundy_game().digits(), true);
  return TakeAndBreakValues(TakeAndBreakGame::parse_code(game, TakeAndBreakGame::Notation::octal, game, 1).digits(),
                            false);
}

void expect_same(const TakeAndBreakValues& two, const TakeAndBreakValues& one, const std::string& game) {
  ASSERT_EQ(two.size(), one.size()) << game;
  std::uint64_t differ = 0, first = 0;
  for (std::uint64_t n = 0; n < one.size(); ++n)
    if (two[n] != one[n] && differ++ == 0) first = n;
  EXPECT_EQ(differ, 0u) << game << ": first at n = " << first << ": " << two[first] << " against " << one[first];
  EXPECT_EQ(two.sparsity().largest, one.sparsity().largest) << game;
  EXPECT_EQ(two.sparsity().largest_at, one.sparsity().largest_at) << game;
  EXPECT_EQ(two.sparsity().rare_heaps, one.sparsity().rare_heaps) << game;
  EXPECT_EQ(two.sparsity().last_rare, one.sparsity().last_rare) << game;
}

// From heap 512 on, while rare heaps still appear: Grundy's game meets
// its rare heaps up to 82,860 ahead, and each failed check is redone by
// one thread. 0.6 widens to two bytes, 0.16 and 0.4 keep one word of
// values (0.4 with the heap's parity in its mask), 0.106 two.
TEST(OctalTwoThreads, SameValuesAsOneThread) {
  // (Under ThreadSanitizer 10^5 heaps of these six games took more than
  // five minutes; Grundy's game still meets rare heaps ahead below 3 * 10^4.)
  const std::uint64_t size = test::kThreadSanitized ? 30000 : kSanitized ? 100000 : 400000;
  for (const std::string game : {"grundy-game", "0.6", "0.16", "0.4", "0.106", "0.167"}) {
    TakeAndBreakValues one = table_of(game);
    one.extend_to(size);
    TakeAndBreakValues two = table_of(game);
    two.set_threads(2);
    two.set_speculation_trials(false);
    two.set_speculate_from(512);
    two.extend_to(size / 3);
    two.extend_to(size);  // a second call goes on ahead too
    expect_same(two, one, game);
    if (game == "grundy-game") {
      EXPECT_GT(two.failed_checks(), 0u) << "no rare heap was met ahead";
    }
  }
}

// The cycle search stops at the same heap with two threads.
TEST(OctalTwoThreads, StopsAtTheSameCycle) {
  TakeAndBreakValues one = table_of("0.137"), two = table_of("0.137");
  two.set_threads(2);
  two.set_speculation_trials(false);
  two.set_speculate_from(64);
  // (Under ThreadSanitizer one thread's 10^5 heaps of 0.137 alone took
  // more than five minutes: 3 * 10^4 there, the two threads' code the same.)
  const std::uint64_t size = test::kThreadSanitized ? 30000 : 100000;
  one.extend_to(size, nullptr, true);
  two.extend_to(size, nullptr, true);
  EXPECT_EQ(two.size(), one.size());
  EXPECT_EQ(two.take_cycle(), one.take_cycle());
}

TEST(OctalTwoThreads, InAFile) {
  const std::uint64_t size = kSanitized ? 100000 : 300000;
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("grundy-octal-two-threads-" + std::to_string(::getpid()) + ".table");
  TakeAndBreakValues one = table_of("grundy-game");
  one.extend_to(size);
  TakeAndBreakValues two = table_of("grundy-game");
  two.set_threads(2);
  two.set_speculation_trials(false);
  two.set_speculate_from(512);
  two.set_min_kept_values(4096);
  two.move_to_file(path.string(), "grundy-game");
  two.extend_to(size);
  expect_same(two, one, "grundy-game in a file");
  std::filesystem::remove(path);
}

// A table resumed from its file (`--resume`) or from saved values keeps its
// threads: both once began again on one thread, whatever set_threads said.
TEST(OctalTwoThreads, ResumedTablesKeepTheirThreads) {
  const std::uint64_t size = kSanitized ? 100000 : 300000;
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("grundy-octal-resumed-" + std::to_string(::getpid()) + ".table");
  TakeAndBreakValues one = table_of("grundy-game");
  one.extend_to(size);
  {
    TakeAndBreakValues first = table_of("grundy-game");
    first.set_min_kept_values(4096);
    first.move_to_file(path.string(), "grundy-game");
    first.extend_to(size / 2);
    first.commit_file();
  }
  TakeAndBreakValues resumed = table_of("grundy-game");
  resumed.set_threads(2);
  resumed.set_speculation_trials(false);
  resumed.set_speculate_from(512);
  resumed.set_min_kept_values(4096);
  resumed.open_file(TableFile::open(path.string(), "grundy-game"));
  ASSERT_EQ(resumed.size(), size / 2);
  resumed.extend_to(size);
  expect_same(resumed, one, "grundy-game resumed from its file");
  EXPECT_GT(resumed.heaps_ahead(), size / 4) << "the resumed table computed no heaps ahead";
  std::filesystem::remove(path);

  std::stringstream saved;
  TakeAndBreakValues half = table_of("grundy-game");
  half.extend_to(size / 2);
  ASSERT_EQ(half.bytes_per_value(), 1u);
  for (std::uint64_t n = 0; n < half.size(); ++n) saved.put(static_cast<char>(half[n]));
  TakeAndBreakValues read = table_of("grundy-game");
  read.set_threads(2);
  read.set_speculation_trials(false);
  read.set_speculate_from(512);
  read.read_values(saved, size / 2, half.bytes_per_value());
  read.extend_to(size);
  expect_same(read, one, "grundy-game from saved values");
  EXPECT_GT(read.heaps_ahead(), size / 4) << "the table read back computed no heaps ahead";
}

// With trials on (the default), each range of heaps between two mask
// choices times one thread against two before it keeps either (0.1777's
// cheap heaps keep one, Grundy's game two on a quiet machine): which one
// wins depends on the machine, the values never do.
TEST(OctalTwoThreads, TrialsChooseTheThreadsAndKeepTheValues) {
  const std::uint64_t size = kSanitized ? 300000 : 1 << 20;
  for (const std::string game : {"0.1777", "grundy-game"}) {
    TakeAndBreakValues one = table_of(game);
    one.extend_to(size);
    TakeAndBreakValues two = table_of(game);
    two.set_threads(2);
    two.set_speculate_from(512);
    two.extend_to(size);
    expect_same(two, one, game + " with trials");
    EXPECT_GE(two.speculation_trials(), 3u) << game << ": a trial in each range from 2^10 heaps on";
    EXPECT_LE(two.speculation_trials_won(), two.speculation_trials()) << game;
    // Trials off: two threads from heap 512 on, the heaps ahead counted.
    TakeAndBreakValues always = table_of(game);
    always.set_threads(2);
    always.set_speculate_from(512);
    always.set_speculation_trials(false);
    always.extend_to(size);
    expect_same(always, one, game + " without trials");
    EXPECT_EQ(always.speculation_trials(), 0u) << game;
    EXPECT_GT(always.heaps_ahead(), size / 2) << game;
  }
}

}  // namespace
}  // namespace grundy
