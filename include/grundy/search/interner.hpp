#pragma once
// Interner: numbers the positions of a game given as code in the order they
// are first met (0, 1, 2, ...), so that the searches work on small integers
// and keep each position once. Solver, SearchedGame and the games written in
// Python all number their positions with it.
//
// An open-addressing table of (hash, id) slots, linear probing, at most 3/4
// full, beside the positions themselves in a BigVector: 16 bytes a slot, so
// 21 to 43 bytes a position besides the position (a std::unordered_map from
// position to number, with a vector of positions, keeps every position twice
// and a node per entry).
//
// The slot a hash probes first is taken from the top bits of the hash times
// a Fibonacci constant: hashes that are the identity (std::hash of an
// integer, Python's hash of an int) would otherwise fill runs of consecutive
// slots that every probe walks.
//
// Traits say how positions are hashed and compared:
//   std::uint64_t hash(const T&) const;   may throw (Python: an unhashable position)
//   bool equal(const T&, const T&) const; may throw, and may call this
//                                         interner again (Python's == runs
//                                         any code): a probe that sees the
//                                         table change meanwhile starts again.
//
// Cost: intern is O(1) expected (one hash, and equal() on the positions of
// equal hash met while probing); growth doubles the slots, O(n) amortised
// over the n positions.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

#include "grundy/search/big_memory.hpp"

namespace grundy {

// Traits of a C++ position: a hash object and ==.
template <class T, class Hash = std::hash<T>>
struct HashTraits {
  Hash hasher;
  [[nodiscard]] std::uint64_t hash(const T& x) const { return static_cast<std::uint64_t>(hasher(x)); }
  [[nodiscard]] bool equal(const T& a, const T& b) const { return a == b; }
};

template <class T, class Traits = HashTraits<T>>
class Interner {
 public:
  explicit Interner(Traits traits = Traits{}) : traits_(std::move(traits)) {}

  // The number of `x`, and whether it was added now (then it is size() - 1).
  std::pair<std::uint64_t, bool> intern(const T& x) {
    const std::uint64_t hash = traits_.hash(x);
    if (4 * (items_.size() + 1) > 3 * slots_.size()) grow();
    for (;;) {  // once, unless equal() changed the table
      const std::uint64_t changes = changes_;
      for (std::size_t i = home(hash);; i = (i + 1) & (slots_.size() - 1)) {
        if (slots_[i].id == kEmpty) {
          const std::uint64_t id = items_.size();
          items_.push_back(x);
          slots_[i] = Slot{hash, id};
          ++changes_;
          return {id, true};
        }
        if (slots_[i].hash != hash) continue;
        const std::uint64_t id = slots_[i].id;
        const bool same = traits_.equal(items_[id], x);
        if (changes != changes_) break;  // the table changed meanwhile: probe again
        if (same) return {id, false};
      }
    }
  }
  // The number of `x`, adding it if new.
  std::uint64_t id(const T& x) { return intern(x).first; }

  [[nodiscard]] const T& operator[](std::uint64_t id) const { return items_[id]; }
  [[nodiscard]] std::size_t size() const { return items_.size(); }
  // What the interner holds, besides what positions hold of their own.
  [[nodiscard]] std::size_t bytes() const { return slots_.capacity() * sizeof(Slot) + items_.capacity() * sizeof(T); }
  [[nodiscard]] const Traits& traits() const { return traits_; }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  struct Slot {
    std::uint64_t hash = 0;
    std::uint64_t id = kEmpty;
  };

  [[nodiscard]] std::size_t home(std::uint64_t hash) const {
    return static_cast<std::size_t>((hash * 0x9e3779b97f4a7c15ULL) >> (64 - bits_));
  }

  void grow() {
    ++changes_;
    BigVector<Slot> old(slots_.empty() ? 16 : 2 * slots_.size());
    old.swap(slots_);
    bits_ = static_cast<unsigned>(std::countr_zero(slots_.size()));
    for (const Slot& s : old) {
      if (s.id == kEmpty) continue;
      std::size_t i = home(s.hash);
      while (slots_[i].id != kEmpty) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = s;
    }
  }

  Traits traits_;
  BigVector<Slot> slots_;
  BigVector<T> items_;
  unsigned bits_ = 0;          // slots_.size() is 2^bits_
  std::uint64_t changes_ = 0;  // insertions and growths, for a probe interrupted by equal()
};

}  // namespace grundy
