// `grundy play` driven through pipes: whole games against the engine, a
// person who follows `hint`, and illegal or malformed input. The test keeps
// its own copy of the position (from the moves it sends and the engine moves
// it reads) and checks it with the library's nim-sum rule.

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/spec.hpp"
#include "grundy/sum.hpp"
#include "support/interactive_process.hpp"
#include "support/run_process.hpp"

namespace grundy {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr std::string_view kPrompt = "your move> ";

std::string play_graph() { return std::string("graph:") + GRUNDY_TEST_DATA + "/graphs/play.txt"; }
// A graph with cycles, a pass and draws (docs/games/graph.md).
std::string loopy_graph() { return std::string("graph:") + GRUNDY_TEST_DATA + "/graphs/loopy.txt"; }

// The sum named by `args` (GAME POS... [+ GAME POS...]), built the test's own way.
struct Model {
  std::vector<std::unique_ptr<Game>> games;
  std::vector<Component> components;

  explicit Model(const std::vector<std::string>& args) {
    bool expect_game = true;
    for (const std::string& a : args) {
      if (a == "+") {
        expect_game = true;
      } else if (expect_game) {
        games.push_back(parse_game(a));
        expect_game = false;
      } else {
        components.push_back({games.back().get(), games.back()->parse_position(a)});
      }
    }
  }
  [[nodiscard]] bool first_player_wins() const { return !analyze_sum(components).nim_sum.is_zero(); }
  [[nodiscard]] Winner winner() const { return sum_outcome(components).winner; }

  // A position as play writes it in a sentence: a heap size bare, a vertex in single quotes.
  static Position read_position(const Game& g, std::string_view text) {
    if (text.size() >= 2 && text.front() == '\'' && text.back() == '\'') text = text.substr(1, text.size() - 2);
    return g.parse_position(text);
  }

  // "3 + 5", "7", "'s3'" or "nothing", as play writes what a move leaves.
  static Option read_option(const Game& g, std::string_view text) {
    Option o;
    if (text == "nothing") return o;
    for (std::size_t start = 0;;) {
      const std::size_t plus = text.find(" + ", start);
      o.push_back(read_position(g, text.substr(start, plus == std::string_view::npos ? plus : plus - start)));
      if (plus == std::string_view::npos) return o;
      start = plus + 3;
    }
  }

  // Component `index` (from 0) replaced by what a move leaves.
  void replace(std::size_t index, const Option& to) {
    const Game* g = components[index].game;
    components.erase(components.begin() + static_cast<std::ptrdiff_t>(index));
    for (std::size_t k = 0; k < to.size(); ++k)
      components.insert(components.begin() + static_cast<std::ptrdiff_t>(index + k), Component{g, to[k]});
  }

  // Applies "The engine moves heap 2: 4 -> 1." lines found in `text`.
  void apply_engine_moves(std::string_view text) {
    constexpr std::string_view kLead = "The engine moves ";
    for (std::size_t at = text.find(kLead); at != std::string_view::npos; at = text.find(kLead, at + 1)) {
      const std::size_t end = text.find(".\n", at);
      ASSERT_NE(end, std::string_view::npos);
      const std::string_view line = text.substr(at + kLead.size(), end - at - kLead.size());
      const std::size_t colon = line.rfind(": ");
      const std::size_t arrow = line.rfind(" -> ");
      ASSERT_TRUE(colon != std::string_view::npos && arrow != std::string_view::npos) << line;
      // "heap 2" or "heap 2 (game)": the number follows the first blank.
      const std::size_t index = std::stoul(std::string(line.substr(line.find(' ') + 1)));
      ASSERT_TRUE(index >= 1 && index <= components.size()) << line;
      Component& c = components[index - 1];
      const Position from = read_position(*c.game, line.substr(colon + 2, arrow - colon - 2));
      const Option to = read_option(*c.game, line.substr(arrow + 4));
      ASSERT_EQ(from, c.position) << line;
      ASSERT_TRUE(c.game->is_option(from, to)) << line;
      replace(index - 1, to);
    }
  }

  // A random legal move among each component's first 30, as "I TO", or
  // "I A + B" for a split ("I 0" for nothing).
  std::string random_move(std::mt19937_64& rng) {
    std::vector<std::pair<std::size_t, Option>> moves;
    for (std::size_t i = 0; i < components.size(); ++i)
      for (Option& to : components[i].game->list_options(components[i].position, 30).options) moves.emplace_back(i, to);
    const auto [i, to] = moves.at(rng() % moves.size());
    std::vector<std::string> names;
    for (Position p : to) names.push_back(components[i].game->format_position(p));
    const std::string typed = names.empty() ? "0" : fmt::format("{}", fmt::join(names, " + "));
    replace(i, to);
    return fmt::format("{} {}", i + 1, typed);
  }
};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.begin(), "play");
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::vector<std::vector<std::string>> first_player_wins() {
  return {
      {"nim", "3", "4", "5"},
      {"nim", "1", "6", "11", "13"},
      {"subtraction:1,3,4", "20", "9"},
      {"subtraction:2,5,7", "31", "12", "4"},
      {"division:2-6", "100", "20"},
      {"division:3,7", "1000", "64", "5"},
      {play_graph(), "s15", "s14", "s13"},
      {play_graph(), "s12", "s7"},
      {"nim", "3", "+", "division:2-6", "20", "+", play_graph(), "s11"},
      {"coprime", "10", "21", "25"},
      {"xy:3,5", "23", "29", "17"},
      {"kayles", "5", "8"},
      {"octal:0.137", "20", "7", "+", "nim", "2"},
      {"grundy-game", "13", "9"},
  };
}

TEST(Play, EngineMovingFirstWinsEveryFirstPlayerWin) {
  int games = 0;
  for (const auto& args : first_player_wins()) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      Model model(args);
      ASSERT_TRUE(model.first_player_wins()) << fmt::format("{}", fmt::join(args, " "));
      test::InteractiveProcess game(GRUNDY_EXE, with(args, {"--first", "engine", "--seed", std::to_string(seed)}));
      std::mt19937_64 rng(seed);
      std::string transcript;
      for (;;) {
        const std::string text = game.read_until(kPrompt);
        transcript += text;
        model.apply_engine_moves(text);
        if (!text.ends_with(kPrompt)) break;
        const std::string move = model.random_move(rng);
        transcript += move + "\n";
        game.send_line(move);
      }
      const test::ProcessResult end = game.finish();
      EXPECT_EQ(end.exit_code, 0);
      EXPECT_EQ(end.err, "");
      EXPECT_THAT(transcript, HasSubstr("You have no move left: the engine wins after")) << transcript;
      for (const Component& c : model.components) EXPECT_FALSE(c.game->has_move(c.position));
      ++games;
    }
  }
  EXPECT_EQ(games, 56);
}

TEST(Play, FollowingHintsWinsEveryFirstPlayerWin) {
  for (const auto& args : first_player_wins()) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      Model model(args);
      test::InteractiveProcess game(GRUNDY_EXE, with(args, {"--seed", std::to_string(seed)}));
      std::string transcript;
      int moves = 0;
      for (;;) {
        std::string text = game.read_until(kPrompt);
        transcript += text;
        model.apply_engine_moves(text);
        if (!text.ends_with(kPrompt)) break;
        game.send_line("hint");
        text = game.read_until(kPrompt);
        transcript += text;
        // "Hint: heap 2: 4 -> 1. The nim-sum is ..."
        const std::size_t at = text.find("Hint: ");
        ASSERT_NE(at, std::string::npos) << transcript;
        const std::string hint = text.substr(at + 6, text.find(". The nim-sum", at) - at - 6);
        const std::size_t index = std::stoul(hint.substr(hint.find(' ') + 1));
        const std::string to = hint.substr(hint.rfind(" -> ") + 4);
        Component& c = model.components.at(index - 1);
        ASSERT_TRUE(c.game->is_option(c.position, Model::read_option(*c.game, to))) << hint;
        model.replace(index - 1, Model::read_option(*c.game, to));
        game.send_line(fmt::format("{} {}", index, to));  // quoted as the hint writes it: play reads that too
        ++moves;
        ASSERT_LT(moves, 1000) << transcript;
      }
      const test::ProcessResult end = game.finish();
      EXPECT_EQ(end.exit_code, 0);
      EXPECT_THAT(transcript, HasSubstr("The engine has no move left: you win after")) << transcript;
      EXPECT_THAT(transcript, Not(HasSubstr("No winning move"))) << transcript;
    }
  }
}

TEST(Play, IllegalAndMalformedMovesChangeNothing) {
  const std::string script =
      "values\n"
      "1 9\n"                       // a heap never grows
      "1 3\n"                       // nor stays
      "4 1\n"                       // no heap 4
      "0 1\n"                       // heaps count from 1
      "1\n"                         // a number alone
      "1 x\n"                       // not a size
      "1 -1\n"                      // a sign
      "1 2 3\n"                     // too many words
      "hnt\n"                       // a misspelt command
      "1 99999999999999999999\n" +  // above 2^64
      std::string(5000, '7') +
      "\n" +      // a line too long
      "\n"        // nothing
      "values\n"  // hides the values
      "values\n"  // and shows them again
      "quit\n";
  const auto r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "5", "--seed", "1"}, script);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_THAT(r.out, Not(HasSubstr("The engine moves")));
  EXPECT_THAT(r.out,
              HasSubstr("Heap 1 cannot go from 3 to 9, because a heap only shrinks: 9 is more than the heap of 3.\n"
                        "Legal moves of heap 1: 0, 1, 2.\n"));
  EXPECT_THAT(r.out, HasSubstr("Heap 1 cannot go from 3 to 3, because a move must take at least one token"));
  EXPECT_THAT(r.out, HasSubstr("There is no heap '4': they are numbered 1 to 3"));
  EXPECT_THAT(r.out, HasSubstr("There is no heap '0'"));
  EXPECT_THAT(r.out, HasSubstr("'1' alone is not a move"));
  EXPECT_THAT(r.out, HasSubstr("Heap 1: 'x' is not a heap size of nim"));
  EXPECT_THAT(r.out, HasSubstr("Heap 1: '-1' is not a heap size of nim"));
  EXPECT_THAT(r.out, HasSubstr("a move here leaves exactly one heap in place of the heap it is made in, not 2"));
  EXPECT_THAT(r.out, HasSubstr("'hnt' is not a command or a move"));
  EXPECT_THAT(r.out, HasSubstr("Heap 1: '99999999999999999999' is not a heap size of nim"));
  EXPECT_THAT(r.out, HasSubstr("That line is longer than 1024 characters"));
  // Both `values` displays show the starting position.
  const std::string shown = "  heap 1  3  ooo    value 3\n  heap 2  4  oooo   value 4\n  heap 3  5  ooooo  value 5\n";
  const std::size_t first = r.out.find(shown);
  ASSERT_NE(first, std::string::npos) << r.out;
  EXPECT_NE(r.out.find(shown, first + 1), std::string::npos) << r.out;
  EXPECT_THAT(r.out, EndsWith("your move> quit\nYou left the game after 0 moves.\n"));
}

TEST(Play, IllegalMovesInOtherGamesAreExplained) {
  auto r = test::run_process(GRUNDY_EXE, {"play", "subtraction:1,3,4", "10", "--seed", "1"}, "8\n");
  EXPECT_THAT(r.out, HasSubstr("Heap 1 cannot go from 10 to 8, because taking 2 is not a move: a move takes 1, 3 or 4 "
                               "tokens.\nLegal moves of heap 1: 6, 7, 9.\n"));
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "1000", "--seed", "1"}, "1 2000\n");
  EXPECT_THAT(r.out, HasSubstr("Legal moves of heap 1: any size from 0 to 999 (1000 moves).\n"));
  r = test::run_process(GRUNDY_EXE, {"play", "coprime", "1000000000000000000", "--seed", "1"}, "1 2\n");
  EXPECT_THAT(r.out, HasSubstr("gcd(1000000000000000000, 999999999999999998) = 2"));
  EXPECT_THAT(r.out, HasSubstr("Legal moves of heap 1: 1, 3, 7, 9, 11, 13, 17, 19, 21, 23, ... "
                               "(400000000000000000 moves in all).\n"));
  r = test::run_process(GRUNDY_EXE, {"play", "division:2-6", "20", "+", "nim", "0", "--seed", "1"}, "1 0\n2 0\n");
  EXPECT_THAT(r.out,
              HasSubstr("Heap 1 (division:2-6) cannot go from 20 to 0, because 0 is not floor(20 / d) for d = 2, "
                        "3, 4, 5 or 6.\nLegal moves of heap 1 (division:2-6): 3, 4, 5, 6, 10.\n"));
  EXPECT_THAT(r.out, HasSubstr("Heap 2 (nim) is at 0 and has no moves left; choose another heap."));
  r = test::run_process(GRUNDY_EXE, {"play", play_graph(), "s6", "s3", "--seed", "1"}, "1 s3\n2 s9\n2 nowhere\n");
  EXPECT_THAT(r.out, HasSubstr("Token 2 cannot go from 's3' to 's9', because there is no edge from 's3' to 's9'.\n"
                               "Legal moves of token 2: 's1', 's2'.\n"));  // in the order the file names the vertices
  EXPECT_THAT(r.out, HasSubstr("Token 1 cannot go from 's6' to 's3', because there is no edge from 's6' to 's3'.\n"));
  EXPECT_THAT(r.out, HasSubstr("Token 2: no vertex named 'nowhere' in graph"));
  EXPECT_THAT(r.out, Not(HasSubstr("The engine moves")));
  r = test::run_process(GRUNDY_EXE, {"play", "xy:5,7", "16", "+", "nim", "2", "--seed", "1"}, "1 15\n1 14\n");
  EXPECT_THAT(r.out, HasSubstr("Heap 1 (xy:5,7) is at 16 and has no moves left"));
}

TEST(Play, UndoTakesBackAMoveAndItsReply) {
  const auto r =
      test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "5", "--seed", "1"}, "undo\n1 1\nundo\nvalues\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("Nothing to undo: you have not moved yet."));
  EXPECT_THAT(r.out, HasSubstr("Took back your heap 1: 3 -> 1 and the engine's heap "));
  EXPECT_THAT(r.out,
              HasSubstr("  heap 1  3  ooo    value 3\n  heap 2  4  oooo   value 4\n  heap 3  5  ooooo  value 5\n"));
  EXPECT_THAT(r.out, EndsWith("You left the game after 0 moves.\n"));
}

TEST(Play, EndOfInputStopsWithoutMorePrompts) {
  const auto r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "5", "--seed", "1"}, "1 1\r\n");
  EXPECT_EQ(r.exit_code, 0);
  std::size_t prompts = 0;
  for (std::size_t at = r.out.find(kPrompt); at != std::string::npos; at = r.out.find(kPrompt, at + 1)) ++prompts;
  EXPECT_EQ(prompts, 2u);
  EXPECT_THAT(r.out, EndsWith("your move> \nEnd of input: the game stops unfinished after 2 moves.\n"));
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos);  // no colours through a pipe
}

TEST(Play, SeedsReplayGamesAndVaryThem) {
  const std::vector<std::string> args = {"play", "nim", "7", "11", "13", "14", "--first", "engine", "--seed"};
  std::set<std::string> first_moves;
  for (int seed = 1; seed <= 12; ++seed) {
    auto with_seed = args;
    with_seed.push_back(std::to_string(seed));
    const auto a = test::run_process(GRUNDY_EXE, with_seed, "quit\n");
    const auto b = test::run_process(GRUNDY_EXE, with_seed, "quit\n");
    EXPECT_EQ(a.out, b.out);
    first_moves.insert(a.out.substr(a.out.find("The engine moves"), 40));
  }
  EXPECT_EQ(first_moves.size(), 3u);  // heaps 11, 13 and 14 each have the winning move
}

TEST(Play, GamesWithoutMovesEndAtOnce) {
  auto r = test::run_process(GRUNDY_EXE, {"play", "nim", "0", "0"}, "");
  EXPECT_THAT(r.out, EndsWith("You have no move left: the engine wins after 0 moves.\n"));
  EXPECT_THAT(r.out, Not(HasSubstr(kPrompt)));
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "0", "--first", "engine"}, "");
  EXPECT_THAT(r.out, EndsWith("The engine has no move left: you win after 0 moves!\n"));
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "1", "--seed", "4"}, "1 0\n");
  EXPECT_THAT(r.out, EndsWith("The engine has no move left: you win after 1 move!\n"));
}

TEST(Play, HelpAndHintsExplain) {
  auto r = test::run_process(GRUNDY_EXE, {"play", "nim", "1", "2", "3", "--seed", "1"}, "help\nhint\n");
  EXPECT_THAT(r.out, HasSubstr("Commands:\n  hint"));
  EXPECT_THAT(r.out, HasSubstr("Rule: a move takes any number of tokens from one heap, at least one; whoever cannot "
                               "move loses."));
  EXPECT_THAT(r.out, HasSubstr("No winning move: the nim-sum is 1 xor 2 xor 3 = 0, and every move leaves a nonzero "
                               "nim-sum. Suggestion: heap "));
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "5", "--seed", "1"}, "hint\n");
  EXPECT_THAT(r.out, HasSubstr("Hint: heap 1: 3 -> 1. The nim-sum is 3 xor 4 xor 5 = 2; this move turns value 3 into "
                               "3 xor 2 = 1 and leaves nim-sum 0.\n"));
}

TEST(Play, BadArgumentsAreUsageErrors) {
  auto r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "--first", "you"}, "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--first"));
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "--seed", "-1"}, "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--seed '-1'"));
  r = test::run_process(GRUNDY_EXE, {"play", "nim"}, "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("followed by no position"));
  r = test::run_process(GRUNDY_EXE, {"play", "--help"}, "");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("a command: hint, values, moves (numbered: '#2' plays the second), undo,"));
}

TEST(Play, MovesAreNumberedAndPlayedByNumber) {
  auto r = test::run_process(GRUNDY_EXE, {"play", "nim", "2", "1", "--seed", "1"}, "moves\n#4\n#x\n#3\nquit\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("your move> moves\n"
                               "Your legal moves (type '#' and the number to play one, such as '#1'):\n"
                               "  #1  heap 1: 2 -> 0\n"
                               "  #2  heap 1: 2 -> 1\n"
                               "  #3  heap 2: 1 -> 0\n"));
  EXPECT_THAT(r.out, HasSubstr("'#4' is not the number of a move: 'moves' numbers them from #1 to #3."));
  EXPECT_THAT(r.out, HasSubstr("'#x' is not the number of a move"));
  EXPECT_THAT(r.out, HasSubstr("You move heap 2: 1 -> 0."));
  // A long list is cut, and says so.
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "30", "30"}, "moves\n#40\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("  #40  heap 2: 30 -> 9\n"));
  EXPECT_THAT(r.out, HasSubstr("(and more: the first 40 are listed; a move past them is typed as a position)"));
  EXPECT_THAT(r.out, HasSubstr("You move heap 2: 30 -> 9."));
}

TEST(Play, ArrowsControlBytesAndCommandNames) {
  auto r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "5", "--seed", "1"}, "2-> 1\n");
  EXPECT_THAT(r.out, HasSubstr("You move heap 2: 4 -> 1.\n"));
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "5", "--seed", "1"}, "3 ->0\n");
  EXPECT_THAT(r.out, HasSubstr("You move heap 3: 5 -> 0.\n"));
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "--seed", "1"}, "2->\n");
  EXPECT_THAT(r.out, HasSubstr("'2->' is not a command or a move"));
  // An escape sequence typed (or piped) in is printed harmlessly.
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "--seed", "1"}, "\x1b[31mred\n1 \x1b[2J\n");
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
  EXPECT_THAT(r.out, HasSubstr("'?[31mred' is not a command or a move"));
  EXPECT_THAT(r.out, HasSubstr("Heap 1: '\\x1b[2J' is not a heap size"));
  // So is a C1 control character (U+009B: CSI in one character).
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "--seed", "1"},
                        "\xc2\x9b"
                        "31mred\n1 \xc2\x9b"
                        "2J\n");
  EXPECT_EQ(r.out.find("\xc2\x9b"), std::string::npos) << r.out;
  EXPECT_THAT(r.out, HasSubstr("'?31mred' is not a command or a move"));
  EXPECT_THAT(r.out, HasSubstr("Heap 1: '\\xc2\\x9b2J' is not a heap size"));
  // A vertex named like a command: the command runs, with a note on how to move there.
  const std::string dir = ::testing::TempDir();
  const std::string file = dir + "/grundy_play_commands.txt";
  std::ofstream(file) << "start hint\nstart undo\nhint end\n";
  r = test::run_process(GRUNDY_EXE, {"play", "graph:" + file, "start", "--seed", "1"}, "hint\n1 hint\n");
  EXPECT_THAT(
      r.out,
      HasSubstr("('hint' is read as a command; to move to 'hint', type '1 hint'.)\nHint: token 1: 'start' -> 'undo'."));
  EXPECT_THAT(r.out, HasSubstr("You move token 1: 'start' -> 'hint'.\n"));
  std::remove(file.c_str());
}

TEST(Play, TheLastPositionIsShownAndUnseededGamesAreTheSameEveryRun) {
  auto r = test::run_process(GRUNDY_EXE, {"play", "nim", "1"}, "1 0\n");
  EXPECT_THAT(r.out, HasSubstr("  heap 1  0  (no moves)\n\nThe engine has no move left: you win after 1 move!\n"));
  EXPECT_THAT(r.out, Not(HasSubstr("seed")));
  // Without --seed, the engine's moves and the hints are the same on every
  // run (they were drawn from a fresh seed each time); --seed N replays its own.
  for (const std::vector<std::string>& seed : {std::vector<std::string>{}, std::vector<std::string>{"--seed", "7"}}) {
    std::vector<std::string> args{"play", "kayles", "9", "13", "20", "--first", "engine"};
    args.insert(args.end(), seed.begin(), seed.end());
    const std::string input = "hint\nhint\nundo\nhint\n";
    r = test::run_process(GRUNDY_EXE, args, input);
    for (int run = 0; run < 3; ++run) EXPECT_EQ(test::run_process(GRUNDY_EXE, args, input).out, r.out);
  }
}

// A reader that goes away ends the session even when SIGPIPE is ignored
// (write errors are checked), instead of playing on forever.
TEST(Play, ClosedOutputEndsTheSession) {
  const auto r = test::run_process(
      "/bin/bash", {"-c", std::string("trap '' PIPE; yes hint | timeout 60 '") + GRUNDY_EXE +
                              "' play nim 3 4 5 --seed 1 | head -c 100 >/dev/null; echo \"${PIPESTATUS[1]}\""});
  EXPECT_EQ(r.out, "1\n");
  EXPECT_THAT(r.err, HasSubstr("could not write the output"));
  // With SIGPIPE as most shells leave it, the session ends by it (141).
  const auto quiet = test::run_process(
      "/usr/bin/env", {"--default-signal=PIPE", "bash", "-c",
                       std::string("yes hint | timeout 60 '") + GRUNDY_EXE +
                           "' play nim 3 4 5 --seed 1 | head -c 100 >/dev/null; echo \"${PIPESTATUS[1]}\""});
  EXPECT_EQ(quiet.out, "141\n");
}

// The README's transcript is the output of the command it shows.
TEST(Play, ReadmeTranscriptIsReal) {
  std::ifstream file(std::string(GRUNDY_EXAMPLES_DIR) + "/../README.md");
  ASSERT_TRUE(file) << "README.md not found";
  const std::string readme((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::string command = "$ printf 'values\\nhint\\n1 1\\n3 3\\n3 0\\n1 0\\n' | grundy play nim 3 4 5 --seed 7\n";
  const std::size_t at = readme.find(command);
  ASSERT_NE(at, std::string::npos);
  const std::size_t start = at + command.size();
  const std::string shown = readme.substr(start, readme.find("```", start) - start);
  const auto r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "5", "--seed", "7"},
                                   "values\nhint\n1 1\n3 3\n3 0\n1 0\n");
  EXPECT_EQ(r.out, shown);
  EXPECT_THAT(shown, HasSubstr("you win after 7 moves!"));
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// What a take-and-break move is typed as, and what is refused.
TEST(Play, SplitsAreTypedAsTheHeapsLeft) {
  const std::string script =
      "1 +\n"            // nothing after the number
      "2 nothing + 3\n"  // 'nothing' with heaps
      "2 4 + 4 + 1\n"    // three heaps: not in Kayles
      "3 5\n"            // no heap 3
      "2 3 + 5\n"        // a split
      "undo\n"
      "quit\n";
  const auto r = test::run_process(GRUNDY_EXE, {"play", "kayles", "5", "9", "--seed", "3"}, script);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Heap 1: expected what the move leaves after the number"));
  EXPECT_THAT(r.out, HasSubstr("Heap 2: 'nothing' stands alone"));
  EXPECT_THAT(r.out, HasSubstr("does not let a move take 0 tokens and leave 3 non-empty heaps"));
  EXPECT_THAT(r.out, HasSubstr("There is no heap '3': they are numbered 1 to 2"));
  EXPECT_THAT(r.out,
              HasSubstr("You move heap 2: 9 -> 3 + 5.\n\n  heap 1  5  ooooo\n  heap 2  3  ooo\n  heap 3  5  ooooo\n"));
  EXPECT_THAT(r.out, HasSubstr("Took back your heap 2: 9 -> 3 + 5 and the engine's"));
  // One heap: its number may be left out.
  const auto one = test::run_process(GRUNDY_EXE, {"play", "kayles", "9", "--seed", "1"}, "3 + 5\nquit\n");
  EXPECT_THAT(one.out, HasSubstr("You move heap 1: 9 -> 3 + 5."));
}

TEST(Play, AHeapTakenWholeLeavesNothing) {
  const auto r = test::run_process(GRUNDY_EXE, {"play", "kayles", "2", "--first", "engine", "--seed", "1"}, "");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("The engine moves heap 1: 2 -> nothing."));
  EXPECT_THAT(r.out, HasSubstr("  (no heaps left)\n"));
  EXPECT_THAT(r.out, HasSubstr("You have no move left: the engine wins after 1 move."));
}

// ---------------------------------------------------------------- draws

// Whole games on a graph with cycles, the person moving at random: the
// engine wins whenever it faces a win, and from a draw it keeps the draw
// (after its move the person never has a win). Games end at the end of a
// play, by repetition, or after 40 moves of the person.
TEST(Play, TheEngineWinsWhenItCanAndOtherwiseHoldsTheDraw) {
  const std::vector<std::vector<std::string>> sums = {{loopy_graph(), "hall"},
                                                      {loopy_graph(), "study", "+", "nim", "2"},
                                                      {loopy_graph(), "study", "+", "nim", "1"},
                                                      {loopy_graph(), "garden", "porch"},
                                                      {loopy_graph(), "hall", "porch", "+", "nim", "3"}};
  int engine_turns = 0;
  int draws_held = 0;
  for (const auto& args : sums) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      for (const char* first : {"me", "engine"}) {
        Model model(args);
        test::InteractiveProcess game(GRUNDY_EXE, with(args, {"--first", first, "--seed", std::to_string(seed)}));
        std::mt19937_64 rng(seed);
        std::string transcript;
        // The engine is to move when the text arrives; what it faces:
        Winner facing = std::string_view(first) == "engine" ? model.winner() : Winner::second;
        bool engine_to_move = std::string_view(first) == "engine";
        bool prompted = false;
        for (int turn = 0;; ++turn) {
          const std::string text = game.read_until(kPrompt);
          prompted = text.ends_with(kPrompt);
          transcript += text;
          if (engine_to_move && text.find("The engine moves ") != std::string::npos) {
            model.apply_engine_moves(text);
            ++engine_turns;
            // After the engine's move the person must not have a win.
            const Winner now = model.winner();
            if (facing == Winner::first) {
              EXPECT_EQ(now, Winner::second) << transcript;
            }
            if (facing == Winner::draw) {
              EXPECT_EQ(now, Winner::draw) << transcript;
              ++draws_held;
            }
          }
          if (!text.ends_with(kPrompt) || turn == 40) break;
          const std::string move = model.random_move(rng);
          transcript += move + "\n";
          facing = model.winner();
          engine_to_move = true;
          game.send_line(move);
        }
        if (prompted) game.send_line("quit");
        const test::ProcessResult end = game.finish();
        EXPECT_EQ(end.exit_code, 0) << transcript;
        EXPECT_EQ(end.err, "");
      }
    }
  }
  EXPECT_GT(engine_turns, 100) << draws_held;
  EXPECT_GT(draws_held, 50) << engine_turns;
}

// Issue 50, item 9: "You move board 1: ... -> ##.." ran the board into the
// sentence's full stop. A position in a sentence is quoted unless it is a
// heap size, and a board that is its whole empty rectangle is titled by its size.
TEST(Play, PositionsAreSetApartFromTheSentenceAroundThem) {
  auto r = test::run_process(GRUNDY_EXE, {"play", "cram", "1x3"}, "1 ##.\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("Playing cram 1x3 against the engine"));
  EXPECT_THAT(r.out, HasSubstr("board 1 becomes '"));
  EXPECT_THAT(r.out, HasSubstr("You move board 1: '...' -> '##.'.\n"));
  EXPECT_THAT(r.out, HasSubstr("  board 1  ##.  (no moves)\n"));  // the table sets positions apart by its columns
  r = test::run_process(GRUNDY_EXE, {"play", "cram", "2x4", "--seed", "1"}, "hint\n1 ##..\n1 ##../....\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("Playing cram 2x4 against the engine"));
  EXPECT_THAT(r.out, HasSubstr("Suggestion: board 1: '..../....' -> '"));
  EXPECT_THAT(r.out, HasSubstr("Board 1 cannot go from '..../....' to '##..', because a move keeps the board's shape"));
  EXPECT_THAT(r.out, HasSubstr("Legal moves of board 1: '.#../.#..', '..#./..#.', "));
  EXPECT_THAT(r.out, HasSubstr("You move board 1: '..../....' -> '##../....'.\n"));
  EXPECT_THAT(r.out, HasSubstr("The engine moves board 1: '##../....' -> '"));
  // A position copied from a sentence, quotes and all, reads as the position.
  r = test::run_process(GRUNDY_EXE, {"play", "cram", "1x3"}, "1 '##.'\n");
  EXPECT_THAT(r.out, HasSubstr("You move board 1: '...' -> '##.'.\n"));
  // A board with a blocked cell keeps its rows in the title.
  r = test::run_process(GRUNDY_EXE, {"play", "cram", "#../..."}, "quit\n");
  EXPECT_THAT(r.out, HasSubstr("Playing cram #../... against the engine"));
  // Node Kayles: sets of vertices, whose commas would run into a list's.
  r = test::run_process(GRUNDY_EXE,
                        {"play", "node-kayles:" GRUNDY_EXAMPLES_DIR "/data/petersen.txt", "all", "--seed", "1"},
                        "hint\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("Hint: graph 1: 'all' -> 'o"));
  EXPECT_THAT(r.out, HasSubstr("graph 1 becomes '"));
  // Heap sizes stay bare.
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "5", "--seed", "1"}, "1 1\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("You move heap 1: 3 -> 1.\n"));
}

TEST(Play, TheEngineWinsRoundACycleByAnsweringWithTheEarliestLabelled) {
  // b <-> c, c -> t: from b the person loses. Moving to c, the person hopes
  // for c -> b again and again (a draw by repetition); the engine answers
  // c -> t, which ends the play.
  const std::string file = testing::TempDir() + "grundy-play-cycle.txt";
  std::ofstream(file) << "b c\nc b\nc t\n";
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const auto r =
        test::run_process(GRUNDY_EXE, {"play", "graph:" + file, "b", "--seed", std::to_string(seed)}, "c\nc\nc\n");
    EXPECT_THAT(r.out, HasSubstr("The engine moves token 1: 'c' -> 't'.")) << seed;
    EXPECT_THAT(r.out, EndsWith("You have no move left: the engine wins after 2 moves.\n")) << seed;
  }
  std::remove(file.c_str());
}

TEST(Play, ADrawOfferIsTakenWhenTheEngineCannotWin) {
  auto r = test::run_process(GRUNDY_EXE, {"play", loopy_graph(), "hall", "--seed", "1"}, "draw\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out,
              HasSubstr("Play can go on forever here: the same position 3 times is a draw, and 'draw' offers one."));
  EXPECT_THAT(r.out, EndsWith("The engine accepts the draw (neither side can force a win from here): the game ends "
                              "drawn after 0 moves.\n"));
  r = test::run_process(GRUNDY_EXE, {"play", loopy_graph(), "study", "+", "nim", "1", "--seed", "1"}, "draw\n");
  EXPECT_THAT(r.out, HasSubstr("The engine accepts the draw (you could have forced a win from here)"));
  r = test::run_process(GRUNDY_EXE, {"play", "nim", "1", "1", "--seed", "1"}, "draw\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("The engine declines the draw: it can force a win from here.\n"));
  EXPECT_THAT(r.out, Not(HasSubstr("Play can go on forever")));  // a game whose plays all end
}

TEST(Play, AThirdRepetitionOfAPositionEndsTheGameDrawn) {
  // Only passes are possible at pond: the position repeats after every two moves.
  auto r = test::run_process(GRUNDY_EXE, {"play", loopy_graph(), "pond", "--seed", "1"}, "pond\npond\npond\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, EndsWith("This position, with the same player to move, has now occurred 3 times: the game is a "
                              "draw after 4 moves.\n"));
  // Undo takes repetitions back: after undo the position has occurred twice, and one more pair of moves ends it.
  r = test::run_process(GRUNDY_EXE, {"play", loopy_graph(), "pond", "--seed", "1"}, "pond\nundo\npond\npond\npond\n");
  EXPECT_THAT(r.out, EndsWith("has now occurred 3 times: the game is a draw after 4 moves.\n"));
}

TEST(Play, HintsAndValuesExplainDraws) {
  // In an ASCII locale values are written inf{...}; in a UTF-8 one ∞{...},
  // piped or not, as `grundy value` writes them (piped play wrote inf{}).
  const auto r = test::run_process(
      "/usr/bin/env", {"LC_ALL=C", GRUNDY_EXE, "play", loopy_graph(), "study", "+", "nim", "2", "--seed", "1"},
      "hint\nvalues\nquit\n");
  EXPECT_THAT(r.out, HasSubstr("No winning move: token 1 (" + loopy_graph() +
                               ") has value inf{1} and the others nim-sum 2, which is not in {1}: a draw against "
                               "perfect play. Suggestion: "));
  for (const char* locale : {"LC_ALL=C.UTF-8", "LC_ALL=C"}) {
    const std::string play =
        test::run_process("/usr/bin/env", {locale, GRUNDY_EXE, "play", loopy_graph(), "study", "--seed", "1"},
                          "values\nquit\n")
            .out;
    const std::string value =
        test::run_process("/usr/bin/env", {locale, GRUNDY_EXE, "value", loopy_graph(), "study"}).out;
    ASSERT_FALSE(value.empty());
    EXPECT_THAT(play, HasSubstr("value " + value.substr(0, value.size() - 1) + "\n")) << locale;
  }
  EXPECT_THAT(r.out, HasSubstr("which keeps the draw; a move that does not may let the engine win. Or type 'draw' to "
                               "offer a draw."));
  EXPECT_THAT(r.out, HasSubstr("study      value inf{1}\n"));
  const auto win = test::run_process(GRUNDY_EXE, {"play", loopy_graph(), "study", "+", "nim", "1", "--seed", "1"},
                                     "hint\nhelp\nquit\n");
  EXPECT_THAT(win.out, HasSubstr("Hint: token 1 (" + loopy_graph() + "): 'study' -> 'porch'."));
  EXPECT_THAT(win.out, HasSubstr("this move leaves value 1 there, and nim-sum 0."));
  EXPECT_THAT(win.out, HasSubstr("  draw    offer a draw, which the engine accepts when it cannot force a win"));
}

}  // namespace
}  // namespace grundy
