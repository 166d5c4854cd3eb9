// Benchmarks of the games whose sets hold long ranges (issue 16): the
// sliding-window fill of subtraction games against reading every option, and
// the runs of division games with a long range of divisors; and an octal
// game's table on one and two threads. Each game is
// built afresh inside the loop, so that its caches are not reused.
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include "grundy/games/division.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/games/take_and_break.hpp"
#include "grundy/games/take_and_break_values.hpp"

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

// An octal game's table on one thread, and on two with the rare values'
// checks beside the next heaps (TakeAndBreakValues::speculate, the octal
// engine's hot loop: src/games/speculation_ring.hpp), the trial of two
// threads against one turned off so that two run from heap 2^16 on.
// Arguments: the code's index in the list below, and the threads.
void BM_OctalTable(benchmark::State& state) {
  static const char* const kCodes[] = {"0.167", "0.1777"};
  const char* code = kCodes[state.range(0)];
  const auto digits =
      grundy::TakeAndBreakGame::parse_code(code, grundy::TakeAndBreakGame::Notation::octal, code, 1).digits();
  constexpr std::uint64_t kHeaps = std::uint64_t{1} << 23;
  for (auto _ : state) {
    grundy::TakeAndBreakValues table(digits, false);
    table.set_threads(static_cast<unsigned>(state.range(1)));
    table.set_speculation_trials(false);
    table.extend_to(kHeaps);
    benchmark::DoNotOptimize(table[kHeaps - 1]);
  }
  state.SetLabel(code);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kHeaps));
}
BENCHMARK(BM_OctalTable)
    ->Args({0, 1})
    ->Args({0, 2})
    ->Args({1, 1})
    ->Args({1, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
