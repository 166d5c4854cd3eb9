#pragma once
// Buffered standard output for the programs: large tables are written in blocks,
// not line by line, and a failed write (a closed pipe, a full disk) is
// reported instead of ignored. An answer is all or nothing: when standard
// output is a regular file, a run that fails or is interrupted takes back
// what it wrote (take_back_output), so no half-written file is left behind.

#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

namespace grundy::frontend {

// Standard output refused a block (a full disk, a closed pipe): thrown by
// Output::write so that a long command stops at once instead of computing
// an answer nobody can receive.
class OutputFailed : public std::runtime_error {
 public:
  OutputFailed() : std::runtime_error("could not write the output") {}
};

class Output {
 public:
  Output();
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  // Writes what is buffered, unless an exception is on its way: the text of
  // a command that failed is not an answer, and is dropped.
  ~Output();

  // Throws OutputFailed when a block cannot be written.
  void write(std::string_view text) {
    buffer_.append(text);
    if (buffer_.size() >= kBlock && !write_out(false)) throw OutputFailed();
  }
  // Writes everything buffered; returns false if stdout refused it.
  bool flush() { return write_out(true); }

 private:
  bool write_out(bool everything, bool may_throw = true);

  static constexpr std::size_t kBlock = 1 << 16;
  std::string buffer_;
  bool failed_ = false;
  bool terminal_ = false;  // stdout is a terminal, maybe shared with a progress line
  int exceptions_at_start_ = 0;
};

// Notes where standard output stands (a regular file: its size and offset),
// so that take_back_output can return to it. Call at the start of main,
// before anything is written.
void record_output_start();

// Truncates standard output back to where it stood at the start when it is a
// regular file that grundy wrote to, and stops every later write: an Output
// with text left to write then waits for the end of the process, which the
// caller is bringing about, or has already reported an error. Waits for a
// write in progress (for a pipe or a terminal, half a second at most); safe
// from any thread. Returns false, and takes nothing back, once finish_output
// has declared the output complete.
bool take_back_output();

// The output is complete (everything is written): it is kept from now on.
void finish_output();

// Standard output is a terminal and the last text written there did not end
// with a newline (a message written now should start with one).
[[nodiscard]] bool output_ends_mid_line();

// The locale names UTF-8 as its character set: the first of LC_ALL,
// LC_CTYPE and LANG that is set says so.
[[nodiscard]] bool locale_is_utf8();

}  // namespace grundy::frontend
