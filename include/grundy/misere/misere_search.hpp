#pragma once
// Misère outcomes of sums by exact search: a sum is an N-position when some
// move leads to a P-position, and a sum with no move left is an N-position
// (the player who cannot move wins). Sums are memoised in a canonical form:
// components sorted, components without moves dropped (each is the empty
// game). Any finite games can be mixed; the cost is the number of distinct
// sums reachable, which grows fast with the number and size of components,
// so the search stops with LimitError past a bound it names: a number of
// sums, or its memory (MemoryBoundError).

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/misere/misere_solver.hpp"
#include "grundy/sum_memo.hpp"
#include "grundy/sum.hpp"

namespace grundy {

class MisereSearch {
 public:
  static constexpr std::uint64_t kDefaultMaxSums = 4'000'000;
  // Options listed, at most, for one component.
  static constexpr std::uint64_t kMaxOptions = 100'000;

  // At most `max_sums` sums searched and `memory_bytes` of memory held (0:
  // machine_table_bytes(); the analysis passes its games' budget): MemoryBoundError past it.
  explicit MisereSearch(std::uint64_t max_sums = kDefaultMaxSums, std::uint64_t memory_bytes = 0);

  // True when the player who moved last into `components` wins (P-position).
  // A sum of one game that has its own search (Game::misere_solver) goes
  // there, the rest to the general search below.
  [[nodiscard]] bool is_p_position(std::span<const Component> components);
  // Lets the search go on to `max_sums` sums, keeping what it knows (a
  // quick search that decided a sum, asked next for its winning moves).
  void raise_limit(std::uint64_t max_sums);
  // Distinct sums whose outcome is known so far.
  [[nodiscard]] std::uint64_t sums_searched() const;
  // The memory held now, in bytes, as counted against the bound.
  [[nodiscard]] std::uint64_t bytes_held() const;

 private:
  // A sum as (game number, position) pairs, sorted, flattened.
  using Key = std::vector<std::uint64_t>;
  [[nodiscard]] Key key_of(std::span<const Component> components);
  [[nodiscard]] bool terminal(std::size_t game, Position p);
  [[nodiscard]] const std::vector<Option>& options(std::size_t game, Position p);
  void options_of(const Key& key, std::vector<Key>& out);
  [[nodiscard]] bool search(const Key& start);
  // The game's own search for this sum, if it is all of one game that has one.
  [[nodiscard]] MisereSolver* solver_for(std::span<const Component> components);

  std::uint64_t max_sums_;
  std::uint64_t memory_bytes_;
  std::vector<const Game*> games_;
  SumMemo<std::uint64_t> outcomes_;
  struct PositionKey {
    std::size_t game;
    Position p;
    friend bool operator==(const PositionKey&, const PositionKey&) = default;
  };
  struct PositionHash {
    std::size_t operator()(const PositionKey& k) const noexcept { return k.game * 0x9e3779b97f4a7c15ULL ^ k.p; }
  };
  // Each position's options, listed once: a heap game's positions recur in
  // many sums, and listing is the costly part. Counted in cache_bytes_.
  std::unordered_map<PositionKey, std::vector<Option>, PositionHash> options_;
  std::unordered_map<PositionKey, bool, PositionHash> terminal_;
  std::uint64_t cache_bytes_ = 0;
  std::uint64_t path_bytes_ = 0;  // the keys on the search's path
  const Game* solver_game_ = nullptr;
  std::unique_ptr<MisereSolver> solver_;
};

}  // namespace grundy
