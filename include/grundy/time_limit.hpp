#pragma once
// A limit on the processor time one thread spends in a computation. A
// census gives each game a budget, and a game that meets it must stop with
// what it has rather than hold its core for hours (the misère quotient of
// octal:4.7 grows for minutes a heap). The limit is the thread's own
// processor time, not the clock's: a run paused (SIGSTOP) or sharing its
// core with other programs gives each game the same work.
//
// A ThreadTimeLimit opened on a thread makes time_limit_point() on that
// thread throw LimitError once the thread has used its seconds; the long
// loops of a limited computation call it beside interruption_point().
// Limits nest: the inner one holds while it is open, then the outer one
// again.

#include "grundy/error.hpp"

namespace grundy {

// What time_limit_point() throws: a LimitError a caller may tell from the
// others (a census row says which limit stopped a game).
class TimeLimitReached : public LimitError {
 public:
  using LimitError::LimitError;
};

class ThreadTimeLimit {
 public:
  // `seconds` <= 0: no limit while this one is open. O(1): one clock read.
  explicit ThreadTimeLimit(double seconds);
  ~ThreadTimeLimit();
  ThreadTimeLimit(const ThreadTimeLimit&) = delete;
  ThreadTimeLimit& operator=(const ThreadTimeLimit&) = delete;

 private:
  double previous_deadline_;
  double previous_seconds_;
};

// The calling thread's processor time so far, in seconds.
[[nodiscard]] double thread_processor_seconds();

namespace detail {
// The calling thread's deadline in thread_processor_seconds(); 0 for none.
inline thread_local double thread_deadline = 0;
[[noreturn]] void throw_time_limit_reached();
bool past_thread_deadline();
}  // namespace detail

// A checkpoint: throws TimeLimitReached ("the time limit of S s of processor time
// was reached") when the calling thread has a limit and has used it. One
// thread-local load and a branch without a limit; a clock read with one.
inline void time_limit_point() {
  if (detail::thread_deadline != 0 && detail::past_thread_deadline()) detail::throw_time_limit_reached();
}

}  // namespace grundy
