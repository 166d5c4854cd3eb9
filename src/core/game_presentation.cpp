#include "grundy/game_presentation.hpp"

#include <fmt/format.h>

#include "grundy/drawing.hpp"
#include "grundy/error.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/quote.hpp"

namespace grundy {

Position GamePresentation::parse_position(std::string_view text) const {
  if (auto n = parse_u64(text)) return *n;
  throw InputError(
      fmt::format("{} is not a heap size of {}: {}; expected a whole number from 0 to 18446744073709551615",
                  quote(text), label(), why_not_u64(text)));
}

std::string GamePresentation::format_position(Position p) const { return fmt::format("{}", p); }

std::string GamePresentation::format_option(std::span<const Position> option) const {
  if (option.empty()) return "nothing";
  std::string text;
  for (Position p : option) text += (text.empty() ? "" : " + ") + format_position(p);
  return text;
}

std::string GamePresentation::option_in_text(std::span<const Position> option) const {
  if (option.empty()) return "nothing";
  std::string text;
  for (Position p : option) text += (text.empty() ? "" : " + ") + position_in_text(p);
  return text;
}

Drawing GamePresentation::drawing(Position) const { return {}; }

}  // namespace grundy
