#include "grundy/misere_quotient.hpp"

#include <algorithm>
#include <functional>
#include <cstddef>
#include <map>
#include <numeric>
#include <queue>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/interrupt.hpp"

namespace grundy {
namespace {

constexpr QuotientElement kNone = ~QuotientElement{0};
constexpr std::uint64_t kNoHeap = ~std::uint64_t{0};

// A finite commutative monoid with a marked subset (a bipartite monoid):
// elements 0..size-1, 0 the identity.
struct Monoid {
  std::uint32_t size = 1;
  std::vector<QuotientElement> table{0};
  std::vector<char> p{0};
  [[nodiscard]] QuotientElement mul(QuotientElement a, QuotientElement b) const {
    return table[std::size_t{a} * size + b];
  }
};

// The moves of one heap: each option is the heaps it leaves.
struct HeapMoves {
  std::uint64_t heap = 0;
  std::vector<Option> options;
};

// The classes of the options of `h` under `phi`, each once, sorted.
std::vector<QuotientElement> option_images(const Monoid& q, const std::vector<QuotientElement>& phi,
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

struct ProofResult {
  bool proven = false;
  std::string failure;  // why not, for people
  std::vector<std::uint64_t> witness;  // heaps of a sum where the prediction fails
  std::uint64_t states = 0;
};

// The finite check that makes (q, phi) the outcome rule of every sum of the
// heaps in `heaps` (which have moves; others are the empty game). A sum W
// is predicted to be a P-position when phi(W) is in q.p. By induction over
// the game tree, the predictions are right for every sum when they are
// consistent at every sum: the empty sum is an N-position (whoever is to
// move has no move and wins), a sum predicted P has no option predicted P,
// and a nonempty sum predicted N has one. Whether a sum is consistent
// depends only on phi(W) and, for each heap class c in W, on phi(W - c)
// (its options are phi(W - h) * phi(option of h)); these tuples form a
// finite set, explored here from the empty sum by adding one heap at a time.
// (a) "predicted P has no option predicted P" depends only on the pair
// (phi(W - h), h) and is checked for every element and heap.
// Heaps whose sum has class z: a shortest such word over the heaps' classes.
std::vector<std::uint64_t> word_of(const Monoid& q, const std::vector<QuotientElement>& phi,
                                   const std::vector<HeapMoves>& heaps, QuotientElement z) {
  std::vector<QuotientElement> parent(q.size, kNone);
  std::vector<std::uint64_t> last(q.size, 0);
  std::vector<QuotientElement> frontier{0};
  parent[0] = 0;
  while (!frontier.empty() && parent[z] == kNone) {
    std::vector<QuotientElement> next;
    for (QuotientElement x : frontier)
      for (const HeapMoves& h : heaps) {
        const QuotientElement y = q.mul(x, phi[h.heap]);
        if (parent[y] != kNone) continue;
        parent[y] = x;
        last[y] = h.heap;
        next.push_back(y);
      }
    frontier.swap(next);
  }
  std::vector<std::uint64_t> word;
  for (QuotientElement y = z; y != 0 && parent[y] != kNone; y = parent[y]) word.push_back(last[y]);
  return word;
}

ProofResult prove(const Monoid& q, const std::vector<QuotientElement>& phi, const std::vector<HeapMoves>& heaps,
                  std::uint64_t max_numbers) {
  ProofResult result;
  if (q.p[0]) {
    result.failure = "the empty sum is predicted to be a P-position";
    return result;
  }
  // Heap classes, and for each class and element z whether some heap of
  // the class has no option leading to P from z (a "bad" heap there).
  std::vector<QuotientElement> classes;
  for (const HeapMoves& h : heaps) classes.push_back(phi[h.heap]);
  std::sort(classes.begin(), classes.end());
  classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
  const std::size_t c = classes.size();
  std::vector<std::uint64_t> bad_heap(c * q.size, kNoHeap);
  for (const HeapMoves& h : heaps) {
    const std::vector<QuotientElement> images = option_images(q, phi, h);
    const QuotientElement g = phi[h.heap];
    const std::size_t j = static_cast<std::size_t>(std::lower_bound(classes.begin(), classes.end(), g) - classes.begin());
    for (QuotientElement z = 0; z < q.size; ++z) {
      bool some_p = false;
      for (QuotientElement o : images) some_p = some_p || q.p[q.mul(z, o)];
      if (q.p[q.mul(z, g)] && some_p) {
        result.failure = fmt::format("a sum of class {} plus heap {} is predicted P but has an option predicted P", z,
                                     h.heap);
        result.witness = word_of(q, phi, heaps, z);
        result.witness.push_back(h.heap);
        std::sort(result.witness.begin(), result.witness.end());
        return result;
      }
      if (!some_p && bad_heap[j * q.size + z] == kNoHeap) bad_heap[j * q.size + z] = h.heap;
    }
  }
  // (b): explore the tuples (phi(W), phi(W - class) for classes present),
  // stored flat, `width` numbers each; a sum fails when it is predicted N
  // and every class in it has a heap with no option predicted P (the sum
  // made of those heaps has no move to a predicted P).
  const std::size_t width = c + 1;
  std::vector<QuotientElement> states(width, kNone);
  states[0] = 0;
  std::vector<std::uint32_t> parent{0};
  std::vector<std::uint32_t> via{0};
  std::vector<std::uint32_t> slots(1024, kNone);
  auto hash_of = [&](std::size_t i) {
    std::uint64_t h = 1469598103934665603ULL;
    for (std::size_t k = 0; k < width; ++k) h = (h ^ states[i * width + k]) * 1099511628211ULL;
    return static_cast<std::size_t>(h ^ (h >> 29));
  };
  auto same = [&](std::size_t a, std::size_t b) {
    return std::equal(states.begin() + static_cast<std::ptrdiff_t>(a * width),
                      states.begin() + static_cast<std::ptrdiff_t>((a + 1) * width),
                      states.begin() + static_cast<std::ptrdiff_t>(b * width));
  };
  // Finds state i among the stored ones; stores it when new.
  auto intern = [&](std::size_t i) -> std::pair<std::size_t, bool> {
    if (2 * (i + 1) > slots.size()) {
      std::vector<std::uint32_t> grown(slots.size() * 2, kNone);
      for (std::uint32_t s : slots) {
        if (s == kNone) continue;
        std::size_t k = hash_of(s) & (grown.size() - 1);
        while (grown[k] != kNone) k = (k + 1) & (grown.size() - 1);
        grown[k] = s;
      }
      slots.swap(grown);
    }
    std::size_t k = hash_of(i) & (slots.size() - 1);
    while (slots[k] != kNone) {
      if (same(slots[k], i)) return {slots[k], false};
      k = (k + 1) & (slots.size() - 1);
    }
    slots[k] = static_cast<std::uint32_t>(i);
    return {i, true};
  };
  intern(0);
  // The failing sum: as many heaps of each class as the path to state i
  // adds, each a heap of its class with no option predicted P there.
  auto witness = [&](std::size_t i) {
    std::vector<std::uint64_t>& heaps_in_sum = result.witness;
    const QuotientElement* s = &states[i * width];
    for (; i != 0; i = parent[i]) heaps_in_sum.push_back(bad_heap[via[i] * q.size + s[via[i] + 1]]);
    std::sort(heaps_in_sum.begin(), heaps_in_sum.end());
    return fmt::format("{}", fmt::join(heaps_in_sum, " + "));
  };
  for (std::size_t i = 0; i * width < states.size(); ++i) {
    if ((i & 0xffff) == 0) interruption_point();
    for (std::size_t j = 0; j < c; ++j) {
      const std::size_t n = states.size() / width;
      // Each class of sums is stored as `width` numbers: bound the memory.
      if ((n + 1) * width > max_numbers) {
        throw LimitError(fmt::format("the proof would examine more than {} classes of sums ({} heap classes); "
                                     "grundy stops there to bound its memory",
                                     n, c));
      }
      states.resize(states.size() + width);
      const QuotientElement* from = &states[i * width];
      QuotientElement* to = &states[n * width];
      const QuotientElement g = classes[j];
      to[0] = q.mul(from[0], g);
      for (std::size_t k = 0; k < c; ++k) to[k + 1] = from[k + 1] == kNone ? kNone : q.mul(from[k + 1], g);
      to[j + 1] = from[0];
      const auto [index, fresh] = intern(n);
      if (!fresh) {
        states.resize(n * width);
        continue;
      }
      parent.push_back(static_cast<std::uint32_t>(i));
      via.push_back(static_cast<std::uint32_t>(j));
      const QuotientElement* s = &states[n * width];
      if (q.p[s[0]]) continue;
      bool stuck = true;
      for (std::size_t k = 0; k < c && stuck; ++k)
        if (s[k + 1] != kNone && bad_heap[k * q.size + s[k + 1]] == kNoHeap) stuck = false;
      if (stuck) {
        result.failure = fmt::format("the sum {} is predicted N but has no option predicted P", witness(n));
        result.states = n + 1;
        return result;
      }
    }
  }
  result.states = states.size() / width;
  result.proven = true;
  return result;
}

// Shortest words (by the heaps' total size) for every element of q, built
// from the cheapest heap of each class: the order in which one column of a
// step is filled (an option of a sum has a smaller total).
struct Representatives {
  std::vector<std::uint64_t> cost;
  std::vector<QuotientElement> order;  // by cost
  // For element x: (heap h in its word, class of the word without h).
  std::vector<std::vector<std::pair<std::uint64_t, QuotientElement>>> removals;
};

Representatives representatives(const Monoid& q, const std::vector<QuotientElement>& phi,
                                const std::vector<HeapMoves>& heaps) {
  // The cheapest heap of each class (heaps come in increasing size).
  std::vector<std::pair<QuotientElement, std::uint64_t>> letters;
  for (const HeapMoves& h : heaps) {
    const QuotientElement g = phi[h.heap];
    if (std::none_of(letters.begin(), letters.end(), [&](const auto& l) { return l.first == g; }))
      letters.emplace_back(g, h.heap);
  }
  Representatives r;
  constexpr std::uint64_t kUnseen = ~std::uint64_t{0};
  r.cost.assign(q.size, kUnseen);
  std::vector<QuotientElement> parent(q.size, kNone);
  std::vector<std::uint64_t> last(q.size, 0);
  using Entry = std::pair<std::uint64_t, QuotientElement>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  r.cost[0] = 0;
  queue.emplace(0, 0);
  std::vector<char> done(q.size, 0);
  while (!queue.empty()) {
    const auto [d, x] = queue.top();
    queue.pop();
    if (done[x]) continue;
    done[x] = 1;
    r.order.push_back(x);
    for (const auto& [g, heap] : letters) {
      const QuotientElement y = q.mul(x, g);
      if (d + heap < r.cost[y]) {
        r.cost[y] = d + heap;
        parent[y] = x;
        last[y] = heap;
        queue.emplace(d + heap, y);
      }
    }
  }
  if (r.order.size() != q.size) throw std::logic_error("misere quotient: an element no sum of heaps reaches");
  r.removals.resize(q.size);
  for (QuotientElement x = 1; x < q.size; ++x) {
    std::vector<std::uint64_t> word;
    for (QuotientElement y = x; y != 0; y = parent[y]) word.push_back(last[y]);
    std::sort(word.begin(), word.end());
    for (std::size_t i = 0; i < word.size(); ++i) {
      if (i > 0 && word[i] == word[i - 1]) continue;
      QuotientElement rest = 0;
      for (std::size_t k = 0; k < word.size(); ++k)
        if (k != i) rest = q.mul(rest, phi[word[k]]);
      r.removals[x].emplace_back(word[i], rest);
    }
  }
  return r;
}

// The classes of a commutative monoid's elements under "no element tells
// them apart" (x ~ y when x*z and y*z are in p together for every z), found
// by refining {p, not p} along multiplication by the generators until
// stable (Moore's algorithm). `step(s, g)` is s times generator g.
template <class Step>
std::vector<std::uint32_t> indistinguishable_classes(std::size_t count, std::size_t generators,
                                                     const std::vector<char>& p, Step&& step) {
  std::vector<std::uint32_t> cls(count);
  for (std::size_t s = 0; s < count; ++s) cls[s] = p[s] ? 1 : 0;
  std::size_t classes = 0;
  for (;;) {
    interruption_point();
    std::map<std::vector<std::uint32_t>, std::uint32_t> ids;
    std::vector<std::uint32_t> next(count);
    std::vector<std::uint32_t> key(generators + 1);
    for (std::size_t s = 0; s < count; ++s) {
      key[0] = cls[s];
      for (std::size_t g = 0; g < generators; ++g) key[g + 1] = cls[step(s, g)];
      next[s] = ids.try_emplace(key, static_cast<std::uint32_t>(ids.size())).first->second;
    }
    cls.swap(next);
    if (ids.size() == classes) return cls;
    classes = ids.size();
  }
}

// The candidate Q_n: Q_{n-1} x (copies of heap n, which repeat with some
// preperiod and period), outcomes filled column by column assuming a sum's
// outcome depends only on its class and its copies of heap n, then reduced.
// The assumption is what the final proof checks.
void add_heap(Monoid& q, std::vector<QuotientElement>& phi, const std::vector<HeapMoves>& earlier, const HeapMoves& heap,
              const QuotientLimits& limits) {
  const Representatives reps = representatives(q, phi, earlier);
  std::unordered_map<std::uint64_t, std::vector<QuotientElement>> images;
  for (const HeapMoves& h : earlier) images.emplace(h.heap, option_images(q, phi, h));
  const std::vector<QuotientElement> new_images = option_images(q, phi, heap);

  std::vector<std::vector<char>> columns{q.p};
  std::map<std::vector<char>, std::uint32_t> seen{{q.p, 0}};
  std::uint32_t preperiod = 0;
  std::uint32_t period = 0;
  for (std::uint32_t k = 1; period == 0; ++k) {
    if (k > limits.max_copies)
      throw LimitError(fmt::format("sums with up to {} copies of heap {} show no period", limits.max_copies, heap.heap));
    std::vector<char> column(q.size, 2);  // 2: not yet known
    for (QuotientElement x : reps.order) {
      bool to_p = false;
      for (const auto& [h, rest] : reps.removals[x]) {
        for (QuotientElement o : images.at(h)) {
          const char c = column[q.mul(rest, o)];
          if (c == 2) throw std::logic_error("misere quotient: a column read before it was written");
          to_p = to_p || c == 1;
        }
      }
      for (QuotientElement o : new_images) to_p = to_p || columns[k - 1][q.mul(x, o)] == 1;
      column[x] = to_p ? 0 : 1;
    }
    const auto [it, fresh] = seen.emplace(column, k);
    if (!fresh) {
      preperiod = it->second;
      period = k - it->second;
    }
    columns.push_back(std::move(column));
  }
  const std::uint32_t length = preperiod + period;
  auto reduce = [&](std::uint64_t k) -> std::uint32_t {
    return static_cast<std::uint32_t>(k < length ? k : preperiod + (k - preperiod) % period);
  };
  const std::size_t count = std::size_t{q.size} * length;
  std::vector<char> p(count);
  for (std::size_t s = 0; s < count; ++s) p[s] = columns[s % length][s / length];
  std::vector<QuotientElement> letters;
  for (const HeapMoves& h : earlier) letters.push_back(phi[h.heap]);
  std::sort(letters.begin(), letters.end());
  letters.erase(std::unique(letters.begin(), letters.end()), letters.end());
  const std::vector<std::uint32_t> cls =
      indistinguishable_classes(count, letters.size() + 1, p, [&](std::size_t s, std::size_t g) -> std::size_t {
        const QuotientElement x = static_cast<QuotientElement>(s / length);
        const std::uint32_t k = static_cast<std::uint32_t>(s % length);
        if (g == letters.size()) return std::size_t{x} * length + reduce(k + 1);
        return std::size_t{q.mul(x, letters[g])} * length + k;
      });
  // Number the classes by first appearance, the identity's first.
  std::vector<std::uint32_t> number(count, kNone);
  std::vector<std::size_t> first;
  for (std::size_t s = 0; s < count; ++s) {
    if (number[cls[s]] != kNone) continue;
    number[cls[s]] = static_cast<std::uint32_t>(first.size());
    first.push_back(s);
  }
  const std::size_t size = first.size();
  if (size > limits.max_size)
    throw LimitError(fmt::format("the quotient up to heap {} has more than {} elements", heap.heap, limits.max_size));
  auto element = [&](std::size_t s) { return number[cls[s]]; };
  Monoid next;
  next.size = static_cast<std::uint32_t>(size);
  next.table.resize(size * size);
  next.p.resize(size);
  for (std::size_t a = 0; a < size; ++a) {
    next.p[a] = p[first[a]];
    for (std::size_t b = 0; b < size; ++b) {
      const std::size_t sa = first[a];
      const std::size_t sb = first[b];
      const QuotientElement x = q.mul(static_cast<QuotientElement>(sa / length), static_cast<QuotientElement>(sb / length));
      next.table[a * size + b] = element(std::size_t{x} * length + reduce(sa % length + sb % length));
    }
  }
  for (QuotientElement& f : phi) f = element(std::size_t{f} * length);
  phi.push_back(element(reduce(1)));
  q = std::move(next);
}

// A finer cover of the same sums: a sum W is mapped to phi(W) together with
// phi(W - h) for each class of heap h in W (what W's options depend on).
// Still a correct outcome rule, with more elements; add_heap retries on it
// when Q_{n-1} was too coarse to describe the sums with heap n (elements of
// Q_{n-1} that heap n tells apart).
void refine(Monoid& q, std::vector<QuotientElement>& phi, const std::vector<HeapMoves>& heaps,
            const std::vector<std::uint64_t>& tracked, std::uint32_t max_size) {
  // Letters: each tracked heap alone, the other heaps by class.
  std::vector<QuotientElement> letter_class;
  std::vector<std::size_t> letter_of(heaps.size());
  std::vector<std::size_t> tracked_letter(tracked.size(), 0);
  std::map<QuotientElement, std::size_t> by_class;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const auto t = std::find(tracked.begin(), tracked.end(), heaps[i].heap);
    if (t == tracked.end()) {
      const auto [it, fresh] = by_class.try_emplace(phi[heaps[i].heap], letter_class.size());
      if (fresh) letter_class.push_back(phi[heaps[i].heap]);
      letter_of[i] = it->second;
    } else {
      letter_of[i] = letter_class.size();
      tracked_letter[static_cast<std::size_t>(t - tracked.begin())] = letter_class.size();
      letter_class.push_back(phi[heaps[i].heap]);
    }
  }
  const std::size_t c = letter_class.size();
  const std::size_t t = tracked.size();
  std::map<std::vector<QuotientElement>, std::uint32_t> index;
  std::vector<std::vector<QuotientElement>> states;
  std::vector<std::uint32_t> parent;
  std::vector<std::uint32_t> via;
  std::vector<QuotientElement> start(t + 1, kNone);
  start[0] = 0;
  index.emplace(start, 0);
  states.push_back(start);
  parent.push_back(0);
  via.push_back(0);
  std::vector<std::uint32_t> step;  // state x letter -> state
  for (std::size_t i = 0; i < states.size(); ++i) {
    interruption_point();
    for (std::size_t j = 0; j < c; ++j) {
      std::vector<QuotientElement> to(t + 1);
      const std::vector<QuotientElement>& from = states[i];
      to[0] = q.mul(from[0], letter_class[j]);
      for (std::size_t k = 0; k < t; ++k) {
        to[k + 1] = from[k + 1] == kNone ? kNone : q.mul(from[k + 1], letter_class[j]);
        if (tracked_letter[k] == j) to[k + 1] = from[0];
      }
      const auto [it, fresh] = index.try_emplace(to, static_cast<std::uint32_t>(states.size()));
      if (fresh) {
        if (states.size() >= max_size)
          throw LimitError(fmt::format("telling apart the sums that heap {} separates needs more than {} classes",
                                       heaps.empty() ? 0 : heaps.back().heap + 1, max_size));
        states.push_back(std::move(to));
        parent.push_back(static_cast<std::uint32_t>(i));
        via.push_back(static_cast<std::uint32_t>(j));
      }
      step.push_back(it->second);
    }
  }
  const std::size_t n = states.size();
  Monoid finer;
  finer.size = static_cast<std::uint32_t>(n);
  finer.table.assign(n * n, 0);
  finer.p.resize(n);
  // x * s for s in creation order: s is its parent times one class.
  for (std::size_t x = 0; x < n; ++x) {
    finer.p[x] = q.p[states[x][0]];
    finer.table[x * n] = static_cast<QuotientElement>(x);
    for (std::size_t s = 1; s < n; ++s)
      finer.table[x * n + s] = step[finer.table[x * n + parent[s]] * c + via[s]];
  }
  for (std::size_t i = 0; i < heaps.size(); ++i) phi[heaps[i].heap] = step[letter_of[i]];
  q = std::move(finer);
}

std::string letter(std::size_t i) {
  if (i < 26) return std::string(1, static_cast<char>('a' + i));
  return fmt::format("g{}", i + 1);
}

// The generators (classes of heaps, in heap order, each outside the
// submonoid of the ones before), the normal forms and the relations.
void present(const Monoid& q, MisereQuotient& out) {
  std::vector<QuotientElement> generators;
  std::vector<char> reached(q.size, 0);
  reached[0] = 1;
  for (std::uint64_t h = 0; h <= out.max_heap; ++h) {
    const QuotientElement g = out.pretending[h];
    if (reached[g]) continue;
    generators.push_back(g);
    out.generator_heaps.push_back(h);
    // Close the reached submonoid under the new generator.
    std::vector<QuotientElement> frontier;
    for (QuotientElement x = 0; x < q.size; ++x)
      if (reached[x]) frontier.push_back(x);
    while (!frontier.empty()) {
      std::vector<QuotientElement> more;
      for (QuotientElement x : frontier)
        for (QuotientElement y : generators) {
          const QuotientElement z = q.mul(x, y);
          if (!reached[z]) {
            reached[z] = 1;
            more.push_back(z);
          }
        }
      frontier.swap(more);
    }
  }
  const std::size_t n = generators.size();
  out.normal_forms.assign(q.size, GeneratorWord{});
  std::map<GeneratorWord, QuotientElement> normal{{GeneratorWord(n, 0), 0}};
  out.normal_forms[0] = GeneratorWord(n, 0);
  std::vector<char> named(q.size, 0);
  named[0] = 1;
  // Words of length L extend normal forms of length L - 1 by a letter no
  // smaller than their last, in alphabetical order: the first word met for
  // an element is its shortest, alphabetically first word.
  std::vector<std::pair<QuotientElement, std::size_t>> level{{0, 0}};  // (element, last letter)
  while (!level.empty()) {
    std::vector<std::pair<QuotientElement, std::size_t>> longer;
    for (const auto& [x, last] : level) {
      for (std::size_t g = last; g < n; ++g) {
        GeneratorWord w = out.normal_forms[x];
        ++w[g];
        const QuotientElement y = q.mul(x, generators[g]);
        if (!named[y]) {
          named[y] = 1;
          out.normal_forms[y] = w;
          normal.emplace(w, y);
          longer.emplace_back(y, g);
          continue;
        }
        bool minimal = true;
        for (std::size_t k = 0; k < n && minimal; ++k) {
          if (w[k] == 0 || k == g) continue;
          GeneratorWord shorter = w;
          --shorter[k];
          minimal = normal.count(shorter) > 0;
        }
        if (minimal) out.relations.push_back({w, out.normal_forms[y]});
      }
    }
    level.swap(longer);
  }
}

// Whether the heaps play in misère sums as misère Nim positions (Conway's
// tame games), and their genera. Each heap h is pretended to be the misère
// Nim position (s, big): s its normal-play value, big when it plays as a
// position with a heap of 2 or more (s >= 2, or s <= 1 with misère Grundy
// value s rather than s xor 1). Those pairs form a monoid (xor, or) whose
// P-portion is Bouton's rule; `prove` checks it against the heaps' moves.
bool prove_tame(const Game& game, const std::vector<HeapMoves>& heaps, std::uint64_t max_heap,
                std::uint64_t max_numbers, std::vector<std::string>& genus) {
  std::vector<std::uint64_t> values(max_heap + 1, 0);
  std::uint64_t largest = 0;
  for (const HeapMoves& h : heaps) {
    values[h.heap] = game.value(h.heap).value();
    largest = std::max(largest, values[h.heap]);
  }
  constexpr std::uint64_t kMostBits = 10;
  std::uint64_t bits = 1;
  while (bits < kMostBits && (std::uint64_t{1} << bits) <= largest) ++bits;
  if ((std::uint64_t{1} << bits) <= largest) return false;
  const std::uint32_t count = std::uint32_t{1} << bits;  // values s
  Monoid nim;
  nim.size = 2 * count;
  nim.table.resize(std::size_t{nim.size} * nim.size);
  nim.p.resize(nim.size);
  for (std::uint32_t a = 0; a < nim.size; ++a) {
    const std::uint32_t s = a >> 1;
    const bool big = (a & 1) != 0;
    nim.p[a] = big ? s == 0 : s == 1;
    for (std::uint32_t b = 0; b < nim.size; ++b) nim.table[std::size_t{a} * nim.size + b] = ((s ^ (b >> 1)) << 1) | ((a | b) & 1);
  }
  std::vector<QuotientElement> phi(max_heap + 1, 0);
  genus.assign(max_heap + 1, "0^1");
  for (const HeapMoves& h : heaps) {
    // The misère Grundy value: mex of the options' (those of a position
    // (s, big) is s when big, else s xor 1).
    std::vector<char> seen(2 * count + 2, 0);
    for (const Option& o : h.options) {
      QuotientElement x = 0;
      for (Position part : o) x = nim.mul(x, phi[part]);
      const std::uint32_t s = x >> 1;
      seen[(x & 1) ? s : (s ^ 1)] = 1;
    }
    std::uint64_t misere = 0;
    while (seen[misere]) ++misere;
    const std::uint64_t s = values[h.heap];
    bool big = true;
    if (s <= 1 && misere == (s ^ 1)) {
      big = false;
    } else if (misere != s) {
      return false;  // not the genus of any misère Nim position
    }
    phi[h.heap] = static_cast<QuotientElement>((s << 1) | (big ? 1 : 0));
    genus[h.heap] = fmt::format("{}^{}", s, misere);
  }
  return prove(nim, phi, heaps, max_numbers).proven;
}

// The letters of a word in order: "aab" for a^2 b.
std::vector<std::size_t> letters_of(const GeneratorWord& w) {
  std::vector<std::size_t> letters;
  for (std::size_t i = 0; i < w.size(); ++i) letters.insert(letters.end(), w[i], i);
  return letters;
}

bool shortlex_less(const GeneratorWord& a, const GeneratorWord& b) {
  const std::vector<std::size_t> x = letters_of(a);
  const std::vector<std::size_t> y = letters_of(b);
  if (x.size() != y.size()) return x.size() < y.size();
  return x < y;
}

// Elements numbered in the order of their normal forms (1, a, b, ab, ...),
// relations in the order of their left sides.
void number_by_normal_form(MisereQuotient& q) {
  std::vector<QuotientElement> order(q.size);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](QuotientElement x, QuotientElement y) { return shortlex_less(q.normal_forms[x], q.normal_forms[y]); });
  std::vector<QuotientElement> number(q.size);
  for (QuotientElement i = 0; i < q.size; ++i) number[order[i]] = i;
  std::vector<QuotientElement> products(q.products.size());
  std::vector<bool> in_p(q.size);
  std::vector<GeneratorWord> normal_forms(q.size);
  for (QuotientElement x = 0; x < q.size; ++x) {
    in_p[number[x]] = q.in_p[x];
    normal_forms[number[x]] = q.normal_forms[x];
    for (QuotientElement y = 0; y < q.size; ++y)
      products[std::size_t{number[x]} * q.size + number[y]] = number[q.multiply(x, y)];
  }
  for (QuotientElement& f : q.pretending) f = number[f];
  q.products = std::move(products);
  q.in_p = std::move(in_p);
  q.normal_forms = std::move(normal_forms);
  std::sort(q.relations.begin(), q.relations.end(),
            [](const QuotientRelation& a, const QuotientRelation& b) { return shortlex_less(a.left, b.left); });
}

}  // namespace

QuotientElement MisereQuotient::element_of(std::span<const Position> heaps) const {
  QuotientElement x = 0;
  for (Position h : heaps) {
    if (h > max_heap) throw InputError(fmt::format("heap {} is beyond the quotient's heaps 0..{}", h, max_heap));
    x = multiply(x, pretending[h]);
  }
  return x;
}

std::string MisereQuotient::word_text(const GeneratorWord& w) const {
  std::string text;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] == 0) continue;
    text += letter(i);
    if (w[i] > 1) text += fmt::format("^{}", w[i]);
  }
  return text.empty() ? "1" : text;
}

MisereQuotient compute_misere_quotient(const Game& game, std::uint64_t max_heap, const QuotientLimits& limits) {
  if (!game.heap_indexed() || game.has_cycles())
    throw InputError(fmt::format("{}: a misere quotient is computed for heap games, whose positions are heap sizes",
                                 game.spec()));
  std::vector<HeapMoves> heaps;
  for (std::uint64_t h = 0; h <= max_heap; ++h) {
    interruption_point();
    OptionSample all = game.list_options(h, kNoLimit);
    if (all.options.empty()) continue;
    for (const Option& o : all.options) {
      std::uint64_t total = 0;
      for (Position part : o) total += part;
      if (total >= h)
        throw InputError(fmt::format("{}: heap {} has a move to {}, which is not smaller in total; quotients are "
                                     "computed for games whose moves shrink the heaps",
                                     game.spec(), h, game.format_option(o)));
    }
    heaps.push_back({h, std::move(all.options)});
  }

  Monoid q;
  std::vector<QuotientElement> phi;
  MisereQuotient out;
  out.game = game.spec();
  out.max_heap = max_heap;
  std::vector<HeapMoves> earlier;
  std::size_t next = 0;
  // Every limit reached names the game.
  try {
    for (std::uint64_t h = 0; h <= max_heap; ++h) {
      if (next < heaps.size() && heaps[next].heap == h) {
        std::vector<HeapMoves> with = earlier;
        with.push_back(heaps[next]);
        // Q_{n-1} first; when its candidate fails the proof, covers of the
        // same sums that also keep phi(W - h) for the heaps h of the failing
        // sums, and then covers of those covers.
        Monoid base = q;
        std::vector<QuotientElement> base_phi = phi;
        std::vector<std::uint64_t> tracked;
        auto refine_for = [&](Monoid& m, std::vector<QuotientElement>& f, const std::vector<HeapMoves>& hs,
                              const std::vector<std::uint64_t>& t, std::uint64_t heap) {
          try {
            refine(m, f, hs, t, limits.max_cover);
          } catch (const LimitError& e) {
            throw LimitError(fmt::format("{}: no quotient found for heaps up to {}: {} (grundy's construction, "
                                         "docs/misere.md)",
                                         game.spec(), heap, e.what()));
          }
        };
        for (std::uint32_t attempt = 0;; ++attempt) {
          Monoid cover = base;
          std::vector<QuotientElement> cover_phi = base_phi;
          if (!tracked.empty()) refine_for(cover, cover_phi, earlier, tracked, h);
          Monoid candidate = cover;
          std::vector<QuotientElement> candidate_phi = cover_phi;
          add_heap(candidate, candidate_phi, earlier, heaps[next], limits);
          const ProofResult proof = prove(candidate, candidate_phi, with, limits.max_proof_numbers);
          if (proof.proven) {
            q = std::move(candidate);
            phi = std::move(candidate_phi);
            // It covers every heap so far; later heaps without moves are the
            // empty game and change nothing, so it stands for the result.
            out.proof_states = proof.states;
            break;
          }
          if (attempt == limits.max_refinements)
            throw LimitError(fmt::format("{}: the quotient of heaps up to {} was not found ({})", game.spec(), h,
                                         proof.failure));
          bool more = false;
          for (std::uint64_t w : proof.witness) {
            if (w >= h || std::find(tracked.begin(), tracked.end(), w) != tracked.end()) continue;
            if (std::none_of(earlier.begin(), earlier.end(), [&](const HeapMoves& m) { return m.heap == w; })) continue;
            tracked.push_back(w);
            more = true;
          }
          if (!more) {
            refine_for(base, base_phi, earlier, tracked, h);
            tracked.clear();
          }
        }
        earlier = std::move(with);
        ++next;
      } else {
        phi.push_back(0);  // no move: the empty game
      }
      out.sizes.push_back(q.size);
    }
  } catch (const LimitError& e) {
    const std::string_view what = e.what();
    if (what.starts_with(game.spec())) throw;
    throw LimitError(fmt::format("{}: {}", game.spec(), what));
  }
  if (heaps.empty()) out.proof_states = prove(q, phi, heaps, limits.max_proof_numbers).states;  // no heap moves
  out.size = q.size;
  out.products = q.table;
  out.in_p.assign(q.p.begin(), q.p.end());
  out.pretending = phi;
  present(q, out);
  number_by_normal_form(out);
  try {
    out.tame = prove_tame(game, heaps, max_heap, limits.max_proof_numbers, out.genus);
  } catch (const LimitError&) {
    out.tame = false;
  }
  if (!out.tame) out.genus.clear();
  return out;
}

}  // namespace grundy
