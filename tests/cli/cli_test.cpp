// Runs the built `grundy` binary and checks what a user sees: standard
// output, the error message and the exit status.

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "grundy/spec.hpp"
#include "support/run_process.hpp"
#include "support/sanitized.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::StartsWith;

test::ProcessResult grundy_run(const std::vector<std::string>& args, const std::string& input = {}) {
  return test::run_process(GRUNDY_EXE, args, input);
}

json run_json(const std::vector<std::string>& args) {
  auto r = grundy_run(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  return json::parse(r.out);
}

TEST(Cli, ValueOfSubtractionGame) {
  auto r = grundy_run({"value", "subtraction:1,2,3", "0", "1", "2", "3", "4", "5", "9"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "0\n1\n2\n3\n0\n1\n1\n");
  EXPECT_EQ(r.err, "");
}

TEST(Cli, ValueJson) {
  const json j = run_json({"value", "subtraction:1,2,3", "4", "9", "--json"});
  EXPECT_EQ(j["game"], "subtraction:1-3");
  EXPECT_EQ(j["values"], json::array({0, 1}));
}

TEST(Cli, ValueAtHugePositions) {
  auto r = grundy_run({"value", "nim", "18446744073709551615"});
  EXPECT_EQ(r.out, "18446744073709551615\n");
  r = grundy_run({"value", "subtraction:1-3", "1000000000000000000"});
  EXPECT_EQ(r.out, "0\n");  // 10^18 is a multiple of 4
}

TEST(Cli, WinnerNim) {
  const json j = run_json({"winner", "nim", "3", "4", "5", "--json"});
  EXPECT_EQ(j["winner"], "first");
  EXPECT_EQ(j["nim_sum"], 2);
  EXPECT_EQ(j["game"], "nim");
  auto r = grundy_run({"winner", "nim", "1", "2", "3"});
  EXPECT_EQ(r.out, "second player wins (nim-sum 0)\n");
  r = grundy_run({"winner", "nim", "3", "4", "5"});
  EXPECT_EQ(r.out, "first player wins (nim-sum 2)\n");
}

TEST(Cli, MovesNimListsExactlyTheOneMove) {
  const json j = run_json({"moves", "nim", "3", "4", "5", "--json"});
  EXPECT_EQ(j["winner"], "first");
  EXPECT_EQ(j["nim_sum"], 2);
  EXPECT_EQ(j["moves"], json::parse(R"([{"component":0,"from":3,"to":[1]}])"));
  auto r = grundy_run({"moves", "nim", "3", "4", "5"});
  EXPECT_EQ(r.out, "first player wins (nim-sum 2); 1 winning move:\nheap 1: 3 -> 1\n");
}

TEST(Cli, MovesWhenSecondPlayerWins) {
  const json j = run_json({"moves", "nim", "5", "5", "--json"});
  EXPECT_EQ(j["winner"], "second");
  EXPECT_EQ(j["moves"], json::array());
  auto r = grundy_run({"moves", "nim", "5", "5"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, StartsWith("second player wins (nim-sum 0): no winning move"));
}

TEST(Cli, MovesListsEveryWinningMove) {
  // nim 1 2 4 8 15 has nim-sum 0; with heap 7 added the nim-sum is 7 and
  // heaps 7 (-> 0), 8 (-> 15? no: 8^7 = 15 > 8) ... check against JSON.
  const json j = run_json({"moves", "nim", "6", "5", "7", "--json"});
  // 6^5^7 = 4: heap 6 -> 2, heap 5 -> 1, heap 7 -> 3.
  EXPECT_EQ(j["nim_sum"], 4);
  EXPECT_EQ(j["moves"], json::parse(R"([{"component":0,"from":6,"to":[2]},{"component":1,"from":5,"to":[1]},
                                        {"component":2,"from":7,"to":[3]}])"));
}

TEST(Cli, MixedSum) {
  // nim 2 has value 2; subtraction:1-3 at 7 has value 3; total 1.
  const json j = run_json({"moves", "nim", "2", "+", "subtraction:1-3", "7", "--json"});
  EXPECT_EQ(j["game"], "nim + subtraction:1-3");
  EXPECT_EQ(j["nim_sum"], 1);
  EXPECT_EQ(j["components"], json::parse(R"([{"game":"nim","position":2,"value":2},
                                             {"game":"subtraction:1-3","position":7,"value":3}])"));
  // Winning: nim 2 -> 3? impossible; nim 2 -> value 3 no. subtraction 7 -> value 2: 6.
  EXPECT_EQ(j["moves"], json::parse(R"([{"component":1,"from":7,"to":[6]}])"));
  auto r = grundy_run({"moves", "nim", "2", "+", "subtraction:1-3", "7"});
  EXPECT_EQ(r.out, "first player wins (nim-sum 1); 1 winning move:\nheap 2 (subtraction:1-3): 7 -> 6\n");
  r = grundy_run({"value", "nim", "2", "+", "subtraction:1-3", "7", "5", "+", "nim", "9"});
  EXPECT_EQ(r.out, "2\n3\n1\n9\n");
}

TEST(Cli, Table) {
  auto r = grundy_run({"table", "subtraction:1,3,4", "--to", "8"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0\t0\n1\t1\n2\t0\n3\t1\n4\t2\n5\t3\n6\t2\n7\t0\n8\t1\n");
  const json j = run_json({"table", "nim", "--to", "3", "--json"});
  EXPECT_EQ(j, json::parse(R"({"game":"nim","values":[0,1,2,3]})"));
  r = grundy_run({"table", "nim"});
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 21) << "default --to 20";
}

TEST(Cli, TableRuns) {
  const json j = run_json({"table", "subtraction:2", "--to", "5", "--runs", "--json"});
  // 0 0 1 1 0 0
  EXPECT_EQ(j, json::parse(R"({"game":"subtraction:2","runs":[{"from":0,"to":2,"value":0},
      {"from":2,"to":4,"value":1},{"from":4,"to":6,"value":0}]})"));
  auto r = grundy_run({"table", "subtraction:2", "--to", "5", "--runs"});
  EXPECT_THAT(r.out, HasSubstr("[2, 4)"));
  EXPECT_THAT(r.out, StartsWith("positions"));
}

TEST(Cli, Games) {
  auto r = grundy_run({"games"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("subtraction:S"));
  const json j = run_json({"games", "--json"});
  EXPECT_GE(j["games"].size(), 3u);
}

TEST(Cli, HelpTeaches) {
  auto r = grundy_run({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, HasSubstr("GAME POS [POS...] [+ GAME POS [POS...]]"));
  for (const char* cmd : {"value", "winner", "moves", "table"}) {
    r = grundy_run({cmd, "--help"});
    EXPECT_EQ(r.exit_code, 0) << cmd;
    EXPECT_THAT(r.out, HasSubstr("Examples:")) << cmd;
  }
  r = grundy_run({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, StartsWith("grundy "));
}

struct BadInput {
  std::string name;
  std::vector<std::string> args;
  std::string message;  // a fragment of the expected one-line message
};

// Shown in test listings instead of the struct's bytes.
void PrintTo(const BadInput& input, std::ostream* os) { *os << input.name; }

class CliBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(CliBadInput, ExitsTwoWithOneLineMessage) {
  auto r = grundy_run(GetParam().args);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, StartsWith("grundy: error: "));
  EXPECT_THAT(r.err, HasSubstr(GetParam().message));
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Cases, CliBadInput,
    ::testing::Values(
        BadInput{"NegativeHeap", {"value", "nim", "-1"}, "argument 2: '-1' is not a heap size of nim: it is negative"},
        BadInput{"Exponent", {"value", "nim", "1e3"}, "argument 2: '1e3' is not a heap size of nim"},
        BadInput{"Above64Bits", {"value", "nim", "18446744073709551616"}, "it is larger than 18446744073709551615"},
        BadInput{"EmptyPosition", {"value", "nim", ""}, "argument 2: '' is not a heap size of nim: it is empty"},
        BadInput{
            "LeadingPlus", {"value", "nim", "3", "+5"}, "argument 3: '+5' is not a heap size of nim: it has a sign"},
        BadInput{"Letter", {"winner", "nim", "3", "x"}, "argument 3: 'x'"},
        BadInput{"UnknownGame", {"moves", "chess", "3"}, "argument 1: unknown game 'chess'"},
        BadInput{"GameWithoutPosition", {"value", "nim"}, "argument 1: game 'nim' is followed by no position"},
        BadInput{"PlusAtEnd", {"value", "nim", "1", "+"}, "argument 3: '+' must be followed by GAME POS"},
        BadInput{"PlusAtStart", {"value", "+", "nim", "1"}, "argument 1: '+' must stand between two groups"},
        BadInput{
            "DoublePlus", {"value", "nim", "1", "+", "+", "nim", "2"}, "argument 4: '+' must stand between two groups"},
        BadInput{"GroupWithoutPosition",
                 {"value", "nim", "1", "+", "subtraction:1-3", "+", "nim", "2"},
                 "argument 4: game 'subtraction:1-3' is followed by no position"},
        BadInput{"BadSubtractionSet",
                 {"value", "subtraction:0", "1"},
                 "argument 1: the subtraction set of game 'subtraction:0'"},
        BadInput{"NegativeTableBound", {"table", "nim", "--to", "-1"}, "--to '-1': it is negative"},
        BadInput{"TableBoundTooLarge", {"table", "nim", "--to", "18446744073709551615"}, "too large"},
        BadInput{"EmptyTableBound", {"table", "nim", "--to", ""}, "--to '': it is empty"},
        BadInput{"UnknownTableGame", {"table", "chess"}, "unknown game 'chess'"},
        BadInput{"NoArguments", {"value"}, "expected GAME POS [POS...]; for example: nim 3 4 5"},
        BadInput{"NothingAfterDoubleDash", {"value", "--"}, "expected GAME POS [POS...]"},
        BadInput{"DoubleDashOutsideASum", {"table", "nim", "--", "3"}, "'--' is for the words of a sum"},
        BadInput{"EmptyInputFile", {"contest", "fdivgame", "--input", ""}, "--input '': the file name is empty"},
        BadInput{"MinusZero", {"value", "nim", "-0"}, "'-0' is not a heap size of nim: it has a sign"},
        BadInput{"UnknownCommand", {"frobnicate"}, "unknown command 'frobnicate': expected one of value, winner"},
        BadInput{"NoCommand", {}, "expected a command: value, winner"},
        BadInput{
            "UnknownOption",
            {"value", "nim", "3", "--bogus"},
            "not expected: --bogus (a position that starts with '-' is written after '--'); see 'grundy help value'"}),
    [](const ::testing::TestParamInfo<BadInput>& param) { return param.param.name; });

TEST(Cli, GraphGameFromFile) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "grundy_cli_test";
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "g.txt").string();
  {
    std::ofstream out(file);
    out << "# a small game\na b\nb c\na c\nd\n";
  }
  // c: 0, b: 1, a: mex{1, 0} = 2, d: 0.
  auto r = grundy_run({"value", "graph:" + file, "a", "b", "c", "d"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "2\n1\n0\n0\n");
  const json j = run_json({"moves", "graph:" + file, "a", "+", "nim", "1", "--json"});
  // 2 ^ 1 = 3: a -> value 3? none; nim 1 -> value 2? none... so no move? a->b gives 1^1=0: winning.
  EXPECT_EQ(j["moves"], json::parse(R"([{"component":0,"from":"a","to":["b"]}])"));
  r = grundy_run({"moves", "graph:" + file, "a", "+", "nim", "1"});
  EXPECT_THAT(r.out, HasSubstr("token 1 (graph:" + file + "): a -> b"));
  r = grundy_run({"value", "graph:" + file, "zz"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("argument 2: no vertex named 'zz'"));
  r = grundy_run({"table", "graph:" + file});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("not played on heap sizes"));
  {
    std::ofstream out(file);
    out << "a b\nb c\nc a\n";
  }
  // A cycle with no way out: play goes on forever, a draw.
  r = grundy_run({"value", "graph:" + file, "a", "--ascii"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "inf{}\n");
  r = grundy_run({"winner", "graph:" + file, "a", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"winner\":\"draw\""));
  std::filesystem::remove_all(dir);
}

TEST(Cli, ExampleGraphFileShipsWithTheProject) {
  auto r = grundy_run({"value", std::string("graph:") + GRUNDY_EXAMPLES_DIR + "/data/chain.txt", "a"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(Cli, PatternDivisionJson) {
  const json j = run_json({"pattern", "division:2-6", "--json"});
  EXPECT_EQ(j["game"], "division:2-6");
  EXPECT_EQ(j["kind"], "self-similar");
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["base"], 12);
  EXPECT_EQ(j["from"], 6);
  EXPECT_EQ(j["first_values"], json::array({0, 1, 2, 2, 3, 3}));
  EXPECT_EQ(j["checked_up_to"], 18446744073709551615ULL);
  EXPECT_EQ(j["proof_bound"], 36);
}

TEST(Cli, PatternSubtractionJson) {
  json j = run_json({"pattern", "subtraction:1,2,3", "--json"});
  EXPECT_EQ(j["kind"], "periodic");
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["period"], 4);
  EXPECT_EQ(j["preperiod"], 0);
  EXPECT_EQ(j["first_values"], json::array({0, 1, 2, 3}));
  j = run_json({"pattern", "subtraction:3,4,6,10", "--json"});
  EXPECT_EQ(j["period"], 7);
  EXPECT_EQ(j["preperiod"], 14);
  EXPECT_EQ(j["first_values"].size(), 21u);
}

TEST(Cli, PatternTextSaysProvenOrNot) {
  auto r = grundy_run({"pattern", "division:2-6"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_THAT(r.out, StartsWith("division:2-6: self-similar, proven\n  G(n) = G(floor(n / 12)) for every n >= 6\n"));
  EXPECT_THAT(r.out, HasSubstr("for 6 <= n < 36"));
  r = grundy_run({"pattern", "nim", "--limit", "1000"});
  EXPECT_THAT(r.out, StartsWith("nim: arithmetic-periodic, proven\n  G(n + 1) = G(n) + 1 for every n >= 0\n"));
  EXPECT_THAT(r.out, HasSubstr("proof: checked G(0) = 0; the options of a heap of n are the heaps 0, 1, ..., n - 1"));
  r = grundy_run({"pattern", "nim", "--limit", "0"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--max-heap '0'"));  // --limit is its other name
  r = grundy_run({"pattern", "graph:" + std::string(GRUNDY_EXAMPLES_DIR) + "/data/chain.txt"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("not played on heap sizes"));
}

TEST(Cli, DivisionValuesAtFullSize) {
  auto r = grundy_run({"value", "division:2-6", "1000000000000000000", "18446744073709551615", "5", "6"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "3\n0\n3\n0\n");  // as the closed form G(n) = G(floor(n/12)) of seed 002 gives
  r = grundy_run({"moves", "division:2-6", "13"});
  EXPECT_EQ(r.out, "first player wins (nim-sum 1); 1 winning move:\nheap 1: 13 -> 6\n");
}

TEST(Cli, TableRunsOfDivisionUpTo10To18) {
  auto r = grundy_run({"table", "division:2-6", "--to", "1000000000000000000", "--runs"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(
      r.out, HasSubstr("[6, 12)                       0            6\n[12, 24)                      1           12\n"));
  EXPECT_THAT(r.out, HasSubstr(", 1000000000000000001)"));
}

// Every contest problem: its official sample through stdin and --input, and
// one malformed input whose first test is fine: nothing but the error may be
// printed.
TEST(Cli, ContestSamplesAndErrors) {
  struct Case {
    const char* problem;
    const char* sample;  // tests/data/contest/SAMPLE.in and .out
    const char* bad_input;
    const char* error;
  };
  const Case cases[] = {
      {"fdivgame", "fdivgame_1", "2\n1\n5\n2\n7 x\n",
       "grundy: error: stdin: line 5, column 3: expected integer 2 of 2 of test 2, found 'x'\n"},
      {"not-a-nim", "cf2004e_1", "2\n1\n5\n2\n7 -1\n",
       "grundy: error: stdin: line 5, column 3: expected pile 2 of 2 of test 2, found '-'\n"},
      {"xy-game", "arc208e_1", "2\n1 2 3\n4\n1 7 7\n5\n",
       "grundy: error: stdin: line 4, column 5: Y of test 2 (X < Y <= 10^9, and X = 7) is 7: "
       "it must be from 8 to 1000000000\n"},
  };
  const std::string dir = std::string(GRUNDY_TEST_DATA) + "/contest/";
  for (const Case& c : cases) {
    SCOPED_TRACE(c.problem);
    std::ifstream in(dir + c.sample + ".in"), expected(dir + c.sample + ".out");
    const std::string input((std::istreambuf_iterator<char>(in)), {});
    const std::string output((std::istreambuf_iterator<char>(expected)), {});
    ASSERT_FALSE(output.empty());
    auto r = grundy_run({"contest", c.problem}, input);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, output);
    r = grundy_run({"contest", c.problem, "--input", dir + c.sample + ".in"});
    EXPECT_EQ(r.out, output);
    r = grundy_run({"contest", c.problem}, c.bad_input);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, c.error);
  }
}

TEST(Cli, ContestFileAndProblemErrors) {
  auto r = grundy_run({"contest", "fdivgame", "--input", "/nonexistent/input.txt"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--input '/nonexistent/input.txt': cannot open"));
  r = grundy_run({"contest", "chess"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("chess"));
}

TEST(Cli, XyValuesWinnerAndMoves) {
  // X = 2, Y = 3: only 1, 5, 7, 11, ... may be left. G(1) = 0 (no move);
  // 2 and 3 can move to 1: 1; 4 has no move: 0; 5 neither: 0; 6 and 7 move
  // to 5: 1; 8 moves to 7: 0.
  auto r = grundy_run({"value", "xy:2,3", "1", "2", "3", "4", "5", "6", "7", "8"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0\n1\n1\n0\n0\n1\n1\n0\n");
  r = grundy_run({"moves", "xy:530,879", "17031", "42909", "97721", "34323", "39597", "26999"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("first player wins"));
  r = grundy_run({"winner", "xy:5,7", "1000000000000000000", "18446744073709551615"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = grundy_run({"value", "xy:7,5", "3"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("game 'xy:7,5': the XY game needs X < Y, got X = 7 and Y = 5"));
}

TEST(Cli, CoprimeValuesAndLimitedMoves) {
  auto r = grundy_run({"value", "coprime", "0", "1", "2", "3", "9", "25", "1000000000000000001"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0\n1\n0\n2\n2\n3\n26\n");
  r = grundy_run({"moves", "coprime", "1000000000000000001", "--limit", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "first player wins (nim-sum 26); the first 2 winning moves (--limit 2 per component):\n"
            "heap 1: 1000000000000000001 -> 2\nheap 1: 1000000000000000001 -> 4\n"
            "heap 1: ... and 494999504999999998 more (494999505000000000 winning moves in all)\n");
  r = grundy_run({"moves", "coprime", "1000000000000000001", "+", "nim", "21", "--limit", "1", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["nim_sum"], 26 ^ 21);
  EXPECT_EQ(j["unlisted"][0]["component"], 0);
  EXPECT_TRUE(j["unlisted"][0]["total"].is_null());  // heaps 11 * m: their number is not computed
  r = grundy_run({"moves", "coprime", "9", "--limit", "x"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("--limit 'x'"));
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// A reader that goes away: grundy ends as Unix filters do, quietly by
// SIGPIPE (141 in the shell); with SIGPIPE ignored, the failed write is an
// error with status 1. (docs/cli.md, "Errors and exit status".) The test
// process ignores SIGPIPE, and its children inherit that: `env
// --default-signal=PIPE` gives the pipeline the usual disposition back.
TEST(Cli, ReaderGoingAwayEndsBySigpipeOrStatusOne) {
  const std::string pipeline =
      std::string("'") + GRUNDY_EXE + "' table nim --to 100000000 | head -1; echo \"status ${PIPESTATUS[0]}\"";
  auto r = test::run_process("/usr/bin/env", {"--default-signal=PIPE", "bash", "-c", pipeline});
  EXPECT_EQ(r.out, "0\t0\nstatus 141\n");
  EXPECT_EQ(r.err, "");
  r = test::run_process("/bin/bash", {"-c", pipeline});
  EXPECT_EQ(r.out, "0\t0\nstatus 1\n");
  EXPECT_EQ(r.err, "grundy: error: could not write the output\n");
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// '--' ends the options: a vertex named like an option can be written after it.
TEST(Cli, DoubleDashEndsTheOptions) {
  auto r = grundy_run({"value", "nim", "--", "3"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "3\n");
  const std::string file = ::testing::TempDir() + "/grundy_dash_names.txt";
  std::ofstream(file) << "a -x\n-x --json\n";
  r = grundy_run({"moves", "graph:" + file, "a", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["winner"], "second");  // a -> -x -> --json: a is lost
  r = grundy_run({"value", "--json", "--", "graph:" + file, "-x", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["values"], json::parse("[1, 0]"));
  r = grundy_run({"winner", "graph:" + file, "-x"});  // without '--', '-x' is an option
  EXPECT_EQ(r.exit_code, 2);
  std::remove(file.c_str());
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// A long table is written as it is computed: 2*10^7 values (about 180 MB of
// JSON) in a few megabytes, not a string of the whole answer.
TEST(Cli, TableStreamsInLittleMemory) {
  // (Under a sanitizer: three minutes of CI, for a peak its own memory blurs.)
  if (test::kSanitized) GTEST_SKIP() << "2 * 10^7 values: the optimised build checks the peak";
  const auto r = test::run_process(
      "/bin/bash", {"-c", std::string("exec '") + GRUNDY_EXE + "' table nim --to 20000000 --json >/dev/null"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_LT(r.peak_kb, 96 * 1024);
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// The winner needs values only: a Kayles heap of 2^64 - 1 (value from the
// proven period) is decided at once, and its moves are listed from the first
// and counted.
TEST(Cli, TakeAndBreakHeapsOfAnySize) {
  const auto winner = test::run_process(GRUNDY_EXE, {"winner", "kayles", "18446744073709551615", "3", "--json"});
  ASSERT_EQ(winner.exit_code, 0) << winner.err;
  const auto j = nlohmann::json::parse(winner.out);
  const auto kayles = parse_game("kayles");
  EXPECT_EQ(j["nim_sum"], (kayles->value(~std::uint64_t{0}) ^ kayles->value(3)).value());
  const auto moves = test::run_process(GRUNDY_EXE, {"moves", "kayles", "18446744073709551615", "3", "--limit", "2"});
  ASSERT_EQ(moves.exit_code, 0) << moves.err;
  // Counted through the period (the count is checked in take_and_break_moves_test.cpp).
  EXPECT_THAT(moves.out,
              HasSubstr("heap 1: ... and 1537228672809129295 more (1537228672809129297 winning moves in all)"));
}

}  // namespace
}  // namespace grundy
