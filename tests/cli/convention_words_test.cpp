// The words of each play convention (frontend/convention_words.hpp), read by
// play, serve and Python alike: a hint names its move exactly when it says
// so, and each convention's words read that convention's report alone.
#include "grundy/frontend/convention_words.hpp"

#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "grundy/analysis.hpp"
#include "grundy/game_sum.hpp"
#include "grundy/strategy.hpp"

namespace grundy::frontend {
namespace {

const std::string kLoopy = std::string(GRUNDY_EXAMPLES_DIR) + "/data/loopy.txt";

std::string quoted(const GameSum& sum, const Move& m) {
  return fmt::format("#{} {} -> {}", m.component + 1, sum.components[m.component].game->position_in_text(m.from),
                     sum.components[m.component].game->option_in_text(m.to));
}

TEST(ConventionWords, AHintNamesItsMoveExactlyWhenItSaysSo) {
  const std::vector<std::vector<std::string>> sums = {
      {"nim", "3", "5", "6"}, {"nim", "3", "5", "7"},      {"nim", "1", "1", "1"}, {"kayles", "7", "9"},
      {"nim", "0"},           {"graph:" + kLoopy, "hall"}, {"octal:0.07", "12"},   {"nim", "2", "1"},
  };
  int named = 0, unnamed = 0;
  for (const std::vector<std::string>& words : sums) {
    const GameSum sum = read_sum(words);
    for (Convention c : {Convention::normal, Convention::misere}) {
      if (c == Convention::misere && sum.components.front().game->has_cycles()) continue;
      for (std::uint64_t seed = 0; seed < 4; ++seed) {
        MoveRng rng(seed);
        const Hint h = hint(sum.components, c, rng);
        const HintWords said = words_for(c, true)->hint(
            h, [&](const Move& m) { return quoted(sum, m); }, [](std::size_t i) { return fmt::format("#{}", i + 1); },
            sum.components.size(), "heaps");
        const std::string where = fmt::format("{} {} seed {}: {}", words[0], to_string(c), seed, said.text);
        if (h.kind == Hint::Kind::over) {
          EXPECT_EQ(said.text, "No move is left.") << where;
        }
        if (h.kind == Hint::Kind::win) {
          EXPECT_TRUE(said.names_move) << where;
        }
        if (said.names_move) {
          ASSERT_TRUE(h.move.has_value()) << where;
          EXPECT_NE(said.text.find(quoted(sum, *h.move)), std::string::npos) << where;
          ++named;
        } else {
          if (h.move) {
            EXPECT_EQ(said.text.find(quoted(sum, *h.move)), std::string::npos) << where;
          }
          ++unnamed;
        }
      }
    }
  }
  EXPECT_GT(named, 0);
  EXPECT_GT(unnamed, 0);
}

TEST(ConventionWords, EachConventionReadsItsOwnReport) {
  const GameSum sum = read_sum({"kayles", "7", "9"});
  const SumReport normal = outcome(sum.components, Convention::normal);
  const SumReport misere = outcome(sum.components, Convention::misere);
  auto name = [](std::size_t i) { return fmt::format("heap {}", i + 1); };
  EXPECT_NE(words_for(Convention::normal, true)->standing(normal, name, 2).find("nim-sum"), std::string::npos);
  EXPECT_NE(words_for(Convention::misere, true)->standing(misere, name, 2).find("misère play"), std::string::npos);
  EXPECT_THROW((void)words_for(Convention::normal, true)->standing(misere, name, 2), std::bad_variant_access);
  EXPECT_THROW((void)words_for(Convention::misere, true)->standing(normal, name, 2), std::bad_variant_access);
  // Who wins a finished game: normal play's loser is misère play's winner.
  EXPECT_NE(words_for(Convention::normal, true)->no_move_left(true, "3 moves").find("the engine wins"),
            std::string::npos);
  EXPECT_NE(words_for(Convention::misere, true)->no_move_left(true, "3 moves").find("you win"), std::string::npos);
}

}  // namespace
}  // namespace grundy::frontend
