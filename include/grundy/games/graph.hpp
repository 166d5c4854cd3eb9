#pragma once
// GraphGame: a game on a finite directed acyclic graph. A position is a
// vertex; a move follows an edge. Read from a text file (docs/games/graph.md):
//
//   # comment to end of line
//   u v        a move from vertex u to vertex v
//   w          a vertex with no moves of its own (declares it)
//
// Vertex names are tokens: runs of bytes other than blanks (space, tab, CR)
// and '#'. Blank lines are ignored; a line holding more than two tokens is an
// error. Every value is computed when the graph is read (O(V + E), in reverse
// topological order); a graph with a cycle is refused with an InputError that
// names the vertices of one cycle.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/game.hpp"

namespace grundy {

class GraphGame final : public Game {
 public:
  // Reads the graph file at `path`. The spec is "graph:" + path.
  // Throws InputError: unreadable file, malformed line (with line:column),
  // cycle, more than 2^32 - 1 vertices.
  [[nodiscard]] static GraphGame from_file(const std::string& path);

  // Reads a graph from `text`; `source` names it in error messages and in the spec.
  [[nodiscard]] static GraphGame from_text(std::string_view text, std::string source);

  [[nodiscard]] std::string spec() const override { return "graph:" + source_; }
  [[nodiscard]] bool heap_indexed() const override { return false; }
  [[nodiscard]] Position parse_position(std::string_view text) const override;  // a vertex name
  [[nodiscard]] std::string format_position(Position v) const override;         // its name
  [[nodiscard]] std::string_view component_noun() const override { return "vertex"; }
  [[nodiscard]] Nimber value(Position v) const override;
  [[nodiscard]] std::vector<Position> moves_to_value(Position v, Nimber target) const override;

  [[nodiscard]] std::size_t vertex_count() const { return names_.size(); }
  [[nodiscard]] std::size_t edge_count() const { return targets_.size(); }

 private:
  GraphGame() = default;

  std::string source_;
  std::vector<std::string> names_;           // by vertex number, in order of first appearance
  std::vector<std::uint64_t> first_edge_;    // CSR: moves of v are targets_[first_edge_[v] .. first_edge_[v+1])
  std::vector<std::uint32_t> targets_;
  std::vector<std::uint32_t> values_;        // Grundy value of each vertex
  // name -> vertex number, for parse_position
  std::vector<std::uint32_t> index_by_hash_;  // open addressing over names_, or any structure the implementation picks
};

}  // namespace grundy
