// Every error is an answer: for each input format grundy reads (the three
// contest formats and graph files), a table of malformed inputs, each run
// through the built binary. Each must end with exit status 2, nothing on
// standard output (no partial answer), and one message naming the line and
// column where the input went wrong and what was expected there. The same
// tables hold the courtesies that must be accepted: CRLF line ends, a last
// line without its newline, leading zeros.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/run_process.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;
using namespace std::string_literals;

struct Malformed {
  const char* what;  // the kind of mistake
  std::string input;
  int line;
  int column;
  const char* says;  // part of the message after "line L, column C: "
};

struct Accepted {
  const char* what;
  std::string input;
  const char* answer;
};

// A contest problem's table, run as `grundy contest PROBLEM` on stdin.
void check_contest_table(const std::string& problem, const std::vector<Malformed>& malformed,
                         const std::vector<Accepted>& accepted) {
  for (const Malformed& m : malformed) {
    SCOPED_TRACE(fmt::format("{}: {}", problem, m.what));
    const auto r = test::run_process(GRUNDY_EXE, {"contest", problem}, m.input);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "") << "a malformed input must not give a partial answer";
    EXPECT_THAT(r.err, StartsWith(fmt::format("grundy: error: stdin: line {}, column {}: ", m.line, m.column)));
    EXPECT_THAT(r.err, HasSubstr(m.says));
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line of message: " << r.err;
  }
  for (const Accepted& a : accepted) {
    SCOPED_TRACE(fmt::format("{}: {}", problem, a.what));
    const auto r = test::run_process(GRUNDY_EXE, {"contest", problem}, a.input);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, a.answer);
    EXPECT_EQ(r.err, "");
  }
}

TEST(MalformedInput, Fdivgame) {
  // T; per test a line N and a line of N integers 1..10^18.
  check_contest_table(
      "fdivgame",
      {
          {"empty input", "", 1, 1, "expected the number of tests T, found the end of the input"},
          {"only blank lines", "\n  \n", 3, 1, "expected the number of tests T"},
          {"a missing test", "2\n1\n5\n", 4, 1, "expected the count N of test 2 of 2, found the end of the input"},
          {"missing numbers", "1\n3\n1 2\n", 3, 4, "expected integer 3 of 3 of test 1, found the end of the line"},
          {"a missing line", "1\n3\n", 3, 1, "expected integer 1 of 3 of test 1, found the end of the input"},
          {"an extra token after N", "1\n1 2\n3\n", 2, 3, "expected the end of the line after N of test 1"},
          {"an extra number", "1\n2\n1 2 3\n", 3, 5, "expected the end of the line after the integers of test 1"},
          {"an extra line", "1\n1\n5\n6\n", 4, 1, "expected the end of the input after test 1"},
          {"letters", "1\n1\nabc\n", 3, 1, "expected integer 1 of 1 of test 1, found 'a'"},
          {"letters after digits", "1\n1\n12ab\n", 3, 3, "must be a whole number followed by a blank"},
          {"a decimal point", "1\n1\n2.5\n", 3, 2, "found '.'"},
          {"a minus sign", "1\n1\n-5\n", 3, 1, "found '-'"},
          {"a leading plus", "+1\n1\n5\n", 1, 1, "expected the number of tests T, found '+'"},
          {"21 digits", "1\n1\n123456789012345678901\n", 3, 1, "integer 1 of 1 of test 1 is too large"},
          {"above 2^64", "1\n1\n18446744073709551616\n", 3, 1, "is too large: it must be from 1 to 10^18"},
          {"above 10^18", "1\n1\n1000000000000000001\n", 3, 1, "is 1000000000000000001: it must be from 1 to 10^18"},
          {"a zero", "1\n2\n7 0\n", 3, 3, "integer 2 of 2 of test 1 is 0: it must be from 1"},
          {"N = 0", "1\n0\n\n", 2, 1, "the count N of test 1 of 1 is 0"},
          {"a byte that is not UTF-8", "1\n1\n\xff\n", 3, 1, "found byte 0xff"},
          {"UTF-8 after a number", "1\n1\n5\xc3\xa9\n", 3, 2, "found byte 0xc3"},
          {"a NUL byte", "1\n1\n\0\n"s, 3, 1, "found byte 0x00"},
          {"a byte order mark",
           "\xef\xbb\xbf"
           "1\n1\n5\n",
           1, 1, "found byte 0xef"},
          {"T = 10^9, then nothing", "1000000000\n", 2, 1, "expected the count N of test 1 of 1000000000"},
          {"N = 10^18, then two numbers", "1\n1000000000000000000\n1 2\n", 3, 4,
           "expected integer 3 of 1000000000000000000 of test 1"},
      },
      {
          {"CRLF line ends", "2\r\n2\r\n3 4\r\n3\r\n1 3 5\r\n", "Henry\nDerek\n"},
          {"no final newline", "1\n2\n3 4", "Henry\n"},
          {"CRLF and no final newline", "1\r\n2\r\n3 4", "Henry\n"},
          {"leading zeros, tabs and blank lines", "\n01\n\n002\n\t3\t 0004 \n", "Henry\n"},
      });
}

TEST(MalformedInput, NotANim) {
  // t; per test a line n and a line of n piles, any from 1 to 2^64 - 1.
  check_contest_table(
      "not-a-nim",
      {
          {"empty input", "", 1, 1, "expected the number of tests t, found the end of the input"},
          {"a missing test", "2\n1\n5\n", 4, 1, "expected the count n of test 2 of 2"},
          {"missing numbers", "1\n3\n1 2\n", 3, 4, "expected pile 3 of 3 of test 1, found the end of the line"},
          {"an extra token after n", "1\n1 2\n3\n", 2, 3, "expected the end of the line after n of test 1"},
          {"an extra number", "1\n2\n1 2 3\n", 3, 5, "expected the end of the line after the piles of test 1"},
          {"an extra line", "1\n1\n5\n6\n", 4, 1, "expected the end of the input after test 1"},
          {"letters", "1\n1\nx\n", 3, 1, "expected pile 1 of 1 of test 1, found 'x'"},
          {"a minus sign", "1\n2\n3 -5\n", 3, 3, "found '-'"},
          {"a leading plus", "1\n+2\n3 5\n", 2, 1, "found '+'"},
          {"20 digits, above 2^64", "1\n1\n18446744073709551616\n", 3, 1,
           "pile 1 of 1 of test 1 is too large: it must be from 1 to 18446744073709551615"},
          {"25 digits", "1\n1\n1234567890123456789012345\n", 3, 1, "is too large"},
          {"a zero pile", "1\n1\n0\n", 3, 1, "pile 1 of 1 of test 1 is 0: it must be from 1"},
          {"t = 0", "0\n", 1, 1, "the number of tests t is 0"},
          {"a byte that is not UTF-8", "1\n1\n3\xa0\n", 3, 2, "byte 0xa0"},
          {"t = 10^9, then nothing", "1000000000\n", 2, 1, "expected the count n of test 1 of 1000000000"},
          {"n = 10^18, then one number", "1\n1000000000000000000\n7\n", 3, 2,
           "expected pile 2 of 1000000000000000000 of test 1"},
      },
      {
          {"CRLF line ends", "2\r\n3\r\n3 2 9\r\n1\r\n10000000\r\n", "Bob\nBob\n"},
          {"no final newline", "1\n1\n3", "Alice\n"},
          {"the largest pile", "1\n1\n18446744073709551614\n", "Bob\n"},
      });
}

TEST(MalformedInput, XyGame) {
  // T; per test a line N X Y (1 <= X < Y <= 10^9) and a line of N piles 1..10^18.
  check_contest_table(
      "xy-game",
      {
          {"empty input", "", 1, 1, "expected the number of tests T, found the end of the input"},
          {"Y missing", "1\n1 2\n5\n", 2, 4, "expected Y of test 1"},
          {"X and Y missing", "1\n1\n5\n", 2, 2, "expected X of test 1"},
          {"missing piles", "1\n2 2 3\n5\n", 3, 2, "expected pile 2 of 2 of test 1"},
          {"an extra token after Y", "1\n1 2 3 4\n5\n", 2, 7, "expected the end of the line after N X Y of test 1"},
          {"an extra pile", "1\n1 2 3\n5 6\n", 3, 3, "expected the end of the line after the piles of test 1"},
          {"letters", "1\n1 two 3\n5\n", 2, 3, "expected X of test 1"},
          {"a minus sign", "1\n1 2 3\n-5\n", 3, 1, "found '-'"},
          {"a leading plus", "1\n1 +2 3\n5\n", 2, 3, "found '+'"},
          {"X not below Y", "1\n1 5 5\n10\n", 2, 5, "Y of test 1 (X < Y <= 10^9, and X = 5) is 5: it must be from 6"},
          {"Y above 10^9", "1\n1 2 1000000001\n5\n", 2, 5, "is 1000000001: it must be from 3 to 1000000000"},
          {"X = 0", "1\n1 0 3\n5\n", 2, 3, "X of test 1 (1 <= X < Y <= 10^9, so X < 10^9) is 0"},
          {"a pile above 10^18", "1\n1 2 3\n1000000000000000001\n", 3, 1, "it must be from 1 to 10^18"},
          {"22 digits", "1\n1 2 3\n1000000000000000000000\n", 3, 1, "pile 1 of 1 of test 1 is too large"},
          {"a byte that is not UTF-8", "1\n1 2 3\n\x80\n", 3, 1, "found byte 0x80"},
          {"a control byte", "1\n1 2\x1b 3\n5\n", 2, 4, "byte 0x1b"},
          {"T = 10^9, then nothing", "1000000000\n", 2, 1, "expected the count N of test 1 of 1000000000"},
          {"N = 10^18, then one pile", "1\n1000000000000000000 2 3\n7\n", 3, 2,
           "expected pile 2 of 1000000000000000000 of test 1"},
      },
      {
          {"CRLF line ends", "1\r\n3 2 3\r\n1 2 1000000000000000000\r\n", "Alice\n"},
          {"no final newline", "1\n3 2 3\n1 2 1000000000000000000", "Alice\n"},
      });
}

// A graph file's table, run as `grundy value graph:FILE VERTEX`.
struct GraphCase {
  const char* what;
  std::string text;
  int line;  // 0: the message names no place in the file
  int column;
  const char* says;
};

TEST(MalformedInput, GraphFiles) {
  // Lines 'u v' or 'w'; names are any runs of printable UTF-8 without blanks
  // or '#' (so letters, signs and long digit strings are names, not errors).
  const std::string file = ::testing::TempDir() + "grundy_malformed.txt";
  const std::vector<GraphCase> malformed = {
      {"an empty file", "", 1, 1, "the graph file ends without naming a vertex"},
      {"only comments", "# a\n# b\n", 3, 1, "the graph file ends without naming a vertex"},
      {"an extra name", "a b\nb c d\n", 2, 5, "unexpected third name 'd' on one line"},
      {"an extra name after tabs", "\ta\tb\tc\n", 1, 6, "unexpected third name 'c'"},
      {"a byte that is not UTF-8", "a b\nc caf\xe9\n", 2, 6, "a byte that is not UTF-8 (0xe9) in a vertex name"},
      {"a control byte", "a b\x01\n", 1, 4, "a control byte (0x01) in a vertex name"},
      {"an escape sequence", "\x1b[31m x\n", 1, 1, "a control byte (0x1b)"},
      {"a NUL byte", "a\0 b\n"s, 1, 2, "a control byte (0x00)"},
      {"a NUL byte first", "\0\0\0\0"s, 1, 1, "a control byte (0x00)"},
      {"a C1 control character",
       "a b\xc2\x9b"
       "1m\n",
       1, 4, "a control character (U+009B)"},
  };
  for (const GraphCase& c : malformed) {
    SCOPED_TRACE(c.what);
    std::ofstream(file, std::ios::binary) << c.text;
    const auto r = test::run_process(GRUNDY_EXE, {"value", "graph:" + file, "a"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    if (c.line > 0) {
      EXPECT_THAT(r.err, StartsWith(fmt::format("grundy: error: argument 1: {}:{}:{}: ", file, c.line, c.column)));
    }
    EXPECT_THAT(r.err, HasSubstr(c.says));
    EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << "no input byte reaches the terminal raw";
  }
  const std::vector<Accepted> accepted = {
      {"CRLF line ends", "a b\r\nb c\r\n", "0\n"},
      {"no final newline", "a b\nb c", "0\n"},
      {"names that look like numbers and signs", "a -1\n-1 +2\n+2 123456789012345678901234567890\n", "1\n"},
      {"UTF-8 names and any bytes in comments", "a \xc3\xa9t\xc3\xa9 # \xff\x01\n", "1\n"},
      {"a cycle: play may go on forever", "a b\nb c\nc a\n", "inf{}\n"},
      {"a self-loop: a pass", "a a\na b\n", "inf{0}\n"},
  };
  for (const Accepted& a : accepted) {
    SCOPED_TRACE(a.what);
    std::ofstream(file, std::ios::binary) << a.input;
    const auto r = test::run_process(GRUNDY_EXE, {"value", "graph:" + file, "a", "--ascii"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, a.answer);
  }
  std::filesystem::remove(file);
}

// Runs grundy while writing `chunk` to its standard input over and over,
// until it stops reading (the pipe breaks).
test::ProcessResult run_on_endless_stdin(const std::vector<std::string>& args, const std::string& chunk) {
  const test::SpawnedProcess child = test::spawn_process(GRUNDY_EXE, args);
  while (write(child.in, chunk.data(), chunk.size()) > 0) {
  }
  close(child.in);
  // What it printed is a line or two, well within the pipes' buffers.
  test::ProcessResult result;
  char buffer[4096];
  for (const auto& [fd, text] : {std::pair{child.out, &result.out}, std::pair{child.err, &result.err}}) {
    for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) text->append(buffer, static_cast<std::size_t>(n));
    close(fd);
  }
  result.exit_code = test::wait_for_exit(child.pid, result.peak_kb);
  return result;
}

// The peak memory of grundy doing nothing (its code and start-up: about 12
// MiB optimised, over 80 MiB under the sanitizers, whose code is larger): the
// tests below bound what an input costs on top of it.
long start_up_kb() {
  static const long kb = test::run_process(GRUNDY_EXE, {"--version"}).peak_kb;
  return kb;
}

TEST(MalformedInput, EndlessGraphFilesAreRefusedEarly) {
  // Graph files are read a block at a time and checked as they come: an
  // endless input ends at its first bad byte or at a limit of
  // docs/games/graph.md, in a few megabytes. Read whole first, /dev/zero
  // took gigabytes and ended in "out of memory".
  const long kMostKb = start_up_kb() + 48 * 1024;
  const auto zero = test::run_process(GRUNDY_EXE, {"value", "graph:/dev/zero", "a"});
  EXPECT_EQ(zero.exit_code, 2);
  EXPECT_EQ(zero.out, "");
  EXPECT_THAT(zero.err, StartsWith("grundy: error: argument 1: /dev/zero:1:1: a control byte (0x00) in a vertex name"));
  EXPECT_LT(zero.peak_kb, kMostKb);

  // Random bytes: refused on the first line or so, wherever the first bad byte falls.
  const auto random = test::run_process(GRUNDY_EXE, {"value", "graph:/dev/urandom", "a"});
  EXPECT_EQ(random.exit_code, 2);
  EXPECT_THAT(random.err, StartsWith("grundy: error: argument 1: /dev/urandom:"));
  EXPECT_EQ(random.err.find('\x1b'), std::string::npos);
  EXPECT_LT(random.peak_kb, kMostKb);

  // A pipe that never ends a line: refused at the line limit, 2^20 bytes.
  const auto line = run_on_endless_stdin({"value", "graph:/dev/stdin", "a"}, std::string(4096, 'x'));
  EXPECT_EQ(line.exit_code, 2);
  EXPECT_EQ(line.out, "");
  EXPECT_THAT(line.err, StartsWith("grundy: error: argument 1: /dev/stdin:1:1048577: a line longer than 1048576 "
                                   "bytes, the most grundy supports in a graph file"));
  EXPECT_LT(line.peak_kb, kMostKb);

  // Valid lines, then a NUL byte: refused there, whatever follows.
  const auto nul = run_on_endless_stdin({"value", "graph:/dev/stdin", "a"}, "a b\n"s + std::string(1, '\0'));
  EXPECT_EQ(nul.exit_code, 2);
  EXPECT_THAT(nul.err, StartsWith("grundy: error: argument 1: /dev/stdin:2:1: a control byte (0x00)"));
  EXPECT_LT(nul.peak_kb, kMostKb);
}

TEST(MalformedInput, HugeClaimedCountsCostNoMemory) {
  // A count promising far more data than follows is an error at the end of
  // the data, and nothing is allocated from the count: the peak memory is
  // that of a tiny input (the bound is far below any allocation of 10^9 or
  // 10^18 items, and well above the program's own few megabytes).
  const long kMostKb = start_up_kb() + 48 * 1024;
  for (const std::string problem : {"fdivgame", "not-a-nim", "xy-game"}) {
    SCOPED_TRACE(problem);
    const std::string count_line = problem == "xy-game" ? "1000000000000000000 2 3\n" : "1000000000000000000\n";
    for (const std::string& input : {"1000000000\n"s, "18446744073709551615\n1\n1\n"s, "1\n" + count_line + "1 2\n"}) {
      const auto r = test::run_process(GRUNDY_EXE, {"contest", problem}, input);
      EXPECT_EQ(r.exit_code, 2) << input;
      // not-a-nim numbers its tests with 32 bits: t = 2^64 - 1 is refused at once.
      const bool refused_count = problem == "not-a-nim" && input.starts_with("18446744073709551615");
      EXPECT_THAT(r.err, HasSubstr(refused_count ? "t is 18446744073709551615: it must be from 1 to 4294967295"
                                                 : ", found the end of the"))
          << input;
      EXPECT_LT(r.peak_kb, kMostKb) << input;
    }
  }
}

}  // namespace
}  // namespace grundy
