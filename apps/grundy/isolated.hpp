#pragma once
// Runs one computation in a child process with a time limit and a memory
// limit: what `grundy serve` does with every request that computes.
//
// Why a process and not a thread: the library's long computations (a prime
// count near 10^18, a period search) have no way to be stopped half-way, and
// a thread cannot be killed. A child can: when the time is up it is killed,
// and the server's other requests never share a core with a computation
// nobody is waiting for. A crash or an exhausted memory ends the child only.
// The cost is one fork per request (a fraction of a millisecond; docs/serve.md
// gives the measured figures).

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

namespace grundy::cli {

struct IsolatedResult {
  enum class Kind {
    done,       // `output` is what the computation returned
    timed_out,  // killed at the time limit
    failed,     // the child ended without an answer (out of memory, a crash)
  };
  Kind kind = Kind::failed;
  std::string output;
};

// Calls `work` in a forked child and returns what it returned. The child
// dies with the parent (a server stopped by Ctrl-C leaves no computation
// behind). `memory_bytes` caps the child's address space (0: no cap; the
// sanitizers' shadow memory needs none). Safe to call from many threads.
[[nodiscard]] IsolatedResult run_isolated(const std::function<std::string()>& work, std::chrono::milliseconds limit,
                                          std::size_t memory_bytes);

}  // namespace grundy::cli
