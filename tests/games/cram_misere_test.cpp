// Cram in misère play: the search over multisets of canonical regions
// (misere_parts_search.hpp), held against a brute force written here from
// the rule alone (whole boards as keys: no regions, no symmetries), for
// outcomes, sums of boards and winning moves; and its memory bound (issue
// 50, item 6: the general search held 1.17 GB for a 5x6 board).
#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"
#include "grundy/games/cram.hpp"
#include "grundy/misere/misere.hpp"
#include "grundy/misere/misere_search.hpp"
#include "grundy/spec.hpp"
#include "grundy/sum_memo.hpp"
#include "grundy/search/transposition_table.hpp"

namespace grundy {
namespace {

// Misère outcomes of one board of at most 64 cells: a board is a P-position
// when it has a move and every move leaves an N-position.
class BruteMisereCram {
 public:
  BruteMisereCram(unsigned height, unsigned width) : h_(height), w_(width) {}
  bool p_position(std::uint64_t empty) {
    if (const auto it = memo_.find(empty); it != memo_.end()) return it->second;
    bool any_move = false;
    bool to_p = false;
    for (const std::uint64_t next : moves(empty)) {
      any_move = true;
      if (p_position(next)) {
        to_p = true;
        break;
      }
    }
    const bool p = any_move && !to_p;
    memo_.emplace(empty, p);
    return p;
  }
  [[nodiscard]] std::vector<std::uint64_t> moves(std::uint64_t empty) const {
    std::vector<std::uint64_t> out;
    for (unsigned r = 0; r < h_; ++r)
      for (unsigned c = 0; c < w_; ++c) {
        const std::uint64_t a = std::uint64_t{1} << (r * w_ + c);
        if ((empty & a) == 0) continue;
        if (r + 1 < h_ && (empty & a << w_) != 0) out.push_back(empty & ~(a | a << w_));
        if (c + 1 < w_ && (empty & a << 1) != 0) out.push_back(empty & ~(a | a << 1));
      }
    return out;
  }

 private:
  unsigned h_, w_;
  std::unordered_map<std::uint64_t, bool> memo_;
};

CramBoard random_board(std::mt19937_64& rng, unsigned h, unsigned w, double blocked) {
  CramBoard b{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(w), 0};
  std::bernoulli_distribution block(blocked);
  for (unsigned i = 0; i < h * w; ++i)
    if (!block(rng)) b.empty |= CellSet{1} << i;
  return b;
}

bool searched_p(const Game& cram, std::vector<CramBoard> boards, MisereSearch& search) {
  std::vector<Component> sum;
  for (const CramBoard& b : boards) sum.push_back({&cram, cram.parse_position(format_cram_board(b))});
  return search.is_p_position(sum);
}

TEST(CramMisere, EveryEmptyBoardUpTo24CellsAgreesWithTheBruteForce) {
  const auto cram = parse_game("cram");
  MisereSearch search;
  int p_positions = 0;
  for (unsigned h = 1; h <= 6; ++h)
    for (unsigned w = 1; h * w <= 24; ++w) {
      BruteMisereCram brute(h, w);
      const CramBoard board = parse_cram_board(fmt::format("{}x{}", h, w));
      const bool p = brute.p_position(static_cast<std::uint64_t>(board.empty));
      p_positions += p ? 1 : 0;
      EXPECT_EQ(searched_p(*cram, {board}, search), p) << h << "x" << w;
    }
  EXPECT_GT(p_positions, 3);  // both outcomes are met
}

TEST(CramMisere, RandomBlockedBoardsAgreeWithTheBruteForce) {
  const auto cram = parse_game("cram");
  std::mt19937_64 rng(20261128);
  MisereSearch search;
  int p_positions = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const unsigned h = 1 + static_cast<unsigned>(rng() % 5), w = 1 + static_cast<unsigned>(rng() % 6);
    const CramBoard board = random_board(rng, h, w, 0.1 + 0.3 * static_cast<double>(rng() % 4) / 4);
    BruteMisereCram brute(h, w);
    const bool p = brute.p_position(static_cast<std::uint64_t>(board.empty));
    p_positions += p ? 1 : 0;
    ASSERT_EQ(searched_p(*cram, {board}, search), p) << format_cram_board(board);
  }
  EXPECT_GT(p_positions, 20);
}

// A sum of two boards is one board with both, a blocked column between.
TEST(CramMisere, SumsOfBoardsAgreeWithOneBoardHoldingBoth) {
  const auto cram = parse_game("cram");
  std::mt19937_64 rng(7);
  MisereSearch search;
  for (int trial = 0; trial < 150; ++trial) {
    const unsigned h = 1 + static_cast<unsigned>(rng() % 4);
    const unsigned w1 = 1 + static_cast<unsigned>(rng() % 4), w2 = 1 + static_cast<unsigned>(rng() % 4);
    const CramBoard a = random_board(rng, h, w1, 0.2), b = random_board(rng, h, w2, 0.2);
    const unsigned w = w1 + 1 + w2;
    std::uint64_t both = 0;
    for (unsigned r = 0; r < h; ++r)
      for (unsigned c = 0; c < w1 + 1 + w2; ++c) {
        const bool empty = c < w1 ? a.is_empty(r, c) : c > w1 && b.is_empty(r, c - w1 - 1);
        if (empty) both |= std::uint64_t{1} << (r * w + c);
      }
    BruteMisereCram brute(h, w);
    ASSERT_EQ(searched_p(*cram, {a, b}, search), brute.p_position(both))
        << format_cram_board(a) << " + " << format_cram_board(b);
  }
}

TEST(CramMisere, WinningMovesAreTheMovesToPPositions) {
  const auto cram = parse_game("cram");
  std::mt19937_64 rng(11);
  int won = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const unsigned h = 2 + static_cast<unsigned>(rng() % 3), w = 2 + static_cast<unsigned>(rng() % 4);
    const CramBoard board = random_board(rng, h, w, 0.15);
    BruteMisereCram brute(h, w);
    std::vector<std::string> expected;
    for (const std::uint64_t next : brute.moves(static_cast<std::uint64_t>(board.empty)))
      if (brute.p_position(next)) expected.push_back(format_cram_board(CramBoard{board.height, board.width, next}));
    const std::vector<Component> sum{{cram.get(), cram->parse_position(format_cram_board(board))}};
    const MisereAnalysis a = analyze_misere_sum(sum);
    EXPECT_EQ(a.winner == Winner::first,
              !expected.empty() || brute.moves(static_cast<std::uint64_t>(board.empty)).empty())
        << format_cram_board(board);
    std::vector<std::string> listed;
    for (const Move& m : a.winning_moves) {
      ASSERT_EQ(m.to.size(), 1u);
      listed.push_back(cram->format_position(m.to[0]));
    }
    std::sort(expected.begin(), expected.end());
    std::sort(listed.begin(), listed.end());
    EXPECT_EQ(listed, expected) << format_cram_board(board);
    won += expected.empty() ? 0 : 1;
  }
  EXPECT_GT(won, 10);
}

// The general search held 1.17 GB on this board and took 16 s; the bound
// is a program's --memory, and past it the search says so.
TEST(CramMisere, KeepsWithinItsMemoryBound) {
  const auto cram = parse_game("cram");
  const std::uint64_t bound = std::uint64_t{64} << 20;
  MisereSearch search(MisereSearch::kDefaultMaxSums, bound);
  EXPECT_FALSE(searched_p(*cram, {parse_cram_board("5x6")}, search));  // a first-player win
  EXPECT_GT(search.sums_searched(), 1000u);
  MisereSearch tight(MisereSearch::kDefaultMaxSums, std::uint64_t{1} << 20);
  try {
    (void)searched_p(*cram, {parse_cram_board("6x6")}, tight);
    ADD_FAILURE() << "6x6 was searched within 1 MiB";
  } catch (const MemoryBoundError& e) {
    EXPECT_NE(std::string(e.what()).find("more than 1 MiB of memory"), std::string::npos) << e.what();
  }
}

TEST(MisereSearch, TheGeneralSearchKeepsWithinItsMemoryBound) {
  const auto kayles = parse_game("kayles");
  const std::vector<Component> sum{{kayles.get(), 30}, {kayles.get(), 30}, {kayles.get(), 30}};
  const std::uint64_t bound = std::uint64_t{1} << 20;
  MisereSearch search(MisereSearch::kDefaultMaxSums, bound);
  EXPECT_THROW((void)search.is_p_position(sum), MemoryBoundError);
  EXPECT_LE(search.bytes_held(), bound);
  // Smaller sums within it, and the same outcome as a search without the bound.
  MisereSearch roomy;
  const std::vector<Component> small{{kayles.get(), 9}, {kayles.get(), 7}, {kayles.get(), 4}};
  MisereSearch bounded(MisereSearch::kDefaultMaxSums, bound);
  EXPECT_EQ(bounded.is_p_position(small), roomy.is_p_position(small));
  EXPECT_LE(bounded.bytes_held(), bound);
}

TEST(ByteSizes, ReadAndWrittenForPeople) {
  EXPECT_EQ(format_byte_size(std::uint64_t{64} << 20), "64 MiB");
  EXPECT_EQ(format_byte_size(std::uint64_t{6} << 30), "6 GiB");
  EXPECT_EQ(format_byte_size(std::uint64_t{3} << 29), "1.5 GiB");
  EXPECT_EQ(format_byte_size(std::uint64_t{3} << 19), "1.5 MiB");
  EXPECT_EQ(format_byte_size(512 << 10), "512 KiB");
  EXPECT_EQ(format_byte_size(100), "100 bytes");
  EXPECT_EQ(format_byte_size(1500), "1500 bytes");
}

TEST(SumMemo, FindsWhatItHoldsAndNothingElse) {
  std::mt19937_64 rng(3);
  SumMemo<std::uint32_t> memo;
  std::map<std::vector<std::uint32_t>, bool> truth;
  for (int i = 0; i < 20000; ++i) {
    std::vector<std::uint32_t> sum(rng() % 5);
    for (auto& x : sum) x = static_cast<std::uint32_t>(rng() % 40);
    std::sort(sum.begin(), sum.end());
    const auto known = memo.find(sum);
    const auto it = truth.find(sum);
    ASSERT_EQ(known.has_value(), it != truth.end());
    if (known) {
      ASSERT_EQ(*known, it->second);
    } else {
      const bool p = rng() % 2 == 0;
      memo.insert(sum, p);
      truth.emplace(sum, p);
    }
  }
  EXPECT_EQ(memo.size(), truth.size());
  EXPECT_GT(memo.bytes(), memo.size() * 16);
}

}  // namespace
}  // namespace grundy
