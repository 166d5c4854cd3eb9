// Cram through the component search, held against a brute force written
// here from the rule alone (a plain mex over whole boards: no regions, no
// symmetries) and against the published values of empty boards.
#include "grundy/games/cram.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/search/component_search.hpp"
#include "grundy/error.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/search/search_table_file.hpp"
#include "grundy/spec.hpp"
#include "grundy/search/transposition_table.hpp"
#include "support/cram_published.hpp"

namespace grundy {
namespace {

// The plain mex of a whole board: every domino placement, whole boards as keys.
class BruteCram {
 public:
  BruteCram(unsigned height, unsigned width) : h_(height), w_(width) {}
  std::uint64_t value(CellSet empty) {
    if (auto it = memo_.find(empty); it != memo_.end()) return it->second;
    std::vector<bool> seen(64, false);
    for (unsigned r = 0; r < h_; ++r)
      for (unsigned c = 0; c < w_; ++c) {
        const CellSet a = CellSet{1} << (r * w_ + c);
        if ((empty & a) == 0) continue;
        const CellSet right = a << 1, below = a << w_;
        if (c + 1 < w_ && (empty & right) != 0) seen[value(empty & ~(a | right))] = true;
        if (r + 1 < h_ && (empty & below) != 0) seen[value(empty & ~(a | below))] = true;
      }
    std::uint64_t mex = 0;
    while (seen[mex]) ++mex;
    memo_[empty] = mex;
    return mex;
  }

 private:
  struct Hash {
    std::size_t operator()(CellSet s) const {
      return std::hash<std::uint64_t>{}(static_cast<std::uint64_t>(s) * 31 + static_cast<std::uint64_t>(s >> 64));
    }
  };
  unsigned h_, w_;
  std::unordered_map<CellSet, std::uint64_t, Hash> memo_;
};

// Both methods of the search (docs/search.md), each with a table of its own.
class CramMethods : public ::testing::TestWithParam<SearchMethod> {};

TEST_P(CramMethods, EveryBoardUpTo20CellsAgreesWithTheBruteForce) {
  ComponentSearch<CramRules> search(CramRules{}, GetParam());
  for (unsigned h = 1; h <= 5; ++h)
    for (unsigned w = 1; h * w <= 20; ++w) {
      const CramBoard board = parse_cram_board(std::to_string(h) + "x" + std::to_string(w));
      BruteCram brute(h, w);
      EXPECT_EQ(search.value(board).value(), brute.value(board.empty)) << h << "x" << w;
    }
}

TEST_P(CramMethods, RandomBlockedBoardsAgreeWithTheBruteForce) {
  std::mt19937_64 rng(20261125);
  ComponentSearch<CramRules> search(CramRules{}, GetParam());
  int nonzero = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const unsigned h = 1 + static_cast<unsigned>(rng() % 5), w = 1 + static_cast<unsigned>(rng() % (20 / h));
    CramBoard board{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(w), 0};
    for (unsigned i = 0; i < h * w; ++i)
      if (rng() % 4 != 0) board.empty |= CellSet{1} << i;
    BruteCram brute(h, w);
    const std::uint64_t expected = brute.value(board.empty);
    nonzero += expected != 0;
    ASSERT_EQ(search.value(board).value(), expected) << format_cram_board(board);
  }
  EXPECT_GT(nonzero, 100);  // the boards are varied enough to test something
}

TEST_P(CramMethods, PublishedValuesOfEmptyBoardsUpTo30Cells) {
  const auto published = test::published_cram_boards(GRUNDY_TEST_DATA);
  ASSERT_FALSE(published.empty()) << "tests/data/cram.tsv";
  ComponentSearch<CramRules> search(CramRules{}, GetParam());
  int checked = 0;
  for (const auto& [h, w, cells, nimber] : published) {
    // 5x6 takes seconds with the plain method (a minute under the sanitizers).
    if (cells > (GetParam() == SearchMethod::plain ? 28u : 30u)) continue;
    const CramBoard board = parse_cram_board(std::to_string(h) + "x" + std::to_string(w));
    EXPECT_EQ(search.value(board).value(), nimber) << h << "x" << w;
    // The transposed board is the same game.
    EXPECT_EQ(search.value(parse_cram_board(std::to_string(w) + "x" + std::to_string(h))).value(), nimber);
    ++checked;
  }
  EXPECT_EQ(checked, GetParam() == SearchMethod::plain ? 5 : 6);  // 4x4, 4x5, 4x6, 4x7, 5x5 (, 5x6)
}

// A table far too small for the search (512 of the thousands of parts 5x5
// reaches): parts are pushed out and valued again, and no value changes.
TEST_P(CramMethods, ATinyTableChangesNoValue) {
  const std::size_t bytes = (GetParam() == SearchMethod::plain ? 64 : 512) * 48;
  ComponentSearch<CramRules> search(CramRules{}, GetParam(), bytes);
  // (The plain method values every option in full: forgetting costs it
  // minutes on 4x5, so it gets smaller boards.)
  const std::vector<const char*> boards =
      GetParam() == SearchMethod::plain ? std::vector{"3x4", "4x4", "3x5"} : std::vector{"4x4", "4x5", "5x5", "3x7"};
  for (const char* board : boards) {
    ComponentSearch<CramRules> roomy(CramRules{}, GetParam());
    EXPECT_EQ(search.value(parse_cram_board(board)), roomy.value(parse_cram_board(board))) << board;
  }
  EXPECT_LE(search.stats().table_bytes, bytes);
  EXPECT_GT(search.stats().replaced, 0u);
}

// Ctrl-C mid-search (the observer asks for the interrupt, as a signal
// handler would): the search stops with Interrupted and, asked again, goes on
// from what its table kept to the right value.
TEST(Cram, AnInterruptedSearchStaysUsable) {
  ComponentSearch<CramRules> search;
  int reports = 0;
  search.set_observer([&](const SearchStats& s) {
    EXPECT_GT(s.searched, 0u);
    EXPECT_GT(s.table_entries, 0u);
    if (++reports == 1) request_interrupt();
  });
  EXPECT_THROW((void)search.value(parse_cram_board("5x7")), Interrupted);
  clear_interrupt();
  const std::size_t kept = search.known_parts();
  EXPECT_GT(kept, 1000u);
  EXPECT_EQ(search.value(parse_cram_board("5x6")).value(), 2u);
  EXPECT_EQ(search.value(parse_cram_board("4x7")).value(), 3u);
  EXPECT_GE(reports, 1);
}

// A table kept in a file (keep_table_in): a second game starts from
// what the first found; an interrupted search leaves what it had; files that
// are not such tables are refused with where and what.
class CramTableFile : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = ::testing::TempDir() + "cram-table-" + std::to_string(::getpid()) + ".bin";
    std::remove(path_.c_str());
  }
  void TearDown() override {
    clear_interrupt();
    std::remove(path_.c_str());
  }
  static Nimber value_of(CramGame& game, const char* board) { return game.value(game.parse_position(board)); }
  std::string path_;
};

// Every value comes back. The facts (values a region is known not to have)
// are a cache bounded by the values' table, whose windows a file's order may
// crowd: most come back, and none about a region whose value is known.
TEST_F(CramTableFile, ASecondRunStartsFromTheFirstsTable) {
  std::size_t first_parts = 0, first_values = 0;
  {
    CramGame first;
    first.keep_table_in(path_);
    EXPECT_EQ(first.known_parts(), 0u);
    EXPECT_EQ(value_of(first, "5x6"), Nimber(2));
    first_parts = first.known_parts();
    first_values = first.known_values();
    EXPECT_GT(first_values, 1000u);
    EXPECT_LT(first_values, first_parts);
  }
  CramGame second;
  second.keep_table_in(path_);
  EXPECT_EQ(second.known_values(), first_values);  // every value back, before any search
  EXPECT_LE(second.known_parts(), first_parts);
  EXPECT_GT(second.known_parts() - first_values, (first_parts - first_values) / 2);
  EXPECT_EQ(value_of(second, "5x6"), Nimber(2));
  EXPECT_EQ(value_of(second, "4x7"), Nimber(3));
}

TEST_F(CramTableFile, AnInterruptedSearchLeavesWhatItFound) {
  {
    CramGame first;
    first.keep_table_in(path_);
    request_interrupt();
    EXPECT_THROW((void)value_of(first, "5x6"), Interrupted);
    clear_interrupt();
  }
  CramGame second;
  second.keep_table_in(path_);
  EXPECT_GT(second.known_parts(), 0u);
  EXPECT_EQ(value_of(second, "5x6"), Nimber(2));
}

TEST_F(CramTableFile, FilesThatAreNotTablesAreRefused) {
  auto write = [&](const std::string& bytes) { std::ofstream(path_, std::ios::binary | std::ios::trunc) << bytes; };
  // The bytes and the checksum a table file ends with.
  auto checked = [](const std::string& bytes) {
    TableChecksum checksum;
    checksum.add(std::span(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()));
    std::string out = bytes;
    for (unsigned i = 0; i < 8; ++i) out += static_cast<char>(checksum.sum() >> (8 * i));
    return out;
  };
  auto error_of = [&]() -> std::string {
    try {
      CramGame game;
      game.keep_table_in(path_);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  write("not a table\n");
  EXPECT_THAT(error_of(), ::testing::HasSubstr("not a table of cram"));
  write("grundy search table: cram 1\n" + std::string(19, '\1'));
  EXPECT_THAT(error_of(), ::testing::HasSubstr("written by another version of grundy"));
  write("grundy search table: cram 2\n" + std::string(26, '\1'));  // no checksum
  EXPECT_THAT(error_of(), ::testing::HasSubstr("written by another version of grundy"));
  const std::string header = "grundy search table: cram 3\n";
  write(checked(header + std::string(27, '\1')));
  EXPECT_THAT(error_of(), ::testing::HasSubstr("cut short"));
  write(header + std::string(7, '\1'));
  EXPECT_THAT(error_of(), ::testing::HasSubstr("cut short"));
  std::string zero_high(26, '\0');  // height 0
  write(checked(header + zero_high));
  EXPECT_THAT(error_of(), ::testing::HasSubstr("record 1 is not a board"));
  std::string outside(26, '\0');
  outside[0] = 2, outside[1] = 2, outside[2] = static_cast<char>(0x1f);  // a fifth cell on a 2x2 board
  write(checked(header + outside));
  EXPECT_THAT(error_of(), ::testing::HasSubstr("is not a board"));
  std::string too_high(26, '\0');
  too_high[0] = 1, too_high[1] = 2, too_high[2] = 3, too_high[19] = 1;  // a domino of value 256
  write(checked(header + too_high));
  EXPECT_THAT(error_of(), ::testing::HasSubstr("record 1 has the value 256"));
  write(checked(header));
  EXPECT_EQ(error_of(), "");  // a table of nothing
  write("");
  EXPECT_EQ(error_of(), "");  // an empty file is an empty table
}

// A table file whose bytes changed since it was written is refused before
// any entry is used: one value changed, a byte of a shape changed, the
// checksum itself changed, or the file cut short, each is caught.
TEST_F(CramTableFile, ADamagedFileIsRefused) {
  {
    CramGame first;
    first.keep_table_in(path_);
    EXPECT_EQ(value_of(first, "4x5"), Nimber(2));
  }
  std::string whole;
  {
    std::ifstream in(path_, std::ios::binary);
    whole.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const std::size_t header = whole.find('\n') + 1;
  ASSERT_GT(whole.size(), header + 26 * 10 + 8);
  auto refused_after = [&](std::size_t at, unsigned char flip) -> std::string {
    std::string bytes = whole;
    bytes[at] = static_cast<char>(static_cast<unsigned char>(bytes[at]) ^ flip);
    std::ofstream(path_, std::ios::binary | std::ios::trunc) << bytes;
    try {
      CramGame game;
      game.keep_table_in(path_);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_THAT(refused_after(header + 26 * 3 + 18, 1), ::testing::HasSubstr("damaged"));    // an entry
  EXPECT_THAT(refused_after(header + 26 * 5 + 4, 0x10), ::testing::HasSubstr("damaged"));  // a shape
  EXPECT_THAT(refused_after(whole.size() - 1, 0x80), ::testing::HasSubstr("damaged"));     // the checksum
  std::ofstream(path_, std::ios::binary | std::ios::trunc) << whole.substr(0, whole.size() - 26);
  try {
    CramGame game;
    game.keep_table_in(path_);
    ADD_FAILURE() << "a file cut by one record was read";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("damaged"));
  }
  // The file as written is read.
  std::ofstream(path_, std::ios::binary | std::ios::trunc) << whole;
  CramGame again;
  again.keep_table_in(path_);
  EXPECT_GT(again.known_parts(), 10u);
}

INSTANTIATE_TEST_SUITE_P(Search, CramMethods, ::testing::Values(SearchMethod::plain, SearchMethod::pruned),
                         [](const auto& p) { return p.param == SearchMethod::plain ? "plain" : "pruned"; });

// Larger blocked boards than the brute force can take: pruning must not
// change a value, so the pruned search agrees with the plain mex.
TEST(Cram, PrunedAgreesWithPlainOnLargerBlockedBoards) {
  std::mt19937_64 rng(7);
  ComponentSearch<CramRules> plain(CramRules{}, SearchMethod::plain), pruned(CramRules{}, SearchMethod::pruned);
  for (int trial = 0; trial < 40; ++trial) {
    const unsigned h = 4 + static_cast<unsigned>(rng() % 3), w = 5 + static_cast<unsigned>(rng() % 3);
    CramBoard board{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(w), 0};
    for (unsigned i = 0; i < h * w; ++i)
      if (rng() % 6 != 0) board.empty |= CellSet{1} << i;
    if (board.empty_cells() > 26) continue;
    ASSERT_EQ(pruned.value(board), plain.value(board)) << format_cram_board(board);
  }
}

// One row (or one column) of n cells is Dawson's Kayles at heap n: a domino
// takes two neighbouring cells, as octal:0.07 takes two tokens from a row.
TEST(Cram, OneRowIsDawsonsKayles) {
  const std::unique_ptr<Game> dawson = parse_game("dawson-kayles");
  ComponentSearch<CramRules> search;
  for (const unsigned n : {1u, 2u, 7u, 34u, 64u, 65u, 100u, 127u, 128u}) {
    EXPECT_EQ(search.value(parse_cram_board("1x" + std::to_string(n))), dawson->value(n)) << "1x" << n;
    EXPECT_EQ(search.value(parse_cram_board(std::to_string(n) + "x1")), dawson->value(n)) << n << "x1";
  }
}

// A board of at most 64 cells sits in a 16-byte slot of the search's table
// (CramSmallSlots): it comes back whole, a slot holds only its own shape, a
// value stays exact, and a "not in S" fact keeps its values below 43.
TEST(Cram, SmallSlotsHoldABoardAndItsEntry) {
  static_assert(sizeof(CramSmallSlots::Slot) == 16);
  for (const char* text : {"8x8", "1x64", "64x1", "3x5", "..#./..../....", "#.#/.#./#.#"}) {
    const CramBoard board = parse_cram_board(text);
    ASSERT_TRUE(CramSmallSlots::fits(board)) << text;
    const auto slot = CramSmallSlots::make(board, 112, 200 % 64);
    EXPECT_EQ(CramSmallSlots::key(slot), board) << text;
    EXPECT_TRUE(CramSmallSlots::holds(slot, board)) << text;
    EXPECT_EQ(CramSmallSlots::value(slot), 112u) << text;
    EXPECT_EQ(CramSmallSlots::weight(slot), 200 % 64) << text;
  }
  EXPECT_FALSE(CramSmallSlots::fits(parse_cram_board("1x65")));
  EXPECT_FALSE(CramSmallSlots::fits(parse_cram_board("5x13")));
  // The same cells on another shape are another board.
  const CramBoard wide = parse_cram_board("2x6"), high = parse_cram_board("3x4");
  EXPECT_EQ(static_cast<std::uint64_t>(wide.empty), static_cast<std::uint64_t>(high.empty));
  EXPECT_FALSE(CramSmallSlots::holds(CramSmallSlots::make(wide, 0, 1), high));
  // A fact: the flag and the values excluded below 43; those above are forgotten.
  const std::uint64_t fact =
      kSearchEntryExcluded | 0b1011 | std::uint64_t{1} << 42 | std::uint64_t{1} << 43 | std::uint64_t{1} << 62;
  EXPECT_EQ(CramSmallSlots::value(CramSmallSlots::make(high, fact, 9)),
            kSearchEntryExcluded | 0b1011 | std::uint64_t{1} << 42);
  EXPECT_EQ(CramSmallSlots::weight(CramSmallSlots::Slot{}), 0);  // a zeroed slot is free
}

// A search over parts of both sizes (one row of 100 cells leaves parts of
// more and of at most 64 cells) keeps its two tables within one bound.
TEST(Cram, SmallAndLargePartsShareOneBound) {
  const std::size_t bound = 6 * 1024;
  ComponentSearch<CramRules> search(CramRules{}, SearchMethod::pruned, bound);
  const std::unique_ptr<Game> dawson = parse_game("dawson-kayles");
  for (const unsigned n : {100u, 128u, 90u}) {
    EXPECT_EQ(search.value(parse_cram_board("1x" + std::to_string(n))), dawson->value(n)) << n;
    EXPECT_LE(search.stats().table_bytes, bound);
  }
  EXPECT_GT(search.stats().replaced, 0u);
}

// The mirror strategy (cram_half_turn) against the brute force, on boards
// whose empty cells are the same after a half turn (half the cells drawn at
// random, the other half their images), of every shape up to 24 cells, and
// on boards that are not symmetric (never decided).
TEST(Cram, TheMirrorStrategyDecidesSymmetricBoards) {
  std::mt19937_64 rng(180);
  int second = 0, first = 0, open = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const unsigned h = 1 + static_cast<unsigned>(rng() % 6), w = 1 + static_cast<unsigned>(rng() % (24 / h));
    const unsigned cells = h * w;
    CramBoard board{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(w), 0};
    for (unsigned i = 0; i < (cells + 1) / 2; ++i)
      if (rng() % 4 != 0) board.empty |= CellSet{1} << i | CellSet{1} << (cells - 1 - i);
    BruteCram brute(h, w);
    const std::uint64_t value = brute.value(board.empty);
    switch (cram_half_turn(board)) {
      case HalfTurn::second_player_wins:
        ASSERT_EQ(value, 0u) << format_cram_board(board);
        ++second;
        break;
      case HalfTurn::first_player_wins:
        ASSERT_NE(value, 0u) << format_cram_board(board);
        ++first;
        break;
      case HalfTurn::not_decided:
        ASSERT_TRUE(h % 2 == 1 && w % 2 == 1 && board.is_empty(h / 2, w / 2)) << format_cram_board(board);
        ++open;
        break;
    }
    // One cell more or less breaks the symmetry (unless it is the centre).
    const unsigned i = static_cast<unsigned>(rng() % cells);
    if (2 * i + 1 != cells) {
      board.empty ^= CellSet{1} << i;
      EXPECT_EQ(cram_half_turn(board), HalfTurn::not_decided) << format_cram_board(board);
    }
  }
  EXPECT_GT(second, 300);
  EXPECT_GT(first, 100);
  EXPECT_GT(open, 50);
  EXPECT_EQ(cram_half_turn(parse_cram_board("8x16")), HalfTurn::second_player_wins);  // 128 cells
  EXPECT_EQ(cram_half_turn(parse_cram_board("5x20")), HalfTurn::first_player_wins);
  EXPECT_EQ(cram_half_turn(parse_cram_board("5x7")), HalfTurn::not_decided);
}

// Boards of at most 64 cells are split and put in canonical form on one
// machine word, larger ones on 128 bits: a region gets the same form either
// way (else the table would hold it twice).
TEST(Cram, SmallAndLargeBoardsGiveTheSameRegions) {
  std::mt19937_64 rng(64);
  for (int trial = 0; trial < 2000; ++trial) {
    const unsigned h = 1 + static_cast<unsigned>(rng() % 8), w = 1 + static_cast<unsigned>(rng() % (64 / h));
    CramBoard small{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(w), 0};
    for (unsigned i = 0; i < h * w; ++i)
      if (rng() % 3 != 0) small.empty |= CellSet{1} << i;
    // The same cells in the corner of a 10 x 12 board (120 cells).
    CramBoard large{10, 12, 0};
    if (h > 10 || w > 12) continue;
    for (unsigned r = 0; r < h; ++r)
      for (unsigned c = 0; c < w; ++c)
        if (small.is_empty(r, c)) large.empty |= CellSet{1} << (r * 12 + c);
    std::vector<CramBoard> a = cram_regions(small), b = cram_regions(large);
    auto order = [](const CramBoard& x, const CramBoard& y) {
      const CellSet x_cells = x.empty, y_cells = y.empty;  // (by value: the cells are 8-byte aligned)
      return std::tie(x.height, x.width, x_cells) < std::tie(y.height, y.width, y_cells);
    };
    std::sort(a.begin(), a.end(), order);
    std::sort(b.begin(), b.end(), order);
    ASSERT_EQ(a, b) << format_cram_board(small);
  }
}

TEST(Cram, RegionsAreCanonicalAndSplit) {
  // Two regions cut apart by a blocked column, one of them the mirror image of the other.
  const CramBoard board = parse_cram_board("..#../.###.");
  const std::vector<CramBoard> parts = cram_regions(board);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0], parts[1]);
  EXPECT_EQ(canonical_cram_board(parse_cram_board("#./..")), canonical_cram_board(parse_cram_board("../.#")));
  EXPECT_EQ(canonical_cram_board(parse_cram_board("2x3")), canonical_cram_board(parse_cram_board("3x2")));
  // Lone cells hold no move and are left out.
  EXPECT_TRUE(cram_regions(parse_cram_board(".#./#.#/.#.")).empty());
  EXPECT_EQ(format_cram_board(parse_cram_board("..#./..../....")), "..#./..../....");
  EXPECT_EQ(parse_cram_board("4x32").empty_cells(), 128u);
}

// The parts of a board carry its value: the brute force of the whole board
// is the nim-sum of the brute force of each part, on boards where leaves,
// bridges and 2 x 2 squares with two closed corners are common (the cells a
// part leaves out and the links it cuts change no value).
TEST(Cram, ABoardsValueIsTheNimSumOfItsParts) {
  std::mt19937_64 rng(2026);
  int reduced = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const unsigned h = 2 + static_cast<unsigned>(rng() % 4), w = 2 + static_cast<unsigned>(rng() % (22 / h - 1));
    CramBoard board{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(w), 0};
    const unsigned blocked_in = 3 + static_cast<unsigned>(rng() % 3);
    for (unsigned i = 0; i < h * w; ++i)
      if (rng() % blocked_in != 0) board.empty |= CellSet{1} << i;
    std::uint64_t parts_value = 0;
    unsigned part_cells = 0, lone_cells = 0;
    for (const CramBoard& part : cram_regions(board)) {
      parts_value ^= BruteCram(part.height, part.width).value(part.empty);
      part_cells += part.empty_cells();
    }
    for (unsigned r = 0; r < h; ++r)
      for (unsigned c = 0; c < w; ++c) {
        const bool alone = board.is_empty(r, c) && !(c > 0 && board.is_empty(r, c - 1)) &&
                           !(c + 1 < w && board.is_empty(r, c + 1)) && !(r > 0 && board.is_empty(r - 1, c)) &&
                           !(r + 1 < h && board.is_empty(r + 1, c));
        lone_cells += alone;
      }
    reduced += part_cells + lone_cells < board.empty_cells();
    ASSERT_EQ(parts_value, BruteCram(h, w).value(board.empty)) << format_cram_board(board);
  }
  EXPECT_GT(reduced, 1000);  // cells were left out often enough to test it
}

TEST(Cram, BridgesGoAndSquaresWithClosedCornersSplit) {
  // The middle cell of the top row joins two centres of leaves: without it,
  // two dominoes, one form.
  const std::vector<CramBoard> bridged = cram_regions(parse_cram_board(".../.#."));
  ASSERT_EQ(bridged.size(), 2u);
  EXPECT_EQ(format_cram_board(bridged[0]), "..");
  EXPECT_EQ(bridged[0], bridged[1]);
  // A 2 x 2 square whose top left and bottom right corners are closed
  // outside it: its horizontal links are cut, the two columns part.
  EXPECT_EQ(cram_regions(parse_cram_board("##../#..#/..##/..##")).size(), 2u);
}

// The search stops listing options early using the count of dominoes that
// fit: it must be the number of options listed, on small and large boards.
TEST(Cram, OptionCountIsTheNumberOfOptions) {
  std::mt19937_64 rng(33);
  const CramRules rules;
  for (int trial = 0; trial < 500; ++trial) {
    const unsigned h = 1 + static_cast<unsigned>(rng() % 12), w = 1 + static_cast<unsigned>(rng() % (128 / h));
    CramBoard board{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(w), 0};
    for (unsigned i = 0; i < h * w; ++i)
      if (rng() % 4 != 0) board.empty |= CellSet{1} << i;
    std::size_t listed = 0;
    rules.for_each_option(board, [&](const CramBoard&) { ++listed; });
    ASSERT_EQ(rules.option_count(board), listed) << format_cram_board(board);
  }
  EXPECT_EQ(rules.option_count(parse_cram_board("1x128")), 127u);
  EXPECT_EQ(rules.option_count(parse_cram_board("2x2")), 4u);
}

TEST(Cram, BadBoardsSayWhatWasExpected) {
  auto error_of = [](const char* text) {
    try {
      (void)parse_cram_board(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of("5x").find("expected HxW"), std::string::npos);
  EXPECT_NE(error_of("0x5").find("expected HxW"), std::string::npos);
  EXPECT_NE(error_of("12x12").find("144 cells, and a board holds at most 128"), std::string::npos);
  EXPECT_NE(error_of("200x1").find("too many"), std::string::npos);
  EXPECT_NE(error_of("99999999999999999999x1").find("too many cells"), std::string::npos);
  EXPECT_NE(error_of("../.").find("at character 4: a row of 1 cell after rows of 2"), std::string::npos);
  EXPECT_NE(error_of("..//..").find("at character 4: an empty row"), std::string::npos);
  EXPECT_NE(error_of(".x").find("at character 2: 'x' is not a cell"), std::string::npos);
}

}  // namespace
}  // namespace grundy
