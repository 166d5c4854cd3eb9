// Bring your own game: describe the moves, and grundy's Solver does the rest.
// The game: a heap of n tokens; take 1 or 4 tokens, or halve an even heap.
#include <cstdint>
#include <iostream>
#include <vector>

#include <grundy/grundy.hpp>

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
  // A grundy::Nimber prints as its number, with iostreams as here or with
  // fmt (fmt::print("{:>3}", v)).
  for (std::uint64_t n = 0; n <= 20; ++n) std::cout << "G(" << n << ") = " << solver.value(n) << '\n';

  const std::uint64_t heap = 1000;
  std::cout << "heap " << heap << ": the " << grundy::to_string(solver.winner(heap)) << " player wins";
  if (auto moves = solver.winning_moves(heap); !moves.empty()) std::cout << ", e.g. by moving to " << moves.front();
  std::cout << '\n';
}
