#pragma once
// The misère side of the CLI: `winner --misere`, `moves --misere` and
// `quotient` (docs/misere.md).

#include <cstdint>

#include <nlohmann/json_fwd.hpp>

#include "commands.hpp"
#include "grundy/misere.hpp"
#include "grundy/misere_quotient.hpp"

namespace grundy::cli {

// `value --misere`: each position's genus (Conway's g^m, abbreviated) where
// its game is tame up to it, else why no single number decides its misère sums.
void print_misere_values(const GameSum& sum, Format format, Output& out);
void print_misere_winner(const GameSum& sum, Format format, Output& out);
void print_misere_moves(const GameSum& sum, std::uint64_t limit, Format format, Output& out);
nlohmann::json misere_moves_json(const GameSum& sum, std::uint64_t limit);
// Each component's genus, or why it has none: `value --misere --json`.
nlohmann::json misere_values_json(const GameSum& sum);

// The default and the largest --max-heap of `quotient`.
inline constexpr std::uint64_t kDefaultQuotientMaxHeap = 30;
inline constexpr std::uint64_t kMaxQuotientMaxHeap = 1000;
void print_quotient(const Game& game, std::uint64_t max_heap, Format format, Output& out);
nlohmann::json quotient_json(const MisereQuotient& q);

}  // namespace grundy::cli
