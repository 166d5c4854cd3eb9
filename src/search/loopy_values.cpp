#include "grundy/search/loopy_values.hpp"

#include <algorithm>
#include <limits>

#include "grundy/mex.hpp"

namespace grundy {
namespace {

constexpr std::uint32_t kUnlabelled = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint32_t kInfiniteMark = kUnlabelled - 1;  // while labelling; indexed at the end
constexpr std::uint32_t kNever = kUnlabelled;             // a stage that never comes

// The graph's edges reversed, in CSR form.
// The predecessors of v are of[first[v] .. open_end[v]) followed by
// of[infinite_begin[v] .. end[v]). At first all are in the first part; the
// labelling drops the ones it no longer needs and moves infinite ones to the
// second part, which only a vertex that gets a finite value walks again.
struct Predecessors {
  std::vector<std::uint64_t> first;
  std::vector<std::uint64_t> open_end;
  std::vector<std::uint64_t> infinite_begin;
  std::vector<std::uint64_t> end;
  std::vector<std::uint32_t> of;
  template <class F>
  void for_each(std::uint32_t v, F&& f) const {
    for (std::uint64_t e = first[v]; e < open_end[v]; ++e) f(of[e]);
    for (std::uint64_t e = infinite_begin[v]; e < end[v]; ++e) f(of[e]);
  }
};

Predecessors reverse(std::span<const std::uint64_t> first, std::span<const std::uint32_t> targets) {
  const std::size_t n = first.size() - 1;
  Predecessors p;
  p.first.assign(n + 1, 0);
  for (std::uint32_t t : targets) ++p.first[t + 1];
  for (std::size_t v = 0; v < n; ++v) p.first[v + 1] += p.first[v];
  p.of.resize(targets.size());
  std::vector<std::uint64_t> cursor(p.first.begin(), p.first.end() - 1);
  for (std::uint32_t v = 0; v < n; ++v)
    for (std::uint64_t e = first[v]; e < first[v + 1]; ++e) p.of[cursor[targets[e]]++] = v;
  p.end.assign(p.first.begin() + 1, p.first.end());
  p.open_end = p.end;
  p.infinite_begin = p.end;
  return p;
}

}  // namespace

LoopyValues loopy_values(std::span<const std::uint64_t> first, std::span<const std::uint32_t> targets,
                         bool ends_first) {
  const auto n = static_cast<std::uint32_t>(first.size() - 1);
  Predecessors preds = reverse(first, targets);
  LoopyValues result;
  std::vector<std::uint32_t>& label = result.label;
  label.assign(n, kUnlabelled);
  // Smith's counter: the order in which vertices get finite values.
  std::vector<std::uint32_t>& order_of = result.order;
  order_of.assign(n, LoopyValues::kNoOrder);
  std::uint32_t next_order = 0;
  auto options_of = [&](std::uint32_t v) {
    return std::span<const std::uint32_t>(targets.data() + first[v], targets.data() + first[v + 1]);
  };
  auto open = [&](std::uint32_t v) { return label[v] == kUnlabelled || label[v] == kInfiniteMark; };

  // Settled vertices (all plays end), by value: settled[settled_start[i] ..] have value i.
  std::vector<std::uint32_t> settled;
  std::vector<std::uint64_t> settled_start{0};
  // Options that are open (unlabelled or infinite): first, while settling,
  // the options not settled yet; then kept up to date as vertices get
  // finite values, so that a stage starts its counts from it in O(V).
  std::vector<std::uint32_t> open_options(n, 0);
  if (ends_first) {
    std::vector<std::uint32_t> order;
    for (std::uint32_t v = 0; v < n; ++v) {
      open_options[v] = static_cast<std::uint32_t>(first[v + 1] - first[v]);
      if (open_options[v] == 0) order.push_back(v);
    }
    MexMarks marks;
    for (std::size_t k = 0; k < order.size(); ++k) {
      const std::uint32_t v = order[k];
      const auto options = options_of(v);
      label[v] = static_cast<std::uint32_t>(
          marks.mex_of(options.size(), [&](std::size_t i) { return label[options[i]]; }).value());
      order_of[v] = next_order++;
      preds.for_each(v, [&](std::uint32_t p) {
        if (--open_options[p] == 0) order.push_back(p);
      });
    }
    result.settled = static_cast<std::uint32_t>(order.size());
    // Counting sort by value.
    std::uint32_t largest = 0;
    for (std::uint32_t v : order) largest = std::max(largest, label[v]);
    settled_start.assign(std::size_t{largest} + 2, 0);
    for (std::uint32_t v : order) ++settled_start[label[v] + 1];
    for (std::size_t i = 0; i + 1 < settled_start.size(); ++i) settled_start[i + 1] += settled_start[i];
    settled.resize(order.size());
    std::vector<std::uint64_t> cursor(settled_start.begin(), settled_start.end() - 1);
    for (std::uint32_t v : order) settled[cursor[label[v]]++] = v;
  }

  std::vector<std::uint32_t> pending;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (label[v] != kUnlabelled) continue;
    pending.push_back(v);
    if (!ends_first) open_options[v] = static_cast<std::uint32_t>(first[v + 1] - first[v]);
  }
  // Per stage: open options not yet marked (below).
  std::vector<std::uint32_t> count(n, 0);
  std::vector<std::uint32_t> hit(n, kNever);  // hit[v] == i: v has an option of value i (stage i)
  std::vector<std::uint32_t> queue;           // labelled i, predecessors not yet marked
  std::vector<std::uint32_t> killed;          // marked by settled vertices, not yet killed
  std::vector<std::uint32_t> moved;           // kill's infinite predecessors, on their way to the second part

  for (std::uint32_t i = 0; !pending.empty(); ++i) {
    for (std::uint32_t u : pending) count[u] = open_options[u];
    // A marked open vertex (unlabelled or infinite, with an option of value
    // i) is no longer a reason for its predecessors not to be i.
    // Predecessors with a finite value never matter again: they leave p's
    // list as it is walked, so that later stages do not walk them. Infinite
    // ones matter only if p gets a finite value (p then marks them, which
    // lowers their own predecessors' counts): they move to p's second part,
    // which this walk skips, or go too when p is infinite itself.
    auto kill = [&](std::uint32_t p) {
      const bool p_infinite = label[p] == kInfiniteMark;
      std::uint64_t kept = preds.first[p];
      moved.clear();
      for (std::uint64_t e = preds.first[p]; e < preds.open_end[p]; ++e) {
        const std::uint32_t q = preds.of[e];
        if (label[q] == kInfiniteMark) {
          if (!p_infinite) moved.push_back(q);
          continue;
        }
        if (label[q] != kUnlabelled) continue;
        preds.of[kept++] = q;
        if (hit[q] == i) continue;
        if (--count[q] == 0) {
          label[q] = i;
          order_of[q] = next_order++;
          queue.push_back(q);
        }
      }
      preds.open_end[p] = kept;
      // The freed room lies just before the second part: it grows down into it.
      if (p_infinite) {
        preds.infinite_begin[p] = preds.end[p];
      } else {
        preds.infinite_begin[p] -= moved.size();
        std::copy(moved.begin(), moved.end(), preds.of.begin() + static_cast<std::ptrdiff_t>(preds.infinite_begin[p]));
      }
    };
    // Every vertex labelled i marks its predecessors.
    auto spread = [&] {
      while (!queue.empty()) {
        const std::uint32_t v = queue.back();
        queue.pop_back();
        preds.for_each(v, [&](std::uint32_t p) {
          if (label[p] == kUnlabelled) --open_options[p];  // v is no longer open
          if (hit[p] == i) return;
          hit[p] = i;
          if (open(p)) kill(p);
        });
      }
    };
    // The settled vertices of value i mark their predecessors first, all of
    // them: a candidate must know of every option of value i before its
    // count can label it.
    if (i + 1 < settled_start.size()) {
      killed.clear();
      for (std::uint64_t k = settled_start[i]; k < settled_start[i + 1]; ++k)
        preds.for_each(settled[k], [&](std::uint32_t p) {
          if (hit[p] != i) {
            hit[p] = i;
            if (open(p)) killed.push_back(p);
          }
        });
      for (std::uint32_t p : killed) kill(p);
    }
    spread();
    // Candidates whose every option was already finite: labelled now,
    // unless an option has value i (none of them is open, so labelling one
    // cannot mark another).
    for (std::uint32_t u : pending) {
      if (label[u] == kUnlabelled && count[u] == 0 && hit[u] != i) {
        label[u] = i;
        order_of[u] = next_order++;
        queue.push_back(u);
      }
    }
    spread();
    std::size_t kept = 0;
    for (std::uint32_t u : pending) {
      if (label[u] != kUnlabelled) continue;
      if (hit[u] == i) {
        pending[kept++] = u;
      } else {
        label[u] = kInfiniteMark;  // no option of value i: never finite
      }
    }
    pending.resize(kept);
  }

  // K of each infinite vertex: the finite values among its options.
  std::vector<std::uint32_t> values;
  for (std::uint32_t v = 0; v < n; ++v) {
    if (label[v] != kInfiniteMark) continue;
    values.clear();
    for (std::uint32_t f : options_of(v))
      if ((label[f] & LoopyValues::kInfinite) == 0) values.push_back(label[f]);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    result.k_values.insert(result.k_values.end(), values.begin(), values.end());
    label[v] = LoopyValues::kInfinite | static_cast<std::uint32_t>(result.k_start.size() - 1);
    result.k_start.push_back(result.k_values.size());
  }
  return result;
}

}  // namespace grundy
