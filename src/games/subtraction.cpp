#include "grundy/games/subtraction.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/number_set.hpp"
#include "grundy/pattern.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"

namespace grundy {
namespace {

// A fill expected to cost more than this many elementary steps reports its
// progress (and does so only once it has run for a second); a smaller one is
// not worth the watcher thread a LongTask starts.
constexpr std::uint64_t kReportedWork = std::uint64_t{1} << 24;
// Values filled between two progress updates.
constexpr std::uint64_t kChunk = std::uint64_t{1} << 16;

}  // namespace

SubtractionGame::SubtractionGame(std::vector<std::uint64_t> set) : set_(std::move(set)) {
  std::sort(set_.begin(), set_.end());
  set_.erase(std::unique(set_.begin(), set_.end()), set_.end());
  if (set_.empty()) throw InputError("a subtraction game needs at least one number of tokens to take");
  if (set_.front() == 0) throw InputError("a subtraction game cannot take 0 tokens: every move must take at least 1");
  if (set_.back() > kMaxElement)
    throw InputError(fmt::format("subtraction sets may hold numbers up to {}, not {}", kMaxElement, set_.back()));
  for (std::uint64_t s : set_) {
    if (!ranges_.empty() && ranges_.back().high + 1 == s) {
      ++ranges_.back().high;
    } else {
      ranges_.push_back({s, s});
    }
  }
  // A window costs two count updates per range and value, whose branches
  // are hard to predict for scattered numbers; reading the options costs one
  // read per element of S. Measured (bench/games_bench.cpp), the two tie when
  // ranges average two numbers, windows win beyond (1.6x for 100 triples,
  // 25x to 100x for subtraction:1-1000) and lose below (2.5x to 3.5x slower
  // for scattered numbers).
  by_windows_ = 2 * ranges_.size() < set_.size();
}

std::string SubtractionGame::spec() const { return "subtraction:" + format_number_set(set_); }

std::uint64_t SubtractionGame::work_per_value() const { return by_windows_ ? 2 * ranges_.size() + 4 : set_.size() + 1; }

void SubtractionGame::extend_to(std::uint64_t last) const {
  if (last < table_.size()) return;
  const std::uint64_t first = table_.size();
  const std::uint64_t count = last - first + 1;
  // Reported from the game itself, so that every command that asks for a far
  // value says what takes so long (a LongTask inside a reporting one is silent).
  std::optional<LongTask> task;
  if (count >= kReportedWork / work_per_value()) task.emplace(fmt::format("computing G(0..{}) of {}", last, spec()));
  while (table_.size() <= last) {
    const std::uint64_t chunk_last = std::min(last, table_.size() + kChunk - 1);
    if (by_windows_) {
      fill_by_windows(chunk_last);
    } else {
      fill_by_options(chunk_last);
    }
    if (task) task->advance(table_.size() - first, count);
  }
}

// G(n) = mex{G(n - s) : s in S, s <= n}, read one option at a time. There are
// at most |S| options, so their values above |S| cannot be the mex and the
// marks need only |S| + 1 bits, kept across heaps and cleared word by word.
void SubtractionGame::fill_by_options(std::uint64_t last) const {
  std::vector<std::uint64_t> seen(set_.size() / 64 + 1, 0);
  for (std::uint64_t n = table_.size(); n <= last; ++n) {
    for (std::uint64_t s : set_) {
      if (s > n) break;
      const std::uint64_t v = table_[n - s].value();
      seen[v / 64] |= std::uint64_t{1} << (v % 64);
    }
    std::size_t word = 0;
    while (seen[word] == ~std::uint64_t{0}) ++word;
    table_.push_back(Nimber(word * 64 + static_cast<std::uint64_t>(std::countr_one(seen[word]))));
    std::fill(seen.begin(), seen.end(), 0);
  }
}

// The options of n are G(n - s) for s in S, s <= n: for a range low..high,
// the values G(n - high .. n - low) (cut at 0). From n - 1 to n each such
// window gains G(n - low) and loses G(n - 1 - high), so the counts of all
// windows together (the multiset of option values, one per element of S)
// change by two values per range, and the MexCounter gives their mex.
void SubtractionGame::fill_by_windows(std::uint64_t last) const {
  // At most |S| options, so values and the mex are at most |S|.
  if (window_.capacity() == 0) window_ = MexCounter(set_.size() + 1);
  for (std::uint64_t n = table_.size(); n <= last; ++n) {
    for (const Range& r : ranges_) {
      if (n < r.low) break;  // this range, and every later one, is out of reach
      window_.add(table_[n - r.low].value());
      if (n > r.high) window_.remove(table_[n - r.high - 1].value());
    }
    table_.push_back(window_.mex());
  }
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
  // Up to 2^28 values and a window search at each doubling: no fraction to
  // show. Silent inside pattern's own task of the same name.
  LongTask task(fmt::format("proving the period of {}", spec()));
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
  // costs a table eight times as long as max(S), and for a set of scattered
  // numbers O(|S|) per value).
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

// The pattern: periodicity proven by the window argument.

Pattern SubtractionGame::pattern(std::uint64_t /*limit*/) const {
  const SubtractionGame& game = *this;
  Pattern out;
  out.game = game.spec();
  const Periodicity* found = nullptr;
  try {
    // Up to 2^28 values and a window search at each doubling: no fraction to show.
    LongTask task(fmt::format("proving the period of {}", game.spec()));
    found = &game.periodicity();
  } catch (const LimitError&) {
    // The table stops at kMaxTable values: say so as the answer, not as an error.
    out.checked_up_to = SubtractionGame::kMaxTable - 1;
    out.reason = fmt::format(
        "no window of max(S) = {} values recurred in G(0..{}), the most values grundy computes for a subtraction "
        "game: every subtraction game is periodic (its windows of max(S) values are finitely many), but this one's "
        "preperiod and period are too long to be found",
        game.set().back(), out.checked_up_to);
    return out;  // no advice: no option computes more values
  }
  const Periodicity& p = *found;
  out.set_proven_period(p);
  out.proof_bound = p.proven_with;
  out.check = fmt::format("values G(0..{}), in which G({}..{}) = G({}..{})", p.proven_with - 1,
                          p.proven_with - game.set().back() - p.period, p.proven_with - 1 - p.period,
                          p.proven_with - game.set().back(), p.proven_with - 1);
  out.theorem = fmt::format(
      "G(n) depends only on the {} values before it (max(S) = {}); the last {} values computed recur {} places "
      "earlier, so the sequence repeats from there on (docs/games/subtraction.md)",
      game.set().back(), game.set().back(), game.set().back(), p.period);
  return out;
}

namespace {
std::unique_ptr<Game> parse_subtraction(const SpecText& spec) {
  spec.expect_params("subtraction:S, with S a set such as 1,3,4 or 1-3");
  return std::make_unique<SubtractionGame>(parse_number_set(
      spec.params, fmt::format("the subtraction set of game {}", quote(spec.spec)), 1, spec.params_column()));
}
}  // namespace

const GameFamily kSubtractionFamily{
    "subtraction",
    "subtraction:S",
    "a heap of n tokens; take s of them for some s in the finite set S (list and ranges: 1,3,4 or 1-3)",
    "subtraction:1,3,4",
    parse_subtraction,
    /*reads_file=*/false,
    "G(n) depends only on the max(S) values before it, so a window of max(S) values that recurs makes the sequence "
    "periodic from there on."};

}  // namespace grundy
