// Benchmarks of misère play (issue 22): computing and proving misère
// quotients, with and without recalibration, and deciding a sum by Bouton's
// rule, by a quotient's products and by the exact search (Kayles heaps, a
// Cram board).
#include <cstdint>
#include <memory>
#include <vector>

#include <benchmark/benchmark.h>

#include "grundy/misere/misere.hpp"
#include "grundy/misere/misere_quotient.hpp"
#include "grundy/misere/misere_search.hpp"
#include "grundy/spec.hpp"

namespace {

void quotient(benchmark::State& state, const char* spec, std::uint64_t max_heap) {
  const auto game = grundy::parse_game(spec);
  std::uint32_t size = 0;
  for (auto _ : state) {
    const grundy::MisereQuotient q = grundy::compute_misere_quotient(*game, max_heap);
    size = q.size;
    benchmark::DoNotOptimize(q.products.data());
  }
  state.counters["elements"] = size;
}

// 0.75: 8 elements, no recalibration. Kayles: 40 elements. Dawson's Kayles
// to heap 30: 360 elements after 39 recalibrations. Misère Nim to heap 63:
// 66 elements, 63 heap types in the proof.
void BM_QuotientOctal075To30(benchmark::State& state) { quotient(state, "octal:0.75", 30); }
BENCHMARK(BM_QuotientOctal075To30)->Unit(benchmark::kMillisecond);
void BM_QuotientKaylesTo40(benchmark::State& state) { quotient(state, "kayles", 40); }
BENCHMARK(BM_QuotientKaylesTo40)->Unit(benchmark::kMillisecond);
void BM_QuotientDawsonKaylesTo30(benchmark::State& state) { quotient(state, "octal:0.07", 30); }
BENCHMARK(BM_QuotientDawsonKaylesTo30)->Unit(benchmark::kMillisecond);
void BM_QuotientNimTo63(benchmark::State& state) { quotient(state, "nim", 63); }
BENCHMARK(BM_QuotientNimTo63)->Unit(benchmark::kMillisecond);

// One sum of 1000 heaps of Dawson's Kayles <= 30, decided by the quotient's
// products (the quotient computed once, outside the loop).
void BM_QuotientProductOf1000Heaps(benchmark::State& state) {
  const auto game = grundy::parse_game("octal:0.07");
  const grundy::MisereQuotient q = grundy::compute_misere_quotient(*game, 30);
  std::vector<grundy::Position> heaps;
  for (std::uint64_t i = 0; i < 1000; ++i) heaps.push_back((i * 7919) % 31);
  for (auto _ : state) benchmark::DoNotOptimize(q.is_p_position(heaps));
  state.SetItemsProcessed(state.iterations() * 1000);
}
BENCHMARK(BM_QuotientProductOf1000Heaps);

// Misère Nim with 1000 heaps up to 2^64 - 1: Bouton's rule.
void BM_BoutonRule1000Heaps(benchmark::State& state) {
  std::vector<std::uint64_t> heaps;
  std::uint64_t x = 88172645463325252ULL;
  for (int i = 0; i < 1000; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    heaps.push_back(x);
  }
  for (auto _ : state) benchmark::DoNotOptimize(grundy::misere_nim_p_position(heaps));
  state.SetItemsProcessed(state.iterations() * 1000);
}
BENCHMARK(BM_BoutonRule1000Heaps);

// The exact search on one sum, a fresh table each time.
void search_sum(benchmark::State& state, const char* spec, const std::vector<const char*>& positions) {
  const auto game = grundy::parse_game(spec);
  std::vector<grundy::Component> sum;
  for (const char* p : positions) sum.push_back({game.get(), game->parse_position(p)});
  std::uint64_t sums = 0;
  for (auto _ : state) {
    grundy::MisereSearch search;
    benchmark::DoNotOptimize(search.is_p_position(sum));
    sums = search.sums_searched();
  }
  state.counters["sums"] = static_cast<double>(sums);
}

// Kayles 5 + 9 + 12 + 14, by the general search.
void BM_SearchKayles4Heaps(benchmark::State& state) { search_sum(state, "kayles", {"5", "9", "12", "14"}); }
BENCHMARK(BM_SearchKayles4Heaps)->Unit(benchmark::kMillisecond);
// An empty 5x6 Cram board, by the search over multisets of regions (the
// general search of whole boards took 16 s and 1.17 GB).
void BM_SearchCram5x6(benchmark::State& state) { search_sum(state, "cram", {"5x6"}); }
BENCHMARK(BM_SearchCram5x6)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
