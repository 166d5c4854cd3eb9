// An independent value of Node Kayles on the m x n grid graph, with none of
// grundy's code (node_kayles_pieces.hpp: a memoised mex over connected
// pieces). A piece is kept under the least of its four mirror images
// (left-right, top-bottom, both), each moved to the top left corner: mirror
// images of a piece are the same graph, so they have one value. No other
// canonical form, no pruning, no search bounds: slow, and simple enough to be
// checked by reading.
//
// Usage: node_kayles_grid_check M N   (M * N <= 128)
// Prints M, N, the value, the pieces valued (one per mirror class) and the
// seconds taken.

#include <array>
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
using node_kayles_pieces::lowest;

unsigned rows, width;  // cell r * width + c
Cells column0 = 0;     // every cell of column 0
Cells row0 = 0;        // every cell of row 0

// The piece moved to row 0 and column 0.
Cells shifted(Cells piece) {
  piece >>= (lowest(piece) / width) * width;
  while ((piece & column0) == 0) piece >>= 1;
  return piece;
}

// The least of the piece's four mirror images, each at the top left corner.
Cells canonical(Cells piece) {
  piece = shifted(piece);
  std::array<Cells, 128> line{}, reversed{};  // row r's cells, and mirrored left-right
  unsigned height = 0, span = 0;
  for (unsigned r = 0; r < rows; ++r) {
    line[r] = (piece >> (r * width)) & row0;
    for (Cells c = line[r]; c != 0; c &= c - 1) {
      height = r + 1;
      if (lowest(c) + 1 > span) span = lowest(c) + 1;
    }
  }
  for (unsigned r = 0; r < height; ++r)
    for (Cells c = line[r]; c != 0; c &= c - 1) reversed[r] |= bit(span - 1 - lowest(c));
  Cells best = piece, up_down = 0, left_right = 0, both = 0;
  for (unsigned r = 0; r < height; ++r) {
    up_down |= line[height - 1 - r] << (r * width);
    left_right |= reversed[r] << (r * width);
    both |= reversed[height - 1 - r] << (r * width);
  }
  for (const Cells image : {up_down, left_right, both})
    if (image < best) best = image;
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: node_kayles_grid_check M N   (M * N <= 128)\n");
    return 2;
  }
  rows = static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10));
  width = static_cast<unsigned>(std::strtoul(argv[2], nullptr, 10));
  if (rows == 0 || width == 0 || rows * width > 128) {
    std::fprintf(stderr, "node_kayles_grid_check: M and N from 1, M * N at most 128\n");
    return 2;
  }
  std::vector<Cells> closed(rows * width);  // closed[v]: v and its neighbours
  for (unsigned r = 0; r < rows; ++r)
    for (unsigned c = 0; c < width; ++c) {
      const unsigned v = r * width + c;
      closed[v] = bit(v);
      if (c > 0) closed[v] |= bit(v - 1);
      if (c + 1 < width) closed[v] |= bit(v + 1);
      if (r > 0) closed[v] |= bit(v - width);
      if (r + 1 < rows) closed[v] |= bit(v + width);
    }
  for (unsigned r = 0; r < rows; ++r) column0 |= bit(r * width);
  for (unsigned c = 0; c < width; ++c) row0 |= bit(c);
  const auto start = std::chrono::steady_clock::now();
  Cells all = 0;
  for (unsigned v = 0; v < rows * width; ++v) all |= bit(v);
  node_kayles_pieces::Values values(std::move(closed), canonical);
  const std::uint32_t g = values.value(all);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%u\t%u\t%u\t%zu\t%.2f\n", rows, width, g, values.pieces(), seconds);
  return 0;
}
