// gen_dag: writes a random directed acyclic graph in the graph file format
// (docs/games/graph.md), for measuring GraphGame on large inputs; with
// --back K, K of the edges point the other way, which makes cycles.
//
//   gen_dag VERTICES EDGES [--seed N] [--back K] [--output PATH]
//
// Vertices get random ranks 0 .. V-1; every edge goes from a lower rank to a
// higher one, so the graph is acyclic, but vertex names are a random
// permutation of the ranks, so the file is not in topological order and the
// reader cannot profit from any order. Edge endpoints are two distinct ranks
// drawn uniformly (repeated edges can occur, as in real files). Vertices no
// edge touches are declared on lines of their own, so the file has exactly
// VERTICES vertices. With --back K, every (EDGES / K)-th edge goes from the
// higher rank to the lower (K = EDGES / 2: a uniformly random digraph).
// The same arguments always give the same file.

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <memory>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "common/buffered_output.hpp"
#include "common/random.hpp"

namespace {

using grundy::bench::uniform;

constexpr std::string_view kUsage = "usage: gen_dag VERTICES EDGES [--seed N] [--back K] [--output PATH]\n";

std::optional<std::uint64_t> parse_count(std::string_view text) {
  std::uint64_t n = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, n);
  if (ec != std::errc{} || ptr != end || text.empty()) return std::nullopt;
  return n;
}

int usage_error(const std::string& why) {
  fmt::print(stderr, "gen_dag: {}\n{}", why, kUsage);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string_view> positional;
  std::uint64_t seed = 1;
  std::uint64_t back = 0;
  std::string output_path;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if ((arg == "--seed" || arg == "--back" || arg == "--output") && i + 1 < argc) {
      const std::string_view value = argv[++i];
      if (arg == "--output") {
        output_path = std::string(value);
      } else if (auto n = parse_count(value)) {
        (arg == "--seed" ? seed : back) = *n;
      } else {
        return usage_error(fmt::format("{} expects a whole number, not '{}'", arg, value));
      }
    } else if (arg == "--help" || arg == "-h") {
      fmt::print("{}", kUsage);
      return 0;
    } else if (arg.starts_with("--")) {
      return usage_error(fmt::format("unknown option '{}' (or missing value)", arg));
    } else {
      positional.push_back(arg);
    }
  }
  if (positional.size() != 2) return usage_error("expected two numbers: VERTICES and EDGES");
  const auto vertices = parse_count(positional[0]);
  const auto edges = parse_count(positional[1]);
  if (!vertices || *vertices == 0 || *vertices >= (std::uint64_t{1} << 32) - 1)
    return usage_error(fmt::format("VERTICES must be a whole number from 1 to 4294967294, not '{}'", positional[0]));
  if (!edges) return usage_error(fmt::format("EDGES must be a whole number, not '{}'", positional[1]));
  if (*vertices < 2 && *edges > 0) return usage_error("a graph with edges needs at least 2 vertices");
  if (back > *edges / 2)
    return usage_error("--back K: K is at most EDGES / 2 (half the edges backwards: a random digraph)");

  const grundy::bench::OutputFile output(output_path, "gen_dag");
  std::FILE* const out = output.get();
  if (out == nullptr) return 1;

  const auto v_count = static_cast<std::uint32_t>(*vertices);
  std::mt19937_64 rng(seed);
  // name_of_rank: the random relabelling that hides the topological order.
  std::vector<std::uint32_t> name_of_rank(v_count);
  std::iota(name_of_rank.begin(), name_of_rank.end(), std::uint32_t{0});
  grundy::bench::shuffle(name_of_rank, rng);
  std::vector<bool> touched(v_count, false);

  grundy::bench::BufferedOutput writer(out);
  if (*edges > 0) {
    for (std::uint64_t e = 0; e < *edges; ++e) {
      const auto a = static_cast<std::uint32_t>(uniform(rng, 0, v_count - 1));
      auto b = static_cast<std::uint32_t>(uniform(rng, 0, v_count - 2));
      if (b >= a) ++b;  // uniform over ranks other than a
      const bool backwards = back > 0 && (e + 1) % std::max<std::uint64_t>(*edges / back, 1) == 0;
      const std::uint32_t from = backwards ? std::max(a, b) : std::min(a, b);
      const std::uint32_t to = backwards ? std::min(a, b) : std::max(a, b);
      touched[from] = touched[to] = true;
      writer.print("{} {}\n", name_of_rank[from], name_of_rank[to]);
    }
  }
  for (std::uint32_t r = 0; r < v_count; ++r)
    if (!touched[r]) writer.print("{}\n", name_of_rank[r]);

  if (!writer.finish()) {
    fmt::print(stderr, "gen_dag: write error: {}\n", std::strerror(errno));
    return 1;
  }
  return 0;
}
