// Node Kayles through the command line: a graph file as the game, vertex sets
// as positions ("all", "none", names joined by ','), sums with other
// families, winning moves, and bad files and positions refused with where and
// what.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/run_process.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;
using ::testing::Not;

const std::string kPetersen = "node-kayles:" + std::string(GRUNDY_EXAMPLES_DIR) + "/data/petersen.txt";

test::ProcessResult grundy_run(const std::vector<std::string>& args) { return test::run_process(GRUNDY_EXE, args); }

std::string out_of(const std::vector<std::string>& args) {
  const auto r = grundy_run(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

// A graph file in the temporary folder, removed at the end of the test.
class GraphFile {
 public:
  GraphFile(const std::string& name, const std::string& text)
      : path_(std::filesystem::temp_directory_path() / fmt::format("{}-{}.txt", name, ::getpid())) {
    std::ofstream(path_) << text;
  }
  GraphFile(const GraphFile&) = delete;
  GraphFile& operator=(const GraphFile&) = delete;
  ~GraphFile() { std::filesystem::remove(path_); }
  [[nodiscard]] std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

TEST(NodeKaylesCli, ValuesOfThePetersenGraph) {
  // Values from the brute force of tests/games/node_kayles_test.cpp; a
  // single vertex is 1, an edge is 1, a path of 3 (o0 o1 o2) is Dawson's chess at 3: 2.
  const std::string all = out_of({"value", kPetersen, "all"});
  EXPECT_EQ(out_of({"value", kPetersen, "o0", "o0,o1", "o0,o1,o2", "none"}), "1\n1\n2\n0\n");
  // One value per component of a sum.
  EXPECT_EQ(out_of({"value", kPetersen, "all", "+", "nim", "3"}), all + "3\n");
}

TEST(NodeKaylesCli, EveryWinningMoveLeavesASecondPlayerWin) {
  const std::vector<std::string> sums[] = {{kPetersen, "all", "+", "nim", "3"}, {kPetersen, "o0,o1,o2,o3,i0,i2"}};
  for (const auto& sum : sums) {
    std::vector<std::string> args{"moves"};
    args.insert(args.end(), sum.begin(), sum.end());
    args.push_back("--json");
    const auto r = grundy_run(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json j = json::parse(r.out);
    if (j["winner"] != "first") continue;
    ASSERT_FALSE(j["moves"].empty()) << r.out;
    for (const json& m : j["moves"]) {
      std::vector<std::string> after{"winner", kPetersen};
      // A vertex set (a string) or a nim heap (a number).
      const std::string to = m["to"][0].is_string() ? m["to"][0].get<std::string>() : m["to"][0].dump();
      if (m["component"] == 0) {
        after.push_back(to);
        if (sum.size() > 2) after.insert(after.end(), sum.begin() + 2, sum.end());
      } else {
        after.insert(after.end(), {sum[1], "+", "nim", to});
      }
      EXPECT_THAT(out_of(after), HasSubstr("second player wins")) << m.dump();
    }
  }
}

TEST(NodeKaylesCli, MovesPrintVertexSets) {
  // A path a - b - c: taking b empties it (value 0 left), the winning move.
  const GraphFile file("grundy-node-kayles-path", "a b\nb c\n");
  EXPECT_EQ(out_of({"moves", "node-kayles:" + file.path(), "all"}),
            "first player wins (nim-sum 2); 1 winning move:\ngraph 1: all -> none\n");
}

TEST(NodeKaylesCli, BadInputSaysWhereAndWhat) {
  auto error_of = [](const std::vector<std::string>& args) {
    const auto r = grundy_run(args);
    EXPECT_EQ(r.exit_code, 2) << r.out;
    return r.err;
  };
  EXPECT_THAT(error_of({"value", "node-kayles:/no/such/graph.txt", "all"}), HasSubstr("argument 1: "));
  EXPECT_THAT(error_of({"value", "node-kayles:/no/such/graph.txt", "all"}), HasSubstr("/no/such/graph.txt"));
  EXPECT_THAT(error_of({"value", kPetersen, "o0,x9"}),
              HasSubstr("argument 2: node-kayles position 'o0,x9', at character 4: no vertex named 'x9'"));
  std::string big;
  for (int v = 0; v < 129; ++v) big += fmt::format("v{} v{}\n", v, v + 1);
  const GraphFile file("grundy-node-kayles-big", big);
  EXPECT_THAT(error_of({"value", "node-kayles:" + file.path(), "all"}),
              HasSubstr(":128:6: more than 128 vertices; node-kayles plays on graphs of at most 128 vertices"));
  const GraphFile bad("grundy-node-kayles-bad", "a b\nc d e\n");
  const std::string extra = error_of({"value", "node-kayles:" + bad.path(), "all"});
  EXPECT_THAT(extra, HasSubstr(":2:5: unexpected third name 'e'"));
  // An edge of Node Kayles is no move (the directed graph game's wording was used).
  EXPECT_THAT(extra, HasSubstr("expected 'u v' (an edge between vertices u and v)"));
  EXPECT_THAT(extra, Not(HasSubstr("a move from")));
}

}  // namespace
}  // namespace grundy
