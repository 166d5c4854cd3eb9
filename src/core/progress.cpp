#include "grundy/progress.hpp"

#include <unistd.h>

#include <atomic>

#include <fmt/format.h>

namespace grundy {

namespace {

std::atomic<std::FILE*> progress_output{nullptr};
constexpr auto kQuietFor = std::chrono::seconds(2);  // tasks shorter than this say nothing

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

void set_progress_output(std::FILE* out) { progress_output.store(out); }

LongTask::LongTask(std::string what, double expected_seconds)
    : what_(std::move(what)),
      expected_seconds_(expected_seconds),
      out_(progress_output.load()),
      start_(std::chrono::steady_clock::now()) {
  if (out_ != nullptr) watcher_ = std::thread([this] { watch(); });
}

LongTask::~LongTask() {
  if (!watcher_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  done_signal_.notify_all();
  watcher_.join();
}

void LongTask::watch() {
  const bool terminal = ::isatty(::fileno(out_)) == 1;
  const std::string estimate = expected_seconds_ > 0 ? fmt::format(" (about {:.0f} s expected)", expected_seconds_) : "";
  std::unique_lock lock(mutex_);
  if (done_signal_.wait_for(lock, kQuietFor, [this] { return done_; })) return;
  if (terminal) {
    do {
      fmt::print(out_, "\rgrundy: {}{}: {:.0f} s", what_, estimate, seconds_since(start_));
      std::fflush(out_);
    } while (!done_signal_.wait_for(lock, std::chrono::seconds(1), [this] { return done_; }));
    fmt::print(out_, "\rgrundy: {}: done in {:.1f} s{}\n", what_, seconds_since(start_), std::string(24, ' '));
  } else {
    fmt::print(out_, "grundy: {}{}...\n", what_, estimate);
    std::fflush(out_);
    done_signal_.wait(lock, [this] { return done_; });
    fmt::print(out_, "grundy: {}: done in {:.1f} s\n", what_, seconds_since(start_));
  }
  std::fflush(out_);
}

}  // namespace grundy
