#pragma once
// Decimal digits eight at a time (SWAR: SIMD within a register). Contest
// inputs are mostly numbers of 1 to 19 digits; converting a whole 8-byte
// word at once, with the number's length found by a bit scan rather than a
// byte-by-byte loop, removes the per-digit dependency chain and the branch
// mispredicted at every number's end.
//
// Words are loaded little-endian: byte 0 of the word is the first character.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__) && defined(__x86_64__)
#define GRUNDY_CONTEST_SSE2 1
#include <emmintrin.h>
#endif

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

// ---- Whole blocks: where the numbers end, and a number from its end --------
//
// A line of many numbers is read fastest in two independent steps: a bitmap
// of the non-digit bytes of 64 bytes at a time says where every number ends
// (so finding the next one is a bit scan, not a dependent chain of loads),
// and each number's value is computed from the bytes just before its end.

// 0x80 in each byte of `word` that is not a digit, 0 in the others. Exact
// for every byte (unlike leading_digits, no carry crosses a byte): a byte is
// a digit iff its high bit is clear after XOR with '0' and its low seven
// bits, plus 0x76, do not reach 0x80 (that is, are at most 9).
[[nodiscard]] inline std::uint64_t non_digit_bytes(std::uint64_t word) {
  const std::uint64_t t = word ^ 0x3030303030303030ULL;
  return (((t & 0x7F7F7F7F7F7F7F7FULL) + 0x7676767676767676ULL) | t) & 0x8080808080808080ULL;
}

// Bit i set iff byte i of the 64 bytes at p is not a digit (64 bytes
// readable), a word at a time: the portable form, and the reference for the
// SSE2 form below.
[[nodiscard]] inline std::uint64_t non_digit_bits_swar(const char* p) {
  std::uint64_t bits = 0;
  for (int k = 0; k < 8; ++k) {
    // The multiplication gathers the eight flags (bit 0 of each byte after
    // the shift) into the top byte, byte j's flag at bit 56 + j.
    const std::uint64_t flags = non_digit_bytes(load_word(p + 8 * k)) >> 7;
    bits |= ((flags * 0x0102040810204080ULL) >> 56) << (8 * k);
  }
  return bits;
}

// The same. Every x86-64 processor has SSE2, which classifies 16 bytes in
// four instructions where the word form needs about twenty.
[[nodiscard]] inline std::uint64_t non_digit_bits(const char* p) {
#if defined(GRUNDY_CONTEST_SSE2)
  std::uint64_t digit_bits = 0;
  for (int k = 0; k < 4; ++k) {
    // A byte is a digit iff byte - '0' (wrapping) is at most 9, that is iff
    // the unsigned minimum with 9 leaves it unchanged.
    const __m128i offsets =
        _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k)), _mm_set1_epi8('0'));
    const __m128i digits = _mm_cmpeq_epi8(_mm_min_epu8(offsets, _mm_set1_epi8(9)), offsets);
    digit_bits |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(digits))} << (16 * k);
  }
  return ~digit_bits;
#else
  return non_digit_bits_swar(p);
#endif
}

// The value of eight digit values (0..9, the first in the low byte) as one
// number: pairs, then quads, then the eight, one multiplication each.
[[nodiscard]] inline std::uint64_t eight_digit_values(std::uint64_t v) {
  v = (v * (10 * 256 + 1)) >> 8;
  v = ((v & 0x00FF00FF00FF00FFULL) * (100 * 65536 + 1)) >> 16;
  return ((v & 0x0000FFFF0000FFFFULL) * (10000 * (std::uint64_t{1} << 32) + 1)) >> 32;
}

namespace detail {
// For each length 0..20, the bytes to keep of the words that end 16, 8 and
// 0 bytes before a number's end: its last `length` bytes. Lengths 0 and 20
// (which stands for every longer one) keep nothing. Three arrays rather
// than one of triples: an index then needs no multiplication by 24.
constexpr std::uint64_t keep_last_bytes(int count) {
  if (count <= 0) return 0;
  return count >= 8 ? ~std::uint64_t{0} : ~std::uint64_t{0} << (64 - 8 * count);
}
constexpr std::array<std::uint64_t, 21> keep_masks(int word_end) {
  std::array<std::uint64_t, 21> masks{};
  for (int length = 1; length <= 19; ++length)
    masks[static_cast<std::size_t>(length)] = keep_last_bytes(length - word_end);
  return masks;
}
inline constexpr std::array<std::uint64_t, 21> kKeepLow = keep_masks(0);
inline constexpr std::array<std::uint64_t, 21> kKeepMiddle = keep_masks(8);
inline constexpr std::array<std::uint64_t, 21> kKeepTop = keep_masks(16);
// The middle and low masks side by side, as one 16-byte mask for SSE2.
struct alignas(16) KeepSixteen {
  std::uint64_t middle, low;
};
constexpr std::array<KeepSixteen, 21> keep_sixteen() {
  std::array<KeepSixteen, 21> masks{};
  for (std::size_t row = 0; row < 21; ++row) masks[row] = {kKeepMiddle[row], kKeepLow[row]};
  return masks;
}
inline constexpr std::array<KeepSixteen, 21> kKeepSixteen = keep_sixteen();
}  // namespace detail

// The value of the last min(length, 16) digits that end just before `end`
// (16 bytes before `end` readable), `row` = min(length, 20): the word form,
// and the reference for the SSE2 form below.
[[nodiscard]] inline std::uint64_t last_sixteen_digits_swar(const char* end, std::size_t row) {
  constexpr std::uint64_t kZeros = 0x3030303030303030ULL;
  const std::uint64_t low = (load_word(end - 8) ^ kZeros) & detail::kKeepLow[row];
  const std::uint64_t middle = (load_word(end - 16) ^ kZeros) & detail::kKeepMiddle[row];
  return eight_digit_values(middle) * 100000000 + eight_digit_values(low);
}

// The same with the 16 bytes in one SSE2 register: the same three steps
// (pairs, quads, eights) for both halves at once, about half the work.
[[nodiscard]] inline std::uint64_t last_sixteen_digits(const char* end, std::size_t row) {
#if defined(GRUNDY_CONTEST_SSE2)
  const __m128i keep = _mm_load_si128(reinterpret_cast<const __m128i*>(&detail::kKeepSixteen[row]));
  const __m128i digits = _mm_and_si128(
      _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(end - 16)), _mm_set1_epi8('0')), keep);
  // One digit per 16-bit lane, then 10 * digit + next digit in each 32-bit lane.
  const __m128i zero = _mm_setzero_si128();
  const __m128i tens_ones = _mm_set1_epi32(10 + (1 << 16));
  const __m128i pairs = _mm_packs_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(digits, zero), tens_ones),
                                        _mm_madd_epi16(_mm_unpackhi_epi8(digits, zero), tens_ones));
  // 100 * pair + next pair in each 32-bit lane (at most 9999).
  const __m128i quads = _mm_madd_epi16(pairs, _mm_set1_epi32(100 + (1 << 16)));
  // Back to 16-bit lanes (no saturation below 32768), then 10^4 * quad + next quad:
  // the first eight digits' value in lane 0, the last eight's in lane 1.
  const __m128i eights = _mm_madd_epi16(_mm_packs_epi32(quads, quads), _mm_set1_epi32(10000 + (1 << 16)));
  const auto both = static_cast<std::uint64_t>(_mm_cvtsi128_si64(eights));
  return (both & 0xFFFFFFFF) * 100000000 + (both >> 32);
#else
  return last_sixteen_digits_swar(end, row);
#endif
}

// The value of the `length` digits that end just before `end` (1 <= length
// <= 19, so below 2^64), with the 24 bytes before `end` readable; whatever
// precedes the digits is masked off. Any other length gives 0.
[[nodiscard]] inline std::uint64_t digits_ending_at(const char* end, std::size_t length) {
  constexpr std::uint64_t kZeros = 0x3030303030303030ULL;
  const std::size_t row = length < 20 ? length : 20;
  std::uint64_t value = last_sixteen_digits(end, row);
  // A branch, not a third masked word: 17 to 19 digits are the exception
  // and the word costs as much as the other two together.
  if (length > 16) {  // (20 and more: the mask is 0)
    const std::uint64_t top = (load_word(end - 24) ^ kZeros) & detail::kKeepTop[row];
    value += eight_digit_values(top) * 10000000000000000ULL;
  }
  return value;
}

}  // namespace grundy::contest
