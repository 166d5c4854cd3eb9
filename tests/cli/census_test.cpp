// `grundy census octal`: every game of a census, in code order, each row the
// object `pattern --json` prints; the published periods of two-digit games;
// shards that merge into the whole census (and a merge that refuses gaps and
// overlaps); a resume that skips finished games and drops a cut line.

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/run_process.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;
using nlohmann::json;

test::ProcessResult grundy_run(const std::vector<std::string>& args) { return test::run_process(GRUNDY_EXE, args); }

json run_json(const std::vector<std::string>& args) {
  const auto r = grundy_run(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out);
}

// A row without what differs from run to run.
json without_time(json row) {
  row.erase("seconds");
  return row;
}

// A fresh folder for one test's files.
std::filesystem::path scratch(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("grundy-census-test-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::vector<std::string> lines_of(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(Census, EveryRowIsThePatternOfItsGameInCodeOrder) {
  const json census = run_json({"census", "octal", "--digits", "2", "--max-heap", "4095", "--json"});
  const json& rows = census.at("games");
  // d0 in {0, 4}: x.0, 7 one-digit codes and 56 two-digit codes each.
  ASSERT_EQ(rows.size(), 2u * (1 + 7 + 56));
  EXPECT_EQ(rows.front()["game"], "octal:0.0");
  EXPECT_EQ(rows.back()["game"], "octal:4.77");
  for (std::size_t i = 1; i < rows.size(); ++i)
    EXPECT_LT(rows[i - 1]["game"].get<std::string>(), rows[i]["game"].get<std::string>());
  for (const json& row : rows) {
    const std::string game = row["game"];
    EXPECT_EQ(row["max_heap"], 4095);
    EXPECT_GE(row["seconds"].get<double>(), 0.0);
    json want = run_json({"pattern", game, "--max-heap", "4095", "--json"});
    json got = without_time(row);
    got.erase("max_heap");
    EXPECT_EQ(got, want) << game;
  }
}

// tests/data/octal/octal_table.tsv: published periods (OEIS, Czajka), each
// confirmed by an independent brute force (see its README.md).
TEST(Census, TwoDigitGamesHaveTheirPublishedPeriods) {
  const json census = run_json({"census", "octal", "--digits", "2", "--max-heap", "4095", "--json"});
  std::map<std::string, json> by_game;
  for (const json& row : census["games"]) by_game[row["game"]] = row;
  std::ifstream table(std::string(GRUNDY_TEST_DATA) + "/octal/octal_table.tsv");
  ASSERT_TRUE(table) << "octal_table.tsv";
  int compared = 0;
  for (std::string line; std::getline(table, line);) {
    if (line.empty() || line[0] == '#' || line.starts_with("code")) continue;
    std::istringstream fields(line);
    std::string code;
    std::uint64_t preperiod = 0, period = 0;
    fields >> code >> preperiod >> period;
    if (code.find('.') == std::string::npos) code += ".0";
    if (code.size() - code.find('.') - 1 > 2) continue;  // more than two digits
    const json& row = by_game.at("octal:" + code);
    EXPECT_EQ(row["kind"], "periodic") << code;
    EXPECT_EQ(row["proven"], true) << code;
    EXPECT_EQ(row["preperiod"], preperiod) << code;
    EXPECT_EQ(row["period"], period) << code;
    ++compared;
  }
  EXPECT_GE(compared, 30);
}

TEST(Census, ShardsMergeIntoTheWholeCensus) {
  const auto dir = scratch("shards");
  const json whole = run_json({"census", "octal", "--digits", "1", "--max-heap", "1000", "--json"});
  std::vector<std::string> parts;
  for (int i = 1; i <= 3; ++i) {
    parts.push_back((dir / ("part-" + std::to_string(i) + ".jsonl")).string());
    const json part = run_json({"census", "octal", "--digits", "1", "--max-heap", "1000", "--shard",
                                std::to_string(i) + "/3", "--resume", parts.back(), "--json"});
    EXPECT_EQ(lines_of(parts.back()).size(), part["games"].size());
  }
  std::vector<std::string> merge{"census", "octal", "--digits", "1", "--json", "--merge"};
  merge.insert(merge.end(), parts.begin(), parts.end());
  const json merged = run_json(merge);
  ASSERT_EQ(merged["games"].size(), whole["games"].size());
  for (std::size_t i = 0; i < whole["games"].size(); ++i)
    EXPECT_EQ(without_time(merged["games"][i]), without_time(whole["games"][i]));

  // A part missing, or given twice: refused, naming what is wrong.
  auto r = grundy_run({"census", "octal", "--digits", "1", "--merge", parts[0], parts[1]});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("the parts miss"));
  r = grundy_run({"census", "octal", "--digits", "1", "--merge", parts[0], parts[1], parts[2], parts[0]});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("has a row in"));
  // Rows of another census. Same bound, so that only the shard can be wrong whichever row (rows are
  // written as games finish) comes first.
  r = grundy_run({"census", "octal", "--digits", "1", "--max-heap", "1000", "--shard", "1/2", "--resume", parts[1]});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("which is not in the 1-digit octal census (shard 1/2)"));
  std::filesystem::remove_all(dir);
}

TEST(Census, ResumeSkipsFinishedGamesAndDropsACutLine) {
  const auto dir = scratch("resume");
  const auto file = dir / "census.jsonl";
  json done = run_json({"pattern", "octal:0.1", "--max-heap", "1000", "--json"});
  done["seconds"] = 999.5;  // not what a new run would give: shows the row was kept
  done["max_heap"] = 1000;
  {
    std::ofstream out(file);
    out << done.dump() << "\n" << R"({"game":"octal:0.2","ki)";  // an interrupted write
  }
  const json census =
      run_json({"census", "octal", "--digits", "1", "--max-heap", "1000", "--resume", file.string(), "--json"});
  ASSERT_EQ(census["games"].size(), 16u);
  EXPECT_EQ(census["games"][1]["game"], "octal:0.1");
  EXPECT_EQ(census["games"][1]["seconds"], 999.5);
  const std::vector<std::string> lines = lines_of(file);
  ASSERT_EQ(lines.size(), 16u);
  for (const std::string& line : lines) EXPECT_FALSE(json::parse(line, nullptr, false).is_discarded()) << line;

  // Run again: nothing left to do, the same rows.
  const json again =
      run_json({"census", "octal", "--digits", "1", "--max-heap", "1000", "--resume", file.string(), "--json"});
  EXPECT_EQ(again, census);
  // Another bound would mix rows of two searches: refused.
  const auto r = grundy_run({"census", "octal", "--digits", "1", "--max-heap", "999", "--resume", file.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("computed with --max-heap 1000, and this run uses 999"));
  std::filesystem::remove_all(dir);
}

TEST(Census, ResumeFromALastRowWithoutNewlineOrAJsonDocumentKeepsOneRowALine) {
  const auto dir = scratch("resume-forms");
  const json whole = run_json({"census", "octal", "--digits", "1", "--max-heap", "1000", "--json"});
  const auto no_newline = dir / "no-newline.jsonl";
  std::ofstream(no_newline) << whole["games"][0].dump();  // a whole row, its newline never written
  const auto document = dir / "document.json";
  std::ofstream(document) << json{{"games", {whole["games"][0], whole["games"][1]}}}.dump() << "\n";
  for (const auto& file : {no_newline, document}) {
    const json census =
        run_json({"census", "octal", "--digits", "1", "--max-heap", "1000", "--resume", file.string(), "--json"});
    EXPECT_EQ(census["games"].size(), 16u);
    const std::vector<std::string> lines = lines_of(file);
    EXPECT_EQ(lines.size(), 16u) << file;
    for (const std::string& line : lines) EXPECT_FALSE(json::parse(line, nullptr, false).is_discarded()) << line;
  }
  std::filesystem::remove_all(dir);
}

TEST(Census, MergeRefusesPartsOfDifferentBounds) {
  const auto dir = scratch("bounds");
  const std::string a = (dir / "a.jsonl").string(), b = (dir / "b.jsonl").string();
  (void)run_json({"census", "octal", "--digits", "1", "--max-heap", "1000", "--shard", "1/2", "--resume", a, "--json"});
  (void)run_json({"census", "octal", "--digits", "1", "--max-heap", "2000", "--shard", "2/2", "--resume", b, "--json"});
  const auto r = grundy_run({"census", "octal", "--digits", "1", "--merge", a, b});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_THAT(r.err, HasSubstr("parts of one census share one bound"));
  std::filesystem::remove_all(dir);
}

TEST(Census, TextTableHasARowPerGameAndACountOfEachKind) {
  const auto r = grundy_run({"census", "octal", "--digits", "1", "--max-heap", "1000"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("game             kind         proven"));
  EXPECT_THAT(r.out, HasSubstr("octal:0.4        periodic     yes               54           34        9"));
  EXPECT_THAT(r.out, HasSubstr("16 games: "));
  std::size_t rows = 0;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) rows += line.starts_with("octal:") ? 1u : 0u;
  EXPECT_EQ(rows, 16u);
}

TEST(Census, BadArgumentsExitTwoWithOneLine) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"census", "nim", "--digits", "2"}, "only octal games have a census"},
      {{"census", "octal"}, "--digits is required"},
      {{"census", "octal", "--digits", "0"}, "--digits '0'"},
      {{"census", "octal", "--digits", "7"}, "--digits '7'"},
      {{"census", "octal", "--digits", "2", "--shard", "3/2"}, "--shard '3/2'"},
      {{"census", "octal", "--digits", "2", "--shard", "0/2"}, "--shard '0/2'"},
      {{"census", "octal", "--digits", "2", "--shard", "two"}, "--shard 'two'"},
      {{"census", "octal", "--digits", "2", "--max-heap", "0"}, "--max-heap '0'"},
      {{"census", "octal", "--digits", "2", "--jobs", "x"}, "--jobs 'x'"},
      {{"census", "octal", "--digits", "2", "--merge", "a", "--shard", "1/2"}, "--merge combines finished parts"},
      {{"census", "octal", "--digits", "2", "--merge", "/nonexistent/part.jsonl"}, "cannot be read"},
  };
  for (const auto& [args, message] : cases) {
    const auto r = grundy_run(args);
    EXPECT_EQ(r.exit_code, 2) << args.back();
    EXPECT_THAT(r.err, HasSubstr(message)) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

}  // namespace
}  // namespace grundy
