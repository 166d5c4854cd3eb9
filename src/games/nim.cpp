#include "grundy/games/nim.hpp"

namespace grundy {

// From a heap of n, the only move to value t (= heap size t) is to take n - t,
// possible exactly when t < n.
std::vector<Position> Nim::moves_to_value(Position n, Nimber target) const {
  if (target.value() < n) return {target.value()};
  return {};
}

}  // namespace grundy
