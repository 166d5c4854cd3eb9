#pragma once
// Misère outcomes of sums by exact search: a sum is an N-position when some
// move leads to a P-position, and a sum with no move left is an N-position
// (the player who cannot move wins). Sums are memoised in a canonical form:
// components sorted, components without moves dropped (each is the empty
// game). Any finite games can be mixed; the cost is the number of distinct
// sums reachable, which grows fast with the number and size of components,
// so the search stops with LimitError past a bound it names.

#include <algorithm>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/sum.hpp"

namespace grundy {

class MisereSearch {
 public:
  static constexpr std::uint64_t kDefaultMaxSums = 4'000'000;
  // Options listed, at most, for one component.
  static constexpr std::uint64_t kMaxOptions = 100'000;
  // Numbers the search may hold at once (8 bytes each): the sums it knows
  // and the options of the sums on its path.
  static constexpr std::uint64_t kMaxNumbers = 64'000'000;

  explicit MisereSearch(std::uint64_t max_sums = kDefaultMaxSums) : max_sums_(max_sums) {}

  // True when the player who moved last into `components` wins (P-position).
  [[nodiscard]] bool is_p_position(std::span<const Component> components);
  // Lets the search go on to `max_sums` sums, keeping what it knows (a
  // quick search that decided a sum, asked next for its winning moves).
  void raise_limit(std::uint64_t max_sums) { max_sums_ = std::max(max_sums_, max_sums); }
  // Distinct sums whose outcome is known so far.
  [[nodiscard]] std::uint64_t sums_searched() const { return outcomes_.size(); }

 private:
  // A sum as (game number, position) pairs, sorted, flattened.
  using Key = std::vector<std::uint64_t>;
  struct KeyHash {
    std::size_t operator()(const Key& k) const noexcept;
  };
  [[nodiscard]] Key key_of(std::span<const Component> components);
  [[nodiscard]] bool terminal(std::size_t game, Position p);
  [[nodiscard]] const std::vector<Option>& options(std::size_t game, Position p);
  void options_of(const Key& key, std::vector<Key>& out);

  std::uint64_t max_sums_;
  std::uint64_t numbers_ = 0;  // in the keys of outcomes_
  std::vector<const Game*> games_;
  std::unordered_map<Key, bool, KeyHash> outcomes_;
  struct PositionKey {
    std::size_t game;
    Position p;
    friend bool operator==(const PositionKey&, const PositionKey&) = default;
  };
  struct PositionHash {
    std::size_t operator()(const PositionKey& k) const noexcept { return k.game * 0x9e3779b97f4a7c15ULL ^ k.p; }
  };
  std::unordered_map<PositionKey, std::vector<Option>, PositionHash> options_;
  std::unordered_map<PositionKey, bool, PositionHash> terminal_;
};

}  // namespace grundy
