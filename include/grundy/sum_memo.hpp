#pragma once
// SumMemo: the outcomes an exact misère search has found, one bit for each
// sum, a sum being a sorted list of small numbers (its parts). A hash map of
// vectors costs a node, a vector and two allocations a sum, about 100 bytes
// for a sum of three parts; here the numbers of all sums lie in one array
// and an open-addressing index holds 16 bytes a sum, so a search knows its
// memory exactly (bytes()) and can keep within a bound.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "grundy/hash_mix.hpp"

namespace grundy {

template <class Word>
class SumMemo {
 public:
  // The outcome recorded for `sum`, if any.
  [[nodiscard]] std::optional<bool> find(std::span<const Word> sum) const {
    if (slots_.empty()) return std::nullopt;
    const std::uint64_t h = hash(sum);
    for (std::size_t i = h & mask(); slots_[i].used(); i = (i + 1) & mask())
      if (slots_[i].hash == h && equal(slots_[i], sum)) return slots_[i].p_position();
    return std::nullopt;
  }
  // Records `sum`'s outcome (a sum not yet recorded).
  void insert(std::span<const Word> sum, bool p_position) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    const std::uint64_t h = hash(sum);
    std::size_t i = h & mask();
    while (slots_[i].used()) i = (i + 1) & mask();
    slots_[i] = Slot{
        h, (static_cast<std::uint64_t>(words_.size()) << kLengthBits | sum.size()) << 2 | 2 | (p_position ? 1u : 0u)};
    words_.insert(words_.end(), sum.begin(), sum.end());
    ++count_;
  }
  [[nodiscard]] std::uint64_t size() const { return count_; }
  // The memory held: the index and the words (as allocated).
  [[nodiscard]] std::uint64_t bytes() const {
    return slots_.capacity() * sizeof(Slot) + words_.capacity() * sizeof(Word);
  }
  // The bytes the next insertion may add at most: a doubled index, or the
  // words' array grown (std::vector doubles) for `words` more: the new
  // blocks, held beside the old ones while they are copied.
  [[nodiscard]] std::uint64_t next_growth(std::size_t words) const {
    const std::uint64_t index =
        2 * (count_ + 1) > slots_.size() ? std::max<std::size_t>(2 * slots_.size(), 16) * sizeof(Slot) : 0;
    const std::uint64_t array = words_.size() + words > words_.capacity()
                                    ? std::max(2 * words_.capacity(), words_.size() + words) * sizeof(Word)
                                    : 0;
    return index + array;
  }
  // A sum's length must be below 2^kLengthBits words.
  static constexpr unsigned kLengthBits = 14;

 private:
  struct Slot {
    std::uint64_t hash = 0;
    // offset << (kLengthBits + 2) | length << 2 | used << 1 | outcome
    std::uint64_t packed = 0;
    [[nodiscard]] bool used() const { return (packed & 2) != 0; }
    [[nodiscard]] bool p_position() const { return (packed & 1) != 0; }
    [[nodiscard]] std::size_t length() const { return (packed >> 2) & ((std::uint64_t{1} << kLengthBits) - 1); }
    [[nodiscard]] std::size_t offset() const { return packed >> (kLengthBits + 2); }
  };
  [[nodiscard]] std::size_t mask() const { return slots_.size() - 1; }
  [[nodiscard]] bool equal(const Slot& s, std::span<const Word> sum) const {
    if (s.length() != sum.size()) return false;
    for (std::size_t k = 0; k < sum.size(); ++k)
      if (words_[s.offset() + k] != sum[k]) return false;
    return true;
  }
  static std::uint64_t hash(std::span<const Word> sum) {
    std::uint64_t h = kHashSeed ^ sum.size();
    for (Word w : sum) h = mix_in(h, static_cast<std::uint64_t>(w));
    return h;
  }
  void grow() {
    std::vector<Slot> old(std::max<std::size_t>(2 * slots_.size(), 16));
    old.swap(slots_);
    for (const Slot& s : old) {
      if (!s.used()) continue;
      std::size_t i = s.hash & mask();
      while (slots_[i].used()) i = (i + 1) & mask();
      slots_[i] = s;
    }
  }

  std::vector<Slot> slots_;
  std::vector<Word> words_;
  std::uint64_t count_ = 0;
};

}  // namespace grundy
