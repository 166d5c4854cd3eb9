#pragma once
// TranspositionTable: values a search has found, kept within a memory bound.
//
// A search asks it millions of times a second, so it is one flat array
// probed linearly from the key's hash, at most kWindow slots far. Slots are
// never emptied, only overwritten, so a lookup stops at the first free slot.
// The table doubles when half full, while it may (the old and the doubled
// slots, held together while the entries move, within its byte bound);
// once it may not, a key whose window is full replaces the slot of least
// weight (the caller's measure of what the entry cost: the search gives a
// part's size, since small parts are cheap to value again and far more
// numerous). The table is a cache: an entry may be gone when asked for
// again, never wrong.
//
// Keys must be equality-comparable and hashed by Hash. Nothing returned
// points into the table (values are copied out), so stores never invalidate
// what a caller holds. A key that holds memory of its own (a std::string, a
// std::vector: anything with capacity() and value_type) has that memory
// counted in the bound as well as its slot (key_heap_bytes).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// Bytes a table may use when its owner states none: what
// set_default_table_bytes set last, else a quarter of the machine's memory
// (1 GiB where that is unknown).
[[nodiscard]] std::size_t default_table_bytes();
// Sets that default for the tables made from now on (a program's --memory);
// 0 goes back to the machine's quarter.
void set_default_table_bytes(std::size_t bytes);

// "512M", "4G", "65536": a number of bytes with an optional suffix K, M, G
// or T (powers of 1024, also written KiB, MB, ...), from 1 KiB up; nullopt
// when the text is none of these or the number does not fit 64 bits.
[[nodiscard]] std::optional<std::uint64_t> parse_byte_size(std::string_view text);
// A number of bytes for people: "64 MiB", "6 GiB", "1.5 GiB", "512 KiB",
// "100 bytes" (exact unless it is over 1 GiB and no whole number of them).
[[nodiscard]] std::string format_byte_size(std::uint64_t bytes);

// Memory for large tables on the kernel's 2 MiB pages where it offers them
// (Linux's transparent huge pages): a search reads its table at random, and
// with 4 KiB pages nearly every read of a large table also misses the
// processor's page cache (4x11 Cram: 6% of the time). Small blocks, and
// other systems, get ordinary memory. Throws std::bad_alloc.
[[nodiscard]] void* allocate_table_memory(std::size_t bytes);
void free_table_memory(void* block, std::size_t bytes) noexcept;

template <class T>
struct TableAllocator {
  using value_type = T;
  TableAllocator() = default;
  template <class U>
  explicit TableAllocator(const TableAllocator<U>&) {}
  [[nodiscard]] T* allocate(std::size_t n) { return static_cast<T*>(allocate_table_memory(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { free_table_memory(p, n * sizeof(T)); }
  friend bool operator==(const TableAllocator&, const TableAllocator&) = default;
};

// The slots of a table, as TranspositionTable asks them to be laid out: a
// key, its value and a weight side by side. A game may lay the slots of
// some keys out tighter (cram.hpp packs a board of at most 64 cells into 16
// bytes instead of 40): a large search spends much of its time waiting for
// its table's memory, and smaller slots mean fewer waits and fewer pages.
template <class Key, class Value>
struct PlainSlots {
  struct Slot {
    Key key{};
    Value value{};
    std::uint8_t weight = 0;  // 0: a free slot
  };
  [[nodiscard]] static bool holds(const Slot& s, const Key& key) { return s.key == key; }
  [[nodiscard]] static std::uint8_t weight(const Slot& s) { return s.weight; }
  [[nodiscard]] static Value value(const Slot& s) { return s.value; }
  [[nodiscard]] static Key key(const Slot& s) { return s.key; }
  [[nodiscard]] static Slot make(const Key& key, const Value& value, std::uint8_t weight) {
    return Slot{key, value, weight};
  }
};

// Bytes a key holds outside its slot: a string's or a vector's buffer (its
// capacity, an upper bound where a short string is kept in place), 0 for
// keys of fixed size.
template <class Key>
[[nodiscard]] constexpr std::size_t key_heap_bytes(const Key& key) {
  if constexpr (requires { key.capacity(); typename Key::value_type; }) {
    return key.capacity() * sizeof(typename Key::value_type);
  } else {
    (void)key;
    return 0;
  }
}

// Bytes several tables share (component searches keep small parts and
// large parts in two tables under one bound): what they may hold together,
// and what they hold.
struct TableBudget {
  std::size_t max_bytes = 0;
  std::size_t used_bytes = 0;
};

template <class Key, class Value, class Hash, class Slots = PlainSlots<Key, Value>>
class TranspositionTable {
 public:
  static constexpr std::size_t kWindow = 16;  // slots a key may be from its hash

  explicit TranspositionTable(std::size_t max_bytes = default_table_bytes())
      : budget_(std::make_shared<TableBudget>(TableBudget{max_bytes, 0})) {}
  // A table that shares its bound with others (each doubling counts what
  // they hold).
  explicit TranspositionTable(std::shared_ptr<TableBudget> budget) : budget_(std::move(budget)) {}

  // The value stored for `key`. O(1): at most kWindow slots are looked at.
  [[nodiscard]] std::optional<Value> find(const Key& key) const { return find(key, Hash{}(key)); }
  // The same, for a key whose hash the caller has (hash_of: computed once
  // for a prefetch and the find after it).
  [[nodiscard]] std::optional<Value> find(const Key& key, std::size_t hash) const {
    if (slots_.empty()) return std::nullopt;
    std::size_t i = hash;
    for (std::size_t n = 0; n < kWindow; ++n, ++i) {
      const Slot& s = slots_[i & mask()];
      if (Slots::weight(s) == 0) return std::nullopt;
      if (Slots::holds(s, key)) return Slots::value(s);
    }
    return std::nullopt;
  }

  // Asks the processor to bring the first slot of key's window into the
  // cache (a find soon after is faster).
  void prefetch(const Key& key) const { prefetch_hash(Hash{}(key)); }
  void prefetch_hash(std::size_t hash) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[hash & mask()]);
  }
  [[nodiscard]] static std::size_t hash_of(const Key& key) { return Hash{}(key); }

  // Stores `value` for `key` with a weight (clamped to 1..255, or to what
  // the slots hold; heavier entries are kept longer). O(1) amortised: the
  // table may double, or, at its bound, replace the lightest slot of the
  // key's window.
  void store(const Key& key, const Value& value, std::size_t weight) {
    const auto w = static_cast<std::uint8_t>(std::clamp<std::size_t>(weight, 1, kMaxWeight));
    if (slots_.empty() || (2 * (size_ + 1) > slots_.size() && may_double())) grow();
    for (;;) {
      std::size_t i = Hash{}(key);
      Slot* victim = nullptr;
      for (std::size_t n = 0; n < kWindow; ++n, ++i) {
        Slot& s = slots_[i & mask()];
        if (Slots::weight(s) == 0) {
          s = Slots::make(key, value, w);
          ++size_;
          count_key(Slots::key(s), +1);
          return;
        }
        if (Slots::holds(s, key)) {
          s = Slots::make(key, value, std::max(Slots::weight(s), w));
          return;
        }
        if (victim == nullptr || Slots::weight(s) < Slots::weight(*victim)) victim = &s;
      }
      // A full window in a table still growing: double, unless the table
      // is under a quarter full. Linear probing's longest runs grow with
      // the number of entries (a million at a fifth full reach 8 slots),
      // so a window full that early says little about the load: the
      // lightest entry goes instead, which is rare with 16 slots.
      if (4 * size_ >= slots_.size() && may_double()) {
        grow();
        continue;
      }
      count_key(Slots::key(*victim), -1);
      *victim = Slots::make(key, value, w);
      count_key(Slots::key(*victim), +1);
      ++replaced_;
      return;
    }
  }

  // Entries held, entries pushed out by others since the start, bytes held
  // by the slots and by the keys' own memory, and the bound on those bytes
  // (shared with other tables, if it is).
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] std::uint64_t replaced() const { return replaced_; }
  [[nodiscard]] std::size_t bytes() const { return slot_bytes() + key_bytes_; }
  [[nodiscard]] std::size_t max_bytes() const { return budget_->max_bytes; }

  // Calls f(key, value, weight) for every entry (the order is the table's).
  template <class F>
  void for_each(F&& f) const {
    for (const Slot& s : slots_)
      if (Slots::weight(s) != 0) f(Slots::key(s), Slots::value(s), std::size_t{Slots::weight(s)});
  }

  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;
  TranspositionTable(TranspositionTable&&) = default;
  TranspositionTable& operator=(TranspositionTable&&) = delete;
  ~TranspositionTable() {
    if (budget_) budget_->used_bytes -= bytes();
  }

 private:
  using Slot = typename Slots::Slot;
  static constexpr std::size_t kMaxWeight = [] {
    if constexpr (requires { Slots::kMaxWeight; }) return std::size_t{Slots::kMaxWeight};
    else return std::size_t{255};
  }();

  [[nodiscard]] std::size_t mask() const { return slots_.size() - 1; }
  [[nodiscard]] std::size_t slot_bytes() const { return slots_.size() * sizeof(Slot); }
  // Keys of fixed size cost nothing here: the test is made at compile time.
  static constexpr bool kKeysHoldMemory = requires(const Key& k) {
    k.capacity();
    typename Key::value_type;
  };
  // Adds (sign +1) or removes (-1) what `key` holds of its own, in this
  // table and in the budget it shares.
  void count_key(const Key& key, int sign) {
    if constexpr (kKeysHoldMemory) {
      const std::size_t b = key_heap_bytes(key);
      if (sign > 0) {
        key_bytes_ += b;
        budget_->used_bytes += b;
      } else {
        key_bytes_ -= b;
        budget_->used_bytes -= b;
      }
    } else {
      (void)key;
      (void)sign;
    }
  }

  // The first allocation: 256 slots, fewer under a small bound (what the
  // tables sharing it have left), never fewer than one window (so a bound
  // below kWindow slots is exceeded by that much).
  [[nodiscard]] std::size_t first_slots() const {
    const std::size_t left =
        budget_->used_bytes < budget_->max_bytes ? budget_->max_bytes - budget_->used_bytes : 0;
    std::size_t n = 256;
    while (n > kWindow && n * sizeof(Slot) > left) n /= 2;
    return n;
  }
  // Whether doubling keeps the tables within their bound, counting the old
  // slots and the new ones, which are both held while the entries move.
  // Keys holding memory count what they hold now and as much again for the
  // entries a doubled table would take in.
  [[nodiscard]] bool may_double() const {
    if (slots_.empty()) return true;
    const std::size_t others = budget_->used_bytes - bytes();
    return others + 3 * slot_bytes() + 2 * key_bytes_ <= budget_->max_bytes;
  }

  // Doubles the table (or makes the first one), placing every entry again;
  // should a window overflow in the larger table (rare at half load), doubles
  // once more while the bound allows, and only then lets the lighter go.
  void grow() {
    std::vector<Slot, TableAllocator<Slot>> old = std::move(slots_);
    for (std::size_t n = old.empty() ? first_slots() : 2 * old.size();; n *= 2) {
      slots_.assign(n, Slot{});
      const std::size_t entries = size_;
      // (What place() lets go is counted off; a retry starts from all of it.)
      const std::size_t key_bytes = key_bytes_;
      const std::size_t used_bytes = budget_->used_bytes;
      size_ = 0;
      bool dropped = false;
      for (const Slot& s : old)
        if (Slots::weight(s) != 0) dropped = !place(s) || dropped;
      if (!dropped || !may_double_from(old.size())) {
        replaced_ += entries - size_;  // (those that fitted nowhere)
        budget_->used_bytes += slot_bytes() - old.size() * sizeof(Slot);
        return;
      }
      size_ = entries;
      key_bytes_ = key_bytes;
      budget_->used_bytes = used_bytes;
    }
  }
  // may_double while the old slots (`old` of them) are still counted.
  [[nodiscard]] bool may_double_from(std::size_t old) const {
    const std::size_t others = budget_->used_bytes - old * sizeof(Slot) - key_bytes_;
    return others + 3 * slot_bytes() + 2 * key_bytes_ <= budget_->max_bytes;
  }

  // Puts an entry of a table being rebuilt in its window; false when the
  // window is full (then it replaces the window's lightest if lighter).
  bool place(const Slot& s) {
    std::size_t i = Hash{}(Slots::key(s));
    Slot* victim = nullptr;
    for (std::size_t n = 0; n < kWindow; ++n, ++i) {
      Slot& t = slots_[i & mask()];
      if (Slots::weight(t) == 0) {
        t = s;
        ++size_;
        return true;
      }
      if (victim == nullptr || Slots::weight(t) < Slots::weight(*victim)) victim = &t;
    }
    // One in, one out: the one left out no longer holds memory here.
    if (Slots::weight(*victim) < Slots::weight(s)) {
      count_key(Slots::key(*victim), -1);
      *victim = s;
    } else {
      count_key(Slots::key(s), -1);
    }
    return false;
  }

  std::vector<Slot, TableAllocator<Slot>> slots_;
  std::size_t size_ = 0;
  std::uint64_t replaced_ = 0;
  std::size_t key_bytes_ = 0;  // what the keys held hold of their own
  std::shared_ptr<TableBudget> budget_;
};

}  // namespace grundy
