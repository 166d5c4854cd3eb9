#pragma once
// Decimal digits eight at a time (SWAR: SIMD within a register). Contest
// inputs are mostly numbers of 1 to 19 digits; converting a whole 8-byte
// word at once, with the number's length found by a bit scan rather than a
// byte-by-byte loop, removes the per-digit dependency chain and the branch
// mispredicted at every number's end.
//
// Words are loaded little-endian: byte 0 of the word is the first character.

#include <bit>
#include <cstdint>
#include <cstring>

namespace grundy::contest {

static_assert(std::endian::native == std::endian::little, "digits.hpp assumes a little-endian machine");

[[nodiscard]] inline std::uint64_t load_word(const char* p) {
  std::uint64_t w = 0;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// How many of the 8 characters of `word`, from the first, are digits (0..8).
[[nodiscard]] inline int leading_digits(std::uint64_t word) {
  constexpr std::uint64_t kHigh = 0xF0F0F0F0F0F0F0F0ULL;
  const std::uint64_t t = word ^ 0x3030303030303030ULL;  // digits become 0..9
  // A byte is not a digit if its high nibble is set, or if adding 6 carries
  // into the high nibble (values 10..15). Carries only run towards later
  // bytes, which can only add false marks after the first true one.
  const std::uint64_t marks = (t & kHigh) | ((t + 0x0606060606060606ULL) & kHigh);
  return marks == 0 ? 8 : std::countr_zero(marks) / 8;
}

// The value of the first `count` characters of `word`, all digits, 1 <= count <= 8.
[[nodiscard]] inline std::uint64_t digits_value(std::uint64_t word, int count) {
  // Digit values, moved to the top so that `count` digits are preceded by zeros.
  std::uint64_t v = (word - 0x3030303030303030ULL) << (8 * (8 - count));
  // Pairs: each 16-bit lane holds 10 * first + second.
  v = (v * 10 + (v >> 8)) & 0x00FF00FF00FF00FFULL;
  // Quads: each 32-bit lane holds 100 * pair1 + pair2.
  v = (v * 100 + (v >> 16)) & 0x0000FFFF0000FFFFULL;
  // The eight: 10000 * quad1 + quad2.
  return (v * 10000 + (v >> 32)) & 0xFFFFFFFFULL;
}

}  // namespace grundy::contest
