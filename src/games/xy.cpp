#include "grundy/games/xy.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/modular_window.hpp"

namespace grundy {
namespace {

// The type of the next interval after one of length `length` and type `type`
// (docs/games/xy.md, the interval lemma): a length of 0 (mod 3) keeps the
// type, 1 (mod 3) makes it 0, 2 (mod 3) flips it.
unsigned next_type(std::uint64_t length, unsigned type) {
  switch (length % 3) {
    case 0:
      return type;
    case 1:
      return 0;
    default:
      return type ^ 1U;
  }
}

}  // namespace

XyGame::XyGame(std::uint64_t x, std::uint64_t y) : x_(x), y_(y) {
  if (x == 0) throw InputError("the XY game needs X >= 1 (every heap would be a multiple of 0)");
  if (x >= y) throw InputError(fmt::format("the XY game needs X < Y, got X = {} and Y = {}", x, y));
  if (y > kMaxY) throw InputError(fmt::format("the XY game takes Y up to 10^18, got Y = {}", y));
  x_mod3_ = static_cast<unsigned>(x % 3);
  y_mod3_ = static_cast<unsigned>(y % 3);
  modulus_ = 3 * x;
  step_ = (modulus_ - 3 * (y % x)) % modulus_;
}

std::string XyGame::spec() const { return fmt::format("xy:{},{}", x_, y_); }

unsigned XyGame::grundy_value(std::uint64_t v) const {
  if (!forbidden(v)) return free_value(v);
  // A forbidden size still has moves, to v - 1 and v - 2 when those are
  // free: its value is the mex of theirs.
  // Both usually lie in one block: its type is found once.
  bool seen[3] = {false, false, false};
  std::uint64_t known_block = ~std::uint64_t{0};
  unsigned known_type = 0;
  for (std::uint64_t take = 1; take <= 2 && take <= v; ++take) {
    const std::uint64_t u = v - take;
    if (forbidden(u)) continue;
    const std::uint64_t q = u / x_;
    if (q != known_block) {
      known_block = q;
      known_type = type_at_block(q);
    }
    seen[value_in_block(u, q, known_type)] = true;
  }
  unsigned mex = 0;
  while (mex < 3 && seen[mex]) ++mex;
  return mex;
}

unsigned XyGame::free_value(std::uint64_t v) const {
  const std::uint64_t q = v / x_;
  return value_in_block(v, q, type_at_block(q));
}

unsigned XyGame::value_in_block(std::uint64_t v, std::uint64_t q, unsigned type) const {
  // The interval holding v starts at the largest forbidden size below v:
  // qX, or a multiple of Y inside the block after qX.
  std::uint64_t start = q * x_;
  const std::uint64_t y_cut = v - v % y_;
  if (y_cut > start) {
    type = next_type(y_cut - start, type);
    start = y_cut;
  }
  // Offset k = v - start >= 1 holds (k - 1) mod 3, with 0 and 1 swapped in type 1.
  const auto value = static_cast<unsigned>((v - start - 1) % 3);
  return type == 1 && value < 2 ? value ^ 1U : value;
}

unsigned XyGame::type_at_block(std::uint64_t q) const {
  if (q == 0) return 0;  // the first interval, from 0, has type 0
  // Multiples jY below qX: j <= last.
  const std::uint64_t last = (q * x_ - 1) / y_;
  switch (x_mod3_) {
    case 1:
      // Every block maps type 0 to type 0 (docs/games/xy.md), and the first
      // block starts with type 0.
      return 0;
    case 0: {
      // Blocks act as the identity, except one cut at an offset r != 0
      // (mod 3), which sets the type to 1 for r = 1 and to 0 for r = 2;
      // r = jY (mod 3) since 3 divides X. The last j <= `last` not divisible
      // by 3 is `last` or `last - 1`.
      if (y_mod3_ == 0) return 0;
      std::uint64_t j = last % 3 == 0 ? last - (last > 0 ? 1 : 0) : last;
      if (j == 0 || j % 3 == 0) return 0;
      return (j % 3) * y_mod3_ % 3 == 1 ? 1 : 0;
    }
    default: {
      // Every block flips the type, except one cut at an offset r = 1
      // (mod 3), which sets it to 0.
      const std::uint64_t j = last_resetting_multiple(last);
      if (j == 0) return static_cast<unsigned>(q & 1U);
      const std::uint64_t reset_block = j * y_ / x_;
      return static_cast<unsigned>((q - reset_block - 1) & 1U);
    }
  }
}

std::uint64_t XyGame::last_resetting_multiple(std::uint64_t last) const {
  // jY = 3X*a + dX + r with 0 <= r < X and d = floor(jY/X) mod 3, so
  // r = jY - dX = j*Y - 2d (mod 3) (X = 2 mod 3), and r = 1 (mod 3) exactly
  // when d = 2(j*Y - 1) (mod 3). For each class c of j modulo 3 that is the
  // condition "jY mod 3X lies in [dX, dX + X - 1]", and going down from the
  // largest j <= last in the class by steps of 3 is a progression modulo 3X.
  std::uint64_t best = 0;
  for (unsigned c = 0; c < 3; ++c) {
    const std::uint64_t below = (last % 3 + 3 - c) % 3;  // last - below = c (mod 3)
    if (last <= below) continue;                          // no such j >= 1
    const std::uint64_t top = last - below;
    if (top <= best) continue;
    const std::uint64_t d = 2 * ((c * y_mod3_ + 2) % 3) % 3;
    const auto steps = first_in_window(step_, top * y_ % modulus_, modulus_, d * x_, d * x_ + x_ - 1);
    if (!steps || *steps > (top - 1) / 3) continue;  // j = top - 3*steps must stay >= 1
    best = std::max(best, top - 3 * *steps);
  }
  return best;
}

std::vector<Position> XyGame::moves_to_value(Position v, Nimber target) const {
  std::vector<Position> moves;
  for (std::uint64_t take = 1; take <= 2 && take <= v; ++take) {
    const std::uint64_t left = v - take;
    if (!forbidden(left) && free_value(left) == target.value()) moves.push_back(left);
  }
  return moves;
}

std::string XyGame::move_rule() const {
  return fmt::format("a move takes 1 or 2 tokens, but may not leave a multiple of X = {} or of Y = {} (0 is one)", x_,
                     y_);
}

std::string XyGame::why_not_move(Position from, Position to) const {
  if (to >= from) return heap_not_smaller(from, to);
  if (from - to > 2) return fmt::format("taking {} is not a move: a move takes 1 or 2 tokens", from - to);
  if (to == 0) return "a move may not leave 0 tokens (0 counts as a multiple of X and of Y)";
  if (to % x_ == 0) return fmt::format("a move may not leave {}: it is a multiple of X = {}", to, x_);
  if (to % y_ == 0) return fmt::format("a move may not leave {}: it is a multiple of Y = {}", to, y_);
  return {};
}

MoveSample XyGame::moves_from(Position v, Position lowest, std::uint64_t limit) const {
  MoveSample sample;
  sample.total = 0;
  for (std::uint64_t take = std::min<std::uint64_t>(2, v); take >= 1; --take) {
    const std::uint64_t left = v - take;
    if (left < lowest || forbidden(left)) continue;
    ++*sample.total;
    if (sample.moves.size() < limit) sample.moves.push_back(left);
  }
  return sample;
}

}  // namespace grundy
