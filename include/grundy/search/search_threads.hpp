#pragma once
// How many threads a search uses when its caller does not say
// (ComponentSearch::set_threads): what set_default_search_threads set last
// (a program's --threads, or GRUNDY_THREADS read by the front end), else
// every core this process may run on.
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
// 0 goes back to every core the process may use.
void set_default_search_threads(unsigned threads);
// The cores this process may run on (its CPU affinity), at least 1.
[[nodiscard]] unsigned available_cores();

// "1" to "1024" (kMaxSearchThreads); nullopt for anything else (0, a sign,
// spaces, a word, a number out of range).
[[nodiscard]] std::optional<unsigned> parse_thread_count(std::string_view text);

}  // namespace grundy
