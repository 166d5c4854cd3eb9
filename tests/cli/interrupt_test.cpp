// Long runs of the built `grundy` binary: progress on stderr (on a terminal,
// through a pseudo-terminal, and on a pipe) and interruption by SIGINT and
// SIGTERM with standard output on a regular file, which must be left as it
// was before the run. No test waits a fixed time: each polls for what it
// expects (a non-empty file, a line on stderr) with a generous deadline, and
// the runs are long enough (minutes) never to end on their own first.

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
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

using ::testing::ContainsRegex;
using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::Not;

// Deadline for what a long run must show (a first block of output, a
// progress line): far beyond the second or so it takes, for loaded machines.
constexpr auto kPatience = std::chrono::seconds(120);
// A table that takes hours: it is always interrupted long before its end.
const std::vector<std::string> kEndlessTable = {"table", "nim", "--to", "100000000000"};

// A file under the temporary directory, removed at the end of the test.
class TempFile {
 public:
  TempFile() {
    std::string pattern = (std::filesystem::temp_directory_path() / "grundy-interrupt-XXXXXX").string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) throw std::system_error(errno, std::generic_category(), "mkstemp");
    ::close(fd);
    path_ = pattern;
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() { std::filesystem::remove(path_); }

  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] std::uintmax_t size() const { return std::filesystem::file_size(path_); }
  [[nodiscard]] std::string content() const {
    std::ifstream in(path_, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  void set_content(const std::string& text) const { std::ofstream(path_, std::ios::binary) << text; }

 private:
  std::string path_;
};

// Starts grundy with standard output on `out_fd`, stderr on `err_fd` and
// standard input on `in_fd` (-1: /dev/null). SIGINT and SIGTERM get their
// default action back in the child: a test run started in the background by
// a shell script has them ignored, and grundy leaves ignored signals ignored.
pid_t spawn_grundy(const std::vector<std::string>& args, int out_fd, int err_fd, int in_fd = -1) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (in_fd < 0) {
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  } else {
    posix_spawn_file_actions_adddup2(&actions, in_fd, 0);
  }
  posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
  posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(GRUNDY_EXE));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, GRUNDY_EXE, &actions, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (rc != 0) throw std::system_error(rc, std::generic_category(), "posix_spawn");
  return pid;
}

// Polls `ready` every few milliseconds until it holds or kPatience passes.
bool wait_until(const std::function<bool()>& ready) {
  const auto deadline = std::chrono::steady_clock::now() + kPatience;
  while (!ready()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

// Appends what `fd` has to `text`, waiting at most `timeout_ms`; false at the
// end of the output (end of file, or EIO from a pty whose other side closed).
bool read_some(int fd, std::string& text, int timeout_ms) {
  pollfd p{fd, POLLIN, 0};
  const int ready = ::poll(&p, 1, timeout_ms);
  if (ready <= 0) return ready == 0 || errno == EINTR;
  char buffer[4096];
  const ssize_t n = ::read(fd, buffer, sizeof buffer);
  if (n <= 0) return false;
  text.append(buffer, static_cast<std::size_t>(n));
  return true;
}

// Reads `fd` into `text` until `done(text)` or kPatience passes.
bool read_until(int fd, std::string& text, const std::function<bool(const std::string&)>& done) {
  const auto deadline = std::chrono::steady_clock::now() + kPatience;
  while (!done(text)) {
    if (std::chrono::steady_clock::now() > deadline || !read_some(fd, text, 100)) return false;
  }
  return true;
}

void read_to_end(int fd, std::string& text) {
  while (read_some(fd, text, 1000)) {
  }
}

// A run of grundy with stdout on a file and stderr on a pipe.
struct FileRun {
  pid_t pid = -1;
  int err = -1;  // read end of stderr
  std::string err_text;
};

FileRun start_with_output_file(const std::vector<std::string>& args, const TempFile& file, bool append) {
  const int out_fd = ::open(file.path().c_str(), O_WRONLY | (append ? O_APPEND : O_TRUNC));
  if (out_fd < 0) throw std::system_error(errno, std::generic_category(), "open " + file.path());
  int err_pipe[2];
  if (::pipe(err_pipe) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  FileRun run;
  run.pid = spawn_grundy(args, out_fd, err_pipe[1]);
  ::close(out_fd);
  ::close(err_pipe[1]);
  run.err = err_pipe[0];
  return run;
}

// Sends `signal_number` and returns the exit status as a shell reports it.
int stop(FileRun& run, int signal_number) {
  ::kill(run.pid, signal_number);
  read_to_end(run.err, run.err_text);
  ::close(run.err);
  return test::wait_for_exit(run.pid);
}

// Ends a run that did not show what was expected, so the test fails quickly.
void kill_run(FileRun& run) {
  ::kill(run.pid, SIGKILL);
  ::close(run.err);
  (void)test::wait_for_exit(run.pid);
}

TEST(Interrupt, CtrlCLeavesTheOutputFileEmpty) {
  TempFile file;
  FileRun run = start_with_output_file(kEndlessTable, file, false);
  // A first block of the table is in the file: the run is half-way.
  if (!wait_until([&] { return file.size() > 0; })) {
    kill_run(run);
    FAIL() << "no output within the deadline";
  }
  EXPECT_EQ(stop(run, SIGINT), 130);
  // The progress line at the start if the run passed a second, then the message.
  EXPECT_THAT(run.err_text,
              MatchesRegex("(grundy: computing the table of nim up to 100000000000\\.\\.\\.\n)?grundy: interrupted\n"));
  EXPECT_EQ(file.size(), 0u);
}

TEST(Interrupt, CtrlCRestoresAFileAppendedTo) {
  TempFile file;
  const std::string earlier = "an earlier run's output\nwithout a final newline";
  file.set_content(earlier);
  FileRun run = start_with_output_file({"table", "nim", "--to", "100000000000", "--json"}, file, true);
  if (!wait_until([&] { return file.size() > earlier.size(); })) {
    kill_run(run);
    FAIL() << "no output within the deadline";
  }
  EXPECT_EQ(stop(run, SIGINT), 130);
  EXPECT_THAT(run.err_text, EndsWith("grundy: interrupted\n"));
  EXPECT_EQ(file.content(), earlier);
}

TEST(Interrupt, SigtermExitsWith143AndLeavesTheFileEmpty) {
  TempFile file;
  FileRun run = start_with_output_file({"table", "nim", "--to", "100000000000", "--runs"}, file, false);
  if (!wait_until([&] { return file.size() > 0; })) {
    kill_run(run);
    FAIL() << "no output within the deadline";
  }
  EXPECT_EQ(stop(run, SIGTERM), 143);
  EXPECT_THAT(run.err_text, EndsWith("grundy: interrupted\n"));
  EXPECT_EQ(file.size(), 0u);
}

// A pattern search writes nothing until it is done: its progress line on a
// non-terminal stderr (after a second) shows it is under way. Ctrl-C then
// leaves the start line, no end line (the task never ended), the message,
// and an empty output file.
void expect_search_stops_cleanly(const std::vector<std::string>& args, const std::string& start_line) {
  TempFile file;
  file.set_content("stale\n");
  FileRun run = start_with_output_file(args, file, false);
  if (!read_until(run.err, run.err_text, [&](const std::string& t) { return t.find(start_line) != t.npos; })) {
    kill_run(run);
    FAIL() << "no progress line within the deadline; stderr: " << run.err_text;
  }
  EXPECT_EQ(stop(run, SIGINT), 130);
  EXPECT_EQ(run.err_text, start_line + "grundy: interrupted\n");
  EXPECT_EQ(file.size(), 0u);
}

TEST(Interrupt, PatternSearchStopsWithProgressStartedAndNoOutput) {
  // About 10^8 values of the coprime game: minutes of work.
  expect_search_stops_cleanly({"pattern", "coprime", "--limit", "100000000"},
                              "grundy: computing G(0..100000000) of coprime...\n");
}

TEST(Interrupt, OctalPatternSearchStopsCleanly) {
  // An octal period search to 4 * 10^9 values: minutes of work.
  expect_search_stops_cleanly({"pattern", "octal:0.167", "--max-heap", "4000000000"},
                              "grundy: looking for the period of octal:0.167 in G(0..4000000000)...\n");
}

// A census stopped part-way keeps the rows of the games it finished, each a
// whole line (docs/census.md): what --resume starts from.
// Node Kayles on the 8x8 grid (64 vertices): minutes of search, which once
// showed no progress line at all (issue 50, item 14).
TEST(Interrupt, NodeKaylesSearchShowsProgressAndStopsCleanly) {
  TempFile graph;
  std::ostringstream edges;
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) {
      if (c < 7) edges << 'v' << r * 8 + c << " v" << r * 8 + c + 1 << '\n';
      if (r < 7) edges << 'v' << r * 8 + c << " v" << r * 8 + c + 8 << '\n';
    }
  graph.set_content(edges.str());
  expect_search_stops_cleanly({"value", "node-kayles:" + graph.path(), "all"},
                              "grundy: valuing node-kayles all (64 vertices)...\n");
}

TEST(Interrupt, CensusKeepsTheRowsOfFinishedGames) {
  TempFile file, rows;
  std::filesystem::remove(rows.path());
  FileRun run = start_with_output_file(
      {"census", "octal", "--digits", "2", "--max-heap", "262143", "--jobs", "1", "--resume", rows.path()}, file,
      false);
  auto lines = [&] {
    const std::string text = std::filesystem::exists(rows.path()) ? rows.content() : std::string();
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  };
  if (!wait_until([&] { return lines() >= 3; })) {
    kill_run(run);
    FAIL() << "no rows within the deadline";
  }
  EXPECT_EQ(stop(run, SIGINT), 130);
  EXPECT_EQ(file.size(), 0u);
  std::istringstream in(rows.content());
  std::size_t whole = 0;
  for (std::string line; std::getline(in, line);) {
    if (in.eof()) break;  // a last line without its newline: cut by the signal
    EXPECT_THAT(line, MatchesRegex("\\{.*\"game\":\"octal:[04]\\.[0-7]*\".*\\}")) << line;
    ++whole;
  }
  EXPECT_GE(whole, 3u);
  EXPECT_LT(whole, 128u);
}

TEST(Interrupt, FailedWriteTakesBackWhatWasWritten) {
  // A file size limit (64 blocks of 512 bytes) makes a write fail part-way
  // through the first 64 KB block (with SIGXFSZ ignored, write returns
  // EFBIG): the command stops at once, and what was written is taken back.
  TempFile file;
  const std::string command = "trap '' XFSZ; ulimit -f 64 && exec '" + std::string(GRUNDY_EXE) +
                              "' table nim --to 10000000 > '" + file.path() + "'";
  const test::ProcessResult r = test::run_process("/bin/sh", {"-c", command});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.err, "grundy: error: could not write the output\n");
  EXPECT_EQ(file.size(), 0u);
}

// `grundy play` waiting for a move: its output is a transcript, kept as it is.
TEST(Interrupt, PlayEndsWith130AndKeepsItsTranscript) {
  int in_pipe[2];
  int out_pipe[2];
  int err_pipe[2];
  ASSERT_EQ(::pipe(in_pipe), 0);
  ASSERT_EQ(::pipe(out_pipe), 0);
  ASSERT_EQ(::pipe(err_pipe), 0);
  FileRun run;
  run.pid = spawn_grundy({"play", "nim", "3", "4", "5", "--seed", "1"}, out_pipe[1], err_pipe[1], in_pipe[0]);
  for (int fd : {in_pipe[0], out_pipe[1], err_pipe[1]}) ::close(fd);
  run.err = err_pipe[0];
  std::string transcript;
  if (!read_until(out_pipe[0], transcript, [](const std::string& t) { return t.find("your move>") != t.npos; })) {
    kill_run(run);
    FAIL() << "no prompt within the deadline: " << transcript;
  }
  EXPECT_EQ(stop(run, SIGINT), 130);
  read_to_end(out_pipe[0], transcript);
  ::close(out_pipe[0]);
  ::close(in_pipe[1]);
  EXPECT_THAT(transcript, HasSubstr("Playing nim 3 4 5 against the engine"));
  EXPECT_EQ(run.err_text, "grundy: interrupted\n");
}

TEST(Progress, ShortRunsSayNothingOnANonTerminal) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"table", "nim", "--to", "1000"},
                                               {"table", "subtraction:2,5,7", "--to", "100", "--runs"},
                                               {"pattern", "subtraction:2,5,7"},
                                               {"pattern", "nim", "--limit", "1000"}}) {
    const test::ProcessResult r = test::run_process(GRUNDY_EXE, args);
    EXPECT_EQ(r.exit_code, 0) << args[0] << " " << args[1];
    EXPECT_EQ(r.err, "") << args[0] << " " << args[1];
  }
}

// stderr on a pseudo-terminal, stdout on a file: the self-updating line with
// a percentage, then Ctrl-C ends it with a newline before the message.
TEST(Progress, TerminalLineShowsAPercentageAndEndsBeforeTheMessage) {
  int master = -1;
  int slave = -1;
  winsize size{};
  size.ws_row = 24;
  size.ws_col = 200;
  ASSERT_EQ(::openpty(&master, &slave, nullptr, nullptr, &size), 0);
  // Raw mode: the bytes grundy writes, without '\n' turned into "\r\n".
  termios mode{};
  ASSERT_EQ(::tcgetattr(slave, &mode), 0);
  ::cfmakeraw(&mode);
  ASSERT_EQ(::tcsetattr(slave, TCSANOW, &mode), 0);

  TempFile file;
  const int out_fd = ::open(file.path().c_str(), O_WRONLY | O_TRUNC);
  ASSERT_GE(out_fd, 0);
  FileRun run;
  run.pid = spawn_grundy(kEndlessTable, out_fd, slave);
  ::close(out_fd);
  ::close(slave);
  run.err = master;

  const auto line = ContainsRegex(
      "\rgrundy: computing the table of nim up to 100000000000: [0-9]+% \\([0-9]+ s(, about [0-9.]+ (s|min|h) "
      "left)?\\)");
  if (!read_until(run.err, run.err_text, [&](const std::string& t) { return ::testing::Value(t, line); })) {
    kill_run(run);
    FAIL() << "no progress line within the deadline; the terminal shows: " << run.err_text;
  }
  EXPECT_EQ(stop(run, SIGINT), 130);
  // The last progress line, its newline, the message.
  EXPECT_THAT(run.err_text,
              ContainsRegex(": [0-9]+% \\([0-9]+ s(, about [0-9.]+ (s|min|h) left)?\\) *\ngrundy: interrupted\n$"));
  EXPECT_THAT(run.err_text, Not(HasSubstr("done in")));
  EXPECT_EQ(file.size(), 0u);
}

}  // namespace
}  // namespace grundy
