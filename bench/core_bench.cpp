// Micro-benchmarks of the core: mex, the bottom-up table, the generic solver,
// a subtraction game's value through its proven period and the XY game's
// value at contest size.
#include <cstdint>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "grundy/games/subtraction.hpp"
#include "grundy/games/xy.hpp"
#include "grundy/heap_table.hpp"
#include "grundy/mex.hpp"
#include "grundy/search/solver.hpp"

namespace {

void BM_MexSmall(benchmark::State& state) {
  std::vector<grundy::Nimber> values;
  std::mt19937_64 rng(1);
  for (int i = 0; i < state.range(0); ++i) values.push_back(grundy::Nimber(rng() % 8));
  for (auto _ : state) benchmark::DoNotOptimize(grundy::mex(values));
}
BENCHMARK(BM_MexSmall)->Arg(3)->Arg(5)->Arg(60)->Arg(1000);

void BM_SubtractionTable(benchmark::State& state) {
  const grundy::SubtractionGame rule({2, 5, 7});
  for (auto _ : state) benchmark::DoNotOptimize(grundy::heap_table(rule, static_cast<std::uint64_t>(state.range(0))));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SubtractionTable)->Arg(1 << 20);

void BM_SubtractionFarValue(benchmark::State& state) {
  const grundy::SubtractionGame game({2, 5, 7});
  std::mt19937_64 rng(2);
  (void)game.value(1ULL << 60);  // prove the period once, outside the loop
  for (auto _ : state) benchmark::DoNotOptimize(game.value(rng()));
}
BENCHMARK(BM_SubtractionFarValue);

// One XY game value with X = residue (mod 3) (3: any X), X < Y <= 10^9 and
// v <= 10^18 at random, as in ARC208 E: the per-pile cost of the contest
// solver without its reading. 1024 games are visited in turn.
void BM_XyValue(benchmark::State& state) {
  std::mt19937_64 rng(3);
  const auto residue = static_cast<std::uint64_t>(state.range(0));
  std::vector<grundy::XyGame> games;
  std::vector<std::uint64_t> piles;
  while (games.size() < 1024) {
    const std::uint64_t x = 1 + rng() % 999'999'999;
    if (residue < 3 && x % 3 != residue) continue;
    games.emplace_back(x, x + 1 + rng() % (1'000'000'000 - x));
    piles.push_back(1 + rng() % 1'000'000'000'000'000'000);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(games[i].grundy_value(piles[i]));
    i = (i + 1) & 1023;
  }
}
BENCHMARK(BM_XyValue)->Arg(0)->Arg(1)->Arg(2)->Arg(3);

struct Chain {
  using Position = std::uint64_t;
  std::vector<Position> moves(Position n) const {
    if (n == 0) return {};
    return {n - 1};
  }
};

void BM_SolverChain(benchmark::State& state) {
  for (auto _ : state) {
    grundy::Solver<Chain> solver;
    benchmark::DoNotOptimize(solver.value(static_cast<std::uint64_t>(state.range(0))));
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SolverChain)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
