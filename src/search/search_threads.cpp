#include "grundy/search/search_threads.hpp"

#include <sched.h>

#include <atomic>
#include <charconv>
#include <thread>

namespace grundy {

namespace {
std::atomic<unsigned> chosen_threads{0};
}  // namespace

unsigned available_cores() {
  static const unsigned cores = [] {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
      const int n = CPU_COUNT(&set);
      if (n > 0) return static_cast<unsigned>(n);
    }
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1u : n;
  }();
  return cores;
}

unsigned default_search_threads() {
  const unsigned chosen = chosen_threads.load(std::memory_order_relaxed);
  return chosen != 0 ? chosen : available_cores();
}

unsigned set_default_search_threads(unsigned threads) {
  const unsigned cores = available_cores();
  const unsigned chosen = threads == 0 || threads > cores ? cores : threads;
  chosen_threads.store(chosen, std::memory_order_relaxed);
  return chosen;
}

std::optional<unsigned> parse_thread_count(std::string_view text) {
  unsigned n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc{} || end != text.data() + text.size() || text.empty() || n > kMaxSearchThreads)
    return std::nullopt;
  return n;
}

}  // namespace grundy
