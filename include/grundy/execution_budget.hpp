#pragma once
// What a computation may take of the machine: threads and memory. A front
// end builds one from its own settings (the command line's --threads,
// --memory and GRUNDY_THREADS; Python's grundy.threads() and
// grundy.memory(); the server's workers) and hands it to each game it
// parses (parse_game, read_sum, Game::use_budget); the game passes it on to
// the searches, tables and helpers it makes. Nothing in the library keeps a
// process-wide setting of its own, so two games of one process (two Python
// calls, a census's games) may run under different budgets.
//
// A budget left as it is means every core this process may run on and a
// quarter of the machine's memory. Threads are never more than those cores:
// a thread more than the cores only slows a search down (Cram 5x7 on a
// 2-core machine: 66 s on 1,000 threads against 1.6 s on one), so a larger
// number asked for is taken down to them (threads_taken), and front ends
// tell the user.
//
// Costs: each O(1) but the first available_cores() and each
// machine_table_bytes(), which ask the system.

#include <cstddef>
#include <optional>
#include <string_view>

namespace grundy {

// The most threads a computation may be given: far more than cores on any
// machine it was measured on; each costs its stacks and a few pools.
inline constexpr unsigned kMaxSearchThreads = 1024;

// The cores this process may run on (its CPU affinity), at least 1.
[[nodiscard]] unsigned available_cores();
// The threads a computation takes when `asked` for: `asked` when the
// process may use that many cores, else the cores it may use; 0 means every
// core.
[[nodiscard]] unsigned threads_taken(unsigned asked);
// A quarter of the machine's memory (1 GiB where that is unknown): the
// bound of a table whose budget states none.
[[nodiscard]] std::size_t machine_table_bytes();

struct ExecutionBudget {
  unsigned threads = 0;          // 0: every core this process may run on
  std::size_t memory_bytes = 0;  // a table's bound; 0: machine_table_bytes()

  // The threads to run on: threads_taken(threads).
  [[nodiscard]] unsigned search_threads() const { return threads_taken(threads); }
  // The bytes a table (or a misère search, or a game written in Python)
  // may hold.
  [[nodiscard]] std::size_t table_bytes() const { return memory_bytes != 0 ? memory_bytes : machine_table_bytes(); }

  bool operator==(const ExecutionBudget&) const = default;
};

// "0" (every core) to "1024" (kMaxSearchThreads); nullopt for anything
// else (a sign, spaces, a word, a number out of range).
[[nodiscard]] std::optional<unsigned> parse_thread_count(std::string_view text);

}  // namespace grundy
