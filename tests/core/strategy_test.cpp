// The engine's choices (strategy.hpp): whole games between the engine and a
// random opponent, the engine's win checked against the nim-sum rule, and the
// stalling move's preferences.

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/games/graph.hpp"
#include "grundy/spec.hpp"
#include "grundy/strategy.hpp"

namespace grundy {
namespace {

std::vector<Component> sum_of(const Game& g, const std::vector<Position>& positions) {
  std::vector<Component> sum;
  for (Position p : positions) sum.push_back({&g, p});
  return sum;
}

bool any_move(const std::vector<Component>& sum) {
  for (const Component& c : sum)
    if (c.game->has_move(c.position)) return true;
  return false;
}

// A uniformly random legal move among each component's first 40 moves.
Move random_move(const std::vector<Component>& sum, MoveRng& rng) {
  std::vector<Move> moves;
  for (std::size_t i = 0; i < sum.size(); ++i)
    for (Option& to : sum[i].game->list_options(sum[i].position, 40).options) moves.push_back({i, sum[i].position, to});
  return moves.at(rng() % moves.size());
}

// The sum after a move: the component replaced by what the move leaves.
std::vector<Component> after_move(std::vector<Component> sum, const Move& m) {
  const Game* g = sum[m.component].game;
  sum.erase(sum.begin() + static_cast<std::ptrdiff_t>(m.component));
  for (std::size_t k = 0; k < m.to.size(); ++k)
    sum.insert(sum.begin() + static_cast<std::ptrdiff_t>(m.component + k), Component{g, m.to[k]});
  return sum;
}

// Plays the engine (to move first) against random moves; true when the engine
// makes the last move. Every engine move is checked to be legal.
bool engine_wins_against_random(std::vector<Component> sum, std::uint64_t seed) {
  MoveRng engine_rng(seed);
  MoveRng opponent_rng(seed + 1000);
  for (bool engine_turn = true;; engine_turn = !engine_turn) {
    if (!any_move(sum)) return !engine_turn;
    const Move m = engine_turn ? *engine_move(sum, engine_rng) : random_move(sum, opponent_rng);
    EXPECT_TRUE(sum[m.component].game->is_option(m.from, m.to))
        << m.from << " -> " << sum[m.component].game->format_option(m.to);
    EXPECT_EQ(m.from, sum[m.component].position);
    sum = after_move(sum, m);
  }
}

TEST(Strategy, EngineWinsEveryFirstPlayerWinOfSmallSums) {
  for (const char* spec : {"nim", "subtraction:1,3,4", "subtraction:2,5,7", "division:2-6", "coprime", "xy:3,5",
                           "kayles", "octal:0.137", "grundy-game", "hex:0.9"}) {
    const auto game = parse_game(spec);
    int games = 0;
    for (Position a = 0; a <= 12; ++a)
      for (Position b = a; b <= 12; ++b)
        for (Position c = b; c <= 40; c += 3) {
          const auto sum = sum_of(*game, {a, b, c});
          if (analyze_sum(sum).nim_sum.is_zero()) continue;
          ++games;
          EXPECT_TRUE(engine_wins_against_random(sum, a * 10000 + b * 100 + c))
              << spec << " " << a << " " << b << " " << c;
        }
    EXPECT_GT(games, 100) << spec;
  }
}

TEST(Strategy, WinningMoveLeavesNimSumZeroAndDependsOnTheSeed) {
  const auto nim = parse_game("nim");
  // Nim-sum 15: heaps 11, 13 and 14 each have a winning move (to 4, 2, 1).
  const auto sum = sum_of(*nim, {7, 11, 13, 14});
  const SumAnalysis a = analyze_sum(sum);
  ASSERT_GE(a.winning_moves.size(), 3u);
  std::set<std::size_t> components_seen;
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    MoveRng rng(seed);
    const auto m = random_winning_move(sum, rng);
    ASSERT_TRUE(m);
    EXPECT_TRUE(analyze_sum(after_move(sum, *m)).nim_sum.is_zero());
    components_seen.insert(m->component);
    MoveRng same(seed);
    const auto again = random_winning_move(sum, same);
    EXPECT_EQ(again->component, m->component);
    EXPECT_EQ(again->to, m->to);
  }
  EXPECT_EQ(components_seen.size(), a.winning_moves.size());  // every winning move gets played
  MoveRng rng(1);
  EXPECT_FALSE(random_winning_move(sum_of(*nim, {1, 2, 3}), rng));
}

TEST(Strategy, StallingKeepsComponentsAlive) {
  const auto nim = parse_game("nim");
  MoveRng rng(3);
  // From 1 2 3 the moves 3 -> 2, 3 -> 1 and 2 -> 1 keep every heap; emptying one is worse.
  for (int k = 0; k < 20; ++k) {
    const auto m = stalling_move(sum_of(*nim, {1, 2, 3}), rng);
    ASSERT_TRUE(m);
    EXPECT_NE(m->to, Option{0});
  }
  // Among moves keeping every heap, the fewest winning replies: from 2 2 the
  // move to 1 2 leaves one winning reply (2 -> 1), as any legal move must.
  const auto m = stalling_move(sum_of(*nim, {2, 2}), rng);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->to, Option{1});
  EXPECT_FALSE(stalling_move(sum_of(*nim, {0, 0}), rng));
  EXPECT_FALSE(engine_move(sum_of(*nim, {0, 0, 0}), rng));
}

// Every move of a small component is a candidate: from 12 12 the engine's
// stalling moves spread over 1..11 (each leaves exactly one winning reply).
TEST(Strategy, StallingConsidersEveryMoveOfSmallComponents) {
  const auto nim = parse_game("nim");
  std::set<Position> reached;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    MoveRng rng(seed);
    const auto m = stalling_move(sum_of(*nim, {12, 12}), rng);
    ASSERT_TRUE(m);
    reached.insert(m->to.at(0));
  }
  EXPECT_EQ(reached, (std::set<Position>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
  // A big heap: its lowest and highest moves are candidates.
  reached.clear();
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    MoveRng rng(seed);
    reached.insert(stalling_move(sum_of(*nim, {1000, 1000}), rng)->to.at(0));
  }
  EXPECT_TRUE(reached.count(999) == 1 && reached.count(1) == 1);
  for (Position to : reached) EXPECT_TRUE(to <= 8 || to >= 992) << to;
}

TEST(Strategy, GraphGames) {
  // A chain a -> b -> c -> d plus a shortcut a -> d: from a the winning move
  // goes to b or d, whichever leaves value 0.
  const GraphGame g = GraphGame::from_text("a b\nb c\nc d\na d\n", "g.txt");
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const auto sum = sum_of(g, {g.parse_position("a"), g.parse_position("b")});
    if (analyze_sum(sum).nim_sum.is_zero()) continue;
    EXPECT_TRUE(engine_wins_against_random(sum, seed));
  }
  MoveRng rng(0);
  EXPECT_FALSE(engine_move(sum_of(g, {g.parse_position("d")}), rng));
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// 1,000 random positions on heaps up to 2^64 - 1 of periodic take-and-break
// games (two- and three-heap splits), alone or with Nim: whenever the
// player to move can win, the engine's move is legal and leaves the
// opponent a loss (values from the proven periods). Found by a review:
// budgets spent on one digit's splits once made it hand wins over.
TEST(Strategy, EngineNeverHandsOverAWinOnHugeHeaps) {
  const std::vector<std::string> specs = {"kayles",    "dawson-kayles", "dawson-chess", "octal:0.7777",
                                          "octal:4.7", "hex:0.F",       "hex:4.F",      "nim"};
  std::vector<std::unique_ptr<Game>> games;
  for (const std::string& s : specs) games.push_back(parse_game(s));
  MoveRng rng(31);
  int won = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    std::vector<Component> sum;
    const Game& main_game = *games[rng() % (games.size() - 1)];
    const std::size_t n = 1 + rng() % 3;
    for (std::size_t k = 0; k < n; ++k) {
      const Game& g = rng() % 4 == 0 ? *games.back() : main_game;  // sometimes a Nim heap
      const unsigned bits = 1 + static_cast<unsigned>(rng() % 64);
      sum.push_back({&g, bits == 64 ? rng() : rng() % (Position{1} << bits)});
    }
    const SumAnalysis before = sum_outcome(sum);
    const std::optional<Move> m = engine_move(sum, rng);
    if (!any_move(sum)) {
      EXPECT_FALSE(m);
      continue;
    }
    ASSERT_TRUE(m) << "trial " << trial;
    const Game& g = *sum[m->component].game;
    ASSERT_EQ(g.why_not_option(m->from, m->to), "") << g.spec() << " " << m->from << " -> " << g.format_option(m->to);
    if (before.winner != Winner::first) continue;
    ++won;
    const std::vector<Component> next = after_move(sum, *m);
    EXPECT_EQ(sum_outcome(next).winner, Winner::second)
        << "trial " << trial << ": " << g.spec() << " " << m->from << " -> " << g.format_option(m->to);
  }
  EXPECT_GT(won, 500);  // most random positions are first-player wins
}

}  // namespace
}  // namespace grundy
