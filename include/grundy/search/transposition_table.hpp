#pragma once
// TranspositionTable: values a search has found, kept within a memory bound.
//
// A search asks it millions of times a second, so it is one flat array
// probed linearly from the key's hash, at most kWindow slots far. Slots are
// never emptied, only overwritten, so a lookup stops at the first free slot.
// The table doubles when two thirds full, while it may (the old and the doubled
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
// search). The slots are then guarded by sequence locks (GroupLocks: one per
// 16 slots): a store takes the one or two its window spans; a find takes
// none, it reads the version of each, then the slots, then the versions
// again, and reads again if a store came between (a find writes nothing
// shared, so two threads reading the same slots do not pass cache lines
// back and forth: with a lock per find, 5x8 Cram on two threads spent a
// quarter of its time taking locks). A doubling takes every lock, and the
// other threads go on meanwhile: their finds read the old slots, which no
// one writes then, and their stores are put aside and made after it
// (grow_from). The old slots stay mapped until unshare(), their pages given
// back at once, so a find still reading them reads facts or zeros (free
// slots), never memory that is gone. Slots that are not plain words (a key
// holding memory) are read under the locks instead. The count of entries is
// an estimate while shared (count_entry), exact again after.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/execution_budget.hpp"
#include "grundy/search/big_memory.hpp"

namespace grundy {

// "512M", "4G", "65536": a number of bytes with an optional suffix K, M, G
// or T (powers of 1024, also written KiB, MB, ...), from 1 KiB up; nullopt
// when the text is none of these or the number does not fit 64 bits.
[[nodiscard]] std::optional<std::uint64_t> parse_byte_size(std::string_view text);
// A number of bytes for people: "64 MiB", "6 GiB", "1.5 GiB", "512 KiB",
// "100 bytes" (exact unless it is over 1 GiB and no whole number of them).
[[nodiscard]] std::string format_byte_size(std::uint64_t bytes);

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
  if constexpr (requires {
                  key.capacity();
                  typename Key::value_type;
                }) {
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

// The sequence locks of a table several threads share: one for each group
// of `group` slots, four bytes each, in an array that grows with the table.
// A lock's version is odd while a thread holds it. A store takes the one or
// two locks its window spans; a find reads their versions before and after
// it reads the slots. Locks taken together are taken in increasing order:
// no two threads can wait on each other. A lock is held for a few dozen
// instructions, so waiting spins rather than sleeps.
// (A fixed set of 1,024 locks, each on a cache line of its own, came first:
// every store then took a line the other core's finds kept reading, and
// two threads on 5x8 Cram spent a fifth of their time waiting for those
// lines. Here a line holds the locks of 256 neighbouring slots, which the
// other core reads only when it reads those slots too.)
class GroupLocks {
 public:
  explicit GroupLocks(std::size_t groups) : versions_(groups, 0) {}
  void lock(std::size_t i) noexcept {
    std::atomic_ref<std::uint32_t> v(versions_[i]);
    for (;;) {
      std::uint32_t now = v.load(std::memory_order_relaxed);
      if ((now & 1) == 0 && v.compare_exchange_weak(now, now + 1, std::memory_order_acquire)) return;
    }
  }
  // lock(i), unless `stop` is seen set while the lock is held by another:
  // false then, and the lock is not taken.
  [[nodiscard]] bool lock_unless(std::size_t i, const std::atomic<bool>& stop) noexcept {
    std::atomic_ref<std::uint32_t> v(versions_[i]);
    for (;;) {
      std::uint32_t now = v.load(std::memory_order_relaxed);
      if ((now & 1) == 0) {
        if (v.compare_exchange_weak(now, now + 1, std::memory_order_acquire)) return true;
      } else if (stop.load(std::memory_order_acquire)) {
        return false;
      }
    }
  }
  // Every lock in turn, unless `stop` is seen (lock_unless): false then,
  // with none held.
  [[nodiscard]] bool lock_all_unless(const std::atomic<bool>& stop) noexcept {
    for (std::size_t i = 0; i < versions_.size(); ++i)
      if (!lock_unless(i, stop)) {
        while (i-- > 0) unlock(i);
        return false;
      }
    return true;
  }
  // A lock's version now: odd while a thread holds it.
  [[nodiscard]] std::uint32_t version(std::size_t i) const noexcept { return word(i).load(std::memory_order_acquire); }
  void unlock(std::size_t i) noexcept {
    std::atomic_ref<std::uint32_t>(versions_[i]).fetch_add(1, std::memory_order_release);
  }
  // A reader's end: whether no writer came in since version() gave `seen`.
  // (The reader's loads of the slots are acquire loads, so this one cannot
  // come before them: plain loads on x86, and no fence, which
  // ThreadSanitizer cannot follow.)
  [[nodiscard]] bool read_valid(std::size_t i, std::uint32_t seen) const noexcept {
    return word(i).load(std::memory_order_acquire) == seen;
  }
  void lock_all() noexcept {
    for (std::size_t i = 0; i < versions_.size(); ++i) lock(i);
  }
  void unlock_all() noexcept {
    for (std::size_t i = 0; i < versions_.size(); ++i) unlock(i);
  }
  [[nodiscard]] std::size_t size() const noexcept { return versions_.size(); }
  // Asks the processor for lock i's line (a read soon after is faster);
  // nothing past the last lock.
  void prefetch(std::size_t i) const noexcept {
    if (i < versions_.size()) __builtin_prefetch(versions_.data() + i);
  }
  [[nodiscard]] static std::size_t bytes_for(std::size_t groups) { return groups * sizeof(std::uint32_t); }

 private:
  [[nodiscard]] std::atomic_ref<std::uint32_t> word(std::size_t i) const noexcept {
    return std::atomic_ref<std::uint32_t>(const_cast<std::uint32_t&>(versions_[i]));
  }
  std::vector<std::uint32_t, BigAllocator<std::uint32_t>> versions_;
};

// What a store makes of a key the table already holds: KeepLatest keeps the
// value stored last. A table of facts may combine the two instead (a search's
// table: MergeSearchEntries in part_table.hpp), so that a thread storing a
// weaker fact about a part does not wipe out a stronger one another thread
// stored meanwhile.
struct KeepLatest {
  template <class Value>
  [[nodiscard]] Value operator()(const Value& /*held*/, const Value& incoming) const {
    return incoming;
  }
};

template <class Key, class Value, class Hash, class Slots = PlainSlots<Key, Value>, class Merge = KeepLatest>
class TranspositionTable {
 public:
  static constexpr std::size_t kWindow = 16;  // slots a key may be from its hash

  explicit TranspositionTable(std::size_t max_bytes = machine_table_bytes())
      : budget_(std::make_shared<TableBudget>(max_bytes)) {}
  // A table that shares its bound with others (each doubling counts what
  // they hold).
  explicit TranspositionTable(std::shared_ptr<TableBudget> budget) : budget_(std::move(budget)) {}

  // The value stored for `key`. O(1): at most kWindow slots are looked at.
  [[nodiscard]] std::optional<Value> find(const Key& key) const { return find(key, Hash{}(key)); }
  // The same, for a key whose hash the caller has (hash_of: computed once
  // for a prefetch and the find after it).
  [[nodiscard]] std::optional<Value> find(const Key& key, std::size_t hash) const {
    Value v{};
    if (find_into(key, hash, v)) return v;
    return std::nullopt;
  }
  // The same, into `out`, true when found: no std::optional on the way. A
  // search's hottest loop copied the optionals through the stack (GCC
  // 12), and each 16-byte read of a bool and a value just stored waited
  // on the store: 12% of a 4x11 search's samples.
  // (The one-thread case stays small enough to be inlined in a search's
  // loops; the shared case is a call.)
  [[nodiscard]] bool find_into(const Key& key, std::size_t hash, Value& out) const {
    if (!shared_) [[likely]]
      return find_here(key, hash, out);
    return find_shared(key, hash, out);
  }

  // Asks the processor to bring the first slot of key's window into the
  // cache (a find soon after is faster).
  void prefetch(const Key& key) const { prefetch_hash(Hash{}(key)); }
  void prefetch_hash(std::size_t hash) const {
    // (On a shared table another thread may be moving the slots: the
    // address is read from first_slot_, which may be the old block's, and
    // a prefetch of an address no longer held is harmless: it never faults.)
    const std::size_t n = slot_count_.load(std::memory_order_relaxed);
    if (n == 0) return;
    __builtin_prefetch(first_slot_.load(std::memory_order_relaxed) + (hash & (n - 1)));
    // On a shared table a find reads the window's lock first: a miss of its
    // own (a store on the other core takes the line), fetched ahead too
    // (Chomp 11x11 on two threads: 40% of a find's samples were there).
    // (Acquire: the locks may have been made by another thread's doubling,
    // and prefetch reads their size.)
    if (const GroupLocks* locks = locks_.load(std::memory_order_acquire); locks != nullptr)
      locks->prefetch((hash & (n - 1)) / kWindow);
  }
  [[nodiscard]] static std::size_t hash_of(const Key& key) { return Hash{}(key); }

  // From now on, threads may find and store at once (see the top). Called
  // while no other thread uses the table.
  void share() {
    if (shared_) return;
    shared_ = true;
    if (slots_.empty()) return grow([] {});  // (a table is never empty while shared: no lock guards its first slots)
    lock_sets_.push_back(std::make_unique<GroupLocks>(slots_.size() / kWindow));
    locks_.store(lock_sets_.back().get());
    budget_->used_bytes += lock_bytes();
  }
  // One thread's again: the old slots kept for readers are freed. Called
  // once the other threads are done with the table.
  void unshare() {
    if (!shared_) return;
    budget_->used_bytes -= lock_bytes();
    shared_ = false;
    size_ = static_cast<std::size_t>(
        std::count_if(slots_.begin(), slots_.end(), [](const Slot& s) { return Slots::weight(s) != 0; }));
    locks_.store(nullptr);
    lock_sets_.clear();
    retired_.clear();
  }
  [[nodiscard]] bool shared() const { return shared_; }

  // Stores `value` for `key` with a weight (clamped to 1..255, or to what
  // the slots hold; heavier entries are kept longer). O(1) amortised: the
  // table may double, or, at its bound, replace the lightest slot of the
  // key's window.
  // With `keep_all` (a table read back from a file, whose entries should
  // all come back) a full window doubles the table from a quarter full
  // rather than from half full.
  void store(const Key& key, const Value& value, std::size_t weight, bool keep_all = false) {
    const auto w = static_cast<std::uint8_t>(std::clamp<std::size_t>(weight, 1, kMaxWeight));
    const std::size_t hash = Hash{}(key);
    for (;;) {
      if (shared_ && growing_.load(std::memory_order_acquire) && defer(key, value, w)) return;
      const std::size_t n = slot_count_.load(std::memory_order_acquire);
      if (n == 0 || (3 * (size_.load(std::memory_order_relaxed) + 1) > 2 * n && may_double())) {
        grow_from(n);
        continue;
      }
      Stored done = Stored::retry;
      {
        const WindowLock held(*this, hash);
        if (held.current()) done = store_here(key, value, w, hash, keep_all);
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
  [[nodiscard]] std::size_t bytes() const {
    return slot_bytes() + lock_bytes() + key_bytes_.load(std::memory_order_relaxed);
  }
  [[nodiscard]] std::size_t max_bytes() const { return budget_->max_bytes; }
  // The bytes of the slots alone.
  [[nodiscard]] std::size_t slot_bytes_held() const { return slot_bytes(); }
  // A bound of this table's own on its slots' bytes, besides the budget it
  // shares: it doubles only while the doubled slots keep within it (a cache
  // sized after another table, part_table.hpp). May be changed while
  // threads use the table; a smaller bound than the slots held keeps them.
  void set_slot_bytes_bound(std::size_t bytes) { slot_bytes_bound_.store(bytes, std::memory_order_relaxed); }

  // Makes the first slots now rather than at the first store (a table that
  // should have its share of a bound before others sharing it take theirs).
  // Called while no other thread uses the table.
  void start() {
    if (slot_count_.load(std::memory_order_relaxed) == 0) grow([] {});
  }
  // Whether the table holds slots, or the budget has room for its first
  // ones (a table that may go without, a cache of facts, asks before it
  // stores: its first window would otherwise go past a small bound).
  [[nodiscard]] bool started_or_has_room() const {
    if (slot_count_.load(std::memory_order_relaxed) != 0) return true;
    const std::size_t used = budget_->used_bytes;
    const std::size_t window = kWindow * sizeof(Slot);
    return used <= budget_->max_bytes && budget_->max_bytes - used >= window &&
           slot_bytes_bound_.load(std::memory_order_relaxed) >= window;
  }

  // Calls f(key, value, weight) for every entry (the order is the table's).
  // On a shared table it holds every lock meanwhile (a search saving its
  // table while other threads search): no store, and no doubling, until it
  // is done; finds go on.
  template <class F>
  void for_each(F&& f) const {
    GroupLocks* locks = nullptr;
    while (shared_) {
      // (The locks of the current slots: a doubling that ends while this
      // thread waits for the locks leaves it holding the old ones.)
      locks = locks_.load(std::memory_order_acquire);
      locks->lock_all();
      if (locks_.load(std::memory_order_acquire) == locks) break;
      locks->unlock_all();
    }
    try {
      for (const Slot& s : slots_)
        if (Slots::weight(s) != 0) f(Slots::key(s), Slots::value(s), std::size_t{Slots::weight(s)});
    } catch (...) {
      if (locks != nullptr) locks->unlock_all();
      throw;
    }
    if (locks != nullptr) locks->unlock_all();
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
        slot_bytes_bound_(other.slot_bytes_bound_.load()),
        shared_(std::exchange(other.shared_, false)),
        locks_(other.locks_.exchange(nullptr)),
        lock_sets_(std::move(other.lock_sets_)),
        retired_(std::move(other.retired_)) {}
  TranspositionTable& operator=(TranspositionTable&&) = delete;
  ~TranspositionTable() {
    if (budget_) budget_->used_bytes -= bytes();
  }

 private:
  using Slot = typename Slots::Slot;
  static constexpr std::size_t kMaxWeight = [] {
    if constexpr (requires { Slots::kMaxWeight; })
      return std::size_t{Slots::kMaxWeight};
    else
      return std::size_t{255};
  }();

  // The locks of the window of a hash (one or two), held for the life of a
  // WindowLock on a shared table, none on a table one thread owns.
  // current() is false when the table doubled between reading its size and
  // taking the locks: the caller must start again.
  class WindowLock {
   public:
    WindowLock(const TranspositionTable& t, std::size_t hash) {
      if (!t.shared_) {
        current_ = true;
        return;
      }
      count_ = t.slot_count_.load(std::memory_order_acquire);
      locks_ = t.locks_.load(std::memory_order_acquire);
      if (count_ == 0 || locks_ == nullptr) {
        locks_ = nullptr;
        return;  // (not current: the caller makes the first slots)
      }
      std::tie(low_, high_) = window_groups(hash, count_);
      if (high_ >= locks_->size()) {
        locks_ = nullptr;  // (the new count with the old locks, during a doubling: not current)
        return;
      }
      // (A doubling holds every lock for a while: rather than wait, the
      // caller is told, to find nothing or put its store aside.)
      if (!locks_->lock_unless(low_, t.growing_)) {
        locks_ = nullptr;
        growing_ = true;
        return;
      }
      if (high_ != low_ && !locks_->lock_unless(high_, t.growing_)) {
        locks_->unlock(low_);
        locks_ = nullptr;
        growing_ = true;
        return;
      }
      current_ =
          t.slot_count_.load(std::memory_order_relaxed) == count_ && t.locks_.load(std::memory_order_relaxed) == locks_;
    }
    ~WindowLock() {
      if (locks_ == nullptr) return;
      if (high_ != low_) locks_->unlock(high_);
      locks_->unlock(low_);
    }
    WindowLock(const WindowLock&) = delete;
    WindowLock& operator=(const WindowLock&) = delete;
    // Whether the locks are held and the slots are the table's.
    [[nodiscard]] bool current() const { return current_; }
    // Whether the locks were not taken because a doubling holds them.
    [[nodiscard]] bool growing() const { return growing_; }

   private:
    GroupLocks* locks_ = nullptr;
    std::size_t count_ = 0, low_ = 0, high_ = 0;
    bool current_ = false;
    bool growing_ = false;
  };

  // The slots of a key's window in a shared table's block of n slots (word
  // slots: each read a word at a time).
  static bool scan_window(const Slot* slots, std::size_t n, const Key& key, std::size_t hash, Value& out) {
    std::size_t i = hash;
    for (std::size_t k = 0; k < kWindow; ++k, ++i) {
      const Slot s = read_slot(slots[i & (n - 1)]);
      if (Slots::weight(s) == 0) return false;
      if (Slots::holds(s, key)) {
        out = Slots::value(s);
        return true;
      }
    }
    return false;
  }

  // A store made while a doubling runs: kept aside (the slots may not be
  // written) and made by the doubling thread once the new slots are out.
  // False when the doubling is over (the caller stores as usual). Past
  // kMaxDeferred such stores the rest are dropped: the table is a cache.
  static constexpr std::size_t kMaxDeferred = std::size_t{1} << 20;
  struct Deferred {
    Key key;
    Value value;
    std::uint8_t weight;
  };
  bool defer(const Key& key, const Value& value, std::uint8_t weight) {
    const std::scoped_lock lock(deferred_mutex_);
    if (!growing_.load(std::memory_order_relaxed)) return false;
    if (deferred_.size() < kMaxDeferred)
      deferred_.push_back(Deferred{key, value, weight});
    else
      add(replaced_, 1);
    return true;
  }

  // The groups (locks) of the window of a hash in a table of n slots, the
  // lower first (the same twice when it lies in one).
  static std::pair<std::size_t, std::size_t> window_groups(std::size_t hash, std::size_t n) {
    const std::size_t m = n - 1;
    const std::size_t first = (hash & m) / kWindow;
    const std::size_t last = ((hash + kWindow - 1) & m) / kWindow;
    return {std::min(first, last), std::max(first, last)};
  }

  // Slots a find may read while a store writes them: plain words, read and
  // written a word at a time (a torn read is caught by the versions). The
  // stores release and the loads acquire (plain moves on x86): a find that
  // reads a word a store wrote then reads that store's version, or a later
  // one, and starts again.
  static constexpr bool kWordSlots = std::is_trivially_copyable_v<Slot> && sizeof(Slot) % 8 == 0 && alignof(Slot) >= 8;
  static constexpr std::size_t kSlotWords = sizeof(Slot) / 8;
  static Slot read_slot(const Slot& from) {
    std::uint64_t words[kSlotWords];
    auto* w = reinterpret_cast<std::uint64_t*>(const_cast<Slot*>(&from));
    for (std::size_t k = 0; k < kSlotWords; ++k)
      words[k] = std::atomic_ref<std::uint64_t>(w[k]).load(std::memory_order_acquire);
    Slot s;
    std::memcpy(&s, words, sizeof(Slot));
    return s;
  }
  // Writes a slot: a word at a time on a shared table with word slots.
  void put(Slot& to, const Slot& from) {
    if constexpr (kWordSlots) {
      if (shared_) {
        std::uint64_t words[kSlotWords];
        std::memcpy(words, &from, sizeof(Slot));
        auto* w = reinterpret_cast<std::uint64_t*>(&to);
        for (std::size_t k = 0; k < kSlotWords; ++k)
          std::atomic_ref<std::uint64_t>(w[k]).store(words[k], std::memory_order_release);
        return;
      }
    }
    to = from;
  }

  // find_into on a shared table (see the top: sequence locks, read again
  // when a store came between).
  [[gnu::noinline]] bool find_shared(const Key& key, std::size_t hash, Value& out) const {
    if constexpr (kWordSlots) {
      for (;;) {
        const std::size_t n = slot_count_.load(std::memory_order_acquire);
        if (n == 0) return false;
        const Slot* slots = first_slot_.load(std::memory_order_acquire);
        const GroupLocks* locks = locks_.load(std::memory_order_acquire);
        const auto [low, high] = window_groups(hash, n);
        // (The new count with the old locks, during a doubling: read again.)
        if (high >= locks->size()) continue;
        const std::uint32_t low_seen = locks->version(low);
        const std::uint32_t high_seen = high != low ? locks->version(high) : 0;
        if (((low_seen | high_seen) & 1) != 0) {
          // A store is inside (read again), or a doubling holds every lock:
          // then no thread writes these slots until they are old, and a
          // find reads them as they are instead of waiting (grow_from).
          if (growing_.load(std::memory_order_acquire)) return scan_window(slots, n, key, hash, out);
          continue;
        }
        Value found{};
        const bool here = scan_window(slots, n, key, hash, found);
        if (locks->read_valid(low, low_seen) && (high == low || locks->read_valid(high, high_seen)) &&
            slot_count_.load(std::memory_order_relaxed) == n && first_slot_.load(std::memory_order_relaxed) == slots &&
            locks_.load(std::memory_order_relaxed) == locks) {
          if (here) out = found;
          return here;
        }
      }
    } else {
      for (;;) {
        const WindowLock held(*this, hash);
        if (held.current()) return find_here(key, hash, out);
        if (held.growing()) return false;  // (a miss is always safe: no waiting for a doubling)
      }
    }
  }

  // find, with the window's locks held (or on a table one thread owns).
  [[nodiscard]] bool find_here(const Key& key, std::size_t hash, Value& out) const {
    if (slots_.empty()) return false;
    const std::size_t m = mask();
    std::size_t i = hash;
    for (std::size_t n = 0; n < kWindow; ++n, ++i) {
      const Slot& s = slots_[i & m];
      if (Slots::weight(s) == 0) return false;
      if (Slots::holds(s, key)) {
        out = Slots::value(s);
        return true;
      }
    }
    return false;
  }

  enum class Stored { yes, window_full, retry };

  // The body of store, with the window's locks held: window_full when the
  // table should double first.
  Stored store_here(const Key& key, const Value& value, std::uint8_t w, std::size_t hash, bool keep_all = false) {
    const std::size_t m = mask();
    std::size_t i = hash;
    Slot* victim = nullptr;
    for (std::size_t n = 0; n < kWindow; ++n, ++i) {
      Slot& s = slots_[i & m];
      if (Slots::weight(s) == 0) {
        put(s, Slots::make(key, value, w));
        count_entry(i);
        count_key(key, +1);
        return Stored::yes;
      }
      if (Slots::holds(s, key)) {
        put(s, Slots::make(key, Merge{}(Slots::value(s), value), std::max(Slots::weight(s), w)));
        return Stored::yes;
      }
      if (victim == nullptr || Slots::weight(s) < Slots::weight(*victim)) victim = &s;
    }
    // A full window in a table still growing: double, unless the table
    // is under two thirds full (where store() doubles it anyway). Linear
    // probing's longest runs grow with the number of entries (a million
    // at a fifth full reach 8 slots), so a window full that early says
    // little about the load: the lightest entry goes instead (rare with 16
    // slots: 0.8% of 7x7's entries). Doubling sooner made searches slower:
    // the table is read at random, and a denser one keeps more of its
    // entries in the processor's caches (5x9 Cram on two threads: 0.87 of
    // the time with a full window doubling from half full instead of a
    // quarter; 7x7 on two threads: 0.95, and 1.65 GB at its peak instead of
    // 3.24, from two thirds instead of half).
    const std::size_t size = size_.load(std::memory_order_relaxed);
    if ((keep_all ? 4 * size >= slots_.size() : 3 * size >= 2 * slots_.size()) && may_double())
      return Stored::window_full;
    count_key(Slots::key(*victim), -1);
    put(*victim, Slots::make(key, value, w));
    count_key(key, +1);
    add(replaced_, 1);
    return Stored::yes;
  }

  // Doubles the table, unless another thread did since it had `seen` slots.
  // On a shared table it holds every lock meanwhile: no store into the old
  // slots, and none into the new ones before grow() has published them with
  // their locks (a store must hold the current locks: WindowLock).
  // While it moves the entries (most of a doubling's time) the other
  // threads go on: their finds read the old slots, which no one writes
  // meanwhile, and their stores are kept aside (defer) and made here once
  // the new slots are out. (Waiting instead cost the other threads the
  // whole doubling: a tenth of a search's time is spent doubling, mostly
  // in the system's zeroing of the new pages.)
  void grow_from(std::size_t seen) {
    if (!shared_) return grow([] {});
    GroupLocks* locks = locks_.load(std::memory_order_acquire);
    if (!locks->lock_all_unless(growing_)) return;  // (another thread is doubling: the caller defers)
    std::vector<Deferred> deferred;
    if (slot_count_.load(std::memory_order_relaxed) == seen && locks_.load(std::memory_order_relaxed) == locks) {
      growing_.store(true, std::memory_order_release);
      try {
        grow([&] { end_growing(deferred); });
      } catch (...) {
        end_growing(deferred);
        locks->unlock_all();
        throw;
      }
    }
    locks->unlock_all();
    for (const Deferred& d : deferred) store(d.key, d.value, d.weight);
  }
  // The doubling's end, before the new slots are out: stores go to the
  // table again, and those kept aside meanwhile go to `out`.
  void end_growing(std::vector<Deferred>& out) {
    const std::scoped_lock lock(deferred_mutex_);
    growing_.store(false, std::memory_order_release);
    out.swap(deferred_);
  }

  // One entry more, in size_: on a shared table, whose threads would pass
  // the counter's line back and forth at every new entry, 16 for each new
  // entry whose slot's index is a multiple of 16 (the slots are spread
  // evenly by the hash, so the count is right on average; unshare() and
  // every doubling count the entries again).
  void count_entry(std::size_t slot_index) {
    if (!shared_)
      add(size_, 1);
    else if (slot_index % 16 == 0)
      add(size_, 16);
  }

  // counter += delta: an atomic addition on a shared table, a plain one
  // (cheaper) while one thread owns it.
  template <class T>
  void add(std::atomic<T>& counter, T delta) {
    if (shared_)
      counter.fetch_add(delta, std::memory_order_relaxed);
    else
      counter.store(counter.load(std::memory_order_relaxed) + delta, std::memory_order_relaxed);
  }
  void add(std::atomic<std::size_t>& counter, int delta) { add(counter, static_cast<std::size_t>(delta)); }

  [[nodiscard]] std::size_t mask() const { return slots_.size() - 1; }
  [[nodiscard]] std::size_t slot_bytes() const { return slot_count_.load(std::memory_order_relaxed) * sizeof(Slot); }
  // The locks' bytes while shared (those of the current slots: the locks of
  // smaller tables before, a quarter of these at most, are kept as they are
  // until unshare(), a thread that read them before a doubling may still
  // spin on them).
  [[nodiscard]] std::size_t lock_bytes() const {
    return shared_ ? GroupLocks::bytes_for(slot_count_.load(std::memory_order_relaxed) / kWindow) : 0;
  }
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
  // tables sharing it have left, or its own slot bound), never fewer than
  // one window (so a bound below kWindow slots is exceeded by that much).
  [[nodiscard]] std::size_t first_slots() const {
    const std::size_t left = budget_->used_bytes < budget_->max_bytes ? budget_->max_bytes - budget_->used_bytes : 0;
    const std::size_t most = std::min(left, slot_bytes_bound_.load(std::memory_order_relaxed));
    std::size_t n = 256;
    while (n > kWindow && n * sizeof(Slot) > most) n /= 2;
    return n;
  }
  // Whether doubling keeps the tables within their bound, counting the old
  // slots and the new ones, which are both held while the entries move.
  // Keys holding memory count what they hold now and as much again for the
  // entries a doubled table would take in.
  [[nodiscard]] bool may_double() const {
    if (slot_count_.load(std::memory_order_relaxed) == 0) return true;
    if (2 * slot_bytes() > slot_bytes_bound_.load(std::memory_order_relaxed)) return false;
    const std::size_t others = budget_->used_bytes - bytes();
    return others + 3 * (slot_bytes() + lock_bytes()) + 2 * key_bytes_.load(std::memory_order_relaxed) <=
           budget_->max_bytes;
  }

  // Doubles the table (or makes the first one), placing every entry again;
  // should a window overflow in the larger table (rare at half load), doubles
  // once more while the bound allows, and only then lets the lighter go.
  // On a shared table, before_publish() is called once the new slots are
  // ready, just before other threads may see them (nothing after it throws).
  template <class F>
  void grow(F&& before_publish) {
    std::vector<Slot, BigAllocator<Slot>> old = std::move(slots_);
    grow_from_old(old);
    const std::size_t old_lock_bytes = lock_bytes();
    if (shared_) {
      lock_sets_.push_back(std::make_unique<GroupLocks>(slots_.size() / kWindow));
      // The old slots are kept for readers that may still be in them, their
      // pages given back (read as zeros: free slots). Done before the new
      // slots are out: from then on another thread may double the table
      // and touch retired_ itself.
      if (!old.empty()) {
        retired_.reserve(retired_.size() + 1);
        release_big_block_pages(old.data(), old.size() * sizeof(Slot));
        retired_.push_back(std::move(old));
      }
      budget_->used_bytes += GroupLocks::bytes_for(slots_.size() / kWindow) - old_lock_bytes;
      before_publish();
    }
    // Readers of a shared table find the new slots from here on; one may
    // still be reading the old, which stay mapped (without their pages)
    // until unshare(). The new locks come last: a store that holds them
    // has read the new slot count (WindowLock), and a find that read the
    // new count with the old locks sees the new locks when it checks.
    first_slot_.store(slots_.data(), std::memory_order_release);
    slot_count_.store(slots_.size(), std::memory_order_release);
    if (shared_) locks_.store(lock_sets_.back().get(), std::memory_order_release);
  }
  void grow_from_old(const std::vector<Slot, BigAllocator<Slot>>& old) {
    for (std::size_t n = old.empty() ? first_slots() : 2 * old.size();; n *= 2) {
      slots_.assign(n, Slot{});
      // (What place() lets go is counted off; a retry starts from all of it.)
      const std::size_t key_bytes = key_bytes_;
      const std::size_t counted = size_;  // (on a shared table, an estimate: count_entry)
      std::size_t entries = 0;
      size_ = 0;
      bool dropped = false;
      for (const Slot& s : old)
        if (Slots::weight(s) != 0) {
          ++entries;
          dropped = !place(s) || dropped;
        }
      if (!dropped || !may_double_from(old.size())) {
        replaced_ += entries - size_;  // (those that fitted nowhere)
        budget_->used_bytes += slots_.size() * sizeof(Slot) - old.size() * sizeof(Slot);
        return;
      }
      size_ = counted;
      // (Only place() changed the budget here, by what it let go of keys'
      // memory; other tables under the bound may have changed it meanwhile.)
      budget_->used_bytes += key_bytes - key_bytes_;
      key_bytes_ = key_bytes;
    }
  }
  // may_double while the old slots (`old` of them) are still counted.
  [[nodiscard]] bool may_double_from(std::size_t old) const {
    if (2 * slots_.size() * sizeof(Slot) > slot_bytes_bound_.load(std::memory_order_relaxed)) return false;
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

  std::vector<Slot, BigAllocator<Slot>> slots_;
  std::atomic<std::size_t> slot_count_ = 0;        // slots_.size(), for threads that do not hold a lock
  std::atomic<const Slot*> first_slot_ = nullptr;  // slots_.data(), the same (for prefetches)
  // (The counters a store writes are on a cache line of their own: every
  // find reads slot_count_ and first_slot_, and on a shared table a store
  // by another thread would otherwise take that line away from it.)
  alignas(64) std::atomic<std::size_t> size_ = 0;
  std::atomic<std::uint64_t> replaced_ = 0;
  std::atomic<std::size_t> key_bytes_ = 0;  // what the keys held hold of their own
  alignas(64) std::shared_ptr<TableBudget> budget_;
  std::atomic<std::size_t> slot_bytes_bound_ = ~std::size_t{0};  // set_slot_bytes_bound
  bool shared_ = false;                                          // share() to unshare()
  // Set while a thread doubles the shared table (grow_from), on a line of
  // its own: every find that meets a held lock reads it.
  alignas(64) std::atomic<bool> growing_ = false;
  std::mutex deferred_mutex_;
  std::vector<Deferred> deferred_;                              // stores made while growing_, for the doubling thread
  std::atomic<GroupLocks*> locks_ = nullptr;                    // the current slots' locks, while shared
  std::vector<std::unique_ptr<GroupLocks>> lock_sets_;          // every lock array since share(), the current last
  std::vector<std::vector<Slot, BigAllocator<Slot>>> retired_;  // old slots a reader may still be in
};

}  // namespace grundy
