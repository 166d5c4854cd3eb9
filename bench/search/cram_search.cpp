// cram_search: values of empty Cram boards by the library's ComponentSearch,
// one line each with its time and the parts its table holds: what
// bench/search/run.sh times against igsolve until `grundy value cram HxW`
// exists.
//
// Usage: cram_search [--plain] HxW...
#include <chrono>
#include <cstdio>
#include <string_view>

#include "grundy/component_search.hpp"
#include "grundy/error.hpp"
#include "grundy/games/cram.hpp"

int main(int argc, char** argv) {
  grundy::SearchMethod method = grundy::SearchMethod::pruned;
  int first = 1;
  if (argc > 1 && std::string_view(argv[1]) == "--plain") {
    method = grundy::SearchMethod::plain;
    first = 2;
  }
  if (first >= argc) {
    std::fprintf(stderr, "usage: cram_search [--plain] HxW...\n");
    return 2;
  }
  try {
    for (int i = first; i < argc; ++i) {
      const grundy::CramBoard board = grundy::parse_cram_board(argv[i]);
      grundy::ComponentSearch<grundy::CramRules> search(grundy::CramRules{}, method);
      const auto start = std::chrono::steady_clock::now();
      const grundy::Nimber v = search.value(board);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::printf("%s\t%llu\t%.3f s\t%zu parts\n", argv[i], static_cast<unsigned long long>(v.value()), seconds,
                  search.known_parts());
    }
  } catch (const grundy::InputError& e) {
    std::fprintf(stderr, "cram_search: %s\n", e.what());
    return 2;
  }
  return 0;
}
