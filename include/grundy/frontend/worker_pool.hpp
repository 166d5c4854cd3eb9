#pragma once
// Worker processes for `grundy serve`: every request that computes is
// answered by a child process, under a time limit and a memory limit.
//
// Why processes and not threads: the library's long computations (a prime
// count near 10^18, a period search) cannot be stopped half-way, and a
// thread cannot be killed. A process can: when a request's time is up its
// worker is killed and replaced, and the other requests never share a core
// with a computation nobody waits for. A crash or an exhausted memory ends
// one worker, not the server.
//
// Why a pool and not a fork per request: a fork copies the server's page
// tables, which costs milliseconds on a virtual machine (7 ms a request
// measured here, against 0.2 ms for the computation itself). Workers are
// forked ahead and answer request after request; a fork is paid again only
// when one is killed, retired, or when every worker is busy.
//
// Who forks: a "zygote", a copy of the server made when the pool is built,
// before the server's threads exist. A fork of a process whose other
// threads may hold locks at that instant can copy a held lock into the
// child (seen here: workers forked under AddressSanitizer that never
// answered); the zygote has one thread, so its children never do.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::frontend {

struct WorkerResult {
  enum class Kind {
    done,           // `output` is the worker's answer
    timed_out,      // the worker was killed at the time limit
    out_of_memory,  // the worker ran out of the memory it may use
    failed,         // the worker ended without an answer (a crash)
    unavailable,    // no worker could be started, or each ended before reading the request
    busy,           // every worker was busy until the time limit
  };
  Kind kind = Kind::failed;
  std::string output;
};

// What a process embedding the pool must do around each of its forks (the
// zygote's, and each worker's from the zygote): a Python interpreter's
// PyOS_BeforeFork, PyOS_AfterFork_Parent and PyOS_AfterFork_Child. Empty
// functions are skipped.
struct ForkHooks {
  std::function<void()> before;
  std::function<void()> parent;
  std::function<void()> child;
  // A process that goes on after serving, with files and children of its
  // own (Python's): the pool leaves SIGCHLD alone and waits for its zygote
  // at the end, and the zygote and workers keep the files they inherit,
  // closing only the pool's sockets.
  bool embedded = false;
};

class WorkerPool {
 public:
  // `work` turns a request into its answer, in a worker. `memory_bytes`
  // caps a worker's address space beyond what the server maps (0: no cap;
  // the sanitizers' shadow memory needs none). Construct the pool before
  // starting any thread (it forks the zygote, which must have one thread),
  // after whatever `work` needs is set up; `ready` workers are started now.
  // Workers die with the server (PR_SET_PDEATHSIG), and children are reaped
  // by the kernel (SIGCHLD is ignored from here on, unless embedded).
  // The pool's end closes the zygote, which ends the idle workers.
  WorkerPool(std::function<std::string(std::string_view)> work, std::size_t ready, std::size_t most,
             std::size_t memory_bytes, ForkHooks hooks = {});
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // The answer to `request`, computed by an idle worker (a new one when
  // none is idle and fewer than `most` exist). Safe from many threads.
  [[nodiscard]] WorkerResult run(std::string_view request, std::chrono::milliseconds limit);

 private:
  struct Worker {
    int pidfd = -1;   // to kill it (-1 if the kernel has no pidfds: then it is never killed, only let go)
    int socket = -1;  // the server's end
    std::size_t served = 0;
  };
  using Clock = std::chrono::steady_clock;
  // An idle or new worker (its socket -1 when none could be made); false
  // when every worker stayed busy until the deadline.
  [[nodiscard]] bool take(Worker& w, Clock::time_point deadline);
  void give_back(Worker& w);            // to the idle ones, or gone when retired or killed
  [[nodiscard]] bool spawn(Worker& w);  // a new worker from the zygote; false when none can be had
  static void retire(Worker& w);        // closes its socket: the worker reads the end and exits
  static void kill(Worker& w);

  std::size_t most_;
  std::mutex zygote_mutex_;
  int zygote_ = -1;  // the socket to the process that forks the workers
  int zygote_pid_ = -1;
  bool embedded_ = false;
  std::mutex mutex_;
  std::condition_variable idle_signal_;
  std::vector<Worker> idle_;
  std::size_t alive_ = 0;  // idle and busy
};

}  // namespace grundy::frontend
