// CensusAtlas (include/grundy/frontend/census_atlas.hpp) on small census
// folders written here: which row a game keeps, groups, filters, sorts,
// and the words of a query. tests/serve/census_atlas_test.py checks it
// over HTTP against the committed censuses.

#include "grundy/frontend/census_atlas.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "grundy/error.hpp"

namespace grundy::frontend {
namespace {

class Folder {
 public:
  Folder()
      : path_(std::filesystem::temp_directory_path() /
              ("atlas-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name())) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~Folder() { std::filesystem::remove_all(path_); }
  void write(const std::string& name, const std::string& text) const { std::ofstream(path_ / name) << text; }
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

const char* kCensus3 =
    R"({"game":"octal:0.07","kind":"periodic","proven":true,"period":2,"preperiod":1,"proof_bound":9,"checked_up_to":9,"largest_value":1,"seconds":0.1})"
    "\n"
    R"({"game":"octal:0.167","kind":"none","proven":false,"checked_up_to":1048575,"largest_value":56,"rare_mask":30,"seconds":20.5})"
    "\n"
    R"({"game":"octal:0.1677","kind":"none","proven":false,"checked_up_to":1048575,"largest_value":56,"same_values_as":"octal:0.167","seconds":0.0})"
    "\n";
const char* kCensus4 =
    R"({"game":"octal:0.167","kind":"none","proven":false,"checked_up_to":2097151,"largest_value":57,"seconds":40.0})"
    "\n"
    R"({"game":"octal:0.07","kind":"periodic","proven":true,"period":2,"preperiod":1,"proof_bound":9,"checked_up_to":9,"largest_value":1,"seconds":0.1})"
    "\n";
const char* kDeep3 =
    R"({"game":"octal:0.1677","kind":"periodic","proven":true,"period":4,"preperiod":100,"proof_bound":300,"checked_up_to":400,"deepened_from":1048575,"largest_value":60,"seconds":9.0})"
    "\n";
const char* kMisere3 =
    R"({"game":"octal:0.07","kind":"quotient","size":6,"tame":true,"whole":{"bound":9},"max_heap":30})"
    "\n"
    R"({"game":"octal:0.167","kind":"quotient","size":300,"tame":false,"whole":null,"max_heap":61})"
    "\n";

CensusAtlas three_censuses(const Folder& f) {
  f.write("octal-3.jsonl", kCensus3);
  f.write("octal-4.jsonl", kCensus4);
  f.write("octal-3-deep.jsonl", kDeep3);
  f.write("octal-3-misere.jsonl", kMisere3);
  f.write("notes.txt", "not a census: never read");
  f.write("octal-x.jsonl", "not a census's name: never read");
  f.write("octal-3-notes.jsonl", "nor this");
  return CensusAtlas::load(f.path());
}

TEST(CensusAtlas, KeepsTheRowCheckedFurthestAndADeepRowFirst) {
  const Folder f;
  const CensusAtlas atlas = three_censuses(f);
  EXPECT_EQ(atlas.size(), 3u);
  const auto e167 = atlas.entry("octal:0.167");
  ASSERT_TRUE(e167);
  EXPECT_EQ((*e167)["summary"]["checked_up_to"], 2097151);
  EXPECT_EQ((*e167)["summary"]["census"], "octal-4");
  EXPECT_EQ((*e167)["misere"]["size"], 300);
  EXPECT_EQ((*e167)["summary"]["misere_tame"], false);
  const auto e1677 = atlas.entry("octal:0.1677");
  ASSERT_TRUE(e1677);
  EXPECT_EQ((*e1677)["summary"]["proven"], true);
  EXPECT_EQ((*e1677)["summary"]["deep"], true);
  EXPECT_EQ((*e1677)["summary"]["period"], 4);
  // Its group is the census's, though its row is the deep pass's.
  EXPECT_EQ((*e1677)["same_values"], nlohmann::json::array({"octal:0.167"}));
  EXPECT_EQ((*e167)["same_values"], nlohmann::json::array({"octal:0.1677"}));
  EXPECT_EQ((*e167)["sources"].size(), 2u);
  EXPECT_FALSE(atlas.entry("octal:0.5"));
}

// A deep pass folded into its census (grundy census --merge --so-far) leaves its rows in
// octal-D.jsonl: still deep rows, kept before a census row checked further (a period proven
// needs fewer heaps than a search that saw none).
TEST(CensusAtlas, ADeepRowFoldedIntoItsCensusIsStillDeep) {
  const Folder f;
  f.write(
      "octal-3.jsonl",
      R"({"game":"octal:0.1677","kind":"none","proven":false,"checked_up_to":1048575,"largest_value":56,"seconds":20.5})"
      "\n");
  f.write("octal-4.jsonl", kDeep3);
  const CensusAtlas atlas = CensusAtlas::load(f.path());
  const auto e1677 = atlas.entry("octal:0.1677");
  ASSERT_TRUE(e1677);
  EXPECT_EQ((*e1677)["summary"]["census"], "octal-4");
  EXPECT_EQ((*e1677)["summary"]["deep"], true);
  EXPECT_EQ((*e1677)["summary"]["period"], 4);
  // A row of a -deep file is deep, "deepened_from" or not.
  f.write("octal-5-deep.jsonl",
          R"({"game":"octal:0.167","kind":"none","proven":false,"checked_up_to":100,"largest_value":9,"seconds":1.0})"
          "\n");
  f.write(
      "octal-3.jsonl",
      R"({"game":"octal:0.167","kind":"none","proven":false,"checked_up_to":1048575,"largest_value":56,"seconds":20.5})"
      "\n");
  const auto e167 = CensusAtlas::load(f.path()).entry("octal:0.167");
  ASSERT_TRUE(e167);
  EXPECT_EQ((*e167)["summary"]["census"], "octal-5-deep");
  EXPECT_EQ((*e167)["summary"]["deep"], true);
}

TEST(CensusAtlas, FiltersSortsAndPages) {
  const Folder f;
  const CensusAtlas atlas = three_censuses(f);
  const auto games = [&](const std::map<std::string, std::string>& words) {
    std::vector<std::string> out;
    const nlohmann::json page = atlas.list(parse_atlas_query(words));
    for (const auto& row : page["rows"]) out.push_back(row["game"]);
    return out;
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(games({}), (V{"octal:0.07", "octal:0.167", "octal:0.1677"}));
  EXPECT_EQ(games({{"filter", "unsolved"}}), (V{"octal:0.167"}));
  EXPECT_EQ(games({{"filter", "new"}}), (V{"octal:0.1677"}));
  EXPECT_EQ(games({{"filter", "tame"}}), (V{"octal:0.07"}));
  EXPECT_EQ(games({{"filter", "wild"}}), (V{"octal:0.167"}));
  EXPECT_EQ(games({{"sort", "period"}}), (V{"octal:0.1677", "octal:0.07", "octal:0.167"}));
  EXPECT_EQ(games({{"sort", "seconds"}}), (V{"octal:0.167", "octal:0.1677", "octal:0.07"}));
  EXPECT_EQ(games({{"code", ".16"}}), (V{"octal:0.167", "octal:0.1677"}));
  EXPECT_EQ(games({{"code", "octal:0.1"}, {"offset", "1"}, {"limit", "1"}}), (V{"octal:0.1677"}));
  EXPECT_EQ(atlas.list(parse_atlas_query({{"limit", "0"}}))["total"], 3);
}

TEST(CensusAtlas, Downloads) {
  const Folder f;
  const CensusAtlas atlas = three_censuses(f);
  EXPECT_EQ(atlas.download("octal-3-deep", "jsonl"), kDeep3);
  const std::string csv = atlas.download("octal-3", "csv");
  EXPECT_NE(csv.find("octal:0.07,2,proven,2,1,9,9,1,,0.100,census\n"), std::string::npos) << csv;
  EXPECT_THROW((void)atlas.download("octal-3-misere", "csv"), InputError);
  EXPECT_THROW((void)atlas.download("octal-9", "jsonl"), InputError);
  EXPECT_THROW((void)atlas.download("octal-3", "xml"), InputError);
}

TEST(CensusAtlas, ABrokenRowIsNamedByFileAndLine) {
  const Folder f;
  f.write("octal-2.jsonl", "{\"game\":\"octal:0.07\"}\n{\"kind\":\"none\"}\n");
  try {
    (void)CensusAtlas::load(f.path());
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("octal-2.jsonl:2: not a census row"), std::string::npos) << e.what();
  }
  EXPECT_EQ(CensusAtlas::load(f.path() / "missing").size(), 0u);
}

TEST(CensusAtlas, CodesAsReadersTypeThem) {
  EXPECT_EQ(CensusAtlas::normal_code("0.1777"), "octal:0.1777");
  EXPECT_EQ(CensusAtlas::normal_code(".1777"), "octal:0.1777");
  EXPECT_EQ(CensusAtlas::normal_code("octal:4.7"), "octal:4.7");
  EXPECT_EQ(CensusAtlas::normal_code("0.070"), "octal:0.07");
  EXPECT_EQ(CensusAtlas::normal_code("0.0"), "octal:0.0");
  for (const char* bad : {"", "0.9", "1.2.3", "octal:", "kayles", "0.17 ", "\x1b[2J"})
    EXPECT_THROW((void)CensusAtlas::normal_code(bad), InputError) << bad;
  EXPECT_THROW((void)CensusAtlas::normal_code(std::string(100, '7')), InputError);
}

TEST(CensusAtlas, QueryWords) {
  EXPECT_EQ(parse_atlas_query({{"filter", "unsolved"}}).filter, AtlasFilter::unsolved);
  EXPECT_EQ(parse_atlas_query({{"limit", "500"}}).limit, 500u);
  for (const auto& [word, text] : std::map<std::string, std::string>{
           {"filter", "x"}, {"sort", "bogus"}, {"limit", "501"}, {"offset", "-1"}, {"code", "0.8"}, {"colour", "red"}})
    EXPECT_THROW((void)parse_atlas_query({{word, text}}), InputError) << word;
  EXPECT_THROW((void)parse_atlas_query({{"code", std::string(5000, '7')}}), InputError);
}

}  // namespace
}  // namespace grundy::frontend
