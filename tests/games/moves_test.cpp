// The move rules every game exposes for play (is_move, why_not_move,
// moves_from, has_move), against each game's rule written out directly as a
// set of positions reached.

#include <algorithm>
#include <functional>
#include <limits>
#include <memory>
#include <numeric>
#include <random>
#include <set>
#include <stdexcept>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/games/graph.hpp"
#include "grundy/primes/factor.hpp"
#include "grundy/one_to_one_game.hpp"
#include "grundy/spec.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;
using Rule = std::function<std::set<Position>(Position)>;

constexpr Position kMax64 = std::numeric_limits<Position>::max();

// The one-position move queries of a game whose moves leave one position.
std::unique_ptr<OneToOneGame> parse_one_to_one(const std::string& spec) {
  std::unique_ptr<Game> game = parse_game(spec);
  auto* one = dynamic_cast<OneToOneGame*>(game.get());
  if (one == nullptr) throw std::logic_error(spec + " has moves that leave several positions");
  game.release();
  return std::unique_ptr<OneToOneGame>(one);
}

struct Case {
  std::string spec;
  Rule rule;
};

std::vector<Case> heap_cases() {
  std::vector<Case> cases;
  cases.push_back({"nim", [](Position n) {
                     std::set<Position> s;
                     for (Position k = 0; k < n; ++k) s.insert(k);
                     return s;
                   }});
  for (std::vector<Position> set : {std::vector<Position>{1, 3, 4}, {2, 5, 7}, {3}, {1, 2, 3, 10, 11}}) {
    cases.push_back({fmt::format("subtraction:{}", fmt::join(set, ",")), [set](Position n) {
                       std::set<Position> s;
                       for (Position t : set)
                         if (t <= n) s.insert(n - t);
                       return s;
                     }});
  }
  for (std::vector<Position> divisors :
       {std::vector<Position>{2, 3, 4, 5, 6}, {3, 7}, {2}, {5, 6, 7, 8, 9, 10, 11, 12}}) {
    cases.push_back({fmt::format("division:{}", fmt::join(divisors, ",")), [divisors](Position n) {
                       std::set<Position> s;
                       if (n > 0)
                         for (Position d : divisors) s.insert(n / d);
                       return s;
                     }});
  }
  cases.push_back({"coprime", [](Position x) {
                     std::set<Position> s;
                     for (Position y = 1; y <= x; ++y)
                       if (std::gcd(x, y) == 1) s.insert(x - y);
                     return s;
                   }});
  for (auto [x, y] : {std::pair<Position, Position>{3, 5}, {5, 7}, {4, 10}, {1, 2}, {2, 3}}) {
    cases.push_back({fmt::format("xy:{},{}", x, y), [x, y](Position v) {
                       std::set<Position> s;
                       for (Position take = 1; take <= 2 && take <= v; ++take) {
                         const Position left = v - take;
                         if (left % x != 0 && left % y != 0) s.insert(left);
                       }
                       return s;
                     }});
  }
  return cases;
}

// Checks every query of `game` at `p` against the set of positions `moves`.
void check_position(const OneToOneGame& game, Position p, const std::set<Position>& moves, Position probe_to) {
  SCOPED_TRACE(fmt::format("{} at {}", game.spec(), p));
  const std::vector<Position> all(moves.begin(), moves.end());
  EXPECT_EQ(game.has_move(p), !all.empty());
  for (Position q = 0; q <= probe_to; ++q) {
    const bool legal = moves.count(q) != 0;
    EXPECT_EQ(game.is_move(p, q), legal) << "to " << q;
    if (!legal) {
      EXPECT_FALSE(game.why_not_move(p, q).empty()) << "to " << q;
    }
  }
  std::vector<Position> lowests = {0, 1, 2};
  if (!all.empty()) {
    lowests.push_back(all.back());
    lowests.push_back(all.back() + 1);
    lowests.push_back(all[all.size() / 2]);
  }
  for (Position lowest : lowests) {
    std::vector<Position> expected;
    for (Position q : all)
      if (q >= lowest) expected.push_back(q);
    for (std::uint64_t limit : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{3}, kMax64}) {
      const MoveSample s = game.moves_from(p, lowest, limit);
      const std::size_t kept = static_cast<std::size_t>(std::min<std::uint64_t>(limit, expected.size()));
      EXPECT_EQ(s.moves, std::vector<Position>(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(kept)))
          << "lowest " << lowest << ", limit " << limit;
      if (s.total) {
        EXPECT_EQ(*s.total, expected.size()) << "lowest " << lowest << ", limit " << limit;
      }
      if (limit == kMax64) {
        EXPECT_TRUE(s.complete()) << "lowest " << lowest;
      }
    }
  }
}

TEST(Moves, HeapGamesMatchTheirRulesUpTo300) {
  for (const Case& c : heap_cases()) {
    const auto game = parse_one_to_one(c.spec);
    EXPECT_FALSE(game->move_rule().empty());
    for (Position p = 0; p <= 300; ++p) check_position(*game, p, c.rule(p), p + 3);
  }
}

TEST(Moves, CoprimeAtRandomLargerHeaps) {
  const auto game = parse_one_to_one("coprime");
  std::mt19937_64 rng(11);
  for (int k = 0; k < 60; ++k) {
    const Position x = 300 + rng() % 5000;
    std::set<Position> moves;
    for (Position y = 1; y <= x; ++y)
      if (std::gcd(x, y) == 1) moves.insert(x - y);
    check_position(*game, x, moves, 0);
  }
}

// Far from 0 the rules are checked on samples: the first and last moves, the
// totals, and moves next to illegal ones.
TEST(Moves, HugeHeaps) {
  const auto nim = parse_one_to_one("nim");
  MoveSample s = nim->moves_from(kMax64, 0, 3);
  EXPECT_EQ(s.moves, (std::vector<Position>{0, 1, 2}));
  EXPECT_EQ(s.total, kMax64);
  s = nim->moves_from(kMax64, kMax64 - 2, 10);
  EXPECT_EQ(s.moves, (std::vector<Position>{kMax64 - 2, kMax64 - 1}));
  EXPECT_TRUE(nim->is_move(kMax64, kMax64 - 1));
  EXPECT_FALSE(nim->is_move(kMax64, kMax64));

  const auto division = parse_one_to_one("division:2-6");
  s = division->moves_from(kMax64, 0, 10);
  EXPECT_EQ(s.moves, (std::vector<Position>{kMax64 / 6, kMax64 / 5, kMax64 / 4, kMax64 / 3, kMax64 / 2}));
  EXPECT_TRUE(division->is_move(kMax64, kMax64 / 4));
  EXPECT_FALSE(division->is_move(kMax64, kMax64 / 4 + 1));
  EXPECT_FALSE(division->is_move(kMax64, kMax64 / 4 - 1));
  EXPECT_FALSE(division->is_move(kMax64, 0));

  const auto subtraction = parse_one_to_one("subtraction:2,5,7");
  s = subtraction->moves_from(kMax64, 0, 10);
  EXPECT_EQ(s.moves, (std::vector<Position>{kMax64 - 7, kMax64 - 5, kMax64 - 2}));
  EXPECT_FALSE(subtraction->is_move(kMax64, kMax64 - 3));

  const auto coprime = parse_one_to_one("coprime");
  const Position x = 1'000'000'000'000'000'000;  // 2^18 5^18: phi = 4 * 10^17
  s = coprime->moves_from(x, 0, 4);
  EXPECT_EQ(s.moves, (std::vector<Position>{1, 3, 7, 9}));
  EXPECT_EQ(s.total, primes::euler_phi(x));
  EXPECT_EQ(*s.total, 400'000'000'000'000'000u);
  s = coprime->moves_from(x, x - 10, 10);
  EXPECT_EQ(s.moves, (std::vector<Position>{x - 9, x - 7, x - 3, x - 1}));
  EXPECT_EQ(s.total, 4u);  // short ranges are counted
  EXPECT_THAT(coprime->why_not_move(x, x - 4), HasSubstr("gcd(1000000000000000000, 4) = 4"));
  s = coprime->moves_from(kMax64, kMax64 - 100000, 2);  // 2^64 - 1 = 3 * 5 * 17 * 257 * 641 * 65537 * 6700417
  EXPECT_EQ(s.moves, (std::vector<Position>{kMax64 - 100000 + 2, kMax64 - 100000 + 3}));
  EXPECT_FALSE(s.total.has_value());  // a long range is not counted

  const auto xy = parse_one_to_one("xy:999999999,1000000000");
  EXPECT_FALSE(xy->is_move(1'000'000'000'000'000'001, 1'000'000'000'000'000'000));
  EXPECT_TRUE(xy->is_move(1'000'000'000'000'000'002, 1'000'000'000'000'000'001));
  s = xy->moves_from(1'000'000'000'000'000'002, 0, 5);
  EXPECT_EQ(s.moves, (std::vector<Position>{1'000'000'000'000'000'001}));
}

TEST(Moves, ReasonsSayWhy) {
  EXPECT_THAT(parse_one_to_one("nim")->why_not_move(3, 3), HasSubstr("at least one token"));
  EXPECT_THAT(parse_one_to_one("nim")->why_not_move(3, 5), HasSubstr("5 is more than the heap of 3"));
  EXPECT_THAT(parse_one_to_one("nim")->why_not_move(0, 0), HasSubstr("no moves"));
  EXPECT_THAT(parse_one_to_one("subtraction:1,3,4")->why_not_move(9, 7), HasSubstr("taking 2 is not a move"));
  EXPECT_THAT(parse_one_to_one("subtraction:1,3,4")->move_rule(), HasSubstr("a move takes 1, 3 or 4 tokens"));
  EXPECT_THAT(parse_one_to_one("subtraction:3")->move_rule(), HasSubstr("exactly 3 tokens"));
  EXPECT_THAT(parse_one_to_one("division:2-6")->why_not_move(20, 0),
              HasSubstr("0 is not floor(20 / d) for d = 2, 3, 4, 5 or 6"));
  EXPECT_THAT(parse_one_to_one("division:2-6")->why_not_move(0, 0), HasSubstr("no moves"));
  EXPECT_THAT(parse_one_to_one("coprime")->why_not_move(10, 6), HasSubstr("gcd(10, 4) = 2"));
  EXPECT_THAT(parse_one_to_one("xy:5,7")->why_not_move(16, 15), HasSubstr("multiple of X = 5"));
  EXPECT_THAT(parse_one_to_one("xy:5,7")->why_not_move(16, 14), HasSubstr("multiple of Y = 7"));
  EXPECT_THAT(parse_one_to_one("xy:5,7")->why_not_move(16, 12), HasSubstr("1 or 2 tokens"));
  EXPECT_THAT(parse_one_to_one("xy:5,7")->why_not_move(2, 0), HasSubstr("0"));
}

TEST(Moves, GraphFollowsItsEdges) {
  const GraphGame g = GraphGame::from_text("a b\na c\nb c\na b\nc\nd a\nd c\nd b\n", "g.txt");
  const Position a = g.parse_position("a"), b = g.parse_position("b"), c = g.parse_position("c"),
                 d = g.parse_position("d");
  check_position(g, a, {b, c}, 3);
  check_position(g, b, {c}, 3);
  check_position(g, c, {}, 3);
  check_position(g, d, {a, b, c}, 3);
  EXPECT_THAT(g.why_not_move(b, a), HasSubstr("no edge from 'b' to 'a'"));
  EXPECT_THAT(g.why_not_move(c, a), HasSubstr("vertex 'c' has no moves"));
  EXPECT_THAT(g.move_rule(), HasSubstr("g.txt"));
  EXPECT_EQ(g.component_noun(), "token");
}

// A random graph: the moves of every vertex are its distinct successors.
TEST(Moves, RandomGraphs) {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 20; ++round) {
    const int n = 2 + static_cast<int>(rng() % 30);
    std::string text;
    std::vector<std::set<int>> succ(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) text += fmt::format("v{}\n", v);  // vertex k is "vk"
    for (int e = 0; e < 3 * n; ++e) {
      const int u = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
      const int w = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
      if (u >= w) continue;  // edges go up: no cycle
      text += fmt::format("v{} v{}\n", u, w);
      succ[static_cast<std::size_t>(u)].insert(w);
    }
    const GraphGame g = GraphGame::from_text(text, "random.txt");
    for (int v = 0; v < n; ++v) {
      std::set<Position> moves;
      for (int w : succ[static_cast<std::size_t>(v)]) moves.insert(g.parse_position(fmt::format("v{}", w)));
      check_position(g, g.parse_position(fmt::format("v{}", v)), moves, static_cast<Position>(n - 1));
    }
  }
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// Every family of the registry, through the Game interface alone: each
// option listed is a move in canonical order, options_to_value keeps exactly
// the options of that value, has_move agrees, and the value is the mex of
// the options' values (which ties each family's values to its move rule).
TEST(Moves, EveryFamilyOfTheRegistryKeepsTheGameContract) {
  for (const GameFamily& f : game_families()) {
    SCOPED_TRACE(std::string(f.name));
    // The example of a family that reads a file (graph, node-kayles) names a
    // file of the repository, relative to it.
    const std::string spec =
        f.reads_file ? fmt::format("{}:{}/../../{}", f.name, GRUNDY_TEST_DATA, f.example.substr(f.name.size() + 1))
                     : std::string(f.example);
    const auto game = parse_game(spec);
    const auto* graph = dynamic_cast<const GraphGame*>(game.get());
    // Heaps 0..25, every vertex of a graph, or the family's example positions.
    std::vector<Position> positions;
    if (graph != nullptr || game->heap_indexed()) {
      for (Position p = 0; p < (graph != nullptr ? graph->vertex_count() : 26); ++p) positions.push_back(p);
    } else {
      std::istringstream words{std::string(f.example_positions)};
      for (std::string word; words >> word;) positions.push_back(game->parse_position(word));
    }
    ASSERT_FALSE(positions.empty());
    for (const Position p : positions) {
      const OptionSample all = game->list_options(p, kNoLimit);
      ASSERT_TRUE(all.complete()) << p;
      EXPECT_EQ(game->has_move(p), !all.options.empty()) << p;
      std::vector<std::uint64_t> values;
      for (const Option& o : all.options) {
        EXPECT_EQ(game->normalize_option(o), o) << p;
        EXPECT_EQ(game->why_not_option(p, o), "") << p << " -> " << game->format_option(o);
        values.push_back(game->option_value(o).value());
      }
      std::sort(values.begin(), values.end());
      std::uint64_t mex = 0;
      for (std::uint64_t v : values) mex += v == mex ? 1 : 0;
      EXPECT_EQ(game->value(p).value(), mex) << p;
      for (std::uint64_t target = 0; target <= mex + 1; ++target) {
        std::vector<Option> expected;
        for (const Option& o : all.options)
          if (game->option_value(o).value() == target) expected.push_back(o);
        OptionSample got = game->options_to_value(p, Nimber(target));
        // Each family lists them in its own order (subtraction: by amount taken).
        std::sort(got.options.begin(), got.options.end());
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(got.options, expected) << p << " to value " << target;
        EXPECT_EQ(got.total, expected.size());
      }
    }
  }
}

}  // namespace
}  // namespace grundy
