#pragma once
// CodeParts: a game given as code with canonical() (CanonicalGameLogic,
// game_logic.hpp) as the component search sees it (ComponentGame,
// component_search.hpp). A key is the number of a position in an Interner
// (interner.hpp); a part is the number of a canonical position. An option's
// parts are its components() (or the option itself), each made canonical.
//
// The game and the interner belong to the caller (Solver), who keeps them
// alive and in place for as long as the search lives.
//
// Cost: per option listed, one call of canonical() a part and one intern
// (O(1) expected); the search's own cost is component_search.hpp's.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "grundy/hash_mix.hpp"
#include "grundy/search/component_search.hpp"
#include "grundy/search/game_logic.hpp"
#include "grundy/search/interner.hpp"

namespace grundy {

template <CanonicalGameLogic G>
class CodeParts {
 public:
  using Position = typename G::Position;
  using Key = std::uint64_t;
  using KeyHash = MixedHash;  // ids are consecutive: mixed (hash_mix.hpp)

  CodeParts(const G* game, Interner<Position>* positions) : game_(game), positions_(positions) {}

  // The canonical parts of the position numbered `position`.
  [[nodiscard]] std::vector<Key> components(Key position) const {
    std::vector<Key> parts;
    split(Position((*positions_)[position]), parts);
    return parts;
  }
  [[nodiscard]] std::size_t size(Key part) const {
    if constexpr (requires(const Position& p) { game_->size(p); }) {
      return static_cast<std::size_t>(game_->size((*positions_)[part]));
    } else {
      (void)part;
      return 1;
    }
  }
  template <class F>
  void for_each_option_parts(Key part, F&& f) const {
    const Position p = (*positions_)[part];  // by value: interning may move the positions
    std::vector<Key> parts;
    for (auto&& option : game_->moves(p)) {
      parts.clear();
      split(Position(option), parts);
      if (!give_option(f, std::span<const Key>(parts))) return;
    }
  }

 private:
  void split(const Position& q, std::vector<Key>& out) const {
    if constexpr (requires { game_->components(q); }) {
      for (auto&& c : game_->components(q)) out.push_back(positions_->id(Position(game_->canonical(Position(c)))));
    } else {
      out.push_back(positions_->id(Position(game_->canonical(q))));
    }
  }

  const G* game_;
  Interner<Position>* positions_;
};

}  // namespace grundy
