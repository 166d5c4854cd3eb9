#include "grundy/games/take_and_break_code.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/quote.hpp"
#include "support/utf8.hpp"

namespace grundy {
namespace {

constexpr std::uint32_t kSplitBits = ~std::uint32_t{3};  // leaving two heaps or more

std::string digit_text(std::uint32_t d) {
  if (d < 10) return std::string(1, static_cast<char>('0' + d));
  if (d < 36) return std::string(1, static_cast<char>('A' + d - 10));
  return fmt::format("{{{}}}", d);
}

struct ReadCode {
  std::vector<TakeAndBreakDigit> digits;  // d0 first
  std::size_t repeat = 0;
};

// Reads a code left to right, each error naming its character.
class CodeReader {
 public:
  CodeReader(std::string_view code, std::string_view spec, std::size_t column)
      : code_(code), spec_(spec), column_(column) {}

  ReadCode read() {
    ReadCode out;
    if (code_.empty()) fail("the code is empty: expected d0.d1d2..., such as 0.77, 4!.0 or 0.[3]");
    std::vector<TakeAndBreakDigit> before;
    std::vector<TakeAndBreakDigit> after;
    bool point = false;
    std::size_t repeat_from = std::string_view::npos;
    bool repeat_closed = false;
    while (i_ < code_.size()) {
      const char c = code_[i_];
      if (repeat_closed)
        fail(fmt::format("{} at character {} follows the repeating group: ']' ends the code", shown(i_), at(i_)));
      if (c == '.') {
        if (point) fail(fmt::format("a second point at character {}: a code has one, as in 0.77", at(i_)));
        point = true;
        ++i_;
      } else if (c == '[') {
        if (!point)
          fail(fmt::format("'[' at character {} comes before the point: only digits after it repeat", at(i_)));
        if (repeat_from != std::string_view::npos)
          fail(fmt::format("a second '[' at character {}: one group repeats", at(i_)));
        repeat_from = after.size();
        open_at_ = i_;
        ++i_;
      } else if (c == ']') {
        if (repeat_from == std::string_view::npos) fail(fmt::format("']' at character {} closes no '['", at(i_)));
        if (after.size() == repeat_from)
          fail(fmt::format("the brackets at character {} repeat nothing: put the repeating digits inside, as in 0.[3]",
                           at(open_at_)));
        repeat_closed = true;
        ++i_;
      } else if (c == '_') {
        fail(fmt::format("'_' at character {} would add ghost tokens, which grundy does not read", at(i_)));
      } else {
        (point ? after : before).push_back(read_group());
      }
    }
    if (repeat_from != std::string_view::npos && !repeat_closed)
      fail(fmt::format("the '[' at character {} is not closed: end the repeating digits with ']'", at(open_at_)));
    if (before.empty() && after.empty())
      fail("the code has no digits: expected d0.d1d2..., such as 0.77, 4!.0 or 0.[3]");
    if (!point && before.size() != 1)
      fail(fmt::format("the code {} has no point: expected d0.d1d2..., such as 0.77", quote(code_)));
    if (before.size() > 1)
      fail(fmt::format("one digit goes before the point, not {}: grundy reads no digits that add tokens",
                       before.size()));
    out.digits.push_back(before.empty() ? TakeAndBreakDigit{} : before[0]);
    if ((out.digits[0].heaps & 3u) != 0)
      fail("the digit before the point may only split (4, 8, ...): taking no token must leave two heaps or more");
    out.digits.insert(out.digits.end(), after.begin(), after.end());
    out.repeat = repeat_from == std::string_view::npos ? 0 : after.size() - repeat_from;
    if (out.digits.size() - 1 > TakeAndBreakCode::kMaxDigits)
      fail(fmt::format("the code has {} digits after the point; grundy takes at most {}", out.digits.size() - 1,
                       TakeAndBreakCode::kMaxDigits));
    return out;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(fmt::format("game {}: {}", quote(spec_), what));
  }
  std::size_t at(std::size_t i) const { return column_ + i + 1; }
  std::string shown(std::size_t i) const {
    return quote(code_.substr(i, std::max<std::size_t>(1, utf8_sequence_length(code_, i))));
  }

  static bool is_modifier(char c) { return c == '!' || c == '?' || c == '='; }

  // One digit: 0-9, a letter (10-35), {N} or &#N; / &#xH; (CGSuite).
  std::uint32_t read_digit() {
    if (i_ >= code_.size()) fail("the code ends where a digit was expected");
    const std::size_t start = i_;
    const char c = code_[i_];
    auto number = [&](char close, int base) {
      std::uint64_t v = 0;
      std::size_t digits = 0;
      for (; i_ < code_.size() && code_[i_] != close; ++i_, ++digits) {
        const char d = code_[i_];
        int x = -1;
        if (d >= '0' && d <= '9') x = d - '0';
        if (base == 16 && d >= 'a' && d <= 'f') x = d - 'a' + 10;
        if (base == 16 && d >= 'A' && d <= 'F') x = d - 'A' + 10;
        if (x < 0)
          fail(fmt::format("{} at character {} is not a digit of the number that starts at character {}", shown(i_),
                           at(i_), at(start)));
        v = std::min<std::uint64_t>(v * static_cast<unsigned>(base) + static_cast<unsigned>(x), 1u << 20);
      }
      if (i_ >= code_.size())
        fail(fmt::format("the digit at character {} is not closed with {}", at(start), quote(std::string(1, close))));
      if (digits == 0) fail(fmt::format("the digit at character {} has no number", at(start)));
      ++i_;  // the closing character
      if (v > TakeAndBreakCode::kMaxDigit)
        fail(fmt::format(
            "the digit at character {} is {}; grundy reads digits up to {} (moves that leave at most {} heaps)",
            at(start), v >= (1u << 20) ? std::string("too large") : std::to_string(v), TakeAndBreakCode::kMaxDigit,
            TakeAndBreakCode::kMaxHeapsLeft));
      return static_cast<std::uint32_t>(v);
    };
    if (c >= '0' && c <= '9') return ++i_, static_cast<std::uint32_t>(c - '0');
    if (c >= 'a' && c <= 'z') return ++i_, static_cast<std::uint32_t>(c - 'a' + 10);
    if (c >= 'A' && c <= 'Z') return ++i_, static_cast<std::uint32_t>(c - 'A' + 10);
    if (c == '{') return ++i_, number('}', 10);
    if (code_.substr(i_, 3) == "&#x" || code_.substr(i_, 3) == "&#X") return i_ += 3, number(';', 16);
    if (code_.substr(i_, 2) == "&#") return i_ += 2, number(';', 10);
    fail(
        fmt::format("{} at character {} is not a digit: expected 0-9, A-Z, {{N}}, a modifier (! ? =) after a digit, "
                    "'(', '[' or '.'",
                    shown(i_), at(i_)));
  }

  // Adds a modifier's splits to the digit; `splits` are the heaps it names.
  void constrain(TakeAndBreakDigit& d, char modifier, std::uint32_t splits, std::size_t where) {
    if ((splits & ~kSplitBits) != 0)
      fail(
          fmt::format("the modifier {} at character {} names moves that leave fewer than two heaps; it constrains "
                      "splits only (digits 4, 8, ... and their sums)",
                      quote(std::string(1, modifier)), at(where)));
    if ((splits & ~d.heaps) != 0)
      fail(fmt::format("the modifier {} at character {} names splits that the digit {} does not allow",
                       quote(std::string(1, modifier)), at(where), digit_text(d.heaps)));
    if ((splits & (d.unequal | d.not_all_equal | d.all_equal)) != 0)
      fail(fmt::format("the modifier {} at character {} constrains splits that another modifier already does",
                       quote(std::string(1, modifier)), at(where)));
    if (splits == 0)
      fail(
          fmt::format("the modifier {} at character {} has no split to constrain: the digit {} leaves at most one heap",
                      quote(std::string(1, modifier)), at(where), digit_text(d.heaps)));
    (modifier == '!' ? d.unequal : modifier == '?' ? d.not_all_equal : d.all_equal) |= splits;
  }

  TakeAndBreakDigit read_group() {
    TakeAndBreakDigit d;
    if (code_[i_] != '(') {
      d.heaps = read_digit();
      if (i_ < code_.size() && is_modifier(code_[i_])) {
        constrain(d, code_[i_], d.heaps & kSplitBits, i_);
        ++i_;
      }
      return d;
    }
    const std::size_t open = i_++;
    d.heaps = read_digit();
    std::vector<std::pair<char, std::size_t>> bare;  // modifiers with no digit: the rest of the splits
    while (i_ < code_.size() && code_[i_] != ')') {
      if (!is_modifier(code_[i_]))
        fail(
            fmt::format("{} at character {}: inside ( ) a digit is followed by modifiers ! ? =, each with the splits "
                        "it constrains, as in (C!4?8)",
                        shown(i_), at(i_)));
      const char m = code_[i_];
      const std::size_t where = i_++;
      if (i_ < code_.size() && code_[i_] != ')' && !is_modifier(code_[i_]))
        constrain(d, m, read_digit(), where);
      else
        bare.emplace_back(m, where);
    }
    if (i_ >= code_.size()) fail(fmt::format("the '(' at character {} is not closed with ')'", at(open)));
    ++i_;
    if (bare.size() > 1)
      fail(fmt::format("the group at character {} has two bare modifiers: at most one takes the rest of the splits",
                       at(open)));
    for (const auto& [m, where] : bare)
      constrain(d, m, d.heaps & kSplitBits & ~(d.unequal | d.not_all_equal | d.all_equal), where);
    return d;
  }

  std::string_view code_, spec_;
  std::size_t column_;
  std::size_t i_ = 0;
  std::size_t open_at_ = 0;
};

}  // namespace

bool TakeAndBreakDigit::allows_heaps(const std::uint64_t* sorted, unsigned k) const {
  if (k >= 32 || !leaves(k)) return false;
  const std::uint32_t bit = 1u << k;
  if ((unequal & bit) != 0)
    for (unsigned j = 1; j < k; ++j)
      if (sorted[j] == sorted[j - 1]) return false;
  const bool all_same = k == 0 || sorted[0] == sorted[k - 1];
  if ((not_all_equal & bit) != 0 && all_same) return false;
  if ((all_equal & bit) != 0 && !all_same) return false;
  return true;
}

TakeAndBreakCode TakeAndBreakCode::parse(std::string_view code, std::string_view spec, std::size_t column) {
  ReadCode parts = CodeReader(code, spec, column).read();
  TakeAndBreakCode out;
  out.digits_ = std::move(parts.digits);
  out.repeat_ = parts.repeat;
  out.normalize();
  return out;
}

TakeAndBreakCode TakeAndBreakCode::from_digits(const std::vector<std::uint8_t>& digits) {
  TakeAndBreakCode out;
  out.digits_.clear();
  for (std::uint8_t d : digits) out.digits_.push_back(TakeAndBreakDigit{d, 0, 0, 0});
  if (out.digits_.empty()) out.digits_.emplace_back();
  out.normalize();
  return out;
}

void TakeAndBreakCode::normalize() {
  for (TakeAndBreakDigit& d : digits_) {
    // Two heaps not both equal are unequal; a constraint on a split the
    // digit does not allow says nothing.
    d.unequal |= d.not_all_equal & 4u;
    d.not_all_equal &= ~4u;
    d.unequal &= d.heaps;
    d.not_all_equal &= d.heaps;
    d.all_equal &= d.heaps;
  }
  if (repeat_ > 0) {
    // The shortest repeating group, then as early as it goes.
    const std::size_t start = digits_.size() - repeat_;
    for (std::size_t p = 1; p <= repeat_; ++p) {
      if (repeat_ % p != 0) continue;
      bool fits = true;
      for (std::size_t i = start + p; i < digits_.size() && fits; ++i) fits = digits_[i] == digits_[i - p];
      if (fits) {
        digits_.resize(start + p);
        repeat_ = p;
        break;
      }
    }
    // When the digit before the group equals the group's last, the group
    // can start one digit earlier: 0.1[21] is 0.[12].
    while (digits_.size() - repeat_ > 1 && digits_[digits_.size() - repeat_ - 1] == digits_.back()) digits_.pop_back();
    // A group of zeros repeats nothing.
    if (std::all_of(digits_.end() - static_cast<std::ptrdiff_t>(repeat_), digits_.end(),
                    [](const TakeAndBreakDigit& d) { return d.heaps == 0; })) {
      digits_.resize(digits_.size() - repeat_);
      repeat_ = 0;
    }
  }
  if (repeat_ == 0)
    while (digits_.size() > 1 && digits_.back().heaps == 0) digits_.pop_back();
}

const TakeAndBreakDigit& TakeAndBreakCode::digit(std::uint64_t taken) const {
  static const TakeAndBreakDigit kNone{};
  if (taken < digits_.size()) return digits_[static_cast<std::size_t>(taken)];
  if (repeat_ == 0) return kNone;
  const std::uint64_t start = digits_.size() - repeat_;
  return digits_[static_cast<std::size_t>(start + (taken - start) % repeat_)];
}

unsigned TakeAndBreakCode::most_heaps() const {
  unsigned most = 0;
  for (const TakeAndBreakDigit& d : digits_)
    if (d.heaps != 0) most = std::max(most, static_cast<unsigned>(std::bit_width(d.heaps)) - 1);
  return most;
}

bool TakeAndBreakCode::constrained() const {
  return std::any_of(digits_.begin(), digits_.end(), [](const TakeAndBreakDigit& d) { return d.constrained(); });
}

std::vector<std::uint8_t> TakeAndBreakCode::plain_digits() const {
  if (!finite() || constrained()) return {};
  std::vector<std::uint8_t> out;
  for (const TakeAndBreakDigit& d : digits_) {
    if (d.heaps >= 16) return {};
    out.push_back(static_cast<std::uint8_t>(d.heaps));
  }
  return out;
}

std::string TakeAndBreakCode::text() const {
  auto write = [](const TakeAndBreakDigit& d) {
    const std::uint32_t splits = d.heaps & kSplitBits;
    const std::uint32_t constrained = d.unequal | d.not_all_equal | d.all_equal;
    if (constrained == 0) return digit_text(d.heaps);
    // One modifier over every split: the short form.
    if (constrained == splits && (d.unequal == splits || d.not_all_equal == splits || d.all_equal == splits))
      return fmt::format("{}{}", digit_text(d.heaps), d.unequal != 0 ? '!' : d.not_all_equal != 0 ? '?' : '=');
    std::string out = fmt::format("({}", digit_text(d.heaps));
    for (const auto& [mask, modifier] :
         {std::pair{d.unequal, '!'}, std::pair{d.not_all_equal, '?'}, std::pair{d.all_equal, '='}})
      if (mask != 0) fmt::format_to(std::back_inserter(out), "{}{}", modifier, digit_text(mask));
    out += ')';
    return out;
  };
  std::string out = write(digits_[0]);
  out += '.';
  const std::size_t repeat_start = digits_.size() - repeat_;
  for (std::size_t i = 1; i < digits_.size(); ++i) {
    if (repeat_ > 0 && i == repeat_start) out += '[';
    out += write(digits_[i]);
  }
  if (repeat_ > 0) out += ']';
  if (digits_.size() == 1) out += '0';
  return out;
}

}  // namespace grundy
