// The component search on several threads (component_search.hpp, run):
// whatever the number of threads, the same values, since every thread
// stores only facts in the table they share. Boards of at least
// kThreadsFrom cells are searched on every thread asked for; each board
// gets a fresh search, so the threads start from an empty table and meet
// each other's parts (ABDADA's busy marks) rather than finding them known.
#include <cstdint>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/games/chomp.hpp"
#include "grundy/games/cram.hpp"
#include "grundy/games/take_and_break.hpp"
#include "grundy/game_sum.hpp"
#include "grundy/games/node_kayles.hpp"
#include "grundy/search/component_search.hpp"
#include "grundy/execution_budget.hpp"
#include "grundy/spec.hpp"
#include "support/cram_published.hpp"

namespace grundy {
namespace {

// Under the sanitizers a search is ten to fifty times slower: the larger
// boards are left to the optimised build.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr unsigned kMostCells = 30;
#else
constexpr unsigned kMostCells = 40;
#endif

std::uint64_t cram_value(const CramBoard& board, unsigned threads) {
  ComponentSearch<CramRules> search;
  search.set_threads(threads);
  return search.value(board).value();
}

TEST(ParallelSearch, PublishedEmptyBoardsAtOneTwoAndFourThreads) {
  const auto published = test::published_cram_boards(GRUNDY_TEST_DATA);
  ASSERT_FALSE(published.empty()) << "tests/data/cram.tsv";
  int checked = 0;
  for (const auto& [h, w, cells, nimber] : published) {
    if (cells > kMostCells) continue;
    const CramBoard board = parse_cram_board(std::to_string(h) + "x" + std::to_string(w));
    for (unsigned threads : {1u, 2u, 4u})
      EXPECT_EQ(cram_value(board, threads), nimber) << h << "x" << w << " on " << threads;
    ++checked;
  }
  // 4x4 to 4x7 and 5x5, 5x6 (and 4x8 to 4x10, 5x7 and 5x8 in the optimised build)
  EXPECT_GE(checked, 6);
}

TEST(ParallelSearch, RandomBlockedBoardsAtOneTwoAndFourThreads) {
  std::mt19937_64 rng(20261129);
  int nonzero = 0, boards = 0;
  const int trials = kMostCells >= 40 ? 200 : 60;
  while (boards < trials) {
    const unsigned h = 4 + static_cast<unsigned>(rng() % 3), w = 5 + static_cast<unsigned>(rng() % 3);
    CramBoard board{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(w), 0};
    for (unsigned i = 0; i < h * w; ++i)
      if (rng() % 7 != 0) board.empty |= CellSet{1} << i;
    const unsigned cells = board.empty_cells();
    if (cells < ComponentSearch<CramRules>::kThreadsFrom || cells > 28) continue;
    ++boards;
    const std::uint64_t one = cram_value(board, 1);
    nonzero += one != 0;
    ASSERT_EQ(cram_value(board, 2), one) << format_cram_board(board);
    ASSERT_EQ(cram_value(board, 4), one) << format_cram_board(board);
  }
  EXPECT_GT(nonzero, trials / 4);  // varied enough to test something
}

// The plain mex on several threads (Chomp's method) puts off options whose
// parts another thread is searching: on Cram, whose options leave several
// parts, it agrees with one thread.
TEST(ParallelSearch, PlainMethodOnRandomBlockedBoardsAtOneTwoAndFourThreads) {
  std::mt19937_64 rng(73);
  int boards = 0;
  while (boards < 30) {
    CramBoard board{4, 6, 0};
    for (unsigned i = 0; i < 24; ++i)
      if (rng() % 8 != 0) board.empty |= CellSet{1} << i;
    if (board.empty_cells() < ComponentSearch<CramRules>::kThreadsFrom) continue;
    ++boards;
    std::uint64_t values[3] = {};
    const unsigned counts[3] = {1, 2, 4};
    for (int k = 0; k < 3; ++k) {
      ComponentSearch<CramRules> search(CramRules{}, SearchMethod::plain);
      search.set_threads(counts[k]);
      values[k] = search.value(board).value();
    }
    ASSERT_EQ(values[1], values[0]) << format_cram_board(board);
    ASSERT_EQ(values[2], values[0]) << format_cram_board(board);
  }
}

// The search on threads is a scheduling of the same facts: its count of
// parts is that of all threads, and a search asked for one thread, or a
// game that does not say its rules are thread-safe, uses one.
TEST(ParallelSearch, ThreadsAskedForAndThreadsUsed) {
  ComponentSearch<CramRules> search;
  EXPECT_EQ(search.threads(), available_cores());  // (0: every core)
  search.set_threads(3);
  EXPECT_EQ(search.threads(), 3u);
  EXPECT_EQ(search.value(parse_cram_board("5x5")).value(), 0u);  // (known at once: no thread needed)
  EXPECT_EQ(search.value(parse_cram_board("4x7")).value(), 3u);
  EXPECT_GT(search.stats().searched, 0u);
  static_assert(ComponentSearch<CramRules>::kParallel);
  static_assert(!ComponentSearch<NodeKaylesRules>::kParallel);  // (nauty's per-thread work areas)
  static_assert(ComponentSearch<ChompRules>::kParallel);
}

// A search that keeps its table in a file saves it while it searches
// (SearchedGame's observer, every 65,536 parts and then every 10 s): on
// several threads each save reads the table while the other threads
// store, and must read whole entries, each a fact.
TEST(ParallelSearch, ReadingTheTableWhileThreadsSearch) {
  const std::unique_ptr<Game> dawson = parse_game("dawson-kayles");
  ComponentSearch<CramRules> search;
  search.set_threads(2);
  int reads = 0;
  std::size_t entries = 0, wrong = 0;
  search.set_observer([&](const SearchStats&) {
    ++reads;
    search.for_each_known([&](const CramBoard& part, std::uint64_t v) {
      ++entries;
      // A part of one row is Dawson's Kayles at its length (Cram.OneRowIsDawsonsKayles):
      // any entry for one read whole has that value.
      if (part.height == 1 && v != dawson->value(part.width).value()) ++wrong;
    });
  });
  EXPECT_EQ(search.value(parse_cram_board("5x7")).value(), 1u);  // tests/data/cram.tsv
  EXPECT_GT(reads, 0);
  EXPECT_GT(entries, 0u);
  EXPECT_EQ(wrong, 0u);
}

// Chomp (the plain mex) on two threads agrees with one.
TEST(ParallelSearch, ChompAndNodeKaylesAgreeAtTwoThreads) {
  static_assert(ComponentSearch<ChompRules>::kDefaultMethod == SearchMethod::plain);
  for (const char* bar : {"4x6", "5x5", "3x9", "7x8", "6,6,5,5,3,1,1"}) {
    ComponentSearch<ChompRules> one, two;
    one.set_threads(1);
    two.set_threads(2);
    const ChompWord b = chomp_word_of(parse_chomp_bar(bar));
    EXPECT_EQ(two.value(b), one.value(b)) << bar;
  }
}

TEST(ParallelSearch, ThreadCountsAreParsedStrictly) {
  EXPECT_EQ(parse_thread_count("0"), 0u);  // (every core)
  EXPECT_EQ(parse_thread_count("1"), 1u);
  EXPECT_EQ(parse_thread_count("1024"), 1024u);
  for (const char* bad : {"", "1025", "-1", "+2", " 2", "2 ", "two", "99999999999999999999"})
    EXPECT_FALSE(parse_thread_count(bad).has_value()) << bad;
  EXPECT_GE(available_cores(), 1u);
  EXPECT_EQ(threads_taken(1), 1u);
  // More than the cores is taken down to them (issue 74: 1,000 threads
  // of Cram 5x7 took 40 times one thread's time on 2 cores).
  EXPECT_EQ(threads_taken(available_cores() + 1), available_cores());
  EXPECT_EQ(threads_taken(kMaxSearchThreads), available_cores());
  EXPECT_EQ(threads_taken(0), available_cores());
}

// A budget left as it is means every core and the machine's quarter; one
// given to a game reaches what computes: an octal table's helpers, a
// search's table bound (searched_game_test.cpp), a Chomp box's (chomp_test.cpp).
TEST(ExecutionBudget, DefaultsAndWhatAGameTakes) {
  EXPECT_EQ(ExecutionBudget{}.search_threads(), available_cores());
  EXPECT_EQ(ExecutionBudget{}.table_bytes(), machine_table_bytes());
  EXPECT_GT(machine_table_bytes(), 0u);
  EXPECT_EQ(ExecutionBudget{.threads = 1}.search_threads(), 1u);
  EXPECT_EQ(ExecutionBudget{.threads = kMaxSearchThreads}.search_threads(), available_cores());
  EXPECT_EQ(ExecutionBudget{.memory_bytes = 4096}.table_bytes(), 4096u);

  const auto octal = parse_game("octal:0.1777");
  const auto* tb = dynamic_cast<const TakeAndBreakGame*>(octal.get());
  ASSERT_NE(tb, nullptr);
  EXPECT_EQ(tb->table().threads(), available_cores());
  const auto one = parse_game("octal:0.1777", ExecutionBudget{.threads = 1});
  EXPECT_EQ(dynamic_cast<const TakeAndBreakGame&>(*one).table().threads(), 1u);
  EXPECT_EQ(one->budget(), ExecutionBudget{.threads = 1});
  octal->use_budget(ExecutionBudget{.threads = 1, .memory_bytes = 1 << 20});
  EXPECT_EQ(tb->table().threads(), 1u);
  EXPECT_EQ(octal->budget().table_bytes(), std::size_t{1} << 20);
  // A sum's games read from specs take the budget given.
  const GameSum sum = read_sum({"cram", "3x3", "+", "octal:0.07", "5"}, {}, ExecutionBudget{.threads = 1});
  for (const auto& g : sum.games) EXPECT_EQ(g->budget().threads, 1u) << g->spec();
}

}  // namespace
}  // namespace grundy
