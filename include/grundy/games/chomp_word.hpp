#pragma once
// A Chomp bar of at most 32 x 32 squares as one 64-bit word: the search's
// key and position (ChompRules, chomp.hpp). Bites, mirror images and sizes
// are a few bit operations on it, with no memory touched.
//
// The word is the bar's boundary path. Walk from the top-left corner of
// the 32 x 32 box to its bottom-right corner along the bar's upper-right
// edge, one unit step at a time: 64 steps, 32 to the right and 32 down.
// Bit t is step t: 0 a step right, 1 a step down. Row i (counted from the
// poisoned square's row, 0, upwards) has r_i squares; its step down is
// step r_i + 31 - i, so the word is the sum of 2^(r_i + 31 - i) over the
// 32 rows, and every word with 32 ones is one bar (rows never grow
// upwards, so those steps are distinct). The empty box (no square) is
// 0xFFFFFFFF; the poisoned square alone is 0x17FFFFFFF.
//
// - Mirror image (rows read as columns): the path walked backwards with its
//   steps swapped, that is bitreverse(~word).
// - A bite at row a, column c (c < r_a): the path is the same up to the
//   step that reaches column c (after its c-th step right; step 0 when
//   c = 0), and the same again after row a's step down; in between it now
//   goes down to row a first, then right (every square at or above row a
//   and at or right of column c is gone). The steps between are as many as
//   before, with the same number of each kind: so a bite gathers the ones
//   of the bit range [s, e] at its low end.
//
// Cost: O(1) each (a few dozen instructions), but pack/unpack, O(32).

#include <bit>
#include <cstdint>

namespace grundy {

using ChompWord = std::uint64_t;

inline constexpr ChompWord kChompEmptyWord = 0xFFFFFFFFu;    // no square: the search's empty sum
inline constexpr ChompWord kChompPoisonWord = 0x17FFFFFFFu;  // the poisoned square alone

// The highest set bit's position (w != 0), and the number of low ones.
[[nodiscard]] constexpr unsigned chomp_top_bit(ChompWord w) { return 63u - static_cast<unsigned>(std::countl_zero(w)); }
[[nodiscard]] constexpr unsigned chomp_low_ones(ChompWord w) { return static_cast<unsigned>(std::countr_one(w)); }

// The bit of row i's step down for a row of r squares.
[[nodiscard]] constexpr ChompWord chomp_row_bit(unsigned i, unsigned r) { return ChompWord{1} << (r + 31 - i); }

// Squares in row 0 (the poisoned square's): the width.
[[nodiscard]] constexpr unsigned chomp_word_width(ChompWord w) { return chomp_top_bit(w) - 31u; }
// Rows with a square. Rows with none step down first: the low run of ones.
[[nodiscard]] constexpr unsigned chomp_word_height(ChompWord w) { return 32u - chomp_low_ones(w); }

// Squares of the bar: the sum of the steps down's positions, less those of
// the empty box (0 + 1 + ... + 31 = 496).
[[nodiscard]] constexpr unsigned chomp_word_squares(ChompWord w) {
  unsigned sum = 0;
  // Position t contributes t = sum of its bits b of 2^b.
  constexpr ChompWord kBit[6] = {0xAAAAAAAAAAAAAAAAu, 0xCCCCCCCCCCCCCCCCu, 0xF0F0F0F0F0F0F0F0u,
                                 0xFF00FF00FF00FF00u, 0xFFFF0000FFFF0000u, 0xFFFFFFFF00000000u};
  for (unsigned b = 0; b < 6; ++b) sum += static_cast<unsigned>(std::popcount(w & kBit[b])) << b;
  return sum - 496u;
}

// The bar mirrored across its diagonal (its columns as rows).
[[nodiscard]] constexpr ChompWord chomp_word_transpose(ChompWord w) {
  ChompWord x = ~w;
  // Reverse the 64 bits: swap halves, quarters, ..., neighbours.
  x = (x >> 32) | (x << 32);
  x = ((x >> 16) & 0x0000FFFF0000FFFFu) | ((x & 0x0000FFFF0000FFFFu) << 16);
  x = ((x >> 8) & 0x00FF00FF00FF00FFu) | ((x & 0x00FF00FF00FF00FFu) << 8);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Fu) | ((x & 0x0F0F0F0F0F0F0F0Fu) << 4);
  x = ((x >> 2) & 0x3333333333333333u) | ((x & 0x3333333333333333u) << 2);
  x = ((x >> 1) & 0x5555555555555555u) | ((x & 0x5555555555555555u) << 1);
  return x;
}

// One word for a bar and its mirror image: the smaller of the two.
[[nodiscard]] constexpr ChompWord chomp_word_canonical(ChompWord w) {
  const ChompWord t = chomp_word_transpose(w);
  return t < w ? t : w;
}

// Every row as long as the bottom one (and at least one square).
[[nodiscard]] constexpr bool chomp_word_is_rectangle(ChompWord w) {
  // Past the empty rows' steps down: the bottom row's r_0 steps right,
  // then the h rows' steps down together, then nothing.
  const ChompWord rest = w >> chomp_low_ones(w);
  if (rest == 0) return false;
  const ChompWord downs = rest >> std::countr_zero(rest);
  return (downs & (downs + 1)) == 0;
}

// Whether rows 1 and up hold at most one square each (an L, a row or a
// column): r_1 <= 1.
[[nodiscard]] constexpr bool chomp_word_is_l(ChompWord w) {
  // Row 1's step down is the second highest one, at r_1 + 30.
  const ChompWord below_top = w & ~(ChompWord{1} << chomp_top_bit(w));
  return below_top == 0 || chomp_top_bit(below_top) <= 31;
}

// The bar after a bite whose path range is [s, e] (a row's step down at e,
// s = 0 or one past a step right below e): the range's ones gathered at its
// low end.
[[nodiscard]] constexpr ChompWord chomp_word_bite(ChompWord w, unsigned s, unsigned e) {
  const ChompWord range = ((ChompWord{2} << e) - 1) & ~((ChompWord{1} << s) - 1);
  const unsigned downs = static_cast<unsigned>(std::popcount(w & range));
  return (w & ~range) | (((ChompWord{1} << downs) - 1) << s);
}

// The bar after eating the square at row `row`, column `column` (on the
// bar, not the poisoned square) with every square above and right of it.
[[nodiscard]] constexpr ChompWord chomp_word_eat(ChompWord w, unsigned row, unsigned column) {
  // Row `row`'s step down is the (row + 1)-th one from the top.
  ChompWord x = w;
  for (unsigned i = 0; i < row; ++i) x &= ~(ChompWord{1} << chomp_top_bit(x));
  const unsigned e = chomp_top_bit(x);
  // One past the column-th step right (a zero) from the bottom.
  unsigned s = 0;
  ChompWord zeros = ~w;
  for (unsigned j = 0; j < column; ++j) {
    s = static_cast<unsigned>(std::countr_zero(zeros)) + 1;
    zeros &= zeros - 1;
  }
  return chomp_word_bite(w, s, e);
}

// Calls f(option) for every bite of the bar, `w` holding at least two
// squares: row 0 first, then row 1, ...; in each row from its first column
// outwards (the poisoned square skipped). f returns false to stop; then so
// does the listing, returning false.
template <class F>
constexpr bool chomp_word_for_each_bite(ChompWord w, F&& f) {
  // Row a's step down at e has r_a steps right below it; the bites of row a
  // start at s = 0 (column 0) and one past each of the first r_a - 1 of them.
  ChompWord downs = w >> chomp_low_ones(w) << chomp_low_ones(w);  // rows with a square
  bool first_row = true;
  while (downs != 0) {
    const unsigned e = chomp_top_bit(downs);
    downs &= ~(ChompWord{1} << e);
    // The steps right below e but the last one (the row's own end).
    ChompWord rights = ~w & ((ChompWord{1} << e) - 1);
    rights &= ~(ChompWord{1} << chomp_top_bit(rights));
    if (!first_row && !f(chomp_word_bite(w, 0, e))) return false;
    first_row = false;
    while (rights != 0) {
      const unsigned s = static_cast<unsigned>(std::countr_zero(rights)) + 1;
      rights &= rights - 1;
      if (!f(chomp_word_bite(w, s, e))) return false;
    }
  }
  return true;
}

}  // namespace grundy
