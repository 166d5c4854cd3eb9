// An independent check of a period claimed for an octal game: G(0..L-1) from
// the digit rule alone, with none of grundy's code (no library, no table
// files), then G(n + p) = G(n) checked for e <= n < L - p, where L is the
// length the periodicity theorem needs:
//   L = 2e + 2p + t when a move may leave two heaps (Guy-Smith),
//   L = e + 2p + t   when every move leaves at most one heap,
// t the code's last digit (the most tokens a move takes), e at least 1.
// It also checks that the period does not hold from e - 1, so that e is the
// smallest preperiod for this period.
//
// Usage: octal_period_check [--rare MASK] CODE E P   (CODE as 0.1146 or 4.37)
// Exit status: 0 confirmed, 1 refuted, 2 bad arguments.
//
// Two ways to the values, each exact:
// - the plain mex (the default): every option of every heap. O(L^2) for a
//   code that splits heaps, O(L t) otherwise; 4L bytes of memory.
// - --rare MASK (a number, such as 0x3d): the rare-value method (Winning
//   Ways, "sparse space"), written here from its description alone. A value
//   v is rare when v & MASK has an even number of 1 bits, common otherwise;
//   the XOR of two values of one kind is rare, of two kinds common. So every
//   common value among a heap's two-heap options comes from a pair with a
//   heap of rare value, and the list of such heaps finds them all: c, the
//   smallest common value that is no option, is exact. G(n) = c unless a
//   rare value below c is no option either; those are looked for among all
//   the pairs, a scan that stops once each is found, and runs through all
//   pairs only when one is missing (then G(n) is the smallest missing one).
//   Any MASK gives the same values; a good one (few heaps of rare value)
//   makes it fast: O(L (R s + scan)) for R heaps of rare value and s split
//   digits; 2L bytes of memory (values must stay below 65,535).
// The output line ends with an FNV-1a hash of G(0..L-1), the same for both
// ways.
//
// Built and run by scripts/independent/check-period.sh; docs/census.md says
// which claims it checked.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
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

using Values = std::vector<std::uint16_t>;

bool too_large(std::uint64_t n) {
  std::fprintf(stderr, "octal_period_check: G(%llu) reaches 65,535, more than this check holds\n",
               static_cast<unsigned long long>(n));
  return false;
}

// G(0..length-1) by the plain mex; false, with a message, when a value
// reaches 65,535.
bool plain_values(const Code& code, std::uint64_t length, Values& g) {
  const std::uint64_t t = code.digits.size() - 1;
  g.assign(length, 0);
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
    if (v >= 65535) return too_large(n);
    g[n] = static_cast<std::uint16_t>(v);
    if ((n & 0xFFFFF) == 0 && n > 0)
      std::fprintf(stderr, "octal_period_check: G(%llu) done\n", static_cast<unsigned long long>(n));
  }
  return true;
}

// G(0..length-1) by the rare-value method (see the top of this file); false,
// with a message, when a value reaches 65,535.
bool rare_values(const Code& code, std::uint64_t length, std::uint32_t mask, Values& g) {
  constexpr std::uint32_t kValues = 65536;
  const std::uint64_t t = code.digits.size() - 1;
  auto rare = [&](std::uint32_t v) { return (__builtin_popcount(v & mask) & 1) == 0; };
  g.assign(length, 0);
  std::vector<std::uint64_t> splits;  // tokens taken by each move that leaves two heaps
  for (std::uint64_t i = 0; i <= t; ++i)
    if ((code.digits[i] & 4) != 0) splits.push_back(i);
  std::vector<std::uint64_t> rare_heaps;                        // heaps (at least 1) of rare value, in order
  std::vector<std::uint32_t> seen(kValues, ~std::uint32_t{0});  // seen[v] == n: v is an option of heap n
  std::uint64_t full_scans = 0, scanned = 0;
  for (std::uint64_t n = 0; n < length; ++n) {
    const auto stamp = static_cast<std::uint32_t>(n);
    // Moves that leave no heap or one heap (d0 is 0 or 4: no such move takes nothing).
    for (std::uint64_t i = 1; i <= t && i <= n; ++i) {
      const unsigned d = code.digits[i];
      if ((d & 1) != 0 && n == i) seen[0] = stamp;
      if ((d & 2) != 0 && n > i) seen[g[n - i]] = stamp;
    }
    // Two-heap options with a heap of rare value: every common value among them.
    for (std::uint64_t i : splits) {
      if (n < i + 2) continue;
      const std::uint64_t s = n - i;
      for (std::uint64_t r : rare_heaps) {
        if (r >= s) break;
        seen[g[r] ^ g[s - r]] = stamp;
      }
    }
    std::uint32_t c = 0;
    while (c < kValues && (rare(c) || seen[c] == stamp)) ++c;
    // The rare values below c that no option has shown yet.
    std::uint32_t missing = 0;
    for (std::uint32_t v = 0; v < c; ++v) missing += seen[v] != stamp ? 1 : 0;
    if (missing > 0) {
      bool done = false;
      for (std::uint64_t i : splits) {
        if (n < i + 2 || done) continue;
        const std::uint64_t s = n - i;
        for (std::uint64_t a = 1; a <= s / 2; ++a) {
          const std::uint32_t v = g[a] ^ g[s - a];
          ++scanned;
          if (seen[v] == stamp) continue;
          seen[v] = stamp;
          if (v < c && --missing == 0) {
            done = true;
            break;
          }
        }
      }
      if (!done) ++full_scans;
    }
    std::uint32_t v = 0;
    while (v < kValues && seen[v] == stamp) ++v;
    if (v >= kValues - 1) return too_large(n);
    g[n] = static_cast<std::uint16_t>(v);
    if (n > 0 && rare(v)) rare_heaps.push_back(n);
    if ((n & 0xFFFFFF) == 0 && n > 0)
      std::fprintf(stderr, "octal_period_check: G(%llu) done, %zu heaps of rare value\n",
                   static_cast<unsigned long long>(n), rare_heaps.size());
  }
  std::fprintf(stderr,
               "octal_period_check: mask 0x%x: %zu heaps of rare value (the last %llu); %llu full scans; %.1f pairs "
               "scanned a heap\n",
               mask, rare_heaps.size(), rare_heaps.empty() ? 0ULL : static_cast<unsigned long long>(rare_heaps.back()),
               static_cast<unsigned long long>(full_scans), static_cast<double>(scanned) / static_cast<double>(length));
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Code code;
  std::uint64_t e = 0, p = 0;
  std::optional<std::uint32_t> rare_mask;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 5 && args[0] == "--rare") {
    char* end = nullptr;
    const unsigned long mask = std::strtoul(args[1].c_str(), &end, 0);
    if (end == args[1].c_str() || *end != '\0' || mask == 0 || mask > 0xFFFF) {
      std::fprintf(stderr, "octal_period_check: --rare wants a mask from 1 to 0xffff, not '%s'\n", args[1].c_str());
      return 2;
    }
    rare_mask = static_cast<std::uint32_t>(mask);
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.size() != 3 || !parse_code(args[0], code) || !parse_count(args[1].c_str(), e) ||
      !parse_count(args[2].c_str(), p) || p == 0) {
    std::fprintf(stderr, "usage: octal_period_check [--rare MASK] CODE E P   (such as 0.1146 653279 288)\n");
    return 2;
  }
  const char* game = args[0].c_str();
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
  Values g;
  if (!(rare_mask ? rare_values(code, length, *rare_mask, g) : plain_values(code, length, g))) return 2;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (std::uint64_t n = e; n + p < length; ++n)
    if (g[n + p] != g[n]) {
      std::printf("refuted: octal:%s has G(%llu) = %u and G(%llu) = %u, so no period %llu from %llu\n", game,
                  static_cast<unsigned long long>(n + p), g[n + p], static_cast<unsigned long long>(n), g[n],
                  static_cast<unsigned long long>(p), static_cast<unsigned long long>(e));
      return 1;
    }
  if (e > 0 && g[e - 1 + p] == g[e - 1]) {
    std::printf("refuted: octal:%s has the period %llu from %llu already (G(%llu) = G(%llu))\n", game,
                static_cast<unsigned long long>(p), static_cast<unsigned long long>(e - 1),
                static_cast<unsigned long long>(e - 1 + p), static_cast<unsigned long long>(e - 1));
    return 1;
  }
  std::uint64_t largest = 0;
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a over the values, two bytes each
  for (std::uint16_t v : g) {
    largest = v > largest ? v : largest;
    hash = (hash ^ (v & 0xFFu)) * 0x100000001b3ULL;
    hash = (hash ^ (v >> 8)) * 0x100000001b3ULL;
  }
  const std::string smallest = e == 0 ? std::string() : ", and not from " + std::to_string(e - 1);
  std::printf(
      "confirmed: octal:%s has G(n + %llu) = G(n) for %llu <= n < %llu (%s)%s; "
      "largest value %llu; %s of %llu values in %.0f s; values' hash %016llx\n",
      game, static_cast<unsigned long long>(p), static_cast<unsigned long long>(e),
      static_cast<unsigned long long>(length - p),
      splits ? "2e + p + t: the Guy-Smith theorem's range" : "e + p + t: the range for moves that leave one heap",
      smallest.c_str(), static_cast<unsigned long long>(largest), rare_mask ? "the rare-value method" : "a plain mex",
      static_cast<unsigned long long>(length), seconds, static_cast<unsigned long long>(hash));
  return 0;
}
