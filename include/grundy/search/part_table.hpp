#pragma once
// PartTable: the table of a component search, in two tables under one
// memory bound: the parts a game can lay out in small slots (G::SmallSlots,
// when it has them: a Cram board of at most 64 cells in 16 bytes) in one,
// every other part in slots of the plain layout. A game with no small
// slots (SmallSlots void) has the plain table alone. The interface is
// TranspositionTable's; each call goes to the table that holds, or would
// hold, its key.
//
// Costs are TranspositionTable's, plus one SmallSlots::fits per call: find,
// prefetch and store O(1) (store amortised), size, replaced, bytes and
// max_bytes O(1), for_each O(slots of both tables). Memory: both tables
// together, within max_bytes.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>

#include "grundy/search/transposition_table.hpp"

namespace grundy {

// A table entry of a search: a part's value, or, with this bit set, the
// values below 63 it is known not to have (value v: bit v). A game's small
// slots (SmallSlots) may keep fewer of those values, never more.
inline constexpr std::uint64_t kSearchEntryExcluded = std::uint64_t{1} << 63;

// Two facts about one part make the stronger one: a value over values it
// does not have, and two sets of values it does not have joined. (Threads
// searching one part at once store what each found; the one finishing last
// would otherwise put back a weaker fact over the other's value, and the
// part be searched again.)
struct MergeSearchEntries {
  [[nodiscard]] std::uint64_t operator()(std::uint64_t held, std::uint64_t incoming) const {
    if ((incoming & kSearchEntryExcluded) == 0) return incoming;
    if ((held & kSearchEntryExcluded) == 0) return held;
    return held | incoming;
  }
};

// Slots of 16 bytes for parts that are one 64-bit word (a Chomp bar,
// chomp_word.hpp) instead of the plain layout's 24: the word, then the
// weight (bits 0-5; 0: a free slot), the excluded flag (bit 6) and the
// entry (bits 7-63). An entry keeps values below 2^57 (a part's value is at
// most its number of options) and, of the values a part is known not to
// have, those below 57. A game uses them as its SmallSlots.
struct WordSlots {
  struct Slot {
    std::uint64_t key = 0;
    std::uint64_t meta = 0;
  };
  static constexpr unsigned kMaxWeight = 63;
  [[nodiscard]] static bool fits(std::uint64_t) { return true; }
  [[nodiscard]] static bool holds(const Slot& s, std::uint64_t key) { return s.key == key; }
  [[nodiscard]] static std::uint8_t weight(const Slot& s) { return static_cast<std::uint8_t>(s.meta & 63); }
  [[nodiscard]] static std::uint64_t value(const Slot& s) {
    const std::uint64_t entry = s.meta >> 7;
    return (s.meta & kExcludedBit) != 0 ? entry | kSearchEntryExcluded : entry;
  }
  [[nodiscard]] static std::uint64_t key(const Slot& s) { return s.key; }
  [[nodiscard]] static Slot make(std::uint64_t key, std::uint64_t entry, std::uint8_t weight) {
    const std::uint64_t flag = (entry & kSearchEntryExcluded) != 0 ? kExcludedBit : 0;
    return Slot{key, weight | flag | entry << 7};
  }

 private:
  static constexpr std::uint64_t kExcludedBit = 64;
};

template <class Key, class Hash, class SmallSlots = void>
class PartTable {
  static constexpr bool kHasSmallSlots = !std::is_void_v<SmallSlots>;
  // Where a key goes: the small table when the game has one and the key fits it.
  static constexpr bool small(const Key& key) {
    if constexpr (kHasSmallSlots) {
      return SmallSlots::fits(key);
    } else {
      (void)key;
      return false;
    }
  }
  struct NoTable {};

 public:
  using Value = std::uint64_t;
  explicit PartTable(std::size_t max_bytes)
      : budget_(std::make_shared<TableBudget>(max_bytes)), small_(made_small(budget_)), large_(budget_) {}

  [[nodiscard]] std::optional<Value> find(const Key& key) const { return find(key, hash_of(key)); }
  [[nodiscard]] std::optional<Value> find(const Key& key, std::size_t hash) const {
    Value v = 0;
    if (find_into(key, hash, v)) return v;
    return std::nullopt;
  }
  // The same, into `out` (TranspositionTable::find_into says why).
  [[nodiscard]] bool find_into(const Key& key, std::size_t hash, Value& out) const {
    if constexpr (kHasSmallSlots) {
      if (small(key)) return small_.find_into(key, hash, out);
    }
    return large_.find_into(key, hash, out);
  }
  void prefetch(const Key& key, std::size_t hash) const {
    if constexpr (kHasSmallSlots) {
      if (small(key)) return small_.prefetch_hash(hash);
    }
    large_.prefetch_hash(hash);
  }
  [[nodiscard]] static std::size_t hash_of(const Key& key) { return Hash{}(key); }
  void store(const Key& key, Value value, std::size_t weight, bool keep_all = false) {
    if constexpr (kHasSmallSlots) {
      if (small(key)) return small_.store(key, value, weight, keep_all);
    }
    large_.store(key, value, weight, keep_all);
  }
  [[nodiscard]] std::size_t size() const {
    if constexpr (kHasSmallSlots) return small_.size() + large_.size();
    return large_.size();
  }
  [[nodiscard]] std::uint64_t replaced() const {
    if constexpr (kHasSmallSlots) return small_.replaced() + large_.replaced();
    return large_.replaced();
  }
  [[nodiscard]] std::size_t bytes() const {
    if constexpr (kHasSmallSlots) return small_.bytes() + large_.bytes();
    return large_.bytes();
  }
  [[nodiscard]] std::size_t max_bytes() const { return budget_->max_bytes; }
  // Both tables open to several threads at once (TranspositionTable::share).
  void share() {
    if constexpr (kHasSmallSlots) small_.share();
    large_.share();
  }
  void unshare() {
    if constexpr (kHasSmallSlots) small_.unshare();
    large_.unshare();
  }
  template <class F>
  void for_each(F&& f) const {
    if constexpr (kHasSmallSlots) small_.for_each(f);
    large_.for_each(f);
  }

 private:
  using Table = TranspositionTable<Key, Value, Hash, PlainSlots<Key, Value>, MergeSearchEntries>;
  using SmallTable = std::conditional_t<kHasSmallSlots,
                                        TranspositionTable<Key, Value, Hash, SmallSlots, MergeSearchEntries>, NoTable>;
  static SmallTable made_small(const std::shared_ptr<TableBudget>& budget) {
    if constexpr (kHasSmallSlots) {
      return SmallTable(budget);
    } else {
      (void)budget;
      return NoTable{};
    }
  }
  std::shared_ptr<TableBudget> budget_;
  [[no_unique_address]] SmallTable small_;
  Table large_;
};

}  // namespace grundy
