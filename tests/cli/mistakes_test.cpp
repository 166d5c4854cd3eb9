// What a person sees after a typing mistake or a request for help: which
// word was wrong, the closest right one, and help that lists every game.

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/spec.hpp"

#include "support/run_process.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

test::ProcessResult grundy_run(const std::vector<std::string>& args) { return test::run_process(GRUNDY_EXE, args); }

// An input error: status 2, nothing on stdout, one line on stderr.
std::string error_of(const std::vector<std::string>& args) {
  const auto r = grundy_run(args);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, StartsWith("grundy: error: "));
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  return r.err;
}

TEST(Mistakes, UnknownCommandIsNamedWithTheClosestOne) {
  EXPECT_THAT(error_of({"hlep"}), HasSubstr("unknown command 'hlep': did you mean 'help'?"));
  EXPECT_THAT(error_of({"values", "nim", "3"}), HasSubstr("unknown command 'values': did you mean 'value'?"));
  EXPECT_THAT(error_of({"Moves", "nim", "3"}), HasSubstr("did you mean 'moves'?"));
  const std::string far = error_of({"solve", "nim", "3"});
  EXPECT_THAT(far, HasSubstr("unknown command 'solve': expected one of value, winner, moves, table, pattern"));
  EXPECT_THAT(far, Not(HasSubstr("did you mean")));
  EXPECT_THAT(error_of({}), HasSubstr("expected a command: value, winner, moves"));
  EXPECT_THAT(error_of({"help", "mvoes"}), HasSubstr("unknown command or game 'mvoes': did you mean 'moves'?"));
  // Within help, 'help' is no suggestion (issue 74), and a game is described.
  const std::string hlep = error_of({"help", "hlep"});
  EXPECT_THAT(hlep, HasSubstr("unknown command or game 'hlep': expected a command (value, winner,"));
  EXPECT_THAT(hlep, Not(HasSubstr("did you mean 'help'")));
  EXPECT_THAT(error_of({"help", "cramp"}), HasSubstr("did you mean 'cram'?"));
  const auto cram = grundy_run({"help", "cram"});
  EXPECT_EQ(cram.exit_code, 0);
  EXPECT_THAT(cram.out, StartsWith("cram             Cram: place a domino"));
  EXPECT_THAT(cram.out, HasSubstr("example: grundy value cram 4x5 2x3"));
}

TEST(Mistakes, HelpCommandPrintsTheSameAsHelpOption) {
  auto r = grundy_run({"help"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Usage: grundy [OPTIONS] COMMAND"));
  EXPECT_THAT(r.out, HasSubstr("Commands:"));
  EXPECT_EQ(r.out, grundy_run({"--help"}).out);
  for (const char* command : {"value", "winner", "moves", "table", "pattern", "contest", "play", "games"}) {
    r = grundy_run({"help", command});
    EXPECT_EQ(r.exit_code, 0) << command << ": " << r.err;
    EXPECT_THAT(r.out, HasSubstr(std::string("Usage: grundy ") + command + " ")) << command;
    EXPECT_EQ(r.out, grundy_run({command, "--help"}).out) << command;
    EXPECT_THAT(r.out, HasSubstr("Examples:\n")) << command;
  }
}

TEST(Mistakes, UnknownGameSuggestsTheClosestSpec) {
  EXPECT_THAT(error_of({"value", "subtracton:1,2", "3"}),
              HasSubstr("argument 1: unknown game 'subtracton:1,2': did you mean 'subtraction:1,2'?"));
  EXPECT_THAT(error_of({"value", "Nim", "3"}), HasSubstr("unknown game 'Nim': did you mean 'nim'?"));
  EXPECT_THAT(error_of({"value", "nim", "3", "+", "divison:2-6", "4"}),
              HasSubstr("argument 4: unknown game 'divison:2-6': did you mean 'division:2-6'?"));
  // Nothing close: the list of games, with no made-up suggestion.
  EXPECT_THAT(error_of({"value", "chess", "3"}), HasSubstr("unknown game 'chess': expected one of nim, subtraction:S"));
  EXPECT_THAT(error_of({"value", "kayle", "3"}), HasSubstr("did you mean 'kayles'?"));
  EXPECT_THAT(error_of({"value", "octl:0.77", "3"}), HasSubstr("did you mean 'octal:0.77'?"));
  EXPECT_THAT(error_of({"table", "coprme"}), HasSubstr("did you mean 'coprime'?"));
}

TEST(Mistakes, SetErrorsQuoteOnceAndGiveValidExamples) {
  const std::string braces = error_of({"value", "subtraction:{}", "3"});
  EXPECT_THAT(braces, HasSubstr("the subtraction set of game 'subtraction:{}', at character 13: '{}' is not a number"));
  EXPECT_EQ(braces.find("'{}'"), braces.rfind("'{}'")) << braces;  // the set itself is quoted once
  // A divisor set holds numbers >= 2: so does its example.
  EXPECT_THAT(error_of({"value", "division:", "3"}), HasSubstr("expected a list such as 2,4,5 or a range such as 2-4"));
  EXPECT_THAT(error_of({"value", "subtraction:", "3"}),
              HasSubstr("expected a list such as 1,3,4 or a range such as 1-3"));
}

TEST(Mistakes, CommandLineParserMessagesArePrintableAndOneLine) {
  // CLI11 quotes the words itself: control characters, C1 ones and newlines
  // are shown as \xNN like every other echo of input.
  const std::string escaped = error_of({"value", "nim", "3",
                                        "--x\x1b[31m\xc2\x9b"
                                        "5m"});
  EXPECT_THAT(escaped, HasSubstr("--x\\x1b[31m\\xc2\\x9b5m"));
  EXPECT_EQ(escaped.find('\x1b'), std::string::npos);
  EXPECT_THAT(error_of({"value", "nim", "3", "--x\nsecond line"}), HasSubstr("--x\\x0asecond line"));
  EXPECT_THAT(error_of({"play", "nim", "3", "--first", "\x1b[2J"}), HasSubstr("\\x1b[2J not in {me,engine}"));
  // A position that looks like an option: how to write it.
  EXPECT_THAT(error_of({"value", "nim", "3", "-x"}),
              HasSubstr("(a position that starts with '-' is written after '--')"));
}

TEST(Mistakes, DoubleDashAndDoublePlusOutsideASum) {
  EXPECT_THAT(error_of({"table", "--", "nim"}), HasSubstr("'--' is for the words of a sum"));
  EXPECT_THAT(error_of({"help", "--", "moves"}), HasSubstr("'--' is for the words of a sum"));
  EXPECT_THAT(error_of({"pattern", "++"}), Not(HasSubstr("word of a sum")));
}

TEST(Mistakes, DoublePlusIsNamedByItsPlace) {
  EXPECT_THAT(error_of({"value", "nim", "3", "++", "nim", "2"}),
              HasSubstr("argument 3: '++' is not a word of a sum; '+' alone starts components in another game"));
  EXPECT_THAT(error_of({"moves", "--limit", "3", "nim", "3", "4", "++", "nim", "2"}), HasSubstr("argument 4: '++'"));
}

TEST(Mistakes, OptionErrorsAreOneLineNamingTheCommandHelp) {
  EXPECT_THAT(error_of({"play", "--first", "x", "nim", "3"}),
              HasSubstr("--first: x not in {me,engine}; see 'grundy help play'"));
  EXPECT_THAT(error_of({"value", "--lim", "3", "nim", "3"}), HasSubstr("see 'grundy help value'"));
}

TEST(Mistakes, MistypedOptionsAndPlayCommandsSuggestTheClosest) {
  EXPECT_THAT(error_of({"value", "nim", "3", "--jsn"}), HasSubstr("--jsn (did you mean '--json'?)"));
  EXPECT_THAT(error_of({"winner", "--misère", "nim", "3"}), HasSubstr("--misère (did you mean '--misere'?)"));
  EXPECT_THAT(error_of({"moves", "nim", "3", "--limt", "2"}), HasSubstr("(did you mean '--limit'?)"));
  // Nothing close: the note on positions that start with '-'.
  EXPECT_THAT(error_of({"value", "nim", "3", "--zzzzz"}), HasSubstr("is written after '--'"));
  EXPECT_THAT(error_of({"winner", "kayles", "5,9,12"}), HasSubstr("(positions are separate words: kayles 5 9 12)"));
  // Chomp writes its bars with commas: a bad bar is no misspelt sum.
  EXPECT_THAT(error_of({"value", "chomp", "4,5"}), Not(HasSubstr("separate words")));
  EXPECT_THAT(error_of({"value", "chomp", "4,5"}),
              HasSubstr("row 2 has 5 squares, more than the 4 of the row below it"));
  EXPECT_THAT(error_of({"winner", "kayles", "5,x"}), Not(HasSubstr("separate words")));
  const auto play = test::run_process(GRUNDY_EXE, {"play", "nim", "3", "4", "--seed", "1"}, "hnit\nquit\n");
  EXPECT_THAT(play.out, HasSubstr("'hnit' is not a command or a move (did you mean 'hint'?)"));
}

TEST(Mistakes, ContestProblemSuggestsTheClosest) {
  EXPECT_THAT(error_of({"contest", "fdivgam", "--input", "/nonexistent"}),
              HasSubstr("unknown contest problem 'fdivgam': did you mean 'fdivgame'?"));
  EXPECT_THAT(error_of({"contest", "chess"}), HasSubstr("expected one of fdivgame, not-a-nim, xy-game"));
}

// Every example `grundy games` shows runs as shown (it said "example: kayles",
// which is no command: a game with no position).
TEST(Help, EveryExampleOfTheGamesListRunsAsShown) {
  const auto r = grundy_run({"games"});
  ASSERT_EQ(r.exit_code, 0);
  std::istringstream lines(r.out);
  int examples = 0;
  for (std::string line; std::getline(lines, line);) {
    const std::size_t at = line.find("example: ");
    if (at == std::string::npos) continue;
    std::istringstream words(line.substr(at + 9));
    std::vector<std::string> args;
    for (std::string w; words >> w;) {
      // Files named by the examples are in the source tree's examples/.
      if (const std::size_t e = w.find(":examples/"); e != std::string::npos)
        w = w.substr(0, e + 1) + GRUNDY_EXAMPLES_DIR + w.substr(e + 9);
      args.push_back(w);
    }
    ASSERT_GE(args.size(), 4u) << line;  // grundy value GAME POS...
    EXPECT_EQ(args[0], "grundy");
    const auto run = grundy_run(std::vector<std::string>(args.begin() + 1, args.end()));
    EXPECT_EQ(run.exit_code, 0) << line << ": " << run.err;
    ++examples;
  }
  EXPECT_EQ(examples, static_cast<int>(game_families().size()));
}

// The name typed is the name shown, with the code beside it where it helps.
TEST(Mistakes, TheGameIsNamedAsTyped) {
  EXPECT_THAT(error_of({"value", "kayles", "x"}), HasSubstr("'x' is not a heap size of kayles (octal:0.77)"));
  EXPECT_THAT(error_of({"table", "cram"}), HasSubstr("game 'cram' is not played on heap sizes"));
  // Its positions as the family writes them (issue 74: a board is not a vertex).
  EXPECT_THAT(error_of({"table", "cram", "--to", "5"}), HasSubstr("use 'grundy value cram 4x5 2x3' for its positions"));
  EXPECT_THAT(error_of({"table", "chomp"}), HasSubstr("use 'grundy value chomp 4x5 3,2' for its positions"));
  const auto play = test::run_process(GRUNDY_EXE, {"play", "kayles", "5", "9", "--seed", "1"}, "quit\n");
  EXPECT_THAT(play.out, HasSubstr("Playing kayles 5 9 against the engine"));
  EXPECT_THAT(play.out, HasSubstr("(kayles is octal:0.77.)"));
  const auto mixed = grundy_run({"moves", "kayles", "5", "+", "nim", "2"});
  EXPECT_THAT(mixed.out, HasSubstr("heap 1 (kayles): 5 -> 1 + 3"));
  // A reason shared by every heap of one sum is said once.
  const auto misere = grundy_run({"value", "--misere", "kayles", "5", "9", "12"});
  EXPECT_EQ(misere.exit_code, 0);
  EXPECT_THAT(misere.out, HasSubstr("no single misère value: kayles (octal:0.77) is wild (its misère quotient, proven "
                                    "for the whole game, has 40 elements"));
  // A value grundy does not compute is refused, on stderr with status 2
  // (issue 74: chomp's went to stdout with status 0).
  const auto chomp = grundy_run({"value", "chomp", "3x3", "--misere"});
  EXPECT_EQ(chomp.exit_code, 2);
  EXPECT_EQ(chomp.out, "");
  EXPECT_THAT(chomp.err, HasSubstr("no misère value: genera are computed for heap games"));
  EXPECT_THAT(chomp.err, HasSubstr("'grundy winner ... --misere' says who wins"));
  EXPECT_THAT(error_of({"value", "--misere", "nim", "2", "+", "chomp", "2x2"}),
              HasSubstr("position 2: no misère value"));
  EXPECT_THAT(misere.out, HasSubstr("heap 5: element c of the quotient\n"
                                    "no single misère value (position 2: as above); heap 9: element d of the quotient\n"
                                    "no single misère value (position 3: as above); heap 12: element e of the "
                                    "quotient\n"));
  EXPECT_EQ(std::count(misere.out.begin(), misere.out.end(), '\n'), 3);
}

// A misère value of a heap past what the whole game's quotient reached within its time limit is
// refused with how far it reached and the command that goes further, not waited for (issue 76:
// octal:4.7's heap 40 took minutes through a bounded quotient without a time limit).
TEST(Mistakes, AMisereValueBeyondTheWholeSearchsReachNamesQuotient) {
  const auto r = grundy_run({"value", "--misere", "octal:4.7", "40"});
  EXPECT_EQ(r.exit_code, 1);  // a limit, not a mistake in the input
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("no misère value computed: its misère quotient is proven for heaps up to "));
  EXPECT_THAT(r.err, HasSubstr("(the time limit of 5 s of processor time was reached); 'grundy quotient octal:4.7 "
                               "--max-heap 40' computes more"));
}

TEST(Help, EveryGameAndNumbersReadAsNumbers) {
  for (const char* command : {"value", "winner", "moves", "play"}) {
    const auto r = grundy_run({command, "--help"});
    // Every family of the catalogue, from the catalogue.
    for (const GameFamily& f : game_families()) EXPECT_THAT(r.out, HasSubstr("  " + std::string(f.syntax))) << command;
    EXPECT_THAT(r.out, HasSubstr("GAME POS...\n")) << command;
    EXPECT_THAT(r.out, Not(HasSubstr("POS....."))) << command;
  }
  EXPECT_THAT(grundy_run({"moves", "--help"}).out, HasSubstr("--limit N "));
  EXPECT_THAT(grundy_run({"table", "--help"}).out, HasSubstr("--to N "));
  EXPECT_THAT(grundy_run({"play", "--help"}).out, HasSubstr("--seed N "));
  for (const char* command : {"moves", "table", "pattern", "play", "contest"})
    EXPECT_THAT(grundy_run({command, "--help"}).out, Not(HasSubstr("TEXT")));
  EXPECT_THAT(grundy_run({"games", "--help"}).out, HasSubstr("Examples:\n  grundy games\n"));
}

// Found by a review: CLI11's own words ("At Most 1 required", "not
// expected: nim +") said less than they should.
TEST(Mistakes, RepeatedOptionsAndSumsWhereOneGameIsTakenAreNamed) {
  EXPECT_THAT(error_of({"census", "octal", "--digits", "1", "--shard", "1/2", "--shard", "2/2"}),
              HasSubstr("error: --shard is given 2 times; give it once; see 'grundy help census'"));
  EXPECT_THAT(
      error_of({"quotient", "kayles", "+", "nim"}),
      HasSubstr("error: quotient takes one game, not a sum: the quotient of a game covers every sum of its heaps"));
  EXPECT_THAT(error_of({"value", "octal:0.7\xC3\xA9", "3"}),
              HasSubstr("'\xC3\xA9' at character 10 is not an octal digit"));
}

// Issue 50, item 14: messages that said something else than the mistake.
TEST(Mistakes, CommonSlipsAreNamedForWhatTheyAre) {
  // The page's and Python's form of a sum, as one word.
  EXPECT_THAT(error_of({"value", "nim 3 4 5"}),
              HasSubstr("a game and its positions are separate words, such as nim 3 4 5 (not one quoted word)"));
  // A board size written another way, and one too large.
  EXPECT_THAT(error_of({"value", "cram", "5*7"}), HasSubstr("expected HxW with two whole numbers >= 1, such as 5x7"));
  EXPECT_THAT(error_of({"value", "cram", "99999999999999999999x2"}), HasSubstr("too many cells"));
  EXPECT_THAT(error_of({"value", "cram", "..../."}), HasSubstr("a row of 1 cell after rows of 4"));
}

// In misere play a position with no move is won by the player to move:
// no winning move is needed, and none is said to be missing.
TEST(Mistakes, AMisereEndIsAWinWithoutAMove) {
  const auto r = grundy_run({"moves", "cram", "1x1", "--misere"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("there is no move, and in misere play the player who cannot move wins"));
  EXPECT_THAT(r.out, Not(HasSubstr("every move leaves")));
  const auto lost = grundy_run({"moves", "nim", "1", "--misere"});
  EXPECT_THAT(lost.out, HasSubstr("every move leaves a position the opponent wins"));
}

}  // namespace
}  // namespace grundy
