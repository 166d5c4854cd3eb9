#include "grundy/frontend/output.hpp"

#include "grundy/interrupt.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <mutex>

#include "grundy/progress.hpp"

namespace grundy::frontend {
namespace {

// Standard output as found at the start, and what was done to it since.
// Every write happens under the mutex, so that take_back_output, called by
// the thread that handles Ctrl-C, never truncates the file while a write is
// still extending it, and the last block written to a terminal or a pipe is
// whole, with nothing after it.
struct StdoutState {
  std::timed_mutex mutex;
  // Set once by record_output_start, before any other thread exists.
  bool revertible = false;  // a regular file whose start we can return to
  off_t start = 0;          // the size to truncate back to
  // Under the mutex.
  bool written = false;   // grundy wrote to it
  bool closed = false;    // taken back: nothing more is written
  bool finished = false;  // complete: kept as it is
  // A terminal whose last text written did not end with a newline; read
  // without the mutex, which a stuck write may hold.
  std::atomic<bool> mid_line{false};
};

// How long take_back_output waits for a write to a pipe or a terminal: it may
// never end (a reader that stopped reading, a terminal stopped by Ctrl-S),
// and Ctrl-C must work then too.
constexpr auto kWriteWait = std::chrono::milliseconds(500);

StdoutState& stdout_state() {
  // Never destroyed: the interruption thread may use it while the process exits.
  static StdoutState* const state = new StdoutState;
  return *state;
}

}  // namespace

void record_output_start() {
  StdoutState& s = stdout_state();
  struct stat info {};
  if (::fstat(STDOUT_FILENO, &info) != 0 || !S_ISREG(info.st_mode)) return;
  const int flags = ::fcntl(STDOUT_FILENO, F_GETFL);
  if (flags < 0) return;
  if ((flags & O_APPEND) != 0) {
    // '>>': every write goes to the end, so the end at the start is where
    // grundy's text begins.
    s.start = info.st_size;
  } else {
    // '>': the offset, usually 0 after the shell truncated the file, or the
    // end of what a command before grundy wrote in '(a; grundy ...) > file'.
    const off_t offset = ::lseek(STDOUT_FILENO, 0, SEEK_CUR);
    // An offset inside the file ('1<> file') means grundy overwrites text
    // that is not its own: truncating would destroy the rest of the file, and
    // the overwritten bytes cannot be restored, so nothing is taken back.
    if (offset < 0 || offset < info.st_size) return;
    s.start = offset;
  }
  s.revertible = true;
}

bool take_back_output() {
  StdoutState& s = stdout_state();
  std::unique_lock lock(s.mutex, std::defer_lock);
  if (s.revertible) {
    lock.lock();
  } else if (!lock.try_lock_for(kWriteWait)) {
    return true;  // the write goes on; the process ends all the same
  }
  if (s.finished) return false;
  s.closed = true;  // the block being written was the last
  // Pipes and terminals: what was written is gone (a reader may have used it).
  if (!s.revertible || !s.written) return true;
  // Later writes through another descriptor of the same file (stderr in
  // '> file 2>&1') continue where grundy's text began, not after a hole.
  if (::ftruncate(STDOUT_FILENO, s.start) == 0) ::lseek(STDOUT_FILENO, s.start, SEEK_SET);
  return true;
}

void finish_output() {
  StdoutState& s = stdout_state();
  std::lock_guard lock(s.mutex);
  if (!s.closed) s.finished = true;
}

bool output_ends_mid_line() { return stdout_state().mid_line.load(); }

Output::Output() : terminal_(::isatty(STDOUT_FILENO) == 1), exceptions_at_start_(std::uncaught_exceptions()) {
  buffer_.reserve(kBlock);
}

Output::~Output() {
  if (std::uncaught_exceptions() > exceptions_at_start_) return;
  write_out(true, false);
}

bool Output::write_out(bool everything, bool may_throw) {
  std::size_t size = buffer_.size();
  // On a terminal, whole lines only: the progress line comes back between
  // blocks, and must not land in the middle of a line of the output.
  if (!everything && terminal_) {
    const std::size_t last_newline = buffer_.rfind('\n');
    if (last_newline != std::string::npos) size = last_newline + 1;
  }
  StdoutState& s = stdout_state();
  std::unique_lock lock(s.mutex);
  if (s.closed && size > 0 && !failed_) {
    // Taken back while this run still had text to write: the interruption
    // thread did it and is ending the process. Failing here instead would
    // let main report a write error and exit 1 first. But where work that
    // keeps what it found is still open (KeepOnInterrupt: `rare --save`
    // writing its last line), that thread waits for it to close: it asks
    // for an interrupt, which is thrown here so that the work unwinds,
    // closes, and the process ends. (Never from the destructor, which runs
    // once the work has closed.)
    lock.unlock();
    for (;;) {
      if (may_throw && interrupt_requested()) throw Interrupted();
      ::usleep(10'000);
    }
  }
  if (size > 0 && !failed_) {
    if (terminal_) hide_progress_line();
    s.written = true;
    if (std::fwrite(buffer_.data(), 1, size, stdout) != size || std::fflush(stdout) != 0) failed_ = true;
    if (terminal_) {
      s.mid_line.store(buffer_[size - 1] != '\n');
      if (!s.mid_line.load()) show_progress_line();
    }
  }
  if (everything && !failed_ && std::fflush(stdout) != 0) failed_ = true;
  buffer_.erase(0, size);
  if (failed_) buffer_.clear();
  return !failed_;
}

bool locale_is_utf8() {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') continue;
    const std::string_view v(value);
    return v.find("UTF-8") != v.npos || v.find("utf8") != v.npos || v.find("utf-8") != v.npos ||
           v.find("UTF8") != v.npos;
  }
  return false;
}

}  // namespace grundy::frontend
