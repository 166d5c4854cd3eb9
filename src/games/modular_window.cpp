#include "grundy/games/modular_window.hpp"

#include <limits>

namespace grundy {
namespace {

__extension__ using Uint128 = unsigned __int128;

// The smallest k >= 1 with lo <= (a*k) mod m <= hi, for 1 <= lo <= hi < m
// and a < m. Word holds every value below m; Wide holds m * m.
template <class Word, class Wide>
std::optional<Word> first_multiple_in_window(Word a, Word m, Word lo, Word hi) {
  if (a == 0) return std::nullopt;
  // The first multiple of a at or above lo, before the progression wraps.
  const Word k = static_cast<Word>((lo - 1) / a + 1);
  if (Wide{a} * k <= hi) return k;
  // No multiple of a lies in [lo, hi]: the window is shorter than a and sits
  // strictly between two multiples of a. The k-th term is a*k - m*w after w
  // wrap-arounds, and it lies in the window exactly when a multiple of a lies
  // in [lo + m*w, hi + m*w], that is when (m*w) mod a is in
  // [a - hi mod a, a - lo mod a]. There is at most one k for each w, and k
  // grows with w, so the smallest such w gives the smallest k: the same
  // question with (m mod a, a) in place of (a, m), as in Euclid's algorithm.
  const auto w = first_multiple_in_window<Word, Wide>(static_cast<Word>(m % a), a, static_cast<Word>(a - hi % a),
                                                      static_cast<Word>(a - lo % a));
  if (!w) return std::nullopt;
  // w < a and the answer k < m (both progressions repeat by then), so the
  // products fit in Wide and k in Word.
  return static_cast<Word>((Wide{lo} + Wide{m} * *w + a - 1) / a);
}

template <class Word, class Wide>
std::optional<std::uint64_t> first_in_window_with(Word a, Word b, Word m, Word lo, Word hi) {
  if (lo <= b && b <= hi) return 0;
  // Shift the window by -b; since b is outside it, the shifted window does
  // not contain 0 and does not wrap.
  const auto k = b < lo
                     ? first_multiple_in_window<Word, Wide>(a, m, static_cast<Word>(lo - b), static_cast<Word>(hi - b))
                     : first_multiple_in_window<Word, Wide>(a, m, static_cast<Word>(lo + (m - b)),
                                                            static_cast<Word>(hi + (m - b)));
  if (!k) return std::nullopt;
  return std::uint64_t{*k};
}

}  // namespace

std::optional<std::uint64_t> first_in_window(std::uint64_t a, std::uint64_t b, std::uint64_t m, std::uint64_t lo,
                                             std::uint64_t hi) {
  // 32-bit words when they suffice: the XY game's contest limits (m = 3X <
  // 3*10^9) stay there, where division is cheapest.
  if (m <= std::numeric_limits<std::uint32_t>::max())
    return first_in_window_with<std::uint32_t, std::uint64_t>(
        static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(m),
        static_cast<std::uint32_t>(lo), static_cast<std::uint32_t>(hi));
  return first_in_window_with<std::uint64_t, Uint128>(a, b, m, lo, hi);
}

}  // namespace grundy
