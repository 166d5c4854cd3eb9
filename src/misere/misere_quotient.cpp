#include "grundy/misere/misere_quotient.hpp"

#include <algorithm>
#include <functional>
#include <cstddef>
#include <deque>
#include <map>
#include <mutex>
#include <numeric>
#include <queue>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/progress.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/time_limit.hpp"
#include "grundy/misere/misere_proof.hpp"
#include "lightest_words.hpp"

namespace grundy {
namespace {

constexpr QuotientElement kNone = ~QuotientElement{0};

// Shortest words (by the heaps' total size) for every element of q, built
// from the cheapest heap of each class: the order in which one column of a
// step is filled (an option of a sum is lighter: heap_weight).
struct Representatives {
  std::vector<std::uint64_t> cost;
  std::vector<QuotientElement> order;  // by cost
  // For element x: (heap h in its word, class of the word without h).
  std::vector<std::vector<std::pair<std::uint64_t, QuotientElement>>> removals;
};

Representatives representatives(const BipartiteMonoid& q, const std::vector<QuotientElement>& phi,
                                const std::vector<HeapMoves>& heaps) {
  // The cheapest heap of each class (heaps come in increasing size).
  std::vector<std::pair<QuotientElement, std::uint64_t>> letters;
  for (const HeapMoves& h : heaps) {
    const QuotientElement g = phi[h.heap];
    if (std::none_of(letters.begin(), letters.end(), [&](const auto& l) { return l.first == g; }))
      letters.emplace_back(g, h.heap);
  }
  std::vector<std::uint64_t> weights;
  for (const auto& l : letters) weights.push_back(heap_weight(l.second));
  const LightestWords words = lightest_words(q.size, weights, [&](std::size_t x, std::size_t l) {
    return q.mul(static_cast<QuotientElement>(x), letters[l].first);
  });
  Representatives r;
  r.cost = words.cost;
  for (std::size_t x : words.order) r.order.push_back(static_cast<QuotientElement>(x));
  if (r.order.size() != q.size) throw std::logic_error("misere quotient: an element no sum of heaps reaches");
  r.removals.resize(q.size);
  for (QuotientElement x = 1; x < q.size; ++x) {
    std::vector<std::uint64_t> word;
    for (std::size_t l : words.word(x)) word.push_back(letters[l].second);
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
    time_limit_point();
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

// The monoid of the classes `cls` of elements 0..count-1 of a monoid given by
// `mul` (element indices in, element index out) and marked by `p`, its
// elements numbered by first appearance (element 0, the identity, first);
// number[c] is class c's element.
template <class Mul>
BipartiteMonoid monoid_of_classes(std::size_t count, const std::vector<std::uint32_t>& cls, const std::vector<char>& p,
                                  Mul&& mul, std::uint64_t heap, std::uint32_t max_size,
                                  std::vector<std::uint32_t>& number) {
  number.assign(count, kNone);
  std::vector<std::size_t> first;
  for (std::size_t s = 0; s < count; ++s) {
    if (number[cls[s]] != kNone) continue;
    number[cls[s]] = static_cast<std::uint32_t>(first.size());
    first.push_back(s);
  }
  const std::size_t size = first.size();
  if (size > max_size)
    throw LimitError(
        fmt::format("a candidate for the quotient of heaps up to {} has more than {} elements; grundy "
                    "stops there",
                    heap, max_size));
  BipartiteMonoid out;
  out.size = static_cast<std::uint32_t>(size);
  out.table.resize(size * size);
  out.p.resize(size);
  for (std::size_t a = 0; a < size; ++a) {
    out.p[a] = p[first[a]];
    for (std::size_t b = 0; b < size; ++b) out.table[a * size + b] = number[cls[mul(first[a], first[b])]];
  }
  return out;
}

// The candidate Q_n: Q_{n-1} x (copies of heap n, which repeat with some
// preperiod and period), outcomes filled column by column assuming a sum's
// outcome depends only on its class and its copies of heap n, then reduced.
// The assumption is what the final proof checks.
void add_heap(BipartiteMonoid& q, std::vector<QuotientElement>& phi, const std::vector<HeapMoves>& earlier,
              const HeapMoves& heap, const QuotientLimits& limits) {
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
      throw LimitError(
          fmt::format("sums with up to {} copies of heap {} show no period", limits.max_copies, heap.heap));
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
  std::vector<std::uint32_t> number;
  BipartiteMonoid next = monoid_of_classes(
      count, cls, p,
      [&](std::size_t sa, std::size_t sb) {
        const QuotientElement x =
            q.mul(static_cast<QuotientElement>(sa / length), static_cast<QuotientElement>(sb / length));
        return std::size_t{x} * length + reduce(sa % length + sb % length);
      },
      heap.heap, limits.max_size, number);
  auto element = [&](std::size_t s) { return number[cls[s]]; };
  for (QuotientElement& f : phi) f = element(std::size_t{f} * length);
  phi.push_back(element(reduce(1)));
  q = std::move(next);
}

// The index of x in q: the least i with x^i = x^(i+2) (capped at 64).
std::uint32_t index_of(const BipartiteMonoid& q, QuotientElement x) {
  std::vector<QuotientElement> powers{0};
  for (std::uint32_t i = 0; i < 64; ++i) {
    powers.push_back(q.mul(powers.back(), x));
    if (powers.size() >= 3 && powers[powers.size() - 1] == powers[powers.size() - 3])
      return static_cast<std::uint32_t>(powers.size() - 3);
  }
  return 64;
}

// A trial candidate of recalibration: the submonoid of q generated by the
// heaps not set free, times a counter for each freed heap (counts up to its
// index, then repeating with its period). Its elements are numbered
// base * stride + the counts in mixed radix.
class FreedCandidate {
 public:
  FreedCandidate(const BipartiteMonoid& q, const std::vector<QuotientElement>& phi, const std::vector<HeapMoves>& heaps,
                 const std::vector<std::uint64_t>& witness, const std::vector<std::uint64_t>& free_heaps)
      : q_(q), number_(q.size, kNone), members_{0} {
    const std::size_t freed = free_heaps.size();
    auto is_free = [&](std::uint64_t h) {
      return std::find(free_heaps.begin(), free_heaps.end(), h) != free_heaps.end();
    };
    // The base: the submonoid generated by the other heaps.
    number_[0] = 0;
    std::vector<QuotientElement> gens;
    for (const HeapMoves& h : heaps)
      if (!is_free(h.heap)) gens.push_back(phi[h.heap]);
    for (std::size_t i = 0; i < members_.size(); ++i)
      for (QuotientElement g : gens) {
        const QuotientElement y = q.mul(members_[i], g);
        if (number_[y] != kNone) continue;
        number_[y] = static_cast<QuotientElement>(members_.size());
        members_.push_back(y);
      }
    index_.resize(freed);
    period_.resize(freed);
    radix_.resize(freed);
    place_.resize(freed);
    for (std::size_t k = 0; k < freed; ++k) {
      const auto copies = static_cast<std::uint32_t>(std::count(witness.begin(), witness.end(), free_heaps[k]));
      index_[k] = std::max(index_of(q, phi[free_heaps[k]]), copies);
      // Period 2 at first; a heap whose copies keep failing further out
      // may repeat with a longer period, so it grows with the index.
      period_[k] = std::max<std::uint32_t>(2, 2 * (index_[k] / 4));
      radix_[k] = index_[k] + period_[k];
      place_[k] = stride_;
      stride_ *= radix_[k];
    }
    image_.resize(heaps.size());
    for (std::size_t i = 0; i < heaps.size(); ++i) {
      const auto f = std::find(free_heaps.begin(), free_heaps.end(), heaps[i].heap);
      image_[i] = f == free_heaps.end() ? std::size_t{number_[phi[heaps[i].heap]]} * stride_
                                        : place_[static_cast<std::size_t>(f - free_heaps.begin())];
    }
  }

  [[nodiscard]] std::size_t size() const { return members_.size() * stride_; }
  // The element of heap i (an index into the heaps).
  [[nodiscard]] const std::vector<std::size_t>& images() const { return image_; }

  [[nodiscard]] std::size_t mul(std::size_t a, std::size_t b) const {
    std::size_t out = std::size_t{number_[q_.mul(members_[a / stride_], members_[b / stride_])]} * stride_;
    for (std::size_t k = 0; k < place_.size(); ++k) {
      std::size_t c = (a / place_[k]) % radix_[k] + (b / place_[k]) % radix_[k];
      if (c >= radix_[k]) c = index_[k] + (c - index_[k]) % period_[k];
      out += c * place_[k];
    }
    return out;
  }

 private:
  const BipartiteMonoid& q_;
  std::vector<QuotientElement> number_;   // base element of each element of q, or kNone
  std::vector<QuotientElement> members_;  // the base's elements of q
  std::vector<std::uint32_t> index_, period_;
  std::vector<std::size_t> radix_, place_;
  std::size_t stride_ = 1;
  std::vector<std::size_t> image_;
};

// The lightest sum of each element a trial candidate reaches; its letters
// are the heaps (indices into `heaps`).
LightestWords lightest_sums(const FreedCandidate& c, const std::vector<HeapMoves>& heaps) {
  std::vector<std::uint64_t> weights;
  for (const HeapMoves& h : heaps) weights.push_back(heap_weight(h.heap));
  return lightest_words(c.size(), weights, [&](std::size_t x, std::size_t i) { return c.mul(x, c.images()[i]); });
}

// The P-portion of a trial candidate, from the game itself: elements in the
// order of their lightest sums (an option is lighter), each in P when no
// option of its sum is.
template <class ImageOfHeap>
std::vector<char> p_portion_from_game(const FreedCandidate& c, const std::vector<HeapMoves>& heaps,
                                      const LightestWords& sums, const ImageOfHeap& image_of_heap) {
  std::vector<char> p(c.size(), 0);
  std::vector<std::size_t> word;
  for (std::size_t x : sums.order) {
    if (x == 0) continue;
    word = sums.word(x);
    std::sort(word.begin(), word.end());
    bool to_p = false;
    for (std::size_t i = 0; i < word.size() && !to_p; ++i) {
      if (i > 0 && word[i] == word[i - 1]) continue;
      std::size_t rest = 0;
      for (std::size_t k = 0; k < word.size(); ++k)
        if (k != i) rest = c.mul(rest, c.images()[word[k]]);
      for (const Option& o : heaps[word[i]].options) {
        std::size_t y = rest;
        for (Position part : o) y = c.mul(y, image_of_heap(part));
        if (sums.cost[y] == LightestWords::kUnseen) throw std::logic_error("misere quotient: an option no sum reaches");
        if (p[y]) {
          to_p = true;
          break;
        }
      }
    }
    p[x] = to_p ? 0 : 1;
  }
  return p;
}

// The next subset of `pick.size()` positions out of n, in lexicographic
// order; false after the last.
bool next_subset(std::vector<std::size_t>& pick, std::size_t n) {
  const std::size_t freed = pick.size();
  std::size_t k = freed;
  while (k > 0 && pick[k - 1] == n - freed + (k - 1)) --k;
  if (k == 0) return false;
  ++pick[k - 1];
  for (std::size_t m = k; m < freed; ++m) pick[m] = pick[m - 1] + 1;
  return true;
}

// Recalibration (after Siegel's MisereSolver, described in Plambeck and
// Siegel's supplementary material): when a candidate predicts its lightest
// failing sum W wrong, some heaps of W are set free: the new candidate is the
// submonoid of the old one generated by the other heaps, times a counter for
// each freed heap (FreedCandidate). Its P-portion is recomputed from the
// game itself (p_portion_from_game). Reduced, it is kept when it predicts W
// the other way. Subsets of W's heaps are tried smallest first. Returns
// false when none does; the proof then judges what was kept.
bool recalibrate(BipartiteMonoid& q, std::vector<QuotientElement>& phi, const std::vector<HeapMoves>& heaps,
                 const std::vector<std::uint64_t>& witness, bool should_be_p, const QuotientLimits& limits,
                 std::uint64_t& work) {
  std::vector<std::uint64_t> involved = witness;
  involved.erase(std::unique(involved.begin(), involved.end()), involved.end());
  std::unordered_map<std::uint64_t, std::size_t> heap_index;
  for (std::size_t i = 0; i < heaps.size(); ++i) heap_index.emplace(heaps[i].heap, i);
  constexpr std::size_t kMostFreed = 3;
  for (std::size_t freed = 1; freed <= std::min(kMostFreed, involved.size()); ++freed) {
    std::vector<std::size_t> pick(freed);
    std::iota(pick.begin(), pick.end(), std::size_t{0});
    do {
      interruption_point();
      time_limit_point();
      std::vector<std::uint64_t> free_heaps;
      for (std::size_t k : pick) free_heaps.push_back(involved[k]);
      const FreedCandidate c(q, phi, heaps, witness, free_heaps);
      const std::size_t count = c.size();
      if (count > limits.max_trial_size) continue;
      work += count;
      if (work > limits.max_trial_work)
        throw LimitError(
            fmt::format("recalibrating the candidates for heap {} built more than {} trial elements; "
                        "grundy stops there to bound its time",
                        heaps.back().heap, limits.max_trial_work));
      const std::vector<std::size_t>& image = c.images();
      auto image_of_heap = [&](Position h) -> std::size_t {
        const auto it = heap_index.find(h);
        return it == heap_index.end() ? 0 : image[it->second];
      };
      const LightestWords sums = lightest_sums(c, heaps);
      const std::vector<char> p = p_portion_from_game(c, heaps, sums, image_of_heap);
      std::size_t w = 0;
      for (std::uint64_t h : witness) w = c.mul(w, image_of_heap(h));
      if ((p[w] != 0) != should_be_p) continue;
      // Kept: reduced to its classes of indistinguishable elements.
      const std::vector<std::size_t>& order = sums.order;
      std::vector<std::size_t> dense(count, kNone);
      for (std::size_t i = 0; i < order.size(); ++i) dense[order[i]] = i;
      std::vector<std::size_t> letters(image);
      std::sort(letters.begin(), letters.end());
      letters.erase(std::unique(letters.begin(), letters.end()), letters.end());
      std::vector<char> dense_p(order.size());
      for (std::size_t i = 0; i < order.size(); ++i) dense_p[i] = p[order[i]];
      const std::vector<std::uint32_t> cls =
          indistinguishable_classes(order.size(), letters.size(), dense_p,
                                    [&](std::size_t s, std::size_t g) { return dense[c.mul(order[s], letters[g])]; });
      std::vector<std::uint32_t> class_element;
      BipartiteMonoid next = monoid_of_classes(
          order.size(), cls, dense_p, [&](std::size_t i, std::size_t j) { return dense[c.mul(order[i], order[j])]; },
          heaps.back().heap, limits.max_size, class_element);
      auto element = [&](std::size_t x) { return static_cast<QuotientElement>(class_element[cls[dense[x]]]); };
      std::fill(phi.begin(), phi.end(), 0);
      for (std::size_t i = 0; i < heaps.size(); ++i) phi[heaps[i].heap] = element(image[i]);
      q = std::move(next);
      return true;
    } while (next_subset(pick, involved.size()));
  }
  return false;
}

std::string letter(std::size_t i) {
  if (i < 26) return std::string(1, static_cast<char>('a' + i));
  return fmt::format("g{}", i + 1);
}

// The generators (classes of heaps, in heap order, each outside the
// submonoid of the ones before), the normal forms and the relations.
void present(const BipartiteMonoid& q, MisereQuotient& out) {
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

// Whether the heaps of some games play in misère sums (mixing the games) as
// misère Nim positions (Conway's tame games). Each heap h is pretended to be
// the misère Nim position (s, big): s its normal-play value, big when it
// plays as a position with a heap of 2 or more (s >= 2, or s <= 1 with
// misère Grundy value s rather than s xor 1). Those pairs form a monoid
// (xor, or) whose P-portion is Bouton's rule; `prove` checks it against the
// heaps' moves, the heaps of game i numbered from base[i].
std::optional<std::vector<std::vector<MiserePretence>>> pretend_tame(std::span<const Game* const> games,
                                                                     const std::vector<std::vector<HeapMoves>>& heaps,
                                                                     std::span<const std::uint64_t> max_heaps,
                                                                     std::uint64_t max_numbers) {
  std::uint64_t largest = 0;
  std::vector<std::vector<std::uint64_t>> values(games.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    values[i].assign(max_heaps[i] + 1, 0);
    for (const HeapMoves& h : heaps[i]) {
      values[i][h.heap] = games[i]->value(h.heap).value();
      largest = std::max(largest, values[i][h.heap]);
    }
  }
  constexpr std::uint64_t kMostBits = 10;
  std::uint64_t bits = 1;
  while (bits < kMostBits && (std::uint64_t{1} << bits) <= largest) ++bits;
  if ((std::uint64_t{1} << bits) <= largest) return std::nullopt;
  const std::uint32_t count = std::uint32_t{1} << bits;  // values s
  BipartiteMonoid nim;
  nim.size = 2 * count;
  nim.table.resize(std::size_t{nim.size} * nim.size);
  nim.p.resize(nim.size);
  for (std::uint32_t a = 0; a < nim.size; ++a) {
    const std::uint32_t s = a >> 1;
    const bool big = (a & 1) != 0;
    nim.p[a] = big ? s == 0 : s == 1;
    for (std::uint32_t b = 0; b < nim.size; ++b)
      nim.table[std::size_t{a} * nim.size + b] = ((s ^ (b >> 1)) << 1) | ((a | b) & 1);
  }
  std::vector<QuotientElement> phi;
  std::vector<HeapMoves> all;
  std::vector<std::vector<MiserePretence>> out(games.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::uint64_t base = phi.size();
    phi.resize(base + max_heaps[i] + 1, 0);
    out[i].assign(max_heaps[i] + 1, MiserePretence{});
    for (const HeapMoves& h : heaps[i]) {
      // The misère Grundy value: mex of the options' (those of a position
      // (s, big) is s when big, else s xor 1).
      std::vector<char> seen(2 * count + 2, 0);
      HeapMoves numbered{base + h.heap, {}};
      for (const Option& o : h.options) {
        QuotientElement x = 0;
        Option parts;
        for (Position part : o) {
          // Pretences are found heap by heap upward: a move to a heap as
          // large is outside what this check handles.
          if (part >= h.heap) return std::nullopt;
          x = nim.mul(x, phi[base + part]);
          parts.push_back(base + part);
        }
        numbered.options.push_back(std::move(parts));
        const std::uint32_t s = x >> 1;
        seen[(x & 1) ? s : (s ^ 1)] = 1;
      }
      std::uint64_t misere = 0;
      while (seen[misere]) ++misere;
      const std::uint64_t s = values[i][h.heap];
      bool big = true;
      if (s <= 1 && misere == (s ^ 1)) {
        big = false;
      } else if (misere != s) {
        return std::nullopt;  // not the genus of any misère Nim position
      }
      phi[base + h.heap] = static_cast<QuotientElement>((s << 1) | (big ? 1 : 0));
      out[i][h.heap] = {s, big};
      all.push_back(std::move(numbered));
    }
  }
  if (!prove_outcome_rule(nim, phi, all, max_numbers).proven) return std::nullopt;
  return out;
}

// The heaps 1..max_heap of `game` that have moves, with their options.
std::vector<HeapMoves> heaps_with_moves(const Game& game, std::uint64_t max_heap) {
  std::vector<HeapMoves> heaps;
  for (std::uint64_t h = 0; h <= max_heap; ++h) {
    interruption_point();
    OptionSample all = game.list_options(h, kNoLimit);
    if (!all.options.empty()) heaps.push_back({h, std::move(all.options)});
  }
  return heaps;
}

bool prove_tame(const Game& game, const std::vector<HeapMoves>& heaps, std::uint64_t max_heap,
                std::uint64_t max_numbers, std::vector<std::string>& genus) {
  const Game* games[] = {&game};
  const std::uint64_t max_heaps[] = {max_heap};
  const auto pretended = pretend_tame(games, {heaps}, max_heaps, max_numbers);
  if (!pretended) return false;
  genus.clear();
  for (const MiserePretence& p : pretended->front()) genus.push_back(p.genus());
  return true;
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

// The periodicity theorem for a game of an octal code of length k, applied
// to Φ(0..N) = phi: the least p, with the least n0 for it, such that
// Φ(n) = Φ(n - p) for n0 + p <= n <= N and N >= 2 max(n0, 1) + 2p + k - 1.
// Why that proves Φ(n) = Φ(n - p) for every n > N, with the quotient of
// heaps 0..N the whole game's (docs/misere.md, "The whole game"): by
// induction on n, pair each option of heap n with one of heap n - p. A
// one-heap option n - t pairs with n - p - t, at least n0 since n > N, so
// the two have one element. A two-heap option a + b = n - t (a >= b)
// has a >= (n - k) / 2 >= max(n0, 1) + p, so Φ(a) = Φ(a - p) and a - p >= 1:
// it pairs with (a - p) + b, and each two-heap option of n - p with one of n
// the same way. So heaps n and n - p have the same set of option elements;
// and two heaps with the same set are equivalent in every sum of smaller
// heaps and copies of themselves (replace one by the other: the options of
// the sums match element for element), so heap n takes Φ(n - p) and the
// quotient does not grow. Cost: O(N) for each p tried, at most N / 2 of them.
std::optional<QuotientPeriod> theorem_period(const std::vector<QuotientElement>& phi, std::uint64_t k) {
  const std::uint64_t n = phi.size() - 1;
  for (std::uint64_t p = 1; 2 * p + k + 2 <= n + 1; ++p) {
    // The matches Φ(m) = Φ(m - p) that end at N.
    std::uint64_t m = n;
    while (m >= p && phi[m] == phi[m - p]) --m;
    const std::uint64_t n0 = m < p ? 0 : m + 1 - p;
    if (n + 1 >= 2 * std::max<std::uint64_t>(n0, 1) + 2 * p + k) return QuotientPeriod{n0, p, k, n};
  }
  return std::nullopt;
}

}  // namespace

std::uint64_t MisereQuotient::heap_like(std::uint64_t heap) const {
  if (heap <= max_heap) return heap;
  if (!whole)
    throw InputError(
        fmt::format("heap {} is beyond the quotient's heaps 0..{}, and no period of the whole game is "
                    "proven",
                    heap, max_heap));
  return whole->preperiod + (heap - whole->preperiod) % whole->period;
}

const std::string& MisereQuotient::genus_of(std::uint64_t heap) const {
  if (!tame || genus.size() != max_heap + 1)
    throw InputError(fmt::format("{}: the quotient is wild, so its heaps have no genus that decides their sums", game));
  return genus[heap_like(heap)];
}

QuotientElement MisereQuotient::element_of(std::span<const Position> heaps) const {
  QuotientElement x = 0;
  for (Position h : heaps) x = multiply(x, pretending_of(h));
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

namespace {

// Q_n is built from Q_{n-1}: every option of heap n must be a sum of
// smaller heaps (a split that takes nothing, as in 4.7, is one). Throws
// InputError naming the first move that is not.
void require_smaller_heaps(const Game& game, const std::vector<HeapMoves>& heaps) {
  for (const HeapMoves& h : heaps)
    for (const Option& o : h.options)
      for (Position part : o)
        if (part >= h.heap)
          throw InputError(
              fmt::format("{}: heap {} has a move to {}, which leaves a heap of {} or more; quotients "
                          "are computed for games whose moves leave only smaller heaps",
                          game.spec(), h.heap, game.format_option(o), h.heap));
}

// Q_h from Q_{h-1} (q, phi) and heap h's moves, `heap`: Q_{h-1} extended by
// the copies of heap h first; while the proof finds a lightest sum predicted
// wrong, recalibrate on it. On success q, phi and `earlier` (the heaps with
// moves so far) take heap h; throws LimitError past the limits.
void add_proven_heap(const Game& game, std::uint64_t h, const HeapMoves& heap, std::vector<HeapMoves>& earlier,
                     BipartiteMonoid& q, std::vector<QuotientElement>& phi, const QuotientLimits& limits,
                     std::uint64_t& trial_work, MisereQuotient& out) {
  std::vector<HeapMoves> with = earlier;
  with.push_back(heap);
  BipartiteMonoid candidate = q;
  std::vector<QuotientElement> candidate_phi = phi;
  add_heap(candidate, candidate_phi, earlier, heap, limits);
  for (std::uint32_t attempt = 0;; ++attempt) {
    ProofResult proof;
    try {
      proof = prove_outcome_rule(candidate, candidate_phi, with, limits.max_proof_numbers);
    } catch (const TimeLimitReached&) {
      throw;
    } catch (const LimitError& e) {
      throw LimitError(fmt::format("{}: at heap {}: {}", game.spec(), h, e.what()));
    }
    if (proof.proven) {
      q = std::move(candidate);
      phi = std::move(candidate_phi);
      // It covers every heap so far; later heaps without moves are the
      // empty game and change nothing, so it stands for the result.
      out.proof_states = proof.states;
      break;
    }
    if (attempt == limits.max_recalibrations)
      throw LimitError(
          fmt::format("{}: no candidate for the quotient of heaps up to {} passed the proof after {} "
                      "recalibrations (the last: {})",
                      game.spec(), h, attempt, proof.failure));
    if (!recalibrate(candidate, candidate_phi, with, proof.witness, !proof.predicted_p, limits, trial_work))
      throw LimitError(
          fmt::format("{}: no recalibration of the candidate for heaps up to {} (freeing up to 3 "
                      "of its heaps, each trial at most {} elements) fixes it: {}",
                      game.spec(), h, limits.max_trial_size, proof.failure));
    ++out.recalibrations;
  }
  earlier = std::move(with);
}

// The quotient found up to heap `last` (q, phi) presented in `out`: its
// table, P-portion, pretending function, generators and normal forms, and
// whether the game is tame to there (with its genus).
void finish_quotient(const Game& game, const std::vector<HeapMoves>& heaps, std::uint64_t last,
                     const BipartiteMonoid& q, const std::vector<QuotientElement>& phi, const QuotientLimits& limits,
                     MisereQuotient& out) {
  out.max_heap = last;
  std::vector<HeapMoves> heaps_to_last = heaps;
  std::erase_if(heaps_to_last, [&](const HeapMoves& h) { return h.heap > last; });
  if (heaps_to_last.empty())
    out.proof_states = prove_outcome_rule(q, phi, heaps_to_last, limits.max_proof_numbers).states;  // no heap moves
  out.size = q.size;
  out.products = q.table;
  out.in_p.assign(q.p.begin(), q.p.end());
  out.pretending = phi;
  present(q, out);
  number_by_normal_form(out);
  try {
    out.tame = prove_tame(game, heaps_to_last, last, limits.max_proof_numbers, out.genus);
  } catch (const LimitError&) {
    out.tame = false;
  }
  if (!out.tame) out.genus.clear();
}

// Q_n for n = 0..max_heap, or with `code_length` (the whole game) until the
// periodicity theorem applies.
MisereQuotient build_quotient(const Game& game, std::uint64_t max_heap, const QuotientLimits& limits,
                              std::optional<std::uint64_t> code_length) {
  if (!game.heap_indexed() || game.has_cycles())
    throw InputError(
        fmt::format("{}: a misere quotient is computed for heap games, whose positions are heap sizes", game.spec()));
  if (max_heap > kMostQuotientHeap)
    throw InputError(fmt::format("{}: quotients are computed up to heap {} at most, not {}", game.spec(),
                                 kMostQuotientHeap, max_heap));
  const std::vector<HeapMoves> heaps = heaps_with_moves(game, max_heap);
  require_smaller_heaps(game, heaps);

  BipartiteMonoid q;
  std::vector<QuotientElement> phi;
  MisereQuotient out;
  out.game = game.spec();
  out.max_heap = max_heap;
  std::vector<HeapMoves> earlier;
  std::size_t next = 0;
  std::uint64_t trial_work = 0;  // elements of all recalibration trials
  // Heap by heap: later heaps cost more (larger candidates and proofs), so
  // the fraction shown runs ahead of the time; it still says where it is.
  const std::string within = limits.max_seconds > 0 ? fmt::format(", within {:g} s", limits.max_seconds) : "";
  LongTask task(
      code_length ? fmt::format("computing the misère quotient of {} heap by heap until the periodicity "
                                "theorem proves it whole (at most heap {}{})",
                                game.spec(), max_heap, within)
                  : fmt::format("computing the misère quotient of {} up to heap {}{}", game.spec(), max_heap, within));
  std::uint64_t last = max_heap;  // the last heap of the result
  // Every limit reached names the game.
  try {
    // Only the heaps' steps count against the time limit: what follows
    // presents the quotient found, however the search ended.
    const ThreadTimeLimit time_limit(limits.max_seconds);
    for (std::uint64_t h = 0; h <= max_heap; ++h) {
      task.advance(h, max_heap + 1);
      try {
        time_limit_point();
        if (next < heaps.size() && heaps[next].heap == h) {
          add_proven_heap(game, h, heaps[next], earlier, q, phi, limits, trial_work, out);
          ++next;
        } else {
          phi.push_back(0);  // no move: the empty game
        }
      } catch (const LimitError& e) {
        // The whole game's search keeps what it has proven so far.
        if (!code_length || h == 0) throw;
        out.stopped = e.what();
        out.stop = dynamic_cast<const TimeLimitReached*>(&e) != nullptr ? MisereQuotient::Stop::time
                                                                        : MisereQuotient::Stop::size;
        last = h - 1;
        break;
      }
      out.sizes.push_back(q.size);
      if (code_length) {
        if (auto period = theorem_period(phi, *code_length)) {
          out.whole = period;
          last = h;
          break;
        }
      }
    }
  } catch (const LimitError& e) {
    const std::string_view what = e.what();
    if (what.starts_with(game.spec())) throw;
    // (Still a time limit when it was one: front ends say how to raise it.)
    if (dynamic_cast<const TimeLimitReached*>(&e) != nullptr)
      throw TimeLimitReached(fmt::format("{}: {}", game.spec(), what));
    throw LimitError(fmt::format("{}: {}", game.spec(), what));
  }
  if (code_length && !out.whole && out.stopped.empty()) {
    out.stop = MisereQuotient::Stop::most_heaps;
    out.stopped =
        fmt::format("no period of the pretending function is proven by heap {}, the most heaps asked for", max_heap);
  }
  finish_quotient(game, heaps, last, q, phi, limits, out);
  return out;
}

}  // namespace

MisereQuotient compute_misere_quotient(const Game& game, std::uint64_t max_heap, const QuotientLimits& limits) {
  return build_quotient(game, max_heap, limits, std::nullopt);
}

MisereQuotient compute_whole_misere_quotient(const Game& game, std::uint64_t most_heaps, const QuotientLimits& limits) {
  const HeapGame* heap = game.heap_game();
  const std::optional<std::uint64_t> k = heap == nullptr ? std::nullopt : heap->octal_code_length();
  if (!k)
    throw InputError(
        fmt::format("{}: the whole game's misère quotient is proven for games of an octal code (each "
                    "move takes at most k tokens and leaves at most two heaps, by a rule of the tokens "
                    "taken alone); for other games, quotients of the heaps up to a bound are computed",
                    game.spec()));
  return build_quotient(game, most_heaps, limits, k);
}

namespace {

// The quotients computed in the process, by what was asked: the 64 latest.
// Computed unlocked: two threads asking at once may both compute one.
template <class Compute>
std::shared_ptr<const MisereQuotient> kept_quotient(const std::string& key, Compute compute) {
  static std::mutex mutex;
  static std::deque<std::pair<std::string, std::shared_ptr<const MisereQuotient>>> kept;  // oldest first
  {
    const std::lock_guard lock(mutex);
    for (const auto& [k, q] : kept)
      if (k == key) return q;
  }
  auto q = std::make_shared<const MisereQuotient>(compute());
  const std::lock_guard lock(mutex);
  if (kept.size() == 64) kept.pop_front();
  kept.emplace_back(key, q);
  return q;
}

std::string limits_key(const QuotientLimits& limits) {
  return fmt::format("{} {} {} {} {} {} {}", limits.max_size, limits.max_proof_numbers, limits.max_copies,
                     limits.max_recalibrations, limits.max_trial_size, limits.max_trial_work, limits.max_seconds);
}

}  // namespace

std::shared_ptr<const MisereQuotient> shared_whole_misere_quotient(const Game& game, std::uint64_t most_heaps,
                                                                   const QuotientLimits& limits) {
  return kept_quotient(fmt::format("whole {} {} {}", game.spec(), most_heaps, limits_key(limits)),
                       [&] { return compute_whole_misere_quotient(game, most_heaps, limits); });
}

std::shared_ptr<const MisereQuotient> shared_misere_quotient(const Game& game, std::uint64_t max_heap,
                                                             const QuotientLimits& limits) {
  return kept_quotient(fmt::format("to {} {} {}", game.spec(), max_heap, limits_key(limits)),
                       [&] { return compute_misere_quotient(game, max_heap, limits); });
}

std::string MiserePretence::genus() const { return fmt::format("{}^{}", value, big ? value : (value ^ 1)); }

std::optional<std::vector<std::vector<MiserePretence>>> prove_tame_sum(std::span<const Game* const> games,
                                                                       std::span<const std::uint64_t> max_heaps,
                                                                       std::uint64_t max_numbers) {
  std::vector<std::vector<HeapMoves>> heaps;
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (!games[i]->heap_indexed() || games[i]->has_cycles())
      throw InputError(fmt::format("{}: genera are computed for heap games without cycles", games[i]->spec()));
    heaps.push_back(heaps_with_moves(*games[i], max_heaps[i]));
  }
  return pretend_tame(games, heaps, max_heaps, max_numbers);
}

std::optional<SeenPeriod> pretending_period(const MisereQuotient& q) {
  const std::vector<QuotientElement>& f = q.pretending;
  const std::uint64_t n = f.size();
  for (std::uint64_t p = 1; 2 * p <= n; ++p) {
    // The earliest start from which f repeats with period p.
    std::uint64_t start = n - p;
    while (start > 0 && f[start - 1] == f[start - 1 + p]) --start;
    if (n - start >= std::max(2 * p, p + kSeenPeriodRepeats)) return SeenPeriod{start, p};
  }
  return std::nullopt;
}

}  // namespace grundy
