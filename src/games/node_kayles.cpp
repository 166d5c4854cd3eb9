#include "grundy/games/node_kayles.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "games/graph_canon.hpp"
#include "grundy/drawing.hpp"
#include "grundy/error.hpp"
#include "grundy/games/graph.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"

namespace grundy {

namespace {

// The vertices of `start`'s connected piece in the graph `rows` restricted to `alive`.
VertexSet piece_of(std::span<const VertexSet> rows, VertexSet alive, unsigned start) {
  VertexSet piece = VertexSet{1} << start, frontier = piece;
  while (frontier != 0) {
    VertexSet next = 0;
    for (VertexSet s = frontier; s != 0; s &= s - 1) next |= rows[lowest_vertex(s)];
    frontier = next & alive & ~piece;
    piece |= frontier;
  }
  return piece;
}

}  // namespace

std::vector<SmallGraph> node_kayles_parts(const SmallGraph& graph) {
  const std::vector<VertexSet> rows = graph.rows();
  std::vector<SmallGraph> parts;
  const VertexSet all = first_vertices(graph.order());
  for (VertexSet rest = all; rest != 0;) {
    const VertexSet piece = piece_of(rows, all, lowest_vertex(rest));
    rest &= ~piece;
    // A graph of one or two vertices (a vertex, an edge) is canonical as it is.
    const SmallGraph part = induced_subgraph(rows, piece);
    parts.push_back(part.order() <= 2 ? part : canonical_graph(part));
  }
  return parts;
}

std::optional<std::uint64_t> NodeKaylesRules::known_value(const SmallGraph& graph) const {
  const unsigned n = graph.order();
  if (n == 0) return 0;
  // Complete: n (n - 1) edge ends.
  std::size_t ends = 0;
  for (const std::uint64_t w : graph.words()) ends += static_cast<std::size_t>(__builtin_popcountll(w));
  if (ends == std::size_t{n} * (n - 1)) return 1;
  return std::nullopt;
}

}  // namespace grundy

namespace grundy {

NodeKaylesGame::NodeKaylesGame(std::string source, std::vector<std::string> names, std::vector<VertexSet> rows)
    : source_(std::move(source)), names_(std::move(names)), rows_(std::move(rows)) {
  if (names_.size() != rows_.size() || names_.size() > kNodeKaylesMaxVertices)
    throw std::logic_error("node-kayles: as many names as rows, at most 128");
  for (unsigned v = 0; v < names_.size(); ++v) index_.emplace(names_[v], v);
}

namespace {

// What node-kayles reads of a graph file: at most 128 vertices, and a file of
// at most 16 MiB (a graph of 128 vertices has at most 8,128 edges).
GraphLimits node_kayles_limits() {
  GraphLimits limits;
  limits.max_bytes = std::uint64_t{1} << 24;
  limits.max_vertices = kNodeKaylesMaxVertices;
  limits.max_edge_lines = std::uint64_t{1} << 20;
  limits.edge_meaning = "an edge between vertices u and v";
  return limits;
}

// The graph reader says "the most grundy supports in a graph file" of its
// vertex limit; for node-kayles the limit is its own.
[[noreturn]] void rethrow_for_node_kayles(const InputError& e) {
  std::string message = e.what();
  const std::string limit =
      fmt::format("more than {} vertices, the most grundy supports in a graph file", kNodeKaylesMaxVertices);
  if (const std::size_t at = message.find(limit); at != std::string::npos)
    message.replace(at, limit.size(),
                    fmt::format("more than {} vertices; node-kayles plays on graphs of at most {} vertices (a position "
                                "is a 128-bit set of vertices)",
                                kNodeKaylesMaxVertices, kNodeKaylesMaxVertices));
  throw InputError(message);
}

// The undirected graph of a graph file read as directed: an edge u v links
// both ways, a line 'u u' (a pass there) only names u.
std::unique_ptr<NodeKaylesGame> undirected(const GraphGame& directed, std::string source) {
  const auto n = static_cast<unsigned>(directed.vertex_count());
  std::vector<std::string> names(n);
  std::vector<VertexSet> rows(n, 0);
  for (unsigned v = 0; v < n; ++v) {
    names[v] = directed.format_position(v);
    for (const Position u : directed.moves_from(v, 0, kNoLimit).moves)
      if (u != v) {
        rows[v] |= VertexSet{1} << u;
        rows[u] |= VertexSet{1} << v;
      }
  }
  for (const std::string& name : names) {
    if (name == "all" || name == "none" || name.find(',') != std::string::npos)
      throw InputError(
          fmt::format("{}: a vertex named {}; node-kayles positions are vertex names joined by ',', or "
                      "'all' or 'none', so a vertex name holds no ',' and is neither word",
                      printable_path(source), quote(name)));
  }
  return std::make_unique<NodeKaylesGame>(std::move(source), std::move(names), std::move(rows));
}

}  // namespace

std::unique_ptr<NodeKaylesGame> NodeKaylesGame::from_file(const std::string& path) {
  try {
    return undirected(GraphGame::from_file(path, node_kayles_limits()), path);
  } catch (const InputError& e) {
    rethrow_for_node_kayles(e);
  }
}

std::unique_ptr<NodeKaylesGame> NodeKaylesGame::from_text(std::string_view text, std::string source) {
  try {
    return undirected(GraphGame::from_text(text, source, node_kayles_limits()), source);
  } catch (const InputError& e) {
    rethrow_for_node_kayles(e);
  }
}

VertexSet NodeKaylesGame::all() const { return first_vertices(vertex_count()); }

VertexSet NodeKaylesGame::parse_state(std::string_view text) const {
  VertexSet set = 0;
  if (text == "all") {
    set = all();
  } else if (text != "none") {
    for (std::size_t start = 0;;) {
      const std::size_t comma = std::min(text.find(',', start), text.size());
      const std::string_view name = text.substr(start, comma - start);
      if (name.empty())
        throw InputError(
            fmt::format("node-kayles position {}, at character {}: an empty vertex name; expected 'all', "
                        "'none' or vertex names of {} joined by ','",
                        quote(text), start + 1, printable_path(source_)));
      const auto it = index_.find(std::string(name));
      if (it == index_.end())
        throw InputError(fmt::format("node-kayles position {}, at character {}: no vertex named {} in graph {}",
                                     quote(text), start + 1, quote(name), printable_path(source_)));
      set |= VertexSet{1} << it->second;
      if (comma == text.size()) break;
      start = comma + 1;
    }
  }
  return set;
}

std::string NodeKaylesGame::names_of(VertexSet set) const {
  std::string text;
  for (VertexSet s = set; s != 0; s &= s - 1) {
    if (!text.empty()) text += ',';
    text += names_[lowest_vertex(s)];
  }
  return text;
}

std::string NodeKaylesGame::format_state(const VertexSet& set) const {
  if (set == 0) return "none";
  if (set == all()) return "all";
  return names_of(set);
}

std::size_t NodeKaylesGame::state_size(const VertexSet& set) const { return count_vertices(set); }

std::string NodeKaylesGame::value_task(const VertexSet& set, const std::string& title) const {
  return fmt::format("valuing node-kayles {} ({} vertices)", title, count_vertices(set));
}

std::string NodeKaylesGame::move_rule() const {
  return fmt::format("a move removes a vertex of the graph in {} together with its neighbours",
                     printable_path(source_));
}

std::vector<VertexSet> NodeKaylesGame::option_states(const VertexSet& set) const {
  std::vector<VertexSet> out;
  for (VertexSet s = set; s != 0; s &= s - 1) {
    const unsigned v = lowest_vertex(s);
    const VertexSet left = set & ~(rows_[v] | VertexSet{1} << v);
    if (std::find(out.begin(), out.end(), left) == out.end()) out.push_back(left);  // twins leave the same set
  }
  return out;
}

// The whole graph, the vertices still in play, and a move for each of them
// (the vertex chosen is the move's one piece).
Drawing NodeKaylesGame::drawing(Position p) const {
  const VertexSet set = vertices(p);
  Drawing d;
  d.kind = Drawing::Kind::graph;
  d.vertices = names_;
  for (unsigned v = 0; v < names_.size(); ++v) {
    d.present.push_back((set >> v & 1) != 0);
    for (VertexSet s = rows_[v] >> v >> 1; s != 0; s &= s - 1) d.edges.emplace_back(v, v + 1 + lowest_vertex(s));
  }
  const std::lock_guard lock(search_mutex());
  for (VertexSet s = set; s != 0; s &= s - 1) {
    const unsigned v = lowest_vertex(s);
    d.moves.push_back({{v}, {number(set & ~(rows_[v] | VertexSet{1} << v))}});
  }
  return d;
}

std::string NodeKaylesGame::why_not_option(Position from, std::span<const Position> to) const {
  if (to.size() != 1) return fmt::format("a move here leaves one graph, not {}", to.size());
  const VertexSet a = vertices(from), b = vertices(to.front());
  if ((b & ~a) != 0) return "a move removes vertices, and never brings one back";
  const VertexSet removed = a & ~b;
  if (removed == 0) return "a move must remove a vertex: the graph is unchanged";
  for (VertexSet s = removed; s != 0; s &= s - 1) {
    const unsigned v = lowest_vertex(s);
    if ((a & (rows_[v] | VertexSet{1} << v)) == removed) return {};
  }
  return fmt::format(
      "a move removes one vertex with all its neighbours still in play, and no vertex's "
      "neighbourhood is exactly {} (vertices {})",
      count_vertices(removed) == 1 ? "one vertex" : fmt::format("{} vertices", count_vertices(removed)),
      names_of(removed));
}

namespace {

std::unique_ptr<Game> parse_node_kayles(const SpecText& spec) {
  if (!spec.has_params || spec.params.empty())
    throw InputError(fmt::format("game {}: expected node-kayles:FILE, with FILE a graph file of lines 'u v' (an edge)",
                                 quote(spec.spec)));
  return NodeKaylesGame::from_file(std::string(spec.params));
}

}  // namespace

const GameFamily kNodeKaylesFamily{"node-kayles",
                                   "node-kayles:FILE",
                                   "Node Kayles: remove a vertex and its neighbours from the undirected graph in FILE "
                                   "(lines 'u v'); a position is all, none or vertex names joined by ','",
                                   "node-kayles:examples/data/petersen.txt",
                                   parse_node_kayles,
                                   /*reads_file=*/true,
                                   /*theorem=*/{},
                                   /*census_codes=*/nullptr,
                                   /*max_census_digits=*/0,
                                   /*example_positions=*/"all o0,o1,o2,o3 none"};

}  // namespace grundy
