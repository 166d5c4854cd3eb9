#pragma once
// The misère side of the answers: `quotient` (docs/misere.md); the words of
// `value`, `winner` and `moves --misere` are MiserePlayWords (convention_words.hpp).

#include <cstdint>
#include <optional>

#include <nlohmann/json_fwd.hpp>

#include "grundy/frontend/sum_answers.hpp"
#include "grundy/misere/misere.hpp"
#include "grundy/misere/misere_quotient.hpp"

namespace grundy::frontend {

// The default --max-heap of `quotient` (the largest is the library's
// kMostQuotientHeap).
inline constexpr std::uint64_t kDefaultQuotientMaxHeap = 30;
// The largest --max-elements: the table of products alone takes 4 N^2
// bytes (1.6 GB at 20,000), and the proof's store grows with N.
inline constexpr std::uint32_t kMaxQuotientElements = 20000;
// The library's limits with at most `max_elements` elements in any Q_n,
// the proof's store scaled with them.
[[nodiscard]] QuotientLimits quotient_limits(std::uint32_t max_elements);
// The quotient of heaps 0..max_heap, or with max_heap unset the whole
// game's, searched up to `most_heaps` (compute_whole_misere_quotient); a
// game without an octal rule gets the quotient of heaps 0..kDefaultQuotientMaxHeap.
void print_quotient(const Game& game, std::optional<std::uint64_t> max_heap, std::uint64_t most_heaps, Format format,
                    Output& out, const QuotientLimits& limits = {});
nlohmann::json quotient_json(const MisereQuotient& q);

}  // namespace grundy::frontend
