#pragma once
// ValueTable: the Grundy values G(0), G(1), ..., G(N) of a heap-indexed game,
// each stored in the narrowest unsigned type that holds the largest value so
// far (one byte per heap size for most games of interest).
//
// Memory: bytes_per_value() bytes a value, plus std::vector's spare
// capacity. size, operator[] and bytes_per_value are O(1).

#include <cstddef>
#include <cstdint>
#include <variant>
#include <vector>

#include "grundy/nimber.hpp"

namespace grundy {

class ValueTable {
 public:
  [[nodiscard]] std::size_t size() const {
    return std::visit([](const auto& v) { return v.size(); }, data_);
  }
  [[nodiscard]] bool empty() const { return size() == 0; }

  [[nodiscard]] Nimber operator[](std::size_t n) const {
    return std::visit([n](const auto& v) { return Nimber(v[n]); }, data_);
  }

  // Appends G(size()). Widens the storage when `v` does not fit.
  // O(1) amortised. Widening copies the table, O(size()) with the old and
  // the new arrays held at once, and happens at most three times a table.
  void push_back(Nimber v);

  // At most one reallocation: O(size()) when it moves the values.
  void reserve(std::size_t n) {
    std::visit([n](auto& v) { v.reserve(n); }, data_);
  }

  // Bytes used per stored value: 1, 2, 4 or 8.
  [[nodiscard]] std::size_t bytes_per_value() const {
    return std::visit([](const auto& v) { return sizeof(v[0]); }, data_);
  }

 private:
  template <class Narrow, class Wide>
  void widen();

  std::variant<std::vector<std::uint8_t>, std::vector<std::uint16_t>, std::vector<std::uint32_t>,
               std::vector<std::uint64_t>>
      data_;
};

}  // namespace grundy
