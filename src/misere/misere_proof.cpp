#include "grundy/misere/misere_proof.hpp"

#include <algorithm>
#include <cstddef>
#include <map>
#include <queue>
#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/time_limit.hpp"
#include "lightest_words.hpp"

namespace grundy {
namespace {

// For every element, a lightest sum of heaps (by heap_weight) in its class;
// its letters are the heaps (indices into `heaps`).
LightestWords lightest_sums(const BipartiteMonoid& q, const std::vector<QuotientElement>& phi,
                            const std::vector<HeapMoves>& heaps) {
  std::vector<std::uint64_t> weights;
  for (const HeapMoves& h : heaps) weights.push_back(heap_weight(h.heap));
  return lightest_words(q.size, weights, [&](std::size_t x, std::size_t i) {
    return q.mul(static_cast<QuotientElement>(x), phi[heaps[i].heap]);
  });
}

}  // namespace

std::vector<QuotientElement> option_images(const BipartiteMonoid& q, const std::vector<QuotientElement>& phi,
                                           const HeapMoves& h) {
  std::vector<QuotientElement> images;
  for (const Option& o : h.options) {
    QuotientElement x = 0;
    for (Position part : o) x = q.mul(x, phi[part]);
    images.push_back(x);
  }
  std::sort(images.begin(), images.end());
  images.erase(std::unique(images.begin(), images.end()), images.end());
  return images;
}

namespace {

// Heap types: heaps with the same class and the same option classes play
// alike in the proof; the lightest heap of each type stands for it.
struct HeapType {
  std::uint64_t heap;
  QuotientElement g;
  std::vector<char> good;  // good[w]: from a sum of class w, an option of the heap is predicted P
};

// The heap types of `heaps`, and part (a) of the proof: at its lightest sum,
// phi(W) = z * g in P while an option z * o is in P too. The lightest such
// sum, if any, becomes result's witness; its weight is `lightest_a` (all
// ones when there is none).
std::vector<HeapType> heap_types_checking_a(const BipartiteMonoid& q, const std::vector<QuotientElement>& phi,
                                            const std::vector<HeapMoves>& heaps, const LightestWords& lightest,
                                            ProofResult& result, std::uint64_t& lightest_a) {
  std::vector<HeapType> types;
  std::map<std::pair<QuotientElement, std::vector<QuotientElement>>, std::size_t> type_of;
  lightest_a = ~std::uint64_t{0};
  for (const HeapMoves& h : heaps) {
    std::vector<QuotientElement> images = option_images(q, phi, h);
    const QuotientElement g = phi[h.heap];
    for (QuotientElement z = 0; z < q.size; ++z) {
      if (!q.p[q.mul(z, g)] || lightest.cost[z] == ~std::uint64_t{0} ||
          lightest.cost[z] + heap_weight(h.heap) >= lightest_a)
        continue;
      for (QuotientElement o : images) {
        if (!q.p[q.mul(z, o)]) continue;
        lightest_a = lightest.cost[z] + heap_weight(h.heap);
        result.witness.clear();
        for (std::size_t i : lightest.word(z)) result.witness.push_back(heaps[i].heap);
        result.witness.push_back(h.heap);
        result.predicted_p = true;
        break;
      }
    }
    const auto [it, fresh] = type_of.try_emplace({g, images}, types.size());
    if (!fresh) continue;
    HeapType t{h.heap, g, std::vector<char>(q.size, 0)};
    for (QuotientElement w = 0; w < q.size; ++w)
      for (QuotientElement o : images) t.good[w] = static_cast<char>(t.good[w] || q.p[q.mul(w, o)]);
    types.push_back(std::move(t));
  }
  return types;
}

// The states of part (b): a sum W summarised by x = phi(W) and its escape
// set F(W) (see prove_outcome_rule), stored as `words` 64-bit words; with
// the weight of the lightest sum found for it, the state it came from and
// the heap type added. State 0 is the empty sum.
struct EscapeStates {
  explicit EscapeStates(std::size_t elements) : words((elements + 63) / 64), sets(words, 0), by_x(elements) {
    by_x[0].push_back(0);
  }

  [[nodiscard]] const std::uint64_t* set(std::size_t i) const { return &sets[i * words]; }
  [[nodiscard]] bool contains(const std::uint64_t* big, const std::uint64_t* small) const {
    for (std::size_t k = 0; k < words; ++k)
      if ((small[k] & ~big[k]) != 0) return false;
    return true;
  }
  // Whether a kept state of class y, from a sum no heavier than `weight`,
  // has an escape set within `next` (it then has every failure of the new
  // one). The empty sum is exempt from the check, so it covers no nonempty
  // sum of the identity's class.
  [[nodiscard]] bool covered(QuotientElement y, std::uint64_t weight, const std::vector<std::uint64_t>& next) const {
    for (std::uint32_t k : by_x[y])
      if (k != 0 && !dropped[k] && totals[k] <= weight && contains(next.data(), set(k))) return true;
    return false;
  }
  // A new state (class y, escape set `next`, from state `from` by a heap of
  // type `type`); the states it covers are dropped. Returns its number.
  std::uint32_t add(QuotientElement y, std::uint64_t weight, const std::vector<std::uint64_t>& next, std::uint32_t from,
                    std::uint32_t type) {
    const auto n = static_cast<std::uint32_t>(xs.size());
    for (std::uint32_t k : by_x[y])
      if (!dropped[k] && weight <= totals[k] && contains(set(k), next.data())) dropped[k] = 1;
    sets.insert(sets.end(), next.begin(), next.end());
    xs.push_back(y);
    totals.push_back(weight);
    parent.push_back(from);
    via.push_back(type);
    dropped.push_back(0);
    by_x[y].push_back(n);
    return n;
  }

  std::size_t words;
  std::vector<std::uint64_t> sets;  // state i: sets[i * words ...]
  std::vector<QuotientElement> xs{0};
  std::vector<std::uint64_t> totals{0};
  std::vector<std::uint32_t> parent{0};
  std::vector<std::uint32_t> via{0};
  std::vector<std::vector<std::uint32_t>> by_x;
  std::vector<char> dropped{0};
};

// The escape set of W plus a heap of type t, W of class x with escape set
// `from`: { z : g z in F(W) } | { z : good_t(x z) }, into `next`.
void escape_set_after(const BipartiteMonoid& q, const HeapType& t, QuotientElement x, const std::uint64_t* from,
                      std::vector<std::uint64_t>& next) {
  std::fill(next.begin(), next.end(), 0);
  for (QuotientElement z = 0; z < q.size; ++z) {
    const QuotientElement gz = q.mul(t.g, z);
    if (((from[gz >> 6] >> (gz & 63)) & 1) != 0 || t.good[q.mul(x, z)] != 0)
      next[z >> 6] |= std::uint64_t{1} << (z & 63);
  }
}

}  // namespace

ProofResult prove_outcome_rule(const BipartiteMonoid& q, const std::vector<QuotientElement>& phi,
                               const std::vector<HeapMoves>& heaps, std::uint64_t max_numbers) {
  ProofResult result;
  if (q.p[0]) {
    result.failure = "the empty sum is predicted to be a P-position";
    return result;
  }
  const LightestWords lightest = lightest_sums(q, phi, heaps);
  std::uint64_t lightest_a = 0;
  const std::vector<HeapType> types = heap_types_checking_a(q, phi, heaps, lightest, result, lightest_a);
  // (b): a sum W is summarised by x = phi(W) and its escape set
  // F(W) = { z : some heap h of W has an option h' with phi(W - h) z phi(h')
  // in P }, the classes z of the sums V for which W's own heaps give W + V a
  // move to a predicted P. Adding a heap of type t (class g) to W gives
  // x * g and { z : g z in F(W) } | { z : good_t(x z) }. A nonempty W fails
  // when x is not in P and the identity is not in F(W). F only grows with
  // what W holds, and a smaller F has every failure of a larger one, so a
  // state (x, F') is dropped when a state (x, F) with F in F' comes from a
  // sum no heavier; but never by the empty sum's state, which is exempt from
  // the check (a nonempty sum of the identity's class still needs a move to
  // P). The states are taken lightest first, so the first that fails is a
  // lightest failing sum.
  EscapeStates states(q.size);
  using Entry = std::pair<std::uint64_t, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  queue.emplace(0, 0);
  std::vector<std::uint64_t> next(states.words);
  std::uint64_t popped = 0;
  while (!queue.empty()) {
    const auto [total, i] = queue.top();
    queue.pop();
    if (states.dropped[i]) continue;
    if ((++popped & 0x3ff) == 0) {
      interruption_point();
      time_limit_point();
    }
    if (total >= lightest_a) break;  // the failure of (a) is lighter
    if (i != 0 && !q.p[states.xs[i]] && (states.set(i)[0] & 1) == 0) {
      result.witness.clear();
      for (std::size_t k = i; k != 0; k = states.parent[k]) result.witness.push_back(types[states.via[k]].heap);
      result.predicted_p = false;
      lightest_a = total;
      break;
    }
    for (std::size_t j = 0; j < types.size(); ++j) {
      const QuotientElement x = states.xs[i];
      const QuotientElement y = q.mul(x, types[j].g);
      const std::uint64_t weight = total + heap_weight(types[j].heap);
      escape_set_after(q, types[j], x, states.set(i), next);
      if (states.covered(y, weight, next)) continue;
      // Each state is stored as `words` 64-bit numbers and a few more.
      if ((states.xs.size() + 1) * (2 * states.words + 6) > max_numbers)
        throw LimitError(
            fmt::format("the proof would examine more than {} classes of sums ({} heap types, {} elements); "
                        "grundy stops there to bound its memory",
                        states.xs.size(), types.size(), q.size));
      queue.emplace(weight, states.add(y, weight, next, i, static_cast<std::uint32_t>(j)));
    }
  }
  result.states = states.xs.size();
  if (result.witness.empty()) {
    result.proven = true;
    return result;
  }
  std::sort(result.witness.begin(), result.witness.end());
  result.failure =
      fmt::format("the sum {} is predicted {}", fmt::join(result.witness, " + "),
                  result.predicted_p ? "P but has an option predicted P" : "N but has no option predicted P");
  return result;
}

}  // namespace grundy
