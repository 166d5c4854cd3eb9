#pragma once
// PartTable: the table of a component search. It holds two kinds of
// entries, each in tables of its own, all under one memory bound:
// - values: a part's value. These grow with need, up to the bound.
// - facts: values a part is known not to have (a pruned search's "not in
//   S" answers). Far more numerous (5x8 Cram: 749,000 facts for 103,000
//   values; 7x7: nine in ten entries) and cheaper to find again, they are
//   a cache of kFactSlotsPerValueSlot slots for each slot of values (and
//   a quarter of the bound at most), whose least valuable entries give way: those of
//   the largest parts, since the small parts are asked about again and
//   again (5x8 Cram, one thread: 1,177,000 parts searched with two fact
//   slots a value slot and the larger parts' facts given up first, against
//   1,344,000 giving up the smaller ones' first and 1,119,000 keeping every
//   fact, in 21 MB instead of 54).
// Each kind is kept in small slots where the game can lay its parts out in
// them (G::SmallSlots: a Cram board of at most 64 cells in 16 bytes), in
// slots of the plain layout otherwise; a game without small slots
// (SmallSlots void) has plain tables alone. The interface is
// TranspositionTable's; each call goes to the table that holds, or would
// hold, its key and entry.
//
// Costs are TranspositionTable's, plus one SmallSlots::fits per call: find,
// prefetch and store O(1) (store amortised; find reads the facts only for
// a part without a value), size, replaced, bytes and max_bytes O(1),
// for_each O(slots of all tables). Memory: all tables together, within
// max_bytes.

#include <algorithm>
#include <atomic>
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
  // Where a key goes: the small slots when the game has them and the key fits.
  static constexpr bool small(const Key& key) {
    if constexpr (kHasSmallSlots) {
      return SmallSlots::fits(key);
    } else {
      (void)key;
      return false;
    }
  }
  static constexpr bool excluded(std::uint64_t entry) { return (entry & kSearchEntryExcluded) != 0; }
  struct NoTable {};
  using Large = TranspositionTable<Key, std::uint64_t, Hash, PlainSlots<Key, std::uint64_t>, MergeSearchEntries>;
  using Small =
      std::conditional_t<kHasSmallSlots, TranspositionTable<Key, std::uint64_t, Hash, SmallSlots, MergeSearchEntries>,
                         NoTable>;
  // One kind of entry, in small slots where the key fits them, plain ones
  // otherwise.
  struct Tables {
    explicit Tables(const std::shared_ptr<TableBudget>& budget) : small(made_small(budget)), large(budget) {}
    [[no_unique_address]] Small small;
    Large large;

    template <class F>
    decltype(auto) with(const Key& key, F&& f) {
      if constexpr (kHasSmallSlots) {
        if (PartTable::small(key)) return f(small);
      }
      return f(large);
    }
    template <class F>
    decltype(auto) with(const Key& key, F&& f) const {
      if constexpr (kHasSmallSlots) {
        if (PartTable::small(key)) return f(small);
      }
      return f(large);
    }
    // f(table) for each table.
    template <class F>
    void each(F&& f) {
      if constexpr (kHasSmallSlots) f(small);
      f(large);
    }
    template <class F>
    void each(F&& f) const {
      if constexpr (kHasSmallSlots) f(small);
      f(large);
    }
    template <class F>
    [[nodiscard]] std::size_t sum(F&& f) const {
      std::size_t total = 0;
      each([&](const auto& t) { total += static_cast<std::size_t>(f(t)); });
      return total;
    }
    static Small made_small(const std::shared_ptr<TableBudget>& budget) {
      if constexpr (kHasSmallSlots) {
        return Small(budget);
      } else {
        (void)budget;
        return NoTable{};
      }
    }
  };

 public:
  using Value = std::uint64_t;
  // How many slots of facts the table keeps for each slot of values (see
  // the top), and at most a quarter of the bound: the values' tables may
  // then still double until they hold a quarter each.
  static constexpr std::size_t kFactSlotsPerValueSlot = 2;

  explicit PartTable(std::size_t max_bytes)
      : budget_(std::make_shared<TableBudget>(max_bytes)), values_(budget_), facts_(budget_) {
    // (The values' first slots before any fact's: under a small bound the
    // facts could otherwise leave them less than a window.)
    values_.each([](auto& t) { t.start(); });
    update_fact_bounds();
  }

  [[nodiscard]] std::optional<Value> find(const Key& key) const { return find(key, hash_of(key)); }
  [[nodiscard]] std::optional<Value> find(const Key& key, std::size_t hash) const {
    Value v = 0;
    if (find_into(key, hash, v)) return v;
    return std::nullopt;
  }
  // What the table knows of a part, into `out`: its value, else the values
  // it does not have (TranspositionTable::find_into says why `out`).
  [[nodiscard]] bool find_into(const Key& key, std::size_t hash, Value& out) const {
    return find_value_into(key, hash, out) ||
           facts_.with(key, [&](const auto& t) { return t.find_into(key, hash, out); });
  }
  // The part's value alone, into `out` (one table read).
  [[nodiscard]] bool find_value_into(const Key& key, std::size_t hash, Value& out) const {
    return values_.with(key, [&](const auto& t) { return t.find_into(key, hash, out); });
  }
  // Asks the processor for the slot of a part's value, or of the values it
  // does not have (a find soon after is faster).
  void prefetch_value(const Key& key, std::size_t hash) const {
    values_.with(key, [&](const auto& t) { t.prefetch_hash(hash); });
  }
  void prefetch_facts(const Key& key, std::size_t hash) const {
    facts_.with(key, [&](const auto& t) { t.prefetch_hash(hash); });
  }
  [[nodiscard]] static std::size_t hash_of(const Key& key) { return Hash{}(key); }
  void store(const Key& key, Value value, std::size_t weight, bool keep_all = false) {
    if (excluded(value))
      return facts_.with(key, [&](auto& t) {
        // (A fact is forgone where its table has no room to start, and
        // while shared where it had none when shared: share().)
        if (shared_ ? t.shared() : t.started_or_has_room())
          t.store(key, value, fact_weight(weight), keep_all);
        else
          forgone_.fetch_add(1, std::memory_order_relaxed);
      });
    values_.with(key, [&](auto& t) {
      // (The facts' bound follows the values' slots, which change only when they double.)
      const std::size_t before = t.slot_bytes_held();
      t.store(key, value, weight, keep_all);
      if (t.slot_bytes_held() != before) update_fact_bounds();
    });
  }
  // Entries held (a part may have both a value and an older fact), entries
  // pushed out or forgone for the bound, bytes held, the bound.
  [[nodiscard]] std::size_t size() const {
    return values_.sum([](const auto& t) { return t.size(); }) + facts_.sum([](const auto& t) { return t.size(); });
  }
  [[nodiscard]] std::uint64_t replaced() const {
    return values_.sum([](const auto& t) { return t.replaced(); }) +
           facts_.sum([](const auto& t) { return t.replaced(); }) + forgone_.load(std::memory_order_relaxed);
  }
  [[nodiscard]] std::size_t bytes() const {
    return values_.sum([](const auto& t) { return t.bytes(); }) + facts_.sum([](const auto& t) { return t.bytes(); });
  }
  [[nodiscard]] std::size_t max_bytes() const { return budget_->max_bytes; }
  // The bound from now on (a table that holds more keeps it and grows no
  // further). Called while no other thread uses the table.
  void set_max_bytes(std::size_t bytes) {
    budget_->max_bytes = bytes;
    update_fact_bounds();
  }
  // Every table open to several threads at once (TranspositionTable::share).
  // (A shared table is never empty: a facts' table with no room for its
  // first slots stays out of the search until unshare().)
  void share() {
    values_.each([](auto& t) { t.share(); });
    facts_.each([](auto& t) {
      if (t.started_or_has_room()) t.share();
    });
    shared_ = true;
  }
  void unshare() {
    values_.each([](auto& t) { t.unshare(); });
    facts_.each([](auto& t) { t.unshare(); });
    shared_ = false;
  }
  // f(key, entry, weight) for every entry: values, then facts.
  template <class F>
  void for_each(F&& f) const {
    values_.each([&](const auto& t) { t.for_each(f); });
    facts_.each([&](const auto& t) { t.for_each(f); });
  }

 private:
  // A fact's weight: the smaller the part, the heavier (see the top).
  static std::size_t fact_weight(std::size_t size) {
    constexpr std::size_t kMost = 63;  // (what small slots keep)
    return size < kMost ? kMost - size : 1;
  }
  // The facts' tables may hold kFactSlotsPerValueSlot slots for each slot
  // of values in the table of the same slots.
  void update_fact_bounds() {
    const std::size_t most = budget_->max_bytes / 4;
    if constexpr (kHasSmallSlots)
      facts_.small.set_slot_bytes_bound(std::min(most, kFactSlotsPerValueSlot * values_.small.slot_bytes_held()));
    facts_.large.set_slot_bytes_bound(std::min(most, kFactSlotsPerValueSlot * values_.large.slot_bytes_held()));
  }

  std::shared_ptr<TableBudget> budget_;
  Tables values_;
  Tables facts_;
  bool shared_ = false;                     // share() to unshare()
  std::atomic<std::uint64_t> forgone_ = 0;  // facts no table had room for
};

}  // namespace grundy
