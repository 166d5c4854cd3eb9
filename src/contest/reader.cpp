#include "grundy/contest/reader.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace grundy::contest {

ContestReader::ContestReader(int fd, std::string source, std::size_t block_size)
    : fd_(fd),
      block_size_(block_size > 0 ? block_size : kBlock),
      source_(std::move(source)),
      owned_(new char[block_size_]),
      buffer_(owned_.get()) {}

ContestReader::ContestReader(std::string_view text, std::string source)
    : source_(std::move(source)), buffer_(text.data()), end_(text.size()), eof_(true) {}

bool ContestReader::refill() {
  if (eof_ || fd_ < 0) return false;
  consumed_ += end_;
  pos_ = 0;
  end_ = 0;
  for (;;) {
    const ssize_t got = ::read(fd_, owned_.get(), block_size_);
    if (got > 0) {
      end_ = static_cast<std::size_t>(got);
      return true;
    }
    if (got == 0) {
      eof_ = true;
      return false;
    }
    if (errno != EINTR) throw InputError(fmt::format("{}: cannot read: {}", source_, std::strerror(errno)));
  }
}

void ContestReader::skip_whitespace() {
  while (available()) {
    const char c = buffer_[pos_];
    if (c == '\n') {
      ++pos_;
      ++line_;
      line_start_ = offset();
    } else if (c == ' ' || c == '\t' || c == '\r') {
      ++pos_;
    } else {
      return;
    }
  }
}

void ContestReader::fail_line_end_expected(std::string_view after) {
  fail(column(), fmt::format("expected the end of the line after {}, found {}", after, found()));
}

void ContestReader::end_of_input(std::string_view after) {
  skip_whitespace();
  if (available()) fail(column(), fmt::format("expected the end of the input after {}, found {}", after, found()));
}

std::string ContestReader::found() {
  if (!available()) return "the end of the input";
  const auto c = static_cast<unsigned char>(buffer_[pos_]);
  if (c == '\n' || c == '\r') return "the end of the line";
  if (c >= 0x21 && c < 0x7f) return fmt::format("'{}'", static_cast<char>(c));
  if (c == ' ' || c == '\t') return "a blank";
  return fmt::format("byte 0x{:02x}", c);
}

void ContestReader::fail(std::uint64_t column, std::string_view message) const {
  throw InputError(fmt::format("{}: line {}, column {}: {}", source_, line_, column, message));
}

void ContestReader::fail_number_expected(std::string_view what) {
  fail(column(), fmt::format("expected {}, found {}", what, found()));
}

void ContestReader::fail_after_number(std::string_view what) {
  fail(column(),
       fmt::format("{} must be a whole number followed by a blank or the end of the line, found {}", what, found()));
}

void ContestReader::fail_out_of_range(std::string_view what, std::uint64_t column, const std::string& value,
                                      std::uint64_t min, std::uint64_t max) const {
  if (value.empty())
    fail(column, fmt::format("{} is too large: it must be from {} to {}", what, format_bound(min), format_bound(max)));
  fail(column, fmt::format("{} is {}: it must be from {} to {}", what, value, format_bound(min), format_bound(max)));
}

std::string format_bound(std::uint64_t n) {
  int exponent = 0;
  std::uint64_t m = n;
  while (m >= 10 && m % 10 == 0) {
    m /= 10;
    ++exponent;
  }
  if (m == 1 && exponent >= 10) return fmt::format("10^{}", exponent);
  return fmt::format("{}", n);
}

}  // namespace grundy::contest
