#pragma once
// BufferedOutput: formats into memory and writes in 1 MiB blocks, so that an
// input generator is never the slow part of a measurement.

#include <cstdio>
#include <iterator>
#include <utility>

#include <fmt/format.h>

namespace grundy::bench {

class BufferedOutput {
 public:
  explicit BufferedOutput(std::FILE* file) : file_(file) {}
  BufferedOutput(const BufferedOutput&) = delete;
  BufferedOutput& operator=(const BufferedOutput&) = delete;

  template <typename... Args>
  void print(fmt::format_string<Args...> format, Args&&... args) {
    fmt::format_to(std::back_inserter(buffer_), format, std::forward<Args>(args)...);
    if (buffer_.size() >= (std::size_t{1} << 20)) flush();
  }
  // Writes what is left; false if any write failed.
  [[nodiscard]] bool finish() {
    flush();
    return std::fflush(file_) == 0 && std::ferror(file_) == 0;
  }

 private:
  void flush() {
    std::fwrite(buffer_.data(), 1, buffer_.size(), file_);
    buffer_.clear();
  }
  std::FILE* file_;
  fmt::memory_buffer buffer_;
};

}  // namespace grundy::bench
