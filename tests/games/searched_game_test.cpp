// A fourth searched game, written in this file through SearchedGame
// (searched_game.hpp), as a family would be: Kayles played on a row of pins
// ("xx.xxx": pins standing or knocked down), a row a 64-bit mask. Its rules
// cut a row into its runs of pins; the adapter gives the rest. Held against the registry's Kayles (octal:0.77, a
// table of heap values) for values, options and misère outcomes, with the
// search's memory bound small and large.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <span>
#include <stdexcept>
#include <unistd.h>
#include <utility>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"
#include "grundy/hash_mix.hpp"
#include "grundy/misere/misere_search.hpp"
#include "grundy/search/searched_game.hpp"
#include "grundy/spec.hpp"
#include "grundy/sum.hpp"
#include "grundy/search/transposition_table.hpp"

namespace grundy {
namespace {

// A row of at most 64 pins: bit i set when pin i stands.
using Row = std::uint64_t;

std::vector<std::uint64_t> runs_of(Row row) {
  std::vector<std::uint64_t> runs;
  std::uint64_t run = 0;
  for (; row != 0 || run != 0; row >>= 1) {
    if ((row & 1) != 0) {
      ++run;
    } else {
      if (run > 0) runs.push_back(run);
      run = 0;
    }
  }
  return runs;
}

// The search's keys are rows; a row's parts are its runs, each moved to the
// row's start (bits 0..n-1), which is a run's canonical form.
struct RowKaylesRules {
  using Key = Row;
  // Mixed (grundy/hash_mix.hpp): runs 2^n - 1 would share the low bits
  // that pick a table slot.
  using KeyHash = MixedHash;
  [[nodiscard]] std::vector<Key> components(Key row) const {
    std::vector<Key> parts;
    for (const std::uint64_t run : runs_of(row)) parts.push_back(run == 64 ? ~Row{0} : (Row{1} << run) - 1);
    return parts;
  }
  [[nodiscard]] std::size_t size(Key row) const { return static_cast<std::size_t>(__builtin_popcountll(row)); }
  // Knock down one pin, or two standing side by side (f may return false to stop).
  template <class F>
  void for_each_option(Key row, F&& f) const {
    for (unsigned i = 0; i < 64; ++i) {
      if ((row >> i & 1) == 0) continue;
      if (!give_option(f, row & ~(Row{1} << i))) return;
      if (i + 1 < 64 && (row >> (i + 1) & 1) != 0 && !give_option(f, row & ~(Row{3} << i))) return;
    }
  }
};

// Its table file: 16 bytes a record, the row and its entry, little-endian.
struct RowKaylesTableRecord {
  static constexpr std::string_view kName = "row-kayles";
  static constexpr int kFormat = 1;
  static constexpr std::size_t kBytes = 16;
  static void write(Row row, std::uint64_t entry, std::span<unsigned char> out) {
    for (unsigned i = 0; i < 8; ++i) {
      out[i] = static_cast<unsigned char>(row >> (8 * i));
      out[8 + i] = static_cast<unsigned char>(entry >> (8 * i));
    }
  }
  static std::pair<Row, std::uint64_t> read(std::span<const unsigned char> in) {
    Row row = 0;
    std::uint64_t entry = 0;
    for (unsigned i = 0; i < 8; ++i) {
      row |= Row{in[i]} << (8 * i);
      entry |= std::uint64_t{in[8 + i]} << (8 * i);
    }
    if (row == 0) throw std::invalid_argument("is an empty row");
    return {row, entry};
  }
};

class RowKayles final : public SearchedGame<Row, std::hash<Row>, RowKaylesRules, RowKaylesTableRecord> {
 public:
  explicit RowKayles(unsigned length) : length_(length) {}
  [[nodiscard]] std::string spec() const override { return "row-kayles"; }
  [[nodiscard]] std::string move_rule() const override { return "a move knocks down one pin or two neighbours"; }
  [[nodiscard]] std::string why_not_option(Position, std::span<const Position>) const override { return "not a move"; }

 protected:
  [[nodiscard]] Row parse_state(std::string_view text) const override {
    if (text.size() != length_) throw InputError(fmt::format("expected {} pins", length_));
    Row row = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] != 'x' && text[i] != '.') throw InputError(fmt::format("character {}: expected x or .", i + 1));
      if (text[i] == 'x') row |= Row{1} << i;
    }
    return row;
  }
  [[nodiscard]] std::string format_state(const Row& row) const override {
    std::string text;
    for (unsigned i = 0; i < length_; ++i) text += (row >> i & 1) != 0 ? 'x' : '.';
    return text;
  }
  [[nodiscard]] Row search_key(const Row& row) const override { return row; }
  [[nodiscard]] std::vector<Row> option_states(const Row& row) const override {
    std::vector<Row> out;
    RowKaylesRules{}.for_each_option(row, [&](Row o) { out.push_back(o); });
    return out;
  }
  [[nodiscard]] std::size_t state_size(const Row& row) const override {
    return static_cast<std::size_t>(__builtin_popcountll(row));
  }

 private:
  unsigned length_;
};

Row random_row(std::mt19937_64& rng, unsigned length, double standing) {
  std::bernoulli_distribution stands(standing);
  Row row = 0;
  for (unsigned i = 0; i < length; ++i)
    if (stands(rng)) row |= Row{1} << i;
  return row;
}

std::string row_text(Row row, unsigned length) {
  std::string text;
  for (unsigned i = 0; i < length; ++i) text += (row >> i & 1) != 0 ? 'x' : '.';
  return text;
}

// The registry's Kayles: a row's value is the nim-sum of its runs' values.
Nimber kayles_value(const Game& kayles, Row row) {
  Nimber v{};
  for (const std::uint64_t run : runs_of(row)) v ^= kayles.value(run);
  return v;
}

// Calls f(game, row, position) on `trials` random rows of min_length to
// max_length pins, each pin standing with probability `standing`.
template <class F>
void for_random_rows(std::uint64_t seed, int trials, unsigned min_length, unsigned max_length, double standing, F f) {
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < trials; ++trial) {
    const unsigned length = min_length + static_cast<unsigned>(rng() % (max_length - min_length + 1));
    RowKayles game(length);
    const Row row = random_row(rng, length, standing);
    f(game, row, game.parse_position(row_text(row, length)));
  }
}

TEST(SearchedGame, AFourthGameGetsValuesFromItsRules) {
  const auto kayles = parse_game("kayles");
  for_random_rows(51, 200, 1, 40, 0.8, [&](const RowKayles& game, Row row, Position p) {
    EXPECT_EQ(game.format_position(p).find('o'), std::string::npos);
    EXPECT_EQ(game.parse_position(game.format_position(p)), p);
    ASSERT_EQ(game.value(p), kayles_value(*kayles, row)) << game.format_position(p);
  });
  RowKayles game(5);
  EXPECT_THROW((void)game.parse_position("xx"), InputError);
  EXPECT_THROW((void)game.parse_position("xxoxx"), InputError);
  EXPECT_THROW((void)game.state(12345), std::logic_error);
}

TEST(SearchedGame, AFourthGameListsItsOptionsAndTheOptionsToAValue) {
  const auto kayles = parse_game("kayles");
  for_random_rows(52, 100, 2, 21, 0.7, [&](const RowKayles& game, Row row, Position p) {
    const auto length = static_cast<unsigned>(game.format_position(p).size());
    // Every pin, then every standing pair: written here again from the rule.
    std::vector<std::string> expected, to_zero;
    for (unsigned i = 0; i < length; ++i) {
      if ((row >> i & 1) == 0) continue;
      for (const Row o :
           {row & ~(Row{1} << i), (i + 1 < length && (row >> (i + 1) & 1) != 0) ? row & ~(Row{3} << i) : row}) {
        if (o == row) continue;
        expected.push_back(row_text(o, length));
        if (kayles_value(*kayles, o) == Nimber{0}) to_zero.push_back(row_text(o, length));
      }
    }
    const OptionSample all = game.list_options(p, kNoLimit);
    ASSERT_TRUE(all.complete());
    std::vector<std::string> listed;
    for (const Option& o : all.options) listed.push_back(game.format_position(o.at(0)));
    EXPECT_EQ(listed, expected) << row_text(row, length);
    const OptionSample zero = game.options_to_value(p, Nimber{0});
    std::vector<std::string> winning;
    for (const Option& o : zero.options) winning.push_back(game.format_position(o.at(0)));
    EXPECT_EQ(winning, to_zero) << row_text(row, length);
    EXPECT_EQ(game.list_options(p, 1).options.size(), expected.empty() ? 0u : 1u);
  });
}

// The search's table within a bound of 2 KiB forgets some of what it
// found, and answers the same.
TEST(SearchedGame, AFourthGameKeepsItsSearchWithinTheMemoryBound) {
  const auto kayles = parse_game("kayles");
  RowKayles roomy(64);
  std::vector<Row> rows;
  std::mt19937_64 rng(53);
  for (int trial = 0; trial < 40; ++trial) rows.push_back(random_row(rng, 64, 0.9));
  for (const Row row : rows) (void)roomy.value(roomy.parse_position(row_text(row, 64)));
  RowKayles tight(64);
  tight.use_budget(ExecutionBudget{.memory_bytes = 1024});  // fewer slots than runs: some are forgotten
  for (const Row row : rows)
    ASSERT_EQ(tight.value(tight.parse_position(row_text(row, 64))), kayles_value(*kayles, row));
  EXPECT_LT(tight.known_parts(), roomy.known_parts());
}

// Misère sums of rows, searched as multisets of runs, against the general
// search over the same sums of Kayles heaps.
TEST(SearchedGame, AFourthGameHasMisereSumsOfItsParts) {
  const auto kayles = parse_game("kayles");
  std::mt19937_64 rng(54);
  RowKayles game(12);
  MisereSearch by_runs;
  MisereSearch by_heaps;
  int p_positions = 0;
  for (int trial = 0; trial < 150; ++trial) {
    std::vector<Component> rows, heaps;
    const int count = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < count; ++k) {
      const Row row = random_row(rng, 12, 0.75);
      rows.push_back({&game, game.parse_position(row_text(row, 12))});
      for (const std::uint64_t run : runs_of(row)) heaps.push_back({kayles.get(), run});
    }
    const bool p = by_heaps.is_p_position(heaps);
    p_positions += p ? 1 : 0;
    ASSERT_EQ(by_runs.is_p_position(rows), p) << trial;
  }
  EXPECT_GT(p_positions, 10);
  MisereSearch tight(MisereSearch::kDefaultMaxSums, 64 << 10);
  RowKayles long_rows(60);
  const std::vector<Component> sum{{&long_rows, long_rows.parse_position(std::string(60, 'x'))},
                                   {&long_rows, long_rows.parse_position(std::string(59, 'x') + ".")}};
  EXPECT_THROW((void)tight.is_p_position(sum), MemoryBoundError);
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// The adapter keeps the search's table in a file in the game's own format:
// a second game starts from what the first found, and a record the game's
// format refuses is named.
TEST(SearchedGame, AFourthGameKeepsItsTableInAFile) {
  const std::string path = ::testing::TempDir() + "row-kayles-" + std::to_string(::getpid()) + ".bin";
  std::remove(path.c_str());
  const std::string row(40, 'x');
  std::size_t first_values = 0;
  Nimber first_value{};
  {
    RowKayles first(40);
    EXPECT_EQ(first.table_file_use(), Game::TableFileUse::kept);
    first.keep_table_in(path);
    first_value = first.value(first.parse_position(row));
    first_values = first.known_values();
    EXPECT_GT(first_values, 20u);
  }
  {
    RowKayles second(40);
    second.keep_table_in(path);
    EXPECT_EQ(second.known_values(), first_values);  // every value back, before any search
    EXPECT_EQ(second.value(second.parse_position(row)), first_value);
  }
  {
    std::ifstream in(path, std::ios::binary);
    std::string first_line;
    std::getline(in, first_line);
    EXPECT_EQ(first_line, "grundy search table: row-kayles 1");
  }
  // A record of an empty row, with the file's checksum made right.
  std::string bytes = "grundy search table: row-kayles 1\n" + std::string(16, '\0');
  TableChecksum checksum;
  checksum.add(std::span(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()));
  for (unsigned i = 0; i < 8; ++i) bytes += static_cast<char>(checksum.sum() >> (8 * i));
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  RowKayles third(40);
  try {
    third.keep_table_in(path);
    ADD_FAILURE() << "a record of an empty row was read";
  } catch (const InputError& e) {
    EXPECT_THAT(std::string(e.what()), ::testing::HasSubstr("record 1 is an empty row"));
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace grundy
