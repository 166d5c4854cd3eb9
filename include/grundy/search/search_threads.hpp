#pragma once
// How many threads a search uses when its caller does not say
// (ComponentSearch::set_threads): what set_default_search_threads set last
// (a program's --threads, or GRUNDY_THREADS read by the front end), else
// every core this process may run on. The default is never more than those
// cores: a thread more than the cores only slows a search down (Cram 5x7
// on a 2-core machine: 66 s on 1,000 threads against 1.6 s on one), so a
// larger number asked for is taken down to them, and the caller told.
//
// Costs: each O(1) but the first default_search_threads(), which asks the
// system for the process's cores once.

#include <optional>
#include <string_view>

namespace grundy {

// The most threads a search may be given: far more than cores on any
// machine it was measured on; each costs its stacks and a few pools.
inline constexpr unsigned kMaxSearchThreads = 1024;

[[nodiscard]] unsigned default_search_threads();
// Sets the default and returns it: `threads` when the process may use that
// many cores, else the cores it may use; 0 means every core.
unsigned set_default_search_threads(unsigned threads);
// The cores this process may run on (its CPU affinity), at least 1.
[[nodiscard]] unsigned available_cores();

// "0" (every core) to "1024" (kMaxSearchThreads); nullopt for anything
// else (a sign, spaces, a word, a number out of range).
[[nodiscard]] std::optional<unsigned> parse_thread_count(std::string_view text);

}  // namespace grundy
