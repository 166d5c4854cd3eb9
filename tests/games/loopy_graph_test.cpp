#include "grundy/games/graph.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "grundy/game_value.hpp"
#include "grundy/games/nim.hpp"
#include "grundy/nimber.hpp"
#include "grundy/sum.hpp"
#include "support/brute_force.hpp"
#include "support/product_outcome.hpp"

// Graphs with cycles: the library's generalized Sprague-Grundy values
// (game_value.hpp) and its analysis of sums, checked against the rules of
// play alone. The oracle (support/product_outcome.hpp) knows nothing of
// values: it solves the whole graph of positions of a sum, tuple by tuple.

namespace grundy {
namespace {

using test::Digraph;
using test::nim_heap_digraph;
using test::Outcome;
using test::ProductOutcomes;

// ---------------------------------------------------------------- helpers

// A move of a sum as (component, from, to): comparable and printable.
using MoveKey = std::tuple<std::size_t, Position, Position>;

std::string outcome_name(Outcome o) {
  switch (o) {
    case Outcome::win:
      return "win";
    case Outcome::loss:
      return "loss";
    case Outcome::draw:
      break;
  }
  return "draw";
}

// The library's Winner in the oracle's words, so that both sides of a
// comparison print as words.
std::string outcome_name(Winner w) {
  switch (w) {
    case Winner::first:
      return "win";
    case Winner::second:
      return "loss";
    case Winner::draw:
      break;
  }
  return "draw";
}

std::string show(const GameValue& v) {
  if (v.is_finite()) return std::to_string(v.nimber().value());
  return to_string(v, true);
}

::testing::AssertionResult same_value(const GameValue& got, const GameValue& expected) {
  if (got == expected) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << show(got) << ", expected " << show(expected);
}

GameValue inf(const std::vector<std::uint64_t>& options) {
  std::vector<Nimber> k;
  for (std::uint64_t m : options) k.push_back(Nimber(m));
  return GameValue::infinite(k);
}

std::string vertex_name(std::size_t v) { return fmt::format("v{}", v); }

// The text that gives the library `out`: every vertex declared first, in
// order, so that vertex i is Position i; then the edges, in the order given.
std::string graph_text(const Digraph& out, const std::vector<std::pair<std::size_t, int>>& edge_lines) {
  std::string text;
  for (std::size_t v = 0; v < out.size(); ++v) text += vertex_name(v) + "\n";
  for (const auto& [u, w] : edge_lines) text += vertex_name(u) + " " + vertex_name(static_cast<std::size_t>(w)) + "\n";
  return text;
}

struct RandomGraph {
  Digraph out;  // each edge once
  std::string text;
};

// A random digraph on 1..max_vertices vertices. Densities vary from sparse
// (sinks, cycles with exits: finite values on cycles) to dense (mostly
// infinite values); self-loops are sometimes absent, sometimes common.
// `acyclic` keeps only edges from a higher rank to a lower one, the ranks
// being a random order hidden from the numbering. rng() % n rather than the
// std distributions, whose results differ between standard libraries.
RandomGraph random_graph(std::mt19937_64& rng, std::uint64_t max_vertices, bool acyclic) {
  const std::size_t n = static_cast<std::size_t>(1 + rng() % max_vertices);
  const std::uint64_t edge_percent = 10 + rng() % 35;
  const std::uint64_t loop_percent = rng() % 3 == 0 ? 0 : 5 + rng() % 40;
  const std::uint64_t sink_percent = rng() % 40;  // sinks end plays: finite values, and ∞_K with 0 in K
  std::vector<std::size_t> rank(n);
  for (std::size_t i = 0; i < n; ++i) rank[i] = i;
  for (std::size_t i = n; i > 1; --i) std::swap(rank[i - 1], rank[static_cast<std::size_t>(rng() % i)]);

  RandomGraph g;
  g.out.resize(n);
  std::vector<std::pair<std::size_t, int>> lines;
  for (std::size_t u = 0; u < n; ++u) {
    if (rng() % 100 < sink_percent) continue;
    for (std::size_t w = 0; w < n; ++w) {
      if (acyclic && rank[u] <= rank[w]) continue;
      if (rng() % 100 >= (u == w ? loop_percent : edge_percent)) continue;
      g.out[u].push_back(static_cast<int>(w));
      lines.emplace_back(u, static_cast<int>(w));
    }
  }
  // The edge lines in a random order, and now and then one line twice (one
  // move all the same).
  for (std::size_t i = lines.size(); i > 1; --i) std::swap(lines[i - 1], lines[static_cast<std::size_t>(rng() % i)]);
  if (!lines.empty() && rng() % 4 == 0) lines.push_back(lines[static_cast<std::size_t>(rng() % lines.size())]);
  g.text = graph_text(g.out, lines);
  return g;
}

// For each vertex, whether some play from it can go on forever. Removing,
// again and again, every vertex all of whose moves go to removed vertices
// (sinks first) leaves exactly those: each has a move to another.
std::vector<bool> endless_from(const Digraph& out) {
  std::vector<bool> endless(out.size(), true);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t v = 0; v < out.size(); ++v) {
      if (!endless[v]) continue;
      bool stays = false;
      for (int w : out[v]) stays = stays || endless[static_cast<std::size_t>(w)];
      if (!stays) {
        endless[v] = false;
        changed = true;
      }
    }
  }
  return endless;
}

GraphGame read_graph(std::string_view text) { return GraphGame::from_text(text, "loopy.txt"); }

std::set<MoveKey> keys_of(const std::vector<Move>& moves) {
  std::set<MoveKey> keys;
  for (const Move& m : moves) {
    EXPECT_EQ(m.to.size(), 1U) << "a move in a graph or nim leaves one position";
    if (m.to.size() == 1) keys.insert({m.component, m.from, m.to[0]});
  }
  EXPECT_EQ(keys.size(), moves.size()) << "a move reported twice";
  return keys;
}

// ---------------------------------------------------------------- the oracle itself

TEST(LoopyOracle, NimSumsAreLostExactlyWhenTheXorIsZero) {
  const ProductOutcomes oracle({nim_heap_digraph(5), nim_heap_digraph(6), nim_heap_digraph(3)});
  ASSERT_EQ(oracle.tuple_count(), 6U * 7U * 4U);
  for (std::size_t t = 0; t < oracle.tuple_count(); ++t) {
    const std::vector<int> h = oracle.tuple_at(t);
    ASSERT_EQ(oracle.index_of(h), t);
    EXPECT_EQ(outcome_name(oracle.outcome(t)), outcome_name((h[0] ^ h[1] ^ h[2]) == 0 ? Outcome::loss : Outcome::win))
        << h[0] << " " << h[1] << " " << h[2];
  }
}

TEST(LoopyOracle, SmallGraphsByHand) {
  // A self-loop alone: the play never ends.
  EXPECT_EQ(outcome_name(ProductOutcomes({Digraph{{0}}}).outcome_of({0})), outcome_name(Outcome::draw));
  // The empty sum has no move: lost.
  EXPECT_EQ(outcome_name(ProductOutcomes({}).outcome(0)), outcome_name(Outcome::loss));
  // a -> a, a -> b: a is won by moving to b; two tokens on a: a draw, since
  // whoever moves a token to b first lets the other do the same and win.
  const Digraph loop_with_exit{{0, 1}, {}};
  EXPECT_EQ(outcome_name(ProductOutcomes({loop_with_exit}).outcome_of({0})), outcome_name(Outcome::win));
  const ProductOutcomes two({loop_with_exit, loop_with_exit});
  EXPECT_EQ(outcome_name(two.outcome_of({0, 0})), outcome_name(Outcome::draw));
  EXPECT_EQ(outcome_name(two.outcome_of({0, 1})), outcome_name(Outcome::win));
  EXPECT_EQ(outcome_name(two.outcome_of({1, 1})), outcome_name(Outcome::loss));
}

// ---------------------------------------------------------------- by hand

TEST(LoopyGraphByHand, SelfLoopAloneIsInfinityWithoutOptions) {
  const GraphGame g = read_graph("a\na a\n");
  EXPECT_TRUE(same_value(g.game_value(0), inf({})));
  EXPECT_EQ(outcome_name(g.game_value(0).winner()), outcome_name(Outcome::draw));
  const std::vector<Component> sum{{&g, 0}};
  const SumAnalysis a = analyze_sum(sum);
  EXPECT_EQ(outcome_name(a.winner), outcome_name(Outcome::draw));
  EXPECT_TRUE(a.winning_moves.empty());
  EXPECT_EQ(keys_of(a.drawing_moves), (std::set<MoveKey>{{0, 0, 0}}));  // a -> a keeps the draw
}

TEST(LoopyGraphByHand, SelfLoopWithAnExitIsInfinityWithZero) {
  // a -> a, a -> b, b a sink: a is ∞{0}, a win (move to b); b is 0.
  const GraphGame g = read_graph("a\nb\na a\na b\n");
  EXPECT_TRUE(same_value(g.game_value(0), inf({0})));
  EXPECT_TRUE(same_value(g.game_value(1), GameValue(Nimber(0))));
  EXPECT_EQ(outcome_name(g.game_value(0).winner()), outcome_name(Outcome::win));
  {
    const std::vector<Component> sum{{&g, 0}};
    const SumAnalysis a = analyze_sum(sum);
    EXPECT_EQ(outcome_name(a.winner), outcome_name(Outcome::win));
    EXPECT_EQ(keys_of(a.winning_moves), (std::set<MoveKey>{{0, 0, 1}}));
    EXPECT_TRUE(a.drawing_moves.empty());
  }
  {
    // a + *1 is ∞{1}: a draw. Moving to b or taking the heap loses; a -> a
    // keeps the draw.
    Nim nim;
    const std::vector<Component> sum{{&g, 0}, {&nim, 1}};
    EXPECT_TRUE(same_value(g.game_value(0) ^ Nimber(1), inf({1})));
    const SumAnalysis a = analyze_sum(sum);
    EXPECT_EQ(outcome_name(a.winner), outcome_name(Outcome::draw));
    EXPECT_TRUE(a.winning_moves.empty());
    EXPECT_EQ(keys_of(a.drawing_moves), (std::set<MoveKey>{{0, 0, 0}}));
  }
  {
    // Two tokens on a: a draw (see LoopyOracle.SmallGraphsByHand); only
    // a -> a, in either component, keeps it.
    const std::vector<Component> sum{{&g, 0}, {&g, 0}};
    const SumAnalysis a = analyze_sum(sum);
    EXPECT_EQ(outcome_name(a.winner), outcome_name(Outcome::draw));
    EXPECT_TRUE(a.winning_moves.empty());
    EXPECT_EQ(keys_of(a.drawing_moves), (std::set<MoveKey>{{0, 0, 0}, {1, 0, 0}}));
  }
}

TEST(LoopyGraphByHand, TwoCycleWithoutExitsIsInfinityWithoutOptions) {
  const GraphGame g = read_graph("a b\nb a\n");
  EXPECT_TRUE(same_value(g.game_value(0), inf({})));
  EXPECT_TRUE(same_value(g.game_value(1), inf({})));
  const std::vector<Component> sum{{&g, 1}};
  const SumAnalysis a = analyze_sum(sum);
  EXPECT_EQ(outcome_name(a.winner), outcome_name(Outcome::draw));
  EXPECT_TRUE(a.winning_moves.empty());
  EXPECT_EQ(keys_of(a.drawing_moves), (std::set<MoveKey>{{0, 1, 0}}));
}

TEST(LoopyGraphByHand, TwoCycleWithAnExitFromEachVertexIsInfinityWithZero) {
  // a <-> b, a -> x, b -> y, x and y sinks. a and b are wins (move to the
  // sink), so neither is 0. The labels a = 1, b = 2 satisfy the mex rule at
  // every vertex, yet are wrong: in a + *1, moving to x or emptying the heap
  // leaves a win for the other player, so the one move that does not lose is
  // a -> b, to b + *1, where the same holds. The token goes round the cycle
  // forever: a draw, where a value 1 would promise a loss.
  const GraphGame g = read_graph("a b\nb a\na x\nb y\n");
  EXPECT_TRUE(same_value(g.game_value(0), inf({0})));
  EXPECT_TRUE(same_value(g.game_value(1), inf({0})));
  EXPECT_TRUE(same_value(g.game_value(2), GameValue(Nimber(0))));
  EXPECT_TRUE(same_value(g.game_value(3), GameValue(Nimber(0))));
  Nim nim;
  const std::vector<Component> sum{{&g, 0}, {&nim, 1}};
  const SumAnalysis a = analyze_sum(sum);
  EXPECT_EQ(outcome_name(a.winner), outcome_name(Outcome::draw));
  EXPECT_TRUE(a.winning_moves.empty());
  EXPECT_EQ(keys_of(a.drawing_moves), (std::set<MoveKey>{{0, 0, 1}}));
}

TEST(LoopyGraphByHand, CycleWithAnExitHasFiniteValues) {
  // a -> b, b -> a, b -> c, c a sink. c is 0; b reaches c, so b wins: 1;
  // a's one move goes to b, a win for the other player: a is 0, a loss,
  // though play from a could go round the cycle forever.
  const GraphGame g = read_graph("a b\nb a\nb c\n");
  EXPECT_TRUE(same_value(g.game_value(0), GameValue(Nimber(0))));
  EXPECT_TRUE(same_value(g.game_value(1), GameValue(Nimber(1))));
  EXPECT_TRUE(same_value(g.game_value(2), GameValue(Nimber(0))));
  const std::vector<Component> at_a{{&g, 0}};
  const SumAnalysis a = analyze_sum(at_a);
  EXPECT_EQ(outcome_name(a.winner), outcome_name(Outcome::loss));
  EXPECT_TRUE(a.winning_moves.empty());
  EXPECT_TRUE(a.drawing_moves.empty());
  const std::vector<Component> at_b{{&g, 1}};
  const SumAnalysis b = analyze_sum(at_b);
  EXPECT_EQ(outcome_name(b.winner), outcome_name(Outcome::win));
  EXPECT_EQ(keys_of(b.winning_moves), (std::set<MoveKey>{{0, 1, 0}, {0, 1, 2}}));  // both go to a 0
}

// ---------------------------------------------------------------- against the oracle

// (b) What each value promises, tested against nim heaps: G at v has the
// finite value m exactly when G + *m is a loss (and then G + *k is a win for
// every other k); G at v is ∞_K exactly when G + *k is a win for k in K and
// a draw for every other k. A value m needs options of m other values, so
// m < |V|, and K, a set of values, lies below |V| too: heaps up to |V| + 2
// reach at least 3 past the largest of them.
TEST(LoopyGraphOracle, EachValueKeepsItsPromiseAgainstNimHeaps) {
  std::mt19937_64 rng(2024);
  int finite = 0;
  int finite_endless = 0;  // finite, though play from the vertex could go on forever
  int infinite_with_zero = 0;
  int infinite_without_zero = 0;
  for (int round = 0; round < 1000; ++round) {
    const RandomGraph r = random_graph(rng, 7, false);
    const GraphGame g = read_graph(r.text);
    const std::size_t n = r.out.size();
    ASSERT_EQ(g.vertex_count(), n) << r.text;
    const int top = static_cast<int>(n) + 2;
    const ProductOutcomes oracle({r.out, nim_heap_digraph(top)});
    const std::vector<bool> endless = endless_from(r.out);
    for (std::size_t v = 0; v < n; ++v) {
      const GameValue value = g.game_value(v);
      const auto where = [&] { return "vertex " + vertex_name(v) + " of value " + show(value) + " in\n" + r.text; };
      std::set<std::uint64_t> wins;  // the k of G + *k a win, if the value is infinite
      std::optional<std::uint64_t> m;
      if (value.is_finite()) {
        m = value.nimber().value();
        ASSERT_LT(*m, n) << where();
        ++finite;
        finite_endless += endless[v] ? 1 : 0;
      } else {
        for (std::size_t i = 0; i < value.options().size(); ++i) {
          const std::uint64_t k = value.options()[i].value();
          ASSERT_LT(k, n) << where();
          if (i > 0) {
            ASSERT_LT(value.options()[i - 1].value(), k) << "K ascending, each once: " << where();
          }
          wins.insert(k);
        }
        ++(wins.count(0) != 0 ? infinite_with_zero : infinite_without_zero);
      }
      for (int k = 0; k <= top; ++k) {
        const std::uint64_t heap = static_cast<std::uint64_t>(k);
        const Outcome expected =
            m ? (heap == *m ? Outcome::loss : Outcome::win) : (wins.count(heap) != 0 ? Outcome::win : Outcome::draw);
        const Outcome actual = oracle.outcome_of({static_cast<int>(v), k});
        ASSERT_EQ(outcome_name(actual), outcome_name(expected)) << "G + *" << k << ", " << where();
        // The value of G + *k (operator^) decides the same.
        ASSERT_EQ(outcome_name((value ^ Nimber(heap)).winner()), outcome_name(actual))
            << "G + *" << k << ", " << where();
      }
      // value() answers for the finite values, cycles or not.
      if (m) {
        EXPECT_EQ(g.value(v), Nimber(*m)) << where();
      }
    }
  }
  // The graphs gave every kind of value, many times.
  EXPECT_GT(finite, 1000);
  EXPECT_GT(finite_endless, 100);
  EXPECT_GT(infinite_with_zero, 150);
  EXPECT_GT(infinite_without_zero, 400);
}

// One sum of random components: graphs (sometimes two tokens on one graph)
// and nim heaps, each with the digraph the oracle sees.
struct RandomSum {
  std::deque<GraphGame> graphs;  // a deque: the components point into it
  Nim nim;
  std::vector<const Game*> games;  // one per component
  std::vector<Digraph> parts;      // one per component
  std::string text;                // for failure messages
};

void fill_random_sum(std::mt19937_64& rng, RandomSum& sum) {
  const std::size_t count = 1 + static_cast<std::size_t>(rng() % 3);
  std::vector<std::size_t> graph_components;  // the components that are graphs so far
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t kind = rng() % 8;
    if (kind < 2) {  // a nim heap: every heap 0..h is a position of the tuples
      const int h = static_cast<int>(rng() % 6);
      sum.games.push_back(&sum.nim);
      sum.parts.push_back(nim_heap_digraph(h));
      sum.text += "component " + std::to_string(i) + ": nim heaps 0.." + std::to_string(h) + "\n";
    } else if (kind == 2 && !graph_components.empty()) {  // another token on an earlier graph
      const std::size_t j = graph_components[static_cast<std::size_t>(rng() % graph_components.size())];
      sum.games.push_back(sum.games[j]);
      sum.parts.push_back(sum.parts[j]);
      graph_components.push_back(i);
      sum.text += "component " + std::to_string(i) + ": the graph of component " + std::to_string(j) + "\n";
    } else {
      RandomGraph r = random_graph(rng, 7, false);
      sum.graphs.push_back(read_graph(r.text));
      sum.games.push_back(&sum.graphs.back());
      sum.parts.push_back(std::move(r.out));
      graph_components.push_back(i);
      sum.text += "component " + std::to_string(i) + ": the graph\n" + r.text;
    }
  }
}

// (a) and (c): the winner of every sum, and its winning or drawing moves,
// exactly as the oracle finds them.
TEST(LoopyGraphOracle, SumsAgreeWithTheProductGraph) {
  std::mt19937_64 rng(7);
  std::size_t tuples = 0;
  std::size_t draws = 0;
  for (int round = 0; round < 600; ++round) {
    RandomSum sum;
    fill_random_sum(rng, sum);
    const ProductOutcomes oracle(sum.parts);
    for (std::size_t t = 0; t < oracle.tuple_count(); ++t) {
      const std::vector<int> tuple = oracle.tuple_at(t);
      std::vector<Component> components;
      for (std::size_t i = 0; i < tuple.size(); ++i)
        components.push_back({sum.games[i], static_cast<Position>(tuple[i])});
      const auto where = [&] {
        std::string text = "round " + std::to_string(round) + ", positions";
        for (int p : tuple) text += fmt::format(" {}", p);
        return text + ", of\n" + sum.text;
      };

      // Every move, sorted by the outcome of the tuple it leaves.
      std::set<MoveKey> to_loss;
      std::set<MoveKey> to_draw;
      for (std::size_t i = 0; i < tuple.size(); ++i) {
        for (int w : sum.parts[i][static_cast<std::size_t>(tuple[i])]) {
          const MoveKey key{i, static_cast<Position>(tuple[i]), static_cast<Position>(w)};
          const Outcome after = oracle.outcome(oracle.after(t, i, w));
          if (after == Outcome::loss) to_loss.insert(key);
          if (after == Outcome::draw) to_draw.insert(key);
        }
      }

      const Outcome expected = oracle.outcome(t);
      const SumAnalysis a = analyze_sum(components);
      ++tuples;
      draws += expected == Outcome::draw ? 1 : 0;
      ASSERT_EQ(outcome_name(a.winner), outcome_name(expected)) << where();
      ASSERT_EQ(a.values.size(), components.size()) << where();
      for (std::size_t i = 0; i < components.size(); ++i)
        ASSERT_TRUE(same_value(a.values[i], sum.games[i]->game_value(components[i].position)))
            << "component " << i << ", " << where();
      for (const Move& m : a.winning_moves) ASSERT_EQ(m.from, components.at(m.component).position) << where();
      for (const Move& m : a.drawing_moves) ASSERT_EQ(m.from, components.at(m.component).position) << where();
      ASSERT_EQ(keys_of(a.winning_moves), expected == Outcome::win ? to_loss : std::set<MoveKey>{}) << where();
      ASSERT_EQ(keys_of(a.drawing_moves), expected == Outcome::draw ? to_draw : std::set<MoveKey>{}) << where();
    }
  }
  // Enough sums, and enough of them drawn, for the test to mean something.
  EXPECT_GT(tuples, 10000U);
  EXPECT_GT(draws, 3000U);
}

// (d) Without cycles, the values are the plain mex of the options' values.
std::uint64_t mex_value(const Digraph& out, std::size_t v, std::vector<std::optional<std::uint64_t>>& memo) {
  if (!memo[v]) {
    std::set<std::uint64_t> seen;
    for (int w : out[v]) seen.insert(mex_value(out, static_cast<std::size_t>(w), memo));
    memo[v] = test::brute_mex(seen);
  }
  return *memo[v];
}

TEST(LoopyGraphOracle, GraphsWithoutCyclesHaveTheirMexValues) {
  std::mt19937_64 rng(31);
  for (int round = 0; round < 300; ++round) {
    const RandomGraph r = random_graph(rng, 12, true);
    const GraphGame g = read_graph(r.text);
    const std::size_t n = r.out.size();
    ASSERT_EQ(g.vertex_count(), n) << r.text;
    std::vector<std::optional<std::uint64_t>> memo(n);
    const ProductOutcomes oracle({r.out});
    for (std::size_t v = 0; v < n; ++v) {
      const std::uint64_t expected = mex_value(r.out, v, memo);
      ASSERT_TRUE(same_value(g.game_value(v), GameValue(Nimber(expected)))) << vertex_name(v) << " in\n" << r.text;
      ASSERT_EQ(g.value(v), Nimber(expected)) << vertex_name(v) << " in\n" << r.text;
      // Every play ends: no draw, and the loss is value 0.
      ASSERT_EQ(outcome_name(oracle.outcome_of({static_cast<int>(v)})),
                outcome_name(expected == 0 ? Outcome::loss : Outcome::win))
          << vertex_name(v) << " in\n"
          << r.text;
    }
  }
}

}  // namespace
}  // namespace grundy
