#include "grundy/games/subtraction.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/heap_table.hpp"
#include "grundy/number_set.hpp"

namespace grundy {

SubtractionGame::SubtractionGame(std::vector<std::uint64_t> set) : set_(std::move(set)) {
  std::sort(set_.begin(), set_.end());
  set_.erase(std::unique(set_.begin(), set_.end()), set_.end());
  if (set_.empty()) throw InputError("a subtraction game needs at least one number of tokens to take");
  if (set_.front() == 0) throw InputError("a subtraction game cannot take 0 tokens: every move must take at least 1");
  if (set_.back() > kMaxElement)
    throw InputError(fmt::format("subtraction sets may hold numbers up to {}, not {}", kMaxElement, set_.back()));
}

std::string SubtractionGame::spec() const { return "subtraction:" + format_number_set(set_); }

void SubtractionGame::extend_to(std::uint64_t last) const {
  if (last >= table_.size()) extend_table(*this, table_, last);
}

// The window argument: for n >= m = max(S), G(n) is a function of the window
// W(n - m) = (G(n-m), ..., G(n-1)). So W(i) = W(i + p) implies G(n + p) = G(n)
// for all n >= i. With a table of length L and j = L - m, the smallest p with
// W(j - p) = W(j) is the smallest period (any smaller true period q would
// also make those windows equal, once the table passes preperiod + q), and
// scanning down from j - p gives the smallest preperiod. See
// docs/games/subtraction.md for the proof.
std::optional<Periodicity> SubtractionGame::try_prove_period() const {
  const std::uint64_t m = set_.back();
  const std::uint64_t length = table_.size();
  if (length < 2 * m + 1) return std::nullopt;
  const std::uint64_t j = length - m;

  // Polynomial hashes of windows, rolled from the right so that only
  // multiplications are needed: H(i) = sum_k G(i + k) * B^k  (mod 2^64).
  constexpr std::uint64_t B = 0x9E3779B97F4A7C15ULL;
  std::uint64_t top_power = 1;  // B^(m-1)
  for (std::uint64_t k = 1; k < m; ++k) top_power *= B;
  std::uint64_t hash_j = 0;
  for (std::uint64_t k = m; k-- > 0;) hash_j = hash_j * B + table_[j + k].value();

  auto same_window = [&](std::uint64_t a, std::uint64_t b) {
    for (std::uint64_t k = 0; k < m; ++k)
      if (table_[a + k] != table_[b + k]) return false;
    return true;
  };

  std::uint64_t hash_i = hash_j;
  for (std::uint64_t i = j; i-- > 0;) {
    // H(i) from H(i + 1): drop G(i + m) from the top, shift, add G(i).
    hash_i = table_[i].value() + B * (hash_i - table_[i + m].value() * top_power);
    if (hash_i != hash_j || !same_window(i, j)) continue;
    const std::uint64_t period = j - i;
    std::uint64_t preperiod = i;
    while (preperiod > 0 && table_[preperiod - 1] == table_[preperiod - 1 + period]) --preperiod;
    return Periodicity{preperiod, period, length};
  }
  return std::nullopt;
}

const Periodicity& SubtractionGame::periodicity() const {
  if (periodicity_) return *periodicity_;
  std::uint64_t length = std::max<std::uint64_t>(1024, 8 * set_.back());
  for (;;) {
    extend_to(length - 1);
    if (auto found = try_prove_period()) {
      periodicity_ = *found;
      return *periodicity_;
    }
    if (length >= kMaxTable)
      throw LimitError(fmt::format("{}: no period proven among the first {} values", spec(), length));
    length = std::min(kMaxTable, 2 * length);
  }
}

Nimber SubtractionGame::value(Position n) const {
  if (n < table_.size()) return table_[n];
  // The period search starts with a table of max(1024, 8 max(S)) values: a
  // position below that is read off the table without the search (which
  // costs O(table * |S|), minutes for subtraction:1-100000).
  if (!periodicity_ && n < std::max<std::uint64_t>(1024, 8 * set_.back())) {
    extend_to(n);
    return table_[n];
  }
  const Periodicity& p = periodicity();
  if (n < table_.size()) return table_[n];
  return table_[p.preperiod + (n - p.preperiod) % p.period];
}

std::vector<Position> SubtractionGame::moves_to_value(Position n, Nimber target) const {
  std::vector<Position> moves;
  for (std::uint64_t s : set_) {
    if (s > n) break;
    if (value(n - s) == target) moves.push_back(n - s);
  }
  return moves;
}

std::string SubtractionGame::move_rule() const {
  if (set_.size() == 1) return fmt::format("a move takes exactly {} token{}", set_[0], set_[0] == 1 ? "" : "s");
  return fmt::format("a move takes {} tokens", number_set_in_words(set_, "or"));
}

std::string SubtractionGame::why_not_move(Position from, Position to) const {
  if (to >= from) return heap_not_smaller(from, to);
  const std::uint64_t take = from - to;
  if (!std::binary_search(set_.begin(), set_.end(), take))
    return fmt::format("taking {} is not a move: {}", take, move_rule());
  return {};
}

// Taking s leaves n - s >= lowest for s <= n - lowest: the largest such s
// leaves the smallest heap, so S is walked downwards from there.
MoveSample SubtractionGame::moves_from(Position n, Position lowest, std::uint64_t limit) const {
  MoveSample sample;
  if (lowest > n) {
    sample.total = 0;
    return sample;
  }
  const auto end = std::upper_bound(set_.begin(), set_.end(), n - lowest);
  sample.total = static_cast<std::uint64_t>(end - set_.begin());
  for (auto it = end; it != set_.begin() && sample.moves.size() < limit;) sample.moves.push_back(n - *--it);
  return sample;
}

}  // namespace grundy
