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
//
// Threads: a table is one thread's until share() is called; from then on,
// until unshare(), several threads may find and store at once (a parallel
// search). The slots are then guarded by stripes (TableStripes: one per 16
// slots, folded onto 1,024), each a sequence lock: a store takes the one or
// two its window spans; a find takes none, it reads the version of each,
// then the slots, then the versions again, and reads again if a store came
// between (a find writes nothing shared, so two threads reading the same
// slots do not pass cache lines back and forth: with a lock per find, 5x8
// Cram on two threads spent a quarter of its time taking locks). A doubling
// takes every stripe; the old slots stay mapped until unshare(), their
// pages given back at once, so a find still reading them reads facts or
// zeros (free slots), never memory that is gone. Slots that are not plain
// words (a key holding memory) are read under the stripes' locks instead.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>
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

// Gives the pages of a block from allocate_table_memory back to the system
// while keeping it mapped (a read of it then finds zeros); blocks too small
// for pages of their own are left as they are. O(pages).
void release_table_pages(void* block, std::size_t bytes) noexcept;

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
  explicit TableBudget(std::size_t max, std::size_t used = 0) : max_bytes(max), used_bytes(used) {}
  std::size_t max_bytes = 0;
  std::atomic<std::size_t> used_bytes = 0;  // (tables shared by threads add to it at once)
};

// The locks of a table several threads share: kCount spin locks, each on a
// cache line of its own (two threads taking neighbouring locks would
// otherwise pass the line back and forth). A lock is held for a few dozen
// instructions, so waiting spins rather than sleeps. Locks taken together
// are taken in increasing order: no two threads can wait on each other.
class TableStripes {
 public:
  static constexpr std::size_t kCount = 1024;
  // A stripe's version is odd while a thread holds it.
  void lock(std::size_t i) noexcept {
    std::atomic<std::uint64_t>& v = locks_[i].version;
    for (;;) {
      std::uint64_t now = v.load(std::memory_order_relaxed);
      if ((now & 1) == 0 && v.compare_exchange_weak(now, now + 1, std::memory_order_acquire)) return;
    }
  }
  void unlock(std::size_t i) noexcept { locks_[i].version.fetch_add(1, std::memory_order_release); }
  // A reader's start: the version, once it is even (no writer inside).
  [[nodiscard]] std::uint64_t read_begin(std::size_t i) const noexcept {
    for (;;) {
      const std::uint64_t now = locks_[i].version.load(std::memory_order_acquire);
      if ((now & 1) == 0) return now;
    }
  }
  // A reader's end: whether no writer came in since read_begin gave `seen`.
  // (The reader's loads of the slots are acquire loads, so this one cannot
  // come before them: plain loads on x86, and no fence, which
  // ThreadSanitizer cannot follow.)
  [[nodiscard]] bool read_valid(std::size_t i, std::uint64_t seen) const noexcept {
    return locks_[i].version.load(std::memory_order_acquire) == seen;
  }
  void lock_all() noexcept {
    for (std::size_t i = 0; i < kCount; ++i) lock(i);
  }
  void unlock_all() noexcept {
    for (std::size_t i = 0; i < kCount; ++i) unlock(i);
  }

 private:
  struct alignas(64) Lock {
    std::atomic<std::uint64_t> version{0};
  };
  std::unique_ptr<Lock[]> locks_ = std::make_unique<Lock[]>(kCount);
};

template <class Key, class Value, class Hash, class Slots = PlainSlots<Key, Value>>
class TranspositionTable {
 public:
  static constexpr std::size_t kWindow = 16;  // slots a key may be from its hash

  explicit TranspositionTable(std::size_t max_bytes = default_table_bytes())
      : budget_(std::make_shared<TableBudget>(max_bytes)) {}
  // A table that shares its bound with others (each doubling counts what
  // they hold).
  explicit TranspositionTable(std::shared_ptr<TableBudget> budget) : budget_(std::move(budget)) {}

  // The value stored for `key`. O(1): at most kWindow slots are looked at.
  [[nodiscard]] std::optional<Value> find(const Key& key) const { return find(key, Hash{}(key)); }
  // The same, for a key whose hash the caller has (hash_of: computed once
  // for a prefetch and the find after it).
  [[nodiscard]] std::optional<Value> find(const Key& key, std::size_t hash) const {
    if (!stripes_) return find_here(key, hash);
    if constexpr (kWordSlots) {
      for (;;) {
        const std::size_t n = slot_count_.load(std::memory_order_acquire);
        if (n == 0) return std::nullopt;
        const Slot* slots = first_slot_.load(std::memory_order_acquire);
        const auto [low, high] = window_stripes(hash, n);
        const std::uint64_t low_seen = stripes_->read_begin(low);
        const std::uint64_t high_seen = high != low ? stripes_->read_begin(high) : 0;
        std::optional<Value> found;
        std::size_t i = hash;
        for (std::size_t k = 0; k < kWindow; ++k, ++i) {
          const Slot s = read_slot(slots[i & (n - 1)]);
          if (Slots::weight(s) == 0) break;
          if (Slots::holds(s, key)) {
            found = Slots::value(s);
            break;
          }
        }
        if (stripes_->read_valid(low, low_seen) && (high == low || stripes_->read_valid(high, high_seen)) &&
            slot_count_.load(std::memory_order_relaxed) == n && first_slot_.load(std::memory_order_relaxed) == slots)
          return found;
      }
    } else {
      for (;;) {
        const WindowLock held(*this, hash);
        if (held.current()) return find_here(key, hash);
      }
    }
  }

  // Asks the processor to bring the first slot of key's window into the
  // cache (a find soon after is faster).
  void prefetch(const Key& key) const { prefetch_hash(Hash{}(key)); }
  void prefetch_hash(std::size_t hash) const {
    // (On a shared table another thread may be moving the slots: the
    // address is read from first_slot_, which may be the old block's, and
    // a prefetch of an address no longer held is harmless: it never faults.)
    const std::size_t n = slot_count_.load(std::memory_order_relaxed);
    if (n != 0) __builtin_prefetch(first_slot_.load(std::memory_order_relaxed) + (hash & (n - 1)));
  }
  [[nodiscard]] static std::size_t hash_of(const Key& key) { return Hash{}(key); }

  // From now on, threads may find and store at once (see the top). Called
  // while no other thread uses the table.
  void share() {
    if (!stripes_) stripes_ = std::make_unique<TableStripes>();
  }
  // One thread's again: the old slots kept for readers are freed. Called
  // once the other threads are done with the table.
  void unshare() {
    retired_.clear();
    stripes_.reset();
  }
  [[nodiscard]] bool shared() const { return stripes_ != nullptr; }

  // Stores `value` for `key` with a weight (clamped to 1..255, or to what
  // the slots hold; heavier entries are kept longer). O(1) amortised: the
  // table may double, or, at its bound, replace the lightest slot of the
  // key's window.
  void store(const Key& key, const Value& value, std::size_t weight) {
    const auto w = static_cast<std::uint8_t>(std::clamp<std::size_t>(weight, 1, kMaxWeight));
    const std::size_t hash = Hash{}(key);
    for (;;) {
      const std::size_t n = slot_count_.load(std::memory_order_acquire);
      if (n == 0 || (2 * (size_.load(std::memory_order_relaxed) + 1) > n && may_double())) {
        grow_from(n);
        continue;
      }
      Stored done = Stored::retry;
      {
        const WindowLock held(*this, hash);
        if (held.current()) done = store_here(key, value, w, hash);
      }
      if (done == Stored::yes) return;
      if (done == Stored::window_full) grow_from(n);
    }
  }

  // Entries held, entries pushed out by others since the start, bytes held
  // by the slots and by the keys' own memory, and the bound on those bytes
  // (shared with other tables, if it is).
  [[nodiscard]] std::size_t size() const { return size_.load(std::memory_order_relaxed); }
  [[nodiscard]] std::uint64_t replaced() const { return replaced_.load(std::memory_order_relaxed); }
  [[nodiscard]] std::size_t bytes() const { return slot_bytes() + key_bytes_.load(std::memory_order_relaxed); }
  [[nodiscard]] std::size_t max_bytes() const { return budget_->max_bytes; }

  // Calls f(key, value, weight) for every entry (the order is the table's).
  // On a shared table it holds every stripe meanwhile (a search saving its
  // table while other threads search): no store, and no doubling, until it
  // is done; finds go on.
  template <class F>
  void for_each(F&& f) const {
    if (stripes_) stripes_->lock_all();
    try {
      for (const Slot& s : slots_)
        if (Slots::weight(s) != 0) f(Slots::key(s), Slots::value(s), std::size_t{Slots::weight(s)});
    } catch (...) {
      if (stripes_) stripes_->unlock_all();
      throw;
    }
    if (stripes_) stripes_->unlock_all();
  }

  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;
  TranspositionTable(TranspositionTable&& other) noexcept
      : slots_(std::move(other.slots_)),
        slot_count_(other.slot_count_.exchange(0)),
        first_slot_(other.first_slot_.exchange(nullptr)),
        size_(other.size_.exchange(0)),
        replaced_(other.replaced_.load()),
        key_bytes_(other.key_bytes_.exchange(0)),
        budget_(std::move(other.budget_)),
        stripes_(std::move(other.stripes_)),
        retired_(std::move(other.retired_)) {}
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

  // The stripe locks of the window of a hash (one or two), held for the
  // life of a WindowLock on a shared table, none on a table one thread
  // owns. current() is false when the table doubled between reading its
  // size and taking the locks: the caller must start again.
  class WindowLock {
   public:
    WindowLock(const TranspositionTable& t, std::size_t hash) : stripes_(t.stripes_.get()) {
      if (stripes_ == nullptr) return;
      count_ = t.slot_count_.load(std::memory_order_acquire);
      std::tie(low_, high_) = window_stripes(hash, count_);
      stripes_->lock(low_);
      if (high_ != low_) stripes_->lock(high_);
      current_ = t.slot_count_.load(std::memory_order_relaxed) == count_;
    }
    ~WindowLock() {
      if (stripes_ == nullptr) return;
      if (high_ != low_) stripes_->unlock(high_);
      stripes_->unlock(low_);
    }
    WindowLock(const WindowLock&) = delete;
    WindowLock& operator=(const WindowLock&) = delete;
    [[nodiscard]] bool current() const { return stripes_ == nullptr || current_; }

   private:
    TableStripes* stripes_;
    std::size_t count_ = 0, low_ = 0, high_ = 0;
    bool current_ = false;
  };

  // The stripes of the window of a hash in a table of n slots, the lower
  // first (the same twice when it lies in one).
  static std::pair<std::size_t, std::size_t> window_stripes(std::size_t hash, std::size_t n) {
    const std::size_t m = n == 0 ? 0 : n - 1;
    const std::size_t first = ((hash & m) / kWindow) % TableStripes::kCount;
    const std::size_t last = (((hash + kWindow - 1) & m) / kWindow) % TableStripes::kCount;
    return {std::min(first, last), std::max(first, last)};
  }

  // Slots a find may read while a store writes them: plain words, read and
  // written a word at a time (a torn read is caught by the versions). The
  // stores release and the loads acquire (plain moves on x86): a find that
  // reads a word a store wrote then reads that store's version, or a later
  // one, and starts again.
  static constexpr bool kWordSlots =
      std::is_trivially_copyable_v<Slot> && sizeof(Slot) % 8 == 0 && alignof(Slot) >= 8;
  static constexpr std::size_t kSlotWords = sizeof(Slot) / 8;
  static Slot read_slot(const Slot& from) {
    std::uint64_t words[kSlotWords];
    auto* w = reinterpret_cast<std::uint64_t*>(const_cast<Slot*>(&from));
    for (std::size_t k = 0; k < kSlotWords; ++k) words[k] = std::atomic_ref<std::uint64_t>(w[k]).load(std::memory_order_acquire);
    Slot s;
    std::memcpy(&s, words, sizeof(Slot));
    return s;
  }
  // Writes a slot: a word at a time on a shared table with word slots.
  void put(Slot& to, const Slot& from) {
    if constexpr (kWordSlots) {
      if (stripes_) {
        std::uint64_t words[kSlotWords];
        std::memcpy(words, &from, sizeof(Slot));
        auto* w = reinterpret_cast<std::uint64_t*>(&to);
        for (std::size_t k = 0; k < kSlotWords; ++k) std::atomic_ref<std::uint64_t>(w[k]).store(words[k], std::memory_order_release);
        return;
      }
    }
    to = from;
  }

  // find, with the window's locks held (or on a table one thread owns).
  [[nodiscard]] std::optional<Value> find_here(const Key& key, std::size_t hash) const {
    if (slots_.empty()) return std::nullopt;
    const std::size_t m = mask();
    std::size_t i = hash;
    for (std::size_t n = 0; n < kWindow; ++n, ++i) {
      const Slot& s = slots_[i & m];
      if (Slots::weight(s) == 0) return std::nullopt;
      if (Slots::holds(s, key)) return Slots::value(s);
    }
    return std::nullopt;
  }

  enum class Stored { yes, window_full, retry };

  // The body of store, with the window's locks held: window_full when the
  // table should double first.
  Stored store_here(const Key& key, const Value& value, std::uint8_t w, std::size_t hash) {
    const std::size_t m = mask();
    std::size_t i = hash;
    Slot* victim = nullptr;
    for (std::size_t n = 0; n < kWindow; ++n, ++i) {
      Slot& s = slots_[i & m];
      if (Slots::weight(s) == 0) {
        put(s, Slots::make(key, value, w));
        add(size_, 1);
        count_key(key, +1);
        return Stored::yes;
      }
      if (Slots::holds(s, key)) {
        put(s, Slots::make(key, value, std::max(Slots::weight(s), w)));
        return Stored::yes;
      }
      if (victim == nullptr || Slots::weight(s) < Slots::weight(*victim)) victim = &s;
    }
    // A full window in a table still growing: double, unless the table
    // is under a quarter full. Linear probing's longest runs grow with
    // the number of entries (a million at a fifth full reach 8 slots),
    // so a window full that early says little about the load: the
    // lightest entry goes instead, which is rare with 16 slots.
    if (4 * size_.load(std::memory_order_relaxed) >= slots_.size() && may_double()) return Stored::window_full;
    count_key(Slots::key(*victim), -1);
    put(*victim, Slots::make(key, value, w));
    count_key(key, +1);
    add(replaced_, 1);
    return Stored::yes;
  }

  // Doubles the table, unless another thread did since it had `seen` slots.
  void grow_from(std::size_t seen) {
    if (!stripes_) return grow();
    stripes_->lock_all();
    if (slot_count_.load(std::memory_order_relaxed) == seen) {
      try {
        grow();
      } catch (...) {
        stripes_->unlock_all();
        throw;
      }
    }
    stripes_->unlock_all();
  }

  // counter += delta: an atomic addition on a shared table, a plain one
  // (cheaper) while one thread owns it.
  template <class T>
  void add(std::atomic<T>& counter, T delta) {
    if (stripes_) counter.fetch_add(delta, std::memory_order_relaxed);
    else counter.store(counter.load(std::memory_order_relaxed) + delta, std::memory_order_relaxed);
  }
  void add(std::atomic<std::size_t>& counter, int delta) { add(counter, static_cast<std::size_t>(delta)); }

  [[nodiscard]] std::size_t mask() const { return slots_.size() - 1; }
  [[nodiscard]] std::size_t slot_bytes() const { return slot_count_.load(std::memory_order_relaxed) * sizeof(Slot); }
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
        add(key_bytes_, b);
        budget_->used_bytes += b;
      } else {
        add(key_bytes_, -b);
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
    if (slot_count_.load(std::memory_order_relaxed) == 0) return true;
    const std::size_t others = budget_->used_bytes - bytes();
    return others + 3 * slot_bytes() + 2 * key_bytes_.load(std::memory_order_relaxed) <= budget_->max_bytes;
  }

  // Doubles the table (or makes the first one), placing every entry again;
  // should a window overflow in the larger table (rare at half load), doubles
  // once more while the bound allows, and only then lets the lighter go.
  void grow() {
    std::vector<Slot, TableAllocator<Slot>> old = std::move(slots_);
    grow_from_old(old);
    // Readers of a shared table find the new slots from here on; one may
    // still be reading the old, which stay mapped (without their pages)
    // until unshare().
    first_slot_.store(slots_.data(), std::memory_order_release);
    slot_count_.store(slots_.size(), std::memory_order_release);
    if (stripes_ && !old.empty()) {
      release_table_pages(old.data(), old.size() * sizeof(Slot));
      retired_.push_back(std::move(old));
    }
  }
  void grow_from_old(const std::vector<Slot, TableAllocator<Slot>>& old) {
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
        budget_->used_bytes += slots_.size() * sizeof(Slot) - old.size() * sizeof(Slot);
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
    return others + 3 * slots_.size() * sizeof(Slot) + 2 * key_bytes_.load() <= budget_->max_bytes;
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
  std::atomic<std::size_t> slot_count_ = 0;  // slots_.size(), for threads that do not hold a lock
  std::atomic<const Slot*> first_slot_ = nullptr;  // slots_.data(), the same (for prefetches)
  // (The counters a store writes are on a cache line of their own: every
  // find reads slot_count_ and first_slot_, and on a shared table a store
  // by another thread would otherwise take that line away from it.)
  alignas(64) std::atomic<std::size_t> size_ = 0;
  std::atomic<std::uint64_t> replaced_ = 0;
  std::atomic<std::size_t> key_bytes_ = 0;  // what the keys held hold of their own
  alignas(64) std::shared_ptr<TableBudget> budget_;
  std::unique_ptr<TableStripes> stripes_;  // set when shared
  std::vector<std::vector<Slot, TableAllocator<Slot>>> retired_;  // old slots a reader may still be in
};

}  // namespace grundy
