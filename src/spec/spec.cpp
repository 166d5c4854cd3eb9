#include "grundy/spec.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "grundy/closest_name.hpp"
#include "grundy/error.hpp"
#include "grundy/games/coprime.hpp"
#include "grundy/games/division.hpp"
#include "grundy/games/graph.hpp"
#include "grundy/games/nim.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/games/xy.hpp"
#include "grundy/number_set.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/quote.hpp"

namespace grundy {
namespace {

constexpr std::array kFamilies{
    GameFamily{"nim", "nim", "a heap of n tokens; take any positive number of them", "nim"},
    GameFamily{"subtraction", "subtraction:S",
               "a heap of n tokens; take s of them for some s in the finite set S (list and ranges: 1,3,4 or 1-3)",
               "subtraction:1,3,4"},
    GameFamily{"division", "division:D",
               "a number n; replace it by floor(n/d) for some d in the finite set D of integers >= 2 "
               "(0 is erased); division:2-6 is CodeChef FDIVGAME",
               "division:2-6"},
    GameFamily{"coprime", "coprime",
               "a heap of x tokens; take any y >= 1 of them with gcd(x, y) = 1 (Codeforces 2004E); "
               "exact values for every 64-bit heap",
               "coprime"},
    GameFamily{"xy", "xy:X,Y",
               "a heap of v tokens; take 1 or 2 of them, but never leave a multiple of X or of Y "
               "(1 <= X < Y <= 10^18; 0 counts, so a heap is never emptied); AtCoder ARC208 E",
               "xy:5,7"},
    GameFamily{"graph", "graph:FILE",
               "a token on a vertex of the acyclic directed graph in FILE (lines 'u v' for a move u -> v); "
               "positions are vertex names",
               "graph:examples/data/chain.txt"},
};

// xy:X,Y: two numbers, the game checks 1 <= X < Y <= 10^18.
std::unique_ptr<Game> parse_xy(std::string_view spec, std::string_view params) {
  const std::size_t comma = params.find(',');
  if (comma == std::string_view::npos || params.find(',', comma + 1) != std::string_view::npos)
    throw InputError(fmt::format("game {}: expected xy:X,Y with two numbers 1 <= X < Y, such as xy:5,7", quote(spec)));
  std::uint64_t numbers[2] = {0, 0};
  const std::string_view texts[2] = {params.substr(0, comma), params.substr(comma + 1)};
  for (int i = 0; i < 2; ++i) {
    const char* name = i == 0 ? "X" : "Y";
    const auto n = parse_u64(texts[i]);
    if (!n)
      throw InputError(fmt::format("game {}: {} = {} is not a number: {}", quote(spec), name, quote(texts[i]), why_not_u64(texts[i])));
    numbers[i] = *n;
  }
  try {
    return std::make_unique<XyGame>(numbers[0], numbers[1]);
  } catch (const InputError& e) {
    throw InputError(fmt::format("game {}: {}", quote(spec), e.what()));
  }
}

std::string known_families() {
  std::string out;
  for (const GameFamily& f : kFamilies) out += fmt::format("{}{}", out.empty() ? "" : ", ", f.syntax);
  return out;
}

// "did you mean 'subtraction:1,2'? " for a near miss of a family's name,
// with the parameters as typed.
std::string suggestion(std::string_view name, std::string_view params, bool has_params) {
  std::array<std::string_view, kFamilies.size()> names{};
  std::transform(kFamilies.begin(), kFamilies.end(), names.begin(), [](const GameFamily& f) { return f.name; });
  const auto closest = closest_name(name, names);
  if (!closest) return "";
  const GameFamily& family = *std::find_if(kFamilies.begin(), kFamilies.end(),
                                           [&](const GameFamily& f) { return f.name == *closest; });
  // The suggestion must itself be a spec: the parameters as typed for a
  // family that takes some, none for one that takes none, and the syntax
  // when they are missing.
  const bool takes_params = family.syntax.find(':') != std::string_view::npos;
  std::string spec(family.name);
  if (takes_params) spec = has_params ? fmt::format("{}:{}", family.name, params) : std::string(family.syntax);
  return fmt::format("did you mean {}?", quote(spec));
}

}  // namespace

std::span<const GameFamily> game_families() { return kFamilies; }

std::unique_ptr<Game> parse_game(std::string_view spec) {
  const std::size_t colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  const bool has_params = colon != std::string_view::npos;
  const std::string_view params = has_params ? spec.substr(colon + 1) : std::string_view{};

  if (name == "nim") {
    if (has_params) throw InputError(fmt::format("game {}: nim takes no parameters; write just 'nim'", quote(spec)));
    return std::make_unique<Nim>();
  }
  if (name == "subtraction") {
    if (!has_params)
      throw InputError(fmt::format("game {}: expected subtraction:S, with S a set such as 1,3,4 or 1-3", quote(spec)));
    return std::make_unique<SubtractionGame>(
        parse_number_set(params, fmt::format("the subtraction set of game {}", quote(spec)), 1, colon + 1));
  }
  if (name == "division") {
    if (!has_params)
      throw InputError(fmt::format("game {}: expected division:D, with D a set such as 2,3 or 2-6", quote(spec)));
    return std::make_unique<DivisionGame>(
        parse_number_set(params, fmt::format("the divisor set of game {}", quote(spec)), 2, colon + 1));
  }
  if (name == "coprime") {
    if (has_params) throw InputError(fmt::format("game {}: coprime takes no parameters; write just 'coprime'", quote(spec)));
    return std::make_unique<CoprimeGame>();
  }
  if (name == "xy") {
    if (!has_params) throw InputError(fmt::format("game {}: expected xy:X,Y, such as xy:5,7", quote(spec)));
    return parse_xy(spec, params);
  }
  if (name == "graph") {
    if (!has_params || params.empty())
      throw InputError(fmt::format("game {}: expected graph:FILE, with FILE a graph file of lines 'u v'", quote(spec)));
    return std::make_unique<GraphGame>(GraphGame::from_file(std::string(params)));
  }
  if (spec.empty()) throw InputError(fmt::format("the game is empty: expected one of {}", known_families()));
  const std::string hint = suggestion(name, params, has_params);
  throw InputError(fmt::format("unknown game {}: {} {} ('grundy games' describes them)", quote(spec),
                               hint.empty() ? "expected one of" : hint + " The games are", known_families()));
}

}  // namespace grundy
