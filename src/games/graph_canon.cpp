#include "games/graph_canon.hpp"

#include <nauty/nauty.h>

#include <cstddef>

namespace grundy {

std::vector<unsigned> canonical_order(std::span<const VertexSet> rows) {
  const int n = static_cast<int>(rows.size());
  if (n <= 1) return std::vector<unsigned>(rows.size(), 0);
  const int m = SETWORDSNEEDED(n);
  // The header and the library agree on WORDSIZE and MAXN (aborts if not).
  nauty_check(WORDSIZE, m, n, NAUTYVERSIONID);
  const std::size_t words = static_cast<std::size_t>(m) * rows.size();
  std::vector<graph> g(words, 0), canon(words, 0);
  for (std::size_t v = 0; v < rows.size(); ++v) {
    graph* row = g.data() + static_cast<std::size_t>(m) * v;  // GRAPHROW(g, v, m)
    for (VertexSet s = rows[v]; s != 0; s &= s - 1) {
      const auto low = static_cast<std::uint64_t>(s);
      const int u = low != 0 ? __builtin_ctzll(low) : 64 + __builtin_ctzll(static_cast<std::uint64_t>(s >> 64));
      ADDELEMENT(row, u);
    }
  }
  std::vector<int> lab(rows.size()), ptn(rows.size()), orbits(rows.size());
  DEFAULTOPTIONS_GRAPH(options);
  options.getcanon = TRUE;
  statsblk stats;
  densenauty(g.data(), lab.data(), ptn.data(), orbits.data(), &options, &stats, m, n, canon.data());
  std::vector<unsigned> order(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) order[i] = static_cast<unsigned>(lab[i]);
  return order;
}

}  // namespace grundy
