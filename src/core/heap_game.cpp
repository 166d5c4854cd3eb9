#include "grundy/heap_game.hpp"

#include <fmt/format.h>

namespace grundy {

std::string HeapGame::heap_not_smaller(Position from, Position to) {
  if (to == from) return fmt::format("a move must take at least one token: the heap of {} must become smaller", from);
  return fmt::format("a heap only shrinks: {} is more than the heap of {}", to, from);
}

std::string HeapGame::pattern_limit_problem(std::uint64_t limit, std::string_view spec) const {
  if (limit == 0) return "zero examines nothing";
  if (limit > max_pattern_limit())
    return fmt::format("too large; {} examines heaps up to {}", spec, max_pattern_limit());
  return "";
}

}  // namespace grundy
