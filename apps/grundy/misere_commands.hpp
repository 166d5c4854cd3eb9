#pragma once
// The misère side of the CLI: `quotient` (docs/misere.md); the words of
// `value`, `winner` and `moves --misere` are MiserePlayWords (convention_words.hpp).

#include <cstdint>

#include <nlohmann/json_fwd.hpp>

#include "commands.hpp"
#include "grundy/misere.hpp"
#include "grundy/misere_quotient.hpp"

namespace grundy::cli {

// The default and the largest --max-heap of `quotient`.
inline constexpr std::uint64_t kDefaultQuotientMaxHeap = 30;
inline constexpr std::uint64_t kMaxQuotientMaxHeap = 1000;
void print_quotient(const Game& game, std::uint64_t max_heap, Format format, Output& out);
nlohmann::json quotient_json(const MisereQuotient& q);

}  // namespace grundy::cli
