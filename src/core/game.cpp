#include "grundy/game.hpp"

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/quote.hpp"

namespace grundy {

Position Game::parse_position(std::string_view text) const {
  if (auto n = parse_u64(text)) return *n;
  throw InputError(fmt::format("{} is not a heap size of {}: {}; expected a whole number from 0 to 18446744073709551615",
                               quote(text), spec(), why_not_u64(text)));
}

MoveSample Game::first_moves_to_value(Position p, Nimber target, std::uint64_t limit) const {
  MoveSample sample{moves_to_value(p, target), std::nullopt};
  sample.total = sample.moves.size();
  if (sample.moves.size() > limit) sample.moves.resize(static_cast<std::size_t>(limit));
  return sample;
}

std::string Game::format_position(Position p) const { return fmt::format("{}", p); }

std::string Game::heap_not_smaller(Position from, Position to) {
  if (to == from) return fmt::format("a move must take at least one token: the heap of {} must become smaller", from);
  return fmt::format("a heap only shrinks: {} is more than the heap of {}", to, from);
}

}  // namespace grundy
