#pragma once
// MisereSolver: an exact misère search that a family supplies for sums of
// its own positions (Game::misere_solver), where it knows more than the
// general search of misere_search.hpp: that a position falls apart into
// independent parts, and which parts are the same up to symmetry. Cram
// keeps a sum as the multiset of its canonical regions (misere_parts_search.hpp).

#include <cstdint>
#include <span>

#include "grundy/game.hpp"

namespace grundy {

// Cost: the solver's. In general exponential in the sum's size, bounded by
// the sums and memory given to Game::misere_solver (LimitError past them);
// the built-in solver's sums_searched is O(1).
class MisereSolver {
 public:
  virtual ~MisereSolver() = default;
  // True when the player who moved last into the sum of `positions` (all of
  // the game that made this solver) wins in misère play: a P-position. Throws
  // LimitError (MemoryBoundError for memory) past the solver's bounds.
  [[nodiscard]] virtual bool is_p_position(std::span<const Position> positions) = 0;
  // Distinct sums whose outcome the solver knows.
  [[nodiscard]] virtual std::uint64_t sums_searched() const = 0;
};

}  // namespace grundy
