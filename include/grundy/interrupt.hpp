#pragma once
// Interrupting long computations from outside. The command line ends the
// process on Ctrl-C, but a host that lives on (the Python module, where
// Ctrl-C must raise KeyboardInterrupt and leave the interpreter usable)
// asks the computation to stop instead: request_interrupt() sets a flag,
// and the next checkpoint of a long loop (every LongTask::advance, and
// interruption_point() where a loop has no task) throws Interrupted. The
// objects a computation was filling may be left part-way: a host that
// caught Interrupted drops them.
//
// request_interrupt() only stores to a lock-free atomic, so a signal
// handler may call it. The flag is process-wide: a host runs one
// interruptible computation at a time.

#include <atomic>
#include <stdexcept>

namespace grundy {

class Interrupted : public std::runtime_error {
 public:
  Interrupted() : std::runtime_error("interrupted") {}
};

namespace detail {
inline std::atomic<bool> interrupt_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "request_interrupt must be safe in a signal handler");
}  // namespace detail

// Each O(1): one relaxed atomic store or load, no lock, no allocation.
inline void request_interrupt() noexcept { detail::interrupt_requested.store(true, std::memory_order_relaxed); }
inline void clear_interrupt() noexcept { detail::interrupt_requested.store(false, std::memory_order_relaxed); }
[[nodiscard]] inline bool interrupt_requested() noexcept {
  return detail::interrupt_requested.load(std::memory_order_relaxed);
}

// A checkpoint: throws Interrupted when an interrupt was requested. One
// relaxed load and a branch, cheap enough for a loop's every step.
// O(1), nothing allocated unless it throws.
inline void interruption_point() {
  if (interrupt_requested()) throw Interrupted();
}

// Work that keeps what it found when it is interrupted (a search that writes
// its table to a file as Interrupted leaves it) runs inside a
// KeepOnInterrupt. A host that ends the process on a signal (the command
// line) must not end it in the middle of that: while one is open, the host
// asks for an interrupt instead and ends the process once none is open.
// Opening, closing and any_open() are O(1): one atomic operation each.
class KeepOnInterrupt {
 public:
  KeepOnInterrupt() noexcept { open_count().fetch_add(1); }
  ~KeepOnInterrupt() { open_count().fetch_sub(1); }
  KeepOnInterrupt(const KeepOnInterrupt&) = delete;
  KeepOnInterrupt& operator=(const KeepOnInterrupt&) = delete;

  // Whether any is open, on any thread.
  [[nodiscard]] static bool any_open() noexcept { return open_count().load() > 0; }

 private:
  static std::atomic<int>& open_count() noexcept {
    static std::atomic<int> count{0};
    return count;
  }
};

}  // namespace grundy
