#pragma once
// The numbers a in a range [lo, hi] that pass a test which, from some e on,
// depends only on a mod p: found without testing every a. The search behind
// the winning moves that split a heap of any size into two, in normal play
// (games/split_search.hpp, by values) and in misère play (by the classes of
// a misère quotient).
//
// Below e each a is tested in turn. From e on, one a of each residue class
// is tested, and a class that passes contributes an arithmetic progression,
// counted by division. The cost is O(e + p) tests, whatever hi - lo is.

#include <cstdint>
#include <vector>

namespace grundy {

// How a search ended: how many numbers pass (exact when `complete`).
struct MatchCount {
  __extension__ unsigned __int128 found = 0;
  bool complete = true;
};

// test(a) for every a in [lo, hi] and emit(a) for the first `limit` that
// pass, in increasing order. With `e` == kNoPeriod every a is tested; else
// test(a) must depend only on a mod p for a >= e (p >= 1). Counts every a
// that passes when `count_all`; otherwise stops once `limit` are emitted
// and one more passes (the count is then incomplete).
inline constexpr std::uint64_t kNoPeriod = ~std::uint64_t{0};

template <class Test, class Emit>
MatchCount periodic_matches(std::uint64_t lo, std::uint64_t hi, std::uint64_t e, std::uint64_t p, Test&& test,
                            std::uint64_t limit, bool count_all, Emit&& emit) {
  MatchCount out;
  if (lo > hi) return out;
  std::uint64_t emitted = 0;
  if (e == kNoPeriod || lo < e) {
    const std::uint64_t direct_end = e == kNoPeriod ? hi : std::min(hi, e - 1);
    for (std::uint64_t a = lo;; ++a) {
      if (test(a)) {
        if (emitted == limit && !count_all) {
          out.complete = false;
          return out;
        }
        ++out.found;
        if (emitted < limit) {
          emit(a);
          ++emitted;
        }
      }
      if (a == direct_end) break;  // not a loop condition: hi may be the largest number there is
    }
  }
  if (e == kNoPeriod) return out;
  const std::uint64_t first = std::max(lo, e);
  if (first > hi) return out;
  std::vector<std::uint64_t> starts;  // the smallest a of each class that passes
  for (std::uint64_t a = first; a <= hi && a - first < p; ++a)
    if (test(a)) {
      starts.push_back(a);
      out.found += (hi - a) / p + 1;
    }
  // In increasing order: round k emits start + k p for every start.
  for (std::uint64_t k = 0; emitted < limit && !starts.empty(); ++k) {
    for (std::uint64_t s : starts) {
      if ((hi - s) / p < k) return out;  // this start and every later one are past hi
      if (emitted == limit) return out;
      emit(s + k * p);
      ++emitted;
    }
  }
  return out;
}

}  // namespace grundy
