// cram_search: values of Cram boards by the library's ComponentSearch, one
// line each with its time, the parts searched and the parts its table holds:
// what bench/search/run.sh times against igsolve.
//
// Usage: cram_search [--plain] [--memory SIZE] [--threads N] BOARD...
//   BOARD is HxW or rows ("..#./...."); SIZE bounds the table (512M, 4G);
//   N threads search (default: every core).
#include <chrono>
#include <cstdio>
#include <string_view>

#include "grundy/search/component_search.hpp"
#include "grundy/error.hpp"
#include "grundy/games/cram.hpp"
#include "grundy/execution_budget.hpp"
#include "grundy/search/transposition_table.hpp"

int main(int argc, char** argv) {
  grundy::SearchMethod method = grundy::SearchMethod::pruned;
  std::size_t table_bytes = grundy::machine_table_bytes();
  unsigned threads = 0;  // (0: every core)
  int first = 1;
  for (; first < argc; ++first) {
    const std::string_view arg = argv[first];
    if (arg == "--plain") {
      method = grundy::SearchMethod::plain;
    } else if (arg == "--memory" && first + 1 < argc) {
      const auto bytes = grundy::parse_byte_size(argv[++first]);
      if (!bytes) {
        std::fprintf(stderr, "cram_search: --memory %s: expected a size such as 512M\n", argv[first]);
        return 2;
      }
      table_bytes = static_cast<std::size_t>(*bytes);
    } else if (arg == "--threads" && first + 1 < argc) {
      const auto n = grundy::parse_thread_count(argv[++first]);
      if (!n) {
        std::fprintf(stderr, "cram_search: --threads %s: expected a count from 1 to %u\n", argv[first],
                     grundy::kMaxSearchThreads);
        return 2;
      }
      threads = *n;
    } else {
      break;
    }
  }
  if (first >= argc) {
    std::fprintf(stderr, "usage: cram_search [--plain] [--memory SIZE] [--threads N] BOARD...\n");
    return 2;
  }
  try {
    for (int i = first; i < argc; ++i) {
      const grundy::CramBoard board = grundy::parse_cram_board(argv[i]);
      grundy::ComponentSearch<grundy::CramRules> search(grundy::CramRules{}, method, table_bytes);
      search.set_threads(threads);
      const auto start = std::chrono::steady_clock::now();
      const grundy::Nimber v = search.value(board);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const grundy::SearchStats s = search.stats();
      std::printf("%s\t%llu\t%.3f s\t%zu parts\t%llu searched\t%zu MB table\t%llu replaced\n", argv[i],
                  static_cast<unsigned long long>(v.value()), seconds, s.table_entries,
                  static_cast<unsigned long long>(s.searched), s.table_bytes >> 20,
                  static_cast<unsigned long long>(s.replaced));
    }
  } catch (const grundy::InputError& e) {
    std::fprintf(stderr, "cram_search: %s\n", e.what());
    return 2;
  }
  return 0;
}
