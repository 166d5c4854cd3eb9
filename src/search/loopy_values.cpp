#include "grundy/search/loopy_values.hpp"

#include <algorithm>
#include <limits>
#include <span>
#include <vector>

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

// Smith's labelling, stage by stage: stage i labels i each undecided vertex
// none of whose options is labelled i and each of whose open options has an
// option labelled i; an undecided vertex with no option labelled i after
// stage i is never finite. One object per call: its vectors are the state
// the stages share.
class SmithLabelling {
 public:
  SmithLabelling(std::span<const std::uint64_t> first, std::span<const std::uint32_t> targets, LoopyValues& result)
      : first_(first),
        targets_(targets),
        n_(static_cast<std::uint32_t>(first.size() - 1)),
        preds_(reverse(first, targets)),
        label_(result.label),
        order_of_(result.order),
        result_(result),
        open_options_(n_, 0),
        count_(n_, 0),
        hit_(n_, kNever) {
    label_.assign(n_, kUnlabelled);
    order_of_.assign(n_, LoopyValues::kNoOrder);
  }

  // The vertices from which every play ends, by a topological pass from the
  // ends, sorted by value (settled_, settled_start_).
  void settle_ending_plays() {
    std::vector<std::uint32_t> order;
    for (std::uint32_t v = 0; v < n_; ++v) {
      open_options_[v] = static_cast<std::uint32_t>(first_[v + 1] - first_[v]);
      if (open_options_[v] == 0) order.push_back(v);
    }
    MexMarks marks;
    for (std::size_t k = 0; k < order.size(); ++k) {
      const std::uint32_t v = order[k];
      const auto options = options_of(v);
      label_[v] = static_cast<std::uint32_t>(
          marks.mex_of(options.size(), [&](std::size_t i) { return label_[options[i]]; }).value());
      order_of_[v] = next_order_++;
      preds_.for_each(v, [&](std::uint32_t p) {
        if (--open_options_[p] == 0) order.push_back(p);
      });
    }
    result_.settled = static_cast<std::uint32_t>(order.size());
    // Counting sort by value.
    std::uint32_t largest = 0;
    for (std::uint32_t v : order) largest = std::max(largest, label_[v]);
    settled_start_.assign(std::size_t{largest} + 2, 0);
    for (std::uint32_t v : order) ++settled_start_[label_[v] + 1];
    for (std::size_t i = 0; i + 1 < settled_start_.size(); ++i) settled_start_[i + 1] += settled_start_[i];
    settled_.resize(order.size());
    std::vector<std::uint64_t> cursor(settled_start_.begin(), settled_start_.end() - 1);
    for (std::uint32_t v : order) settled_[cursor[label_[v]]++] = v;
  }

  // Stages 0, 1, 2, ... over the vertices not settled, until none is left
  // undecided; then the finite values among each infinite vertex's options.
  void label_the_rest(bool ends_first) {
    for (std::uint32_t v = 0; v < n_; ++v) {
      if (label_[v] != kUnlabelled) continue;
      pending_.push_back(v);
      if (!ends_first) open_options_[v] = static_cast<std::uint32_t>(first_[v + 1] - first_[v]);
    }
    for (std::uint32_t i = 0; !pending_.empty(); ++i) stage(i);
    name_infinite_values();
  }

 private:
  [[nodiscard]] std::span<const std::uint32_t> options_of(std::uint32_t v) const {
    return {targets_.data() + first_[v], targets_.data() + first_[v + 1]};
  }
  [[nodiscard]] bool open(std::uint32_t v) const { return label_[v] == kUnlabelled || label_[v] == kInfiniteMark; }

  void label(std::uint32_t v, std::uint32_t i) {
    label_[v] = i;
    order_of_[v] = next_order_++;
    queue_.push_back(v);
  }

  void stage(std::uint32_t i) {
    for (std::uint32_t u : pending_) count_[u] = open_options_[u];
    // The settled vertices of value i mark their predecessors first, all of
    // them: a candidate must know of every option of value i before its
    // count can label it.
    if (i + 1 < settled_start_.size()) {
      killed_.clear();
      for (std::uint64_t k = settled_start_[i]; k < settled_start_[i + 1]; ++k)
        preds_.for_each(settled_[k], [&](std::uint32_t p) {
          if (hit_[p] != i) {
            hit_[p] = i;
            if (open(p)) killed_.push_back(p);
          }
        });
      for (std::uint32_t p : killed_) kill(p, i);
    }
    spread(i);
    // Candidates whose every option was already finite: labelled now,
    // unless an option has value i (none of them is open, so labelling one
    // cannot mark another).
    for (std::uint32_t u : pending_)
      if (label_[u] == kUnlabelled && count_[u] == 0 && hit_[u] != i) label(u, i);
    spread(i);
    std::size_t kept = 0;
    for (std::uint32_t u : pending_) {
      if (label_[u] != kUnlabelled) continue;
      if (hit_[u] == i) {
        pending_[kept++] = u;
      } else {
        label_[u] = kInfiniteMark;  // no option of value i: never finite
      }
    }
    pending_.resize(kept);
  }

  // A marked open vertex p (unlabelled or infinite, with an option of value
  // i) is no longer a reason for its predecessors not to be i.
  // Predecessors with a finite value never matter again: they leave p's
  // list as it is walked, so that later stages do not walk them. Infinite
  // ones matter only if p gets a finite value (p then marks them, which
  // lowers their own predecessors' counts): they move to p's second part,
  // which this walk skips, or go too when p is infinite itself.
  void kill(std::uint32_t p, std::uint32_t i) {
    const bool p_infinite = label_[p] == kInfiniteMark;
    std::uint64_t kept = preds_.first[p];
    moved_.clear();
    for (std::uint64_t e = preds_.first[p]; e < preds_.open_end[p]; ++e) {
      const std::uint32_t q = preds_.of[e];
      if (label_[q] == kInfiniteMark) {
        if (!p_infinite) moved_.push_back(q);
        continue;
      }
      if (label_[q] != kUnlabelled) continue;
      preds_.of[kept++] = q;
      if (hit_[q] == i) continue;
      if (--count_[q] == 0) label(q, i);
    }
    preds_.open_end[p] = kept;
    // The freed room lies just before the second part: it grows down into it.
    if (p_infinite) {
      preds_.infinite_begin[p] = preds_.end[p];
    } else {
      preds_.infinite_begin[p] -= moved_.size();
      std::copy(moved_.begin(), moved_.end(),
                preds_.of.begin() + static_cast<std::ptrdiff_t>(preds_.infinite_begin[p]));
    }
  }

  // Every vertex labelled i marks its predecessors.
  void spread(std::uint32_t i) {
    while (!queue_.empty()) {
      const std::uint32_t v = queue_.back();
      queue_.pop_back();
      preds_.for_each(v, [&](std::uint32_t p) {
        if (label_[p] == kUnlabelled) --open_options_[p];  // v is no longer open
        if (hit_[p] == i) return;
        hit_[p] = i;
        if (open(p)) kill(p, i);
      });
    }
  }

  // K of each infinite vertex: the finite values among its options.
  void name_infinite_values() {
    std::vector<std::uint32_t> values;
    for (std::uint32_t v = 0; v < n_; ++v) {
      if (label_[v] != kInfiniteMark) continue;
      values.clear();
      for (std::uint32_t f : options_of(v))
        if ((label_[f] & LoopyValues::kInfinite) == 0) values.push_back(label_[f]);
      std::sort(values.begin(), values.end());
      values.erase(std::unique(values.begin(), values.end()), values.end());
      result_.k_values.insert(result_.k_values.end(), values.begin(), values.end());
      label_[v] = LoopyValues::kInfinite | static_cast<std::uint32_t>(result_.k_start.size() - 1);
      result_.k_start.push_back(result_.k_values.size());
    }
  }

  std::span<const std::uint64_t> first_;
  std::span<const std::uint32_t> targets_;
  std::uint32_t n_;
  Predecessors preds_;
  std::vector<std::uint32_t>& label_;
  std::vector<std::uint32_t>& order_of_;  // Smith's counter: the order in which vertices get finite values
  LoopyValues& result_;
  std::uint32_t next_order_ = 0;
  // Settled vertices (all plays end), by value: settled_[settled_start_[i] ..] have value i.
  std::vector<std::uint32_t> settled_;
  std::vector<std::uint64_t> settled_start_{0};
  // Options that are open (unlabelled or infinite): first, while settling,
  // the options not settled yet; then kept up to date as vertices get
  // finite values, so that a stage starts its counts from it in O(V).
  std::vector<std::uint32_t> open_options_;
  std::vector<std::uint32_t> pending_;  // the vertices still undecided
  // Per stage: open options not yet marked (kill).
  std::vector<std::uint32_t> count_;
  std::vector<std::uint32_t> hit_;     // hit_[v] == i: v has an option of value i (stage i)
  std::vector<std::uint32_t> queue_;   // labelled i, predecessors not yet marked
  std::vector<std::uint32_t> killed_;  // marked by settled vertices, not yet killed
  std::vector<std::uint32_t> moved_;   // kill's infinite predecessors, on their way to the second part
};

}  // namespace

LoopyValues loopy_values(std::span<const std::uint64_t> first, std::span<const std::uint32_t> targets,
                         bool ends_first) {
  LoopyValues result;
  SmithLabelling labelling(first, targets, result);
  if (ends_first) labelling.settle_ending_plays();
  labelling.label_the_rest(ends_first);
  return result;
}

}  // namespace grundy
