#pragma once
// The rules of a game played against the engine that are not the game's
// own: when a repeated position ends it drawn, and how the engine answers a
// draw offered to it. `grundy play` applies them, and the server hands them
// to its page (docs/serve.md), so both play by the same rules.

#include <span>

#include "grundy/analysis.hpp"
#include "grundy/sum.hpp"

namespace grundy {

// A position of the whole sum reached this many times, with the same player
// to move, ends the game drawn (only games with cycles can repeat one).
inline constexpr int kRepetitionsForDraw = 3;

// The engine's answer to a draw offered by the player to move.
enum class DrawOfferAnswer {
  declined,              // the engine can force a win from here
  accepted_as_drawn,     // neither side can force a win
  accepted_though_lost,  // the player offering could have forced a win
};

// Cost: outcome's (analysis.hpp).
[[nodiscard]] DrawOfferAnswer answer_draw_offer(std::span<const Component> sum, Convention convention);

}  // namespace grundy
