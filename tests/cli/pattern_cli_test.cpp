// `grundy pattern`: a summary by default, every value with --values (written
// as it goes, so a long period costs no memory), and a reason when no rule is
// found or proven.

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/run_process.hpp"
#include "support/sanitized.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;

test::ProcessResult grundy_run(const std::vector<std::string>& args) { return test::run_process(GRUNDY_EXE, args); }

json run_json(const std::vector<std::string>& args) {
  const auto r = grundy_run(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // stderr may hold progress lines (a search past one second, on a loaded
  // machine), never an error.
  EXPECT_THAT(r.err, Not(HasSubstr("error"))) << r.err;
  return json::parse(r.out);
}

// The values of --values text lines "    n: v v v", checking that each line
// starts at the index that follows the line before.
std::vector<std::uint64_t> listed_values(const std::string& text, std::uint64_t first) {
  std::vector<std::uint64_t> values;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(": ");
    if (!line.starts_with("    ") || colon == std::string::npos) continue;
    EXPECT_EQ(std::stoull(line.substr(0, colon)), first + values.size()) << line;
    std::istringstream numbers(line.substr(colon + 2));
    std::size_t on_line = 0;
    for (std::uint64_t v; numbers >> v; ++on_line) values.push_back(v);
    EXPECT_LE(on_line, 20u) << line;
  }
  return values;
}

// subtraction:1000000: G(n) = 0 below 10^6, 1 up to 2*10^6 - 1, period 2*10^6.
TEST(PatternCli, LongPeriodSummaryIsSmallAndNamesTheCut) {
  const auto r = grundy_run({"pattern", "subtraction:1000000"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_LT(r.out.size(), 4096u);  // was 4 MB: the whole period on one line
  std::string thirty_zeros = "0";
  for (int i = 1; i < 30; ++i) thirty_zeros += " 0";
  EXPECT_THAT(r.out, HasSubstr("  preperiod: none\n  period    G(0..1999999): " + thirty_zeros +
                               " ... (2000000 values in all; --values prints them all)\n"));
  EXPECT_THAT(r.out, HasSubstr("  proof: checked values"));
}

TEST(PatternCli, ValuesFlagPrintsEveryValueWrapped) {
  const auto r = grundy_run({"pattern", "subtraction:3,4,6,10", "--values"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  preperiod G(0..13), 14 values:\n    0: 0 0 0 1 1 1 2 2 2 0 3 3 1 4\n"
                               "  period    G(14..20), 7 values:\n    14: 0 2 0 1 3 1 2\n  proof: "));

  const auto big = grundy_run({"pattern", "subtraction:1000000", "--values"});
  EXPECT_EQ(big.exit_code, 0) << big.err;
  EXPECT_THAT(big.out, HasSubstr("  period    G(0..1999999), 2000000 values:\n"));
  const auto values = listed_values(big.out, 0);
  ASSERT_EQ(values.size(), 2000000u);
  for (std::size_t n = 0; n < values.size(); ++n) ASSERT_EQ(values[n], n < 1000000 ? 0u : 1u) << n;
  // Wrapped: no line holds more than 20 values (checked above), and the
  // lines are aligned on the widest index.
  EXPECT_THAT(big.out, HasSubstr("\n          0: 0 0"));
  EXPECT_THAT(big.out, HasSubstr("\n    1999980: 1 1"));
}

TEST(PatternCli, SelfSimilarValuesList) {
  const auto r = grundy_run({"pattern", "division:2-6", "--values"});
  EXPECT_THAT(r.out, HasSubstr("  base values G(0..5), 6 values:\n    0: 0 1 2 2 3 3\n"));
}

TEST(PatternCli, JsonSummaryHasFirstValuesNotValues) {
  json j = run_json({"pattern", "subtraction:1000000", "--json"});
  EXPECT_EQ(j["kind"], "periodic");
  EXPECT_EQ(j["period"], 2000000);
  EXPECT_EQ(j["preperiod"], 0);
  EXPECT_EQ(j["value_count"], 2000000);
  EXPECT_EQ(j["first_values"], json(std::vector<int>(30, 0)));
  EXPECT_FALSE(j.contains("values"));  // a cut list is never called "values"
  EXPECT_TRUE(j.contains("theorem"));
  EXPECT_FALSE(j.contains("reason"));

  j = run_json({"pattern", "subtraction:1,2,3", "--json"});
  EXPECT_EQ(j["value_count"], 4);
  EXPECT_EQ(j["first_values"], json::array({0, 1, 2, 3}));
  EXPECT_FALSE(j.contains("values"));
}

TEST(PatternCli, JsonValuesHasThemAll) {
  json j = run_json({"pattern", "subtraction:3,4,6,10", "--json", "--values"});
  EXPECT_EQ(j["values"], json::array({0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 3, 3, 1, 4, 0, 2, 0, 1, 3, 1, 2}));
  EXPECT_EQ(j["value_count"], 21);
  EXPECT_FALSE(j.contains("first_values"));
  EXPECT_EQ(j["period"], 7);
  EXPECT_EQ(j["proof_bound"], 1024);

  j = run_json({"pattern", "subtraction:1000000", "--json", "--values"});
  ASSERT_EQ(j["values"].size(), 2000000u);
  EXPECT_EQ(j["values"][999999], 0);
  EXPECT_EQ(j["values"][1000000], 1);
  EXPECT_EQ(j["values"][1999999], 1);

  j = run_json({"pattern", "division:2-6", "--json", "--values"});
  EXPECT_EQ(j["values"], json::array({0, 1, 2, 2, 3, 3}));
  EXPECT_EQ(j["base"], 12);
}

TEST(PatternCli, NoRuleSaysWhyAndWhatToTry) {
  auto r = grundy_run({"pattern", "xy:1000,1001"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(
      r.out,
      HasSubstr("xy:1000,1001: no periodic, arithmetic-periodic or self-similar rule found (values examined up to n = "
                "100000)\n  why: lcm(1000, 1001) = 1001000 is above 250000, the largest the proof "
                "handles"));
  EXPECT_THAT(r.out, HasSubstr("\n  try: "));
  EXPECT_THAT(r.out, HasSubstr("--max-heap 6005999"));

  r = grundy_run({"pattern", "division:2,1000000"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("  why: a rule exists: G(n) = G(floor(n / 2000000)) for every n >= 524288000000"));
  EXPECT_THAT(r.out, HasSubstr("  try: 'grundy table division:2,1000000 --runs"));
  // The first line agrees: a rule exists, it is only not reported.
  EXPECT_THAT(r.out, ::testing::StartsWith("division:2,1000000: self-similar, proven, but not reported"));
  EXPECT_TRUE(json::parse(grundy_run({"pattern", "division:2,1000000", "--json"}).out)["rule_not_reported"]);

  // coprime's values grow without bound: no --limit would help.
  r = grundy_run({"pattern", "coprime", "--limit", "1000"});
  EXPECT_THAT(r.out, HasSubstr("\n  why: G(p) = pi(p) for every odd prime p"));
  EXPECT_THAT(r.out, Not(HasSubstr("try:")));

  // nim's rule is proven: no why, nothing to try.
  r = grundy_run({"pattern", "nim", "--limit", "1000"});
  EXPECT_THAT(r.out, ::testing::StartsWith("nim: arithmetic-periodic, proven\n"));
  EXPECT_THAT(r.out, Not(HasSubstr("why:")));
  EXPECT_THAT(r.out, Not(HasSubstr("try:")));

  const json j = run_json({"pattern", "xy:1000,1001", "--json"});
  EXPECT_EQ(j["kind"], "none");
  EXPECT_EQ(j["proven"], false);
  EXPECT_THAT(j["reason"].get<std::string>(), HasSubstr("is above 250000"));
  EXPECT_THAT(j["advice"].get<std::string>(), HasSubstr("--max-heap 6005999"));
  EXPECT_FALSE(j.contains("value_count"));
  EXPECT_FALSE(j.contains("first_values"));
  EXPECT_FALSE(j.contains("theorem"));
}

// --values streams: a period of 8 * 10^6 values is written as it goes, so the
// peak memory is the proof's (38 MB measured), not that of a list of every
// value (146 MB for text, 496 MB for a nlohmann array, before streaming).
TEST(PatternCli, ValuesAreStreamedInLittleMemory) {
  [[maybe_unused]] constexpr long kMostKb = 96 * 1024;  // used in the optimised build only
  for (const std::vector<std::string>& format : {std::vector<std::string>{}, {"--json"}}) {
    std::vector<std::string> args{"pattern", "subtraction:4000000", "--values"};
    args.insert(args.end(), format.begin(), format.end());
    const auto r = grundy_run(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_THAT(r.out, EndsWith("\n"));
    EXPECT_GT(r.out.size(), 16'000'000u);  // 8 * 10^6 values were written
                                           // Under AddressSanitizer freed blocks wait in a quarantine of up to
                                           // 256 MB, so a peak there says nothing about streaming: the optimised
                                           // build checks the bound.
#if !defined(__SANITIZE_ADDRESS__)
    EXPECT_LT(test::peak_kb_alone(GRUNDY_EXE, args), kMostKb) << (format.empty() ? "text" : "json");
#endif
  }
}

}  // namespace
}  // namespace grundy

namespace grundy {
namespace {

// 0.354: preperiod 10,061,916 and period 1,180 (the figures of issue 18,
// found by Czajka's analyzer). The cycle is proven as soon as the table holds
// the 2e + 2p + t values the theorem needs: no more values are computed.
TEST(PatternCli, ProvesTheLongPeriodOf0354FromExactlyTheValuesItNeeds) {
  // 2 * 10^7 values: 15 s optimised, more than 5 minutes under
  // AddressSanitizer. The same proof runs there on shorter periods (above).
  if (test::kSanitized) GTEST_SKIP() << "2 * 10^7 values of 0.354: the optimised build checks them";
  const json p = run_json({"pattern", "octal:0.354", "--json"});
  EXPECT_EQ(p["kind"], "periodic");
  EXPECT_EQ(p["proven"], true);
  EXPECT_EQ(p["preperiod"], 10061916);
  EXPECT_EQ(p["period"], 1180);
  EXPECT_EQ(p["proof_bound"], 2 * 10061916 + 2 * 1180 + 3);
  EXPECT_EQ(p["checked_up_to"], 2 * 10061916 + 2 * 1180 + 3 - 1);
  EXPECT_THAT(p["check"].get<std::string>(), HasSubstr("for 10061916 <= n < 20125015 = 2e + p + t"));
  EXPECT_EQ(p["largest_value"], 113);
  EXPECT_EQ(p["last_rare"], 3227);
  // value() proves it too, and then answers any heap: 10^18 reduces to
  // 10061916 + (10^18 - 10061916) mod 1180 = 10061940; 10061915 is the
  // last exception, 10061916 the first heap of the period.
  const auto r = grundy_run(
      {"value", "octal:0.354", "1000000000000000000", "10061940", "10061915", "11243095", "10061916", "10063096"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::istringstream lines(r.out);
  std::vector<std::string> v;
  for (std::string line; std::getline(lines, line);) v.push_back(line);
  ASSERT_EQ(v.size(), 6u) << r.out;
  EXPECT_EQ(v[0], v[1]);
  EXPECT_NE(v[2], v[3]);
  EXPECT_EQ(v[4], v[5]);
}

TEST(PatternCli, AGameWithoutAPeriodSaysWhatItSaw) {
  const json p = run_json({"pattern", "octal:0.167", "--max-heap", "100000", "--json"});
  EXPECT_EQ(p["kind"], "none");
  EXPECT_EQ(p["checked_up_to"], 100000);
  EXPECT_EQ(p["largest_value"], 52);
  EXPECT_EQ(p["largest_at"], 24158);
  EXPECT_EQ(p["rare_mask"], 0x3d);
  EXPECT_EQ(p["rare_heaps"], 59);
  EXPECT_EQ(p["last_rare"], 1303);
  const auto r = grundy_run({"pattern", "octal:0.167", "--max-heap", "100000"});
  EXPECT_THAT(r.out, HasSubstr("  seen: largest value 52 (first at n = 24158); rare mask 0x3d: 59 heaps with a rare "
                               "value, the last at n = 1303\n"));
  const auto too_far = grundy_run({"pattern", "octal:0.167", "--max-heap", "4294967296"});
  EXPECT_EQ(too_far.exit_code, 2);
  EXPECT_THAT(too_far.err,
              HasSubstr("--max-heap '4294967296': too large; octal:0.167 examines heaps up to 4294967295"));
}

// The largest --max-heap differs between families: the advice says why.
TEST(PatternCli, AdviceSaysWhyItsBoundIsTheLargest) {
  const auto grundy_game = grundy_run({"pattern", "grundy-game", "--max-heap", "1000"});
  EXPECT_THAT(grundy_game.out, HasSubstr("--max-heap N (up to 33554431: 2^25 - 1, since a game that splits into "
                                         "unequal heaps scans every split for each value)"));
  const auto octal = grundy_run({"pattern", "octal:0.167", "--max-heap", "1000"});
  EXPECT_THAT(octal.out, HasSubstr("(up to 4294967295: 2^32 - 1, the most heaps a table holds, one byte per value)"));
}

// --misere's help names every method, the genus included.
TEST(PatternCli, MisereHelpNamesTheGenus) {
  for (const char* command : {"winner", "moves"})
    EXPECT_THAT(grundy_run({command, "--help"}).out, HasSubstr("Conway's genus when every heap is tame")) << command;
}

// --threads (pattern and table): an octal game's values with the rare
// values' checks on a second thread (past 2^16 heaps, TakeAndBreakValues's
// OctalTwoThreads tests) print the same lines; a bad count is refused, and
// a game computed on one thread takes the option and ignores it.
TEST(PatternCli, ThreadsChangeNoLine) {
  const std::string to = std::to_string((1 << 18) + 77);
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"pattern", "grundy-game", "--max-heap", to, "--json"},
        std::vector<std::string>{"pattern", "octal:0.167", "--max-heap", to},
        std::vector<std::string>{"table", "octal:0.6", "--to", to, "--runs"}}) {
    std::vector<std::string> one = command, two = command;
    one.insert(one.end(), {"--threads", "1"});
    two.insert(two.end(), {"--threads", "2"});
    const auto a = grundy_run(one), b = grundy_run(two);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(b.out, a.out) << command[1];
  }
  EXPECT_EQ(grundy_run({"pattern", "subtraction:1,2", "--threads", "2"}).exit_code, 0);
  for (const std::string command : {"pattern", "table"})
    for (const std::string bad : {"-1", "two", "1025"}) {
      const auto refused = grundy_run({command, "kayles", "--threads", bad});
      EXPECT_EQ(refused.exit_code, 2) << command << " " << bad;
      EXPECT_THAT(refused.err, HasSubstr("expected a number of threads from 1 to 1024")) << command << " " << bad;
    }
}

}  // namespace
}  // namespace grundy
