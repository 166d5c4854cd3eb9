// Benchmarks of the games whose sets hold long ranges (issue 16): the
// sliding-window fill of subtraction games against reading every option, and
// the runs of division games with a long range of divisors. Each game is
// built afresh inside the loop, so that its caches are not reused.
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include "grundy/games/division.hpp"
#include "grundy/games/subtraction.hpp"

namespace {

std::vector<std::uint64_t> numbers(std::uint64_t low, std::uint64_t high) {
  std::vector<std::uint64_t> r;
  for (std::uint64_t k = low; k <= high; ++k) r.push_back(k);
  return r;
}

// The first table of a subtraction game, 8 max(S) values, read off at its
// last heap: what `grundy value` costs below the period search.
void first_table(benchmark::State& state, const std::vector<std::uint64_t>& set) {
  const std::uint64_t last = 8 * set.back() - 1;
  for (auto _ : state) {
    const grundy::SubtractionGame game(set);
    benchmark::DoNotOptimize(game.value(last));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(last + 1));
}

// subtraction:1-K (windows): about the same cost per value for every K.
void BM_SubtractionOneToK(benchmark::State& state) {
  first_table(state, numbers(1, static_cast<std::uint64_t>(state.range(0))));
}
BENCHMARK(BM_SubtractionOneToK)->Arg(1000)->Arg(100000)->Unit(benchmark::kMillisecond);

// K triples {10i + 3, 10i + 4, 10i + 5} (windows) and K scattered numbers
// {10i + 3} (every option read): the two fills on either side of the point
// where the game switches from one to the other (ranges of two on average).
void BM_SubtractionTriples(benchmark::State& state) {
  std::vector<std::uint64_t> set;
  for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(state.range(0)); ++i)
    set.insert(set.end(), {10 * i + 3, 10 * i + 4, 10 * i + 5});
  first_table(state, set);
}
BENCHMARK(BM_SubtractionTriples)->Arg(10)->Arg(100)->Unit(benchmark::kMillisecond);

void BM_SubtractionScattered(benchmark::State& state) {
  std::vector<std::uint64_t> set;
  for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(state.range(0)); ++i) set.push_back(10 * i + 3);
  first_table(state, set);
}
BENCHMARK(BM_SubtractionScattered)->Arg(10)->Arg(100)->Unit(benchmark::kMillisecond);

// The issue's command: subtraction:1-100000 at 5,000,000, through the period.
void BM_SubtractionIssueCommand(benchmark::State& state) {
  const auto set = numbers(1, 100000);
  for (auto _ : state) {
    const grundy::SubtractionGame game(set);
    benchmark::DoNotOptimize(game.value(5000000));
  }
}
BENCHMARK(BM_SubtractionIssueCommand)->Unit(benchmark::kMillisecond);

// Every run below 2^64 of division:2-K: the points of the long range are
// mostly skipped; at K = 2^20 most of the time is building the game (a
// million divisors copied, sorted and cut into ranges).
void BM_DivisionRunsTwoToK(benchmark::State& state) {
  const auto set = numbers(2, static_cast<std::uint64_t>(state.range(0)));
  for (auto _ : state) {
    const grundy::DivisionGame game(set);
    benchmark::DoNotOptimize(game.runs()->size());
  }
}
BENCHMARK(BM_DivisionRunsTwoToK)->Arg(6)->Arg(1000)->Arg(100000)->Arg(1048576)->Unit(benchmark::kMillisecond);

// The issue's command: division:2-1048576 at 100,000 (by the runs).
void BM_DivisionIssueCommand(benchmark::State& state) {
  const auto set = numbers(2, 1048576);
  for (auto _ : state) {
    const grundy::DivisionGame game(set);
    benchmark::DoNotOptimize(game.value(100000));
  }
}
BENCHMARK(BM_DivisionIssueCommand)->Unit(benchmark::kMillisecond);

// A heap below 2^16 of division:2-1048576, by memoised recursion over the
// distinct quotients, walked by blocks of divisors.
void BM_DivisionSmallHeapByRecursion(benchmark::State& state) {
  const auto set = numbers(2, 1048576);
  for (auto _ : state) {
    const grundy::DivisionGame game(set);
    benchmark::DoNotOptimize(game.value(65535));
  }
}
BENCHMARK(BM_DivisionSmallHeapByRecursion)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
