#pragma once
// The published values of empty Cram boards, tests/data/cram.tsv (its
// sources are named in the file): one row per board, h x w with its
// number of cells and its nimber.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace grundy::test {

struct PublishedCramBoard {
  unsigned height = 0, width = 0, cells = 0, nimber = 0;
};

// Every row of the file (empty when it cannot be read: callers check size).
inline std::vector<PublishedCramBoard> published_cram_boards(const std::string& data_dir) {
  std::vector<PublishedCramBoard> rows;
  std::ifstream in(data_dir + "/cram.tsv");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line[0] == 'h') continue;
    std::istringstream row(line);
    PublishedCramBoard b;
    row >> b.height >> b.width >> b.cells >> b.nimber;
    rows.push_back(b);
  }
  return rows;
}

}  // namespace grundy::test
