#include "grundy/games/take_and_break.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <set>
#include <span>

#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/mex.hpp"
#include "grundy/pattern.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"
#include "grundy/regular_file.hpp"
#include "grundy/execution_budget.hpp"
#include "grundy/table_lock.hpp"
#include "support/utf8.hpp"
#include "split_search.hpp"

namespace grundy {
namespace {

constexpr std::string_view kTableFileMagic = "grundy-table 3";
constexpr std::uint64_t kVersion2HeaderBytes = 4096;  // its values' offset

// While a table grows to `size` in steps (kTableStep values, then a save
// or a commit), its progress counts against `size`, not against the step's
// end: a step's own end read 99% from the start of every doubling.
class CountingTo {
 public:
  CountingTo(TakeAndBreakValues& table, std::uint64_t size) : table_(table), before_(table.progress_total()) {
    table.set_progress_total(std::max(before_, size));
  }
  ~CountingTo() { table_.set_progress_total(before_); }
  CountingTo(const CountingTo&) = delete;
  CountingTo& operator=(const CountingTo&) = delete;

 private:
  TakeAndBreakValues& table_;
  std::uint64_t before_;
};

// An istream over bytes in memory (a mapped table file's values), for
// TakeAndBreakValues::read_values; it only reads them.
struct MemoryStream {
  struct Buffer : std::streambuf {
    Buffer(const std::byte* data, std::uint64_t size) {
      char* begin = const_cast<char*>(reinterpret_cast<const char*>(data));  // (read only: get area)
      setg(begin, begin, begin + size);
    }
  };
  MemoryStream(const std::byte* data, std::uint64_t size) : buffer(data, size), in(&buffer) {}
  Buffer buffer;
  std::istream in;
};

// A digit's bit for leaving k non-empty heaps.
constexpr std::uint8_t leaves(unsigned k) { return static_cast<std::uint8_t>(1u << k); }

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

__extension__ typedef unsigned __int128 u128;

// How many ways r tokens split into 3 non-empty heaps, sizes unordered: the
// nearest integer to r^2 / 12 (partitions into exactly 3 parts). Up to
// 2^124, hence 128 bits.
u128 three_way_splits(std::uint64_t r) { return r < 3 ? 0 : (u128{r} * r + 6) / 12; }

std::string plural(std::uint64_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

// "1, 2 or 3"
template <class T>
std::string or_list(const std::vector<T>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i)
    text += fmt::format("{}{}", i == 0 ? "" : i + 1 == items.size() ? " or " : ", ", items[i]);
  return text;
}

}  // namespace

namespace {

// The rare-value table's form of a code, when it has one: plain digits
// leaving at most three heaps, or digits leaving at most two whose every
// two-heap split must be unequal (Grundy's game and its kin).
struct FastForm {
  std::vector<std::uint8_t> digits;
  bool unequal = false;
};

std::optional<FastForm> fast_form(const TakeAndBreakCode& code) {
  if (!code.finite()) return std::nullopt;
  if (std::vector<std::uint8_t> plain = code.plain_digits(); !plain.empty() && code.most_heaps() <= 3)
    return FastForm{std::move(plain), false};
  FastForm out{{}, true};
  bool splits = false;
  for (const TakeAndBreakDigit& d : code.digits()) {
    if (d.heaps >= 8 || d.not_all_equal != 0 || d.all_equal != 0 || d.unequal != (d.heaps & 4u)) return std::nullopt;
    splits = splits || d.unequal != 0;
    out.digits.push_back(static_cast<std::uint8_t>(d.heaps));
  }
  if (!splits) return std::nullopt;
  return out;
}

const TakeAndBreakCode& grundy_game_code() {
  static const TakeAndBreakCode code = TakeAndBreakCode::parse("4!.0", "grundy-game", 0);
  return code;
}

// Whether a heap of r tokens can become k non-empty heaps under digit d.
bool can_leave(std::uint64_t r, const TakeAndBreakDigit& d) {
  for (unsigned k = 0; k <= TakeAndBreakCode::kMaxHeapsLeft; ++k) {
    if (!d.leaves(k)) continue;
    const std::uint32_t bit = 1u << k;
    const bool ok = k == 0                         ? r == 0
                    : k == 1                       ? r >= 1
                    : (d.all_equal & bit) != 0     ? r >= k && r % k == 0
                    : (d.unequal & bit) != 0       ? r >= std::uint64_t{k} * (k + 1) / 2
                    : (d.not_all_equal & bit) != 0 ? r >= k + 1
                                                   : r >= k;
    if (ok) return true;
  }
  return false;
}

}  // namespace

TakeAndBreakGame::TakeAndBreakGame(Notation notation, TakeAndBreakCode code)
    : notation_(notation), code_(std::move(code)), table_({}, false) {
  most_heaps_ = std::max(1u, code_.most_heaps());
  if (std::optional<FastForm> fast = fast_form(code_)) {
    digits_ = std::move(fast->digits);
    unequal_ = fast->unequal;
    table_ = TakeAndBreakValues(digits_, unequal_);
  } else {
    general_ = true;
  }
  table_.set_threads(budget().search_threads());
}

TakeAndBreakGame TakeAndBreakGame::grundy_game() { return TakeAndBreakGame(Notation::grundy, grundy_game_code()); }

TakeAndBreakGame TakeAndBreakGame::from_code(TakeAndBreakCode code) {
  if (code == grundy_game_code()) return grundy_game();
  return TakeAndBreakGame(Notation::code, std::move(code));
}

TakeAndBreakGame TakeAndBreakGame::parse_code(std::string_view code, Notation notation, std::string_view spec,
                                              std::size_t column) {
  const bool hex = notation == Notation::hex;
  const std::string_view example = hex ? "0.F" : "0.77";
  auto fail = [&](const std::string& what) { throw InputError(fmt::format("game {}: {}", quote(spec), what)); };
  auto at = [&](std::size_t i) { return column + i + 1; };  // a character's place in the spec, from 1
  // The character at code[i], whole when it takes several bytes in UTF-8 (an é, not its first byte).
  auto char_at = [&](std::size_t i) { return code.substr(i, std::max<std::size_t>(1, utf8_sequence_length(code, i))); };
  if (code.empty() || code == ".")
    fail(fmt::format("the code {} has no digits: expected d0.d1d2..., such as {}", quote(code), example));
  // A lone digit is d0 with nothing after it ("4": split only).
  const std::size_t point = code.size() == 1 ? 1 : code.find('.');
  if (point == std::string_view::npos)
    fail(fmt::format("the code {} has no point: expected d0.d1d2..., such as {}", quote(code), example));
  if (const std::size_t second = code.find('.', point + 1); second != std::string_view::npos)
    fail(fmt::format("a second point at character {}: a code has one, as in {}", at(second), example));
  std::vector<std::uint8_t> digits{0};
  for (std::size_t i = 0; i < point; ++i)
    if (digit_value(code[i]) < 0)
      fail(fmt::format("{} at character {} is not a digit: expected d0.d1d2..., such as {}", quote(char_at(i)), at(i),
                       example));
  if (point > 1) fail(fmt::format("one digit goes before the point, not {} ({})", point, quote(code.substr(0, point))));
  if (point == 1) {
    const int d0 = digit_value(code[0]);
    const bool allowed = hex ? (d0 == 0 || d0 == 4 || d0 == 8 || d0 == 12) : (d0 == 0 || d0 == 4);
    if (!allowed)
      fail(
          fmt::format("the digit before the point, at character {}, is {}: it must be {} (removing no token "
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
    fail(fmt::format(
        "the code {} has no digit after the point: write {}0 when no move takes tokens, or add digits as in {}",
        quote(code), code, example));
  while (digits.size() > 1 && digits.back() == 0) digits.pop_back();  // trailing zeros allow nothing
  if (digits.size() - 1 > kMaxDigits)
    fail(fmt::format("the code's last nonzero digit is number {} after the point; grundy takes at most {}",
                     digits.size() - 1, kMaxDigits));
  return TakeAndBreakGame(notation, TakeAndBreakCode::from_digits(digits));
}

// One canonical text per game: the narrowest notation that writes its code.
std::vector<std::uint8_t> TakeAndBreakGame::octal_digits() const {
  if (code_.most_heaps() > 2) return {};
  return code_.plain_digits();  // empty unless finite and unconstrained
}

std::string TakeAndBreakGame::spec() const {
  if (notation_ == Notation::grundy) return "grundy-game";
  const bool plain = !code_.plain_digits().empty();
  const char* prefix = plain && code_.most_heaps() <= 2 ? "octal:" : plain && code_.most_heaps() <= 3 ? "hex:" : "tb:";
  return prefix + code_.text();
}

template <class Visit>
bool TakeAndBreakGame::for_each_split(std::uint64_t r, const TakeAndBreakDigit& d, Visit&& visit) {
  std::array<Position, TakeAndBreakCode::kMaxHeapsLeft> heaps{};
  if (d.leaves(0) && r == 0 && !visit(std::span<const Position>(heaps.data(), 0))) return false;
  if (d.leaves(1) && r >= 1) {
    heaps[0] = r;
    if (!visit(std::span<const Position>(heaps.data(), 1))) return false;
  }
  for (unsigned k = 2; k <= TakeAndBreakCode::kMaxHeapsLeft; ++k) {
    if (!d.leaves(k) || r < k) continue;
    const std::uint32_t bit = 1u << k;
    if ((d.all_equal & bit) != 0) {
      if (r % k != 0) continue;
      std::fill(heaps.begin(), heaps.begin() + k, r / k);
      if (!visit(std::span<const Position>(heaps.data(), k))) return false;
      continue;
    }
    const bool distinct = (d.unequal & bit) != 0;
    const bool not_all_same = (d.not_all_equal & bit) != 0;
    // Parts j.. of `left` tokens, each at least `lo`, increasing (strictly
    // when distinct); the last part takes what is left.
    auto place = [&](auto& self, unsigned j, Position left, Position lo) -> bool {
      if (j + 1 == k) {
        heaps[j] = left;
        if (not_all_same && heaps[0] == left) return true;
        return visit(std::span<const Position>(heaps.data(), k));
      }
      const std::uint64_t rest = k - j;  // parts still to place, this one included
      for (Position a = lo;; ++a) {
        // The smallest total of `rest` parts from a on.
        const u128 least = u128{a} * rest + (distinct ? rest * (rest - 1) / 2 : 0);
        if (least > left) break;
        heaps[j] = a;
        if (!self(self, j + 1, left - a, distinct ? a + 1 : a)) return false;
      }
      return true;
    };
    if (!place(place, 0, r, 1)) return false;
  }
  return true;
}

template <class Visit>
void TakeAndBreakGame::for_each_option(Position n, Visit&& visit) const {
  for (std::uint64_t i = 0; i <= n; ++i) {
    if (code_.finite() && i >= code_.digits().size()) return;
    if (!for_each_split(n - i, code_.digit(i), visit)) return;
  }
}

void TakeAndBreakGame::extend_to(std::uint64_t size) const {
  if (general_) return extend_general(size);
  if (table_.size() >= size) return;
  LongTask task(fmt::format("computing G(0..{}) of {}", size - 1, spec()));
  table_.extend_to(size, &task);
}

// The plain mex over every option, each option's value the XOR of its
// heaps' values (all smaller heaps, already in the table).
void TakeAndBreakGame::extend_general(std::uint64_t size) const {
  size = std::min(size, general_table_cap());
  if (general_table_.size() >= size) return;
  if (one_heap_repeating()) return extend_one_heap(size);
  LongTask task(fmt::format("computing G(0..{}) of {}", size - 1, spec()));
  general_table_.reserve(static_cast<std::size_t>(size));
  std::vector<std::uint32_t> seen(64, 0);  // seen[v] == n + 1: v is the value of an option of heap n
  for (std::uint64_t n = general_table_.size(); n < size; ++n) {
    const auto stamp = static_cast<std::uint32_t>(n + 1);
    for_each_option(n, [&](std::span<const Position> heaps) {
      std::uint32_t v = 0;
      for (Position h : heaps) v ^= general_table_[static_cast<std::size_t>(h)];
      if (v >= seen.size()) seen.resize(std::max<std::size_t>(2 * seen.size(), std::size_t{v} + 1), 0);
      seen[v] = stamp;
      return true;
    });
    std::uint32_t mex = 0;
    while (mex < seen.size() && seen[mex] == stamp) ++mex;
    general_table_.push_back(mex);
    if ((n & 63) == 0) task.advance(n, size);
  }
}

// Codes that leave at most one heap, with a repeating group of r digits
// from digit s on: the options of n are G(n - t) for each removal t that
// leaves one heap, and 0 when a digit lets n go whole. A removal of the group,
// t = s + j + k r (k >= 0), leaves a heap m <= n - s - j with
// m = n - s - j (mod r); for the heaps n of one class modulo r, these sets
// of heaps only grow with n, by one heap each (m = n - s - j) from n - r to
// n. So for each class the union of their values is kept, as links from
// each marked value towards the next unmarked one (a union-find with path
// halving), and G(n) is the smallest value neither marked nor among the few
// other options (removals before the group, taking the whole heap): about
// O(r) per heap instead of O(n).
void TakeAndBreakGame::extend_one_heap(std::uint64_t size) const {
  LongTask task(fmt::format("computing G(0..{}) of {}", size - 1, spec()));
  const std::size_t written = code_.digits().size(), r = code_.repeat(), group = written - r;
  std::vector<std::uint64_t> residues;  // j with digit s + j leaving one heap
  for (std::size_t j = 0; j < r; ++j)
    if (code_.digits()[group + j].leaves(1) && group + j >= 1) residues.push_back(j);
  OneHeapClasses& classes = one_heap_classes_;
  if (classes.next.empty()) {
    classes.next.assign(r, {});
    classes.other.assign(64, 0);
  }
  general_table_.reserve(static_cast<std::size_t>(size));
  for (std::uint64_t n = general_table_.size(); n < size; ++n) {
    std::vector<std::uint32_t>& next = classes.next[static_cast<std::size_t>(n % r)];
    // next[v] == v: v unmarked; otherwise a larger value, closer to the
    // next unmarked one (path halving keeps the walks short).
    auto grow = [&](std::uint32_t v) {
      for (auto w = static_cast<std::uint32_t>(next.size()); w <= v + 1; ++w) next.push_back(w);
    };
    auto unmarked_from = [&](std::uint32_t v) {
      grow(v);
      while (next[v] != v) {
        next[v] = next[next[v]];
        v = next[v];
        grow(v);
      }
      return v;
    };
    for (const std::uint64_t j : residues)
      if (n >= group + j + 1) {
        const std::uint32_t v = general_table_[static_cast<std::size_t>(n - group - j)];
        grow(v);
        next[v] = v + 1;
      }
    std::vector<std::uint64_t>& other = classes.other;  // other[v] == n + 1: v is another option of n
    auto mark_other = [&](std::uint32_t v) {
      if (v >= other.size()) other.resize(std::max<std::size_t>(2 * other.size(), std::size_t{v} + 1), 0);
      other[v] = n + 1;
    };
    for (std::uint64_t t = 1; t < group && t < n; ++t)
      if (code_.digits()[t].leaves(1)) mark_other(general_table_[static_cast<std::size_t>(n - t)]);
    if (n > 0 && code_.digit(n).leaves(0)) mark_other(0);
    std::uint32_t v = unmarked_from(0);
    while (v < other.size() && other[v] == n + 1) v = unmarked_from(v + 1);
    general_table_.push_back(v);
    if ((n & 0xffff) == 0) task.advance(n, size);
  }
}

// The largest power of two N (at most 2^20) whose table costs about 2^28
// option visits or fewer: about N times the options of heap N, each k-heap
// split of r tokens one of about r^(k-1) / (k! (k-1)!).
std::uint64_t TakeAndBreakGame::general_table_cap() const {
  if (one_heap_repeating()) return kOneHeapTableCap;
  auto options_of = [&](long double n) {
    long double total = 0;
    const std::size_t written = code_.digits().size();
    for (std::size_t i = 0; i < written; ++i) {
      const TakeAndBreakDigit& d = code_.digits()[i];
      // A repeating digit stands for about n / repeat removals.
      const long double times = code_.finite() || i + code_.repeat() < written ? 1.0L : n / code_.repeat();
      long double splits = 0, factorial = 1;
      for (unsigned k = 0; k <= TakeAndBreakCode::kMaxHeapsLeft; ++k) {
        if (k >= 2) factorial *= k;
        if (d.leaves(k))
          splits += k <= 1 ? 1.0L : std::pow(n, static_cast<long double>(k - 1)) / (factorial * factorial / k);
      }
      total += times * splits;
    }
    return total;
  };
  std::uint64_t cap = std::uint64_t{1} << 20;
  while (cap > 64 && static_cast<long double>(cap) * options_of(static_cast<long double>(cap)) / 2 > 268435456.0L)
    cap /= 2;
  return cap;
}

void TakeAndBreakGame::compute_table(std::uint64_t size, const std::function<void()>& between_steps) const {
  if (general_) throw InputError(fmt::format("{} is a code the rare-value table does not compute", spec()));
  size = std::min(size, table_.file() != nullptr ? kMaxFileTable : kMaxPatternTable);
  if (table_.size() >= size) return;
  check_file_growth(size);
  LongTask task(computing_words(size));
  const CountingTo counting(table_, size);
  table_.reserve(size);
  if (!between_steps) {
    table_.extend_to(size, &task);
    return;
  }
  while (table_.size() < size) {
    table_.extend_to(std::min(size, table_.size() + kTableStep), &task);
    if (table_.size() < size) between_steps();
  }
}

std::string TakeAndBreakGame::computing_words(std::uint64_t size) const {
  const TableFile* file = table_.file();
  return file == nullptr ? fmt::format("computing G(0..{}) of {}", size - 1, spec())
                         : fmt::format("computing G(0..{}) of {} in {} ({} MiB of it kept in memory)", size - 1, spec(),
                                       quote_path(file->path()), table_.kept_bytes() >> 20);
}

void TakeAndBreakGame::check_file_growth(std::uint64_t size) const {
  // Without a mask each value reads the whole table: past 2^32 values,
  // from disk, for every heap.
  if (size > kMaxPatternTable && !table_.sparsity().masked)
    throw LimitError(fmt::format(
        "{}: no rare-value mask makes rare heaps scarce at {} values (largest value {}), so each value past 2^32 would "
        "read the whole table, {:.1f} GiB and more, from disk; the table stops at 2^32 values for this game",
        spec(), table_.size(), table_.sparsity().largest,
        static_cast<double>(table_.size() * table_.bytes_per_value()) / (1 << 30)));
}

void TakeAndBreakGame::extend_table(std::uint64_t size, LongTask& task, bool stop_at_cycle) const {
  if (table_.file() == nullptr) {
    table_.extend_to(size, &task, stop_at_cycle);
    return;
  }
  check_file_growth(size);
  // A program that ends on Ctrl-C waits for the commit below (interrupt.hpp).
  const KeepOnInterrupt keep;
  const CountingTo counting(table_, size);
  auto committed = std::chrono::steady_clock::now();
  try {
    while (table_.size() < size && !(stop_at_cycle && table_.cycle_found())) {
      table_.extend_to(std::min(size, table_.size() + kTableStep), &task, stop_at_cycle);
      if (std::chrono::steady_clock::now() - committed < kFileCommitEvery) continue;
      table_.commit_file();
      committed = std::chrono::steady_clock::now();
    }
  } catch (const Interrupted&) {
    table_.commit_file();  // the table is whole between two values
    throw;
  }
  table_.commit_file();
}

void TakeAndBreakGame::open_table_file() const {
  if (!file_view_) return;
  file_view_.reset();
  // Another run holds the file's lock: its table is copied into memory,
  // and grows there only.
  resume_table(table_path_, table_lock_->held());
}

void TakeAndBreakGame::save_table(const std::string& path) const {
  require_regular_file_or_none(path, "table file");
  if (const TableFile* file = table_.file(); file != nullptr && file->path() == path) {
    table_.commit_file();
    return;
  }
  table_.copy_to_file(path, spec());
}

void TakeAndBreakGame::keep_table_in_file(const std::string& path) const {
  if (const TableFile* file = table_.file(); file != nullptr && file->path() == path) return;
  table_.move_to_file(path, spec());
}

void TakeAndBreakGame::keep_table_in(const std::string& path) {
  if (general_) {
    Game::keep_table_in(path);  // (std::logic_error: table_file_use() said none)
    return;
  }
  if (const TableFile* file = table_.file(); file != nullptr && file->path() == path) return;
  require_regular_file_or_none(path, "table file");  // (a FIFO would hang the read below)
  table_lock_ = std::make_shared<TableLock>(path, "table file");
  table_path_ = path;
  file_view_.reset();
  std::error_code error;
  if (!std::filesystem::exists(path, error)) {
    if (table_lock_->held()) keep_table_in_file(path);
    return;
  }
  std::string magic;
  std::getline(std::ifstream(path, std::ios::binary) >> std::noskipws, magic);
  if (magic == kTableFileMagic) {
    file_view_ = std::make_shared<const TableFile>(TableFile::open(path, spec()));  // (checks the game, the header)
    return;
  }
  resume_table(path);                                 // (an older version, without checksums: read into memory)
  if (table_lock_->held()) keep_table_in_file(path);  // (and written again with them)
}

Nimber TakeAndBreakGame::value_in_file(Position n) const {
  // Doubling while a period may yet be proven, each size tried as value()
  // does in memory; Grundy's game, with no theorem, grows straight to n.
  if (file_view_) {
    if (n < file_view_->size()) {
      file_view_->check(n, n + 1);  // (its block, once)
      const std::byte* at = file_view_->values() + n * file_view_->bytes();
      return Nimber(file_view_->bytes() == 1
                        ? std::to_integer<std::uint32_t>(at[0])
                        : std::to_integer<std::uint32_t>(at[0]) | std::to_integer<std::uint32_t>(at[1]) << 8);
    }
    open_table_file();  // the whole file's statistics, to go on from its end
  }
  // (In memory when another run holds the file.)
  const std::uint64_t cap = most_heaps_ == 3           ? kMaxTableThreeWay
                            : table_.file() != nullptr ? kMaxFileTable
                                                       : kMaxPatternTable;
  for (;;) {
    if (n < table_.size()) return Nimber(table_value(n));
    if (try_proof()) return Nimber(table_value(period_->reduce(n)));
    if (n >= cap)
      throw LimitError(
          fmt::format("G({}) of {}: {} a table in a file holds at most {} values (2^{}), so the values "
                      "beyond G({}) are not computed (docs/games/octal.md)",
                      n, spec(),
                      unequal_ ? std::string("no theorem gives Grundy's game a period, and")
                               : fmt::format("no period is proven in G(0..{}), and", table_.size() - 1),
                      cap, std::countr_zero(cap), cap - 1));
    std::uint64_t next = std::min(n + 1, cap);
    if (provable()) next = std::min(next, std::max<std::uint64_t>(2 * table_.size(), 256));
    grow_file_table(next);
  }
}

void TakeAndBreakGame::grow_file_table(std::uint64_t size) const {
  LongTask task(computing_words(size));
  table_.reserve(size);  // (the disk's room for it, or a clear error, now)
  extend_table(size, task);
}

void TakeAndBreakGame::resume_table(const std::string& path, bool in_file) const {
  require_regular_file_or_none(path, "table file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot read it ({})", quote_path(path), std::strerror(errno)));
  std::string magic, game, sizes;
  std::getline(in, magic);
  std::getline(in, game);
  std::getline(in, sizes);
  if (magic != "grundy-table 1" && magic != "grundy-table 2" && magic != kTableFileMagic)
    throw InputError(
        fmt::format("{} is not a table saved by grundy (its first line is not 'grundy-table' and "
                    "a version: 3, or 1 or 2 of older versions)",
                    quote_path(path)));
  period_.reset();
  last_cycle_.reset();
  proof_tried_at_ = 0;
  if (magic == kTableFileMagic) {
    in.close();
    TableFile file = TableFile::open(path, spec());  // (checks the game, the header)
    file.check(0, file.size());
    if (in_file) {
      table_.open_file(std::move(file));
      return;
    }
    if (file.size() > kMaxPatternTable)
      throw InputError(
          fmt::format("{} holds {} values, and a table read into memory holds at most 2^32; keep it "
                      "in its file (keep_table_in_file)",
                      quote_path(path), file.size()));
    // Copied into memory as a stream of its values.
    MemoryStream values(file.values(), file.size() * file.bytes());
    table_.read_values(values.in, file.size(), file.bytes());
    return;
  }
  // Versions 1 and 2 (no checksums): their values follow the header. A
  // version 3 header with one bit of its version changed is not taken for one.
  std::string fourth;
  std::getline(in, fourth);
  if (fourth.starts_with("check "))
    throw InputError(
        fmt::format("{}: damaged: its first line names version {}, and its header is version 3's; "
                    "delete it and compute the table again",
                    quote_path(path), magic.back()));
  in.clear();
  in.seekg(magic == "grundy-table 2" ? static_cast<std::streamoff>(kVersion2HeaderBytes)
                                     : static_cast<std::streamoff>(magic.size() + game.size() + sizes.size() + 3));
  if (game != spec())
    throw InputError(fmt::format("{} holds a table of {}, not of {}", quote_path(path), quote(game), spec()));
  unsigned long long size = 0;
  unsigned bytes = 0;
  char extra = 0;
  if (std::sscanf(sizes.c_str(), "%llu %u%c", &size, &bytes, &extra) != 2 || size > kMaxPatternTable)
    throw InputError(
        fmt::format("{}: its third line should be 'SIZE BYTES' with SIZE at most 2^32 (a table read into "
                    "memory), not {}",
                    quote_path(path), quote(sizes)));
  try {
    table_.read_values(in, size, bytes);
  } catch (const InputError& e) {
    throw InputError(fmt::format("{}: {}", quote_path(path), e.what()));
  }
}

// The periodicity theorem (docs/games/octal.md): when every move takes at
// most t tokens and leaves at most k heaps, G(n + p) = G(n) for
// e <= n < k e + (k - 1) p + t, with e >= 1, implies it for every n >= e.
// Periods are tried in increasing order, each with the smallest e the table
// allows; the first whose check the table covers is the smallest period,
// and its e the smallest preperiod (docs/games/octal.md says why).
std::optional<Periodicity> TakeAndBreakGame::find_proof() const {
  if (!provable()) return std::nullopt;
  const std::uint64_t size = stored_size();
  // Periods seen to hold over a long stretch, with their preperiods: a
  // multiple of one holds from there on, so its scan starts there. Without
  // this, each multiple of a period with a long preperiod (0.376: 4, from
  // 2,268,248) would scan that stretch again, quadratic in the table.
  std::vector<Periodicity> holding;
  constexpr std::uint64_t kLongStretch = 64;
  for (std::uint64_t p = 1; proof_size(1, p) <= size; ++p) {
    // With no period holding yet, a p with G(size - 1 - p) != G(size - 1)
    // fails at its first comparison (e = size - p) and is not kept: skipped.
    if (holding.empty() && !general_) {
      p = table_.next_repeat_of_last(p, size);
      if (proof_size(1, p) > size) break;
    }
    std::uint64_t start = size - p;
    bool covered = false;
    for (const Periodicity& q : holding)
      if (p % q.period == 0) {
        start = std::min(start, q.preperiod);
        covered = true;
      }
    const std::uint64_t e = smallest_preperiod(p, start);
    if (proof_size(e, p) <= size) return Periodicity{e, p, size};
    if (!covered && e + p + kLongStretch <= size) holding.push_back(Periodicity{e, p, size});
  }
  return std::nullopt;
}

bool TakeAndBreakGame::try_proof() const {
  if (!period_ && provable() && stored_size() > proof_tried_at_) {
    proof_tried_at_ = stored_size();
    period_ = find_proof();
  }
  return period_.has_value();
}

void TakeAndBreakGame::double_table() const {
  extend_to(std::min(std::max<std::uint64_t>(2 * table_.size(), 256), table_cap()));
}

// The smallest e with G(n + p) = G(n) for e <= n < size - p, given that it
// holds from `start` on.
std::uint64_t TakeAndBreakGame::smallest_preperiod(std::uint64_t p, std::uint64_t start) const {
  if (!general_) return table_.agreeing_from(p, start);
  std::uint64_t e = start;
  while (e > 0 && stored(e - 1) == stored(e - 1 + p)) --e;
  return e;
}

std::uint64_t TakeAndBreakGame::proof_size(std::uint64_t e, std::uint64_t p) const {
  return most_heaps_ * std::max<std::uint64_t>(e, 1) + most_heaps_ * p + code_.most_taken();
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
    extend_table(needed, task);
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
  if (!provable()) return std::nullopt;
  if (general_) {
    // Doubling, with the theorem tried at each size.
    const std::uint64_t most = std::min(max_values, general_table_cap());
    while (!try_proof() && general_table_.size() < most)
      extend_general(std::min(std::max<std::uint64_t>(2 * general_table_.size(), 256), most));
    return period_;
  }
  open_table_file();
  const bool in_file = table_.file() != nullptr;
  const std::uint64_t most = std::min(max_values, most_heaps_ == 3 ? kMaxTableThreeWay
                                                  : in_file        ? kMaxFileTable
                                                                   : kMaxPatternTable);
  LongTask task(in_file ? fmt::format("looking for the period of {} in G(0..{}), in {} ({} MiB of it kept in memory)",
                                      spec(), most - 1, quote_path(table_.file()->path()), table_.kept_bytes() >> 20)
                        : fmt::format("looking for the period of {} in G(0..{})", spec(), most - 1));
  // Doubling, with the theorem tried at each size for short periods; and a
  // stop at each cycle the table finds, for long ones, until one cannot be
  // proven below `most` (the next would not be either: its preperiod only
  // grows).
  bool stop_at_cycles = true;
  if (!in_file) table_.reserve(most);  // (a file takes its room a doubling at a time)
  table_.set_progress_total(most);
  while (!try_proof() && table_.size() < most) {
    if (!table_.sparsity().masked && table_.size() >= plain_values) break;
    extend_table(std::min(std::max<std::uint64_t>(2 * table_.size(), 256), most), task, stop_at_cycles);
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
  if (general_) {
    for (;;) {
      if (n < general_table_.size()) return Nimber(stored(n));
      if (try_proof()) return Nimber(stored(period_->reduce(n)));
      if (arithmetic_ || (general_table_.size() >= table_cap() && try_arithmetic_rule())) {
        // G(n) = G(n mod P) + S floor(n / P), when it fits in 64 bits.
        const u128 v = u128{stored(n % arithmetic_->period)} + u128{arithmetic_->saltus} * (n / arithmetic_->period);
        if (v > ~std::uint64_t{0})
          throw LimitError(fmt::format("G({}) of {} is {} * {} + {}, above 2^64 - 1", n, spec(), arithmetic_->saltus,
                                       n / arithmetic_->period, stored(n % arithmetic_->period)));
        return Nimber(static_cast<std::uint64_t>(v));
      }
      const std::uint64_t size = general_table_.size();
      if (size >= table_cap()) break;
      // Doubling towards n, so that a period is proven from the fewest values.
      extend_general(std::min<std::uint64_t>(n == ~Position{0} ? n : n + 1, std::max<std::uint64_t>(2 * size, 64)));
    }
    throw LimitError(fmt::format("G({}) of {}: {}, and the values beyond G({}) are not computed (docs/games/octal.md)",
                                 n, spec(), no_period_words(), general_table_.size() - 1));
  }
  if (!table_path_.empty()) return value_in_file(n);
  for (bool beyond = unequal_ && n >= table_cap(); !beyond;) {
    if (n < table_.size()) return Nimber(table_value(n));
    if (try_proof()) return Nimber(table_value(period_->reduce(n)));
    if (table_.size() >= table_cap()) break;
    if (unequal_) {
      double_table();
    } else {
      const std::uint64_t size = table_.size();
      std::uint64_t wanted = n >= table_cap() ? table_cap() : std::max<std::uint64_t>({n + 1, 2 * size, 256});
      // No further than the values a caller said it would ask for.
      if (expected_last_ >= n && expected_last_ < table_cap())
        wanted = std::min(wanted, std::max(n, expected_last_) + 1);
      // Where no mask applies the table stops at 2^20, as pattern's default
      // does at 2^18: beyond, each value costs a scan of every pair.
      (void)prove_period(std::min(wanted, table_cap()), kPlainValueTable);
      if (table_.size() == size && !period_) break;  // no further to go
    }
  }
  const std::uint64_t last = unequal_ ? table_cap() - 1 : table_.size() - 1;
  throw LimitError(fmt::format("G({}) of {}: {} the values beyond G({}) are not computed (docs/games/octal.md)", n,
                               spec(),
                               unequal_ ? std::string("no theorem gives Grundy's game a period, and")
                                        : fmt::format("no period is proven in G(0..{}), and", last),
                               last));
}

// The theorem (docs/games/octal.md, "Arithmetic periodicity"): let every
// move leave at most one heap, R the sizes a move may take leaving one heap
// and T those it may take leaving none, both repeating with period q from
// c on (d_i = d_{i+q} for i >= c). Let P be a multiple of q and S >= 1 with
//   (a) G(h) < S for h < P,
//   (b) for each n in [c + P, c + P + q): the values G(h), 1 <= h < P,
//       with n - h in R, together with 0 when n is in T, include 0..S-1;
//       and so do they with 0 when n is in R,
//   (c) G(h + P) = G(h) + S for 0 <= h < c + P.
// Then G(n + P) = G(n) + S for every n >= 0.
bool TakeAndBreakGame::try_arithmetic_rule(std::uint64_t period, std::uint64_t saltus) const {
  if (arithmetic_) return true;
  if (!general_ || code_.finite() || code_.most_heaps() > 1 || period == 0 || saltus == 0) return false;
  const std::uint64_t q = code_.repeat();
  const std::uint64_t c = code_.digits().size() - q;
  const std::uint64_t big_p = std::lcm(period, q);
  if (big_p > (std::uint64_t{1} << 20) || saltus > (std::uint64_t{1} << 40) / (big_p / period)) return false;
  const std::uint64_t big_s = saltus * (big_p / period);
  const std::uint64_t start = c + big_p;
  const std::uint64_t need = start + big_p;
  if (need > general_table_cap()) return false;
  extend_general(need);
  for (std::uint64_t h = 0; h < big_p; ++h)
    if (stored(h) >= big_s) return false;  // (a)
  for (std::uint64_t h = 0; h < start; ++h)
    if (std::uint64_t{stored(h + big_p)} != std::uint64_t{stored(h)} + big_s) return false;  // (c)
  std::vector<char> low(static_cast<std::size_t>(big_s));
  for (std::uint64_t n = start; n < start + q; ++n) {  // (b)
    std::fill(low.begin(), low.end(), 0);
    for (std::uint64_t h = 1; h < big_p; ++h)
      if (code_.digit(n - h).leaves(1)) low[stored(h)] = 1;
    const bool ends = code_.digit(n).leaves(0), leaves_heap = code_.digit(n).leaves(1);
    const bool others = std::all_of(low.begin() + 1, low.end(), [](char x) { return x != 0; });
    if (!others || (!ends && !low[0]) || (!leaves_heap && !low[0])) return false;
  }
  arithmetic_ = ArithmeticRule{big_p, big_s, need, start, q, big_p, big_s};
  // The smallest rule: P is a multiple of q, and the game's own period may
  // not be (tb:0.00[32]: G(n) = floor(n / 3), P = 6). Any rule from 0 has
  // the slope S / P, so p S / P is whole; and G(h + p) = G(h) + s for
  // h < P gives it for every n >= P by induction, as G(n + p) =
  // G(n - P + p) + S = G(n - P) + s + S = G(n) + s. The table holds 2P values.
  const std::uint64_t step = big_p / std::gcd(big_p, big_s);
  for (std::uint64_t p = step; p < big_p; p += step) {
    const std::uint64_t s = big_s / (big_p / p);
    bool holds = true;
    for (std::uint64_t h = 0; h < big_p && holds; ++h)
      holds = std::uint64_t{stored(h + p)} == std::uint64_t{stored(h)} + s;
    if (holds) {
      arithmetic_->rule_period = p;
      arithmetic_->rule_saltus = s;
      break;
    }
  }
  return true;
}

// The rule seen on the whole table, if any, tried once per table size.
bool TakeAndBreakGame::try_arithmetic_rule() const {
  if (arithmetic_) return true;
  if (!general_ || code_.finite() || code_.most_heaps() > 1 || stored_size() <= arithmetic_tried_at_) return false;
  arithmetic_tried_at_ = stored_size();
  std::vector<Nimber> values;
  values.reserve(static_cast<std::size_t>(stored_size()));
  for (std::uint64_t n = 0; n < stored_size(); ++n) values.push_back(Nimber(stored(n)));
  const std::optional<ObservedPeriod> seen = observe_arithmetic_period(values);
  return seen && seen->preperiod == 0 && try_arithmetic_rule(seen->period, seen->saltus);
}

std::string TakeAndBreakGame::no_period_words() const {
  if (notation_ == Notation::grundy) return "no theorem gives Grundy's game a period";
  if (!code_.finite())
    return "a move may take any number of tokens, and the periodicity theorem needs a most tokens taken";
  if (code_.constrained())
    return "its splits are constrained (! ? =), and the periodicity theorem needs every split of a heap allowed";
  return fmt::format("no period is proven in G(0..{})", stored_size() - 1);
}

std::string TakeAndBreakGame::move_rule() const {
  if (notation_ == Notation::grundy) return "a move splits one heap into two unequal non-empty heaps";
  // Removals grouped by what they may leave, in order of the first removal.
  const std::vector<TakeAndBreakDigit>& digits = code_.digits();
  const std::size_t repeat_start = digits.size() - code_.repeat();
  std::vector<TakeAndBreakDigit> kinds;
  for (const TakeAndBreakDigit& d : digits)
    if (d.heaps != 0 && std::find(kinds.begin(), kinds.end(), d) == kinds.end()) kinds.push_back(d);
  std::vector<std::string> parts;
  for (const TakeAndBreakDigit& kind : kinds) {
    std::vector<std::string> removals;
    for (std::size_t i = 0; i < digits.size(); ++i) {
      if (!(digits[i] == kind)) continue;
      if (code_.finite() || i < repeat_start)
        removals.push_back(std::to_string(i));
      else if (code_.repeat() == 1)
        removals.push_back(fmt::format("any number from {} on", i));
      else
        removals.push_back(fmt::format("{}, {}, {}, ...", i, i + code_.repeat(), i + 2 * code_.repeat()));
    }
    std::vector<std::string> counts;
    for (unsigned k = 0; k <= TakeAndBreakCode::kMaxHeapsLeft; ++k) {
      if (!kind.leaves(k)) continue;
      const std::uint32_t bit = 1u << k;
      counts.push_back((kind.unequal & bit) != 0         ? fmt::format("{} {}unequal", k, k == 2 ? "" : "pairwise ")
                       : (kind.not_all_equal & bit) != 0 ? fmt::format("{} not all equal", k)
                       : (kind.all_equal & bit) != 0     ? fmt::format("{} equal", k)
                                                         : std::to_string(k));
    }
    const bool one_heap = counts == std::vector<std::string>{"1"};
    const bool splits_only = removals == std::vector<std::string>{"0"};
    const std::string left = fmt::format("{} non-empty heap{}", or_list(counts), one_heap ? "" : "s");
    parts.push_back(splits_only ? fmt::format("splits a heap into {} without taking any", or_list(counts))
                                : fmt::format("takes {} token{} from a heap and leaves {}", or_list(removals),
                                              removals == std::vector<std::string>{"1"} ? "" : "s", left));
  }
  if (parts.empty()) return "no move is allowed (every digit of the code is 0)";
  std::string text = "a move ";
  for (std::size_t i = 0; i < parts.size(); ++i) text += (i == 0 ? "" : "; or ") + parts[i];
  return text;
}

bool TakeAndBreakGame::has_move(Position n) const {
  // Past the written digits a repeating code's digits recur every repeat()
  // removals; 840 repeats cover every remainder of the tokens left modulo
  // any number of heaps up to 8, all that decides whether a split exists.
  const std::uint64_t last = code_.finite() ? code_.digits().size() - 1 : code_.digits().size() + 840 * code_.repeat();
  for (std::uint64_t i = 0; i <= std::min<std::uint64_t>(n, last); ++i)
    if (can_leave(n - i, code_.digit(i))) return true;
  return false;
}

OptionSample TakeAndBreakGame::list_options(Position p, std::uint64_t limit) const {
  OptionSample out;
  if (general_) {
    // Counted by listing, up to kGeneralScan options.
    std::uint64_t count = 0;
    bool complete = true;
    for_each_option(p, [&](std::span<const Position> heaps) {
      if (count == kGeneralScan) return complete = false;
      ++count;
      if (out.options.size() < limit) out.options.emplace_back(heaps.begin(), heaps.end());
      return true;
    });
    if (complete) out.total = count;
    return out;
  }
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
  if (general_) return general_options_to_value(p, target, limit);
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
      const split_search::Count c = split_search::pairs_to_value(g, r, 1, unequal_ ? (r - 1) / 2 : r / 2, t, room(),
                                                                 count_all || periodic, [&](Position a) {
                                                                   out.options.push_back({a, r - a});
                                                                 });
      total += c.found;
      complete = complete && c.complete;
    }
    if ((d & leaves(3)) != 0 && r >= 3) {
      const split_search::Count c =
          split_search::triples_to_value(g, r, t, room(), count_all, [&](Position a, Position b) {
            out.options.push_back({a, b, r - a - b});
          });
      total += c.found;
      complete = complete && c.complete;
    }
    if (!complete) break;
  }
  if (complete && total <= ~std::uint64_t{0}) out.total = static_cast<std::uint64_t>(total);
  return out;
}

// About how many options heap n has, for a finite code: a k-heap split of
// r tokens is one of about r^(k-1) / (k! (k-1)!).
double TakeAndBreakGame::split_count_estimate(Position n) const {
  double total = 0;
  for (std::size_t i = 0; i < code_.digits().size() && i <= n; ++i) {
    const auto r = static_cast<double>(n - i);
    double splits = 1, factorials = 1;  // r^(k-1), k! (k-1)!
    for (unsigned k = 1; k <= TakeAndBreakCode::kMaxHeapsLeft; ++k) {
      if (k >= 2) {
        splits *= r;
        factorials *= static_cast<double>(k) * static_cast<double>(k - 1);
      }
      if (code_.digit(i).leaves(k)) total += splits / factorials;
    }
    total += 1;  // the empty option
  }
  return total;
}

// General codes. A heap inside the table, or with few options, has its
// options scanned, every one: for the table's heaps its own computation
// visited them all (general_table_cap bounds that). Past the table a heap's value comes from a theorem, and
// so does the search:
// - G(n + P) = G(n) + S (codes whose moves leave at most one heap): a heap
//   m has G(m) = t only for m near t P / S (below), so only the last few
//   moves can reach t, and the count is exact.
// - A period p from e >= 1 (finite codes without modifiers: provable();
//   e is taken as 1 when it is 0, so that no heap is moved to 0): take a
//   split a_1 <= ... <= a_k of r tokens with value t, r >= k c where
//   c = e + p - 1. Its largest heap is at least c. Each other heap a_j >= e
//   can be moved into [e, c] by a multiple of p, the tokens added to the
//   largest heap, without changing a value (all those heaps stay in the
//   periodic part); so if any split of r into k heaps has value t, one with
//   every heap but the largest at most c has. Only those are searched
//   (split_search::splits_to_value, in O(k c p V) for values below V,
//   whatever r is): a winning move is always found; the count is not made
//   (total unknown). Fewer tokens are split every way, by the same search.
// Options come in the game's order either way, at most kMostListed.
OptionSample TakeAndBreakGame::general_options_to_value(Position p, Nimber target, std::uint64_t limit) const {
  OptionSample out;
  const std::uint64_t want = std::min(limit, kMostListed);
  std::uint64_t found = 0;
  auto visit = [&](std::span<const Position> heaps) {
    std::uint64_t v = 0;
    for (Position h : heaps) v ^= value(h).value();
    if (v == target.value() && found++ < want) out.options.emplace_back(heaps.begin(), heaps.end());
    return true;
  };
  if (p < general_table_.size() || (code_.finite() && split_count_estimate(p) <= kGeneralScan)) {
    for_each_option(p, visit);
    out.total = found;
    return out;
  }
  if (arithmetic_) {
    // G(m) = G(m mod P) + S floor(m / P) is t only for floor(m / P) between
    // (t - M) / S and t / S, M the largest of G(0..P-1).
    const std::uint64_t P = arithmetic_->period, S = arithmetic_->saltus, t = target.value();
    std::uint64_t most = 0;
    for (std::uint64_t j = 0; j < P; ++j) most = std::max<std::uint64_t>(most, stored(j));
    const u128 lowest = u128{P} * (t > most ? (t - most) / S : 0);
    const u128 highest = std::min<u128>(u128{P} * (t / S + 1) - 1, p);
    for (u128 m = highest + 1; m-- > lowest;) {  // fewest tokens taken first
      const auto left = static_cast<Position>(m);
      const TakeAndBreakDigit& d = code_.digit(p - left);
      if (left == 0 && d.leaves(0)) visit(std::span<const Position>());
      if (left >= 1 && d.leaves(1)) visit(std::span<const Position>(&left, 1));
    }
    out.total = found;
    return out;
  }
  if (!period_) throw LimitError(fmt::format("G({}) of {}: no rule is known past the table", p, spec()));
  if (target.value() > 0xFFFFFFFFu) return out;  // every value is below 2^32
  const auto t = static_cast<std::uint32_t>(target.value());
  // Heaps are never moved below 1 (an empty heap would change the move).
  const std::uint64_t e = std::max<std::uint64_t>(period_->preperiod, 1), per = period_->period, cap = e + per - 1;
  auto g = [&](std::uint64_t n) { return stored(n < stored_size() ? n : period_->reduce(n)); };
  bool complete = true;
  for (std::size_t i = 0; i < code_.digits().size() && i <= p && out.options.size() < want; ++i) {
    const Position r = p - i;
    const TakeAndBreakDigit& d = code_.digit(i);
    if (d.leaves(0) && r == 0 && t == 0) visit(std::span<const Position>());
    if (d.leaves(1) && r >= 1 && g(r) == t) visit(std::span<const Position>(&r, 1));
    for (unsigned k = 2; k <= TakeAndBreakCode::kMaxHeapsLeft && out.options.size() < want; ++k) {
      if (!d.leaves(k) || r < k) continue;
      const bool far = u128{r} >= u128{k} * cap;  // then r - (k - 1) cap >= cap >= e
      complete = complete && !far;
      (void)split_search::splits_to_value(g, per, r, k, t, far ? cap : r, far, [&](std::span<const Position> heaps) {
        visit(heaps);
        return out.options.size() < want;
      });
    }
  }
  if (complete && out.options.size() < want) out.total = found;
  return out;
}

// A spread of options for the engine: for every number of tokens taken,
// the whole heap or one heap left, and splits at both ends and the middle.
std::vector<Option> TakeAndBreakGame::sample_options(Position p) const {
  const OptionSample first = list_options(p, 64);
  if (first.complete()) return first.options;
  if (general_) return list_options(p, 256).options;
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
    if (h > from - left || left > from)
      return fmt::format("the heaps left, {}, hold more than the heap of {}", format_option(heaps), from);
    left += h;
  }
  const Position taken = from - left;
  const std::size_t k = heaps.size();
  if (taken == 0 && k <= 1) return fmt::format("a move must change the heap of {}", from);
  if (notation_ == Notation::grundy) {
    if (taken != 0) return "a move takes no token: it splits one heap into two unequal non-empty heaps";
    if (k != 2) return fmt::format("a move splits a heap into exactly two heaps, not {}", k);
    if (heaps[0] == heaps[1]) return fmt::format("the two heaps left must be unequal, and {} = {}", heaps[0], heaps[1]);
    return {};
  }
  const TakeAndBreakDigit& d = code_.digit(taken);
  if (k <= TakeAndBreakCode::kMaxHeapsLeft && d.allows_heaps(heaps.data(), static_cast<unsigned>(k))) return {};
  if (k <= TakeAndBreakCode::kMaxHeapsLeft && d.leaves(static_cast<unsigned>(k))) {
    const std::uint32_t bit = 1u << k;
    const std::string need = (d.unequal & bit) != 0         ? (k == 2 ? "unequal" : "pairwise unequal")
                             : (d.not_all_equal & bit) != 0 ? "not all equal"
                                                            : "all equal";
    return fmt::format("{} lets a move that takes {} leave {} heaps only when they are {} ({})", spec(),
                       plural(taken, "token"), k, need, move_rule());
  }
  return fmt::format("{} does not let a move take {} and leave {} non-empty heap{} ({})", spec(),
                     plural(taken, "token"), k, k == 1 ? "" : "s", move_rule());
}

Pattern TakeAndBreakGame::pattern(std::uint64_t limit) const {
  if (!provable()) {
    Pattern out = observe_pattern(*this, std::min(limit, table_cap() - 1));
    if (out.kind == PatternKind::arithmetic_periodic && out.preperiod == 0 &&
        try_arithmetic_rule(out.period, out.saltus))
      return arithmetic_pattern(out.checked_up_to);
    return unprovable_pattern(std::move(out));
  }
  const std::uint64_t most = std::min(limit + 1, max_pattern_limit() + 1);
  if (general_ && !prove_period(most)) return general_unproven_pattern();
  // The default bound stops sooner where no mask applies: there each value
  // costs a scan of every pair, and 2^25 values would take hours.
  const bool default_bound = limit == default_pattern_limit();
  std::optional<Periodicity> found = period_;
  std::string too_large;  // a value above what the table keeps
  try {
    if (!general_) found = prove_period(most, default_bound ? kPlainDefault : most);
  } catch (const LimitError& e) {
    too_large = e.what();
  }
  if (!found) return unproven_pattern(most, too_large);
  return proven_pattern(*found);
}

// A code whose moves leave at most one heap, with its arithmetic rule
// proven (try_arithmetic_rule): the check and the theorem in words.
Pattern TakeAndBreakGame::arithmetic_pattern(std::uint64_t checked_up_to) const {
  const ArithmeticRule& a = *arithmetic_;
  Pattern proven;
  proven.game = spec();
  proven.kind = PatternKind::arithmetic_periodic;
  proven.proven = true;
  proven.preperiod = 0;
  proven.period = a.rule_period;
  proven.saltus = a.rule_saltus;
  proven.value_count = a.rule_period;
  proven.checked_up_to = checked_up_to;
  proven.proof_bound = a.bound;
  const bool smaller = a.rule_period != a.period;
  proven.check = fmt::format(
      "G(n + {0}) = G(n) + {1} for 0 <= n < {2}; G(h) < {1} for h < {0}; and for each heap n from {2} to {3} "
      "the moves to heaps below {0}, with taking the whole heap, reach every value below {1}, as they do with "
      "taking n tokens from n + {0}{4}",
      a.period, a.saltus, a.start, a.start + a.repeat - 1,
      smaller ? fmt::format("; and G(h + {}) = G(h) + {} for 0 <= h < {}", a.rule_period, a.rule_saltus, a.period)
              : std::string());
  proven.theorem = fmt::format(
      "every move leaves at most one heap and the code's digits repeat every {} from d{} on, so by the "
      "arithmetic-periodicity theorem for such codes this check proves G(n + {}) = G(n) + {} for every n >= 0{} "
      "(docs/games/octal.md)",
      a.repeat, a.start - a.period, a.period, a.saltus,
      smaller ? fmt::format(", and then G(n + {0}) = G(n) + {1} by induction on n (for n >= {2}, G(n + {0}) = "
                            "G(n - {2} + {0}) + {3})",
                            a.rule_period, a.rule_saltus, a.period, a.saltus)
              : std::string());
  proven.table = table_report();
  return proven;
}

// A code no periodicity theorem covers (Grundy's game, or a code that keeps
// equal splits apart): the rule observed, and why it is not proven.
Pattern TakeAndBreakGame::unprovable_pattern(Pattern out) const {
  out.advice = {};
  if (out.checked_up_to < table_cap() - 1) {
    out.advice.kind = PatternAdvice::Kind::larger_bound;
    out.advice.bound = table_cap() - 1;
    out.advice.bound_reason = max_pattern_reason();
  }
  out.reason = fmt::format(
      "{}: {}",
      notation_ == Notation::grundy
          ? "no theorem gives Grundy's game a period (the periodicity theorem needs equal splits to be allowed)"
          : no_period_words(),
      out.kind == PatternKind::none ? fmt::format("no rule fits G(0..{})", out.checked_up_to)
                                    : fmt::format("the rule was only seen on G(0..{})", out.checked_up_to));
  out.table = table_report();
  return out;
}

// A general code (values past what a byte table keeps) with no period proven.
Pattern TakeAndBreakGame::general_unproven_pattern() const {
  Pattern out = observe_pattern(*this, stored_size() - 1);
  out.reason = fmt::format("the periodicity theorem proves no period from G(0..{}), {}", stored_size() - 1,
                           out.kind == PatternKind::none ? std::string("and no rule fits them")
                                                         : std::string("so the rule seen is not proven"));
  out.advice = {};
  if (stored_size() < table_cap()) {
    out.advice.kind = PatternAdvice::Kind::larger_bound;
    out.advice.bound = table_cap() - 1;
    out.advice.bound_reason = max_pattern_reason();
  } else {
    out.advice.note = fmt::format("G(0..{}) is as far as grundy computes {}", stored_size() - 1, spec());
    out.advice.bound = stored_size() - 1;
    out.advice.bound_reason = max_pattern_reason();
  }
  out.table = table_report();
  return out;
}

// No period proven up to `most` values: a cycle seen but not yet checked,
// the value that stopped the search, or the rule observed; and the bound
// that would go further.
Pattern TakeAndBreakGame::unproven_pattern(std::uint64_t most, const std::string& too_large) const {
  const bool plain_stop = too_large.empty() && table_.size() < most && !table_.sparsity().masked;
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
    out.advice.note = fmt::format("G(0..{}) is as far as grundy computes {}", max_pattern_limit(), spec());
    out.advice.bound = max_pattern_limit();
    out.advice.bound_reason = max_pattern_reason();
  }
  if (!too_large.empty()) out.advice = {};  // no bound would go further
  out.table = table_report();
  return out;
}

// A proven period: the check the table passed, and the theorem that makes it a proof.
Pattern TakeAndBreakGame::proven_pattern(const Periodicity& p) const {
  const std::uint64_t k = most_heaps_;
  const std::uint64_t t = code_.most_taken();
  const std::uint64_t e = std::max<std::uint64_t>(p.preperiod, 1);
  Pattern out;
  out.game = spec();
  out.set_proven_period(p);
  out.table = table_report();
  out.proof_bound = proof_size(p.preperiod, p.period);
  const std::string bound = k == 1 ? "e + t" : k == 2 ? "2e + p + t" : fmt::format("{}e + {}p + t", k, k - 1);
  out.check = fmt::format("G(n + {}) = G(n) for {} <= n < {} = {}, with e = {}, p = {}, t = {}", p.period, e,
                          out.proof_bound - p.period, bound, e, p.period, t);
  out.theorem = fmt::format(
      "every move takes at most t = {} and leaves at most {}, so by the {} this check proves G(n + p) = G(n) for "
      "every n >= e{} (docs/games/octal.md)",
      plural(t, "token"), plural(k, "heap"),
      k == 1 ? std::string("periodicity theorem for moves that leave one heap (G(n) depends on the t values before it)")
      : k == 2 ? std::string("Guy-Smith periodicity theorem")
      : k == 3 ? "periodicity theorem for three-way splits"
               : fmt::format("periodicity theorem for {}-way splits", k),
      p.preperiod < e ? ", and G(p) = G(0) holds too" : "");
  return out;
}

std::uint64_t TakeAndBreakGame::default_pattern_limit() const {
  if (general_) return std::min(table_cap() - 1, kDefaultPatternLimit);
  return unequal_ ? kDefaultPatternLimit : most_heaps_ == 3 ? kMaxTableThreeWay - 1 : kMaxTable - 1;
}

std::uint64_t TakeAndBreakGame::max_pattern_limit() const {
  if (general_) return table_cap() - 1;
  if (!table_path_.empty() && !unequal_ && most_heaps_ != 3) return kMaxFileTable - 1;
  return unequal_ ? kMaxTable - 1 : most_heaps_ == 3 ? kMaxTableThreeWay - 1 : kMaxPatternTable - 1;
}

// Why max_pattern_limit is what it is for this game, so that the advice's
// different bounds for different games say why.
std::string TakeAndBreakGame::max_pattern_reason() const {
  if (general_ && one_heap_repeating())
    return fmt::format("2^{} - 1, four bytes a value for a code that takes any number of tokens",
                       std::countr_zero(table_cap()));
  if (general_)
    return fmt::format("2^{} - 1, since each value of this code costs a scan of every option (about 2^28 in all)",
                       std::countr_zero(table_cap()));
  if (unequal_) return "2^25 - 1, since a game that splits into unequal heaps scans every split for each value";
  if (most_heaps_ == 3) return "2^12 - 1, since a three-way split makes each value cost a scan of every pair of heaps";
  return "2^32 - 1, the most heaps a table holds, one byte per value";
}

TableReport TakeAndBreakGame::table_report() const {
  if (general_) {
    TableReport out;
    for (std::size_t n = 0; n < general_table_.size(); ++n)
      if (general_table_[n] > out.largest_value || n == 0) out.largest_value = general_table_[n], out.largest_at = n;
    return out;
  }
  const TakeAndBreakValues::Sparsity& s = table_.sparsity();
  return TableReport{s.largest, s.largest_at,
                     RareValueReport{s.masked, s.mask, s.with_parity, s.rare_heaps, s.last_rare}};
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

std::unique_ptr<Game> parse_code(const SpecText& spec) {
  spec.expect_params(
      "tb:CODE, with CODE such as 0.77, 4!.0, 0.[3] or 0.(C!8) (take_and_break codes, docs/games/octal.md)");
  return std::make_unique<TakeAndBreakGame>(
      TakeAndBreakGame::from_code(TakeAndBreakCode::parse(spec.params, spec.spec, spec.params_column())));
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

std::string octal_values_key(const std::string& code) {
  const std::size_t point = code.find('.');
  if (point != 1 || point + 1 >= code.size() || (code[0] != '0' && code[0] != '4'))
    throw InputError(fmt::format("octal code '{}': expected d0.d1..dk with d0 = 0 or 4", code));
  std::vector<unsigned> digits;  // digits[i]: removing i tokens
  for (std::size_t i = 0; i < code.size(); i = i == 0 ? 2 : i + 1) {
    if (code[i] < '0' || code[i] > '7') throw InputError(fmt::format("octal code '{}': expected digits 0-7", code));
    digits.push_back(static_cast<unsigned>(code[i] - '0'));
  }
  // G(0..m) by the plain mex, m = max(k, kMaxOctalCensusDigits): whatever
  // the digits two census codes differ in, their keys compare the values
  // up to it (0.4 and 0.41 compare G(0..2)). A handful of options each.
  const std::size_t m = std::max<std::size_t>(digits.size() - 1, kMaxOctalCensusDigits);
  digits.resize(m + 1, 0);
  std::vector<std::uint64_t> g;
  MexMarks marks;
  for (std::size_t n = 0; n <= m; ++n) {
    for (std::size_t take = 0; take <= n; ++take) {
      const unsigned d = digits[take];
      const std::size_t left = n - take;
      if ((d & 1) && take > 0 && left == 0) marks.mark(0);
      if ((d & 2) && take > 0 && left > 0) marks.mark(g[left]);
      if (d & 4)
        for (std::size_t a = 1; 2 * a <= left; ++a) marks.mark(g[a] ^ g[left - a]);
    }
    g.push_back(marks.take().value());
  }
  // Bit 1 of d_t (take a heap of exactly t) only acts at heap t, at most m.
  // Bit 2 of d_t (take t, leave the rest n - t > 0) adds nothing when some
  // d_s, s < t, splits (bit 4) and G(t - s) = 0: taking s and leaving
  // t - s and n - t already gives G(t - s) ^ G(n - t) = G(n - t) at every
  // heap that has the move (docs/games/octal.md, "Codes with equal values").
  auto key_digit = [&](std::size_t t) {
    unsigned d = digits[t] & ~1u;
    for (std::size_t s = 0; s < t && (d & 2) != 0; ++s)
      if ((digits[s] & 4) != 0 && g[t - s] == 0) d &= ~2u;
    return d;
  };
  std::string key = code.substr(0, point + 1);
  std::string rest;
  for (std::size_t i = 1; i < digits.size(); ++i) rest.push_back(static_cast<char>('0' + key_digit(i)));
  while (!rest.empty() && rest.back() == '0') rest.pop_back();
  key += (rest.empty() ? "0" : rest) + " G:";
  for (const std::uint64_t v : g) key += fmt::format(" {}", v);
  return key;
}

const GameFamily kOctalFamily{"octal",
                              "octal:CODE",
                              "take-and-break: CODE = d0.d1d2... in digits 0-7; taking i tokens may leave nothing "
                              "(d_i has 1), one heap (2) or two heaps (4); d0 = 4 splits a heap without taking any",
                              "octal:0.137",
                              parse_octal,
                              /*reads_file=*/false,
                              "G(n + p) = G(n) for e <= n < 2e + p + t (t: the most tokens a move takes) proves the "
                              "period (Guy-Smith; docs/games/octal.md). Values come from the rare-value method, one "
                              "byte each; a cycle it sees is proven as soon as the table is long enough, so the bound "
                              "only limits the search.",
                              octal_codes,
                              kMaxOctalCensusDigits,
                              /*example_positions=*/"3 4 5",
                              octal_values_key};
const GameFamily kHexFamily{
    "hex",     "hex:CODE",           "as octal, in digits 0-9 and A-F, where 8 leaves three non-empty heaps", "hex:0.F",
    parse_hex, /*reads_file=*/false, "as octal; with three-heap moves the check runs to 3e + 2p + t."};
const GameFamily kTakeAndBreakFamily{
    "tb",
    "tb:CODE",
    "any code CGSuite reads: digits to Z and {N} (up to 7 heaps); d! splits into unequal heaps, d? not all equal, "
    "d= equal; [..] repeats forever (0.[3] is nim)",
    "tb:0.[37]",
    parse_code,
    /*reads_file=*/false,
    "finite codes without ! ? = as octal (k e + (k - 1) p + t for k-heap moves); others are only observed."};
const GameFamily kGrundyGameFamily{"grundy-game", "grundy-game",
                                   "Grundy's game: split one heap into two unequal non-empty heaps", "grundy-game",
                                   parse_grundy_game};
const GameFamily kKaylesFamily{"kayles", "kayles",
                               "Kayles, octal:0.77: knock down one pin or two neighbouring pins from a row", "kayles",
                               parse_named<kKaylesCode>};
const GameFamily kDawsonChessFamily{"dawson-chess", "dawson-chess",
                                    "Dawson's chess, octal:0.137 (heap n: a row of n pawns)", "dawson-chess",
                                    parse_named<kDawsonChessCode>};
const GameFamily kDawsonKaylesFamily{"dawson-kayles", "dawson-kayles",
                                     "Dawson's Kayles, octal:0.07: knock down two neighbouring pins from a row",
                                     "dawson-kayles", parse_named<kDawsonKaylesCode>};

}  // namespace grundy
