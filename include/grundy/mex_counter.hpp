#pragma once
// MexCounter: the mex of a multiset of values that changes one value at a
// time, as the options of consecutive heaps do in a sliding window.
//
// Values are counted; a value is absent when its count is 0, and the mex is
// the smallest absent value. The absent values are kept as bits in a tree of
// 64-bit words (bit i of a word one level up says "word i below has a bit
// set"), so that add, remove and mex each cost O(log_64 capacity): a handful
// of word operations even for the 2^24 values a subtraction game can reach,
// where a plain scan from 0 would cost up to the mex itself at every heap.

#include <bit>
#include <cassert>
#include <cstdint>
#include <vector>

#include "grundy/nimber.hpp"

namespace grundy {

class MexCounter {
 public:
  MexCounter() = default;

  // Values 0 .. capacity - 1 may be counted. The multiset must never hold
  // capacity values or more at once, so that some value below capacity is
  // always absent (a game whose heaps have at most k options has capacity
  // k + 1).
  explicit MexCounter(std::uint64_t capacity) : counts_(capacity, 0) {
    std::uint64_t bits = capacity;
    do {
      const std::uint64_t words = (bits + 63) / 64;
      std::vector<std::uint64_t> level(words, ~std::uint64_t{0});
      // Bits past the end stay clear, so that they are never found absent.
      if (bits % 64 != 0) level.back() = (std::uint64_t{1} << (bits % 64)) - 1;
      levels_.push_back(std::move(level));
      bits = words;
    } while (bits > 1);
  }

  [[nodiscard]] std::uint64_t capacity() const { return counts_.size(); }

  void add(std::uint64_t v) {
    assert(v < counts_.size());
    if (counts_[v]++ == 0) mark_present(v);
  }

  void remove(std::uint64_t v) {
    assert(v < counts_.size() && counts_[v] > 0);
    if (--counts_[v] == 0) mark_absent(v);
  }

  // The smallest value with count 0.
  [[nodiscard]] Nimber mex() const {
    std::uint64_t i = 0;
    for (auto level = levels_.size(); level-- > 0;)
      i = i * 64 + static_cast<std::uint64_t>(std::countr_zero(levels_[level][i]));
    return Nimber(i);
  }

 private:
  // Clears v's bit, and each word's bit above it that its word emptied.
  void mark_present(std::uint64_t v) {
    for (auto& level : levels_) {
      std::uint64_t& word = level[v / 64];
      word &= ~(std::uint64_t{1} << (v % 64));
      if (word != 0) return;
      v /= 64;
    }
  }

  // Sets v's bit, and each word's bit above a word that was empty.
  void mark_absent(std::uint64_t v) {
    for (auto& level : levels_) {
      std::uint64_t& word = level[v / 64];
      const bool was_empty = word == 0;
      word |= std::uint64_t{1} << (v % 64);
      if (!was_empty) return;
      v /= 64;
    }
  }

  // The count of value v is at most the size of the multiset, so 32 bits are
  // enough for any game's window (2^24 options at most).
  std::vector<std::uint32_t> counts_;
  // levels_[0]: bit v set when v is absent; levels_[k + 1]: bit i set when
  // word i of levels_[k] is nonzero. The last level is a single word.
  std::vector<std::vector<std::uint64_t>> levels_;
};

}  // namespace grundy
