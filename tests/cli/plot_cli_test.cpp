// `grundy plot`: a picture of G(n) against n drawn by gnuplot, with the
// game's rule marked, and clear errors before anything is drawn.

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/run_process.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

test::ProcessResult grundy_run(const std::vector<std::string>& args) { return test::run_process(GRUNDY_EXE, args); }

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("grundy-plot-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

TEST(PlotCli, DrawsAnSvgWithTheNameTypedAndTheProvenPeriod) {
  const fs::path file = scratch("kayles.svg");
  const auto r = grundy_run({"plot", "kayles", "--to", "200", "-o", file.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string svg = read_file(file);
  EXPECT_THAT(svg, HasSubstr("<svg"));
  EXPECT_THAT(svg, HasSubstr("G(n) of kayles (octal:0.77), n = 0..200"));
  EXPECT_THAT(svg, HasSubstr("period 12 from n = 71: proven"));
  EXPECT_THAT(svg, HasSubstr("preperiod ends: n = 71"));
  EXPECT_THAT(svg, HasSubstr("one period: n = 71..82"));
  fs::remove(file);
}

// Issue 50, item 11: nim's keys read "one period: n = 0..0" and "preperiod
// ends: n = 0". Its values never repeat (G(n + 1) = G(n) + 1), and a
// preperiod of 0 is none.
TEST(PlotCli, TheKeysSayWhatIsTrueOfAnArithmeticPeriodAndAnEmptyPreperiod) {
  const fs::path file = scratch("nim.svg");
  auto r = grundy_run({"plot", "nim", "--to", "300", "-o", file.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string svg = read_file(file);
  EXPECT_THAT(svg, HasSubstr("G(n + 1) = G(n) + 1; shaded: n = 0<"));
  EXPECT_THAT(svg, Not(HasSubstr("period:")));
  EXPECT_THAT(svg, Not(HasSubstr("preperiod ends")));
  r = grundy_run({"plot", "subtraction:1-3", "--to", "300", "-o", file.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  svg = read_file(file);
  EXPECT_THAT(svg, HasSubstr("one period: n = 0..3<"));
  EXPECT_THAT(svg, Not(HasSubstr("preperiod ends")));
  fs::remove(file);
}

TEST(PlotCli, DrawsAPngAndSaysWhatIsOnlySeen) {
  const fs::path file = scratch("grundy-game.PNG");
  const auto r = grundy_run({"plot", "grundy-game", "--to", "3000", "-o", file.string(), "--size", "640x320"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string png = read_file(file);
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  fs::remove(file);
  // The rule's words in an SVG: Grundy's game has no proven rule.
  const fs::path svg_file = scratch("grundy-game.svg");
  ASSERT_EQ(grundy_run({"plot", "grundy-game", "--to", "300", "-o", svg_file.string()}).exit_code, 0);
  EXPECT_THAT(read_file(svg_file), HasSubstr("no period or self-similar rule fits G(0..100000)"));
  // --max-heap bounds that search (at least to the picture's last heap).
  ASSERT_EQ(grundy_run({"plot", "grundy-game", "--to", "300", "--max-heap", "5000", "-o", svg_file.string()}).exit_code,
            0);
  EXPECT_THAT(read_file(svg_file), HasSubstr("no period or self-similar rule fits G(0..5000)"));
  ASSERT_EQ(grundy_run({"plot", "grundy-game", "--to", "300", "--max-heap", "10", "-o", svg_file.string()}).exit_code,
            0);
  EXPECT_THAT(read_file(svg_file), HasSubstr("no period or self-similar rule fits G(0..300)"));
  fs::remove(svg_file);
}

// A bounded search still proves what it can: 0.4's period (54 + 34) shows
// from G(0..255), far below the default search.
TEST(PlotCli, ABoundedSearchStillMarksAProvenPeriod) {
  const fs::path file = scratch("octal-0.4.svg");
  ASSERT_EQ(grundy_run({"plot", "octal:0.4", "--to", "300", "--max-heap", "1000", "-o", file.string()}).exit_code, 0);
  const std::string svg = read_file(file);
  EXPECT_THAT(svg, HasSubstr("period 34 from n = 54: proven"));
  fs::remove(file);
}

TEST(PlotCli, BadRequestsAreClearErrorsAndWriteNothing) {
  const fs::path file = scratch("never.svg");
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases{
      {{"plot", "kayles", "-o", scratch("kayles.txt").string()}, "expected a file name ending in .svg or .png"},
      {{"plot", "cram", "-o", file.string()}, "not played on heap sizes"},
      {{"plot", "kayles", "--to", "16777216", "-o", file.string()}, "at most 16777215"},
      {{"plot", "kayles", "--to", "-3", "-o", file.string()}, "--to '-3'"},
      {{"plot", "kayles", "--size", "10x10", "-o", file.string()}, "--size '10x10': expected WIDTHxHEIGHT"},
      {{"plot", "kayles", "--max-heap", "0", "-o", file.string()}, "--max-heap '0': zero examines nothing"},
      {{"plot", "kayles", "--max-heap", "1e9x", "-o", file.string()}, "--max-heap '1e9x'"},
      {{"plot", "kayles"}, "--output is required"},
      {{"plot", "kayles", "-o", "/no/such/folder/k.svg"}, "could not write the picture there"},
  };
  for (const Case& c : cases) {
    const auto r = grundy_run(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.says;
    EXPECT_THAT(r.err, HasSubstr(c.says));
    EXPECT_FALSE(fs::exists(file)) << c.says;
  }
}

}  // namespace
}  // namespace grundy
