#pragma once
// ContestReader: reads contest-format input (whitespace-separated whole
// numbers with a line structure) fast and strictly. The input is read in
// large blocks with read(2), digits are parsed by hand (no iostreams, no
// locale), and anything that is not what the format says is an InputError
// naming the line and column, what was expected and what was found.
//
// Accepted as a courtesy: \r\n line ends, blank lines before a line-level
// number, spaces or tabs around numbers, a missing final newline, leading
// zeros. Nothing is allocated from a count the input claims.

#include <bit>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "grundy/contest/digits.hpp"
#include "grundy/error.hpp"

namespace grundy::contest {

class ContestReader {
 public:
  // Reads from an open file descriptor (0 for standard input); `source` names
  // it in messages ("stdin", a file name). `block_size` is how much one
  // read(2) asks for: tests and fuzzing make it tiny, so that numbers and
  // line ends straddle the blocks.
  ContestReader(int fd, std::string source, std::size_t block_size = kBlock);
  // Reads from text in memory (tests).
  ContestReader(std::string_view text, std::string source);

  // The next number, which may come after line ends and blank lines: the
  // first number of a line (T, N). `what` names it in messages; the second
  // form calls `describe` only to build an error message, so a per-test name
  // costs nothing while the input is fine.
  [[nodiscard]] std::uint64_t number_on_new_line(std::string_view what, std::uint64_t min, std::uint64_t max) {
    return number_on_new_line([what] { return std::string(what); }, min, max);
  }
  template <class Describe>
  requires std::invocable<Describe&>
  [[nodiscard]] std::uint64_t number_on_new_line(Describe&& describe, std::uint64_t min, std::uint64_t max) {
    skip_whitespace();
    if (!available()) fail_number_expected(describe());
    return parse_number(describe, min, max);
  }

  // The next number on the current line (after spaces or tabs).
  // `describe` is called only to build an error message.
  template <class Describe>
  [[nodiscard]] std::uint64_t number_on_line(Describe&& describe, std::uint64_t min, std::uint64_t max) {
    skip_blanks();
    if (at_line_end()) fail_number_expected(describe());
    return parse_number(describe, min, max);
  }

  // Up to `limit` numbers of the current line, each from min to max, taken
  // while they have the plain shape of a long line of numbers: 1 to 19
  // digits followed by one space (which is consumed). Folds each into
  // `state` (state = fold(state, value)) and returns how many it took; the
  // state is kept in a local meanwhile, so that it stays in a register
  // rather than in memory the compiler must assume the buffer may alias.
  // It stops before anything else (the
  // line's last number, a tab, a second blank, a bad byte, a value out of
  // range, the edge of the buffer), which the caller then reads with
  // number_on_line: that path gives the messages, so none is produced here.
  //
  // How: a bitmap of the non-digit bytes of each 64-byte chunk (digits.hpp)
  // says where every number ends, so finding the next one is a bit scan; the
  // chunks follow at a fixed stride, one computed ahead, so that finding the
  // ends never waits for the numbers; each value is read back from its end.
  // The only branches that depend on the data are the chunk changes and,
  // for 17 to 19 digits, the third word of a value.
  template <class State, class Fold>
  std::uint64_t plain_numbers_on_line(std::uint64_t limit, std::uint64_t min, std::uint64_t max, State& state,
                                      Fold&& fold) {
    skip_blanks();  // as number_on_line would
    // Room: 24 bytes before a number's end for digits_ending_at, and the
    // current chunk and the next one inside the buffer.
    constexpr std::size_t kChunk = 64;
    if (limit == 0 || pos_ < 24 || end_ - pos_ < 3 * kChunk) return 0;
    const char* start = buffer_ + pos_;  // the first byte of the current number
    const char* chunk = start;
    const char* const last_chunk = buffer_ + end_ - 2 * kChunk;
    std::uint64_t ends = non_digit_bits(chunk);
    std::uint64_t next_ends = non_digit_bits(chunk + kChunk);
    std::uint64_t taken = 0;
    State folded = state;
    for (;;) {
      if (ends == 0) {
        chunk += kChunk;
        if (chunk > last_chunk) break;
        ends = next_ends;
        next_ends = non_digit_bits(chunk + kChunk);
        continue;
      }
      const char* const end = chunk + std::countr_zero(ends);
      ends &= ends - 1;
      const auto length = static_cast<std::size_t>(end - start);
      const std::uint64_t value = digits_ending_at(end, length);
      // A length of 0 or over 19 reads as 0: when 0 is out of range, the
      // range test covers the length as well.
      const bool length_ok = min > 0 || length - 1 < 19;
      // One test for all the ways to stop (& rather than &&: no branch
      // each), so that the one branch goes the same way while the line is plain.
      const unsigned plain = unsigned{length_ok} & unsigned{value - min <= max - min} & unsigned{*end == ' '};
      if (plain == 0) break;
      folded = fold(folded, value);
      start = end + 1;
      if (++taken == limit) break;
    }
    state = folded;
    pos_ = static_cast<std::size_t>(start - buffer_);
    return taken;
  }

  // The end of the current line (spaces, tabs, \r allowed before it) or of
  // the input. `after` names what the line held, for messages; the second
  // form builds that name only for a message.
  void end_of_line(std::string_view after) {
    end_of_line([after] { return std::string(after); });
  }
  template <class Describe>
  requires std::invocable<Describe&>
  void end_of_line(Describe&& describe_after) {
    skip_blanks();
    if (available() && buffer_[pos_] == '\r') ++pos_;
    if (!available()) return;
    if (buffer_[pos_] != '\n') fail_line_end_expected(describe_after());
    ++pos_;
    ++line_;
    line_start_ = offset();
  }

  // Only whitespace may remain.
  void end_of_input(std::string_view after);

  [[nodiscard]] std::uint64_t line() const { return line_; }
  [[nodiscard]] std::uint64_t column() const { return offset() - line_start_ + 1; }

 private:
  // 256 KiB: a block stays in the L2 cache while it is parsed (1 MiB measured
  // 6% slower on 10^7 FDIVGAME values).
  static constexpr std::size_t kBlock = std::size_t{1} << 18;

  // True if a byte is available at pos_ (refilling the buffer if needed).
  bool available() {
    if (pos_ < end_) return true;
    return refill();
  }
  bool refill();
  [[nodiscard]] std::uint64_t offset() const { return consumed_ + pos_; }
  // Spaces, tabs, \r and line ends.
  void skip_whitespace();
  void skip_blanks() {
    while (available() && (buffer_[pos_] == ' ' || buffer_[pos_] == '\t')) ++pos_;
  }
  // At \n, \r or the end of the input.
  bool at_line_end() { return !available() || buffer_[pos_] == '\n' || buffer_[pos_] == '\r'; }

  template <class Describe>
  std::uint64_t parse_number(Describe& describe, std::uint64_t min, std::uint64_t max) {
    const char first = buffer_[pos_];
    if (first < '0' || first > '9') fail_number_expected(describe());
    // Fast path: with 24 bytes at hand, a number of up to 19 digits (always
    // below 2^64) is converted a word at a time (digits.hpp).
    if (end_ - pos_ >= 24) {
      const char* const p = buffer_ + pos_;
      std::uint64_t value = 0;
      int length = 0;
      if (fast_number(p, value, length)) {
        const char next = p[length];
        if (next != ' ' && next != '\n' && next != '\t' && next != '\r') {
          pos_ += static_cast<std::size_t>(length);
          fail_after_number(describe());
        }
        if (value < min || value > max) fail_out_of_range(describe(), column(), std::to_string(value), min, max);
        pos_ += static_cast<std::size_t>(length);
        return value;
      }
    }
    const std::uint64_t start_column = column();
    std::uint64_t value = 0;
    bool overflow = false;
    while (available()) {
      const unsigned digit = static_cast<unsigned char>(buffer_[pos_]) - unsigned{'0'};
      if (digit > 9) break;
      overflow |= __builtin_mul_overflow(value, std::uint64_t{10}, &value);
      overflow |= __builtin_add_overflow(value, std::uint64_t{digit}, &value);
      ++pos_;
    }
    if (available()) {
      const char next = buffer_[pos_];
      if (next != ' ' && next != '\t' && next != '\n' && next != '\r') fail_after_number(describe());
    }
    if (overflow || value < min || value > max)
      fail_out_of_range(describe(), start_column, overflow ? std::string{} : std::to_string(value), min, max);
    return value;
  }

  // The number of up to 19 digits starting at p (24 bytes readable); false
  // if it has more digits (then the careful path decides).
  static bool fast_number(const char* p, std::uint64_t& value, int& length) {
    static constexpr std::uint64_t kPowers[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
    std::uint64_t word = load_word(p);
    int k = leading_digits(word);
    if (k < 8) {
      value = digits_value(word, k);
      length = k;
      return true;
    }
    value = digits_value(word, 8);
    word = load_word(p + 8);
    k = leading_digits(word);
    if (k < 8) {
      if (k > 0) value = value * kPowers[k] + digits_value(word, k);
      length = 8 + k;
      return true;
    }
    value = value * kPowers[8] + digits_value(word, 8);
    word = load_word(p + 16);
    k = leading_digits(word);
    if (k > 3) return false;
    if (k > 0) value = value * kPowers[k] + digits_value(word, k);
    length = 16 + k;
    return true;
  }

  [[noreturn]] void fail(std::uint64_t column, std::string_view message) const;
  [[noreturn]] void fail_number_expected(std::string_view what);
  [[noreturn]] void fail_after_number(std::string_view what);
  [[noreturn]] void fail_line_end_expected(std::string_view after);
  [[noreturn]] void fail_out_of_range(std::string_view what, std::uint64_t column, const std::string& value,
                                      std::uint64_t min, std::uint64_t max) const;
  // Describes the byte at pos_ (or the end of the input) for messages.
  std::string found();

  int fd_ = -1;
  std::size_t block_size_ = 0;
  std::string source_;
  std::unique_ptr<char[]> owned_;
  const char* buffer_ = nullptr;
  std::size_t pos_ = 0;
  std::size_t end_ = 0;
  std::uint64_t consumed_ = 0;  // bytes before buffer_[0]
  std::uint64_t line_ = 1;
  std::uint64_t line_start_ = 0;  // offset of the current line's first byte
  bool eof_ = false;
};

// "10^18" for powers of ten of 10 or more, the digits otherwise: bounds in messages.
[[nodiscard]] std::string format_bound(std::uint64_t n);

}  // namespace grundy::contest
