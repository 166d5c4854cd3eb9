#include "grundy/session_rules.hpp"

namespace grundy {

DrawOfferAnswer answer_draw_offer(std::span<const Component> sum, Convention convention) {
  // The player offering is the one to move: the engine wins exactly when
  // that player loses.
  switch (outcome(sum, convention).winner) {
    case Winner::second:
      return DrawOfferAnswer::declined;
    case Winner::draw:
      return DrawOfferAnswer::accepted_as_drawn;
    case Winner::first:
      break;
  }
  return DrawOfferAnswer::accepted_though_lost;
}

}  // namespace grundy
