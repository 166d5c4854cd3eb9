#pragma once
// A definition-level oracle for sums of loopy (cyclic) impartial games: the
// outcome of every position of a sum, found by retrograde analysis of the
// whole product graph. It shares no code and no theory with the library: no
// Grundy values, no mex, no rule for adding values, only the rules of play.
// That is its whole worth, so it stays small and plain; it is exponential in
// the number of components and meant for a few tiny graphs.
//
// The rules it encodes (normal play, the player who cannot move loses):
//   - a sum is a tuple of positions, one per component;
//   - a move changes exactly one component, along one edge of its digraph;
//   - a tuple with no move is a Loss for the player to move;
//   - a tuple with a move to a Loss is a Win;
//   - a tuple all of whose moves go to Wins is a Loss;
//   - whatever these rules never label is a Draw: neither player can force
//     the play to end in their favour, so with best play it goes on forever.

#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

namespace grundy::test {

// A component: adjacency lists, out[u] = the vertices u moves to. Vertices
// are 0 .. out.size() - 1. Self-loops, cycles and repeated edges are allowed
// (a repeated edge is counted as often as it is listed on both sides of the
// analysis, so it changes nothing).
using Digraph = std::vector<std::vector<int>>;

enum class Outcome { win, loss, draw };  // for the player to move

// A nim heap as a digraph: vertices 0..h, n -> k for every k < n.
inline Digraph nim_heap_digraph(int h) {
  Digraph out(static_cast<std::size_t>(h + 1));
  for (int n = 0; n <= h; ++n)
    for (int k = 0; k < n; ++k) out[static_cast<std::size_t>(n)].push_back(k);
  return out;
}

// The outcome of every tuple of a sum of `parts`. Tuples are numbered in
// mixed radix: tuple t has index sum_i t[i] * stride[i], stride[0] = 1,
// stride[i + 1] = stride[i] * |parts[i]|; so a move in component i from a to
// b changes the index by (b - a) * stride[i], with no search.
class ProductOutcomes {
 public:
  explicit ProductOutcomes(std::vector<Digraph> parts) : parts_(std::move(parts)) {
    std::size_t count = 1;
    for (const Digraph& g : parts_) {
      if (g.empty()) throw std::invalid_argument("ProductOutcomes: a component without vertices");
      for (const auto& targets : g)
        for (int v : targets)
          if (v < 0 || static_cast<std::size_t>(v) >= g.size())
            throw std::invalid_argument("ProductOutcomes: an edge to a vertex that does not exist");
      stride_.push_back(count);
      count *= g.size();
    }
    solve(count);
  }

  [[nodiscard]] const std::vector<Digraph>& parts() const { return parts_; }
  [[nodiscard]] std::size_t tuple_count() const { return outcome_.size(); }

  [[nodiscard]] std::size_t index_of(const std::vector<int>& tuple) const {
    if (tuple.size() != parts_.size()) throw std::invalid_argument("ProductOutcomes: wrong tuple length");
    std::size_t index = 0;
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      if (tuple[i] < 0 || static_cast<std::size_t>(tuple[i]) >= parts_[i].size())
        throw std::out_of_range("ProductOutcomes: a position outside its component");
      index += static_cast<std::size_t>(tuple[i]) * stride_[i];
    }
    return index;
  }

  [[nodiscard]] std::vector<int> tuple_at(std::size_t index) const {
    std::vector<int> tuple(parts_.size());
    for (std::size_t i = 0; i < parts_.size(); ++i) tuple[i] = position(index, i);
    return tuple;
  }

  // Two names, not two overloads: a braced tuple such as {0} would also
  // convert to an index.
  [[nodiscard]] Outcome outcome(std::size_t index) const { return outcome_.at(index); }
  [[nodiscard]] Outcome outcome_of(const std::vector<int>& tuple) const { return outcome_.at(index_of(tuple)); }

  // The index of the tuple left by moving component `component` of tuple
  // `index` to vertex `to` (the edge itself is the caller's business).
  [[nodiscard]] std::size_t after(std::size_t index, std::size_t component, int to) const {
    const std::size_t from = static_cast<std::size_t>(position(index, component));
    return index - from * stride_[component] + static_cast<std::size_t>(to) * stride_[component];
  }

 private:
  [[nodiscard]] int position(std::size_t index, std::size_t component) const {
    return static_cast<int>(index / stride_[component] % parts_[component].size());
  }

  // Retrograde analysis with a counter per tuple and a queue, O(tuples x
  // moves): each tuple is labelled at most once, and each edge of the product
  // is looked at once, from its head, when the head is labelled.
  void solve(std::size_t count) {
    // The product's edges into a tuple come from the components' reverse
    // edges: u -> v in component i gives (.., u, ..) -> (.., v, ..).
    std::vector<Digraph> into(parts_.size());
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      into[i].resize(parts_[i].size());
      for (std::size_t u = 0; u < parts_[i].size(); ++u)
        for (int v : parts_[i][u]) into[i][static_cast<std::size_t>(v)].push_back(static_cast<int>(u));
    }

    enum class Label { none, win, loss };
    std::vector<Label> label(count, Label::none);
    // unrefuted[t]: the moves of t not yet known to go to a Win. When it
    // reaches 0, every move of t goes to a Win, and t is a Loss.
    std::vector<std::size_t> unrefuted(count, 0);
    std::vector<std::size_t> queue;  // labelled tuples whose predecessors are still to be looked at
    for (std::size_t t = 0; t < count; ++t) {
      for (std::size_t i = 0; i < parts_.size(); ++i)
        unrefuted[t] += parts_[i][static_cast<std::size_t>(position(t, i))].size();
      if (unrefuted[t] == 0) {  // no move: the player to move has lost
        label[t] = Label::loss;
        queue.push_back(t);
      }
    }

    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::size_t t = queue[head];
      for (std::size_t i = 0; i < parts_.size(); ++i) {
        for (int u : into[i][static_cast<std::size_t>(position(t, i))]) {
          const std::size_t p = after(t, i, u);   // p moves to t in component i
          if (label[p] != Label::none) continue;  // decided already, and for good
          if (label[t] == Label::loss) {
            label[p] = Label::win;  // p can move to a Loss
            queue.push_back(p);
          } else if (--unrefuted[p] == 0) {
            label[p] = Label::loss;  // every move of p goes to a Win
            queue.push_back(p);
          }
        }
      }
    }

    outcome_.resize(count);
    for (std::size_t t = 0; t < count; ++t)
      outcome_[t] = label[t] == Label::win ? Outcome::win : label[t] == Label::loss ? Outcome::loss : Outcome::draw;
  }

  std::vector<Digraph> parts_;
  std::vector<std::size_t> stride_;  // one per component
  std::vector<Outcome> outcome_;     // by tuple index
};

}  // namespace grundy::test
