// An independent value of Node Kayles on the m x n grid graph, with none of
// grundy's code: a move removes a vertex and its neighbours; the value of a
// position is the nim-sum of its connected pieces' values, and a piece's
// value is the mex of its options' values (Sprague-Grundy). Pieces are kept
// in a hash table under their cells shifted to the top left corner (no
// canonical form beyond that translation, no pruning, no search bounds):
// slow, and simple enough to be checked by reading.
//
// Usage: node_kayles_grid_check M N   (M * N <= 128)
// Prints the value, the pieces valued and the seconds taken.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <vector>

namespace {

using Cells = unsigned __int128;  // cell r * width + c

struct CellsHash {
  std::size_t operator()(Cells c) const {
    const auto low = static_cast<std::uint64_t>(c), high = static_cast<std::uint64_t>(c >> 64);
    return std::hash<std::uint64_t>{}(low * 0x9E3779B97F4A7C15ULL ^ (high + 0x632BE59BD9B4E019ULL));
  }
};

unsigned rows, width;
std::vector<Cells> closed;  // closed[v]: v and its neighbours
Cells column0 = 0;          // every cell of column 0
std::unordered_map<Cells, std::uint32_t, CellsHash> memo;

Cells bit(unsigned v) { return Cells{1} << v; }

unsigned lowest(Cells c) {
  const auto low = static_cast<std::uint64_t>(c);
  return low != 0 ? static_cast<unsigned>(__builtin_ctzll(low))
                  : 64 + static_cast<unsigned>(__builtin_ctzll(static_cast<std::uint64_t>(c >> 64)));
}

// The piece holding cell `v` of `cells`: grown a neighbourhood at a time.
Cells piece_of(Cells cells, unsigned v) {
  Cells piece = bit(v), frontier = bit(v);
  while (frontier != 0) {
    Cells next = 0;
    for (Cells f = frontier; f != 0; f &= f - 1) next |= closed[lowest(f)];
    next &= cells & ~piece;
    piece |= next;
    frontier = next;
  }
  return piece;
}

// The piece moved to row 0 and column 0.
Cells shifted(Cells piece) {
  piece >>= (lowest(piece) / width) * width;
  while ((piece & column0) == 0) piece >>= 1;
  return piece;
}

std::uint32_t value(Cells cells);

std::uint32_t piece_value(Cells piece) {
  piece = shifted(piece);
  if (const auto it = memo.find(piece); it != memo.end()) return it->second;
  std::vector<bool> seen;
  for (Cells c = piece; c != 0; c &= c - 1) {
    const std::uint32_t v = value(piece & ~closed[lowest(c)]);
    if (v >= seen.size()) seen.resize(v + 1, false);
    seen[v] = true;
  }
  std::uint32_t mex = 0;
  while (mex < seen.size() && seen[mex]) ++mex;
  memo.emplace(piece, mex);
  return mex;
}

std::uint32_t value(Cells cells) {
  std::uint32_t sum = 0;
  while (cells != 0) {
    const Cells piece = piece_of(cells, lowest(cells));
    sum ^= piece_value(piece);
    cells &= ~piece;
  }
  return sum;
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
  closed.resize(rows * width);
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
  const auto start = std::chrono::steady_clock::now();
  Cells all = 0;
  for (unsigned v = 0; v < rows * width; ++v) all |= bit(v);
  const std::uint32_t g = value(all);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%u\t%u\t%u\t%zu\t%.2f\n", rows, width, g, memo.size(), seconds);
  return 0;
}
