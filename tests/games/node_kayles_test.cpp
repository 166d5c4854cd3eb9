// Node Kayles through the component search, held against a brute force
// written here from the rule alone (a plain memoised mex over whole vertex
// sets: no components, no canonical forms), against Dawson's chess on paths,
// and nauty's canonical forms against relabelled copies.
#include "grundy/games/node_kayles.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/search/component_search.hpp"
#include "grundy/error.hpp"
#include "grundy/misere/misere_search.hpp"
#include "grundy/sum.hpp"
#include "grundy/spec.hpp"
#include "support/sanitized.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;

// A graph of at most 16 vertices: closed[v] is v with its neighbours.
struct TinyGraph {
  unsigned n = 0;
  std::vector<std::uint32_t> closed;
};

// The plain mex over whole vertex sets: a move takes v and its neighbours.
class BruteNodeKayles {
 public:
  explicit BruteNodeKayles(TinyGraph g) : g_(std::move(g)), memo_(std::size_t{1} << g_.n, kUnknown) {}
  unsigned value(std::uint32_t set) {
    if (memo_[set] != kUnknown) return memo_[set];
    std::uint32_t seen = 0;  // values are at most 16 here
    for (unsigned v = 0; v < g_.n; ++v)
      if ((set >> v & 1) != 0) seen |= std::uint32_t{1} << value(set & ~g_.closed[v]);
    unsigned mex = 0;
    while ((seen >> mex & 1) != 0) ++mex;
    memo_[set] = static_cast<std::uint8_t>(mex);
    return mex;
  }

 private:
  static constexpr std::uint8_t kUnknown = 0xff;
  TinyGraph g_;
  std::vector<std::uint8_t> memo_;
};

TinyGraph random_graph(std::mt19937_64& rng, unsigned n, double density) {
  TinyGraph g{n, std::vector<std::uint32_t>(n)};
  for (unsigned v = 0; v < n; ++v) g.closed[v] = std::uint32_t{1} << v;
  std::bernoulli_distribution edge(density);
  for (unsigned u = 0; u < n; ++u)
    for (unsigned v = u + 1; v < n; ++v)
      if (edge(rng)) {
        g.closed[u] |= std::uint32_t{1} << v;
        g.closed[v] |= std::uint32_t{1} << u;
      }
  return g;
}

TinyGraph cycle(unsigned n) {
  TinyGraph g{n, std::vector<std::uint32_t>(n)};
  for (unsigned v = 0; v < n; ++v)
    g.closed[v] = std::uint32_t{1} << v | std::uint32_t{1} << (v + 1) % n | std::uint32_t{1} << (v + n - 1) % n;
  return g;
}

std::vector<VertexSet> rows_of(const TinyGraph& g) {
  std::vector<VertexSet> rows(g.n);
  for (unsigned v = 0; v < g.n; ++v) rows[v] = g.closed[v] & ~(std::uint32_t{1} << v);
  return rows;
}

// The game of the registry on a graph given in the test, vertices v0, v1, ...
std::unique_ptr<NodeKaylesGame> game_of(std::vector<VertexSet> rows) {
  std::vector<std::string> names;
  for (std::size_t v = 0; v < rows.size(); ++v) names.push_back(fmt::format("v{}", v));
  return std::make_unique<NodeKaylesGame>("test", std::move(names), std::move(rows));
}

std::vector<VertexSet> path_rows(unsigned n) {
  std::vector<VertexSet> rows(n, 0);
  for (unsigned v = 0; v + 1 < n; ++v) {
    rows[v] |= VertexSet{1} << (v + 1);
    rows[v + 1] |= VertexSet{1} << v;
  }
  return rows;
}

TEST(NodeKayles, RandomGraphsAgreeWithTheBruteForce) {
  std::mt19937_64 rng(20261126);
  // One search for every graph: a key that two non-isomorphic parts shared
  // would show as a wrong value somewhere.
  ComponentSearch<NodeKaylesRules> search;
  int nonzero = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const unsigned n = 1 + static_cast<unsigned>(rng() % 16);
    const double density = std::array{0.1, 0.2, 0.3, 0.5, 0.8}[static_cast<std::size_t>(trial % 5)];
    const TinyGraph g = random_graph(rng, n, density);
    BruteNodeKayles brute(g);
    const std::vector<VertexSet> rows = rows_of(g);
    const std::uint32_t all = (std::uint32_t{1} << n) - 1;
    const unsigned expected = brute.value(all);
    nonzero += expected != 0;
    ASSERT_EQ(search.value(SmallGraph(rows)).value(), expected) << "trial " << trial;
    // Through the game of the registry: "all" and random induced subsets.
    const auto game = game_of(rows);
    ASSERT_EQ(game->value(game->parse_position("all")).value(), expected) << "trial " << trial;
    for (int k = 0; k < 5; ++k) {
      const auto subset = static_cast<std::uint32_t>(rng()) & all;
      ASSERT_EQ(search.value(induced_subgraph(rows, subset)).value(), brute.value(subset)) << "trial " << trial;
    }
  }
  EXPECT_GT(nonzero, 100);  // varied enough to test something
}

// A position as typed: "none", or the names v0, v1, ... joined by ','.
std::string names_of(std::uint32_t set) {
  std::string text;
  for (std::uint32_t s = set; s != 0; s &= s - 1)
    text += fmt::format("{}v{}", text.empty() ? "" : ",", __builtin_ctz(s));
  return text.empty() ? "none" : text;
}

// Misère play, searched as multisets of canonical parts (SearchedGame's
// solver), against a brute force over vertex sets written here: a set is a
// P-position when it has a move and every move leaves an N-position.
TEST(NodeKayles, MisereOutcomesAgreeWithTheBruteForce) {
  std::mt19937_64 rng(20261128);
  int p_positions = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const unsigned n = 1 + static_cast<unsigned>(rng() % 14);
    const TinyGraph g = random_graph(rng, n, std::array{0.1, 0.2, 0.3, 0.5}[static_cast<std::size_t>(trial % 4)]);
    std::unordered_map<std::uint32_t, bool> memo;
    const std::function<bool(std::uint32_t)> p_position = [&](std::uint32_t set) {
      if (const auto it = memo.find(set); it != memo.end()) return it->second;
      bool p = set != 0;  // no vertex left: no move, the player to move wins
      for (std::uint32_t s = set; s != 0 && p; s &= s - 1)
        if (p_position(set & ~g.closed[static_cast<unsigned>(__builtin_ctz(s))])) p = false;
      memo.emplace(set, p);
      return p;
    };
    const auto game = game_of(rows_of(g));
    MisereSearch search;
    const std::uint32_t all = (std::uint32_t{1} << n) - 1;
    for (int k = 0; k < 4; ++k) {
      const std::uint32_t a = k == 0 ? all : static_cast<std::uint32_t>(rng()) & all;
      const bool expected = p_position(a);
      p_positions += expected ? 1 : 0;
      const std::vector<Component> one{{game.get(), game->parse_position(names_of(a))}};
      ASSERT_EQ(search.is_p_position(one), expected) << "trial " << trial;
    }
  }
  EXPECT_GT(p_positions, 40);
}

TEST(NodeKayles, PositionsTypedAsNamesAgreeWithTheBruteForce) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    const unsigned n = 2 + static_cast<unsigned>(rng() % 14);
    const TinyGraph g = random_graph(rng, n, 0.3);
    BruteNodeKayles brute(g);
    const auto game = game_of(rows_of(g));
    for (int k = 0; k < 10; ++k) {
      const auto subset = static_cast<std::uint32_t>(rng()) & ((std::uint32_t{1} << n) - 1);
      std::string text;
      for (unsigned v = 0; v < n; ++v)
        if ((subset >> v & 1) != 0) text += fmt::format("{}v{}", text.empty() ? "" : ",", v);
      const Position p = game->parse_position(text.empty() ? "none" : text);
      ASSERT_EQ(game->value(p).value(), brute.value(subset)) << text;
      // Every listed option is a move, and the value is the mex of theirs.
      std::vector<bool> seen(n + 2, false);
      for (const Option& o : game->list_options(p, kNoLimit).options) {
        EXPECT_TRUE(game->is_option(p, o)) << text << " -> " << game->format_position(o[0]);
        seen[game->value(o[0]).value()] = true;
      }
      std::uint64_t mex = 0;
      while (seen[mex]) ++mex;
      EXPECT_EQ(game->value(p).value(), mex) << text;
      // Typed back as printed.
      EXPECT_EQ(game->format_position(game->parse_position(game->format_position(p))), game->format_position(p));
    }
  }
}

// A path of n vertices is Dawson's chess (octal:0.137) at heap n: an end
// vertex takes 2 and leaves one path, an inner one takes 3 and leaves two.
TEST(NodeKayles, PathsAreDawsonsChess) {
  const std::unique_ptr<Game> dawson = parse_game("dawson-chess");
  ComponentSearch<NodeKaylesRules> search;
  for (unsigned n = 0; n <= 128; ++n)
    ASSERT_EQ(search.value(SmallGraph(path_rows(n))), dawson->value(n)) << "path of " << n;
  const auto game = game_of(path_rows(100));
  EXPECT_EQ(game->value(game->parse_position("all")), dawson->value(100));
  EXPECT_EQ(game->value(game->parse_position("v0,v1,v2,v3,v4,v6,v7")), dawson->value(5) ^ dawson->value(2));
}

// A move on a cycle of n leaves a path of n - 3: its value is 1 when that
// path's is 0, else 0. Up to 16 against the brute force, to 128 by the path.
TEST(NodeKayles, Cycles) {
  const std::unique_ptr<Game> dawson = parse_game("dawson-chess");
  ComponentSearch<NodeKaylesRules> search;
  for (unsigned n = 3; n <= 128; ++n) {
    std::vector<VertexSet> rows = path_rows(n);
    rows[0] |= VertexSet{1} << (n - 1);
    rows[n - 1] |= VertexSet{1};
    const std::uint64_t expected = dawson->value(n - 3).value() == 0 ? 1 : 0;
    ASSERT_EQ(search.value(SmallGraph(rows)).value(), expected) << "cycle of " << n;
    if (n <= 16) {
      EXPECT_EQ(BruteNodeKayles(cycle(n)).value((std::uint32_t{1} << n) - 1), expected) << "cycle of " << n;
    }
  }
}

// The m x n grid graph, vertex r * n + c: adjacency rows for the search, and
// closed neighbourhoods for the brute force (m * n <= 20).
std::vector<VertexSet> grid_rows(unsigned m, unsigned n) {
  std::vector<VertexSet> rows(std::size_t{m} * n, 0);
  for (unsigned r = 0; r < m; ++r)
    for (unsigned c = 0; c < n; ++c) {
      const unsigned v = r * n + c;
      if (c + 1 < n) rows[v] |= VertexSet{1} << (v + 1), rows[v + 1] |= VertexSet{1} << v;
      if (r + 1 < m) rows[v] |= VertexSet{1} << (v + n), rows[v + n] |= VertexSet{1} << v;
    }
  return rows;
}

TinyGraph grid(unsigned m, unsigned n) {
  const std::vector<VertexSet> rows = grid_rows(m, n);
  TinyGraph g{m * n, std::vector<std::uint32_t>(m * n)};
  for (unsigned v = 0; v < m * n; ++v) g.closed[v] = static_cast<std::uint32_t>(rows[v]) | std::uint32_t{1} << v;
  return g;
}

// Issue 75: OEIS A316632 (Node Kayles on the 3 x n grid; Brown et al., J. Integer Sequences 23
// (2020), Art. 20.3.5) lists 16 terms; its comments say 2 x n alternates 1, 0 and 4 x n is 0.
// Grids of up to 20 vertices also against the brute force over vertex sets.
TEST(NodeKayles, GridsHaveTheirPublishedValues) {
  const std::vector<std::uint64_t> a316632 = {2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3};
  ComponentSearch<NodeKaylesRules> search;
  for (unsigned n = 1; n <= a316632.size(); ++n)
    EXPECT_EQ(search.value(SmallGraph(grid_rows(3, n))).value(), a316632[n - 1]) << "3 x " << n;
  for (unsigned n = 1; n <= 30; ++n) EXPECT_EQ(search.value(SmallGraph(grid_rows(2, n))).value(), n % 2) << "2 x " << n;
  for (unsigned n = 1; n <= 12; ++n) EXPECT_EQ(search.value(SmallGraph(grid_rows(4, n))).value(), 0u) << "4 x " << n;
  for (unsigned m = 1; m <= 4; ++m)
    for (unsigned n = m; m * n <= 20; ++n)
      EXPECT_EQ(search.value(SmallGraph(grid_rows(m, n))).value(),
                BruteNodeKayles(grid(m, n)).value((std::uint32_t{1} << (m * n)) - 1))
          << m << " x " << n;
}

// The generalized Petersen graph GP(n, k): outer cycle u_i u_{i+1}, spokes u_i v_i, inner
// edges v_i v_{i+k} (indices mod n); u_i is vertex i, v_i vertex n + i.
std::vector<VertexSet> petersen_rows(unsigned n, unsigned k) {
  std::vector<VertexSet> rows(2 * std::size_t{n}, 0);
  auto link = [&rows](unsigned a, unsigned b) {
    rows[a] |= VertexSet{1} << b;
    rows[b] |= VertexSet{1} << a;
  };
  for (unsigned i = 0; i < n; ++i) {
    link(i, (i + 1) % n);
    link(i, n + i);
    link(n + i, n + (i + k) % n);
  }
  return rows;
}

// OEIS A316533 (Node Kayles on GP(n, 2), Brown et al., 2020) from n = 5: the terms to n = 24,
// with n = 25 and 26 from Max Fan's calculator (github.com/InnovativeInventor/node-kayles).
// Even n from 6 on is 0 by the rotation through n / 2 (no vertex near its image). Up to
// n = 10 also against the brute force over vertex sets.
TEST(NodeKayles, GeneralizedPetersenGraphsHaveTheirPublishedValues) {
  const std::vector<std::uint64_t> a316533 = {1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0};
  ComponentSearch<NodeKaylesRules> search;
  const unsigned last = test::sanitized_or(26u, 20u);
  for (unsigned n = 5; n <= last; ++n)
    EXPECT_EQ(search.value(SmallGraph(petersen_rows(n, 2))).value(), a316533[n - 5]) << "GP(" << n << ", 2)";
  for (unsigned n = 5; n <= 10; ++n) {
    const std::vector<VertexSet> rows = petersen_rows(n, 2);
    TinyGraph g{2 * n, std::vector<std::uint32_t>(2 * n)};
    for (unsigned v = 0; v < 2 * n; ++v) g.closed[v] = static_cast<std::uint32_t>(rows[v]) | std::uint32_t{1} << v;
    EXPECT_EQ(search.value(SmallGraph(rows)).value(), BruteNodeKayles(g).value((std::uint32_t{1} << (2 * n)) - 1))
        << "GP(" << n << ", 2)";
  }
}

TEST(NodeKayles, PetersenGraphFromTheExampleFile) {
  const auto game = NodeKaylesGame::from_file(std::string(GRUNDY_TEST_DATA) + "/../../examples/data/petersen.txt");
  ASSERT_EQ(game->vertex_count(), 10u);
  // The brute force on the same graph, built here: outer cycle, spokes, pentagram.
  TinyGraph g{10, std::vector<std::uint32_t>(10)};
  auto link = [&g](unsigned u, unsigned v) {
    g.closed[u] |= std::uint32_t{1} << v;
    g.closed[v] |= std::uint32_t{1} << u;
  };
  for (unsigned v = 0; v < 10; ++v) g.closed[v] = std::uint32_t{1} << v;
  for (unsigned i = 0; i < 5; ++i) {
    link(i, (i + 1) % 5);
    link(i, i + 5);
    link(i + 5, (i + 2) % 5 + 5);
  }
  std::vector<VertexSet> rows = rows_of(g);
  unsigned edges = 0;
  for (const VertexSet r : rows) edges += static_cast<unsigned>(__builtin_popcountll(static_cast<std::uint64_t>(r)));
  EXPECT_EQ(edges, 30u);  // 15 edges, each counted from both ends
  EXPECT_EQ(game->value(game->parse_position("all")).value(), BruteNodeKayles(g).value(0x3ff));
  // The file's graph is the Petersen graph: isomorphic to the one built here.
  EXPECT_EQ(canonical_graph(game->graph(game->parse_position("all"))), canonical_graph(SmallGraph(rows)));
}

TEST(NodeKayles, CanonicalFormsIgnoreTheLabels) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 100; ++trial) {
    const unsigned n = trial < 80 ? 1 + static_cast<unsigned>(rng() % 20) : 60 + static_cast<unsigned>(rng() % 69);
    std::bernoulli_distribution edge(std::array{0.1, 0.3, 0.5}[static_cast<std::size_t>(trial % 3)]);
    std::vector<VertexSet> rows(n, 0);
    for (unsigned u = 0; u < n; ++u)
      for (unsigned v = u + 1; v < n; ++v)
        if (edge(rng)) {
          rows[u] |= VertexSet{1} << v;
          rows[v] |= VertexSet{1} << u;
        }
    std::vector<unsigned> to(n);
    std::iota(to.begin(), to.end(), 0u);
    std::shuffle(to.begin(), to.end(), rng);
    std::vector<VertexSet> relabelled(n, 0);
    for (unsigned u = 0; u < n; ++u)
      for (unsigned v = 0; v < n; ++v)
        if ((rows[u] >> v & 1) != 0) relabelled[to[u]] |= VertexSet{1} << to[v];
    ASSERT_EQ(canonical_graph(SmallGraph(rows)), canonical_graph(SmallGraph(relabelled))) << "trial " << trial;
    // Adding an edge makes another graph (fewer or more edges: never isomorphic).
    if (n >= 2 && (rows[0] >> 1 & 1) == 0) {
      relabelled[to[0]] |= VertexSet{1} << to[1];
      relabelled[to[1]] |= VertexSet{1} << to[0];
      EXPECT_NE(canonical_graph(SmallGraph(rows)), canonical_graph(SmallGraph(relabelled))) << "trial " << trial;
    }
  }
  // Same vertex and edge counts, not isomorphic: a path and a star of 4 vertices.
  const VertexSet star[] = {0b1110, 0b0001, 0b0001, 0b0001};
  EXPECT_NE(canonical_graph(SmallGraph(path_rows(4))), canonical_graph(SmallGraph(star)));
}

TEST(NodeKayles, PartsAreConnectedPiecesWithIsolatedVerticesKept) {
  // Two edges and two isolated vertices: 4 parts, equal pairs.
  const VertexSet rows[] = {0b000010, 0b000001, 0, 0b010000, 0b001000, 0};
  const std::vector<SmallGraph> parts = node_kayles_parts(SmallGraph(rows));
  ASSERT_EQ(parts.size(), 4u);
  EXPECT_EQ(parts[0], parts[2]);
  EXPECT_EQ(parts[1], parts[3]);
  EXPECT_EQ(parts[1].order(), 1u);
  EXPECT_TRUE(node_kayles_parts(SmallGraph{}).empty());
  ComponentSearch<NodeKaylesRules> search;
  EXPECT_EQ(search.value(SmallGraph(rows)).value(), 0u);  // 1 ^ 1 ^ 1 ^ 1
}

TEST(NodeKayles, PositionsAndMoves) {
  const auto game = NodeKaylesGame::from_text("a b\nb c\nc c  # a loop: only a vertex\nd\n", "t.txt");
  EXPECT_EQ(game->spec(), "node-kayles:t.txt");
  const Position all = game->parse_position("all");
  EXPECT_EQ(game->format_position(all), "all");
  EXPECT_EQ(game->format_position(game->parse_position("a,b,c,d")), "all");
  EXPECT_EQ(game->format_position(game->parse_position("d,a")), "a,d");
  EXPECT_EQ(game->format_position(game->parse_position("none")), "none");
  EXPECT_EQ(game->value(all).value(), 3u);  // a path of 3 (Dawson's chess at 3: 2) and a lone vertex (1)
  const OptionSample options = game->list_options(all, kNoLimit);
  ASSERT_EQ(options.options.size(), 4u);
  EXPECT_EQ(game->format_position(options.options[0][0]), "c,d");  // a and b gone
  EXPECT_EQ(game->format_position(options.options[1][0]), "d");    // b takes a and c
  const Position edge = game->parse_position("a,b");
  EXPECT_EQ(game->list_options(edge, kNoLimit).options.size(), 1u);  // a and b are twins: each leaves none
  EXPECT_EQ(game->why_not_option(all, std::vector<Position>{game->parse_position("d")}), "");
  EXPECT_THAT(game->why_not_option(game->parse_position("a,b,c"), std::vector<Position>{game->parse_position("a,b")}),
              HasSubstr("no vertex's neighbourhood is exactly one vertex (vertices c)"));
  EXPECT_THAT(game->why_not_option(edge, std::vector<Position>{all}), HasSubstr("never brings one back"));
  EXPECT_THAT(game->why_not_option(all, std::vector<Position>{all}), HasSubstr("the graph is unchanged"));
  EXPECT_THAT(game->why_not_option(all, std::vector<Position>{game->parse_position("b,d")}),
              HasSubstr("no vertex's neighbourhood is exactly 2 vertices (vertices a,c)"));
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(NodeKayles, BadInputSaysWhereAndWhat) {
  const auto game = NodeKaylesGame::from_text("a b\n", "t.txt");
  EXPECT_THAT(error_of([&] { (void)game->parse_position("a,x"); }),
              HasSubstr("node-kayles position 'a,x', at character 3: no vertex named 'x' in graph t.txt"));
  EXPECT_THAT(error_of([&] { (void)game->parse_position("a,,b"); }), HasSubstr("at character 3: an empty vertex name"));
  EXPECT_THAT(error_of([&] { (void)game->parse_position(""); }), HasSubstr("at character 1: an empty vertex name"));
  std::string big;
  for (int v = 0; v < 130; ++v) big += fmt::format("v{}\n", v);
  EXPECT_THAT(error_of([&] { (void)NodeKaylesGame::from_text(big, "big.txt"); }),
              HasSubstr("big.txt:129:1: more than 128 vertices; node-kayles plays on graphs of at most 128 vertices"));
  EXPECT_THAT(error_of([&] { (void)NodeKaylesGame::from_text("a b c\n", "t.txt"); }),
              HasSubstr("t.txt:1:5: unexpected third name 'c'"));
  EXPECT_THAT(error_of([&] { (void)NodeKaylesGame::from_text("a all\n", "t.txt"); }),
              HasSubstr("a vertex named 'all'"));
  EXPECT_THAT(error_of([&] { (void)NodeKaylesGame::from_text("a,b c\n", "t.txt"); }),
              HasSubstr("a vertex named 'a,b'"));
  EXPECT_THAT(error_of([] { (void)parse_game("node-kayles:/no/such/file.txt"); }), HasSubstr("/no/such/file.txt"));
  EXPECT_THAT(error_of([] { (void)parse_game("node-kayles"); }), HasSubstr("expected node-kayles:FILE"));
  // 128 vertices are fine.
  std::string full;
  for (int v = 0; v < 128; ++v) full += fmt::format("v{} v{}\n", v, (v + 1) % 128);
  EXPECT_EQ(NodeKaylesGame::from_text(full, "c128.txt")->vertex_count(), 128u);
}

}  // namespace
}  // namespace grundy
