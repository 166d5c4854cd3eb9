#pragma once
// The concepts a game given as code meets, one family from the plain walk to
// the pruned search:
//   GameLogic           moves(p): the positions one move reaches. Solver
//                       values it by the mex walk (value_walk.hpp), loops,
//                       ∞ values and draws included.
//   CanonicalGameLogic  GameLogic, plus canonical(p): a position of the same
//                       value standing for p's symmetric images (the least
//                       of them, say). Solver then values it by the pruned
//                       component search (component_search.hpp: Beling and
//                       Rogalski), keyed by canonical positions. Optional:
//                         components(p)  the independent parts of p (a range
//                                        of positions whose values nim-sum
//                                        to p's), so each part is valued once;
//                         size(p)        a measure of a position (cells,
//                                        heaps): the search keeps the largest
//                                        part of an option whole.
//                       Such a game must have no loop (a position that can
//                       come back): the search recurses, and stops with
//                       LimitError past its depth bound.
// Positions need == and std::hash.
//
// Cost: concepts cost nothing at run time.

#include <concepts>
#include <cstddef>
#include <functional>
#include <ranges>
#include <utility>

namespace grundy {

template <class G>
concept GameLogic = requires(const G& game, const typename G::Position& p) {
  { game.moves(p) } -> std::ranges::input_range;
}
&&std::convertible_to<
    std::ranges::range_value_t<decltype(std::declval<const G&>().moves(std::declval<const typename G::Position&>()))>,
    typename G::Position>&& std::equality_comparable<typename G::Position>&& requires(const typename G::Position& p) {
  { std::hash<typename G::Position>{}(p) } -> std::convertible_to<std::size_t>;
};

template <class G>
concept CanonicalGameLogic = GameLogic<G> && requires(const G& game, const typename G::Position& p) {
  { game.canonical(p) } -> std::convertible_to<typename G::Position>;
};

}  // namespace grundy
