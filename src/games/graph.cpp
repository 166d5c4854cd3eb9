// Placeholder until the real reader lands.
#include "grundy/games/graph.hpp"

#include "grundy/error.hpp"

namespace grundy {
GraphGame GraphGame::from_file(const std::string& path) { throw InputError("graph games: not yet (" + path + ")"); }
GraphGame GraphGame::from_text(std::string_view, std::string source) { throw InputError("graph games: not yet (" + source + ")"); }
Position GraphGame::parse_position(std::string_view) const { return 0; }
std::string GraphGame::format_position(Position) const { return {}; }
Nimber GraphGame::value(Position) const { return {}; }
std::vector<Position> GraphGame::moves_to_value(Position, Nimber) const { return {}; }
}  // namespace grundy
