#include "grundy/heap_game.hpp"

#include <fmt/format.h>

namespace grundy {

std::string HeapGame::heap_not_smaller(Position from, Position to) {
  if (to == from) return fmt::format("a move must take at least one token: the heap of {} must become smaller", from);
  return fmt::format("a heap only shrinks: {} is more than the heap of {}", to, from);
}

}  // namespace grundy
