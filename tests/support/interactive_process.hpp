#pragma once
// A child process driven line by line through pipes, as a person at a
// keyboard would: read its output up to a prompt, answer, read again. For the
// tests of `grundy play`.

#include <sys/types.h>

#include <string>
#include <string_view>
#include <vector>

#include "support/run_process.hpp"

namespace grundy::test {

class InteractiveProcess {
 public:
  InteractiveProcess(const std::string& program, const std::vector<std::string>& args);
  InteractiveProcess(const InteractiveProcess&) = delete;
  InteractiveProcess& operator=(const InteractiveProcess&) = delete;
  ~InteractiveProcess();  // kills the child if it still runs

  // The output from the end of the last read up to and including the first
  // `marker` after it, or to the end of the output if the child closes it
  // first. Throws std::runtime_error after `timeout_ms` without progress.
  std::string read_until(std::string_view marker, int timeout_ms = 30000);
  // Writes `line` and a newline to the child's standard input.
  void send_line(std::string_view line);
  // Closes standard input, reads the rest of the output and waits for the
  // child: `out` holds the output not yet returned by read_until.
  ProcessResult finish();

 private:
  bool read_some(int timeout_ms);  // false at the end of the output

  pid_t pid_ = -1;
  int in_fd_ = -1;
  int out_fd_ = -1;
  int err_fd_ = -1;
  std::string pending_;  // output read but not yet returned
};

}  // namespace grundy::test
