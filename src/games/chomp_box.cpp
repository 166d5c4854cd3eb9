#include "grundy/games/chomp_box.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <limits>
#include <stdexcept>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "grundy/interrupt.hpp"
#include "grundy/progress.hpp"
#include "grundy/thread_pool.hpp"

namespace grundy {
namespace {

constexpr unsigned kSide = kChompMaxSide;
constexpr unsigned kPath = 2 * kSide;  // a path's steps at most

// C(n, k) for n up to 64; 0 for k > n. C(64, 32) < 2^61.
struct Binomials {
  std::array<std::array<std::uint64_t, kPath + 2>, kPath + 1> c{};
  constexpr Binomials() {
    for (unsigned n = 0; n <= kPath; ++n) {
      c[n][0] = 1;
      for (unsigned k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k < n ? c[n - 1][k] : 0);
    }
  }
  [[nodiscard]] constexpr std::uint64_t operator()(unsigned n, unsigned k) const { return c[n][k]; }
};
constexpr Binomials kChoose;

using Rows = std::array<unsigned, kSide + 1>;  // one past the top: 0

// Row i's term in the rank of a bar of a box of R rows, row i holding r
// squares: its down step is at r + (R - 1 - i), the (R - i)-th from the top.
constexpr std::uint64_t row_term(unsigned box_rows, unsigned i, unsigned r) {
  return kChoose(r + box_rows - 1 - i, box_rows - i);
}

// A run of ranks sharing their lower rows: `count` bars from `start`, the
// first of them `first` (the shared rows, zeros above).
struct Run {
  std::uint64_t start = 0;
  std::uint64_t count = 0;
  Rows first{};
};

// The box's arithmetic, for R rows (the rank's digits) and C columns.
class BoxRanks {
 public:
  BoxRanks(unsigned rows, unsigned columns) : rows_(rows), columns_(columns) {
    // grow_[i][j] = C(j + R - i, j): rows i .. R - 1's terms once all are j,
    // plus a constant (the hockey stick); read column by column.
    for (unsigned j = 0; j <= columns; ++j)
      for (unsigned i = 0; i <= rows; ++i) grow_[j][i] = kChoose(j + rows - i, j);
  }
  [[nodiscard]] unsigned rows() const { return rows_; }
  [[nodiscard]] unsigned columns() const { return columns_; }
  [[nodiscard]] std::uint64_t total() const { return kChoose(rows_ + columns_, rows_); }
  [[nodiscard]] std::uint64_t term(unsigned i, unsigned r) const { return row_term(rows_, i, r); }
  [[nodiscard]] std::uint64_t rank(const Rows& r) const {
    std::uint64_t sum = 0;
    for (unsigned i = 0; i < rows_; ++i) sum += term(i, r[i]);
    return sum;
  }
  // suffix[i] = the terms of rows i .. R - 1.
  void suffix_sums(const Rows& r, std::array<std::uint64_t, kSide + 1>& suffix) const {
    suffix[rows_] = 0;
    for (unsigned i = rows_; i-- > 0;) suffix[i] = suffix[i + 1] + term(i, r[i]);
  }
  [[nodiscard]] const std::uint64_t* grow_column(unsigned j) const { return grow_[j].data(); }
  // The next bar in rank order (colex): the highest row that may grow does,
  // the rows above it emptied. False past the last.
  bool next(Rows& r) const {
    for (unsigned i = rows_; i-- > 0;) {
      const unsigned most = i == 0 ? columns_ : r[i - 1];
      if (r[i] < most) {
        ++r[i];
        for (unsigned k = i + 1; k < rows_; ++k) r[k] = 0;
        return true;
      }
    }
    return false;
  }

 private:
  unsigned rows_, columns_;
  std::array<std::array<std::uint64_t, kSide + 1>, kSide + 1> grow_{};
};

// Cuts the ranks into runs of at most `most` bars (or single bars), in rank
// order: the bars sharing rows 0 .. d - 1 are one run of
// C(R - d + r_{d-1}, R - d) ranks.
void cut_runs(const BoxRanks& box, std::uint64_t most, Rows& rows, unsigned depth, std::vector<Run>& runs) {
  const unsigned rest = box.rows() - depth;
  const unsigned cap = depth == 0 ? box.columns() : rows[depth - 1];
  const std::uint64_t count = kChoose(rest + cap, rest);
  if (count <= most || rest == 0) {
    runs.push_back(Run{box.rank(rows), count, rows});
    return;
  }
  for (unsigned v = 0; v <= cap; ++v) {
    rows[depth] = v;
    cut_runs(box, most, rows, depth + 1, runs);
  }
  rows[depth] = 0;
}

template <class Value>
class BoxSolver {
 public:
  static constexpr Value kUnknown = std::numeric_limits<Value>::max();

  BoxSolver(const BoxRanks& box, std::vector<Value>& values) : box_(box), values_(values) {}

  // Values the run's bars; false if stopped (`stop` set) while waiting.
  bool solve(const Run& run, const std::atomic<bool>& stop, bool may_wait) {
    Rows r = run.first;
    std::uint64_t rank = run.start;
    for (std::uint64_t n = 0; n < run.count; ++n, ++rank, box_.next(r)) {
      if (load(rank) != kUnknown) continue;  // its mirror image came first
      if (!solve_bar(r, rank, stop, may_wait)) return false;
    }
    for (const auto& [at, v] : later_mirrors_) store(at, v);
    later_mirrors_.clear();
    return true;
  }

 private:
  [[nodiscard]] Value load(std::uint64_t i) const {
    return std::atomic_ref<Value>(values_[i]).load(std::memory_order_relaxed);
  }
  void store(std::uint64_t i, Value v) { std::atomic_ref<Value>(values_[i]).store(v, std::memory_order_relaxed); }

  bool solve_bar(const Rows& r, std::uint64_t rank, const std::atomic<bool>& stop, bool may_wait) {
    const unsigned rows = box_.rows();
    if (r[0] == 0) {  // the empty bar: no position of the game, valued 0
      store(rank, 0);
      return true;
    }
    std::array<std::uint64_t, kSide + 1> suffix{};
    box_.suffix_sums(r, suffix);
    // The options' values, as bits (at most rows * columns - 1 options).
    std::array<std::uint64_t, (kSide * kSide) / 64 + 1> seen{};
    const unsigned words = (r[0] * rows) / 64 + 1;
    std::array<unsigned, kSide> heights{};
    unsigned h = rows;
    while (h > 0 && r[h - 1] == 0) --h;
    for (unsigned j = 0; j < r[0]; ++j) {
      while (h > 0 && r[h - 1] <= j) --h;  // column j's height
      heights[j] = h;
      // Eating (i, j) for i < h: rows i .. h - 1 become j.
      const std::uint64_t* grow = box_.grow_column(j);
      const std::uint64_t base = rank + suffix[h] - grow[h];
      for (unsigned i = j == 0 ? 1 : 0; i < h; ++i) {
        const std::uint64_t option = base + grow[i] - suffix[i];
        Value v = load(option);
        while (v == kUnknown) {  // another thread is on it
          if (!may_wait) throw std::logic_error("ChompBox: an option valued after its bar");
          if (stop.load(std::memory_order_relaxed)) return false;
          std::this_thread::yield();
          v = load(option);
        }
        seen[v >> 6] |= std::uint64_t{1} << (v & 63);
      }
    }
    unsigned w = 0;
    while (w + 1 < words && seen[w] == ~std::uint64_t{0}) ++w;
    const auto mex = static_cast<Value>(w * 64 + static_cast<unsigned>(std::countr_one(seen[w])));
    store(rank, mex);
    if (box_.rows() == box_.columns()) {
      // The mirror image: its rows are this bar's columns' heights.
      std::uint64_t mirror = 0;
      for (unsigned i = 0; i < r[0]; ++i) mirror += box_.term(i, heights[i]);
      if (mirror != rank) {
        if (may_wait)
          later_mirrors_.emplace_back(mirror, mex);
        else
          store(mirror, mex);
      }
    }
    return true;
  }

  const BoxRanks& box_;
  std::vector<Value>& values_;
  // On several threads, the mirror images of a run's bars are written when
  // the run ends. Threads on neighbouring runs write images that fall in the
  // same cache lines at the same time, and written at once they cost 1.15
  // times one thread's processor time on Chomp 11x11 against 1.09 written
  // at the run's end (5 December 2026). A bar whose image is not yet written
  // when its turn comes is valued again: 0.8% of the bars of 11x11.
  std::vector<std::pair<std::uint64_t, Value>> later_mirrors_;
};

template <class Value>
void solve_box(const BoxRanks& box, std::vector<Value>& values, unsigned threads, LongTask* task) {
  values.assign(box.total(), BoxSolver<Value>::kUnknown);
  // One run for one thread; for several, a few hundred runs a thread, so
  // that none waits long for the one before; with a progress line, runs
  // small enough to report between.
  std::uint64_t most = box.total();
  if (threads > 1)
    most = std::max<std::uint64_t>(4096, box.total() / (256 * std::uint64_t{threads}));
  else if (task != nullptr)
    most = std::max<std::uint64_t>(4096, box.total() / 1024);
  std::vector<Run> runs;
  Rows rows{};
  cut_runs(box, most, rows, 0, runs);
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> stop{false};
  const bool may_wait = threads > 1;
  auto work = [&] {
    BoxSolver<Value> solver(box, values);
    while (!stop.load(std::memory_order_relaxed)) {
      const std::size_t t = next.fetch_add(1);
      if (t >= runs.size()) return;
      if (interrupt_requested() || !solver.solve(runs[t], stop, may_wait)) {
        stop.store(true);
        return;
      }
      done.fetch_add(runs[t].count, std::memory_order_relaxed);
    }
  };
  {
    struct StopOnThrow {  // an exception below must not leave helpers waiting
      std::atomic<bool>& stop;
      ~StopOnThrow() {
        if (std::uncaught_exceptions() > 0) stop.store(true);
      }
    };
    // Helpers from the process's pool (thread_pool.hpp), as many as are
    // free up to threads - 1.
    HelperTeam helpers(threads - 1, work);
    const StopOnThrow stop_on_throw{stop};
    // This thread works too, and shows the progress between runs.
    BoxSolver<Value> solver(box, values);
    while (!stop.load(std::memory_order_relaxed)) {
      const std::size_t t = next.fetch_add(1);
      if (t >= runs.size() || !solver.solve(runs[t], stop, may_wait)) break;
      const std::uint64_t now = done.fetch_add(runs[t].count, std::memory_order_relaxed) + runs[t].count;
      if (task != nullptr) task->advance(now, box.total());
    }
    helpers.join();
  }
  // A helper stopped by an interrupt leaves bars unvalued.
  if (done.load() != box.total()) throw Interrupted();
}

}  // namespace

std::optional<std::uint64_t> ChompBox::bar_count(unsigned rows, unsigned columns) {
  if (rows > kSide || columns > kSide) return std::nullopt;
  return kChoose(rows + columns, rows);
}

std::optional<std::uint64_t> ChompBox::bytes_for(unsigned rows, unsigned columns) {
  const auto bars = bar_count(rows, columns);
  if (!bars) return std::nullopt;
  return *bars * (rows * columns > 255 ? 2 : 1);
}

std::uint64_t ChompBox::bars_within(const ChompBar& bar) {
  // fit[v]: the ways to choose rows i .. h - 1 within the bar, row i at
  // most v squares (rows never longer than the one below), from the top
  // row down; above the top row there is one way, nothing.
  const unsigned h = bar.height();
  std::array<std::uint64_t, kSide + 1> fit{};
  fit.fill(1);
  for (unsigned i = h; i-- > 0;) {
    std::array<std::uint64_t, kSide + 1> below{};
    std::uint64_t sum = 0;
    for (unsigned v = 0; v <= kSide; ++v) {
      if (v <= bar.rows[i]) {
        // Row i is v squares; the rows above at most v (saturating).
        const std::uint64_t add = fit[v];
        sum = add > std::numeric_limits<std::uint64_t>::max() - sum ? std::numeric_limits<std::uint64_t>::max()
                                                                    : sum + add;
      }
      below[v] = sum;
    }
    fit = below;
  }
  return fit[bar.rows[0]];
}

ChompBox::ChompBox(unsigned rows, unsigned columns, unsigned threads, LongTask* task, bool two_byte_values)
    : rows_(std::min(rows, columns)),
      columns_(std::max(rows, columns)),
      wide_(two_byte_values || rows * columns > 255) {
  if (rows_ == 0 || columns_ > kSide)
    throw std::invalid_argument(fmt::format("ChompBox: a box of {} x {} (1 to {} a side)", rows, columns, kSide));
  const BoxRanks box(rows_, columns_);
  threads = std::max(threads, 1u);
  if (wide_)
    solve_box(box, wide_values_, threads, task);
  else
    solve_box(box, narrow_values_, threads, task);
}

bool ChompBox::holds(const ChompBar& bar) const {
  const unsigned h = bar.height(), w = bar.width();
  return (h <= rows_ && w <= columns_) || (w <= rows_ && h <= columns_);
}

std::uint64_t ChompBox::rank(const ChompBar& bar) const {
  const bool as_is = bar.height() <= rows_ && bar.width() <= columns_;
  const ChompBar b = as_is ? bar : transpose_chomp_bar(bar);
  std::uint64_t sum = 0;
  for (unsigned i = 0; i < rows_; ++i) sum += row_term(rows_, i, b.rows[i]);
  return sum;
}

Nimber ChompBox::value(const ChompBar& bar) const {
  if (!holds(bar))
    throw std::logic_error(
        fmt::format("ChompBox: the bar {} is not within {} x {}", format_chomp_bar(bar), rows_, columns_));
  const std::uint64_t i = rank(bar);
  return Nimber(wide_ ? wide_values_[i] : narrow_values_[i]);
}

}  // namespace grundy
