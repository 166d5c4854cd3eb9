#pragma once
// Progress of long computations (a prime count near 10^18, a table of 10^9
// values, a period search). The library is silent unless a program sets an
// output, as the command line does with stderr: then a LongTask still running
// after a second says what it is doing, how far it is when the loop behind it
// knows (advance), and for how long it has run: on one self-updating line on
// a terminal, or on a line at its start and one at its end otherwise. Tasks
// shorter than a second say nothing, so scripted runs keep a clean stderr.
//
// One task reports at a time: a task started while another is reporting (a
// prime count inside a table of the coprime game, or on another thread) is
// silent and costs no thread, since the outer task's fraction is the one that
// means something to the user.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "grundy/interrupt.hpp"

namespace grundy {

// Where long tasks report; nullptr (the default) for nowhere. Also forgets
// a line hidden or ended on the previous output.
void set_progress_output(std::FILE* out);

// A program that writes to the terminal the progress line is on (standard
// output on the same terminal as stderr) takes the line off the screen first
// and gives it back once its own text ends with a newline; in between no
// line is drawn.
void hide_progress_line();
void show_progress_line();

// Ends the line shown, if any, with a newline, and draws no more: for a last
// message such as "interrupted", which then starts on a clean line and is
// never overwritten. Returns whether a line was shown.
bool end_progress_line();

// A remark the user should see (a table file this run will not save):
// "grundy: TEXT" on a line of its own on the progress output, whatever the
// time; a progress line shown is erased first and drawn again at its next
// update. Nothing when there is no output.
void progress_note(std::string_view text);

// How far the outermost task running is (the one that reports when an
// output is set): `done` of `total` steps (total 0 when it has no fraction),
// its time so far, and an estimate of the time it has left from its speed
// since its first step was counted (none before a second of counting).
// nullopt when no task runs. Any thread may ask; it takes a lock.
struct TaskProgress {
  std::string what;
  std::uint64_t done = 0, total = 0;
  double seconds = 0;
  std::optional<double> seconds_left;
};
[[nodiscard]] std::optional<TaskProgress> current_task_progress();

// "40 s", "12 min", "3.5 h": a duration as a progress line says it.
[[nodiscard]] std::string duration_words(double seconds);

class LongTask {
 public:
  // `what`: a phrase such as "counting the primes up to 1000000000000000003";
  // `expected_seconds`: an estimate shown to the user, 0 if none.
  explicit LongTask(std::string what, double expected_seconds = 0);
  // The task's end line says "done", or "stopped" when an exception ends it.
  ~LongTask();
  LongTask(const LongTask&) = delete;
  LongTask& operator=(const LongTask&) = delete;

  // `done` of `total` steps are finished (shown as a percentage). Two relaxed
  // atomic stores, no lock and no system call: a loop may call it for every
  // item. Also a checkpoint (interrupt.hpp): throws Interrupted when asked to.
  void advance(std::uint64_t done, std::uint64_t total) {
    interruption_point();
    if (!counting_.load(std::memory_order_relaxed)) start_counting(done);
    done_steps_.store(done, std::memory_order_relaxed);
    total_steps_.store(total, std::memory_order_relaxed);
  }

  // A few words on how far the task is when it has no fraction to show
  // ("4,000,000 parts searched, table 12% full"), shown after its time. Takes
  // a lock: for a loop's every ten thousandth step, not every step. Also a
  // checkpoint.
  void set_detail(std::string detail);

 private:
  friend std::optional<TaskProgress> current_task_progress();
  void start_counting(std::uint64_t done);
  [[nodiscard]] TaskProgress progress() const;
  void watch();
  [[nodiscard]] std::string status(bool terminal) const;
  [[nodiscard]] std::string end_line() const;  // with mutex_ held

  std::string what_;
  std::string detail_;  // with mutex_ held
  double expected_seconds_;
  std::FILE* out_ = nullptr;  // nullptr: silent (no output set, or another task reports)
  std::chrono::steady_clock::time_point start_;
  std::atomic<std::uint64_t> done_steps_{0};
  std::atomic<std::uint64_t> total_steps_{0};
  // The steps done at the first advance (a resumed table starts far from 0),
  // and when: the speed behind the time left.
  std::atomic<bool> counting_{false};
  std::uint64_t first_done_ = 0;
  std::chrono::steady_clock::time_point counting_since_;
  int exceptions_at_start_ = 0;
  std::mutex mutex_;
  std::condition_variable done_signal_;
  bool done_ = false;
  bool failed_ = false;  // ended by an exception: "stopped after", not "done in"
  std::thread watcher_;
};

}  // namespace grundy
