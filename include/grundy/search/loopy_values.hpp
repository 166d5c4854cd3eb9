#pragma once
// The generalized Sprague-Grundy values (game_value.hpp) of every vertex of
// a directed graph that may have cycles and self-loops, by the labelling
// algorithm of Fraenkel and Yesha (1986), after Smith (1966). Stage i, for
// i = 0, 1, 2, ...:
//   1. an unlabelled vertex u gets value i when no option of u has value i
//      and every option of u that is unlabelled or infinite has an option of
//      value i (so moving there lets the opponent reply back to value i);
//   2. an unlabelled vertex left with no option of value i gets ∞.
// Step 1 is a retrograde labelling: each candidate counts its options that
// are unlabelled or infinite and have no option of value i yet; a vertex
// labelled i marks its predecessors, a newly marked vertex lowers its
// predecessors' counts, and a count reaching 0 labels the candidate i. Each
// stage costs O(V + E), and there are at most (largest finite value + 2).
//
// Vertices from which every play ends (no cycle reachable) get their
// ordinary mex values first, from the sinks back (O(V + E) in all); they
// then join the stage of their value as if labelled there. This is exact
// (a vertex of value j > i has an option of value i, which is all the
// definition asks of a finite option above i) and saves the stages
// their values would otherwise cost.

#include <cstdint>
#include <span>
#include <vector>

namespace grundy {

struct LoopyValues {
  // The flag of an infinite vertex in `label`; the bits below it index `k_start`.
  static constexpr std::uint32_t kInfinite = std::uint32_t{1} << 31;

  // A finite value (below 2^31: at most the out-degree), or kInfinite | i
  // for the i-th infinite vertex, whose K is k_values[k_start[i] .. k_start[i + 1]), ascending.
  std::vector<std::uint32_t> label;
  std::vector<std::uint64_t> k_start{0};
  std::vector<std::uint32_t> k_values;
  // Smith's counter: the order in which the labelling gave each vertex its
  // finite value (kNoOrder for an infinite one). Where u has value m and an
  // option v of infinite or larger value, v has an option w of value m with
  // order[w] < order[u]: a player who answers such moves by the option of
  // value m labelled first makes progress, and the play ends.
  static constexpr std::uint32_t kNoOrder = std::uint32_t{0xFFFFFFFF};
  std::vector<std::uint32_t> order;
  // Vertices from which every play ends (settled by the mex first); all of
  // them exactly when the graph has no cycle. 0 when not settled first.
  std::uint32_t settled = 0;
};

// The values of the graph whose vertex v has the moves
// targets[first[v] .. first[v + 1]) (each target once). `ends_first` = false
// skips the settling of vertices whose plays all end (for tests: every
// vertex then goes through the stages). Memory: O(V + E), 4 bytes per edge
// and about 52 per vertex beside the graph.
[[nodiscard]] LoopyValues loopy_values(std::span<const std::uint64_t> first, std::span<const std::uint32_t> targets,
                                       bool ends_first = true);

}  // namespace grundy
