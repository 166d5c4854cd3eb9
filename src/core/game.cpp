#include "grundy/game.hpp"

#include <fmt/format.h>

#include "grundy/drawing.hpp"
#include "grundy/error.hpp"
#include "grundy/misere/misere_solver.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/quote.hpp"

namespace grundy {

Position Game::parse_position(std::string_view text) const {
  if (auto n = parse_u64(text)) return *n;
  throw InputError(
      fmt::format("{} is not a heap size of {}: {}; expected a whole number from 0 to 18446744073709551615",
                  quote(text), label(), why_not_u64(text)));
}

void Game::keep_table_in(const std::string& path) {
  throw std::logic_error(fmt::format("{} keeps no search table in a file (asked to keep one in {})", spec(), path));
}

std::unique_ptr<MisereSolver> Game::misere_solver(std::uint64_t, std::uint64_t) const { return nullptr; }

std::string Game::format_position(Position p) const { return fmt::format("{}", p); }

std::string Game::position_in_text(Position p) const {
  // Never cut (quote() would cut a long board): the whole position is the point.
  return heap_indexed() ? format_position(p) : fmt::format("'{}'", printable_whole(format_position(p)));
}

Nimber Game::option_value(std::span<const Position> option) const {
  Nimber total;
  for (Position p : option) total ^= value(p);
  return total;
}

Drawing Game::drawing(Position) const { return {}; }

std::vector<Option> Game::sample_options(Position p) const { return list_options(p, 64).options; }

std::string Game::format_option(std::span<const Position> option) const {
  if (option.empty()) return "nothing";
  std::string text;
  for (Position p : option) text += (text.empty() ? "" : " + ") + format_position(p);
  return text;
}

std::string Game::option_in_text(std::span<const Position> option) const {
  if (option.empty()) return "nothing";
  std::string text;
  for (Position p : option) text += (text.empty() ? "" : " + ") + position_in_text(p);
  return text;
}

std::string Game::describe_options(Position p, std::uint64_t limit) const {
  const OptionSample s = list_options(p, limit);
  if (s.options.empty()) return "none";
  std::string text;
  for (const Option& o : s.options) text += (text.empty() ? "" : ", ") + option_in_text(o);
  if (!s.complete()) text += s.total ? fmt::format(", ... ({} moves in all)", *s.total) : ", ... and more";
  return text;
}

}  // namespace grundy
