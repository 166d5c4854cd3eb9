#pragma once
// ComponentSearch: the values of a game given as code whose positions fall
// into independent parts (Cram's empty regions, Node Kayles' connected
// pieces). By Sprague-Grundy the value of a position is the nim-sum of its
// parts' values, so only parts are ever valued, each once, and each in a
// canonical form (one key for all its symmetric images): a table of parts
// instead of a table of whole positions.
//
// A game G for it states:
//   using Key = ...;       a position, small and hashable (G::KeyHash), ==
//   std::vector<Key> components(const Key& position) const;
//       the independent parts of a position, each in canonical form (parts
//       with no move may be left out: their value is 0)
//   void for_each_option(const Key& part, F f) const;
//       calls f(option) for each move of a canonical part; an option is a
//       position again, which components() splits
//
// The plain memoised mex (solver.hpp) stays the oracle the tests hold this
// against. Cost: one mex per distinct canonical part reached, each over its
// options, each option split into parts and looked up: O(parts x options x
// split) time, one table entry per part.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/nimber.hpp"

namespace grundy {

template <class G>
concept ComponentGame = requires(const G& game, const typename G::Key& key) {
  { game.components(key) } -> std::convertible_to<std::vector<typename G::Key>>;
  game.for_each_option(key, [](const typename G::Key&) {});
  { typename G::KeyHash{}(key) } -> std::convertible_to<std::size_t>;
};

template <ComponentGame G>
class ComponentSearch {
 public:
  using Key = typename G::Key;

  explicit ComponentSearch(G game = G{}) : game_(std::move(game)) {}

  [[nodiscard]] const G& game() const { return game_; }

  // The value of a position: the nim-sum of its parts' values.
  [[nodiscard]] Nimber value(const Key& position) {
    Nimber total(0);
    for (const Key& part : game_.components(position)) total = total ^ part_value(part);
    return total;
  }

  // The value of one part, given in canonical form.
  [[nodiscard]] Nimber part_value(const Key& part) {
    if (auto it = table_.find(part); it != table_.end()) return Nimber(it->second);
    // Values seen among the options: a bit each below 64, a list above
    // (rare: Cram's and Node Kayles' values stay small).
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
    table_.emplace(part, mex);
    return Nimber(mex);
  }

  // How many distinct canonical parts have a value in the table.
  [[nodiscard]] std::size_t known_parts() const { return table_.size(); }

 private:
  G game_;
  std::unordered_map<Key, std::uint64_t, typename G::KeyHash> table_;
};

}  // namespace grundy
