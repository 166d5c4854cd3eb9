#pragma once
// Buffered standard output for the CLI: large tables are written in blocks,
// not line by line, and a failed write (a closed pipe, a full disk) is
// reported instead of ignored.

#include <cstdio>
#include <string>
#include <string_view>

namespace grundy::cli {

class Output {
 public:
  Output() { buffer_.reserve(kBlock); }
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  ~Output() { flush(); }

  void write(std::string_view text) {
    buffer_.append(text);
    if (buffer_.size() >= kBlock) flush();
  }
  // Writes everything buffered; returns false if stdout refused it.
  bool flush();

 private:
  static constexpr std::size_t kBlock = 1 << 16;
  std::string buffer_;
  bool failed_ = false;
};

}  // namespace grundy::cli
