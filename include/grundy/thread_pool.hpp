#pragma once
// The process's one pool of worker threads. Every parallel part of grundy
// (the component search, Chomp's boxes, the octal tables' speculation, the
// census) runs its helpers on these workers rather than starting and
// joining threads of its own: a search asked a value per option (moves,
// play) would otherwise start and join its threads once per option.
//
// A piece of parallel work makes a HelperTeam: `job` runs on up to n idle
// workers (started when first needed, then parked between teams for the
// life of the process) while the caller does its own share, and the team
// waits for them when it ends. A team gets fewer helpers than asked when
// the workers are busy with another team (a census's games each searching)
// or no thread can be had; work given to a team must therefore be right
// with any number of helpers, none included. How many threads a computation
// asks for is its game's budget (execution_budget.hpp: --threads,
// GRUNDY_THREADS, Python's grundy.threads()).
//
// Costs: starting a team takes one lock and a wake-up per helper (a few
// microseconds, no thread started once the pool has them); the workers
// hold their stacks while parked.

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>

namespace grundy {

class HelperTeam {
 public:
  // Runs `job` on up to `helpers` workers of the process's pool.
  HelperTeam(unsigned helpers, std::function<void()> job);
  // Waits for the helpers (an exception a helper's job threw is dropped
  // here; join() to see it).
  ~HelperTeam();
  HelperTeam(const HelperTeam&) = delete;
  HelperTeam& operator=(const HelperTeam&) = delete;

  // How many helpers run the job.
  [[nodiscard]] unsigned size() const { return size_; }
  // Waits until every helper's job has returned; rethrows the first
  // exception one threw.
  void join();
  // Waits likewise, never throwing (for a destructor).
  void wait() noexcept;

 private:
  friend class ThreadPool;
  void helper_done(std::exception_ptr failure);

  std::function<void()> job_;
  unsigned size_ = 0;
  std::mutex mutex_;
  std::condition_variable all_done_;
  unsigned running_ = 0;
  std::exception_ptr failure_;
};

// Workers the process's pool holds (busy or parked): for tests.
[[nodiscard]] std::size_t pool_workers();

}  // namespace grundy
