// Cram through the command line: boards as positions (HxW or rows), values
// from the component search, moves as whole boards, sums with other families,
// and bad boards refused with where and what.

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/run_process.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

test::ProcessResult grundy_run(const std::vector<std::string>& args) { return test::run_process(GRUNDY_EXE, args); }

std::string out_of(const std::vector<std::string>& args) {
  const auto r = grundy_run(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

TEST(CramCli, ValuesOfPublishedBoards) {
  // tests/data/cram.tsv: 4x5 = 2, 4x7 = 3, 5x5 = 0; the transposed board is the same game.
  EXPECT_EQ(out_of({"value", "cram", "4x5", "5x4", "4x7", "5x5"}), "2\n2\n3\n0\n");
  EXPECT_EQ(out_of({"value", "cram", "4x5", "+", "nim", "3"}), "2\n3\n");  // one value per component
  EXPECT_EQ(out_of({"winner", "cram", "4x5", "+", "nim", "2"}), "second player wins (nim-sum 0)\n");
}

TEST(CramCli, MemoryBoundsTheSearchTable) {
  // A table of 16 KiB forgets most of what 5x6 searched, and answers the same.
  EXPECT_EQ(out_of({"value", "cram", "5x6", "--memory", "16K"}), "2\n");
  EXPECT_EQ(out_of({"value", "--memory=1M", "cram", "4x7"}), "3\n");
  for (const char* bad : {"12Q", "0", "512", "-1M", "1.5G", "", "99999999999999999999T"}) {
    const auto r = grundy_run({"value", "cram", "4x5", "--memory", bad});
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_THAT(r.err, HasSubstr("--memory")) << bad;
    EXPECT_THAT(r.err, HasSubstr("expected a size such as 512M or 4G")) << bad;
  }
}

// --threads and GRUNDY_THREADS: the same answers on any number, and a
// clear error for a number that is none.
TEST(CramCli, ThreadsChangeNoAnswerAndAreChecked) {
  for (const char* n : {"1", "2", "3"})
    EXPECT_EQ(out_of({"value", "cram", "4x7", "5x5", "4x6", "+", "nim", "1", "--threads", n}), "3\n0\n0\n1\n") << n;
  EXPECT_EQ(out_of({"winner", "--threads=2", "cram", "3x8"}), "first player wins (nim-sum 3)\n");
  for (const char* bad : {"1025", "-2", "two", "", "1.5"}) {
    const auto r = grundy_run({"value", "cram", "4x5", "--threads", bad});
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_THAT(r.err, HasSubstr("expected a number of threads from 1 to 1024, or 0 for every core")) << bad;
  }
  // 0 is every core, and more threads than cores are taken down to the
  // cores, with a note (issue 74: 1,000 threads of 5x7 took 66 s, one 1.6 s).
  const auto every = grundy_run({"value", "cram", "4x7", "--threads", "0"});
  EXPECT_EQ(every.exit_code, 0) << every.err;
  EXPECT_EQ(every.out, "3\n");
  EXPECT_EQ(every.err, "");
  const auto many = grundy_run({"value", "cram", "4x7", "--threads", "1000"});
  EXPECT_EQ(many.exit_code, 0) << many.err;
  EXPECT_EQ(many.out, "3\n");
  EXPECT_THAT(many.err, HasSubstr("grundy: --threads 1000: this process may use "));
  EXPECT_THAT(many.err, HasSubstr("; using "));
  const auto jobs = grundy_run({"census", "octal", "--digits", "1", "--max-heap", "50", "--jobs", "1000"});
  EXPECT_EQ(jobs.exit_code, 0) << jobs.err;
  EXPECT_THAT(jobs.err, HasSubstr("grundy: --jobs 1000: this process may use "));
  ::setenv("GRUNDY_THREADS", "many", 1);
  const auto env = grundy_run({"value", "cram", "4x5"});
  const auto given = grundy_run({"value", "cram", "4x5", "--threads", "2"});  // the option wins over the variable
  ::setenv("GRUNDY_THREADS", "2", 1);
  const auto good = grundy_run({"value", "cram", "4x7"});
  ::unsetenv("GRUNDY_THREADS");
  EXPECT_EQ(env.exit_code, 2);
  EXPECT_THAT(env.err, HasSubstr("GRUNDY_THREADS 'many': expected a number of threads from 1 to 1024, or 0"));
  EXPECT_EQ(given.exit_code, 0) << given.err;
  EXPECT_EQ(good.out, "3\n");
}

// Issue 50, item 6: the misère search held 1.17 GB for 5x6 with --memory 64M.
TEST(CramCli, MemoryBoundsTheMisereSearch) {
  EXPECT_EQ(out_of({"winner", "cram", "5x6", "--misere", "--memory", "64M"}).substr(0, 18), "first player wins ");
  const auto r = grundy_run({"winner", "cram", "6x6", "--misere", "--memory", "2M"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_THAT(r.err, HasSubstr("the exact misère search needs more than 2 MiB of memory"));
  EXPECT_THAT(r.err, HasSubstr("--memory SIZE allows more"));
  // A sum of cram and nim goes to the general search, bounded the same way.
  const auto mixed = grundy_run({"winner", "cram", "5x6", "+", "nim", "3", "--misere", "--memory", "1M"});
  EXPECT_EQ(mixed.exit_code, 1);
  EXPECT_THAT(mixed.err, HasSubstr("needs more than 1 MiB of memory"));
}

TEST(CramCli, TableKeepsTheSearchAcrossRuns) {
  const std::string path = ::testing::TempDir() + "cram-cli-table-" + std::to_string(::getpid()) + ".bin";
  std::remove(path.c_str());
  EXPECT_EQ(out_of({"value", "cram", "5x6", "--table", path}), "2\n");
  std::ifstream written(path, std::ios::binary | std::ios::ate);
  ASSERT_TRUE(written) << "the table file was not written";
  const auto size = static_cast<long long>(written.tellg());
  EXPECT_GT(size, 1000 * 19);
  EXPECT_EQ(out_of({"winner", "cram", "5x6", "+", "nim", "2", "--table", path}), "second player wins (nim-sum 0)\n");
  // Not a table: refused, exit status 2, the file left as it was.
  std::ofstream(path, std::ios::trunc) << "a shopping list\n";
  const auto bad = grundy_run({"value", "cram", "3x3", "--table", path});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("not a table of cram"));
  const auto empty = grundy_run({"value", "cram", "3x3", "--table", ""});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_THAT(empty.err, HasSubstr("--table '': the file name is empty"));
  std::remove(path.c_str());
}

TEST(CramCli, EveryListedWinningMoveLeavesValueZero) {
  const std::vector<std::string> boards{"3x4", "..#./..../...#"};
  const auto r = grundy_run({"moves", "cram", boards[0], boards[1], "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j["winner"], "first");
  ASSERT_FALSE(j["moves"].empty());
  for (const json& m : j["moves"]) {
    // After a winning move the sum is a second-player win.
    std::vector<std::string> after{"winner", "cram"};
    for (std::size_t i = 0; i < boards.size(); ++i)
      after.push_back(i == m["component"].get<std::size_t>() ? m["to"][0].get<std::string>() : boards[i]);
    EXPECT_THAT(out_of(after), HasSubstr("second player wins")) << m.dump();
  }
}

TEST(CramCli, AMoveIsOneDomino) {
  const auto r = grundy_run({"moves", "cram", "2x3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["value"], 1);  // 2x3: a central vertical domino then mirroring wins
  for (const json& m : j["moves"]) {
    const std::string to = m["to"][0];
    EXPECT_EQ(std::count(to.begin(), to.end(), '#'), 2) << to;
  }
}

TEST(CramCli, PlayRefusesTwoCellsApartOnAWideBoard) {
  // A 1 x 128 board: cells 0 and 2 are no domino (the check above a cell of
  // the last row must not look past the board).
  const std::string board(128, '.');
  std::string apart = board;
  apart[0] = apart[2] = '#';
  const auto r = test::run_process(GRUNDY_EXE, {"play", "cram", board, "--seed", "1"}, "1 " + apart + "\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("a move fills two neighbouring cells, not 2 cells like these")) << r.out;
}

TEST(CramCli, BadBoardsSayWhereAndWhat) {
  auto error_of = [](const std::vector<std::string>& args) {
    const auto r = grundy_run(args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    return r.err;
  };
  EXPECT_THAT(error_of({"value", "cram", "12x12"}), HasSubstr("argument 2: Cram board '12x12': 144 cells, and a board "
                                                              "holds at most 128"));
  EXPECT_THAT(error_of({"value", "cram", "3x"}), HasSubstr("expected HxW"));
  EXPECT_THAT(error_of({"value", "cram", "..x"}), HasSubstr("at character 3: 'x' is not a cell"));
  EXPECT_THAT(error_of({"value", "cram:3", "2x2"}), HasSubstr("cram takes no parameters"));
}

}  // namespace
}  // namespace grundy
