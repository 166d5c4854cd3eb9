#include "grundy/misere/misere_quotient_moves.hpp"

#include <algorithm>

#include "support/periodic_matches.hpp"

namespace grundy {

QuotientMoves quotient_winning_options(const MisereQuotient& q, std::span<const std::uint8_t> digits, Position n,
                                       QuotientElement rest, std::uint64_t limit) {
  auto wins = [&](QuotientElement option) { return static_cast<bool>(q.in_p[q.multiply(rest, option)]); };
  QuotientMoves out;
  __extension__ unsigned __int128 total = 0;
  auto emit = [&](Option o) {
    if (out.options.size() < limit) out.options.push_back(std::move(o));
  };
  // From n0 on the classes repeat with period p (a whole game's quotient).
  const std::uint64_t n0 = q.whole ? q.whole->preperiod : kNoPeriod;
  const std::uint64_t p = q.whole ? q.whole->period : 0;
  for (std::uint64_t t = 0; t < digits.size() && t <= n; ++t) {
    const std::uint8_t d = digits[t];
    const Position m = n - t;
    if ((d & 1) != 0 && m == 0 && wins(0)) {
      ++total;
      emit({});
    }
    if ((d & 2) != 0 && m >= 1 && wins(q.pretending_of(m))) {
      ++total;
      emit({m});
    }
    if ((d & 4) != 0 && m >= 2) {
      const std::uint64_t room = limit - std::min<std::uint64_t>(limit, out.options.size());
      const MatchCount c = periodic_matches(
          1, m / 2, n0, p,
          [&](std::uint64_t a) { return wins(q.multiply(q.pretending_of(a), q.pretending_of(m - a))); }, room, true,
          [&](std::uint64_t a) {
            emit({a, m - a});
          });
      total += c.found;
    }
  }
  if (total <= ~std::uint64_t{0}) out.total = static_cast<std::uint64_t>(total);
  return out;
}

}  // namespace grundy
