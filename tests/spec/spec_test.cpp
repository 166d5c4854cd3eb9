#include "grundy/spec.hpp"

#include <filesystem>
#include <fstream>
#include <set>
#include <iterator>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;

TEST(Spec, CanonicalSpecsPrintBackIdentically) {
  for (const char* spec : {"nim", "subtraction:1-3", "subtraction:2,5,7", "subtraction:1,2", "subtraction:1-3,5,6,8-11",
                           "division:2-6", "division:2,3", "division:3,5,7", "division:1000000000000", "coprime",
                           "xy:5,7", "xy:1,2", "xy:999999999999999999,1000000000000000000"}) {
    EXPECT_EQ(parse_game(spec)->spec(), spec);
  }
}

TEST(Spec, OtherSpellingsPrintCanonically) {
  EXPECT_EQ(parse_game("subtraction:1,2,3")->spec(), "subtraction:1-3");
  EXPECT_EQ(parse_game("subtraction:3,1,2,2")->spec(), "subtraction:1-3");
  EXPECT_EQ(parse_game("subtraction:7,5,2")->spec(), "subtraction:2,5,7");
  EXPECT_EQ(parse_game("division:6,5,4,3,2")->spec(), "division:2-6");
  EXPECT_EQ(parse_game("xy:05,007")->spec(), "xy:5,7");
}

TEST(Spec, EveryFamilyIsListed) {
  std::vector<std::string> names;
  for (const GameFamily& f : game_families()) names.emplace_back(f.name);
  EXPECT_THAT(names, ::testing::IsSupersetOf({"nim", "subtraction", "division", "coprime", "xy", "graph", "octal",
                                              "hex", "grundy-game", "kayles", "dawson-chess", "dawson-kayles"}));
}

// What the registry promises of each family: its example is a spec that
// parses and prints back canonically, its syntax starts with its name, its
// rule fits on a line, and names are unique.
TEST(Registry, EveryEntryKeepsItsPromises) {
  std::set<std::string_view> names;
  for (const GameFamily& f : game_families()) {
    EXPECT_TRUE(names.insert(f.name).second) << f.name;
    EXPECT_EQ(f.syntax.substr(0, f.name.size()), f.name);
    EXPECT_FALSE(f.summary.empty()) << f.name;
    EXPECT_LE(f.summary.size(), 200u) << f.name;
    // The example of a family that reads a file (graph, node-kayles) names
    // a file of the repository, relative to it.
    const std::string example = f.reads_file ? std::string(f.name) + ":" + std::string(GRUNDY_SOURCE_DIR) + "/" +
                                                   std::string(f.example.substr(f.name.size() + 1))
                                             : std::string(f.example);
    const auto game = parse_game(example);
    EXPECT_EQ(parse_game(game->spec())->spec(), game->spec()) << f.name;
    EXPECT_FALSE(game->move_rule().empty()) << f.name;
  }
}

// The spec fuzzer starts from a seed of every family but those that read a
// file (graph, node-kayles: the graph target fuzzes their reader): a family
// added to the registry without one fails here.
TEST(Registry, EveryFamilyHasASpecFuzzSeed) {
  std::set<std::string> fuzzed;
  for (const auto& entry : std::filesystem::directory_iterator(GRUNDY_SPEC_FUZZ_CORPUS)) {
    std::ifstream in(entry.path());
    std::string first_line;
    std::getline(in, first_line);
    const std::string name = first_line.substr(0, first_line.find(':'));
    fuzzed.insert(name);
  }
  for (const GameFamily& f : game_families()) {
    if (f.reads_file) continue;
    EXPECT_EQ(fuzzed.count(std::string(f.name)), 1u) << "no seed in fuzz/corpus/spec for " << f.name;
  }
}

void expect_error(std::string_view spec, std::string_view fragment) {
  try {
    (void)parse_game(spec);
    ADD_FAILURE() << "no error for '" << spec << "'";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr(std::string(fragment))) << "for '" << spec << "'";
  }
}

TEST(Spec, ErrorsSayWhatWasExpected) {
  expect_error("",
               "the game is empty: expected one of nim, subtraction:S, division:D, coprime, xy:X,Y, octal:CODE, "
               "hex:CODE, tb:CODE, grundy-game, kayles, dawson-chess, dawson-kayles, graph:FILE");
  expect_error("chess",
               "unknown game 'chess': expected one of nim, subtraction:S, division:D, coprime, xy:X,Y, octal:CODE, "
               "hex:CODE, tb:CODE, grundy-game, kayles, dawson-chess, dawson-kayles, graph:FILE");
  expect_error("subtracton:1,2",
               "unknown game 'subtracton:1,2': did you mean 'subtraction:1,2'? The games are nim, subtraction:S,");
  expect_error("Nim", "unknown game 'Nim': did you mean 'nim'?");
  expect_error("Division:2-6", "did you mean 'division:2-6'?");
  // Suggestions are specs themselves.
  expect_error("Nim:3", "did you mean 'nim'?");
  expect_error("coprme:5", "did you mean 'coprime'?");
  expect_error("subtracton", "did you mean 'subtraction:S'?");
  expect_error("subtraction:{}",
               "the subtraction set of game 'subtraction:{}', at character 13: '{}' is not a number here");
  expect_error("division:",
               "the divisor set of game 'division:' is empty: expected a list such as 2,4,5 or a range such as 2-4");
  expect_error("subtraction:", "expected a list such as 1,3,4 or a range such as 1-3");
  expect_error("nim:3", "nim takes no parameters");
  expect_error("coprime:2", "coprime takes no parameters");
  expect_error("subtraction", "expected subtraction:S");
  expect_error("subtraction:", "is empty");
  expect_error("subtraction:0,1", "must be at least 1");
  expect_error("subtraction:1,x", "'x' is not a number here");
  expect_error("subtraction:16777217", "up to 16777216");
  expect_error("division", "expected division:D");
  expect_error("division:1,2", "must be at least 2");
  expect_error("division:2,-3", "at character 12: expected a number");
  expect_error("graph", "expected graph:FILE");
  expect_error("graph:", "expected graph:FILE");
  expect_error("graph:/nonexistent/file.txt", "/nonexistent/file.txt");
  expect_error("Nim", "unknown game 'Nim'");
  expect_error("xy", "expected xy:X,Y, such as xy:5,7");
  expect_error("xy:5", "expected xy:X,Y with two numbers 1 <= X < Y");
  expect_error("xy:5,7,9", "expected xy:X,Y with two numbers");
  expect_error("xy:,7", "X = '' is not a number: it is empty");
  expect_error("xy:5,-7", "Y = '-7' is not a number: it is negative");
  expect_error("xy:0,7", "needs X >= 1");
  expect_error("xy:7,7", "needs X < Y, got X = 7 and Y = 7");
  expect_error("xy:9,7", "needs X < Y");
  expect_error("xy:5,1000000000000000001", "takes Y up to 10^18");
  expect_error("xy:5,99999999999999999999", "Y = '99999999999999999999' is not a number: it is larger than");
}

}  // namespace
// grundy.hpp says it includes every public header of include/grundy/ and of
// its games/, misere/ and search/: a header added later must be added there
// too.
TEST(PublicHeaders, GrundyHppIncludesEveryOne) {
  const std::filesystem::path root = std::filesystem::path(GRUNDY_SOURCE_DIR) / "include" / "grundy";
  std::ifstream in(root / "grundy.hpp");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  int headers = 0;
  for (const std::string folder : {"", "games", "misere", "search"}) {
    for (const auto& entry : std::filesystem::directory_iterator(root / folder)) {
      const std::string name = entry.path().filename().string();
      if (!entry.is_regular_file() || !name.ends_with(".hpp") || name == "grundy.hpp") continue;
      const std::string line = "#include \"grundy/" + (folder.empty() ? "" : folder + "/") + name + "\"";
      EXPECT_NE(text.find(line), std::string::npos) << line << " is missing from grundy.hpp";
      ++headers;
    }
  }
  EXPECT_GT(headers, 30);
}

}  // namespace grundy
