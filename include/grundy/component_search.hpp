#pragma once
// ComponentSearch: the values of a game given as code whose positions fall
// into independent parts (Cram's empty regions, Node Kayles' connected
// pieces). By Sprague-Grundy the value of a position is the nim-sum of its
// parts' values, so only parts are ever valued, each once, and each in a
// canonical form (one key for all its symmetric images).
//
// A game G for it states:
//   using Key = ...;       a position, small and hashable (G::KeyHash), ==
//   std::vector<Key> components(const Key& position) const;
//       the independent parts of a position, each in canonical form (parts
//       with no move may be left out: their value is 0)
//   void for_each_option(const Key& part, F f) const;
//       calls f(option) for each move of a canonical part; an option is a
//       position again, which components() splits
//   std::size_t size(const Key& part) const;
//       a measure of a part (cells, vertices): the search keeps the largest
//       part of an option whole and values the others
//
// Two methods (docs/search.md):
//   plain   the mex of every option's value: each option's parts valued in
//           full. One mex per canonical part reached.
//   pruned  nimber-based pruning of sums (Lemoine and Viennot, "Nimbers are
//           inevitable", Theoretical Computer Science 462, 2012): G has value
//           k exactly when G + *k is a P-position, and an outcome needs one
//           winning move, not all values. A part's value is the first k with
//           G + *k a P-position; in an option the smaller parts are valued
//           and folded into k, the largest kept whole, so every position
//           searched is one part plus a nim heap.
// The plain memoised mex of whole positions (solver.hpp) stays the oracle the
// tests hold both against.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "grundy/nimber.hpp"
#include "grundy/transposition_table.hpp"

namespace grundy {

template <class G>
concept ComponentGame = requires(const G& game, const typename G::Key& key) {
  { game.components(key) } -> std::convertible_to<std::vector<typename G::Key>>;
  game.for_each_option(key, [](const typename G::Key&) {});
  { game.size(key) } -> std::convertible_to<std::size_t>;
  { typename G::KeyHash{}(key) } -> std::convertible_to<std::size_t>;
};

enum class SearchMethod { plain, pruned };

template <ComponentGame G>
class ComponentSearch {
 public:
  using Key = typename G::Key;

  explicit ComponentSearch(G game = G{}, SearchMethod method = SearchMethod::pruned)
      : game_(std::move(game)), method_(method) {}

  [[nodiscard]] const G& game() const { return game_; }

  // The value of a position: the nim-sum of its parts' values.
  [[nodiscard]] Nimber value(const Key& position) {
    Nimber total(0);
    for (const Key& part : game_.components(position)) total = total ^ part_value(part);
    return total;
  }

  // The value of one part, given in canonical form.
  [[nodiscard]] Nimber part_value(const Key& part) {
    if (const Entry* e = table_.find(part); e != nullptr && e->value != kUnknown) return Nimber(e->value);
    if (method_ == SearchMethod::plain) return Nimber(plain_value(part));
    for (std::uint64_t k = 0;; ++k)
      if (p_position(part, k)) return Nimber(k);
  }

  // How many distinct canonical parts the table holds something about.
  [[nodiscard]] std::size_t known_parts() const { return table_.size(); }

 private:
  static constexpr std::uint64_t kUnknown = ~std::uint64_t{0};

  struct Entry {
    std::uint64_t value = kUnknown;
    std::uint64_t not_value = 0;  // bit k (k < 64): the value is known not to be k
  };

  std::uint64_t plain_value(const Key& part) {
    // Values seen among the options: a bit each below 64, a list above.
    std::uint64_t seen = 0;
    std::vector<std::uint64_t> large;
    game_.for_each_option(part, [&](const Key& option) {
      const std::uint64_t v = value(option).value();
      if (v < 64) seen |= std::uint64_t{1} << v;
      else large.push_back(v);
    });
    std::uint64_t mex = 0;
    while (mex < 64 && (seen >> mex & 1) != 0) ++mex;
    if (mex == 64) {
      std::sort(large.begin(), large.end());
      for (std::uint64_t v : large)
        if (v == mex) ++mex;
        else if (v > mex) break;
    }
    table_[part].value = mex;  // `part`'s entry may have moved: the table grew
    return mex;
  }

  // An option of a part, split: the parts whose value the table holds
  // folded into `known`, the others kept.
  struct Child {
    std::vector<Key> unknown;
    std::uint64_t known = 0;
    std::uint64_t cost = 0;  // the sum of the squared sizes of the unknown parts
  };

  Child split(const Key& option) {
    Child c;
    std::vector<Key> parts = game_.components(option);
    cancel_pairs(parts);
    for (Key& part : parts) {
      const Entry* e = table_.find(part);
      if (e != nullptr && e->value != kUnknown) {
        c.known ^= e->value;
      } else if (const auto v = known_value(part)) {
        c.known ^= *v;
      } else {
        const std::uint64_t size = game_.size(part);
        c.cost += size * size;
        c.unknown.push_back(std::move(part));
      }
    }
    return c;
  }

  // A value the game knows without a search (Cram: a full board with both
  // sides even is 0), when it states one.
  std::optional<std::uint64_t> known_value(const Key& part) const {
    if constexpr (requires { game_.known_value(part); }) return game_.known_value(part);
    return std::nullopt;
  }

  // Whether part + *k is a P-position (the player to move loses), that is,
  // whether the part's value is k.
  bool p_position(const Key& part, std::uint64_t k) {
    if (const Entry* e = table_.find(part)) {
      if (e->value != kUnknown) return e->value == k;
      if (k < 64 && (e->not_value >> k & 1) != 0) return false;
    }
    if (const auto v = known_value(part)) {
      table_[part].value = *v;
      return *v == k;
    }
    std::vector<Child> children;
    game_.for_each_option(part, [&](const Key& option) { children.push_back(split(option)); });
    // A value is at most the number of options; then a child the table
    // already decides (enhanced transposition cutoff); then the others,
    // those that leave the smallest parts first.
    bool wins = k > children.size();
    for (const Child& c : children) wins = wins || (c.unknown.empty() && c.known == k);
    if (!wins) {
      std::sort(children.begin(), children.end(), [](const Child& a, const Child& b) { return a.cost < b.cost; });
      for (Child& c : children) {
        if (c.unknown.empty()) continue;
        const auto largest = std::max_element(c.unknown.begin(), c.unknown.end(), [&](const Key& a, const Key& b) {
          return game_.size(a) < game_.size(b);
        });
        std::uint64_t rest = k ^ c.known;
        for (auto it = c.unknown.begin(); it != c.unknown.end(); ++it)
          if (it != largest) rest ^= part_value(*it).value();
        if (p_position(*largest, rest)) {
          wins = true;
          break;
        }
      }
    }
    // So does a move in *k to *j when the part's value is j.
    for (std::uint64_t j = 0; j < k && !wins; ++j) wins = p_position(part, j);
    Entry& e = table_[part];
    if (wins) {
      if (k < 64) e.not_value |= std::uint64_t{1} << k;
      return false;
    }
    e.value = k;
    return true;
  }

  // Two equal parts add to 0 (G + G is a second-player win): both go.
  void cancel_pairs(std::vector<Key>& parts) const {
    if (parts.size() < 2) return;
    for (std::size_t i = 0; i < parts.size(); ++i)
      for (std::size_t j = i + 1; j < parts.size(); ++j)
        if (parts[i] == parts[j]) {
          parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(j));
          parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(i));
          --i;
          break;
        }
  }

  G game_;
  SearchMethod method_;
  TranspositionTable<Key, Entry, typename G::KeyHash> table_;
};

}  // namespace grundy
