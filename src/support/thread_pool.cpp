#include "grundy/thread_pool.hpp"

#include <pthread.h>

#include <atomic>
#include <memory>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "grundy/execution_budget.hpp"

namespace grundy {

class ThreadPool;

namespace {
std::atomic<ThreadPool*> the_pool{nullptr};
std::once_flag pool_made;
}  // namespace

class ThreadPool {
 public:
  // The one pool. Never destroyed: a worker still parked when the process
  // ends goes with it (a pool joined at exit would wait on a worker that an
  // exit from inside a computation left busy). A child made by fork() (a
  // Python program's multiprocessing) has none of its parent's threads: it
  // starts a pool of its own, the parent's left unused.
  static ThreadPool& process() {
    std::call_once(pool_made, [] {
      the_pool.store(new ThreadPool);
      pthread_atfork(nullptr, nullptr, [] { the_pool.store(new ThreadPool); });
    });
    return *the_pool.load();
  }

  // Gives the team's job to up to `helpers` workers; returns how many.
  unsigned enlist(HelperTeam& team, unsigned helpers) {
    const std::lock_guard lock(mutex_);
    unsigned n = 0;
    for (; n < helpers; ++n) {
      Worker* w = nullptr;
      if (!idle_.empty()) {
        w = idle_.back();
        idle_.pop_back();
      } else if (workers_.size() < kMaxSearchThreads) {
        try {
          auto fresh = std::make_unique<Worker>();
          w = fresh.get();
          fresh->thread = std::thread([this, w] { serve(*w); });
          workers_.push_back(std::move(fresh));
        } catch (const std::system_error&) {
          break;  // no thread to be had: fewer helpers
        }
      } else {
        break;
      }
      w->team = &team;
      w->wake.notify_one();
    }
    return n;
  }

  [[nodiscard]] std::size_t size() {
    const std::lock_guard lock(mutex_);
    return workers_.size();
  }

 private:
  struct Worker {
    std::thread thread;
    std::condition_variable wake;
    HelperTeam* team = nullptr;  // the team whose job is this worker's, if any
  };

  void serve(Worker& w) {
    std::unique_lock lock(mutex_);
    for (;;) {
      w.wake.wait(lock, [&] { return w.team != nullptr; });
      HelperTeam* team = std::exchange(w.team, nullptr);
      lock.unlock();
      std::exception_ptr failure;
      try {
        team->job_();
      } catch (...) {
        failure = std::current_exception();
      }
      // Parked again before the team hears it is done, so that the team's
      // owner may start another at once and find this worker idle.
      lock.lock();
      idle_.push_back(&w);
      lock.unlock();
      team->helper_done(failure);
      lock.lock();
    }
  }

  std::mutex mutex_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<Worker*> idle_;
};

HelperTeam::HelperTeam(unsigned helpers, std::function<void()> job) : job_(std::move(job)) {
  if (helpers == 0) return;
  // running_ is set before any helper can finish: each helper_done takes
  // the lock held here.
  const std::lock_guard lock(mutex_);
  size_ = ThreadPool::process().enlist(*this, helpers);
  running_ = size_;
}

HelperTeam::~HelperTeam() { wait(); }

void HelperTeam::wait() noexcept {
  std::unique_lock lock(mutex_);
  all_done_.wait(lock, [&] { return running_ == 0; });
}

void HelperTeam::join() {
  wait();
  const std::lock_guard lock(mutex_);
  if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
}

void HelperTeam::helper_done(std::exception_ptr failure) {
  const std::lock_guard lock(mutex_);
  if (failure && !failure_) failure_ = failure;
  if (--running_ == 0) all_done_.notify_all();
}

std::size_t pool_workers() { return ThreadPool::process().size(); }

}  // namespace grundy
