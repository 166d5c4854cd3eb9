#include "grundy/games/take_and_break.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <span>

#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/pattern.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"
#include "core/utf8.hpp"
#include "split_search.hpp"

namespace grundy {
namespace {

// A digit's bit for leaving k non-empty heaps.
constexpr std::uint8_t leaves(unsigned k) { return static_cast<std::uint8_t>(1u << k); }

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

char digit_char(unsigned d) { return "0123456789ABCDEF"[d & 15]; }

__extension__ typedef unsigned __int128 u128;

// How many ways r tokens split into 3 non-empty heaps, sizes unordered: the
// nearest integer to r^2 / 12 (partitions into exactly 3 parts). Up to
// 2^124, hence 128 bits.
u128 three_way_splits(std::uint64_t r) { return r < 3 ? 0 : (u128{r} * r + 6) / 12; }

std::string plural(std::uint64_t n, std::string_view word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

// "1, 2 or 3"
template <class T>
std::string or_list(const std::vector<T>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i)
    text += fmt::format("{}{}", i == 0 ? "" : i + 1 == items.size() ? " or " : ", ", items[i]);
  return text;
}

}  // namespace

TakeAndBreakGame::TakeAndBreakGame(Notation notation, std::vector<std::uint8_t> digits, bool unequal)
    : notation_(notation), digits_(std::move(digits)), unequal_(unequal), most_heaps_(1), table_(digits_, unequal_) {
  for (std::uint8_t d : digits_)
    for (unsigned k = 2; k <= 3; ++k)
      if ((d & leaves(k)) != 0) most_heaps_ = std::max(most_heaps_, k);
}

TakeAndBreakGame TakeAndBreakGame::grundy_game() { return TakeAndBreakGame(Notation::grundy, {leaves(2)}, true); }

TakeAndBreakGame TakeAndBreakGame::parse_code(std::string_view code, Notation notation, std::string_view spec,
                                              std::size_t column) {
  const bool hex = notation == Notation::hex;
  const std::string_view example = hex ? "0.F" : "0.77";
  auto fail = [&](const std::string& what) {
    throw InputError(fmt::format("game {}: {}", quote(spec), what));
  };
  auto at = [&](std::size_t i) { return column + i + 1; };  // a character's place in the spec, from 1
  // The character at code[i], whole when it takes several bytes in UTF-8 (an é, not its first byte).
  auto char_at = [&](std::size_t i) { return code.substr(i, std::max<std::size_t>(1, utf8_sequence_length(code, i))); };
  if (code.empty() || code == ".") fail(fmt::format("the code {} has no digits: expected d0.d1d2..., such as {}", quote(code), example));
  // A lone digit is d0 with nothing after it ("4": split only).
  const std::size_t point = code.size() == 1 ? 1 : code.find('.');
  if (point == std::string_view::npos)
    fail(fmt::format("the code {} has no point: expected d0.d1d2..., such as {}", quote(code), example));
  if (const std::size_t second = code.find('.', point + 1); second != std::string_view::npos)
    fail(fmt::format("a second point at character {}: a code has one, as in {}", at(second), example));
  std::vector<std::uint8_t> digits{0};
  for (std::size_t i = 0; i < point; ++i)
    if (digit_value(code[i]) < 0)
      fail(fmt::format("{} at character {} is not a digit: expected d0.d1d2..., such as {}", quote(char_at(i)),
                       at(i), example));
  if (point > 1) fail(fmt::format("one digit goes before the point, not {} ({})", point, quote(code.substr(0, point))));
  if (point == 1) {
    const int d0 = digit_value(code[0]);
    const bool allowed = hex ? (d0 == 0 || d0 == 4 || d0 == 8 || d0 == 12) : (d0 == 0 || d0 == 4);
    if (!allowed)
      fail(fmt::format("the digit before the point, at character {}, is {}: it must be {} (removing no token "
                       "may only split a heap)",
                       at(0), quote(code.substr(0, 1)), hex ? "0, 4, 8 or C" : "0 or 4"));
    digits[0] = static_cast<std::uint8_t>(d0);
  }
  for (std::size_t i = point + 1; i < code.size(); ++i) {  // none for a lone digit
    const int d = digit_value(code[i]);
    if (d < 0 || (!hex && d > 7))
      fail(fmt::format("{} at character {} is not {} digit ({})", quote(char_at(i)), at(i),
                       hex ? "a hexadecimal" : "an octal", hex ? "0-9, A-F" : "0-7"));
    digits.push_back(static_cast<std::uint8_t>(d));
  }
  if (point + 1 == code.size() && code.size() > 1)
    fail(fmt::format("the code {} has no digit after the point: write {}0 when no move takes tokens, or add digits as in {}",
                     quote(code), code, example));
  while (digits.size() > 1 && digits.back() == 0) digits.pop_back();  // trailing zeros allow nothing
  if (digits.size() - 1 > kMaxDigits)
    fail(fmt::format("the code's last nonzero digit is number {} after the point; grundy takes at most {}",
                     digits.size() - 1, kMaxDigits));
  return TakeAndBreakGame(notation, std::move(digits), false);
}

std::string TakeAndBreakGame::spec() const {
  if (notation_ == Notation::grundy) return "grundy-game";
  std::string code(1, digit_char(digits_[0]));
  code += '.';
  for (std::size_t i = 1; i < digits_.size(); ++i) code += digit_char(digits_[i]);
  if (digits_.size() == 1) code += '0';
  return fmt::format("{}:{}", notation_ == Notation::hex ? "hex" : "octal", code);
}

template <class Visit>
void TakeAndBreakGame::for_each_option(Position n, Visit&& visit) const {
  std::array<Position, 3> heaps{};
  for (std::size_t i = 0; i < digits_.size() && i <= n; ++i) {
    const std::uint8_t d = digits_[i];
    const Position r = n - i;
    if ((d & leaves(0)) != 0 && r == 0 && !visit(std::span<const Position>(heaps.data(), 0))) return;
    if ((d & leaves(1)) != 0 && r >= 1) {
      heaps[0] = r;
      if (!visit(std::span<const Position>(heaps.data(), 1))) return;
    }
    if ((d & leaves(2)) != 0)
      for (Position a = 1; a <= r / 2; ++a) {
        if (unequal_ && 2 * a == r) continue;
        heaps[0] = a;
        heaps[1] = r - a;
        if (!visit(std::span<const Position>(heaps.data(), 2))) return;
      }
    if ((d & leaves(3)) != 0)
      for (Position a = 1; a <= r / 3; ++a)
        for (Position b = a; b <= (r - a) / 2; ++b) {
          heaps[0] = a;
          heaps[1] = b;
          heaps[2] = r - a - b;
          if (!visit(std::span<const Position>(heaps.data(), 3))) return;
        }
  }
}

void TakeAndBreakGame::extend_to(std::uint64_t size) const {
  if (table_.size() >= size) return;
  LongTask task(fmt::format("computing G(0..{}) of {}", size - 1, spec()));
  table_.extend_to(size, &task);
}

// The periodicity theorem (docs/games/octal.md): when every move takes at
// most t tokens and leaves at most k heaps, G(n + p) = G(n) for
// e <= n < k e + (k - 1) p + t, with e >= 1, implies it for every n >= e.
// Periods are tried in increasing order, each with the smallest e the table
// allows; the first whose check the table covers is the smallest period,
// and its e the smallest preperiod (docs/games/octal.md says why).
std::optional<Periodicity> TakeAndBreakGame::find_proof() const {
  if (unequal_) return std::nullopt;
  const std::uint64_t size = table_.size();
  for (std::uint64_t p = 1; proof_size(1, p) <= size; ++p)
    if (const std::uint64_t e = smallest_preperiod(p); proof_size(e, p) <= size) return Periodicity{e, p, size};
  return std::nullopt;
}

bool TakeAndBreakGame::try_proof() const {
  if (!period_ && !unequal_ && table_.size() > proof_tried_at_) {
    proof_tried_at_ = table_.size();
    period_ = find_proof();
  }
  return period_.has_value();
}

void TakeAndBreakGame::double_table() const {
  extend_to(std::min(std::max<std::uint64_t>(2 * table_.size(), 256), table_cap()));
}

// The smallest e with G(n + p) = G(n) for e <= n < size - p.
std::uint64_t TakeAndBreakGame::smallest_preperiod(std::uint64_t p) const {
  std::uint64_t e = table_.size() - p;
  while (e > 0 && table_[e - 1] == table_[e - 1 + p]) --e;
  return e;
}

std::uint64_t TakeAndBreakGame::proof_size(std::uint64_t e, std::uint64_t p) const {
  return most_heaps_ * std::max<std::uint64_t>(e, 1) + most_heaps_ * p + digits_.size() - 1;
}

// A cycle of the values (the table's candidate) becomes a proof when the
// periodicity theorem's check holds: the table grows to the size the check
// needs, at most `most`. The period is then cut to the smallest that holds:
// the true period divides every period, so each prime factor is tried.
std::optional<Periodicity> TakeAndBreakGame::prove_cycle(std::uint64_t p, std::uint64_t most, LongTask& task) const {
  for (;;) {
    if (table_.size() < p + 1) return std::nullopt;
    const std::uint64_t e = smallest_preperiod(p);
    const std::uint64_t needed = proof_size(e, p);
    if (needed > most) {
      last_cycle_ = Periodicity{e, p, table_.size()};
      return std::nullopt;
    }
    if (table_.size() >= needed) break;
    table_.extend_to(needed, &task);
  }
  std::uint64_t rest = p;
  for (std::uint64_t f = 2; rest > 1; ++f) {
    if (f * f > rest) f = rest;  // what is left is prime
    for (; rest % f == 0; rest /= f)
      if (smallest_preperiod(p / f) <= smallest_preperiod(p)) p /= f;
  }
  const std::uint64_t e = smallest_preperiod(p);
  return Periodicity{e, p, table_.size()};
}

std::optional<Periodicity> TakeAndBreakGame::prove_period(std::uint64_t max_values, std::uint64_t plain_values) const {
  if (unequal_) return std::nullopt;
  const std::uint64_t most = std::min(max_values, most_heaps_ == 3 ? kMaxTableThreeWay : kMaxPatternTable);
  LongTask task(fmt::format("looking for the period of {} in G(0..{})", spec(), most - 1));
  // Doubling, with the theorem tried at each size for short periods; and a
  // stop at each cycle the table finds, for long ones, until one cannot be
  // proven below `most` (the next would not be either: its preperiod only
  // grows).
  bool stop_at_cycles = true;
  table_.reserve(most);
  table_.set_progress_total(most);
  while (!try_proof() && table_.size() < most) {
    if (!table_.sparsity().masked && table_.size() >= plain_values) break;
    table_.extend_to(std::min(std::max<std::uint64_t>(2 * table_.size(), 256), most), &task, stop_at_cycles);
    if (const std::optional<std::uint64_t> cycle = table_.take_cycle(); cycle && stop_at_cycles) {
      period_ = prove_cycle(*cycle, most, task);
      stop_at_cycles = period_.has_value();
    }
  }
  table_.set_progress_total(0);
  return period_;
}

Nimber TakeAndBreakGame::value(Position n) const {
  // The table doubles, with a proof tried at each size, so that a game with
  // a short period never computes far.
  // Grundy's game has no theorem to reach past the table: refused at once.
  // Other games look for a period (a cycle is proven as soon as the table
  // holds the check, not at the next doubling).
  for (bool beyond = unequal_ && n >= table_cap(); !beyond;) {
    if (n < table_.size()) return Nimber(table_value(n));
    if (try_proof()) return Nimber(table_value(period_->reduce(n)));
    if (table_.size() >= table_cap()) break;
    if (unequal_) {
      double_table();
    } else {
      const std::uint64_t size = table_.size();
      const std::uint64_t wanted = n >= table_cap() ? table_cap() : std::max<std::uint64_t>({n + 1, 2 * size, 256});
      // Where no mask applies the table stops at 2^20, as pattern's default
      // does at 2^18: beyond, each value costs a scan of every pair.
      (void)prove_period(std::min(wanted, table_cap()), kPlainValueTable);
      if (table_.size() == size && !period_) break;  // no further to go
    }
  }
  const std::uint64_t last = unequal_ ? table_cap() - 1 : table_.size() - 1;
  throw LimitError(fmt::format("G({}) of {}: {} the values beyond G({}) are not computed (docs/games/octal.md)", n, spec(),
                               unequal_ ? std::string("no theorem gives Grundy's game a period, and")
                                        : fmt::format("no period is proven in G(0..{}), and", last),
                               last));
}

std::string TakeAndBreakGame::move_rule() const {
  if (unequal_) return "a move splits one heap into two unequal non-empty heaps";
  // Removals grouped by what they may leave, in order of the first removal.
  std::vector<std::uint8_t> masks;
  for (std::uint8_t d : digits_)
    if (d != 0 && std::find(masks.begin(), masks.end(), d) == masks.end()) masks.push_back(d);
  std::vector<std::string> parts;
  for (std::uint8_t mask : masks) {
    std::vector<std::uint64_t> removals;
    for (std::size_t i = 0; i < digits_.size(); ++i)
      if (digits_[i] == mask) removals.push_back(i);
    std::vector<unsigned> counts;
    for (unsigned k = 0; k < 4; ++k)
      if ((mask & leaves(k)) != 0) counts.push_back(k);
    const bool splits_only = removals == std::vector<std::uint64_t>{0};
    std::string left = fmt::format("{} non-empty heap{}", or_list(counts), counts == std::vector<unsigned>{1} ? "" : "s");
    parts.push_back(splits_only ? fmt::format("splits a heap into {} without taking any", or_list(counts))
                                : fmt::format("takes {} token{} from a heap and leaves {}", or_list(removals),
                                              removals == std::vector<std::uint64_t>{1} ? "" : "s", left));
  }
  if (parts.empty()) return "no move is allowed (every digit of the code is 0)";
  std::string text = "a move ";
  for (std::size_t i = 0; i < parts.size(); ++i) text += (i == 0 ? "" : "; or ") + parts[i];
  return text;
}

bool TakeAndBreakGame::has_move(Position n) const {
  for (std::size_t i = 0; i < digits_.size() && i <= n; ++i) {
    const std::uint8_t d = digits_[i];
    const Position r = n - i;
    if (((d & leaves(0)) != 0 && r == 0) || ((d & leaves(1)) != 0 && r >= 1) ||
        ((d & leaves(2)) != 0 && r >= (unequal_ ? 3u : 2u)) || ((d & leaves(3)) != 0 && r >= 3))
      return true;
  }
  return false;
}

OptionSample TakeAndBreakGame::list_options(Position p, std::uint64_t limit) const {
  OptionSample out;
  u128 total = 0;  // three-way splits of a heap near 2^64 number about 2^124
  for (std::size_t i = 0; i < digits_.size() && i <= p; ++i) {
    const std::uint8_t d = digits_[i];
    const Position r = p - i;
    total += u128{(d & leaves(0)) != 0 && r == 0} + u128{(d & leaves(1)) != 0 && r >= 1};
    if ((d & leaves(2)) != 0) total += unequal_ ? (r >= 1 ? (r - 1) / 2 : 0) : r / 2;
    if ((d & leaves(3)) != 0) total += three_way_splits(r);
  }
  if (total <= ~std::uint64_t{0}) out.total = static_cast<std::uint64_t>(total);  // else unknown
  if (limit == 0) return out;
  for_each_option(p, [&](std::span<const Position> heaps) {
    out.options.emplace_back(heaps.begin(), heaps.end());
    return out.options.size() < limit;
  });
  return out;
}

// Options in the game's order: by tokens taken, then heaps left, then
// increasing heaps. Two-heap splits come from split_search, which counts
// them in O(e + p) per digit once a period is proven, so the total is known
// for any heap. Without a period (heaps inside the table) and for
// three-heap splits, heaps above kCountedHeap stop once `limit` options are
// found (the total is then unknown); nothing is ever cut short of the first
// `limit`, so a winning position always lists a winning move. At most
// kMostListed options are listed, whatever the limit.
OptionSample TakeAndBreakGame::options_to_value(Position p, Nimber target, std::uint64_t limit) const {
  (void)value(p);  // computes (or proves) every value the options need; refuses with the reason otherwise
  const split_search::HeapValues g(table_, period_);
  const std::uint64_t want = std::min(limit, kMostListed);
  const bool count_all = p <= kCountedHeap;
  const bool periodic = period_.has_value();
  const std::uint32_t t = static_cast<std::uint32_t>(std::min<std::uint64_t>(target.value(), 0xFFFFFFFFu));
  const bool reachable = target.value() == t;  // values are below 2^32
  OptionSample out;
  u128 total = 0;
  bool complete = true;
  auto room = [&] { return want - out.options.size(); };
  for (std::size_t i = 0; reachable && i < digits_.size() && i <= p; ++i) {
    const std::uint8_t d = digits_[i];
    const Position r = p - i;
    auto keep = [&](Option o) {
      ++total;
      if (room() > 0) out.options.push_back(std::move(o));
    };
    if ((d & leaves(0)) != 0 && r == 0 && t == 0) keep({});
    if ((d & leaves(1)) != 0 && r >= 1 && g(r) == t) keep({r});
    if ((d & leaves(2)) != 0 && r >= 2) {
      // Grundy's game: a < r - a, so a <= (r - 1) / 2.
      const split_search::Count c = split_search::pairs_to_value(
          g, r, 1, unequal_ ? (r - 1) / 2 : r / 2, t, room(), count_all || periodic,
          [&](Position a) { out.options.push_back({a, r - a}); });
      total += c.found;
      complete = complete && c.complete;
    }
    if ((d & leaves(3)) != 0 && r >= 3) {
      const split_search::Count c = split_search::triples_to_value(
          g, r, t, room(), count_all, [&](Position a, Position b) { out.options.push_back({a, b, r - a - b}); });
      total += c.found;
      complete = complete && c.complete;
    }
    if (!complete) break;
  }
  if (complete && total <= ~std::uint64_t{0}) out.total = static_cast<std::uint64_t>(total);
  return out;
}

// A spread of options for the engine: for every number of tokens taken,
// the whole heap or one heap left, and splits at both ends and the middle.
std::vector<Option> TakeAndBreakGame::sample_options(Position p) const {
  const OptionSample first = list_options(p, 64);
  if (first.complete()) return first.options;
  std::set<Option> picked;
  for (std::size_t i = 0; i < digits_.size() && i <= p; ++i) {
    const std::uint8_t d = digits_[i];
    const Position r = p - i;
    if ((d & leaves(0)) != 0 && r == 0) picked.insert(Option{});
    if ((d & leaves(1)) != 0 && r >= 1) picked.insert(Option{r});
    if ((d & leaves(2)) != 0)
      for (Position a : {Position{1}, Position{2}, Position{3}, r / 2 - 1, r / 2})
        if (a >= 1 && a <= r / 2 && (!unequal_ || 2 * a != r)) picked.insert(Option{a, r - a});
    if ((d & leaves(3)) != 0 && r >= 3) {
      picked.insert(Option{1, 1, r - 2});
      const Position third = r / 3;
      picked.insert(Option{third, third, r - 2 * third});
    }
  }
  return {picked.begin(), picked.end()};
}

Option TakeAndBreakGame::normalize_option(Option typed) const {
  typed.erase(std::remove(typed.begin(), typed.end(), Position{0}), typed.end());
  std::sort(typed.begin(), typed.end());
  return typed;
}

std::string TakeAndBreakGame::why_not_option(Position from, std::span<const Position> to) const {
  const Option heaps = normalize_option(Option(to.begin(), to.end()));
  Position left = 0;
  for (Position h : heaps) {
    if (h > from - left || left > from) return fmt::format("the heaps left, {}, hold more than the heap of {}", format_option(heaps), from);
    left += h;
  }
  const Position taken = from - left;
  const std::size_t k = heaps.size();
  if (taken == 0 && k <= 1) return fmt::format("a move must change the heap of {}", from);
  if (unequal_) {
    if (taken != 0) return "a move takes no token: it splits one heap into two unequal non-empty heaps";
    if (k != 2) return fmt::format("a move splits a heap into exactly two heaps, not {}", k);
    if (heaps[0] == heaps[1]) return fmt::format("the two heaps left must be unequal, and {} = {}", heaps[0], heaps[1]);
    return {};
  }
  const bool allowed = k <= 3 && taken < digits_.size() && (digits_[taken] & leaves(static_cast<unsigned>(k))) != 0;
  if (allowed) return {};
  return fmt::format("{} does not let a move take {} and leave {} non-empty heap{} ({})", spec(), plural(taken, "token"), k,
                     k == 1 ? "" : "s", move_rule());
}

Pattern TakeAndBreakGame::pattern(std::uint64_t limit) const {
  if (unequal_) {
    Pattern out = observe_pattern(*this, std::min(limit, table_cap() - 1));
    out.advice = {};
    if (out.checked_up_to < table_cap() - 1) {
      out.advice.kind = PatternAdvice::Kind::larger_bound;
      out.advice.bound = table_cap() - 1;
      out.advice.bound_reason = max_pattern_reason();
    }
    out.reason = fmt::format(
        "no theorem gives Grundy's game a period (the periodicity theorem needs equal splits to be allowed): {}",
        out.kind == PatternKind::none ? fmt::format("no rule fits G(0..{})", out.checked_up_to)
                                      : fmt::format("the rule was only seen on G(0..{})", out.checked_up_to));
    return out;
  }
  const std::uint64_t most = std::min(limit + 1, max_pattern_limit() + 1);
  // The default bound stops sooner where no mask applies: there each value
  // costs a scan of every pair, and 2^25 values would take hours.
  const bool default_bound = limit == default_pattern_limit();
  std::optional<Periodicity> found;
  std::string too_large;  // a value above what the table keeps
  try {
    found = prove_period(most, default_bound ? kPlainDefault : most);
  } catch (const LimitError& e) {
    too_large = e.what();
  }
  const bool plain_stop = too_large.empty() && table_.size() < most && !table_.sparsity().masked;
  if (!found) {
    Pattern out;
    out.game = spec();
    const std::uint64_t last = table_.size() - 1;
    if (last_cycle_ && smallest_preperiod(last_cycle_->period) + 2 * last_cycle_->period <= table_.size()) {
      last_cycle_->preperiod = smallest_preperiod(last_cycle_->period);
      // A cycle was seen, but the check that would prove it needs more values.
      out.kind = PatternKind::periodic;
      out.preperiod = last_cycle_->preperiod;
      out.period = last_cycle_->period;
      out.value_count = out.preperiod + out.period;
      out.checked_up_to = last;
      out.reason = fmt::format(
          "G(n + {}) = G(n) holds for {} <= n <= {}, but the periodicity theorem needs it up to n < {} to prove it",
          out.period, out.preperiod, last - out.period, proof_size(out.preperiod, out.period) - out.period);
    } else if (!too_large.empty()) {
      out.checked_up_to = last;
      out.reason = fmt::format("no period is proven in G(0..{}), where the search stopped: {}", last, too_large);
    } else if (table_.size() <= kObservedTable) {
      out = observe_pattern(*this, last);
      out.reason = fmt::format("the periodicity theorem proves no period from G(0..{}), {}", last,
                               out.kind == PatternKind::none ? fmt::format("and no rule fits them")
                                                             : std::string("so the rule seen is not proven"));
    } else {
      out.checked_up_to = last;
      out.reason = fmt::format("the periodicity theorem proves no period from G(0..{}), and no cycle was seen", last);
    }
    out.advice = {};
    if (plain_stop) {
      // No rare-value mask fits: each value costs a scan of every pair, so
      // the default bound stops early.
      out.advice.kind = PatternAdvice::Kind::larger_bound;
      out.advice.bound = max_pattern_limit();
      out.advice.quadratic = true;
      out.advice.default_stop = kPlainDefault - 1;
      out.advice.bound_reason = max_pattern_reason();
    } else if (most <= max_pattern_limit()) {
      out.advice.kind = PatternAdvice::Kind::larger_bound;
      out.advice.bound = max_pattern_limit();
      out.advice.bound_reason = max_pattern_reason();
    } else {
      out.advice.note = "grundy computes at most this many values of a take-and-break game";
    }
    if (!too_large.empty()) out.advice = {};  // no bound would go further
    out.table = table_report();
    return out;
  }
  const Periodicity& p = *found;
  const std::uint64_t k = most_heaps_;
  const std::uint64_t t = digits_.size() - 1;
  const std::uint64_t e = std::max<std::uint64_t>(p.preperiod, 1);
  Pattern out;
  out.game = spec();
  out.set_proven_period(p);
  out.table = table_report();
  out.proof_bound = proof_size(p.preperiod, p.period);
  const std::string bound = k == 1 ? "e + t" : k == 2 ? "2e + p + t" : "3e + 2p + t";
  out.check = fmt::format("G(n + {}) = G(n) for {} <= n < {} = {}, with e = {}, p = {}, t = {}", p.period, e,
                          out.proof_bound - p.period, bound, e, p.period, t);
  out.theorem = fmt::format(
      "every move takes at most t = {} and leaves at most {}, so by the {} this check proves G(n + p) = G(n) for "
      "every n >= e{} (docs/games/octal.md)",
      plural(t, "token"), plural(k, "heap"),
      k == 1 ? "periodicity theorem for moves that leave one heap (G(n) depends on the t values before it)"
      : k == 2 ? "Guy-Smith periodicity theorem"
               : "periodicity theorem for three-way splits",
      p.preperiod < e ? ", and G(p) = G(0) holds too" : "");
  return out;
}

std::uint64_t TakeAndBreakGame::default_pattern_limit() const {
  return unequal_ ? kDefaultPatternLimit : most_heaps_ == 3 ? kMaxTableThreeWay - 1 : kMaxTable - 1;
}

std::uint64_t TakeAndBreakGame::max_pattern_limit() const {
  return unequal_ ? kMaxTable - 1 : most_heaps_ == 3 ? kMaxTableThreeWay - 1 : kMaxPatternTable - 1;
}

// Why max_pattern_limit is what it is for this game, so that the advice's
// different bounds for different games say why.
std::string TakeAndBreakGame::max_pattern_reason() const {
  if (unequal_) return "2^25 - 1, since a game that splits into unequal heaps scans every split for each value";
  if (most_heaps_ == 3) return "2^12 - 1, since a three-way split makes each value cost a scan of every pair of heaps";
  return "2^32 - 1, the most heaps a table holds, one byte per value";
}

TableReport TakeAndBreakGame::table_report() const {
  const TakeAndBreakValues::Sparsity& s = table_.sparsity();
  return TableReport{s.largest, s.largest_at, RareValueReport{s.masked, s.mask, s.with_parity, s.rare_heaps, s.last_rare}};
}

// --- the families ---

namespace {

std::unique_ptr<Game> parse_octal(const SpecText& spec) {
  spec.expect_params("octal:CODE, with CODE such as 0.77 or .137 (digits 0-7)");
  return std::make_unique<TakeAndBreakGame>(
      TakeAndBreakGame::parse_code(spec.params, TakeAndBreakGame::Notation::octal, spec.spec, spec.params_column()));
}

std::unique_ptr<Game> parse_hex(const SpecText& spec) {
  spec.expect_params("hex:CODE, with CODE such as 0.F or 4.8 (digits 0-9, A-F)");
  return std::make_unique<TakeAndBreakGame>(
      TakeAndBreakGame::parse_code(spec.params, TakeAndBreakGame::Notation::hex, spec.spec, spec.params_column()));
}

std::unique_ptr<Game> parse_grundy_game(const SpecText& spec) {
  spec.expect_no_params();
  return std::make_unique<TakeAndBreakGame>(TakeAndBreakGame::grundy_game());
}

// A classic by name: the octal game of its code.
template <const char* Code>
std::unique_ptr<Game> parse_named(const SpecText& spec) {
  spec.expect_no_params();
  return std::make_unique<TakeAndBreakGame>(
      TakeAndBreakGame::parse_code(Code, TakeAndBreakGame::Notation::octal, spec.spec, 0));
}

constexpr char kKaylesCode[] = "0.77";
constexpr char kDawsonChessCode[] = "0.137";
constexpr char kDawsonKaylesCode[] = "0.07";

}  // namespace

std::vector<std::string> octal_codes(unsigned digits) {
  std::vector<std::string> codes;
  for (char d0 : {'0', '4'}) {
    codes.push_back(std::string{d0, '.', '0'});  // no digit after the point: no move (0.0), or splits only (4.0)
    std::string code{d0, '.'};
    // Every digit string of length 1..digits whose last digit is not 0 (a
    // trailing 0 names the same game as the code without it).
    auto grow = [&](auto&& self) -> void {
      if (code.size() - 2 == digits) return;
      for (char d = '0'; d <= '7'; ++d) {
        code.push_back(d);
        if (d != '0') codes.push_back(code);
        self(self);
        code.pop_back();
      }
    };
    grow(grow);
  }
  std::sort(codes.begin(), codes.end());
  return codes;
}

const GameFamily kOctalFamily{"octal", "octal:CODE",
                              "take-and-break: CODE = d0.d1d2... in digits 0-7; taking i tokens may leave nothing "
                              "(d_i has 1), one heap (2) or two heaps (4); d0 = 4 splits a heap without taking any",
                              "octal:0.137", parse_octal, /*reads_file=*/false,
                              "G(n + p) = G(n) for e <= n < 2e + p + t (t: the most tokens a move takes) proves the "
                              "period (Guy-Smith; docs/games/octal.md). Values come from the rare-value method, one "
                              "byte each; a cycle it sees is proven as soon as the table is long enough, so the bound "
                              "only limits the search.",
                              octal_codes, kMaxOctalCensusDigits};
const GameFamily kHexFamily{"hex", "hex:CODE",
                            "as octal, in digits 0-9 and A-F, where 8 leaves three non-empty heaps",
                            "hex:0.F", parse_hex, /*reads_file=*/false,
                            "as octal; with three-heap moves the check runs to 3e + 2p + t."};
const GameFamily kGrundyGameFamily{"grundy-game", "grundy-game",
                                   "Grundy's game: split one heap into two unequal non-empty heaps", "grundy-game",
                                   parse_grundy_game};
const GameFamily kKaylesFamily{"kayles", "kayles",
                               "Kayles, octal:0.77: knock down one pin or two neighbouring pins from a row",
                               "kayles", parse_named<kKaylesCode>};
const GameFamily kDawsonChessFamily{"dawson-chess", "dawson-chess",
                                    "Dawson's chess, octal:0.137 (heap n: a row of n pawns)", "dawson-chess",
                                    parse_named<kDawsonChessCode>};
const GameFamily kDawsonKaylesFamily{"dawson-kayles", "dawson-kayles",
                                     "Dawson's Kayles, octal:0.07: knock down two neighbouring pins from a row",
                                     "dawson-kayles", parse_named<kDawsonKaylesCode>};

}  // namespace grundy
