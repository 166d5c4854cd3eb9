#pragma once
// The canonical labelling of a small simple graph, by Brendan McKay's nauty
// (densenauty; McKay and Piperno, "Practical graph isomorphism, II", Journal
// of Symbolic Computation 60, 2014). Private to the library: graph_canon.cpp
// is the only file that includes nauty, whose header defines many macros.

#include <span>
#include <vector>

#include "grundy/search/small_graph.hpp"

namespace grundy {

// A canonical order of the vertices of the graph whose adjacency rows are
// `rows` (rows[v] holds the neighbours of v, symmetric, no loops; at most
// kSmallGraphMaxVertices rows): the vertex placed i-th is order[i]. Two
// isomorphic graphs, each renumbered by its order, have equal adjacency.
// nauty's workspace is thread-local in Debian's build; callers lock anyway.
[[nodiscard]] std::vector<unsigned> canonical_order(std::span<const VertexSet> rows);

}  // namespace grundy
