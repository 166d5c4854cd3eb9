#pragma once
// TakeAndBreakCode: the rules of a take-and-break game written as a code
// d0.d1d2..., in the notation CGSuite reads (docs/games/octal.md, "Codes").
//
// Digit d_i says what a move that takes i tokens from a heap may leave:
// bit k (value 2^k) lets it leave exactly k non-empty heaps. Octal digits
// (0-7) leave at most two heaps, hexadecimal ones (0-F) three; letters go on
// to Z = 35 (five heaps), and {N} writes any digit below 256 in decimal
// (seven heaps). A digit may constrain its splits (moves leaving two or
// more heaps):
//   d!        the heaps left are pairwise unequal (Grundy's game is 4!.0)
//   d?        the heaps left are not all equal
//   d=        the heaps left are all equal
//   (d!a?b=c) only the splits in a are pairwise unequal, those in b not
//             all equal, those in c all equal; a bare modifier, as in
//             (d?b!), takes the splits of d no other modifier named.
// A trailing group in square brackets repeats forever: 0.[3] takes any
// number of tokens (Nim), 0.[37] also splits after taking an even number.
//
// One digit goes before the point; it may only split (taking no token and
// leaving the heap as it was is no move). Every code has one canonical
// text: trailing zeros dropped, the repetition shortest and earliest,
// "d?" on two heaps written "d!" (two heaps not both equal are unequal).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// A digit is 16 bytes, and allows_heaps is O(k) for k heaps.
struct TakeAndBreakDigit {
  std::uint32_t heaps = 0;          // bit k: may leave k non-empty heaps
  std::uint32_t unequal = 0;        // bit k (k >= 2): ... only pairwise unequal ones
  std::uint32_t not_all_equal = 0;  // bit k (k >= 3): ... not all equal
  std::uint32_t all_equal = 0;      // bit k (k >= 2): ... all equal

  [[nodiscard]] bool constrained() const { return (unequal | not_all_equal | all_equal) != 0; }
  [[nodiscard]] bool leaves(unsigned k) const { return ((heaps >> k) & 1u) != 0; }
  // Whether these heaps (non-empty, sorted increasingly, k = their number)
  // are a split the digit allows.
  [[nodiscard]] bool allows_heaps(const std::uint64_t* sorted, unsigned k) const;
  friend bool operator==(const TakeAndBreakDigit&, const TakeAndBreakDigit&) = default;
};

// Costs: a code holds its written digits, at most kMaxDigits + 1 when
// parsed; digit() is O(1); parse is O(length of the text plus d r) for d
// digits and a repetition of r (normalize); from_digits, most_heaps,
// constrained, plain_digits and text are O(d).
class TakeAndBreakCode {
 public:
  // Digits up to this value (7 heaps).
  static constexpr unsigned kMaxDigit = 255;
  static constexpr unsigned kMaxHeapsLeft = 7;
  // Most digits written out (before the repetition ends).
  static constexpr std::size_t kMaxDigits = 64;

  // Reads a code; throws InputError naming the spec and the character
  // (counted from `column`, the code's first character in the spec, from 1).
  [[nodiscard]] static TakeAndBreakCode parse(std::string_view code, std::string_view spec, std::size_t column);
  // An unconstrained finite code from plain digits (d0, d1, ...).
  [[nodiscard]] static TakeAndBreakCode from_digits(const std::vector<std::uint8_t>& digits);

  // d_i for taking i tokens, for any i (repeating past the written digits).
  [[nodiscard]] const TakeAndBreakDigit& digit(std::uint64_t taken) const;
  // The written digits, d0 first; the last repeat() of them repeat forever.
  [[nodiscard]] const std::vector<TakeAndBreakDigit>& digits() const { return digits_; }
  [[nodiscard]] std::size_t repeat() const { return repeat_; }
  [[nodiscard]] bool finite() const { return repeat_ == 0; }
  // The most tokens a move takes (finite codes).
  [[nodiscard]] std::uint64_t most_taken() const { return digits_.size() - 1; }
  // The most heaps a move leaves (0 for a code with no move).
  [[nodiscard]] unsigned most_heaps() const;
  [[nodiscard]] bool constrained() const;
  // Plain digits (finite, unconstrained, every digit below 16), for the
  // octal and hexadecimal notations; empty otherwise.
  [[nodiscard]] std::vector<std::uint8_t> plain_digits() const;

  // The canonical text, such as "0.77", "4!.0" or "0.[37]".
  [[nodiscard]] std::string text() const;
  friend bool operator==(const TakeAndBreakCode&, const TakeAndBreakCode&) = default;

 private:
  void normalize();
  std::vector<TakeAndBreakDigit> digits_{TakeAndBreakDigit{}};
  std::size_t repeat_ = 0;
};

}  // namespace grundy
