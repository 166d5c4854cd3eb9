#pragma once
// ComponentSearch: the values of a game given as code whose positions fall
// into independent parts (Cram's empty regions, Node Kayles' connected
// pieces). By Sprague-Grundy the value of a position is the nim-sum of its
// parts' values, so only parts are ever valued, each once, and each in a
// canonical form (one key for all its symmetric images).
//
// A game G for it states:
//   using Key = ...;       a position, small and hashable (G::KeyHash), ==
//   std::vector<Key> components(const Key& position) const;
//       the independent parts of a position, each in canonical form (parts
//       with no move may be left out: their value is 0)
//   void for_each_option(const Key& part, F f) const;
//       calls f(option) for each move of a canonical part; an option is a
//       position again, which components() splits
//   std::size_t size(const Key& part) const;
//       a measure of a part (cells, vertices): the search keeps the largest
//       part of an option whole and values the others
// and optionally
//   std::optional<std::uint64_t> known_value(const Key& part) const;
//       a value known without a search (Cram: an even x even board is 0)
//   bool known_nonzero(const Key& part) const;
//       true for parts known to be first-player wins (Cram: even x odd)
//   void for_each_option_parts(const Key& part, F f) const;
//       instead of for_each_option: calls f(std::span<const Key>) with the
//       parts an option leaves, already split and canonical (a game whose
//       moves state their parts, as Python's Split does)
//   std::size_t option_count(const Key& part) const;
//       the number of options, cheaply: a query may then stop listing a
//       part's options as soon as those the table knows decide it
// f returns a bool: false when the search needs no more options (a game may
// stop listing them, or go on: the rest are ignored).
//
// Two methods (docs/search.md):
//   plain   the mex of every option's value: each option's parts valued in
//           full. One mex per canonical part reached.
//   pruned  Beling and Rogalski's pruned search ("On pruning search trees of
//           impartial games", Artificial Intelligence 283, 2020): a part is
//           asked "is your value in the set S, and if so which?", which it
//           may answer "no" before valuing every option; the candidates for
//           its value are cut to the least (options left + 1), and each
//           option is asked only about the candidates it could still hit.
//           In an option the smaller parts are valued and folded into a
//           nim-sum x, the largest kept whole and asked about S xor x (as in
//           Lemoine and Viennot's nimber-based pruning of sums, Theoretical
//           Computer Science 462, 2012). At the top, candidate values are
//           tried one by one (aspiration: each option asked about one value).
// The table (part_table.hpp) keeps facts only, within a byte bound: values,
// and values a part is known not to have; so every answer it gives is true
// whatever it has forgotten.
// The plain memoised mex of whole positions (solver.hpp) stays the oracle the
// tests hold both against.

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <span>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/nimber.hpp"
#include "grundy/nimber_set.hpp"
#include "grundy/search/part_table.hpp"
#include "grundy/execution_budget.hpp"
#include "grundy/search/transposition_table.hpp"
#include "grundy/thread_pool.hpp"

namespace grundy {

// Gives an option x to a listing's callback f (for_each_option and
// for_each_option_parts below): false when f returns false, asking for no
// more; a callback that returns nothing always asks for more.
template <class F, class X>
bool give_option(F& f, const X& x) {
  if constexpr (std::is_convertible_v<std::invoke_result_t<F&, const X&>, bool>) {
    return f(x);
  } else {
    f(x);
    return true;
  }
}

template <class G>
concept ComponentGame = requires(const G& game, const typename G::Key& key) {
  { game.components(key) } -> std::convertible_to<std::vector<typename G::Key>>;
  { game.size(key) } -> std::convertible_to<std::size_t>;
  { typename G::KeyHash{}(key) } -> std::convertible_to<std::size_t>;
}
&&(
    requires(const G& game, const typename G::Key& key) { game.for_each_option(key, [](const typename G::Key&) {}); } ||
    requires(const G& game, const typename G::Key& key) {
      game.for_each_option_parts(key, [](std::span<const typename G::Key>) {});
    });

// G::SmallSlots, or void for a game without.
template <class G>
struct SmallSlotsOfGame {
  using type = void;
};
template <class G>
requires requires { typename G::SmallSlots; }
struct SmallSlotsOfGame<G> {
  using type = typename G::SmallSlots;
};
template <class G>
using SmallSlotsOf = typename SmallSlotsOfGame<G>::type;

enum class SearchMethod { plain, pruned };

// What a search has done so far.
struct SearchStats {
  std::uint64_t searched = 0;       // parts whose options were listed
  std::size_t table_entries = 0;    // parts whose value the table holds
  std::size_t table_bytes = 0;      // bytes the table holds
  std::size_t table_max_bytes = 0;  // its bound
  std::uint64_t replaced = 0;       // entries pushed out by others (the bound reached)
};

template <ComponentGame G>
class ComponentSearch {
 public:
  using Key = typename G::Key;

  // The method a game's rules choose (G::kMethod), else the pruned search:
  // pruning pays where the search may leave most positions unvisited
  // (Cram, Node Kayles); where it visits nearly all of them anyway
  // (Chomp), its repeated queries cost more than one mex a part.
  static constexpr SearchMethod kDefaultMethod = [] {
    if constexpr (requires { G::kMethod; })
      return SearchMethod{G::kMethod};
    else
      return SearchMethod::pruned;
  }();

  // `table_bytes` bounds the table (transposition_table.hpp).
  explicit ComponentSearch(G game = G{}, SearchMethod method = kDefaultMethod,
                           std::size_t table_bytes = machine_table_bytes())
      : game_(std::move(game)), method_(method), table_(table_bytes) {}

  [[nodiscard]] const G& game() const { return game_; }

  // The value of a position: the nim-sum of its parts' values. Throws
  // Interrupted when asked to (interrupt.hpp); the search stays usable, its
  // table holding only values it finished.
  [[nodiscard]] Nimber value(const Key& position) {
    std::size_t size = 0;
    if (threads() > 1)
      for (const Key& part : game_.components(position)) size += game_.size(part);
    return Nimber(run(size, [&](Walker& w) { return w.position_value(position); }));
  }

  // The value of one part, given in canonical form.
  [[nodiscard]] Nimber part_value(const Key& part) {
    return Nimber(run(game_.size(part), [&](Walker& w) { return w.value_of_part(part); }));
  }

  // Threads a search may use (0: every core the process may use; a game
  // sets its budget's, Game::use_budget). A game's search uses one whatever is asked unless its rules
  // state kThreadSafe (their listing may run on several threads at once);
  // positions under kThreadsFrom in size take one too, as do searches made
  // while another of this object's runs (there are none: one at a time).
  void set_threads(unsigned threads) { threads_ = threads; }
  [[nodiscard]] unsigned threads() const {
    if constexpr (!kParallel) return 1;
    return threads_ == 0 ? available_cores() : threads_;
  }
  // The table's bound from now on (a table that holds more keeps it and
  // grows no further).
  void set_table_bytes(std::size_t bytes) { table_.set_max_bytes(bytes); }
  // Positions of at least this size are searched on several threads.
  static constexpr std::size_t kThreadsFrom = 20;
  static constexpr bool kParallel = requires { requires G::kThreadSafe; };

  // The table's entries as they are (a value, or values excluded), for a
  // file that keeps them between runs: every entry in turn, and one put
  // back (the caller vouches for it). A fact about a part whose value the
  // table holds too is left out: the value says more.
  template <class F>
  void for_each_entry(F&& f) const {
    table_.for_each([&](const Key& k, std::uint64_t entry, std::size_t) {
      std::uint64_t value = 0;
      if ((entry & kExcluded) != 0 && table_.find_value_into(k, Table::hash_of(k), value)) return;
      f(k, entry);
    });
  }
  void restore_entry(const Key& part, std::uint64_t entry) {
    table_.store(part, entry, game_.size(part), /*keep_all=*/true);
  }

  // Calls f(part, value) for every part the table holds.
  template <class F>
  void for_each_known(F&& f) const {
    table_.for_each([&](const Key& k, std::uint64_t v, std::size_t) {
      if ((v & kExcluded) == 0) f(k, v);
    });
  }

  // How many distinct canonical parts the table holds a value of, or
  // values a part is known not to have.
  [[nodiscard]] std::size_t known_parts() const { return table_.size(); }
  // How many parts the table holds the value of. O(the table's slots).
  [[nodiscard]] std::size_t known_values() const {
    std::size_t n = 0;
    for_each_known([&](const Key&, std::uint64_t) { ++n; });
    return n;
  }

  // Parts searched inside one another at most (0: no bound). The search
  // recurses, one stack frame of a few hundred bytes a level; a game whose
  // depth the caller cannot vouch for (a Python class, which may even have
  // a loop) gets a bound, and past it LimitError.
  void set_depth_limit(std::size_t levels) { depth_limit_ = levels; }

  // Called with the statistics every 65,536 parts searched (a progress
  // line); empty for none.
  void set_observer(std::function<void(const SearchStats&)> observer) { observer_ = std::move(observer); }

  [[nodiscard]] SearchStats stats() const {
    return SearchStats{searched_.load(std::memory_order_relaxed), table_.size(), table_.bytes(), table_.max_bytes(),
                       table_.replaced()};
  }

  ComponentSearch(const ComponentSearch&) = delete;
  ComponentSearch& operator=(const ComponentSearch&) = delete;

 private:
  static constexpr std::uint64_t kNotInSet = ~std::uint64_t{0};
  // A table entry is a part's value, or, with this bit set, the values
  // below 63 it is known not to have (the bits below): a search that
  // answered "not in S" leaves S there, and a later query about a subset of
  // S is answered at once, a later search starts without S's values among
  // its candidates. Both are facts, so forgetting either is safe.
  static constexpr std::uint64_t kExcluded = kSearchEntryExcluded;

  using Table = PartTable<Key, typename G::KeyHash, SmallSlotsOf<G>>;

  // Thrown in a thread of a search that another thread has finished, or
  // given up (it unwinds the thread's stack; the table keeps only facts).
  struct Stopped {};

  // One thread's search: its stacks and pools, with the game, the table
  // and the bounds of the ComponentSearch it works for (one Walker per
  // thread; every table entry any of them stores is a fact, so they share
  // the table without agreeing on anything else).
  class Walker {
   public:
    Walker(ComponentSearch& owner, bool main)
        : owner_(owner), game_(owner.game_), method_(owner.method_), table_(owner.table_), main_(main) {}
    Walker(const Walker&) = delete;
    Walker& operator=(const Walker&) = delete;

    // Makes ready for a query: what an interrupted one left is dropped.
    void start() {
      parts_.clear();
      depth_ = 0;
    }
    // Adds the parts searched since the last checkpoint to the owner's count.
    void flush_count() {
      owner_.searched_.fetch_add(searched_ - counted_, std::memory_order_relaxed);
      counted_ = searched_;
    }

    std::uint64_t position_value(const Key& position) {
      std::uint64_t total = 0;
      for (const Key& part : game_.components(position)) total ^= value_of_part(part);
      return total;
    }

    std::uint64_t value_of_part(const Key& part) {
      if (const auto v = lookup(part)) return *v;
      return searched_value(part);
    }
    // The value of a part neither the table nor the game knows, by the method.
    std::uint64_t searched_value(const Key& part) {
      if (method_ == SearchMethod::plain) return plain_value(part);
      return aspiration_value(part);
    }

    // The part's value when the table holds it or the game knows it.
    std::optional<std::uint64_t> lookup(const Key& part) { return lookup(part, table_.hash_of(part)); }
    std::optional<std::uint64_t> lookup(const Key& part, std::size_t hash) {
      std::uint64_t v = 0;
      if (lookup_into(part, hash, v)) return v;
      return std::nullopt;
    }
    // The same, into `v`, true when known (the listing's loop: no optional,
    // TranspositionTable::find_into says why).
    bool lookup_into(const Key& part, std::size_t hash, std::uint64_t& v) {
      if (table_.find_value_into(part, hash, v)) return true;
      return known_by_game(part, v);
    }

    // The game's own value of the part, if it knows it (stored), into `v`.
    bool known_by_game([[maybe_unused]] const Key& part, [[maybe_unused]] std::uint64_t& v) {
      if constexpr (requires { game_.known_value(part); }) {
        if (const std::optional<std::uint64_t> known = game_.known_value(part)) {
          v = *known;
          table_.store(part, v, game_.size(part));
          return true;
        }
      }
      return false;
    }

    // One level deeper for the life of a Deeper (LimitError past the bound).
    class Deeper {
     public:
      explicit Deeper(Walker& s) : s_(s) {
        const std::size_t limit = s_.owner_.depth_limit_;
        if (++s_.depth_ > limit && limit != 0) {
          --s_.depth_;
          throw LimitError(
              fmt::format("the search went {} parts deep: the game is deeper than that or has a loop "
                          "(a position that can come back)",
                          limit));
        }
      }
      ~Deeper() { --s_.depth_; }
      Deeper(const Deeper&) = delete;
      Deeper& operator=(const Deeper&) = delete;

     private:
      Walker& s_;
    };

    // Every 1,024 parts: the count goes to the owner; the main thread stops
    // for an interrupt and calls the observer, any thread stops when the
    // search is over.
    void note_search() {
      ++searched_;
      if ((searched_ & 1023) == 0) owner_.checkpoint(*this);
    }

    // While a part is being searched by a thread of a search on several, it
    // is marked busy (ABDADA, Weill 1996): another thread that meets it among
    // options puts it last, searches the others first, and comes back to
    // find its value in the table more often than not.
    class Busy {
     public:
      Busy(Walker& w, const Key& part) : marks_(w.owner_.busy_.get()) {
        if (marks_ != nullptr) {
          slot_ = busy_slot(table_hash(part));
          marks_[slot_].fetch_add(1, std::memory_order_relaxed);
        }
      }
      ~Busy() {
        if (marks_ != nullptr) marks_[slot_].fetch_sub(1, std::memory_order_relaxed);
      }
      Busy(const Busy&) = delete;
      Busy& operator=(const Busy&) = delete;

     private:
      std::atomic<std::uint16_t>* marks_;
      std::size_t slot_ = 0;
    };
    // Whether another thread may be searching this part (a hint: two parts
    // share a mark now and then).
    [[nodiscard]] bool busy(const Key& part) const {
      const auto* marks = owner_.busy_.get();
      return marks != nullptr && marks[busy_slot(table_hash(part))].load(std::memory_order_relaxed) != 0;
    }
    static std::size_t table_hash(const Key& part) { return Table::hash_of(part); }
    static std::size_t busy_slot(std::size_t hash) {
      return static_cast<std::size_t>((hash * 0x9E3779B97F4A7C15u) >> (64 - kBusyBits));
    }

    // A child whose kept part another thread is searching moves to the end
    // of children[i..] (once: a child already put off is searched where it
    // stands). True when it moved.
    template <class Children>
    bool put_off(Children& children, std::size_t i) {
      Child& c = children[i];
      if (c.put_off || owner_.busy_ == nullptr || children.size() - i < 2 || !busy(parts_[c.first])) return false;
      c.put_off = true;
      std::rotate(children.begin() + static_cast<std::ptrdiff_t>(i),
                  children.begin() + static_cast<std::ptrdiff_t>(i) + 1, children.end());
      return true;
    }

    // The mex of every option's value, each option's parts valued in full.
    // Every option is listed first, each part's table slot fetched ahead, and
    // then looked up (a part's options lie far apart in a large table: the
    // waits overlap: Chomp 12x12 on one thread in 0.70 of the time); options
    // with a part to search wait until the others are looked up. On
    // several threads, an option with a part another thread is searching
    // waits until the other options are valued (ABDADA, as in the pruned
    // search): by then its value is in the table more often than not.
    std::uint64_t plain_value(const Key& part) {
      const Deeper deeper(*this);
      const Busy marked(*this, part);
      note_search();
      const std::size_t mark = parts_.size();
      PooledOptions pooled(*this);
      std::vector<Child>& children = pooled.options.pending;  // their parts on parts_ from mark on
      for_each_option_split(part, [&](std::span<const Key> pieces) {
        Child c;
        c.first = parts_.size();
        parts_.insert(parts_.end(), pieces.begin(), pieces.end());
        cancel_pairs_from(c.first);
        c.count = static_cast<std::uint32_t>(parts_.size() - c.first);
        for (std::size_t i = c.first; i < parts_.size(); ++i)
          table_.prefetch_value(parts_[i], table_.hash_of(parts_[i]));
        children.push_back(c);
        return true;
      });
      // Values seen among the options: a bit each below 64, a list above.
      std::uint64_t seen = 0;
      std::vector<std::uint64_t> large;
      // An option's value, seen; false (nothing seen) when a part it needs is
      // unknown to the table and the mode says not to search it now.
      enum class Now { table_only, unless_busy, always };
      const auto value_option = [&](const Child& c, Now now) {
        std::uint64_t v = 0;
        for (std::size_t i = c.first; i < c.first + c.count; ++i) {
          const Key piece = parts_[i];  // (a copy: the search below grows parts_)
          if (std::uint64_t known = 0; lookup_into(piece, table_.hash_of(piece), known)) {
            v ^= known;
            continue;
          }
          if (now == Now::table_only || (now == Now::unless_busy && busy(piece))) return false;
          v ^= searched_value(piece);
        }
        if (v < 64)
          seen |= std::uint64_t{1} << v;
        else
          large.push_back(v);
        return true;
      };
      // First every option the table knows, while the slots fetched above
      // are in the cache (a search below would push them out), then the
      // others, searched; on several threads those another thread is
      // searching last. (put_off: not yet seen.)
      for (Child& c : children) c.put_off = !value_option(c, Now::table_only);
      const Now then = owner_.busy_ != nullptr ? Now::unless_busy : Now::always;
      for (Child& c : children)
        if (c.put_off) c.put_off = !value_option(c, then);
      if (then != Now::always)
        for (const Child& c : children)
          if (c.put_off) value_option(c, Now::always);
      drop_parts_from(mark);
      std::uint64_t mex = 0;
      while (mex < 64 && (seen >> mex & 1) != 0) ++mex;
      if (mex == 64) {
        std::sort(large.begin(), large.end());
        for (std::uint64_t v : large)
          if (v == mex)
            ++mex;
          else if (v > mex)
            break;
      }
      table_.store(part, mex, game_.size(part));
      return mex;
    }

    // An option of a part, split: the parts of known value folded into
    // `known`, the others kept in `parts_` from `first` on, `count` of them,
    // the largest first.
    struct Child {
      std::size_t first = 0;
      std::uint32_t count = 0;
      std::uint64_t known = 0;
      std::uint64_t cost = 0;  // the sum of the squared sizes of the unknown parts
      bool put_off = false;    // moved last once already (put_off below)
    };

    // The options of a part: how many, the values of those the table decides,
    // and the others (their parts on parts_), cheapest first.
    struct Options {
      std::size_t count = 0;
      NimberSet known;
      std::vector<Child> pending;
    };

    // An Options whose list of children comes from, and goes back to, a
    // pool: a search lists options millions of times, and a fresh vector
    // each time cost a few allocations each.
    class PooledOptions {
     public:
      explicit PooledOptions(Walker& s) : s_(s) {
        if (!s.spare_children_.empty()) {
          options.pending = std::move(s.spare_children_.back());
          s.spare_children_.pop_back();
        }
      }
      ~PooledOptions() {
        options.pending.clear();
        try {
          s_.spare_children_.push_back(std::move(options.pending));
        } catch (...) {
          // (no memory for the pool: the vector is simply freed)
        }
      }
      PooledOptions(const PooledOptions&) = delete;
      PooledOptions& operator=(const PooledOptions&) = delete;
      Options options;

     private:
      Walker& s_;
    };

    // Options are split two at a time, each part's table slot fetched
    // ahead, then the batch looked up (a large table's slots are far apart in
    // memory: this overlaps the waits), and the listing may stop after any
    // batch. Four options a batch (30 November 2026, one thread): 4x11 7.7 to
    // 7.8 s against 8.0 with two, 5x9 32.4 s against 32.8 to 33.3; eight took
    // 9.0 and 38 s; on two threads four and two were level (0.993, 5 pairs).
    static constexpr std::size_t kBatch = 4;

    // Lists and splits the options of a part into `out` (its children, their
    // unknown parts on the end of parts_); options the table decides leave
    // the list, their values noted. Stops early, returning false, once the
    // values noted cover `stop` (nonempty): the part's value, the least value
    // no option has, is then none of them (Beling and Rogalski's cut during
    // the listing).
    bool expand(const Key& part, Options& out, const NimberSet& stop) {
      note_search();
      hashes_.clear();
      std::size_t batch_parts = parts_.size(), batch_children = out.pending.size();
      // Looks up the parts of the batch's children; false to stop.
      auto settle = [&]() {
        std::size_t kept = batch_parts;  // the unknown parts move down over the known ones
        std::size_t kept_children = batch_children;
        for (std::size_t k = batch_children; k < out.pending.size(); ++k) {
          Child c = out.pending[k];
          const std::size_t first = c.first, count = c.count;
          c.first = kept;
          c.count = 0;
          for (std::size_t i = first; i < first + count; ++i) {
            if (std::uint64_t v = 0; lookup_into(parts_[i], hashes_[i - batch_parts], v)) {
              c.known ^= v;
              continue;
            }
            // (Unknown: the search will ask what values it does not have.)
            table_.prefetch_facts(parts_[i], hashes_[i - batch_parts]);
            const std::uint64_t size = game_.size(parts_[i]);
            c.cost += size * size;
            if (kept != i) parts_[kept] = std::move(parts_[i]);
            ++kept;
            ++c.count;
          }
          if (c.count == 0) {
            out.known.insert(c.known);
            continue;
          }
          // The largest unknown part first: it is the one kept whole.
          const auto begin = parts_.begin() + static_cast<std::ptrdiff_t>(c.first);
          if (c.count > 1)
            std::iter_swap(begin, std::max_element(begin, begin + c.count, [&](const Key& a, const Key& b) {
                             return game_.size(a) < game_.size(b);
                           }));
          out.pending[kept_children++] = c;
        }
        out.pending.resize(kept_children);
        drop_parts_from(kept);
        hashes_.clear();
        batch_parts = parts_.size();
        batch_children = out.pending.size();
        return stop.empty() || !stop.without(out.known).empty();
      };
      bool go_on = true;
      for_each_option_split(part, [&](std::span<const Key> pieces) {
        ++out.count;
        Child c;
        c.first = parts_.size();
        parts_.insert(parts_.end(), pieces.begin(), pieces.end());
        cancel_pairs_from(c.first);
        c.count = static_cast<std::uint32_t>(parts_.size() - c.first);
        for (std::size_t i = c.first; i < parts_.size(); ++i) {
          hashes_.push_back(table_.hash_of(parts_[i]));
          table_.prefetch_value(parts_[i], hashes_.back());
        }
        out.pending.push_back(c);
        if (out.pending.size() - batch_children >= kBatch) go_on = settle();
        return go_on;
      });
      return go_on && settle();
    }

    // Calls f(parts) with the canonical parts of each option of a part (a
    // span valid during the call). f returns false to say no more options
    // are needed (a game may stop listing them, or go on: the rest are
    // ignored).
    template <class F>
    void for_each_option_split(const Key& part, F&& f) {
      bool go_on = true;
      if constexpr (requires { game_.for_each_option_parts(part, [](std::span<const Key>) {}); }) {
        game_.for_each_option_parts(part, [&](std::span<const Key> given) {
          if (go_on) go_on = f(given);
          return go_on;
        });
      } else {
        game_.for_each_option(part, [&](const Key& option) {
          if (go_on) {
            const std::vector<Key> pieces = game_.components(option);
            go_on = f(std::span<const Key>(pieces));
          }
          return go_on;
        });
      }
    }

    // Values every unknown part of a child but the largest, folding them into
    // its `known`: the child is then its first part plus *known.
    void reduce_to_one_part(Child& c) {
      while (c.count > 1) {
        --c.count;
        const Key other = parts_[c.first + c.count];
        c.known ^= exact_value(other);
      }
    }

    std::uint64_t exact_value(const Key part) {
      const std::uint64_t v = value_in_set(part, NimberSet::all());
      return v != kNotInSet ? v : value_of_part(part);  // (a value of 256 or more: not in any set)
    }

    enum class Listed { all, too_many, stopped };

    // Lists the options of a part into `out`, cheapest first. too_many for a
    // part of 256 options or more (its value may not fit a NimberSet: the
    // caller takes the plain mex), stopped when the values of options the
    // table decides cover `stop` (then the part's value is none of them);
    // nothing is left on parts_ but for `all`.
    Listed list_options(const Key& part, Options& out, const NimberSet& stop = NimberSet{}) {
      const std::size_t mark = parts_.size();
      const bool complete = expand(part, out, stop);
      if (!complete || out.count >= NimberSet::kLimit) {
        drop_parts_from(mark);
        return complete ? Listed::too_many : Listed::stopped;
      }
      // Ties in the game's order: a child's parts lie further up parts_ the
      // later it was listed, so (cost, first) orders as a stable sort by cost
      // would, without the buffer std::stable_sort allocates on every call.
      std::sort(out.pending.begin(), out.pending.end(),
                [](const Child& a, const Child& b) { return a.cost != b.cost ? a.cost < b.cost : a.first < b.first; });
      return Listed::all;
    }

    // The part's value when it lies in `wanted`; otherwise either its value or
    // kNotInSet. Values found are stored.
    std::uint64_t value_in_set(const Key part, NimberSet wanted) {
      NimberSet excluded;
      if (std::uint64_t entry = 0; table_.find_into(part, table_.hash_of(part), entry)) {
        if ((entry & kExcluded) == 0) return entry;
        excluded = NimberSet::of_low_word(entry & ~kExcluded);
        if (wanted.without(excluded).empty()) return kNotInSet;
      } else if (std::uint64_t known = 0; known_by_game(part, known)) {
        return known;
      }
      const std::uint64_t v = value_in_set_searched(part, wanted, excluded);
      if (v == kNotInSet)
        table_.store(part, kExcluded | ((excluded.low_word() | wanted.low_word()) & ~kExcluded), game_.size(part));
      return v;
    }

    // value_in_set for a part the table does not decide, known not to have
    // the values `excluded`.
    std::uint64_t value_in_set_searched(const Key& part, NimberSet wanted, NimberSet excluded) {
      const Deeper deeper(*this);
      const Busy busy(*this, part);
      const std::size_t mark = parts_.size();
      PooledOptions pooled(*this);
      Options& options = pooled.options;
      // The listing stops as soon as the options the table decides hit every
      // wanted value the part may have: at most its number of options.
      NimberSet stop = wanted.without(excluded);
      if constexpr (requires { game_.option_count(part); }) {
        const std::size_t n = game_.option_count(part);
        if (n < NimberSet::kLimit) stop = stop & NimberSet::below(static_cast<unsigned>(n) + 1);
      }
      if (stop.empty()) return kNotInSet;
      switch (list_options(part, options, stop)) {
        case Listed::too_many:
          return plain_value(part);
        case Listed::stopped:
          return kNotInSet;
        case Listed::all:
          break;
      }
      std::vector<Child>& children = options.pending;
      // The value is the least candidate no option hits.
      // (A value the part is known not to have is no candidate: should an
      // option hit it, the count below still bounds the candidates.)
      NimberSet candidates =
          NimberSet::below(static_cast<unsigned>(options.count) + 1).without(options.known).without(excluded);
      const std::size_t pending = children.size();
      const NimberSet up_to_wanted = wanted.empty() ? NimberSet{} : NimberSet::below(wanted.max() + 1);
      // Candidates above the least (options left + 1) can no longer be the
      // least unhit one: each option hits at most one value.
      candidates = candidates.least(static_cast<unsigned>(pending) + 1);
      bool exact = true, complete = true;
      std::uint64_t result = kNotInSet;
      for (std::size_t i = 0; i < children.size(); ++i) {
        if (!candidates.intersects(wanted)) {
          complete = false;  // the value is not wanted: no need to know it
          break;
        }
        // Ask the option about every candidate but the greatest: if it hits
        // none of them, the greatest is one too many (one option fewer left).
        if (put_off(children, i)) {
          --i;
          continue;
        }
        const NimberSet ask = candidates.without_max() & up_to_wanted;
        Child& c = children[i];
        reduce_to_one_part(c);
        const Key kept = parts_[c.first];  // (a copy: the search below grows parts_)
        const std::uint64_t v = c.known >= NimberSet::kLimit
                                    ? exact_value(kept)
                                    : value_in_set(kept, ask.xored(static_cast<unsigned>(c.known)));
        if (v != kNotInSet && ask.contains(v ^ c.known)) {
          candidates.erase(v ^ c.known);
        } else {
          // Not among the candidates asked about: the value (if it is one of
          // them at all) is above the wanted ones, or the greatest.
          if (v == kNotInSet)
            exact = false;
          else
            candidates.erase(v ^ c.known);
          candidates = candidates.least(static_cast<unsigned>(children.size() - i));
        }
      }
      // Every candidate below the least was hit, and the least, when it is
      // not above the wanted ones, was asked about with every option: the
      // value is exact.
      if (complete && (exact || candidates.min() <= wanted.max())) {
        result = candidates.min();
        table_.store(part, result, game_.size(part));
      }
      drop_parts_from(mark);
      return result;
    }

    // The value of a part at the top of a search: the candidates 0, 1, 2, ...
    // are tried in turn, each option asked only whether it has that value
    // (Beling and Rogalski's aspiration sets). An option found to have some
    // other value is dropped and its value skipped.
    std::uint64_t aspiration_value(const Key& part) {
      const Deeper deeper(*this);
      const Busy busy(*this, part);
      const std::size_t mark = parts_.size();
      PooledOptions pooled(*this);
      Options& options = pooled.options;
      if (list_options(part, options) != Listed::all) return plain_value(part);
      NimberSet hit = options.known;
      // A part the game knows to be a first-player win is not 0: no option
      // need be asked about 0.
      if constexpr (requires { game_.known_nonzero(part); }) {
        if (game_.known_nonzero(part)) hit.insert(0);
      }
      std::vector<Child>& pending = options.pending;
      std::uint64_t result = options.count;
      for (unsigned k = 0; k < options.count; ++k) {
        if (hit.contains(k)) continue;
        bool k_hit = false;
        // On several threads, round 0 is asked with every thread below the
        // same option (no option put off here; ABDADA shares the work below
        // it). Round 0 stops at its first hit whenever the position is a
        // first-player win (4 of the 6 odd-by-odd Cram boards of cram.tsv;
        // the others' round 0 is skipped, known nonzero), and an option
        // another thread took up meanwhile would be searched for nothing.
        // Later rounds put off: the last round asks every option, and there
        // the threads take different ones (docs/dev/search-log.md, 30
        // November 2026: 5x9 on two threads 0.85 of the time, 7x7 0.94).
        const bool may_put_off = k > 0;
        for (std::size_t i = 0; i < pending.size() && !k_hit;) {
          if (may_put_off && put_off(pending, i)) continue;
          Child& c = pending[i];
          reduce_to_one_part(c);
          const Key kept = parts_[c.first];  // (a copy: the search below grows parts_)
          const std::uint64_t v = c.known >= NimberSet::kLimit
                                      ? exact_value(kept)
                                      : value_in_set(kept, NimberSet::single(k ^ static_cast<unsigned>(c.known)));
          if (v == kNotInSet) {
            ++i;
            continue;
          }
          hit.insert(v ^ c.known);
          k_hit = (v ^ c.known) == k;
          pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(i));
        }
        if (!k_hit) {
          result = k;
          break;
        }
      }
      table_.store(part, result, game_.size(part));
      drop_parts_from(mark);
      return result;
    }

    void drop_parts_from(std::size_t mark) {
      parts_.erase(parts_.begin() + static_cast<std::ptrdiff_t>(mark), parts_.end());
    }

    // Two equal parts of an option (parts_ from `first` on) add to 0 (G + G
    // is a second-player win): both go.
    void cancel_pairs_from(std::size_t first) {
      for (std::size_t i = first; i + 1 < parts_.size(); ++i)
        for (std::size_t j = i + 1; j < parts_.size(); ++j)
          if (parts_[i] == parts_[j]) {
            parts_.erase(parts_.begin() + static_cast<std::ptrdiff_t>(j));
            parts_.erase(parts_.begin() + static_cast<std::ptrdiff_t>(i));
            --i;
            break;
          }
    }

    ComponentSearch& owner_;
    const G& game_;
    const SearchMethod method_;
    Table& table_;
    const bool main_;                                 // the caller's thread (the others are helpers)
    std::vector<Key> parts_;                          // the unknown parts of the options being searched, a stack
    std::vector<std::size_t> hashes_;                 // those of the batch being listed (expand), in order
    std::vector<std::vector<Child>> spare_children_;  // for PooledOptions
    std::uint64_t searched_ = 0, counted_ = 0;        // parts searched by this thread; of them, added to the owner's
    std::size_t depth_ = 0;
    friend class ComponentSearch;
  };

  // The checkpoint of note_search, every 1,024 parts a walker searches.
  void checkpoint(Walker& w) {
    const std::uint64_t before = searched_.fetch_add(w.searched_ - w.counted_, std::memory_order_relaxed);
    w.counted_ = w.searched_;
    if (stop_.load(std::memory_order_relaxed)) throw Stopped{};
    if (!w.main_) return;
    interruption_point();
    // Each 65,536 parts once, whichever thread's count crossed the mark (the
    // main thread's own crossings alone missed some, or all, on several threads).
    const std::uint64_t block = (before + 1024) >> 16;
    if (observer_ && block != observed_block_) {
      observed_block_ = block;
      observer_(stats());
    }
  }

  // Runs query(walker) for a position of the given size: on this thread
  // alone, or on threads() threads at once, each with a walker of its own,
  // sharing the table; the first to finish gives the answer (any thread's
  // answer is the value: the table holds facts only) and stops the others.
  template <class Query>
  std::uint64_t run(std::size_t size, Query query) {
    const unsigned n = size >= kThreadsFrom ? threads() : 1;
    if (n <= 1) {
      main_walker_.start();
      try {
        const std::uint64_t v = query(main_walker_);
        main_walker_.flush_count();
        return v;
      } catch (...) {
        main_walker_.flush_count();
        throw;
      }
    }
    table_.share();
    if (!busy_) busy_ = std::make_unique<std::atomic<std::uint16_t>[]>(std::size_t{1} << kBusyBits);
    stop_.store(false);
    std::uint64_t answer = 0;
    bool answered = false;
    std::exception_ptr failure;
    std::mutex m;
    // What a thread ends with: an answer (the first kept), a failure, or
    // stopped by another; each of the first two stops the others.
    auto finish = [&](Walker& w, const std::uint64_t* v, std::exception_ptr e) {
      w.flush_count();
      const std::scoped_lock lock(m);
      if (v != nullptr && !answered && !failure) {
        answer = *v;
        answered = true;
      }
      if (e && !answered && !failure) failure = e;
      stop_.store(true);
    };
    auto work = [&](Walker& w) {
      w.start();
      try {
        const std::uint64_t v = query(w);
        finish(w, &v, nullptr);
      } catch (const Stopped&) {
        w.flush_count();
      } catch (...) {
        finish(w, nullptr, std::current_exception());
      }
    };
    {
      // Helpers from the process's pool (thread_pool.hpp): as many as are
      // free, up to n - 1; this thread searches too, alone if none is.
      HelperTeam helpers(n - 1, [&] {
        try {
          Walker w(*this, false);
          work(w);
        } catch (const std::bad_alloc&) {
          // (no memory for a helper's walker: the others search without it)
        }
      });
      work(main_walker_);
      helpers.join();
    }
    stop_.store(false);  // (a later search on this thread alone must not stop at once)
    table_.unshare();
    busy_.reset();
    if (failure) std::rethrow_exception(failure);
    return answer;
  }

  static constexpr unsigned kBusyBits = 16;  // 65,536 busy marks

  G game_;
  SearchMethod method_;
  Table table_;
  std::size_t depth_limit_ = 0;
  unsigned threads_ = 0;
  std::function<void(const SearchStats&)> observer_;
  std::atomic<std::uint64_t> searched_ = 0;  // parts whose options were listed, by every thread
  std::uint64_t observed_block_ = 0;         // searched_ >> 16 at the observer's last call (the main thread's)
  std::atomic<bool> stop_ = false;           // set when a search on several threads is over
  std::unique_ptr<std::atomic<std::uint16_t>[]> busy_;  // ABDADA's marks, during a search on several threads
  Walker main_walker_{*this, true};
};

}  // namespace grundy
