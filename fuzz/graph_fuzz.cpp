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

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "fuzz_check.hpp"
#include "game_checks.hpp"
#include "grundy/error.hpp"
#include "grundy/game_value.hpp"
#include "grundy/games/graph.hpp"
#include "grundy/search/loopy_values.hpp"

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

// The definition of generalized Sprague-Grundy values (Smith; Fraenkel and
// Yesha), at p with all its options (each one position, as in a graph):
//   finite m: no option of value m, an option of each value below m, and
//     every option of infinite value or of finite value above m has an
//     option of value m labelled before p (Smith's counter, labelled_at);
//   ∞_K: K is the set of finite values of the options, and some option of
//     infinite value has no option of value mex(K) (else p would be mex(K)).
void check_generalized_value(const grundy::GraphGame& game, grundy::Position p) {
  using namespace grundy;
  using fuzz::check;
  const std::vector<Option> options = game.list_options(p, kNoLimit).options;
  const GameValue value = game.game_value(p);
  // An option of q of value m, labelled before `before` (any, by default).
  auto has_option_of_value = [&](Position q, std::uint64_t m, std::uint32_t before = LoopyValues::kNoOrder) {
    const OptionSample s = game.list_options(q, kNoLimit);
    return std::any_of(s.options.begin(), s.options.end(), [&](const Option& o) {
      const GameValue v = game.game_value(o.at(0));
      return v.is_finite() && v.nimber().value() == m && game.labelled_at(o.at(0)) < before;
    });
  };
  std::vector<std::uint64_t> finite;
  for (const Option& o : options) {
    const GameValue v = game.game_value(o.at(0));
    if (v.is_finite()) finite.push_back(v.nimber().value());
  }
  std::sort(finite.begin(), finite.end());
  finite.erase(std::unique(finite.begin(), finite.end()), finite.end());
  std::uint64_t mex = 0;
  while (mex < finite.size() && finite[mex] == mex) ++mex;
  const std::string where =
      fmt::format("{} position {} of value {}", game.spec(), game.format_position(p), to_string(value));
  if (value.is_finite()) {
    const std::uint64_t m = value.nimber().value();
    check(m == mex, "a finite value is the mex of the finite values of the options", [&] { return where; });
    for (const Option& o : options) {
      const GameValue v = game.game_value(o.at(0));
      if (!v.is_finite() || v.nimber().value() > m)
        check(has_option_of_value(o.at(0), m, game.labelled_at(p)),
              "an option of infinite or larger value can be answered back to the value, by a vertex labelled earlier",
              [&] { return where + ", option " + game.format_option(o); });
    }
    return;
  }
  std::vector<std::uint64_t> k;
  for (Nimber n : value.options()) k.push_back(n.value());
  check(k == finite, "K of an infinite value is the set of finite values of the options", [&] { return where; });
  const bool escapes = std::any_of(options.begin(), options.end(), [&](const Option& o) {
    return !game.game_value(o.at(0)).is_finite() && !has_option_of_value(o.at(0), mex);
  });
  check(escapes, "an infinite value has an infinite option with no answer back to mex(K)", [&] { return where; });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const GraphGame game = GraphGame::from_text(text, "input");
    fuzz::check(game.vertex_count() > 0, "a graph read has vertices");
    for (Position v = 0; v < game.vertex_count() && v < 512; ++v) {
      fuzz::check_position(game, v, true);
      if (game.has_cycles() && game.list_options(v, 48).complete()) check_generalized_value(game, v);
    }
  } catch (const InputError& e) {
    fuzz::check_message(e.what());
    fuzz::check(std::string_view(e.what()).find("input") != std::string_view::npos, "a graph error names the graph",
                e.what());
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
