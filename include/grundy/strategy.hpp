#pragma once
// How the engine of `grundy play` picks its moves in a sum of games: a
// winning move whenever one exists (at random among them, so that games
// differ), and otherwise a move that makes the opponent's task as hard as the
// engine can judge cheaply.

#include <cstdint>
#include <optional>
#include <random>
#include <span>

#include "grundy/sum.hpp"

namespace grundy {

// The engine's source of choices: std::mt19937_64 is specified exactly by the
// standard, so a seed replays the same game everywhere.
using MoveRng = std::mt19937_64;

// A winning move that makes progress, so that a win on a graph with cycles
// is not let round a cycle forever: when the opponent's last move, in
// component `answer_to`, raised its value (or made it infinite), a move
// there back down; otherwise a move that lowers its component's value
// (one exists whenever the sum is won, and in a sum of finite values any
// winning move would do). Chosen at random among the first `per_component`
// winning moves of each component; in a game with cycles, the first of its
// component (the earliest labelled, GraphGame::moves_to_value). nullopt
// when there is no winning move; std::logic_error if the sum is won and its
// games list no winning move (a defect, never a move that gives the win away).
// Cost: one analyze_sum cut at `per_component` moves per component (sum.hpp:
// a game_value per component, then its winning moves, or in a draw its
// drawing ones, listed), then up to two option values per winning move
// listed: the games' calls dominate.
[[nodiscard]] std::optional<Move> random_winning_move(std::span<const Component> components, MoveRng& rng,
                                                      std::optional<std::size_t> answer_to = std::nullopt,
                                                      std::uint64_t per_component = 64);

// A move for a player facing nim-sum 0, among each component's sampled
// options (Game::sample_options): the one keeping the most components playable, then leaving the opponent the
// fewest winning replies (counted up to 8 per component, for at most 24
// candidates drawn at random), ties broken at random. nullopt when no
// component has a move.
// Cost: per component, one game_value, has_move and sample_options, and one
// has_move per position a sampled option leaves; then, for at most 24
// candidates, its option's value and options_to_value calls cut at 8 options,
// one per other component and per position left (remembered across
// candidates). O(options sampled) memory.
[[nodiscard]] std::optional<Move> stalling_move(std::span<const Component> components, MoveRng& rng);

// What the engine plays: a random winning move; else, in a draw, a random
// move that keeps the draw (never one into a loss); else a stalling move.
// nullopt only when there is no move at all (the engine has lost);
// std::logic_error, as random_winning_move, rather than a losing move in a won sum.
// `answer_to`: the component the opponent last moved in, when known (above).
// Cost: one analyze_sum cut at 64 moves per component, then at most the
// cost of random_winning_move's choice or of stalling_move (above).
[[nodiscard]] std::optional<Move> engine_move(std::span<const Component> components, MoveRng& rng,
                                              std::optional<std::size_t> answer_to = std::nullopt);

}  // namespace grundy
