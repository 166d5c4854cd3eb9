#include "output.hpp"

namespace grundy::cli {

bool Output::flush() {
  if (!buffer_.empty() && !failed_) {
    if (std::fwrite(buffer_.data(), 1, buffer_.size(), stdout) != buffer_.size()) failed_ = true;
  }
  buffer_.clear();
  if (!failed_ && std::fflush(stdout) != 0) failed_ = true;
  return !failed_;
}

}  // namespace grundy::cli
