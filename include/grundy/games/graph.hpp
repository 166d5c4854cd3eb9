#pragma once
// GraphGame: a game on a finite directed graph. A position is a vertex; a
// move follows an edge. Read from a text file (docs/games/graph.md):
//
//   # comment to end of line
//   u v        a move from vertex u to vertex v (u v with u = v: a pass)
//   w          a vertex with no moves of its own (declares it)
//
// Vertex names are tokens: runs of bytes other than blanks (space, tab, CR)
// and '#'. Blank lines are ignored; a line holding more than two tokens is an
// error. The file is read a block at a time and checked as it comes, so a bad
// byte is refused before the rest is read. Every value is computed when the
// graph is read (loopy_values.hpp): an acyclic graph in O(V + E), from the
// sinks back; a graph with cycles, where play may go on forever, gets
// generalized Sprague-Grundy values (game_value.hpp), O(V + E) per value level.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/game_family.hpp"
#include "grundy/one_to_one_game.hpp"

namespace grundy {

// What a graph file may hold (docs/games/graph.md, "Limits"). Passing one is
// an InputError naming the limit and the place where it was passed, so that
// no file, however large or endless (/dev/zero, a pipe), can take all the
// memory: with the defaults, reading any file needs at most about 10 GB
// (62 bytes per vertex, 12 per edge line, 1.5 per byte of names), and the
// benchmark's graph of 10^6 vertices and 10^7 edges (138 MB) is far inside
// them. Tests lower the limits, and shrink block_size so that names and
// line ends straddle the reads.
struct GraphLimits {
  std::uint64_t max_bytes = std::uint64_t{1} << 31;       // bytes in the file: 2 GiB
  std::uint64_t max_vertices = std::uint64_t{1} << 26;    // 67,108,864
  std::uint64_t max_edge_lines = std::uint64_t{1} << 28;  // lines 'u v', repeats included: 268,435,456
  std::size_t max_line = std::size_t{1} << 20;            // bytes in one line, before its LF: 1 MiB
  std::size_t block_size = std::size_t{1} << 20;          // bytes asked for by one read
  // What a line 'u v' means, for errors: the games that read graph files
  // differ (an edge of Node Kayles is no move).
  std::string_view edge_meaning = "a move from vertex u to vertex v";
};

class GraphGame final : public OneToOneGame {
 public:
  // Reads the graph file at `path` (a regular file, a pipe, a device). The
  // spec is "graph:" + path. Throws InputError: unreadable file, malformed
  // line (with line:column), a limit passed (with line:column).
  [[nodiscard]] static GraphGame from_file(const std::string& path);
  [[nodiscard]] static GraphGame from_file(const std::string& path, const GraphLimits& limits);

  // Reads a graph from `text`, a block at a time exactly as a file is read;
  // `source` names it in error messages and in the spec.
  [[nodiscard]] static GraphGame from_text(std::string_view text, std::string source);
  [[nodiscard]] static GraphGame from_text(std::string_view text, std::string source, const GraphLimits& limits);

  [[nodiscard]] std::string spec() const override { return "graph:" + source_; }
  [[nodiscard]] Position parse_position(std::string_view text) const override;  // a vertex name
  [[nodiscard]] std::string format_position(Position v) const override;         // its name
  // A component is a token on a vertex: "token 2: a -> b".
  [[nodiscard]] std::string_view component_noun() const override { return "token"; }
  // The value of a vertex whose value is finite; throws std::logic_error
  // for an infinite one (callers that may meet cycles ask game_value).
  [[nodiscard]] Nimber value(Position v) const override;
  [[nodiscard]] GameValue game_value(Position v) const override;
  // Moves to vertices of finite value `target`: in file order in an acyclic
  // graph; with cycles, the earliest labelled first (labelled_at), so that
  // the first one makes progress.
  [[nodiscard]] std::vector<Position> moves_to_value(Position v, Nimber target) const override;
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] std::string why_not_move(Position from, Position to) const override;
  [[nodiscard]] MoveSample moves_from(Position p, Position lowest, std::uint64_t limit) const override;
  [[nodiscard]] bool has_move(Position v) const override;  // O(1), whatever the out-degree

  [[nodiscard]] std::size_t vertex_count() const { return values_.size(); }
  // Distinct moves: a line repeating an edge adds no move (docs/games/graph.md).
  [[nodiscard]] std::size_t edge_count() const { return targets_.size(); }
  // True when the graph has a cycle (a self-loop included): values may be infinite.
  [[nodiscard]] bool has_cycles() const override { return has_cycle_; }
  // Smith's counter (LoopyValues::order): the order in which vertex v got
  // its finite value, LoopyValues::kNoOrder for an infinite one. Where v
  // has value m and an option of infinite or larger value, that option has
  // an option of value m labelled before v.
  [[nodiscard]] std::uint32_t labelled_at(Position v) const { return order_[checked_vertex(v)]; }

 private:
  class Builder;  // the file reader and solver, in graph.cpp

  // A slot of the name index. In a big graph every read of the name arrays
  // is a cache miss, so a slot holds a short name itself and a long one's
  // place in name_bytes_: a lookup reads at most one more line.
  struct NameSlot {
    std::uint64_t key = 0;     // a name of up to 8 bytes, zero-padded; else its offset in name_bytes_
    std::uint32_t vertex = 0;  // the vertex, or all ones for an empty slot
    std::uint32_t check = 0;   // hash bits and length (graph.cpp)
  };

  GraphGame() = default;

  [[nodiscard]] std::string_view name_of(std::uint32_t v) const {
    return std::string_view(name_bytes_).substr(name_start_[v], name_start_[v + 1] - name_start_[v]);
  }
  // The slot of name_index_ holding `name`, or the empty slot where it would go.
  [[nodiscard]] std::size_t find_slot(std::string_view name, std::uint64_t hash) const;
  [[nodiscard]] bool slot_holds(const NameSlot& slot, std::string_view name, std::uint32_t check) const;
  [[nodiscard]] std::uint32_t checked_vertex(Position v) const;  // throws std::out_of_range

  std::string source_;
  std::string name_bytes_;                 // every vertex name, back to back, in vertex order
  std::vector<std::uint64_t> name_start_;  // the name of v is name_bytes_[name_start_[v] .. name_start_[v+1])
  std::vector<std::uint64_t> first_edge_;  // CSR: moves of v are targets_[first_edge_[v] .. first_edge_[v+1])
  std::vector<std::uint32_t> targets_;     // in file order, each target once per source
  // The value of each vertex: a finite value, or LoopyValues::kInfinite | i
  // for the i-th infinite vertex, whose K is k_values_[k_start_[i] .. k_start_[i + 1]).
  std::vector<std::uint32_t> values_;
  std::vector<std::uint64_t> k_start_;
  std::vector<std::uint32_t> k_values_;
  std::vector<std::uint32_t> order_;  // labelled_at of each vertex
  bool has_cycle_ = false;
  // name -> vertex, for reading the file and for parse_position: open
  // addressing with linear probing, at most half full.
  std::vector<NameSlot> name_index_;
};

// The family in the registry (registry.hpp).
extern const GameFamily kGraphFamily;

}  // namespace grundy
