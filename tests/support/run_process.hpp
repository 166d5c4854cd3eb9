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

// The peak resident memory of `program args` alone, in KiB, as /usr/bin/time
// reports it (the program started by time, a small process). A child this
// test process starts directly reports at least this process's own peak:
// posix_spawn starts it in this process's memory, and the peak it had is
// the child's from then on (on Linux, exec keeps it), so after tests that
// held a large output the figure says nothing of the child.
[[nodiscard]] long peak_kb_alone(const std::string& program, const std::vector<std::string>& args);

}  // namespace grundy::test
