// libFuzzer target: the Codeforces 2004E (Not a Nim Problem) reader and solver
// (contest_harness.hpp).
//
// One input class is left out on purpose: an odd pile of 14 to 20 significant
// digits. grundy accepts every 64-bit pile, and the value of a large prime
// pile is a prime count that takes seconds to a minute near 2^64
// (docs/contest.md): correct but slow, so libFuzzer would report it as a
// hang. Piles up to 10^13 (prime counts of milliseconds) and numbers of 21 or
// more digits (always too large: the error path) are fuzzed.

#include "contest_harness.hpp"
#include "grundy/contest/not_a_nim.hpp"

namespace {

bool has_slow_pile(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] < '0' || text[i] > '9') {
      ++i;
      continue;
    }
    std::size_t start = i;
    while (start < text.size() && text[start] == '0') ++start;  // leading zeros count for nothing
    std::size_t end = start;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    const std::size_t digits = end - start;
    if (digits >= 14 && digits <= 20) return true;
    i = end;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (has_slow_pile(std::string_view(reinterpret_cast<const char*>(data), size))) return -1;  // not kept in the corpus
  return grundy::fuzz::fuzz_contest_input(data, size, grundy::contest::solve_not_a_nim, "Alice", "Bob");
}
