// libFuzzer target: the graph file reader (GraphGame::from_text). Properties:
// a text is either a graph or an InputError whose message names the source;
// every vertex of a graph passes check_position (game_checks.hpp: names read
// back, moves are moves, values are the mex of the moves' values).

#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "game_checks.hpp"
#include "grundy/error.hpp"
#include "grundy/games/graph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const GraphGame game = GraphGame::from_text(text, "input");
    fuzz::check(game.vertex_count() > 0, "a graph read has vertices");
    for (Position v = 0; v < game.vertex_count() && v < 512; ++v) fuzz::check_position(game, v, true);
  } catch (const InputError& e) {
    fuzz::check_message(e.what());
    fuzz::check(std::string_view(e.what()).find("input") != std::string_view::npos,
                "a graph error names the graph", e.what());
  }
  return 0;
}
