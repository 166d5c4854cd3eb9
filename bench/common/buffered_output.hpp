#pragma once
// BufferedOutput: formats into memory and writes in 1 MiB blocks, so that an
// input generator is never the slow part of a measurement.

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
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

// The file a generator writes: `path`, or standard output when it is empty.
// On failure prints "PROGRAM: cannot write ..." and returns nullptr.
class OutputFile {
 public:
  OutputFile(const std::string& path, const char* program) : file_(nullptr, &std::fclose) {
    if (path.empty()) {
      out_ = stdout;
      return;
    }
    file_.reset(std::fopen(path.c_str(), "wb"));
    if (!file_) fmt::print(stderr, "{}: cannot write '{}': {}\n", program, path, std::strerror(errno));
    out_ = file_.get();
  }
  [[nodiscard]] std::FILE* get() const { return out_; }

 private:
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
  std::FILE* out_ = nullptr;
};

}  // namespace grundy::bench
