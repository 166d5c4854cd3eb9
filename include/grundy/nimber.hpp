#pragma once
// Nimber: the value of an impartial game (Sprague-Grundy theorem), and nim_sum.
//
// A distinct type rather than a bare integer because heap-indexed games use
// integers for positions too; mixing a position with its value is the classic
// bug of this field, and the type system catches it here.
//
// A nimber prints as its number, both with fmt (`fmt::format("{:>4}", v)`:
// every spec of an unsigned integer, width and base included) and with
// iostreams (`std::cout << v`, honouring std::setw and the like).

#include <compare>
#include <cstdint>
#include <iosfwd>
#include <ranges>

#include <fmt/format.h>

namespace grundy {

// A Nimber is one 64-bit word: every operation on it is O(1), nothing allocated.
class Nimber {
 public:
  constexpr Nimber() = default;
  constexpr explicit Nimber(std::uint64_t value) : value_(value) {}

  [[nodiscard]] constexpr std::uint64_t value() const { return value_; }
  [[nodiscard]] constexpr bool is_zero() const { return value_ == 0; }

  // Nim addition: the value of a sum of two games is the XOR of their values.
  friend constexpr Nimber operator^(Nimber a, Nimber b) { return Nimber(a.value_ ^ b.value_); }
  constexpr Nimber& operator^=(Nimber other) {
    value_ ^= other.value_;
    return *this;
  }

  friend constexpr auto operator<=>(Nimber, Nimber) = default;

  // A template over the stream so that this header needs only <iosfwd>: the
  // body is compiled where it is used, and a program that prints to a stream
  // has included <ostream> (or <iostream>) by then.
  template <class Char, class Traits>
  friend std::basic_ostream<Char, Traits>& operator<<(std::basic_ostream<Char, Traits>& out, Nimber n) {
    return out << n.value_;
  }

 private:
  std::uint64_t value_ = 0;
};

// The nim-sum (XOR) of a range of nimbers; 0 for an empty range.
// O(n) for n nimbers.
template <std::ranges::input_range R>
requires std::same_as<std::ranges::range_value_t<R>, Nimber>
[[nodiscard]] constexpr Nimber nim_sum(R&& values) {
  Nimber total;
  for (Nimber v : values) total ^= v;
  return total;
}

// Who wins with the player to move starting: the first player (the one to
// move), the second, or nobody, when play can go on forever in a game with
// cycles (game_value.hpp) and neither player can force an end in their favour.
enum class Winner { first, second, draw };

// A game whose value is the nimber `v` is won by the first player exactly when v is nonzero.
// O(1), as is to_string below.
[[nodiscard]] constexpr Winner winner_of(Nimber v) { return v.is_zero() ? Winner::second : Winner::first; }

[[nodiscard]] constexpr const char* to_string(Winner w) {
  switch (w) {
    case Winner::first:
      return "first";
    case Winner::second:
      return "second";
    case Winner::draw:
      break;
  }
  return "draw";
}

}  // namespace grundy

// fmt prints a nimber as the unsigned integer it holds, so it accepts the same
// format specs: "{}", "{:>4}", "{:08b}", "{:#x}".
template <>
struct fmt::formatter<grundy::Nimber> : fmt::formatter<std::uint64_t> {
  auto format(grundy::Nimber n, format_context& ctx) const {
    return fmt::formatter<std::uint64_t>::format(n.value(), ctx);
  }
};
