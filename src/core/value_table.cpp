#include "grundy/value_table.hpp"

#include <limits>

namespace grundy {

template <class Narrow, class Wide>
void ValueTable::widen() {
  const auto& narrow = std::get<std::vector<Narrow>>(data_);
  std::vector<Wide> wide(narrow.begin(), narrow.end());
  wide.reserve(narrow.capacity());
  data_ = std::move(wide);
}

void ValueTable::push_back(Nimber v) {
  const std::uint64_t x = v.value();
  // Widen step by step until x fits; each step happens at most once per table.
  if (std::holds_alternative<std::vector<std::uint8_t>>(data_) && x > std::numeric_limits<std::uint8_t>::max())
    widen<std::uint8_t, std::uint16_t>();
  if (std::holds_alternative<std::vector<std::uint16_t>>(data_) && x > std::numeric_limits<std::uint16_t>::max())
    widen<std::uint16_t, std::uint32_t>();
  if (std::holds_alternative<std::vector<std::uint32_t>>(data_) && x > std::numeric_limits<std::uint32_t>::max())
    widen<std::uint32_t, std::uint64_t>();
  std::visit([x](auto& vec) { vec.push_back(static_cast<typename std::decay_t<decltype(vec)>::value_type>(x)); },
             data_);
}

}  // namespace grundy
