#include "grundy/thread_pool.hpp"

#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <memory>
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
        auto fresh = std::make_unique<Worker>();
        if (!start(*fresh)) break;  // no thread to be had: fewer helpers
        w = fresh.get();
        workers_.push_back(std::move(fresh));
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
    std::condition_variable wake;
    HelperTeam* team = nullptr;  // the team whose job is this worker's, if any
  };

  // What a worker's thread starts with.
  struct Start {
    ThreadPool* pool;
    Worker* worker;
    cpu_set_t cores;  // the cores it may then run on
  };

  // Starts a worker's thread (detached: the pool is never destroyed); false
  // if the system gives none. A fresh thread may be queued on its creator's
  // core until the scheduler's next tick while another core sits idle: on
  // a 2-core machine here, 0.1 to 5 ms after its creation (often just past
  // a 4 ms tick) against 0.05 ms started elsewhere. So it starts barred from
  // its creator's core, then takes back every core its creator may use.
  bool start(Worker& w) {
    auto begin = std::make_unique<Start>(Start{this, &w, {}});
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return false;
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (sched_getaffinity(0, sizeof begin->cores, &begin->cores) == 0) {
      cpu_set_t elsewhere = begin->cores;
      const int here = sched_getcpu();
      if (here >= 0 && here < CPU_SETSIZE) CPU_CLR(static_cast<unsigned>(here), &elsewhere);
      if (CPU_COUNT(&elsewhere) > 0) pthread_attr_setaffinity_np(&attr, sizeof elsewhere, &elsewhere);
    } else {
      CPU_ZERO(&begin->cores);
    }
    pthread_t thread{};
    const int failed = pthread_create(&thread, &attr, &run, begin.get());
    pthread_attr_destroy(&attr);
    if (failed != 0) return false;
    begin.release();  // the thread's now
    return true;
  }

  static void* run(void* start) {
    const std::unique_ptr<Start> begin(static_cast<Start*>(start));
    if (CPU_COUNT(&begin->cores) > 0) sched_setaffinity(0, sizeof begin->cores, &begin->cores);
    begin->pool->serve(*begin->worker);
    return nullptr;
  }

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
