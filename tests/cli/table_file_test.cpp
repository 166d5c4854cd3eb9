// `--table FILE` through the built binary (issue 50, item 5): what the file
// promises (saved when a run is interrupted) and what it must not do (lose
// an answer when two runs share it, replace what is not a table file, be
// ignored by a game, outgrow --memory, trust a damaged file).

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/run_process.hpp"

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

}  // namespace
}  // namespace grundy
