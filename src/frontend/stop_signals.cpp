#include "grundy/frontend/stop_signals.hpp"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <system_error>
#include <thread>

#include "grundy/interrupt.hpp"
#include "grundy/progress.hpp"
#include "grundy/frontend/output.hpp"

namespace grundy::frontend {
namespace {

std::atomic<bool> transcript{false};
std::atomic<bool> sigint_ignored{false};
std::atomic<bool> signal_thread_started{false};

void write_message(bool new_line) {
  const char* message = new_line ? "\ngrundy: interrupted\n" : "grundy: interrupted\n";
  std::size_t left = std::strlen(message);
  while (left > 0) {
    const ssize_t n = ::write(STDERR_FILENO, message, left);
    if (n <= 0) return;  // a closed stderr: nobody to tell
    message += n;
    left -= static_cast<std::size_t>(n);
  }
}

[[noreturn]] void end_by(int signal_number) {
  // Default action, unblocked in this thread only: raising it now ends the
  // whole process with the signal's status.
  ::signal(signal_number, SIG_DFL);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, signal_number);
  ::pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
  ::raise(signal_number);
  ::_exit(128 + signal_number);  // not reached
}

std::atomic<bool> ending{false};

// Work that keeps what it found (a search writing its table file) is asked
// to stop, and given the time to keep it: the process ends once that work is
// done, or at once on a second signal (the previous save stays whole, since
// a table file is replaced in one rename).
void let_work_keep_what_it_found(const sigset_t& signals) {
  if (!KeepOnInterrupt::any_open()) return;
  request_interrupt();
  const timespec poll{0, 20'000'000};  // 20 ms
  while (KeepOnInterrupt::any_open()) {
    if (::sigtimedwait(&signals, nullptr, &poll) > 0) return;
  }
}

void wait_for_signal(sigset_t signals) {
  int signal_number = 0;
  while (::sigwait(&signals, &signal_number) != 0) {
  }
  if (!transcript.load()) {
    // False: the answer was complete just before the signal came, and the
    // process is exiting with it.
    if (!take_back_output()) return;
  }
  // A progress line shown is ended with its newline; else the output may
  // have left the cursor of the terminal stderr shares in the middle of a line.
  const bool progress_line_ended = end_progress_line();
  const bool mid_line =
      ::isatty(STDERR_FILENO) == 1 && (transcript.load() ? ::isatty(STDOUT_FILENO) == 1 : output_ends_mid_line());
  write_message(!progress_line_ended && mid_line);
  ending.store(true);
  let_work_keep_what_it_found(signals);
  end_by(signal_number);
}

}  // namespace

void handle_interruptions() {
  sigset_t signals;
  sigemptyset(&signals);
  bool any = false;
  for (int signal_number : {SIGINT, SIGTERM}) {
    struct sigaction current {};
    if (::sigaction(signal_number, nullptr, &current) != 0) continue;
    if (current.sa_handler == SIG_IGN) {
      if (signal_number == SIGINT) sigint_ignored.store(true);
      continue;
    }
    sigaddset(&signals, signal_number);
    any = true;
  }
  if (!any) return;
  ::pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  try {
    // Returns only once the thread has started and is about to wait: the
    // server forks its zygote after this, and a fork while the new thread is
    // still starting could copy a lock it holds (AddressSanitizer's
    // allocator's: a worker then waited for it forever, one request in
    // thousands under load).
    std::thread([signals] {
      signal_thread_started.store(true);
      signal_thread_started.notify_one();
      wait_for_signal(signals);
    }).detach();
    signal_thread_started.wait(false);
  } catch (const std::system_error&) {
    // No thread to spare: the signals keep their default action (the run
    // still stops, but without taking back a file written to).
    ::pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
  }
}

void keep_transcript_when_interrupted() { transcript.store(true); }

bool interrupt_ignored() { return sigint_ignored.load(); }

void wait_to_be_ended() {
  if (!ending.load()) return;
  for (;;) ::pause();
}

}  // namespace grundy::frontend
