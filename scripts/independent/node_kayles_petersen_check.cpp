// An independent value of Node Kayles on the generalized Petersen graph
// GP(n, k), with none of grundy's code (node_kayles_pieces.hpp: a memoised mex
// over connected pieces): outer vertices u_i (bit i) on a cycle, spokes
// u_i v_i, inner vertices v_i (bit n + i) joined to v_{i+k} (indices mod n).
// A piece is kept under the least of its images by the graph's 2n rotations
// and reflections i -> +-i + r, which map the graph onto itself, so that
// isomorphic pieces share one entry. No other canonical form, no pruning:
// simple enough to be checked by reading.
//
// Usage: node_kayles_petersen_check N [K]   (5 <= N <= 64, 1 <= K < N / 2; K = 2 by default)
// Prints n, vertices, value, seconds (wall), pieces valued: the columns of
// docs/census/node-kayles-petersen-check.tsv.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "node_kayles_pieces.hpp"

namespace {

using node_kayles_pieces::bit;
using node_kayles_pieces::Cells;

unsigned n;
std::uint64_t ring = 0;  // the n bits of one ring

// One ring's bits turned by r places (i -> i + r mod n).
std::uint64_t turned(std::uint64_t x, unsigned r) { return r == 0 ? x : ((x << r) | (x >> (n - r))) & ring; }

// One ring's bits mirrored (i -> -i mod n): bit 0 stays, bit i goes to n - i.
std::uint64_t mirrored(std::uint64_t x) {
  std::uint64_t out = x & 1;
  for (std::uint64_t rest = x & ~std::uint64_t{1}; rest != 0; rest &= rest - 1)
    out |= std::uint64_t{1} << (n - static_cast<unsigned>(__builtin_ctzll(rest)));
  return out;
}

// The least image of a piece under the 2n rotations and reflections.
Cells canonical(Cells piece) {
  const std::uint64_t outer = static_cast<std::uint64_t>(piece) & ring;
  const std::uint64_t inner = static_cast<std::uint64_t>(piece >> n) & ring;
  Cells best = piece;
  const std::uint64_t sides[2][2] = {{outer, inner}, {mirrored(outer), mirrored(inner)}};
  for (const auto& side : sides)
    for (unsigned r = 0; r < n; ++r) {
      const Cells image = Cells{turned(side[0], r)} | (Cells{turned(side[1], r)} << n);
      if (image < best) best = image;
    }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && argc != 3) {
    std::fprintf(stderr, "usage: node_kayles_petersen_check N [K]   (5 <= N <= 64, 1 <= K < N / 2; K = 2)\n");
    return 2;
  }
  n = static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10));
  const unsigned k = argc == 3 ? static_cast<unsigned>(std::strtoul(argv[2], nullptr, 10)) : 2;
  if (n < 5 || n > 64 || k < 1 || 2 * k >= n) {
    std::fprintf(stderr, "node_kayles_petersen_check: N from 5 to 64, K from 1 to below N / 2\n");
    return 2;
  }
  ring = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  std::vector<Cells> closed(2 * n);  // closed[x]: x and its neighbours
  for (unsigned x = 0; x < 2 * n; ++x) closed[x] = bit(x);
  auto join = [&closed](unsigned a, unsigned b) {
    closed[a] |= bit(b);
    closed[b] |= bit(a);
  };
  for (unsigned i = 0; i < n; ++i) {
    join(i, (i + 1) % n);          // the outer cycle
    join(i, n + i);                // a spoke
    join(n + i, n + (i + k) % n);  // the inner star polygon
  }
  const auto start = std::chrono::steady_clock::now();
  Cells all = 0;
  for (unsigned x = 0; x < 2 * n; ++x) all |= bit(x);
  node_kayles_pieces::Values values(std::move(closed), canonical);
  const std::uint32_t g = values.value(all);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%u\t%u\t%u\t%.2f\t%zu\n", n, 2 * n, g, seconds, values.pieces());
  return 0;
}
