// libFuzzer target: game specs and positions. The input is a spec on its first
// line (any family of the registry but those that read a file: graph,
// node-kayles) and position texts,
// separated by blanks, on the rest. Properties: a spec is either a game or an
// InputError with a message; the game's canonical spec parses to a game with
// the same spec; each position either parses or is an InputError, and a parsed
// one passes check_position (game_checks.hpp).
//
// graph:FILE and node-kayles:FILE are not fuzzed here (they would read files
// named by the fuzzer); the graph target covers the graph reader. Values of the positions named are
// computed only where their cost is small whatever the position: nim, xy,
// subtraction sets with max(S) <= 4096 (the period proof costs O(max(S) |S|)),
// division sets of at most 64 divisors (the runs cost O(runs |D|)), coprime
// heaps up to 10^12 (a prime count); take-and-break games only below 24 (their
// far values may need 2^20 values computed by a quadratic mex). Larger parameters are correct but slow by
// design (docs/cli.md: progress and Ctrl-C), which libFuzzer would report as
// hangs; their specs, positions, moves and the values of heaps 0..23 are
// still fuzzed.

#include <memory>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "game_checks.hpp"
#include "grundy/error.hpp"
#include "grundy/games/coprime.hpp"
#include "grundy/games/division.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/games/take_and_break.hpp"
#include "grundy/spec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t line_end = std::min(text.find('\n'), text.size());
  const std::string_view spec = text.substr(0, line_end);
  if (spec.substr(0, 5) == "graph" || spec.substr(0, 11) == "node-kayles") return -1;
  std::unique_ptr<Game> game;
  try {
    game = parse_game(spec);
  } catch (const InputError& e) {
    fuzz::check_message(e.what());
    return 0;
  }
  const std::string canonical = game->spec();
  fuzz::check(parse_game(canonical)->spec() == canonical, "the canonical spec reads back as itself", canonical);

  bool far_values_cheap = true;
  Position far_limit = ~Position{0};
  if (const auto* subtraction = dynamic_cast<const SubtractionGame*>(game.get()))
    far_values_cheap = subtraction->set().back() <= 4096;
  if (const auto* division = dynamic_cast<const DivisionGame*>(game.get()))
    far_values_cheap = division->divisors().size() <= 64;
  if (dynamic_cast<const CoprimeGame*>(game.get()) != nullptr) far_limit = 1'000'000'000'000;
  if (dynamic_cast<const TakeAndBreakGame*>(game.get()) != nullptr) far_values_cheap = false;
  std::string_view rest = line_end < text.size() ? text.substr(line_end + 1) : std::string_view{};
  for (int k = 0; k < 8 && !rest.empty(); ++k) {
    const std::size_t blank = std::min(rest.find(' '), rest.size());
    const std::string_view word = rest.substr(0, blank);
    rest = blank < rest.size() ? rest.substr(blank + 1) : std::string_view{};
    Position p = 0;
    try {
      p = game->parse_position(word);
    } catch (const InputError& e) {
      fuzz::check_message(e.what());
      continue;
    }
    // A game not on heaps (cram: boards numbered as read) is valued only
    // for small positions: a board of 100 cells is a search of its own.
    const bool value_it =
        game->heap_indexed() ? p < 24 || (far_values_cheap && p <= far_limit) : game->format_position(p).size() <= 16;
    fuzz::check_position(*game, p, value_it);
  }
  // The first heaps, whatever the input named: the mex check from heap 0 up.
  if (game->heap_indexed())
    for (Position p = 0; p < 24; ++p) fuzz::check_position(*game, p, true);
  return 0;
}
