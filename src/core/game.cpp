#include "grundy/game.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "grundy/quote.hpp"

namespace grundy {

std::string Game::position_in_text(Position p) const {
  return heap_indexed() ? format_position(p) : fmt::format("'{}'", printable_whole(format_position(p)));
}

std::string Game::describe_options(Position p, std::uint64_t limit) const {
  const OptionSample s = list_options(p, limit);
  if (s.options.empty()) return "none";
  std::string text;
  for (const Option& o : s.options) text += (text.empty() ? "" : ", ") + option_in_text(o);
  if (!s.complete()) text += s.total ? fmt::format(", ... ({} moves in all)", *s.total) : ", ... and more";
  return text;
}

void Game::keep_table_in(const std::string& path) {
  throw std::logic_error(fmt::format("{} keeps no search table in a file (asked to keep one in {})", spec(), path));
}

}  // namespace grundy
