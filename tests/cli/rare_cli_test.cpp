// `grundy rare`: the statistics of published rare-value tables, against
// Czajka's list of unsolved octal games (tests/data/octal/tczajka_unsolved.tsv)
// and against a count over every mask written here; and a long run killed
// with SIGKILL that resumes from its saved table to the same answer.

#include <signal.h>
#include <unistd.h>

#include <bit>
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "grundy/games/take_and_break.hpp"
#include "grundy/spec.hpp"
#include "grundy/table_lock.hpp"
#include "support/run_process.hpp"
#include "support/sanitized.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

test::ProcessResult grundy_run(const std::vector<std::string>& args) { return test::run_process(GRUNDY_EXE, args); }

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("grundy-rare-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

json last_line(const std::string& out) {
  std::istringstream in(out);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return json::parse(last);
}

using test::kSanitized;

// Czajka's table counts heap 0 among the rare heaps, as `grundy rare` does.
TEST(RareCli, CzajkasUnsolvedGamesHaveHisStatistics) {
  std::ifstream in(std::string(GRUNDY_TEST_DATA) + "/octal/tczajka_unsolved.tsv");
  ASSERT_TRUE(in) << "tests/data/octal/tczajka_unsolved.tsv";
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string game, mask;
    unsigned bits = 0;
    std::uint64_t largest_at = 0, largest = 0, rare = 0, last = 0;
    fields >> game >> bits >> largest_at >> largest >> mask >> rare >> last;
    // Grundy's game to 2^21 takes seconds (minutes under the sanitizers):
    // the smaller games are enough there.
    if (bits > 17 && kSanitized) continue;
    SCOPED_TRACE(game);
    const auto r = grundy_run({"rare", game, "--to", std::to_string((std::uint64_t{1} << bits) - 1), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = last_line(r.out);
    EXPECT_EQ(j["size"], std::uint64_t{1} << bits);
    EXPECT_EQ(j["largest_at"], largest_at);
    EXPECT_EQ(j["largest_value"], largest);
    EXPECT_EQ(j["rare_mask"], std::stoul(mask, nullptr, 16));
    EXPECT_EQ(j["rare_heaps"], rare);
    EXPECT_EQ(j["last_rare"], last);
    ++rows;
  }
  EXPECT_GE(rows, 2);
}

// The best mask and its count, against every mask tried here on the values
// `grundy table` prints.
TEST(RareCli, TheBestMaskIsTheBestOfEveryMask) {
  for (const std::string game : {"octal:0.6", "octal:0.16", "kayles", "grundy-game"}) {
    SCOPED_TRACE(game);
    const std::uint64_t size = 1 << 13;
    const auto r = grundy_run({"rare", game, "--to", std::to_string(size - 1), "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = last_line(r.out);
    const auto g = parse_game(game);
    std::vector<std::uint32_t> values;
    std::uint32_t top = 0;
    for (std::uint64_t n = 0; n < size; ++n)
      values.push_back(static_cast<std::uint32_t>(g->value(n).value())), top = std::max(top, values.back());
    const std::uint32_t space = std::bit_ceil(top + 1);
    // Parity joins the mask only for games whose splits take tokens of one
    // parity (all of these but 0.6, which takes one token, and 0.16's 1 and 2).
    const bool parity_allowed = game == "grundy-game" || game == "octal:0.6";
    std::uint64_t best = size;
    for (std::uint32_t m = 1; m < std::max<std::uint32_t>(space, 64); ++m)
      for (int parity = 0; parity <= (parity_allowed ? 1 : 0); ++parity) {
        std::uint64_t rare = 0;
        for (std::uint64_t n = 0; n < size; ++n)
          rare += (std::popcount(values[n] & m) % 2 != 0) == (parity == 1 && n % 2 != 0);
        best = std::min(best, rare);
      }
    EXPECT_EQ(j["rare_heaps"], best);
    // The last rare heap under the mask reported.
    const std::uint32_t m = j["rare_mask"];
    const bool with_parity = j["rare_parity"];
    std::uint64_t last = 0, count = 0;
    for (std::uint64_t n = 0; n < size; ++n)
      if ((std::popcount(values[n] & m) % 2 != 0) == (with_parity && n % 2 != 0)) last = n, ++count;
    EXPECT_EQ(j["last_rare"], last);
    EXPECT_EQ(count, best);
  }
}

TEST(RareCli, ListsTheRareHeapsAsTheyAppear) {
  const auto r = grundy_run({"rare", "grundy-game", "--to", "4095", "--list"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("G(0..1023), 2^10 values: largest"));
  EXPECT_THAT(r.out, HasSubstr("G(0..4095), 2^12 values: largest"));
  EXPECT_THAT(r.out, HasSubstr("rare heaps under this mask (n G(n)):\n  0 0\n"));
}

// The number of values a saved table file holds (its third line), 0 when
// it is not there yet.
std::uint64_t saved_table_size(const fs::path& table) {
  std::ifstream in(table);
  std::string magic, game;
  std::uint64_t size = 0;
  std::getline(in, magic);
  std::getline(in, game);
  return in >> size ? size : 0;
}

TEST(RareCli, AKilledRunResumesFromItsSavedTableToTheSameAnswer) {
  const fs::path table = scratch("0.6.table");
  fs::remove(table);
  const std::string to = std::to_string((1 << 19) - 1);
  const auto whole = grundy_run({"rare", "octal:0.6", "--to", to, "--json"});
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  // Killed once the table of 2^16 values is saved, mid-way to 2^19.
  const test::SpawnedProcess run =
      test::spawn_process(GRUNDY_EXE, {"rare", "octal:0.6", "--to", to, "--save", table.string()});
  ::close(run.in);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (!fs::exists(table) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ::kill(run.pid, SIGKILL);
  ::close(run.out);
  ::close(run.err);
  (void)test::wait_for_exit(run.pid);
  ASSERT_TRUE(fs::exists(table)) << "no table saved";
  const auto resumed = grundy_run({"rare", "octal:0.6", "--to", to, "--resume", table.string(), "--json"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(last_line(resumed.out), last_line(whole.out));
  // A table of another game, or no table, is refused with the file named.
  const auto other = grundy_run({"rare", "kayles", "--to", "100", "--resume", table.string()});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_THAT(other.err, HasSubstr("holds a table of 'octal:0.6', not of octal:0.77"));
  std::ofstream(scratch("junk.table")) << "hello\n";
  const auto junk = grundy_run({"rare", "kayles", "--to", "100", "--resume", scratch("junk.table").string()});
  EXPECT_EQ(junk.exit_code, 2);
  EXPECT_THAT(junk.err, HasSubstr("is not a table saved by grundy"));
  std::ofstream(scratch("short.table")) << "grundy-table 1\noctal:0.77\n1000 1\nabc";
  const auto cut = grundy_run({"rare", "kayles", "--to", "100", "--resume", scratch("short.table").string()});
  EXPECT_EQ(cut.exit_code, 2);
  EXPECT_THAT(cut.err, HasSubstr("ends after"));
  // A --save file another run writes (it holds FILE.lock) is refused.
  {
    const grundy::TableLock other_run(table.string(), "table file");
    ASSERT_TRUE(other_run.held());
    const auto busy = grundy_run({"rare", "octal:0.6", "--to", "100", "--save", table.string()});
    EXPECT_EQ(busy.exit_code, 2);
    EXPECT_THAT(busy.err, HasSubstr("another run is writing that file"));
  }
  EXPECT_FALSE(fs::exists(table.string() + ".lock")) << "the lock's file goes with its run";
  fs::remove_all(table.parent_path());
}

// Ctrl-C saves the table where the run stands (docs/cli.md: "on Ctrl-C"),
// as a search's --table does; it once kept only the last doubling's save.
TEST(RareCli, CtrlCSavesTheTableWhereTheRunStands) {
  const fs::path table = scratch("0.6-interrupted.table");
  fs::remove(table);
  const test::SpawnedProcess run = test::spawn_process(
      GRUNDY_EXE,
      {"rare", "octal:0.6", "--to", std::to_string((1 << 20) - 1), "--save", table.string(), "--threads", "1"});
  ::close(run.in);
  auto saved_size = [&] { return saved_table_size(table); };
  // Interrupted inside the doubling from 2^18 to 2^19, soon after its
  // start (on a fast machine 100 ms after the save at 2^17 was past 2^18).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  while (saved_size() < (1u << 18) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_EQ(saved_size(), 1u << 18) << "no save at 2^18, or the run went past 2^19 first";
  // 50 ms: on a loaded machine 10 ms after the save could pass before the
  // run computed a value past it, leaving 2^18 as the right save.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ::kill(run.pid, SIGINT);
  const int status = test::wait_for_exit(run.pid);  // (its pipes open: a closed one would end it by SIGPIPE)
  ::close(run.out);
  ::close(run.err);
  const std::uint64_t size = saved_size();
  EXPECT_GT(size, 1u << 18) << "exit " << status;
  EXPECT_NE(size & (size - 1), 0u) << size << " values: a doubling's save, not the interrupted run's";
  const auto resumed = grundy_run({"rare", "octal:0.6", "--to", "600000", "--resume", table.string(), "--json"});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  fs::remove_all(table.parent_path());
}

// Inside a doubling, --save-every keeps the work too: with 0, the table is
// saved every kTableStep (2^16) values, so a run killed between 2^18 and
// 2^19 leaves a table of a size between them, and resuming from it gives
// the uninterrupted run's answer.
TEST(RareCli, SavesInsideADoublingAndResumesFromThere) {
  const fs::path table = scratch("0.6-steps.table");
  fs::remove(table);
  const std::string to = std::to_string((1 << 19) + 1000);
  const auto whole = grundy_run({"rare", "octal:0.6", "--to", to, "--json"});
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  const test::SpawnedProcess run =
      test::spawn_process(GRUNDY_EXE, {"rare", "octal:0.6", "--to", to, "--save", table.string(), "--save-every", "0"});
  ::close(run.in);
  auto saved_size = [&] { return saved_table_size(table); };
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  std::uint64_t size = 0;
  auto inside = [](std::uint64_t n) { return n > (1u << 18) && n < (1u << 19); };
  while (!inside(size = saved_size()) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const bool saved_inside = inside(size);
  ::kill(run.pid, SIGKILL);
  ::close(run.out);
  ::close(run.err);
  (void)test::wait_for_exit(run.pid);
  ASSERT_TRUE(saved_inside) << "no save inside the doubling to 2^19; the last one had " << size << " values";
  EXPECT_EQ(size % TakeAndBreakGame::kTableStep, 0u) << size;
  const auto resumed = grundy_run({"rare", "octal:0.6", "--to", to, "--resume", table.string(), "--json"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(last_line(resumed.out), last_line(whole.out));
  // --save-every needs --save, and a number of seconds.
  const auto alone = grundy_run({"rare", "kayles", "--to", "100", "--save-every", "10"});
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_THAT(alone.err, HasSubstr("--save"));
  const auto negative = grundy_run({"rare", "kayles", "--to", "100", "--save", table.string(), "--save-every", "-1"});
  EXPECT_EQ(negative.exit_code, 2);
  fs::remove_all(table.parent_path());
}

TEST(RareCli, RefusesWhatItCannotDo) {
  const auto general = grundy_run({"rare", "tb:0.[3]", "--to", "100"});
  EXPECT_EQ(general.exit_code, 2);
  EXPECT_THAT(general.err, HasSubstr("not a take-and-break game the rare-value table computes"));
  const auto nim = grundy_run({"rare", "nim", "--to", "100"});
  EXPECT_EQ(nim.exit_code, 2);
  const auto huge = grundy_run({"rare", "kayles", "--to", "1099511627776"});
  EXPECT_EQ(huge.exit_code, 2);
  EXPECT_THAT(huge.err, HasSubstr("at most 1099511627775"));
  // Past 2^32 values the table lives in a file, which --save names.
  const auto no_file = grundy_run({"rare", "kayles", "--to", "4294967296"});
  EXPECT_EQ(no_file.exit_code, 2);
  EXPECT_THAT(no_file.err, HasSubstr("more than 2^32, and such a table is kept in a file; give --save FILE"));
  const auto on_disk = grundy_run({"rare", "kayles", "--to", "100", "--on-disk"});
  EXPECT_EQ(on_disk.exit_code, 2);
  EXPECT_THAT(on_disk.err, HasSubstr("--save"));
}

// --threads: the checks of rare values beside the next heaps (from 2^16
// heaps on) change no line; a bad count is refused.
TEST(RareCli, ThreadsChangeNoLine) {
  const std::string to = std::to_string((1 << 18) + 77);
  const auto one = grundy_run({"rare", "grundy-game", "--to", to, "--json", "--list", "--threads", "1"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto two = grundy_run({"rare", "grundy-game", "--to", to, "--json", "--list", "--threads", "2"});
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(two.out, one.out);
  for (const std::string bad : {"-1", "two", "1025"}) {
    const auto refused = grundy_run({"rare", "kayles", "--to", "100", "--threads", bad});
    EXPECT_EQ(refused.exit_code, 2) << bad;
    EXPECT_THAT(refused.err, HasSubstr("expected a number of threads from 1 to 1024")) << bad;
  }
}

// --on-disk (implied past 2^32 values): the table is the --save file, each
// value written there as it is computed and counted in its header at each
// save. A run killed inside a doubling resumes from the file in place to
// the uninterrupted run's answer, and the file reads into memory too.
TEST(RareCli, ATableOnDiskResumesInPlaceAfterKill9) {
  const fs::path table = scratch("0.6-on-disk.table");
  fs::remove(table);
  const std::string to = std::to_string((1 << 19) + 1000);
  const auto whole = grundy_run({"rare", "octal:0.6", "--to", to, "--json"});
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  const test::SpawnedProcess run = test::spawn_process(
      GRUNDY_EXE, {"rare", "octal:0.6", "--to", to, "--save", table.string(), "--save-every", "0", "--on-disk"});
  ::close(run.in);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  std::uint64_t size = 0;
  auto inside = [](std::uint64_t n) { return n > (1u << 18) && n < (1u << 19); };
  while (!inside(size = saved_table_size(table)) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ::kill(run.pid, SIGKILL);
  ::close(run.out);
  ::close(run.err);
  (void)test::wait_for_exit(run.pid);
  ASSERT_TRUE(inside(size)) << "no save inside the doubling to 2^19; the last one had " << size << " values";
  std::ifstream in(table);
  std::string magic;
  std::getline(in, magic);
  EXPECT_EQ(magic, "grundy-table 3");
  const auto memory = grundy_run({"rare", "octal:0.6", "--to", to, "--resume", table.string(), "--json"});
  ASSERT_EQ(memory.exit_code, 0) << memory.err;
  EXPECT_EQ(last_line(memory.out), last_line(whole.out));
  const auto resumed = grundy_run(
      {"rare", "octal:0.6", "--to", to, "--resume", table.string(), "--save", table.string(), "--on-disk", "--json"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(last_line(resumed.out), last_line(whole.out));
  EXPECT_EQ(saved_table_size(table), (1u << 19) + 1001);
  fs::remove_all(table.parent_path());
}

// `grundy value GAME N --table FILE` for an octal game: the values of a
// table in memory, read from the file when it holds them and grown in it
// when it does not; a `rare --save` file (version 1) is converted once;
// a proven period answers any heap from a short file.
TEST(ValueTableCli, ValuesComeFromTheFileAndGrowIt) {
  const fs::path table = scratch("grundy-game-value.table");
  fs::remove(table);
  const std::vector<std::string> heaps = {"1", "5000", "150000", "300000"};
  std::vector<std::string> args = {"value", "grundy-game"};
  args.insert(args.end(), heaps.begin(), heaps.end());
  const auto memory = grundy_run(args);
  ASSERT_EQ(memory.exit_code, 0) << memory.err;
  const auto first = grundy_run({"value", "grundy-game", "150000", "--table", table.string()});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(saved_table_size(table), 150001u);
  std::ifstream in(table);
  std::string magic;
  std::getline(in, magic);
  EXPECT_EQ(magic, "grundy-table 3");
  args.insert(args.end(), {"--table", table.string()});
  const auto grown = grundy_run(args);
  ASSERT_EQ(grown.exit_code, 0) << grown.err;
  EXPECT_EQ(grown.out, memory.out);
  EXPECT_EQ(saved_table_size(table), 300001u);
  // A save of `rare` in memory, version 1, becomes a file of version 2.
  const fs::path old = scratch("grundy-game-v1.table");
  fs::remove(old);
  ASSERT_EQ(grundy_run({"rare", "grundy-game", "--to", "70000", "--save", old.string()}).exit_code, 0);
  args.back() = old.string();
  const auto converted = grundy_run(args);
  ASSERT_EQ(converted.exit_code, 0) << converted.err;
  EXPECT_EQ(converted.out, memory.out);
  std::ifstream old_in(old);
  std::getline(old_in, magic);
  EXPECT_EQ(magic, "grundy-table 3");
  // Dawson's Kayles: its period proven, any heap is answered.
  const fs::path dawson = scratch("0.07.table");
  fs::remove(dawson);
  const auto far = grundy_run({"value", "octal:0.07", "1000000000000", "--table", dawson.string()});
  ASSERT_EQ(far.exit_code, 0) << far.err;
  EXPECT_EQ(far.out, grundy_run({"value", "octal:0.07", "1000000000000"}).out);
  EXPECT_LT(saved_table_size(dawson), 4096u);
  fs::remove_all(table.parent_path());
}

TEST(ValueTableCli, RefusesWhatItCannotDo) {
  const fs::path table = scratch("refused.table");
  fs::remove(table);
  ASSERT_EQ(grundy_run({"value", "grundy-game", "1000", "--table", table.string()}).exit_code, 0);
  const auto other = grundy_run({"value", "kayles", "10", "--table", table.string()});
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_THAT(other.err, HasSubstr("holds a table of 'grundy-game', not of octal:0.77"));
  const auto two = grundy_run({"value", "grundy-game", "5", "+", "kayles", "5", "--table", table.string()});
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_THAT(two.err, HasSubstr("a file holds one game's table"));
  const auto general = grundy_run({"value", "tb:0.[37]", "5", "--table", table.string()});
  EXPECT_EQ(general.exit_code, 2);
  EXPECT_THAT(general.err, HasSubstr("only cram and octal or hexadecimal games keep a table in a file"));
  const auto beyond = grundy_run({"value", "grundy-game", "1099511627776", "--table", table.string()});
  EXPECT_EQ(beyond.exit_code, 1);
  EXPECT_THAT(beyond.err, HasSubstr("a table in a file holds at most 1099511627776 values (2^40)"));
  EXPECT_EQ(saved_table_size(table), 1001u) << "the refusals left the file as it was";
  fs::remove_all(table.parent_path());
}

// Runs `args` (a run that keeps its table in `table`), stops it with
// SIGINT once the file's header has `committed` values (a doubling's
// commit), and checks that it exited 130 with a commit of its own: more
// values, and not a power of two. Then `args` again goes on from the file
// to the answer of `args_in_memory`.
// The processor time a running process has used, in clock ticks
// (/proc/PID/stat: user and system time, the 14th and 15th fields).
std::uint64_t cpu_ticks(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  std::getline(in, line);
  const std::size_t close = line.rfind(')');  // (the name in parentheses may hold spaces)
  if (close == std::string::npos) return 0;
  std::istringstream rest(line.substr(close + 2));
  std::string field;
  std::uint64_t user = 0, system = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) user = std::stoull(field);
    if (i == 15) system = std::stoull(field);
  }
  return user + system;
}

void expect_ctrl_c_commits(const std::vector<std::string>& args, const std::vector<std::string>& args_in_memory,
                           const fs::path& table, std::uint64_t committed) {
  fs::remove(table);
  const test::SpawnedProcess run = test::spawn_process(GRUNDY_EXE, args);
  ::close(run.in);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  while (saved_table_size(table) < committed / 2 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const std::uint64_t at_half = cpu_ticks(run.pid);
  while (saved_table_size(table) < committed && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_EQ(saved_table_size(table), committed) << "no commit there, or the run went past the next doubling first";
  // Ctrl-C once the run has worked, past the commit, half the processor
  // time the doubling before took (at least 30 ms): well inside the next
  // doubling, which takes about twice that, however fast the build (a
  // sanitizer's is several times slower) and however busy the machine (a
  // fixed wait went past the doubling on a quiet machine, and may not let
  // a run start at all on a busy one; a fixed 30 ms of processor time
  // ended a sanitizer's run before it had computed a value past the commit).
  const std::uint64_t at_commit = cpu_ticks(run.pid);
  const std::uint64_t per_second = static_cast<std::uint64_t>(::sysconf(_SC_CLK_TCK));
  const std::uint64_t wait = std::max((3 * per_second + 99) / 100, (at_commit - std::min(at_half, at_commit)) / 2);
  while (cpu_ticks(run.pid) < at_commit + wait && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ::kill(run.pid, SIGINT);
  const int status = test::wait_for_exit(run.pid);
  ::close(run.out);
  ::close(run.err);
  EXPECT_EQ(status, 130);
  const std::uint64_t size = saved_table_size(table);
  EXPECT_GT(size, committed);
  EXPECT_NE(size & (size - 1), 0u) << size << " values: a doubling's commit, not the interrupted run's";
  const auto resumed = grundy_run(args);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(resumed.out, grundy_run(args_in_memory).out);
  fs::remove_all(table.parent_path());
}

// Ctrl-C commits the file where the run stands (not at the last doubling),
// and the next run goes on from there to the answer of a run in memory.
TEST(ValueTableCli, CtrlCCommitsTheFileWhereTheRunStands) {
  const fs::path table = scratch("0.6-value.table");
  expect_ctrl_c_commits({"value", "octal:0.6", "1000000", "--table", table.string()}, {"value", "octal:0.6", "1000000"},
                        table, 1u << 17);
}

// `grundy pattern GAME --table FILE`: the same answer as in memory, the
// file grown to the proof's check (0.376: period 4 from 2,268,248) and read
// again by the next run; --max-heap reaches 2^40 - 1 with a file; Ctrl-C
// commits the file where the search stands.
TEST(PatternTableCli, FindsThePeriodInAFileAndGoesOnFromIt) {
  const fs::path table = scratch("0.376-pattern.table");
  fs::remove(table);
  const auto memory = grundy_run({"pattern", "octal:0.376"});
  ASSERT_EQ(memory.exit_code, 0) << memory.err;
  const auto first = grundy_run({"pattern", "octal:0.376", "--table", table.string()});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.out, memory.out);
  const std::uint64_t size = saved_table_size(table);
  EXPECT_GE(size, 2u * 2268248 + 2 * 4 + 3) << "the check of the Guy-Smith theorem, 2e + 2p + t";
  const auto again = grundy_run({"pattern", "octal:0.376", "--table", table.string()});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, memory.out);
  EXPECT_EQ(saved_table_size(table), size) << "nothing more to compute";
  const std::string most = std::to_string((std::uint64_t{1} << 40) - 1);
  const fs::path dawson = scratch("0.07-pattern.table");
  EXPECT_EQ(grundy_run({"pattern", "octal:0.07", "--max-heap", most, "--table", dawson.string()}).exit_code, 0);
  const auto without = grundy_run({"pattern", "octal:0.07", "--max-heap", most});
  EXPECT_EQ(without.exit_code, 2);
  EXPECT_THAT(without.err, HasSubstr("examines heaps up to 4294967295"));
  const auto nim = grundy_run({"pattern", "nim", "--table", dawson.string()});
  EXPECT_EQ(nim.exit_code, 2);
  EXPECT_THAT(nim.err, HasSubstr("only octal and hexadecimal games keep their values in a file"));
  fs::remove_all(table.parent_path());
}

TEST(PatternTableCli, CtrlCCommitsTheFileWhereTheSearchStands) {
  const fs::path table = scratch("0.376-interrupted.table");
  expect_ctrl_c_commits({"pattern", "octal:0.376", "--table", table.string()}, {"pattern", "octal:0.376"}, table,
                        1u << 20);
}

}  // namespace
}  // namespace grundy
