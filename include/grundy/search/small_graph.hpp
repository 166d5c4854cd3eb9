#pragma once
// Small simple graphs, of at most 128 vertices: a set of vertices is one
// 128-bit number (VertexSet), a graph its packed adjacency (SmallGraph),
// and canonical_graph renumbers a graph by nauty's canonical labelling, so
// that isomorphic graphs, and only they, are equal. A general tool: Node
// Kayles' parts are SmallGraphs, and other graph games may use them.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace grundy {

__extension__ using VertexSet = unsigned __int128;  // GCC's and Clang's 128-bit integer: bit v for vertex v

inline constexpr unsigned kSmallGraphMaxVertices = 128;

struct VertexSetHash {
  [[nodiscard]] std::size_t operator()(VertexSet s) const;
};

// A simple undirected graph on vertices 0..n-1, n <= kSmallGraphMaxVertices. The adjacency
// rows are packed n bits each, row v from bit v * n of the words: a graph of
// 8 vertices is one word, of 20 vertices 7 words.
class SmallGraph {
 public:
  SmallGraph() = default;
  // rows[v]: the neighbours of v among 0..rows.size()-1, symmetric, without v.
  explicit SmallGraph(std::span<const VertexSet> rows);

  [[nodiscard]] unsigned order() const { return order_; }
  [[nodiscard]] std::vector<VertexSet> rows() const;
  [[nodiscard]] const std::vector<std::uint64_t>& words() const { return words_; }
  friend bool operator==(const SmallGraph&, const SmallGraph&) = default;

 private:
  std::uint8_t order_ = 0;
  std::vector<std::uint64_t> words_;
};

struct SmallGraphHash {
  [[nodiscard]] std::size_t operator()(const SmallGraph& g) const;
};

// The subgraph of the graph with adjacency `rows` induced by the vertices
// `keep`, renumbered 0.. in their order. O(|keep| + edges kept).
[[nodiscard]] SmallGraph induced_subgraph(std::span<const VertexSet> rows, VertexSet keep);

// The graph renumbered by nauty's canonical labelling: isomorphic graphs, and
// only they, give equal results.
[[nodiscard]] SmallGraph canonical_graph(const SmallGraph& graph);

// The lowest vertex of a set that is not empty, and a set's size.
[[nodiscard]] inline unsigned lowest_vertex(VertexSet s) {
  const auto low = static_cast<std::uint64_t>(s);
  return low != 0 ? static_cast<unsigned>(__builtin_ctzll(low))
                  : 64 + static_cast<unsigned>(__builtin_ctzll(static_cast<std::uint64_t>(s >> 64)));
}
[[nodiscard]] inline unsigned count_vertices(VertexSet s) {
  return static_cast<unsigned>(__builtin_popcountll(static_cast<std::uint64_t>(s)) +
                               __builtin_popcountll(static_cast<std::uint64_t>(s >> 64)));
}
// The vertices 0..n-1.
[[nodiscard]] inline VertexSet first_vertices(unsigned n) {
  return n == kSmallGraphMaxVertices ? ~VertexSet{0} : (VertexSet{1} << n) - 1;
}

}  // namespace grundy
