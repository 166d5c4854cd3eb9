// Take-and-break games (octal, hex, Grundy's game) against data from outside
// the team (tests/data/octal/README.md names the sources) and against a brute
// force written here from the digit rule alone.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/games/take_and_break.hpp"
#include "grundy/games/take_and_break_values.hpp"
#include "grundy/pattern.hpp"
#include "grundy/spec.hpp"
#include "support/oeis_file.hpp"

namespace grundy {
namespace {

std::string data_path(const std::string& name) { return std::string(GRUNDY_TEST_DATA) + "/octal/" + name; }

// Compares G(first), G(first + 1), ... with `want` and reports only the first
// difference: one wrong value usually makes every later one wrong too.
void expect_values(const Game& game, std::uint64_t first, const std::vector<std::uint64_t>& want,
                   const std::string& source) {
  for (std::size_t i = 0; i < want.size(); ++i) {
    const std::uint64_t got = game.value(first + i).value();
    if (got != want[i]) {
      ADD_FAILURE() << game.spec() << " (" << source << "): G(" << first + i << ") = " << got << ", expected "
                    << want[i];
      return;
    }
  }
}

using test::read_oeis;

// ---- The brute force. It shares nothing with the library: the options of a
// heap are listed straight from the digit rule, and the value is the mex of
// the XORs of the heaps each option leaves.

// The smallest number not among `values`; a number above values.size() cannot
// be it, so the marks stop there.
std::uint64_t brute_mex(const std::vector<std::uint64_t>& values) {
  std::vector<bool> seen(values.size() + 1, false);
  for (const std::uint64_t v : values)
    if (v < seen.size()) seen[v] = true;
  std::uint64_t m = 0;
  while (seen[m]) ++m;
  return m;
}

// G(0 .. count - 1) of the game with digits d[0], d[1], ...: a move removes
// i tokens (i = 0 only to split) and leaves r = n - i tokens as no heap
// (bit 1, only when r = 0), one heap (bit 2), two non-empty heaps (bit 4) or
// three (bit 8), in every way of writing r as such a sum.
std::vector<std::uint64_t> brute_take_and_break(const std::vector<unsigned>& d, std::size_t count) {
  std::vector<std::uint64_t> g(count, 0);
  for (std::size_t n = 0; n < count; ++n) {
    std::vector<std::uint64_t> options;
    for (std::size_t i = 0; i < d.size() && i <= n; ++i) {
      const std::size_t r = n - i;
      // Bits 1 and 2 are moves only when they remove something.
      if (i >= 1 && (d[i] & 1U) != 0 && r == 0) options.push_back(0);
      if (i >= 1 && (d[i] & 2U) != 0 && r >= 1) options.push_back(g[r]);
      if ((d[i] & 4U) != 0)
        for (std::size_t a = 1; a < r; ++a) options.push_back(g[a] ^ g[r - a]);
      if ((d[i] & 8U) != 0)
        for (std::size_t a = 1; a < r; ++a)
          for (std::size_t b = 1; a + b < r; ++b) options.push_back(g[a] ^ g[b] ^ g[r - a - b]);
    }
    g[n] = brute_mex(options);
  }
  return g;
}

// Grundy's game: split a heap into two non-empty heaps of different sizes.
std::vector<std::uint64_t> brute_grundy_game(std::size_t count) {
  std::vector<std::uint64_t> g(count, 0);
  for (std::size_t n = 0; n < count; ++n) {
    std::vector<std::uint64_t> options;
    for (std::size_t a = 1; a < n; ++a)
      if (2 * a != n) options.push_back(g[a] ^ g[n - a]);
    g[n] = brute_mex(options);
  }
  return g;
}

// A random code with 1 to 5 digits after the point, the last one non-zero so
// the code has exactly that many; `base` 8 or 16. d[0] may only split.
std::vector<unsigned> random_code(std::mt19937_64& rng, unsigned base) {
  const unsigned splits = base == 8 ? 2 : 4;  // d0 from {0, 4} or {0, 4, 8, C}
  std::vector<unsigned> d{4 * static_cast<unsigned>(rng() % splits)};
  const std::size_t length = 1 + rng() % 5;
  for (std::size_t i = 1; i < length; ++i) d.push_back(static_cast<unsigned>(rng() % base));
  d.push_back(1 + static_cast<unsigned>(rng() % (base - 1)));
  return d;
}

std::string code_spec(const std::vector<unsigned>& d, unsigned base) {
  std::string s = base == 8 ? "octal:" : "hex:";
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i == 1) s += '.';
    s += "0123456789ABCDEF"[d[i]];
  }
  return s;
}

void expect_matches_brute_force(unsigned base, int codes, std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < codes; ++trial) {
    const std::vector<unsigned> d = random_code(rng, base);
    const std::string spec = code_spec(d, base);
    const auto game = parse_game(spec);
    EXPECT_EQ(parse_game(game->spec())->spec(), game->spec()) << spec;
    expect_values(*game, 0, brute_take_and_break(d, count), "brute force of " + spec);
  }
}

// find_pattern with room for the Guy-Smith check, which reads G(n) for n below
// 2e + 2p + k (k digits after the point): four times that many values, so the
// test does not pay for values the proof never needs.
Pattern find_pattern_with_room(const Game& game, std::uint64_t preperiod, std::uint64_t period, std::uint64_t digits) {
  return find_pattern(game, 4 * (2 * preperiod + 2 * period + digits));
}

// ---- Published values.

// Czajka's solved octal games, G(0..2999) each.
TEST(TakeAndBreakTruth, CzajkaTables) {
  std::ifstream in(data_path("tczajka_values.txt"));
  ASSERT_TRUE(in);
  int games = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string code;
    fields >> code;
    std::vector<std::uint64_t> want;
    for (std::uint64_t v = 0; fields >> v;) want.push_back(v);
    ASSERT_EQ(want.size(), 3000u) << code;
    expect_values(*parse_game("octal:" + code), 0, want, "Czajka");
    ++games;
  }
  // The README's count, so that a truncated copy cannot pass.
  EXPECT_EQ(games, 82);
}

// Each OEIS file with the games its header names (oeis_games.tsv), shifted
// where the header says a game has values a(n - shift).
TEST(TakeAndBreakTruth, OeisSequences) {
  std::ifstream in(data_path("oeis_games.tsv"));
  ASSERT_TRUE(in);
  std::set<std::string> listed;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string sequence;
    std::string spec;
    std::uint64_t shift = 0;
    ASSERT_TRUE(fields >> sequence >> spec >> shift) << line;
    listed.insert("oeis_" + sequence + ".txt");
    const auto rows = read_oeis(data_path("oeis/oeis_" + sequence + ".txt"));
    // A data section is three lines, 78 terms or more in these files; fewer
    // would be a truncated copy.
    ASSERT_GE(rows.size(), 70u) << sequence;
    // The data are consecutive from the offset, so one run of values.
    std::vector<std::uint64_t> want;
    for (const auto& [n, v] : rows) {
      ASSERT_EQ(n, rows.front().first + want.size()) << sequence;
      want.push_back(v);
    }
    expect_values(*parse_game(spec), rows.front().first + shift, want, sequence);
  }
  // No copied file is left out of the index.
  for (const auto& entry : std::filesystem::directory_iterator(data_path("oeis")))
    EXPECT_TRUE(listed.contains(entry.path().filename().string())) << entry.path();
}

// Published preperiods and periods, where the plain mex can reach the
// Guy-Smith bound: find_pattern must prove exactly them.
TEST(TakeAndBreakTruth, PublishedPeriodsAreProven) {
  std::ifstream in(data_path("octal_table.tsv"));
  ASSERT_TRUE(in);
  int checked = 0;
  bool kayles_row = false;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line.starts_with("code\t")) continue;
    std::istringstream fields(line);
    std::string code;
    std::uint64_t preperiod = 0;
    std::uint64_t period = 0;
    ASSERT_TRUE(fields >> code >> preperiod >> period) << line;
    const auto point = code.find('.');
    const std::uint64_t digits = point == std::string::npos ? 0 : code.size() - point - 1;
    // Values past about 20000 would cost the O(n^2) mex too much.
    if (2 * preperiod + 2 * period + digits >= 20000) continue;
    const auto game = parse_game("octal:" + code);
    const Pattern p = find_pattern_with_room(*game, preperiod, period, digits);
    EXPECT_EQ(p.kind, PatternKind::periodic) << code;
    EXPECT_TRUE(p.proven) << code << ": " << p.reason;
    EXPECT_EQ(p.preperiod, preperiod) << code;
    EXPECT_EQ(p.period, period) << code;
    EXPECT_EQ(p.value_count, preperiod + period) << code;
    ++checked;
    kayles_row = kayles_row || code == "0.77";
  }
  // Every small row of the README's table (the four very long periods are left out).
  EXPECT_EQ(checked, 101);
  EXPECT_TRUE(kayles_row);
}

// Czajka's solved games: the period proven with the published preperiod, and
// the table that proves it with the published rare-value statistics. 0.376
// (preperiod 2,268,248) is the one no mask fits early; 0.354 (10 million) is
// left to bench/octal/run.sh, which proves it at every run.
TEST(TakeAndBreakTruth, CzajkaSolvedGamesAreProvenWithTheirStatistics) {
  std::ifstream in(data_path("tczajka_solved.tsv"));
  ASSERT_TRUE(in);
  int checked = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string spec, mask, rare_heaps, last_rare;
    std::uint64_t preperiod = 0, period = 0, largest_at = 0;
    std::uint32_t largest = 0;
    ASSERT_TRUE(fields >> spec >> preperiod >> period >> largest_at >> largest >> mask >> rare_heaps >> last_rare)
        << line;
    if (spec == "octal:0.354") continue;
    const auto game = parse_game(spec);
    const Pattern p = find_pattern(*game, 8 * (preperiod + period) + 64);
    EXPECT_EQ(p.kind, PatternKind::periodic) << spec;
    EXPECT_TRUE(p.proven) << spec << ": " << p.reason;
    EXPECT_EQ(p.preperiod, preperiod) << spec;
    EXPECT_EQ(p.period, period) << spec;
    const auto* octal = dynamic_cast<const TakeAndBreakGame*>(game.get());
    ASSERT_NE(octal, nullptr) << spec;
    const TakeAndBreakValues::RareStatistics stats = octal->table().rare_statistics();
    // The proof's table reaches past every heap the statistics name.
    EXPECT_GE(stats.size, 2 * preperiod + period) << spec;
    EXPECT_EQ(stats.largest, largest) << spec;
    EXPECT_EQ(stats.largest_at, largest_at) << spec;
    if (mask != "-") {
      const bool with_parity = mask.ends_with("+pos");
      EXPECT_EQ(stats.mask, std::stoul(mask.substr(0, mask.find('+')), nullptr, 16)) << spec;
      EXPECT_EQ(stats.with_parity, with_parity) << spec;
      EXPECT_EQ(stats.rare_heaps, std::stoull(rare_heaps)) << spec;
      EXPECT_EQ(stats.last_rare, std::stoull(last_rare)) << spec;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 9);
}

// Kayles by name: A002186 says periodic with period 12 from n = 71 on.
TEST(TakeAndBreakTruth, KaylesPeriodIsProven) {
  const auto game = parse_game("kayles");
  const Pattern p = find_pattern_with_room(*game, 71, 12, 2);
  EXPECT_EQ(p.game, "octal:0.77");
  EXPECT_EQ(p.kind, PatternKind::periodic);
  EXPECT_TRUE(p.proven) << p.reason;
  EXPECT_EQ(p.preperiod, 71u);
  EXPECT_EQ(p.period, 12u);
}

// ---- The brute force on random codes (fixed seeds, so every run checks the same ones).

TEST(TakeAndBreakTruth, RandomOctalCodesMatchBruteForce) { expect_matches_brute_force(8, 40, 300, 0x0c7a1); }

// Three-heap splits make the brute force cubic; 120 heaps are plenty.
TEST(TakeAndBreakTruth, RandomHexCodesMatchBruteForce) { expect_matches_brute_force(16, 20, 120, 0x4e5); }

TEST(TakeAndBreakTruth, GrundysGameMatchesBruteForce) {
  expect_values(*parse_game("grundy-game"), 0, brute_grundy_game(1000), "brute force");
}

// ---- Canonical specs.

TEST(TakeAndBreakTruth, CanonicalSpecs) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"octal:.77", "octal:0.77"}, {"kayles", "octal:0.77"},   {"octal:0.770", "octal:0.77"},
      {"hex:0.f", "hex:0.F"},      {"octal:4.3", "octal:4.3"},
  };
  for (const auto& [spec, canonical] : cases) {
    const auto game = parse_game(spec);
    EXPECT_EQ(game->spec(), canonical) << spec;
    EXPECT_EQ(parse_game(canonical)->spec(), canonical) << spec;
  }
}

}  // namespace
}  // namespace grundy
