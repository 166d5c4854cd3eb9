#pragma once
// Progress of long computations (a prime count near 10^18 takes tens of
// seconds). The library is silent unless a program sets an output, as the
// command line does with stderr: then a LongTask that is still running after
// a couple of seconds says what it is doing and for how long it has run, on
// one self-updating line on a terminal, or on a line at its start and one at
// its end otherwise.

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

namespace grundy {

// Where long tasks report; nullptr (the default) for nowhere.
void set_progress_output(std::FILE* out);

class LongTask {
 public:
  // `what`: a phrase such as "counting the primes up to 1000000000000000003";
  // `expected_seconds`: an estimate shown to the user, 0 if none.
  LongTask(std::string what, double expected_seconds);
  ~LongTask();
  LongTask(const LongTask&) = delete;
  LongTask& operator=(const LongTask&) = delete;

 private:
  void watch();

  std::string what_;
  double expected_seconds_;
  std::FILE* out_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable done_signal_;
  bool done_ = false;
  bool reported_ = false;
  std::thread watcher_;
};

}  // namespace grundy
