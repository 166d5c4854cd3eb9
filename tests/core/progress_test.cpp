// LongTask's reports, on a file (start and end lines) and on a
// pseudo-terminal in raw mode (the self-updating line, exactly as written).
// Nothing waits a fixed time for a report to appear: the tests poll for it.
// The only fixed waits are for reports that must NOT appear, which can make
// such a test pass wrongly on a very slow machine but never fail wrongly.

#include "grundy/progress.hpp"

#include <poll.h>
#include <pty.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace grundy {
namespace {

using ::testing::ContainsRegex;
using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::Not;
using namespace std::chrono_literals;

constexpr auto kPatience = 120s;  // for a report due after one second

// Resets the progress output at the end of each test, whatever happens.
class ProgressTest : public ::testing::Test {
 protected:
  void TearDown() override { set_progress_output(nullptr); }
};

// A temporary file as the progress output, read back through its name (the
// stream itself belongs to the task's thread).
class FileOutput {
 public:
  FileOutput() {
    path_ = (std::filesystem::temp_directory_path() / "grundy-progress-XXXXXX").string();
    const int fd = ::mkstemp(path_.data());
    if (fd < 0) throw std::runtime_error("mkstemp");
    file_ = ::fdopen(fd, "w");
  }
  ~FileOutput() {
    std::fclose(file_);
    std::filesystem::remove(path_);
  }
  FileOutput(const FileOutput&) = delete;
  FileOutput& operator=(const FileOutput&) = delete;

  [[nodiscard]] std::FILE* file() const { return file_; }
  [[nodiscard]] std::string text() const {
    std::ifstream in(path_, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  // Polls until the text holds `part`.
  [[nodiscard]] bool wait_for(const std::string& part) const {
    const auto deadline = std::chrono::steady_clock::now() + kPatience;
    while (text().find(part) == std::string::npos) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(5ms);
    }
    return true;
  }

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
};

// A pseudo-terminal in raw mode as the progress output; the test reads what
// reaches the screen from the master side.
class TerminalOutput {
 public:
  explicit TerminalOutput(unsigned short columns = 200) {
    winsize size{};
    size.ws_row = 24;
    size.ws_col = columns;
    if (::openpty(&master_, &slave_, nullptr, nullptr, &size) != 0) throw std::runtime_error("openpty");
    termios mode{};
    ::tcgetattr(slave_, &mode);
    ::cfmakeraw(&mode);
    ::tcsetattr(slave_, TCSANOW, &mode);
    file_ = ::fdopen(slave_, "w");
  }
  ~TerminalOutput() {
    std::fclose(file_);
    ::close(master_);
  }
  TerminalOutput(const TerminalOutput&) = delete;
  TerminalOutput& operator=(const TerminalOutput&) = delete;

  [[nodiscard]] std::FILE* file() const { return file_; }
  // Everything shown so far (reads what is waiting, without blocking).
  const std::string& screen() {
    pollfd p{master_, POLLIN, 0};
    while (::poll(&p, 1, 0) > 0) {
      char buffer[4096];
      const ssize_t n = ::read(master_, buffer, sizeof buffer);
      if (n <= 0) break;
      shown_.append(buffer, static_cast<std::size_t>(n));
    }
    return shown_;
  }
  // Polls until what was shown after `from` characters matches `pattern`.
  // Patterns are POSIX extended regular expressions (gmock's on Linux).
  [[nodiscard]] bool wait_for(const std::string& pattern, std::size_t from = 0) {
    const auto deadline = std::chrono::steady_clock::now() + kPatience;
    while (!::testing::Value(screen().substr(std::min(from, screen().size())), ContainsRegex(pattern))) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(5ms);
    }
    return true;
  }

 private:
  int master_ = -1;
  int slave_ = -1;
  std::FILE* file_ = nullptr;
  std::string shown_;
};

TEST_F(ProgressTest, SilentWithoutAnOutput) {
  LongTask task("anything");
  task.advance(1, 2);
  SUCCEED();  // nothing to see, and no thread: the default for library users
}

TEST_F(ProgressTest, TaskShorterThanASecondSaysNothing) {
  FileOutput out;
  set_progress_output(out.file());
  { LongTask task("a quick job"); }
  EXPECT_EQ(out.text(), "");
}

TEST_F(ProgressTest, NonTerminalGetsAStartLineAndAnEndLine) {
  FileOutput out;
  set_progress_output(out.file());
  {
    LongTask task("counting to a million", 30);
    task.advance(5, 10);  // no fraction in start lines: they are written once
    ASSERT_TRUE(out.wait_for("\n"));
    EXPECT_EQ(out.text(), "grundy: counting to a million (about 30 s expected)...\n");
  }
  EXPECT_THAT(out.text(), MatchesRegex("grundy: counting to a million \\(about 30 s expected\\)\\.\\.\\.\n"
                                       "grundy: counting to a million: done in [0-9]+\\.[0-9] s\n"));
}

TEST_F(ProgressTest, TaskEndedByAnExceptionSaysStopped) {
  FileOutput out;
  set_progress_output(out.file());
  try {
    LongTask task("a job that fails");
    ASSERT_TRUE(out.wait_for("\n"));
    throw std::runtime_error("failure");
  } catch (const std::runtime_error&) {
  }
  EXPECT_THAT(out.text(), MatchesRegex("grundy: a job that fails\\.\\.\\.\n"
                                       "grundy: a job that fails: stopped after [0-9]+\\.[0-9] s\n"));
}

TEST_F(ProgressTest, ATaskInsideAReportingTaskIsSilent) {
  FileOutput out;
  set_progress_output(out.file());
  {
    LongTask outer("the outer task");
    const auto inner_start = std::chrono::steady_clock::now();
    LongTask inner("the inner task");
    ASSERT_TRUE(out.wait_for("the outer task..."));
    // Long enough for the inner task to report, had it been allowed to.
    std::this_thread::sleep_until(inner_start + 1500ms);
  }
  EXPECT_THAT(out.text(), Not(HasSubstr("inner")));
  // Once the outer task is over, a new task reports again.
  {
    LongTask next("the next task");
    ASSERT_TRUE(out.wait_for("the next task..."));
  }
}

TEST_F(ProgressTest, TerminalLineUpdatesInPlaceAndEndsWithANewline) {
  TerminalOutput terminal;
  set_progress_output(terminal.file());
  {
    LongTask task("computing the table of nim up to 99");
    task.advance(43, 100);
    ASSERT_TRUE(terminal.wait_for("\rgrundy: computing the table of nim up to 99: 43% \\([0-9]+ s\\) *$"))
        << terminal.screen();
    const std::size_t first = terminal.screen().size();
    task.advance(100, 100);
    ASSERT_TRUE(terminal.wait_for("\rgrundy: computing the table of nim up to 99: 100% \\([0-9]+ s\\) *$", first))
        << terminal.screen();
  }
  // The last state becomes a finished line: later text starts on a clean line.
  EXPECT_THAT(terminal.screen(),
              ContainsRegex("\rgrundy: computing the table of nim up to 99: done in [0-9]+\\.[0-9] s *\n$"));
}

TEST_F(ProgressTest, TerminalLineWithoutAFractionShowsSeconds) {
  TerminalOutput terminal;
  set_progress_output(terminal.file());
  LongTask task("counting the primes up to 10^18", 40);
  EXPECT_TRUE(terminal.wait_for("\rgrundy: counting the primes up to 10\\^18 \\(about 40 s expected\\): [0-9]+ s *$"))
      << terminal.screen();
}

TEST_F(ProgressTest, HiddenLineIsErasedAndComesBackWhenShown) {
  TerminalOutput terminal;
  set_progress_output(terminal.file());
  LongTask task("a long job");
  task.advance(1, 4);
  ASSERT_TRUE(terminal.wait_for("a long job: 25%"));
  hide_progress_line();
  // Erased: back to the start of the line, spaces over all of it, back again.
  ASSERT_TRUE(terminal.wait_for("\r +\r$")) << terminal.screen();
  const std::string shown = terminal.screen();
  const std::size_t erase_start = shown.rfind('\r', shown.size() - 2);
  const std::size_t line_start = shown.rfind('\r', erase_start - 1);
  EXPECT_EQ(erase_start - line_start, shown.size() - 1 - erase_start) << "erased as many columns as shown";
  const std::size_t erased_at = shown.size();
  task.advance(3, 4);
  show_progress_line();
  EXPECT_TRUE(terminal.wait_for("^\rgrundy: a long job: 75%", erased_at)) << terminal.screen();
  EXPECT_EQ(terminal.screen().find("a long job", erased_at), erased_at + 9) << "nothing drawn while hidden";
}

TEST_F(ProgressTest, EndedLineGetsANewlineAndNothingMore) {
  TerminalOutput terminal;
  set_progress_output(terminal.file());
  {
    LongTask task("a job that is interrupted");
    task.advance(1, 2);
    ASSERT_TRUE(terminal.wait_for("50%"));
    EXPECT_TRUE(end_progress_line());
    EXPECT_FALSE(end_progress_line()) << "a second call has no line to end";
  }
  EXPECT_THAT(terminal.screen(), EndsWith("\n"));
  EXPECT_THAT(terminal.screen(), Not(HasSubstr("done in")));
}

TEST_F(ProgressTest, LineIsCutToTheTerminalWidth) {
  TerminalOutput terminal(40);
  set_progress_output(terminal.file());
  LongTask task("a task described in far more words than forty columns can hold");
  ASSERT_TRUE(terminal.wait_for("\r[^\r]+$"));
  // Every redraw: the first 39 columns, so that the line never wraps.
  const std::string expected =
      std::string("grundy: a task described in far more words than forty columns can hold").substr(0, 39);
  std::string shown = terminal.screen();
  ASSERT_EQ(shown.front(), '\r');
  for (std::size_t at = 0; at < shown.size();) {
    const std::size_t next = std::min(shown.find('\r', at + 1), shown.size());
    EXPECT_EQ(shown.substr(at + 1, next - at - 1), expected);
    at = next;
  }
}

}  // namespace
}  // namespace grundy
