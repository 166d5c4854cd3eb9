#pragma once
// Runs a program as a child process, feeding it stdin and capturing stdout,
// stderr and its exit status: how the CLI tests drive the built binary.

#include <string>
#include <vector>

namespace grundy::test {

struct ProcessResult {
  int exit_code = -1;  // the exit status, or 128 + signal number if killed by a signal
  std::string out;
  std::string err;
};

[[nodiscard]] ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                                        const std::string& input = {});

}  // namespace grundy::test
