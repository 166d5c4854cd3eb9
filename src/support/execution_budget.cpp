#include "grundy/execution_budget.hpp"

#include <sched.h>
#include <unistd.h>

#include <charconv>
#include <thread>

namespace grundy {

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

unsigned threads_taken(unsigned asked) {
  const unsigned cores = available_cores();
  return asked == 0 || asked > cores ? cores : asked;
}

std::size_t machine_table_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return std::size_t{1} << 30;
  return static_cast<std::size_t>(pages) / 4 * static_cast<std::size_t>(page_size);
}

std::optional<unsigned> parse_thread_count(std::string_view text) {
  unsigned n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc{} || end != text.data() + text.size() || text.empty() || n > kMaxSearchThreads)
    return std::nullopt;
  return n;
}

}  // namespace grundy
