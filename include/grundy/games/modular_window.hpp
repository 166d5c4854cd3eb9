#pragma once
// The first term of an arithmetic progression modulo m that falls in a window:
// the smallest k >= 0 with lo <= (a*k + b) mod m <= hi.
//
// Answered in O(log m) steps by a Euclid-like descent (docs/games/xy.md,
// "Finding the last reset"): if no multiple of a lands in the window before
// the first wrap-around, the wrap-arounds themselves form a progression
// modulo a, and the question repeats with (m mod a, a) in place of (a, m).
// The XY game uses it to find the last multiple of Y that resets the
// interval types.

#include <cstdint>
#include <optional>

namespace grundy {

// Every input must satisfy m >= 1, a < m, b < m and lo <= hi < m, with
// m < 2^63. Returns nothing when no k exists (the progression misses the
// window forever).
[[nodiscard]] std::optional<std::uint64_t> first_in_window(std::uint64_t a, std::uint64_t b, std::uint64_t m,
                                                           std::uint64_t lo, std::uint64_t hi);

}  // namespace grundy
