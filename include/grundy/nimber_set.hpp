#pragma once
// NimberSet: a set of nimbers below 256, as four 64-bit words. The pruned
// component search (component_search.hpp) asks "is this part's value in S?"
// and passes such sets down the search; a part with k options has a value of
// at most k, so parts of fewer than 256 options fit. Every operation is O(1)
// (a few word operations).

#include <array>
#include <bit>
#include <cstdint>
#include <utility>

namespace grundy {

class NimberSet {
 public:
  static constexpr unsigned kLimit = 256;  // members are 0 .. kLimit - 1

  constexpr NimberSet() = default;

  // {0, 1, ..., n - 1} (n <= 256).
  [[nodiscard]] static constexpr NimberSet below(unsigned n) {
    NimberSet s;
    for (unsigned i = 0; i < 4; ++i) {
      const unsigned low = 64 * i;
      if (n >= low + 64)
        s.words_[i] = ~std::uint64_t{0};
      else if (n > low)
        s.words_[i] = (std::uint64_t{1} << (n - low)) - 1;
    }
    return s;
  }
  [[nodiscard]] static constexpr NimberSet all() { return below(kLimit); }
  [[nodiscard]] static constexpr NimberSet single(unsigned v) {
    NimberSet s;
    s.insert(v);
    return s;
  }

  // Values of 256 or more are never members: contains is false, insert and
  // erase ignore them.
  [[nodiscard]] constexpr bool contains(std::uint64_t v) const {
    return v < kLimit && (words_[v >> 6] >> (v & 63) & 1) != 0;
  }
  constexpr void insert(std::uint64_t v) {
    if (v < kLimit) words_[v >> 6] |= std::uint64_t{1} << (v & 63);
  }
  constexpr void erase(std::uint64_t v) {
    if (v < kLimit) words_[v >> 6] &= ~(std::uint64_t{1} << (v & 63));
  }

  // The members below 64 as bits of a word, and the set of a word's bits.
  [[nodiscard]] constexpr std::uint64_t low_word() const { return words_[0]; }
  [[nodiscard]] static constexpr NimberSet of_low_word(std::uint64_t bits) {
    NimberSet s;
    s.words_[0] = bits;
    return s;
  }
  [[nodiscard]] constexpr bool empty() const { return (words_[0] | words_[1] | words_[2] | words_[3]) == 0; }
  [[nodiscard]] constexpr bool intersects(const NimberSet& o) const { return !(*this & o).empty(); }
  [[nodiscard]] constexpr unsigned size() const {
    unsigned n = 0;
    for (std::uint64_t w : words_) n += static_cast<unsigned>(std::popcount(w));
    return n;
  }
  // The least and the greatest member; the set must not be empty.
  [[nodiscard]] constexpr unsigned min() const {
    unsigned i = 0;
    while (words_[i] == 0) ++i;
    return 64 * i + static_cast<unsigned>(std::countr_zero(words_[i]));
  }
  [[nodiscard]] constexpr unsigned max() const {
    unsigned i = 3;
    while (words_[i] == 0) --i;
    return 64 * i + 63 - static_cast<unsigned>(std::countl_zero(words_[i]));
  }
  // The set without its greatest member (empty stays empty).
  [[nodiscard]] constexpr NimberSet without_max() const {
    NimberSet s = *this;
    if (!empty()) s.erase(max());
    return s;
  }
  // The members' count cut to the least n of them.
  [[nodiscard]] constexpr NimberSet least(unsigned n) const {
    NimberSet s = *this;
    for (unsigned k = size(); k > n; --k) s.erase(s.max());
    return s;
  }

  // {v ^ x : v in the set}, for x < 256: bit v moves to bit v ^ x. Bits of x
  // below 6 swap blocks inside each word, bits 6 and 7 swap whole words.
  [[nodiscard]] constexpr NimberSet xored(unsigned x) const {
    constexpr std::uint64_t kLowHalves[6] = {0x5555555555555555ULL, 0x3333333333333333ULL, 0x0f0f0f0f0f0f0f0fULL,
                                             0x00ff00ff00ff00ffULL, 0x0000ffff0000ffffULL, 0x00000000ffffffffULL};
    NimberSet s = *this;
    for (unsigned b = 0; b < 6; ++b) {
      if ((x >> b & 1) == 0) continue;
      const unsigned shift = 1u << b;
      for (std::uint64_t& w : s.words_) w = (w >> shift & kLowHalves[b]) | (w & kLowHalves[b]) << shift;
    }
    if ((x >> 6 & 1) != 0) {
      std::swap(s.words_[0], s.words_[1]);
      std::swap(s.words_[2], s.words_[3]);
    }
    if ((x >> 7 & 1) != 0) {
      std::swap(s.words_[0], s.words_[2]);
      std::swap(s.words_[1], s.words_[3]);
    }
    return s;
  }

  // The members not in `o`.
  [[nodiscard]] constexpr NimberSet without(const NimberSet& o) const {
    NimberSet s = *this;
    for (unsigned i = 0; i < 4; ++i) s.words_[i] &= ~o.words_[i];
    return s;
  }

  friend constexpr NimberSet operator&(NimberSet a, const NimberSet& b) {
    for (unsigned i = 0; i < 4; ++i) a.words_[i] &= b.words_[i];
    return a;
  }
  friend constexpr NimberSet operator|(NimberSet a, const NimberSet& b) {
    for (unsigned i = 0; i < 4; ++i) a.words_[i] |= b.words_[i];
    return a;
  }
  friend constexpr bool operator==(const NimberSet&, const NimberSet&) = default;

 private:
  std::array<std::uint64_t, 4> words_{};
};

}  // namespace grundy
