#include "grundy/time_limit.hpp"

#include <time.h>  // clock_gettime: a thread's processor time

#include <fmt/format.h>

namespace grundy {
namespace {
// The seconds of the innermost open limit, for its message.
thread_local double limit_seconds = 0;
}  // namespace

double thread_processor_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

ThreadTimeLimit::ThreadTimeLimit(double seconds)
    : previous_deadline_(detail::thread_deadline), previous_seconds_(limit_seconds) {
  detail::thread_deadline = seconds > 0 ? thread_processor_seconds() + seconds : 0;
  limit_seconds = seconds > 0 ? seconds : 0;
}

ThreadTimeLimit::~ThreadTimeLimit() {
  detail::thread_deadline = previous_deadline_;
  limit_seconds = previous_seconds_;
}

namespace detail {
bool past_thread_deadline() { return thread_processor_seconds() >= thread_deadline; }

void throw_time_limit_reached() {
  throw TimeLimitReached(fmt::format("the time limit of {:g} s of processor time was reached", limit_seconds));
}
}  // namespace detail

}  // namespace grundy
