// libFuzzer target: the graph file reader (GraphGame::from_text). Properties:
// a text is either a graph or an InputError whose message names the source;
// every vertex of a graph passes check_position (game_checks.hpp: names read
// back, moves are moves, values are the mex of the moves' values, or in a
// graph with cycles meet the definition of generalized values). And the
// reader takes its input a block at a time: read in blocks of 1 to 16 bytes
// (so that names, CRLF and UTF-8 characters straddle the blocks), the text
// gives exactly the same graph or the same message as read at once, with the
// default limits and with small ones (a line limit, a byte limit, few
// vertices and edge lines) that the fuzzer's short inputs can pass.

#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "fuzz_check.hpp"
#include "game_checks.hpp"
#include "grundy/error.hpp"
#include "grundy/games/graph.hpp"

namespace {

using grundy::GraphGame;
using grundy::GraphLimits;

// Everything a read gives: each vertex with its value and moves, or the message.
std::string outcome(std::string_view text, const GraphLimits& limits) {
  try {
    const GraphGame game = GraphGame::from_text(text, "input", limits);
    std::string out;
    for (grundy::Position v = 0; v < game.vertex_count(); ++v) {
      out += fmt::format("{} {}:", game.format_position(v), grundy::to_string(game.game_value(v)));
      for (const grundy::Position w : game.moves_from(v, 0, game.vertex_count()).moves) out += fmt::format(" {}", w);
      out += '\n';
    }
    return out;
  } catch (const grundy::InputError& e) {
    return std::string("error: ") + e.what();
  }
}

// The same outcome in small blocks as at once.
void check_blocks_agree(std::string_view text, GraphLimits limits, std::size_t block) {
  limits.block_size = text.size() + 1;
  const std::string whole = outcome(text, limits);
  limits.block_size = block;
  const std::string blocks = outcome(text, limits);
  if (blocks != whole)
    grundy::fuzz::property_broken(fmt::format("reading in blocks of {} bytes gives what reading at once gives", block),
                                  "at once: " + whole + "\n  blocks:  " + blocks);
}

}  // namespace

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

  // The block size and the small limits come from the input itself, so a
  // failure replays exactly.
  std::size_t hash = size;
  for (const char c : text) hash = hash * 31 + static_cast<unsigned char>(c);
  const std::size_t block = 1 + hash % 16;
  check_blocks_agree(text, GraphLimits{}, block);
  GraphLimits small;
  small.max_line = 1 + (hash >> 4) % 48;
  small.max_bytes = (hash >> 10) % 512;
  small.max_vertices = 1 + (hash >> 20) % 16;
  small.max_edge_lines = (hash >> 24) % 16;
  check_blocks_agree(text, small, block);
  return 0;
}
