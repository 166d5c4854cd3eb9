// `--table FILE` through the built binary (issue 50, item 5): what the file
// promises (saved when a run is interrupted) and what it must not do (lose
// an answer when two runs share it, replace what is not a table file, be
// ignored by a game, outgrow --memory, trust a damaged file).

#include <fcntl.h>
#include <signal.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/run_process.hpp"
#include "support/sanitized.hpp"

extern char** environ;

namespace grundy {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

test::ProcessResult grundy_run(const std::vector<std::string>& args) { return test::run_process(GRUNDY_EXE, args); }

// A fresh path under the test's temporary folder, and its side files
// (FILE.part, FILE.lock) removed at the end.
class TablePath {
 public:
  explicit TablePath(const std::string& name)
      : path_(::testing::TempDir() + "table-file-" + name + "-" + std::to_string(::getpid()) + ".bin") {
    clear();
  }
  TablePath(const TablePath&) = delete;
  TablePath& operator=(const TablePath&) = delete;
  ~TablePath() { clear(); }

  [[nodiscard]] const std::string& str() const { return path_; }
  [[nodiscard]] std::uintmax_t size() const {
    std::error_code error;
    const std::uintmax_t n = fs::file_size(path_, error);
    return error ? 0 : n;
  }
  void clear() const {
    std::error_code ignored;
    for (const char* suffix : {"", ".part", ".lock"}) fs::remove(path_ + suffix, ignored);
  }

 private:
  std::string path_;
};

// Polls `done` every 10 ms for at most two minutes (a loaded machine).
template <class F>
bool wait_until(F done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

// Starts grundy with its standard streams on /dev/null and SIGINT and
// SIGTERM at their default action: a test started in the background of a
// shell script has SIGINT ignored, and grundy keeps an ignored signal ignored.
pid_t spawn_quiet(const std::vector<std::string>& args) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> argv{const_cast<char*>(GRUNDY_EXE)};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, GRUNDY_EXE, &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (rc != 0) throw std::system_error(rc, std::generic_category(), "posix_spawn");
  return pid;
}

// Ctrl-C and SIGTERM: the search saves its table, then grundy ends by the
// signal as before. The first save comes at the search's first report (a
// fraction of a second in); 5x8 takes several seconds, so a signal a second
// later finds it searching, with far more in its table than that save holds.
TEST(TableFileCli, AnInterruptedSearchSavesItsTable) {
  for (const int signal_number : {SIGINT, SIGTERM}) {
    SCOPED_TRACE(signal_number == SIGINT ? "SIGINT" : "SIGTERM");
    const TablePath table("signal");
    const pid_t pid = spawn_quiet({"value", "cram", "5x8", "--table", table.str()});
    const bool saved = wait_until([&] { return table.size() > 0; });
    const std::uintmax_t first = table.size();
    if (saved) std::this_thread::sleep_for(std::chrono::seconds(1));
    ::kill(pid, signal_number);
    const int status = test::wait_for_exit(pid);
    ASSERT_TRUE(saved) << "no first save within two minutes";
    EXPECT_EQ(status, 128 + signal_number) << "the run was not stopped by the signal (did it end first?)";
    EXPECT_GT(table.size(), first) << "the file holds only the first save";
    // What was saved is a whole table that a later run reads.
    const auto later = grundy_run({"value", "cram", "4x5", "--table", table.str()});
    EXPECT_EQ(later.exit_code, 0) << later.err;
    EXPECT_EQ(later.out, "2\n");
  }
}

// Two runs given one file at once, round after round: both answer, whatever
// the timing (each of them wrote FILE.part and renamed it, and about one
// round in two one run failed to rename it and printed no value). 3x14
// (value 3) takes a second or two; its saves are large enough to overlap.
TEST(TableFileCli, TwoRunsOnOneFileBothAnswer) {
  const TablePath table("shared");
  // Eight rounds give the two runs many chances to meet; under a sanitizer
  // a round takes 15 s, and two rounds run the same code.
  for (int round = 0; round < test::sanitized_or(8, 2); ++round) {
    SCOPED_TRACE("round " + std::to_string(round + 1));
    table.clear();
    test::ProcessResult first, second;
    std::thread other([&] { first = grundy_run({"value", "cram", "3x14", "--table", table.str()}); });
    second = grundy_run({"value", "cram", "3x14", "--table", table.str()});
    other.join();
    for (const test::ProcessResult* r : {&first, &second}) {
      EXPECT_EQ(r->exit_code, 0) << r->err;
      EXPECT_EQ(r->out, "3\n") << r->err;
    }
    EXPECT_GT(table.size(), 0u);
    EXPECT_FALSE(fs::exists(table.str() + ".part"));
    EXPECT_FALSE(fs::exists(table.str() + ".lock")) << "the lock is left behind";
  }
  // The run that did not save says so.
  table.clear();
  const test::SpawnedProcess holder = test::spawn_process(GRUNDY_EXE, {"value", "cram", "5x9", "--table", table.str()});
  ::close(holder.in);
  ASSERT_TRUE(wait_until([&] { return fs::exists(table.str() + ".lock"); }));
  const auto reader = grundy_run({"value", "cram", "4x5", "--table", table.str()});
  ::kill(holder.pid, SIGKILL);
  ::close(holder.out);
  ::close(holder.err);
  (void)test::wait_for_exit(holder.pid);
  EXPECT_EQ(reader.exit_code, 0) << reader.err;
  EXPECT_EQ(reader.out, "2\n");
  EXPECT_THAT(reader.err, HasSubstr("another grundy is using it; this run reads the table and will not save it"));
}

// Loading a table keeps to --memory: the file is read a block at a time
// into a table of at most that size (it was read whole, and its text
// doubled as it grew: 3x14's table of 12 MB cost a run of 3x3 with --memory
// 1M 15 MB more than the same run without the file). 3x14's table is 8 MB
// now that "not in S" facts are a cache (part_table.hpp): still eight times
// the bound, and twice the margin below.
TEST(TableFileCli, LoadingATableKeepsToMemory) {
  const TablePath table("memory");
  const auto made = grundy_run({"value", "cram", "3x14", "--table", table.str()});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  ASSERT_GT(table.size(), 6u << 20) << "3x14's table is smaller than this test assumes";
  const auto without = grundy_run({"value", "cram", "3x3", "--memory", "1M"});
  const auto with = grundy_run({"value", "cram", "3x3", "--memory", "1M", "--table", table.str()});
  ASSERT_EQ(with.exit_code, 0) << with.err;
  EXPECT_EQ(with.out, "0\n");
  // A table of 1 MiB and a block of the file beside what the run needs anyway.
  EXPECT_LT(with.peak_kb, without.peak_kb + 4 * 1024)
      << "peak " << with.peak_kb << " KiB with the table against " << without.peak_kb << " KiB without";
  // What fits is kept, and a search on it still answers right.
  const auto again = grundy_run({"value", "cram", "3x14", "4x5", "--memory", "1M", "--table", table.str()});
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, "3\n2\n");
}

// A table file with one value changed since it was written: it was loaded
// and trusted; now its checksum refuses it (exit status 2), and the file is
// left for the user to delete.
TEST(TableFileCli, AChangedEntryIsDetected) {
  const TablePath table("damaged");
  const auto made = grundy_run({"value", "cram", "4x5", "--table", table.str()});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  std::string bytes;
  {
    std::ifstream in(table.str(), std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  // The first record holding a value (the top bit of its 8-byte entry, the
  // record's last byte, clear): its value changed by one.
  const std::size_t header = bytes.find('\n') + 1;
  std::size_t at = header;
  while (at + 26 <= bytes.size() && (static_cast<unsigned char>(bytes[at + 25]) & 0x80) != 0) at += 26;
  ASSERT_LE(at + 26, bytes.size()) << "no value in the table";
  bytes[at + 18] = static_cast<char>(bytes[at + 18] ^ 1);
  std::ofstream(table.str(), std::ios::binary | std::ios::trunc) << bytes;
  const auto r = grundy_run({"value", "cram", "4x5", "--table", table.str()});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_THAT(r.err, HasSubstr("damaged (its checksum does not match its contents)"));
  EXPECT_EQ(table.size(), bytes.size()) << "the damaged file was replaced";
}

// --table serves cram's search and octal games' values (octal_table_cli_test.cpp). A sum where it would be ignored, a
// game that searches without keeping its table (node-kayles) or no game
// that searches at all (nim), is refused, naming the game it serves; a sum
// with a cram board beside Nim heaps keeps it.
TEST(TableFileCli, IsRefusedWhereNoGameKeepsIt) {
  const TablePath table("games");
  const std::string graph = "node-kayles:" GRUNDY_EXAMPLES_DIR "/data/petersen.txt";
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"value", graph, "all"}, {"winner", "cram", "4x5", "+", graph, "all"}, {"moves", "nim", "3", "4"}}) {
    std::vector<std::string> with = args;
    with.insert(with.end(), {"--table", table.str()});
    const auto r = grundy_run(with);
    EXPECT_EQ(r.exit_code, 2) << args[1] << ": " << r.out;
    EXPECT_THAT(r.err, HasSubstr("only cram")) << args[1];
    EXPECT_EQ(table.size(), 0u) << args[1] << ": a table was written";
  }
  const auto node_kayles = grundy_run({"value", graph, "all", "--table", table.str()});
  EXPECT_THAT(node_kayles.err, HasSubstr("keeps no table in a file (only cram and octal or hexadecimal games do)"));
  const auto nim = grundy_run({"value", "nim", "3", "--table", table.str()});
  EXPECT_THAT(nim.err, HasSubstr("this sum has none of them"));
  const auto mixed = grundy_run({"value", "cram", "4x5", "+", "nim", "2", "--table", table.str()});
  EXPECT_EQ(mixed.exit_code, 0) << mixed.err;
  EXPECT_EQ(mixed.out, "2\n2\n");
  EXPECT_GT(table.size(), 0u);
}

// A run that is killed after `seconds` (an old grundy blocked on a FIFO for
// ever): its exit status and stderr.
struct BoundedRun {
  int status = -1;
  std::string err;
};
BoundedRun run_within(const std::vector<std::string>& args, int seconds) {
  const test::SpawnedProcess run = test::spawn_process(GRUNDY_EXE, args);
  ::close(run.in);
  ::close(run.out);
  BoundedRun result;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  bool killed = false;
  for (;;) {
    pollfd wait{run.err, POLLIN, 0};
    if (::poll(&wait, 1, 100) > 0) {
      char buffer[4096];
      const ssize_t n = ::read(run.err, buffer, sizeof buffer);
      if (n <= 0) break;
      result.err.append(buffer, static_cast<std::size_t>(n));
    } else if (!killed && std::chrono::steady_clock::now() > deadline) {
      ::kill(run.pid, SIGKILL);
      killed = true;
    }
  }
  ::close(run.err);
  result.status = test::wait_for_exit(run.pid);
  return result;
}

// A table replaces its file by a rename, which would replace a device node
// (as root, /dev/null itself) or a link; a FIFO would block the run, a
// directory fail it with an internal error. All are refused up front.
TEST(TableFileCli, OnlyARegularFileIsATableFile) {
  const std::string dir = ::testing::TempDir() + "table-file-kinds-" + std::to_string(::getpid());
  fs::remove_all(dir);
  fs::create_directory(dir);
  const std::string fifo = dir + "/fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string link = dir + "/link";
  fs::create_symlink(dir + "/elsewhere.bin", link);
  // A character device of the test's own (the null device again) where the
  // test may make one (as root): a grundy that replaced devices, run as
  // root, would then replace that node and not /dev/null. Elsewhere
  // /dev/null itself, which no one but root can replace.
  std::string device = dir + "/null";
  if (::mknod(device.c_str(), S_IFCHR | 0666, ::makedev(1, 3)) != 0) device = "/dev/null";
  const struct {
    std::string path;
    const char* kind;
  } cases[] = {{device, "a character device"}, {fifo, "a FIFO"}, {dir, "a directory"}, {link, "a symbolic link"}};
  // Every kind of table: a search's, an octal game's (issue 74: a FIFO hung
  // `value octal:0.167 N --table FIFO`), rare's save and resume.
  for (const auto& c : cases) {
    const std::vector<std::vector<std::string>> runs = {
        {"value", "cram", "4x5", "--table", c.path},
        {"value", "octal:0.167", "1000", "--table", c.path},
        {"rare", "octal:0.167", "--to", "5000", "--save", c.path},
        {"rare", "octal:0.167", "--to", "5000", "--resume", c.path},
    };
    for (const auto& args : runs) {
      SCOPED_TRACE(c.path + ": " + args[0] + " " + args[3]);
      const BoundedRun r = run_within(args, 20);
      EXPECT_EQ(r.status, 2) << r.err;
      EXPECT_THAT(r.err, HasSubstr(c.kind));
      EXPECT_THAT(r.err, HasSubstr("not a regular file"));
    }
  }
  // Each is left as it was.
  for (const std::string& path : {device, std::string("/dev/null")}) {
    struct stat info {};
    ASSERT_EQ(::lstat(path.c_str(), &info), 0);
    EXPECT_TRUE(S_ISCHR(info.st_mode)) << path << " is no longer a device";
    EXPECT_FALSE(fs::exists(path + ".part")) << path;
  }
  EXPECT_EQ(fs::symlink_status(fifo).type(), fs::file_type::fifo);
  EXPECT_EQ(fs::symlink_status(link).type(), fs::file_type::symlink);
  EXPECT_FALSE(fs::exists(dir + "/elsewhere.bin")) << "the link was followed";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace grundy
