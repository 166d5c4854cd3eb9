// An independent check of a period claimed for an octal game: G(0..L-1) by
// the plain mex, from the digit rule alone, with none of grundy's code (no
// library, no rare values, no table files), then G(n + p) = G(n) checked for
// e <= n < L - p, where L is the length the periodicity theorem needs:
//   L = 2e + 2p + t when a move may leave two heaps (Guy-Smith),
//   L = e + 2p + t   when every move leaves at most one heap,
// t the code's last digit (the most tokens a move takes), e at least 1.
// It also checks that the period does not hold from e - 1, so that e is the
// smallest preperiod for this period.
//
// Usage: octal_period_check CODE E P      (CODE as 0.1146 or 4.37)
// Exit status: 0 confirmed, 1 refuted, 2 bad arguments.
// Cost: O(L^2) for a code that splits heaps (each value scans every pair),
// O(L t) otherwise; 4L bytes of memory.
//
// Built and run by scripts/independent/check-period.sh; docs/census.md says
// which claims it checked.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

struct Code {
  std::vector<unsigned> digits;  // digits[0] = d0, digits[i] = d_i
};

bool parse_code(const std::string& text, Code& code) {
  if (text.size() < 3 || text[1] != '.' || (text[0] != '0' && text[0] != '4')) return false;
  code.digits.push_back(static_cast<unsigned>(text[0] - '0'));
  for (std::size_t i = 2; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '7') return false;
    code.digits.push_back(static_cast<unsigned>(text[i] - '0'));
  }
  return true;
}

bool parse_count(const char* text, std::uint64_t& out) {
  char* end = nullptr;
  out = std::strtoull(text, &end, 10);
  return end != text && *end == '\0' && text[0] != '-';
}

}  // namespace

int main(int argc, char** argv) {
  Code code;
  std::uint64_t e = 0, p = 0;
  if (argc != 4 || !parse_code(argv[1], code) || !parse_count(argv[2], e) || !parse_count(argv[3], p) || p == 0) {
    std::fprintf(stderr, "usage: octal_period_check CODE E P   (such as 0.1146 653279 288)\n");
    return 2;
  }
  const std::uint64_t t = code.digits.size() - 1;
  bool splits = code.digits[0] == 4;
  for (std::size_t i = 1; i < code.digits.size(); ++i) splits = splits || (code.digits[i] & 4) != 0;
  const std::uint64_t e1 = e == 0 ? 1 : e;
  const std::uint64_t length = splits ? 2 * e1 + 2 * p + t : e1 + 2 * p + t;
  if (length > (std::uint64_t{1} << 31)) {
    std::fprintf(stderr, "octal_period_check: %llu values is more than this check holds\n",
                 static_cast<unsigned long long>(length));
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::uint32_t> g(length);
  std::vector<std::uint64_t> seen(64, ~std::uint64_t{0});  // seen[v] == n: value v is an option of heap n
  for (std::uint64_t n = 0; n < length; ++n) {
    auto mark = [&](std::uint32_t v) {
      if (v >= seen.size()) seen.resize(2 * (static_cast<std::size_t>(v) + 1), ~std::uint64_t{0});
      seen[v] = n;
    };
    // d0 = 4: split the heap in two non-empty heaps, taking nothing.
    if (code.digits[0] == 4)
      for (std::uint64_t a = 1; a <= n / 2; ++a) mark(g[a] ^ g[n - a]);
    for (std::uint64_t i = 1; i <= t && i <= n; ++i) {
      const unsigned d = code.digits[i];
      const std::uint64_t r = n - i;  // tokens left after taking i
      if ((d & 1) != 0 && r == 0) mark(0);
      if ((d & 2) != 0 && r > 0) mark(g[r]);
      if ((d & 4) != 0)
        for (std::uint64_t a = 1; a <= r / 2; ++a) mark(g[a] ^ g[r - a]);
    }
    std::uint32_t v = 0;
    while (v < seen.size() && seen[v] == n) ++v;
    g[n] = v;
    if ((n & 0xFFFFF) == 0 && n > 0)
      std::fprintf(stderr, "octal_period_check: G(%llu) done\n", static_cast<unsigned long long>(n));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (std::uint64_t n = e; n + p < length; ++n)
    if (g[n + p] != g[n]) {
      std::printf("refuted: octal:%s has G(%llu) = %u and G(%llu) = %u, so no period %llu from %llu\n", argv[1],
                  static_cast<unsigned long long>(n + p), g[n + p], static_cast<unsigned long long>(n), g[n],
                  static_cast<unsigned long long>(p), static_cast<unsigned long long>(e));
      return 1;
    }
  if (e > 0 && g[e - 1 + p] == g[e - 1]) {
    std::printf("refuted: octal:%s has the period %llu from %llu already (G(%llu) = G(%llu))\n", argv[1],
                static_cast<unsigned long long>(p), static_cast<unsigned long long>(e - 1),
                static_cast<unsigned long long>(e - 1 + p), static_cast<unsigned long long>(e - 1));
    return 1;
  }
  std::uint64_t largest = 0;
  for (std::uint32_t v : g) largest = v > largest ? v : largest;
  const std::string smallest = e == 0 ? std::string() : ", and not from " + std::to_string(e - 1);
  std::printf("confirmed: octal:%s has G(n + %llu) = G(n) for %llu <= n < %llu (%s)%s; "
              "largest value %llu; a plain mex of %llu values in %.0f s\n",
              argv[1], static_cast<unsigned long long>(p), static_cast<unsigned long long>(e),
              static_cast<unsigned long long>(length - p),
              splits ? "2e + p + t: the Guy-Smith theorem's range" : "e + p + t: the range for moves that leave one heap",
              smallest.c_str(), static_cast<unsigned long long>(largest), static_cast<unsigned long long>(length),
              seconds);
  return 0;
}
