#include "grundy/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <utility>
#include <system_error>

#include <fmt/format.h>

namespace grundy {

namespace {

// Tasks shorter than this say nothing: 1 s, or GRUNDY_PROGRESS_AFTER seconds
// (docs/cli.md; a test that must see progress sets 0 rather than depend on
// how fast the machine is). A value that is not a number of seconds from 0
// to 86400 is ignored.
std::chrono::milliseconds quiet_for() {
  static const std::chrono::milliseconds value = [] {
    const char* text = std::getenv("GRUNDY_PROGRESS_AFTER");
    if (text != nullptr && *text != '\0') {
      char* end = nullptr;
      const double seconds = std::strtod(text, &end);
      if (*end == '\0' && seconds >= 0 && seconds <= 86400)
        return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
    }
    return std::chrono::milliseconds(1000);
  }();
  return value;
}
constexpr auto kRedrawEvery = std::chrono::seconds(1);
// Output that is not a terminal (a log, nohup, a cluster's job) gets a
// line at the start, then one this often while the task knows how far it
// is, then one at the end.
constexpr auto kLogEvery = std::chrono::minutes(10);

// The state of the output shared by every task, and by the program through
// hide/show/end_progress_line. Every write to the output happens under its
// mutex, so that a line is never drawn while the program erases it or ends
// it. Never destroyed: a thread may still hold the mutex when the process
// exits (the CLI's interruption thread ends the process while holding it).
struct Screen {
  std::mutex mutex;
  std::FILE* out = nullptr;
  std::size_t shown = 0;  // characters of the line on the terminal, 0 if none
  bool hidden = false;    // hide_progress_line() is in effect
  bool ended = false;     // end_progress_line() was called: nothing more is written
};

Screen& screen() {
  static Screen* const s = new Screen;
  return *s;
}

// The outermost task running (it reports; tasks started meanwhile stay
// silent), under its mutex.
std::mutex current_mutex;
LongTask* current = nullptr;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Columns of the terminal, 0 if unknown. A line wider than the terminal would
// wrap, and '\r' would then return to the start of its last row only.
std::size_t terminal_width(std::FILE* out) {
  winsize size{};
  if (::ioctl(::fileno(out), TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}

// Replaces the line on the terminal by `text` (s.mutex held): back to the
// start of the line, the text, then spaces over what remains of a longer
// previous line (no escape sequences, so that any terminal shows it right).
void draw_locked(Screen& s, std::string text, bool final_line) {
  if (s.ended || s.hidden) return;
  const std::size_t width = terminal_width(s.out);
  if (width > 1 && text.size() > width - 1) text.resize(width - 1);
  std::string line = "\r";
  line += text;
  if (s.shown > text.size()) line.append(s.shown - text.size(), ' ');
  if (final_line) line += '\n';
  std::fputs(line.c_str(), s.out);
  std::fflush(s.out);
  s.shown = final_line ? 0 : std::max<std::size_t>(text.size(), 1);
}

void erase_locked(Screen& s) {
  if (s.shown == 0 || s.ended) return;
  std::string line = "\r";
  line.append(s.shown, ' ');
  line += '\r';
  std::fputs(line.c_str(), s.out);
  std::fflush(s.out);
  s.shown = 0;
}

}  // namespace

void set_progress_output(std::FILE* out) {
  Screen& s = screen();
  std::lock_guard lock(s.mutex);
  s.out = out;
  s.shown = 0;
  s.hidden = false;
  s.ended = false;
}

void hide_progress_line() {
  Screen& s = screen();
  std::lock_guard lock(s.mutex);
  if (s.out == nullptr) return;
  erase_locked(s);
  s.hidden = true;
}

void show_progress_line() {
  Screen& s = screen();
  std::lock_guard lock(s.mutex);
  s.hidden = false;  // the watcher draws the line again at its next update
}

void progress_note(std::string_view text) {
  Screen& s = screen();
  std::lock_guard lock(s.mutex);
  if (s.out == nullptr || s.ended) return;
  erase_locked(s);
  fmt::print(s.out, "grundy: {}\n", text);
  std::fflush(s.out);
}

std::string duration_words(double seconds) {
  if (seconds < 120) return fmt::format("{:.0f} s", seconds);
  if (seconds < 2 * 3600) return fmt::format("{:.0f} min", seconds / 60);
  return fmt::format("{:.1f} h", seconds / 3600);
}

std::optional<TaskProgress> current_task_progress() {
  std::lock_guard lock(current_mutex);
  if (current == nullptr) return std::nullopt;
  return current->progress();
}

bool end_progress_line() {
  Screen& s = screen();
  std::lock_guard lock(s.mutex);
  const bool shown = s.shown > 0 && !s.ended;
  if (shown) {
    std::fputs("\n", s.out);
    std::fflush(s.out);
  }
  s.shown = 0;
  s.ended = true;
  return shown;
}

LongTask::LongTask(std::string what, double expected_seconds)
    : what_(std::move(what)),
      expected_seconds_(expected_seconds),
      start_(std::chrono::steady_clock::now()),
      exceptions_at_start_(std::uncaught_exceptions()) {
  {
    Screen& s = screen();
    std::lock_guard lock(s.mutex);
    out_ = s.out;
  }
  {
    std::lock_guard lock(current_mutex);
    if (current != nullptr) {
      out_ = nullptr;
      return;
    }
    current = this;
  }
  if (out_ == nullptr) return;
  try {
    watcher_ = std::thread([this] { watch(); });
  } catch (const std::system_error&) {
    // No thread to spare: the task runs silently rather than fail.
    out_ = nullptr;
  }
}

LongTask::~LongTask() {
  {
    std::lock_guard lock(current_mutex);
    if (current == this) current = nullptr;
  }
  if (!watcher_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
    failed_ = std::uncaught_exceptions() > exceptions_at_start_;
  }
  done_signal_.notify_all();
  watcher_.join();
}

void LongTask::start_counting(std::uint64_t done) {
  std::lock_guard lock(mutex_);
  if (counting_.load(std::memory_order_relaxed)) return;
  first_done_ = done;
  counting_since_ = std::chrono::steady_clock::now();
  counting_.store(true, std::memory_order_release);
}

TaskProgress LongTask::progress() const {
  TaskProgress p;
  p.what = what_;
  p.seconds = seconds_since(start_);
  p.total = total_steps_.load(std::memory_order_relaxed);
  p.done = std::min(done_steps_.load(std::memory_order_relaxed), p.total);
  if (p.total > p.done && counting_.load(std::memory_order_acquire)) {
    const double counted = seconds_since(counting_since_);
    if (counted >= 1 && p.done > first_done_)
      p.seconds_left = counted / static_cast<double>(p.done - first_done_) * static_cast<double>(p.total - p.done);
  }
  return p;
}

void LongTask::set_detail(std::string detail) {
  interruption_point();
  std::lock_guard lock(mutex_);
  detail_ = std::move(detail);
}

std::string LongTask::end_line() const {
  return fmt::format("grundy: {}: {} {:.1f} s", what_, failed_ ? "stopped after" : "done in", seconds_since(start_));
}

std::string LongTask::status(bool terminal) const {
  const std::string estimate =
      expected_seconds_ > 0 ? fmt::format(" (about {:.0f} s expected)", expected_seconds_) : "";
  if (!terminal) return fmt::format("grundy: {}{}...", what_, estimate);
  const TaskProgress p = progress();
  if (p.total == 0)
    return fmt::format("grundy: {}{}: {:.0f} s{}", what_, estimate, p.seconds, detail_.empty() ? "" : ", " + detail_);
  // Rounded down, so that 100% means finished.
  const auto percent = static_cast<unsigned>(static_cast<double>(p.done) / static_cast<double>(p.total) * 100);
  return fmt::format("grundy: {}{}: {}% ({:.0f} s{})", what_, estimate,
                     p.done == p.total ? 100 : std::min(percent, 99u), p.seconds,
                     p.seconds_left ? ", about " + duration_words(*p.seconds_left) + " left" : "");
}

void LongTask::watch() {
  Screen& s = screen();
  const bool terminal = ::isatty(::fileno(out_)) == 1;
  std::unique_lock lock(mutex_);
  if (done_signal_.wait_for(lock, quiet_for(), [this] { return done_; })) return;
  if (terminal) {
    do {
      std::lock_guard screen_lock(s.mutex);
      draw_locked(s, status(true), false);
    } while (!done_signal_.wait_for(lock, kRedrawEvery, [this] { return done_; }));
    // A hidden line stays hidden: the program's output is mid-line there.
    std::lock_guard screen_lock(s.mutex);
    if (s.shown > 0) draw_locked(s, end_line(), true);
    return;
  }
  {
    std::lock_guard screen_lock(s.mutex);
    if (!s.ended) {
      fmt::print(out_, "{}\n", status(false));
      std::fflush(out_);
    }
  }
  while (!done_signal_.wait_for(lock, kLogEvery, [this] { return done_; })) {
    if (total_steps_.load(std::memory_order_relaxed) == 0) continue;
    std::lock_guard screen_lock(s.mutex);
    if (!s.ended) {
      fmt::print(out_, "{}\n", status(true));
      std::fflush(out_);
    }
  }
  std::lock_guard screen_lock(s.mutex);
  if (!s.ended) {
    fmt::print(out_, "{}\n", end_line());
    std::fflush(out_);
  }
}

}  // namespace grundy
