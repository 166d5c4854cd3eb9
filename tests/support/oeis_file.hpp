#pragma once
// The "n a(n)" lines of an OEIS data file copied into tests/data (comment
// lines start with '#'), in file order. A line that does not read as two
// numbers fails the calling test.

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace grundy::test {

inline std::vector<std::pair<std::uint64_t, std::uint64_t>> read_oeis(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::uint64_t n = 0;
    std::uint64_t v = 0;
    EXPECT_TRUE(fields >> n >> v) << path << ": " << line;
    rows.emplace_back(n, v);
  }
  return rows;
}

}  // namespace grundy::test
