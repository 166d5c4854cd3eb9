// Bring your own game: describe the moves, and grundy's Solver does the rest.
// The game: a heap of n tokens; take 1 or 4 tokens, or halve an even heap.
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "grundy/solver.hpp"

struct OneFourOrHalve {
  using Position = std::uint64_t;  // the heap size

  std::vector<Position> moves(Position n) const {
    std::vector<Position> next;
    if (n >= 1) next.push_back(n - 1);
    if (n >= 4) next.push_back(n - 4);
    if (n >= 2 && n % 2 == 0) next.push_back(n / 2);
    return next;
  }
};

int main() {
  grundy::Solver<OneFourOrHalve> solver;
  for (std::uint64_t n = 0; n <= 20; ++n) fmt::print("G({}) = {}\n", n, solver.value(n));

  const std::uint64_t heap = 1000;
  fmt::print("heap {}: the {} player wins", heap, grundy::to_string(solver.winner(heap)));
  if (auto moves = solver.winning_moves(heap); !moves.empty()) fmt::print(", e.g. by moving to {}", moves.front());
  fmt::print("\n");
}
