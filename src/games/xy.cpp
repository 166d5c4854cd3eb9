#include "grundy/games/xy.hpp"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/mex.hpp"
#include "grundy/games/modular_window.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/pattern.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"

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
  Nimber options[2];
  std::size_t count = 0;
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
    options[count++] = Nimber(value_in_block(u, q, known_type));
  }
  return static_cast<unsigned>(mex(std::span<const Nimber>(options, count)).value());
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
    if (last <= below) continue;                         // no such j >= 1
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

namespace {

// XY games whose lcm(X, Y) is at most this get a proven period: the proof
// computes 8 lcm(X, Y) + 8 values (16 MB of them at the bound).
constexpr std::uint64_t kXyProofMaxLcm = 250'000;

// An XY game whose lcm(X, Y) (0 when above 2^64) is too large for the proof
// below: the rule observed on G(0..limit). By docs/games/xy.md G is
// 2 lcm-periodic from n = 2 lcm on, so G(0..6 lcm - 1) hold a preperiod of at
// most half of them and two whole periods after it: enough for
// observe_period to see the rule.
Pattern xy_observe_pattern(const XyGame& game, std::uint64_t limit, std::uint64_t lcm) {
  Pattern out = observe_pattern(game, limit);
  const std::string lcm_text = lcm == 0 ? std::string("above 2^64") : fmt::format("= {}", lcm);
  out.reason = fmt::format(
      "lcm({}, {}) {} is above {}, the largest the proof handles, so {}", game.x(), game.y(), lcm_text, kXyProofMaxLcm,
      out.kind == PatternKind::none
          ? fmt::format("only G(0..{}) were examined, and no rule fits at least half of them", limit)
          : fmt::format("the rule was only seen on G(0..{})", limit));
  const std::uint64_t enough = lcm != 0 && lcm <= kMaxPatternLimit / 6 ? 6 * lcm - 1 : 0;
  out.advice = {};
  if (enough == 0) {
    out.advice.note = fmt::format(
        "G is periodic from n = 2 lcm(X, Y) on, with a period dividing 2 lcm(X, Y), but 6 "
        "lcm(X, Y) values, enough to see it, are more than the {} a pattern search examines",
        kMaxPatternLimit);
  } else if (limit < enough) {
    out.advice.kind = PatternAdvice::Kind::enough_bound;
    out.advice.bound = enough;
    out.advice.note = "G is periodic from n = 2 lcm(X, Y) on, with a period dividing 2 lcm(X, Y)";
    out.advice.bound_reason = "6 lcm - 1";
  }
  return out;
}

// The XY game repeats S every L = lcm(X, Y), and G(n) depends only on which
// of n - 1, n - 2 are in S and on G(n - 1), G(n - 2). So a pair of
// consecutive values that recurs P = 2L places later (docs/games/xy.md shows
// one always does, from n = 2L at the latest) makes the sequence P-periodic
// from there, by induction. An observed rule G(n + p) = G(n) that holds on a
// whole P-period beyond both preperiods then holds for every n. It is also the
// smallest period: any true period q fails only before the P-periodic part,
// so it would fit the values computed and be found before p.
}  // namespace

Pattern XyGame::pattern(std::uint64_t limit) const {
  const XyGame& game = *this;
  const std::uint64_t g = std::gcd(game.x(), game.y());
  std::uint64_t lcm = 0;
  const bool overflow = __builtin_mul_overflow(game.x() / g, game.y(), &lcm);
  if (overflow || lcm > kXyProofMaxLcm) return xy_observe_pattern(game, limit, overflow ? 0 : lcm);
  const std::uint64_t big_period = 2 * lcm;
  const std::uint64_t size = 4 * big_period + 8;
  const std::vector<Nimber> values = first_values(game, size);
  std::uint64_t start = 0;  // the first n with G(n..n+1) = G(n+P..n+P+1)
  while (start + big_period + 1 < size &&
         (values[start] != values[start + big_period] || values[start + 1] != values[start + 1 + big_period]))
    ++start;
  const auto observed = search_period(game.spec(), values);
  // Conditions of the proof above; the theory says they always hold, and
  // the pattern is reported as observed only if they do not.
  const std::uint64_t from = observed ? std::max(observed->preperiod, start) : 0;
  if (!observed || 2 * start > size || start + 2 * big_period > size || from + big_period + observed->period > size) {
    Pattern out = observe_pattern(game, limit);
    out.reason =
        fmt::format("the proof's conditions failed on G(0..{}) (docs/games/xy.md says they never do); ", size - 1) +
        out.reason;
    return out;
  }
  Pattern out;
  out.game = game.spec();
  out.kind = PatternKind::periodic;
  out.proven = true;
  out.preperiod = observed->preperiod;
  out.period = observed->period;
  out.value_count = out.preperiod + out.period;
  out.checked_up_to = size - 1;
  out.proof_bound = size;
  out.check = fmt::format("values G(0..{}), in which G({}..{}) = G({}..{}) and G(n + {}) = G(n) for {} <= n < {}",
                          size - 1, start, start + 1, start + big_period, start + big_period + 1, out.period,
                          out.preperiod, size - out.period);
  out.theorem = fmt::format(
      "the forbidden sizes repeat every lcm(X, Y) = {} and G(n) depends only on which of n-1, n-2 are forbidden and "
      "on G(n-1), G(n-2), so G(n + {}) = G(n) for n >= {} by induction; the rule holds on G({}..{}), a whole "
      "period of {}, hence for every n >= {}; a smaller period would fail only before {} and would have been found "
      "(docs/games/xy.md)",
      lcm, big_period, start, from, from + big_period - 1, big_period, out.preperiod, start);
  return out;
}

namespace {
// xy:X,Y: two numbers, the game checks 1 <= X < Y <= 10^18.
std::unique_ptr<Game> parse_xy(const SpecText& spec) {
  spec.expect_params("xy:X,Y, such as xy:5,7");
  const std::string_view params = spec.params;
  const std::size_t comma = params.find(',');
  if (comma == std::string_view::npos || params.find(',', comma + 1) != std::string_view::npos)
    throw InputError(
        fmt::format("game {}: expected xy:X,Y with two numbers 1 <= X < Y, such as xy:5,7", quote(spec.spec)));
  std::uint64_t numbers[2] = {0, 0};
  const std::string_view texts[2] = {params.substr(0, comma), params.substr(comma + 1)};
  for (int i = 0; i < 2; ++i) {
    const char* name = i == 0 ? "X" : "Y";
    const auto n = parse_u64(texts[i]);
    if (!n)
      throw InputError(fmt::format("game {}: {} = {} is not a number: {}", quote(spec.spec), name, quote(texts[i]),
                                   why_not_u64(texts[i])));
    numbers[i] = *n;
  }
  try {
    return std::make_unique<XyGame>(numbers[0], numbers[1]);
  } catch (const InputError& e) {
    throw InputError(fmt::format("game {}: {}", quote(spec.spec), e.what()));
  }
}
}  // namespace

const GameFamily kXyFamily{"xy",
                           "xy:X,Y",
                           "a heap of v tokens; take 1 or 2 of them, but never leave a multiple of X or of Y "
                           "(1 <= X < Y <= 10^18; 0 counts, so a heap is never emptied); AtCoder ARC208 E",
                           "xy:5,7",
                           parse_xy,
                           /*reads_file=*/false,
                           "with lcm(X, Y) <= 250000: the forbidden sizes repeat every lcm, so two values that recur "
                           "2 lcm later make G periodic from there (docs/games/xy.md)."};

}  // namespace grundy
