#pragma once
// Node Kayles: on an undirected graph, a move chooses a vertex and removes it
// together with its neighbours; whoever cannot move loses (Berlekamp, Conway
// and Guy, Winning Ways; deciding the winner is PSPACE-complete, Schaefer
// 1978). The connected pieces of a position are independent parts, and a
// part's value depends only on its graph up to isomorphism, so the search
// (component_search.hpp) values each part once, in a canonical form that
// nauty computes (docs/games/node-kayles.md).
//
// Keys. The search needs a key for a part and for an option of a part (which
// components() splits again). Both are a SmallGraph: a simple graph on the
// vertices 0..n-1 (n <= 128), given by its adjacency. components() takes any
// SmallGraph, splits it into connected pieces and renumbers each piece by
// nauty's canonical labelling, so isomorphic pieces get equal keys;
// for_each_option() removes a closed neighbourhood N[v] from a part and
// renumbers the vertices left 0.. in order (not split, not canonical). The
// key is exact: the whole adjacency, never a hash of it.
//
// Costs, for a graph of n <= 128 vertices and e edges: splitting and
// renumbering are O(n + e) on 128-bit rows; nauty's canonical labelling is
// fast on most graphs but exponential in the worst case. Valuing a position
// searches its parts, each canonical part once, with n options each: time
// and table memory can grow exponentially with n (the table keeps within
// the memory bound, transposition_table.hpp).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "grundy/search/component_search.hpp"
#include "grundy/game.hpp"
#include "grundy/game_family.hpp"
#include "grundy/search/searched_game.hpp"
#include "grundy/search/small_graph.hpp"

namespace grundy {

// Node Kayles plays on graphs of at most this many vertices (a position is
// a 128-bit set of vertices, small_graph.hpp).
inline constexpr unsigned kNodeKaylesMaxVertices = kSmallGraphMaxVertices;

// The connected pieces of a graph, each canonical (canonical_graph), in the
// order of their lowest vertex. An isolated vertex is a piece (one move,
// value 1); the empty graph has none.
// O(n + e), plus one canonical labelling per piece of three or more vertices.
[[nodiscard]] std::vector<SmallGraph> node_kayles_parts(const SmallGraph& graph);

// Node Kayles for ComponentSearch: parts are canonical connected graphs.
struct NodeKaylesRules {
  // (Not kThreadSafe: nauty keeps a work area per thread that it never
  // frees, so each helper thread of a search would leak it. One thread.)
  using Key = SmallGraph;
  using KeyHash = SmallGraphHash;
  [[nodiscard]] std::vector<Key> components(const Key& graph) const { return node_kayles_parts(graph); }
  [[nodiscard]] std::size_t size(const Key& graph) const { return graph.order(); }
  // A complete graph (a single vertex, an edge) is 1: every move ends the game.
  // O(n^2 / 64): a popcount of the adjacency.
  [[nodiscard]] std::optional<std::uint64_t> known_value(const Key& graph) const;
  // n calls of f, each after an induced subgraph built in O(n + e).
  template <class F>
  void for_each_option(const Key& graph, F&& f) const {
    const std::vector<VertexSet> rows = graph.rows();
    const unsigned n = graph.order();
    const VertexSet all = n == 128 ? ~VertexSet{0} : (VertexSet{1} << n) - 1;
    for (unsigned v = 0; v < n; ++v) f(induced_subgraph(rows, all & ~(rows[v] | VertexSet{1} << v)));
  }
};

// Node Kayles as a game of the registry (`grundy value
// node-kayles:examples/data/petersen.txt all`): the graph is read from a
// graph file (graph.hpp's format, each line 'u v' an undirected edge, a line
// 'u u' or 'w' only a vertex), at most 128 vertices. A position is a set of
// vertices, played on the subgraph they induce: typed as "all", "none" or
// vertex names joined by ','. Sets do not fit a 64-bit Position, so the game
// numbers the sets it is given or lists (SearchedGame, searched_game.hpp,
// as for Cram), which gives values, options and misère sums from
// NodeKaylesRules. Safe to use from several threads (one lock).
// Costs: reading the file is O(its size) (at most 16 MiB); a value is the
// search's (above); options O(n^2) to list; parsing and printing a
// position O(length of its text).
class NodeKaylesGame final : public SearchedGame<VertexSet, VertexSetHash, NodeKaylesRules> {
 public:
  // Reads the graph file at `path`, or a graph file's text (`source` names
  // it). Throws InputError: unreadable file, malformed line (line:column),
  // more than 128 vertices (where the 129th is named), a vertex name that a
  // position could not spell (with ',', or "all" or "none").
  [[nodiscard]] static std::unique_ptr<NodeKaylesGame> from_file(const std::string& path);
  [[nodiscard]] static std::unique_ptr<NodeKaylesGame> from_text(std::string_view text, std::string source);

  [[nodiscard]] std::string spec() const override { return "node-kayles:" + source_; }
  [[nodiscard]] std::string_view component_noun() const override { return "graph"; }
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] std::string why_not_option(Position from, std::span<const Position> to) const override;
  // Its parts are graphs of up to 128 vertices in nauty's canonical form;
  // no file format is written for them yet.
  // A graph: every vertex and edge, those in play, and a move per vertex in play.
  // O(n + e).
  [[nodiscard]] Drawing drawing(Position p) const override;

  [[nodiscard]] unsigned vertex_count() const { return static_cast<unsigned>(names_.size()); }
  // The vertex set numbered p (bit v: the v-th vertex of the file).
  [[nodiscard]] VertexSet vertices(Position p) const { return state(p); }
  // The graph a position plays on, vertices renumbered 0.. in file order.
  // O(n + e); vertices(p), O(1) under the game's lock.
  [[nodiscard]] SmallGraph graph(Position p) const { return induced_subgraph(rows_, vertices(p)); }

  // The graph with these vertex names and adjacency rows (symmetric, no
  // loops), as from_file builds it; `source` is the spec's FILE.
  NodeKaylesGame(std::string source, std::vector<std::string> names, std::vector<VertexSet> rows);

 protected:
  // "all", "none" or names joined by ','; throws InputError naming an unknown word.
  [[nodiscard]] VertexSet parse_state(std::string_view text) const override;
  // "all" for every vertex, "none" for no vertex, else the names in file order.
  [[nodiscard]] std::string format_state(const VertexSet& set) const override;
  [[nodiscard]] SmallGraph search_key(const VertexSet& set) const override { return induced_subgraph(rows_, set); }
  // The sets a move leaves, each once, by the vertex chosen in file order.
  [[nodiscard]] std::vector<VertexSet> option_states(const VertexSet& set) const override;
  [[nodiscard]] std::size_t state_size(const VertexSet& set) const override;
  [[nodiscard]] std::string value_task(const VertexSet& set, const std::string& title) const override;

 private:
  std::string names_of(VertexSet set) const;  // joined by ',', in file order
  [[nodiscard]] VertexSet all() const;

  std::string source_;
  std::vector<std::string> names_;  // in file order
  std::unordered_map<std::string, unsigned> index_;
  std::vector<VertexSet> rows_;  // rows_[v]: the neighbours of v
};

// The family in the registry (registry.hpp).
extern const GameFamily kNodeKaylesFamily;

}  // namespace grundy
