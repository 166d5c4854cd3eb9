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
  long peak_kb = 0;  // the child's peak resident memory (ru_maxrss), in KiB
};

// A child started with its three standard streams on pipes: write to `in`,
// read from `out` and `err`. SIGPIPE is ignored from then on, so that a
// child that exits early cannot kill the test.
struct SpawnedProcess {
  int pid = -1;
  int in = -1;
  int out = -1;
  int err = -1;
};
[[nodiscard]] SpawnedProcess spawn_process(const std::string& program, const std::vector<std::string>& args);
// Waits for the child: its exit status, or 128 + the signal that killed it.
[[nodiscard]] int wait_for_exit(int pid);
// The same, also giving the child's peak resident memory in KiB.
[[nodiscard]] int wait_for_exit(int pid, long& peak_kb);

[[nodiscard]] ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                                        const std::string& input = {});

}  // namespace grundy::test
