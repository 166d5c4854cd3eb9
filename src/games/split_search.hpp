#pragma once
// The splits of a heap that reach a given value, found without looking at
// every split: the search behind a take-and-break game's winning moves on
// heaps of any size (take_and_break.cpp).
//
// A heap of r tokens splits into a + (r - a) in about r / 2 ways, 2^62 for
// a heap near 2^64: far too many to scan. But once the values are proven
// periodic from e on with period p, G(a) depends only on a mod p for a >= e,
// and for a split a <= r - a with a >= e both heaps are in the periodic
// part. So whether a + (r - a) has value t depends only on a mod p: the
// splits with a >= e that reach t are a union of at most p arithmetic
// progressions, found by testing one a of each residue, and counted by
// division. The splits with a < e are tested one by one. The cost is
// O(e + p), whatever r is. Three-heap splits a <= b <= c are searched by a
// for each a in turn (each a a two-heap search of r - a), skipping the
// residues of a that are known to reach nothing.
//
// Preconditions: every heap asked about has a value in `HeapValues` (the
// caller has computed the table or proven the period).

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_set>
#include <utility>
#include <vector>

#include "grundy/games/take_and_break_values.hpp"
#include "grundy/hash_mix.hpp"
#include "grundy/periodicity.hpp"
#include "support/periodic_matches.hpp"

namespace grundy::split_search {

__extension__ typedef unsigned __int128 u128;

// G(n) for every heap: the table, and past it the proven period.
class HeapValues {
 public:
  HeapValues(const TakeAndBreakValues& table, std::optional<Periodicity> period) : table_(&table), period_(period) {}
  [[nodiscard]] std::uint32_t operator()(std::uint64_t n) const {
    return (*table_)[period_ && n >= table_->size() ? period_->reduce(n) : n];
  }
  // The first heap of the periodic part; every heap when there is no period
  // (kNone): then each is looked up in the table.
  static constexpr std::uint64_t kNone = ~std::uint64_t{0};
  [[nodiscard]] std::uint64_t periodic_from() const { return period_ ? period_->preperiod : kNone; }
  [[nodiscard]] std::uint64_t period() const { return period_ ? period_->period : 0; }

 private:
  const TakeAndBreakValues* table_;
  std::optional<Periodicity> period_;
};

using Count = MatchCount;

// The splits a + (r - a) with lo <= a <= hi (hi <= r / 2, so a <= r - a)
// and G(a) xor G(r - a) == target. Calls emit(a) for the first `limit`
// such a, in increasing order. Counts them all when `count_all` (O(e + p)
// with a period: from e on both heaps are in the periodic part, so the test
// depends only on a mod p; a scan of [lo, hi] without); otherwise stops
// once `limit` are emitted and one more is seen (the count is then
// incomplete).
template <class Emit>
Count pairs_to_value(const HeapValues& g, std::uint64_t r, std::uint64_t lo, std::uint64_t hi, std::uint32_t target,
                     std::uint64_t limit, bool count_all, Emit&& emit) {
  const std::uint64_t e = g.periodic_from() == HeapValues::kNone ? kNoPeriod : g.periodic_from();
  return periodic_matches(
      lo, hi, e, g.period(), [&](std::uint64_t a) { return (g(a) ^ g(r - a)) == target; }, limit, count_all,
      std::forward<Emit>(emit));
}

// The splits a + b + c with 1 <= a <= b <= c, a + b + c = r and
// G(a) xor G(b) xor G(c) == target. Calls emit(a, b) for the first `limit`,
// in increasing order of a, then b. Counts them all when `count_all`;
// otherwise stops once `limit` are emitted and one more is seen.
template <class Emit>
Count triples_to_value(const HeapValues& g, std::uint64_t r, std::uint32_t target, std::uint64_t limit, bool count_all,
                       Emit&& emit) {
  Count out;
  std::uint64_t emitted = 0;
  const std::uint64_t e = g.periodic_from();
  const std::uint64_t p = g.period();
  // In the bulk, a >= e and [a, (r - a) / 2] holds every residue of b: then
  // whether some b reaches the target depends only on a mod p. `bulk_end`
  // is the last such a (the condition weakens as a grows).
  auto in_bulk = [&](std::uint64_t a) { return e != HeapValues::kNone && a >= e && (r - a) / 2 >= a + p - 1; };
  std::uint64_t bulk_end = 0;
  if (in_bulk(std::max<std::uint64_t>(e, 1))) {
    std::uint64_t lo = std::max<std::uint64_t>(e, 1), hi = r / 3;  // in_bulk(lo) holds
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo + 1) / 2;
      if (in_bulk(mid))
        lo = mid;
      else
        hi = mid - 1;
    }
    bulk_end = lo;
  }
  std::vector<bool> dead(count_all ? 0 : p, false);  // residues of a in the bulk that reach nothing
  std::uint64_t dead_count = 0;
  for (std::uint64_t a = 1; a <= r / 3; ++a) {
    const bool bulk = !count_all && in_bulk(a) && a <= bulk_end;
    if (bulk && dead[a % p]) {
      if (dead_count == p) a = bulk_end;  // nothing in the rest of the bulk
      continue;
    }
    const std::uint64_t rest = r - a;
    const std::uint64_t room = limit - emitted;
    const Count inner =
        pairs_to_value(g, rest, a, rest / 2, target ^ g(a), room, count_all, [&](std::uint64_t b) { emit(a, b); });
    out.found += inner.found;
    emitted += static_cast<std::uint64_t>(std::min<u128>(inner.found, room));
    if (!count_all && (!inner.complete || inner.found > room)) {
      out.complete = false;
      return out;
    }
    if (bulk && inner.found == 0) {
      dead[a % p] = true;
      ++dead_count;
    }
  }
  return out;
}

// The splits a_1 <= ... <= a_k of r tokens into k >= 2 non-empty heaps with
// G(a_1) xor ... xor G(a_k) == target and every heap but the last at most
// `cap`, in increasing order (lexicographic in a_1..a_{k-1}), where g(n)
// is G(n) and p the period of the values (0 for none): calls
// emit(heaps) for each, until emit returns false. Returns false when it
// stopped so.
//
// A depth-first search that remembers each state with nothing below it:
// (heaps placed, the least next heap, tokens placed, xor so far). With
// `last_periodic` the caller promises that the last heap is in the periodic
// part whatever the others are, and never below cap (r >= k cap and
// r - (k - 1) cap >= e, the preperiod): then only
// the tokens placed modulo p decide it, and the states are few, about
// k cap p V for values below V, whatever r is.
template <class Values, class Emit>
bool splits_to_value(const Values& g, std::uint64_t p, std::uint64_t r, unsigned k, std::uint32_t target,
                     std::uint64_t cap, bool last_periodic, Emit&& emit) {
  struct State {
    std::uint64_t lo, placed;
    std::uint32_t x, j;
    bool operator==(const State&) const = default;
  };
  struct StateHash {
    std::size_t operator()(const State& s) const {
      const std::uint64_t h = mix_in(mix_in(kHashSeed, s.lo), s.placed);
      return static_cast<std::size_t>(mix64(h ^ (std::uint64_t{s.x} << 32 | s.j)));
    }
  };
  std::unordered_set<State, StateHash> barren;  // states with no split below them
  std::vector<std::uint64_t> heaps(k);
  enum class Found { none, some, stop };
  // Heaps j.. (j < k - 1) of the r - placed tokens left, each from lo on.
  auto place = [&](auto& self, unsigned j, std::uint64_t lo, std::uint64_t placed, std::uint32_t x) -> Found {
    const std::uint64_t left = r - placed;
    if (j + 1 == k) {
      heaps[j] = left;
      if ((x ^ g(left)) != target) return Found::none;
      return emit(std::span<const std::uint64_t>(heaps)) ? Found::some : Found::stop;
    }
    const State key{lo, last_periodic ? placed % p : placed, x, j};
    if (barren.count(key) != 0) return Found::none;
    Found out = Found::none;
    const std::uint64_t rest = k - j;  // heaps still to place, the last included
    for (std::uint64_t a = lo; a <= cap && a <= left / rest; ++a) {
      heaps[j] = a;
      const Found below = self(self, j + 1, a, placed + a, x ^ g(a));
      if (below == Found::stop) return below;
      if (below == Found::some) out = below;
    }
    if (out == Found::none) barren.insert(key);
    return out;
  };
  return place(place, 0, 1, 0, 0) != Found::stop;
}

}  // namespace grundy::split_search
