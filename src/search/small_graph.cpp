#include "grundy/search/small_graph.hpp"

#include <array>

#include "games/graph_canon.hpp"
#include "grundy/hash_mix.hpp"

namespace grundy {

std::size_t VertexSetHash::operator()(VertexSet s) const {
  return static_cast<std::size_t>(mix64(static_cast<std::uint64_t>(s) ^ mix64(static_cast<std::uint64_t>(s >> 64))));
}

SmallGraph::SmallGraph(std::span<const VertexSet> rows) : order_(static_cast<std::uint8_t>(rows.size())) {
  const std::size_t n = rows.size();
  words_.assign((n * n + 63) / 64, 0);
  for (std::size_t v = 0; v < n; ++v)
    for (VertexSet s = rows[v]; s != 0; s &= s - 1) {
      const std::size_t bit = v * n + lowest_vertex(s);
      words_[bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
}

std::vector<VertexSet> SmallGraph::rows() const {
  const unsigned n = order_;
  std::vector<VertexSet> out(n, 0);
  for (std::size_t w = 0; w < words_.size(); ++w)
    for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1) {
      const std::size_t bit = w * 64 + static_cast<unsigned>(__builtin_ctzll(bits));
      out[bit / n] |= VertexSet{1} << (bit % n);
    }
  return out;
}

std::size_t SmallGraphHash::operator()(const SmallGraph& g) const {
  std::uint64_t h = mix64(g.order());
  for (const std::uint64_t w : g.words()) h = mix64(h ^ w);
  return static_cast<std::size_t>(h);
}

SmallGraph induced_subgraph(std::span<const VertexSet> rows, VertexSet keep) {
  std::array<std::uint8_t, kSmallGraphMaxVertices> renumbered{};
  unsigned n = 0;
  for (VertexSet s = keep; s != 0; s &= s - 1) renumbered[lowest_vertex(s)] = static_cast<std::uint8_t>(n++);
  std::vector<VertexSet> out(n, 0);
  for (VertexSet s = keep; s != 0; s &= s - 1) {
    const unsigned v = lowest_vertex(s);
    for (VertexSet t = rows[v] & keep; t != 0; t &= t - 1)
      out[renumbered[v]] |= VertexSet{1} << renumbered[lowest_vertex(t)];
  }
  return SmallGraph(out);
}

SmallGraph canonical_graph(const SmallGraph& graph) {
  const std::vector<VertexSet> rows = graph.rows();
  if (rows.size() <= 1) return graph;
  const std::vector<unsigned> order = canonical_order(rows);
  std::array<std::uint8_t, kSmallGraphMaxVertices> place{};
  for (std::size_t i = 0; i < order.size(); ++i) place[order[i]] = static_cast<std::uint8_t>(i);
  std::vector<VertexSet> out(rows.size(), 0);
  for (std::size_t v = 0; v < rows.size(); ++v)
    for (VertexSet s = rows[v]; s != 0; s &= s - 1) out[place[v]] |= VertexSet{1} << place[lowest_vertex(s)];
  return SmallGraph(out);
}

}  // namespace grundy
