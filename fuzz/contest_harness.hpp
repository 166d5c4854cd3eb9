#pragma once
// The fuzz harness shared by the contest readers (fdivgame, not-a-nim,
// xy-game). For every input, the solver must either return an answer or
// throw an InputError naming a line and a column; anything else (another
// exception, a crash, a sanitizer report, a timeout, memory beyond
// libFuzzer's limit) is a defect. Two more properties:
//  - an answer has one line per test, each one of the problem's two words;
//  - the input read from a pipe in blocks of 1 to 16 bytes (so numbers, CRs
//    and line ends straddle the reads) gives exactly the same answer or the
//    same message as the input read from memory.

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "grundy/contest/reader.hpp"
#include "grundy/error.hpp"

namespace grundy::fuzz {

struct ContestOutcome {
  bool solved = false;
  std::string text;  // the answer, or the error message
  bool operator==(const ContestOutcome&) const = default;
};

template <class Solve>
ContestOutcome run_solver(Solve solve, contest::ContestReader& in) {
  try {
    return {true, solve(in)};
  } catch (const InputError& e) {
    return {false, e.what()};
  }
}

// The first token of a valid input, the number of tests (leading zeros allowed).
inline std::uint64_t leading_count(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
  std::uint64_t n = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) n = n * 10 + static_cast<unsigned>(text[i] - '0');
  return n;
}

inline void check_answer(std::string_view input, std::string_view answer, std::string_view yes, std::string_view no) {
  std::uint64_t lines = 0;
  std::size_t start = 0;
  while (start < answer.size()) {
    const std::size_t end = answer.find('\n', start);
    check(end != std::string_view::npos, "the answer ends with a line end", answer);
    const std::string_view word = answer.substr(start, end - start);
    check(word == yes || word == no, "every answer line is one of the two words", word);
    ++lines;
    start = end + 1;
  }
  check(lines == leading_count(input), "one answer line per test", answer);
}

// The same input through a pipe, read in blocks of `block` bytes. Inputs
// larger than a pipe's buffer are not tried (the writer would block).
template <class Solve>
void check_pipe_agrees(Solve solve, std::string_view input, const ContestOutcome& from_memory) {
  constexpr std::size_t kPipeSafe = 32 * 1024;
  if (input.size() > kPipeSafe) return;
  std::signal(SIGPIPE, SIG_IGN);
  int fds[2];
  check(::pipe(fds) == 0, "pipe() works");
  std::size_t written = 0;
  while (written < input.size()) {
    const ssize_t n = ::write(fds[1], input.data() + written, input.size() - written);
    check(n > 0, "writing the input to the pipe");
    written += static_cast<std::size_t>(n);
  }
  ::close(fds[1]);
  // The block size comes from the input itself, so a crash replays exactly.
  std::size_t hash = input.size();
  for (const char c : input) hash = hash * 31 + static_cast<unsigned char>(c);
  const std::size_t block = 1 + hash % 16;
  ContestOutcome from_pipe;
  {
    contest::ContestReader in(fds[0], "input", block);
    from_pipe = run_solver(solve, in);
  }
  ::close(fds[0]);
  if (!(from_pipe == from_memory))
    property_broken("reading from a pipe in small blocks gives the same outcome as from memory",
                    "memory: " + from_memory.text + "\n  pipe:   " + from_pipe.text);
}

template <class Solve>
int fuzz_contest_input(const std::uint8_t* data, std::size_t size, Solve solve, std::string_view yes,
                       std::string_view no) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  ContestOutcome outcome;
  {
    contest::ContestReader in(input, "input");
    outcome = run_solver(solve, in);
  }
  if (outcome.solved) {
    check_answer(input, outcome.text, yes, no);
  } else {
    check(names_line_and_column(outcome.text, "input"), "an input error names its line and column", outcome.text);
    check_message(outcome.text);
  }
  check_pipe_agrees(solve, input, outcome);
  return 0;
}

}  // namespace grundy::fuzz
