#pragma once
// mex: the minimum excludant, the smallest nimber not in a collection.
// The Grundy value of a position is the mex of the values of its options.
//
// One implementation, two ways in: mex() of a collection at hand, and
// MexMarks for loops that compute many values in a row (tables, graphs),
// which mark each option's value as it comes and keep their marks allocated.

#include <bit>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "grundy/nimber.hpp"

namespace grundy {

class MexMarks {
 public:
  // Marks value v. O(1) amortized; the marks grow to the largest value
  // marked, so callers bound v (the mex of k values is at most k, and a
  // XOR of values below 2^b is below 2^b).
  void mark(std::uint64_t v) {
    if (v >= marks_.size()) marks_.resize(static_cast<std::size_t>(v) + 1, 0);
    if (marks_[v] == 0) {
      marks_[v] = 1;
      touched_.push_back(v);
    }
  }
  // The mex of the values marked since the last take; clears the marks.
  // O(number of values marked).
  [[nodiscard]] Nimber take() {
    std::uint64_t m = 0;
    while (m < marks_.size() && marks_[m] != 0) ++m;
    for (std::uint64_t v : touched_) marks_[v] = 0;
    touched_.clear();
    return Nimber(m);
  }
  // The mex of value_at(0 .. count - 1), in O(count): values above count
  // cannot matter and are not marked; below 64 values, one machine word
  // holds the marks.
  template <class ValueAt>
  [[nodiscard]] Nimber mex_of(std::size_t count, ValueAt&& value_at) {
    if (count < 64) {
      std::uint64_t seen = 0;
      for (std::size_t i = 0; i < count; ++i)
        if (const std::uint64_t v = value_at(i); v < 64) seen |= std::uint64_t{1} << v;
      return Nimber(static_cast<std::uint64_t>(std::countr_one(seen)));
    }
    for (std::size_t i = 0; i < count; ++i)
      if (const std::uint64_t v = value_at(i); v <= count) mark(v);
    return take();
  }

 private:
  std::vector<unsigned char> marks_;
  std::vector<std::uint64_t> touched_;
};

// O(k) for k values, no sorting.
[[nodiscard]] inline Nimber mex(std::span<const Nimber> values) {
  MexMarks marks;
  return marks.mex_of(values.size(), [&](std::size_t i) { return values[i].value(); });
}

[[nodiscard]] inline Nimber mex(std::initializer_list<Nimber> values) {
  return mex(std::span<const Nimber>(values.begin(), values.size()));
}

}  // namespace grundy
