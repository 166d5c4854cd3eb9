#include "grundy/spec.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "grundy/closest_name.hpp"
#include "grundy/error.hpp"
#include "grundy/quote.hpp"
#include "grundy/registry.hpp"

namespace grundy {
namespace {

std::string known_families() {
  std::string out;
  for (const GameFamily* f : game_registry()) out += fmt::format("{}{}", out.empty() ? "" : ", ", f->syntax);
  return out;
}

// "did you mean 'subtraction:1,2'? " for a near miss of a family's name,
// with the parameters as typed.
std::string suggestion(const SpecText& typed) {
  std::vector<std::string_view> names;
  for (const GameFamily* f : game_registry()) names.push_back(f->name);
  const auto closest = closest_name(typed.name, names);
  if (!closest) return "";
  const GameFamily& family = **std::find_if(game_registry().begin(), game_registry().end(),
                                            [&](const GameFamily* f) { return f->name == *closest; });
  // The suggestion must itself be a spec: the parameters as typed for a
  // family that takes some, none for one that takes none, and the syntax
  // when they are missing.
  std::string spec(family.name);
  if (family.takes_params())
    spec = typed.has_params ? fmt::format("{}:{}", family.name, typed.params) : std::string(family.syntax);
  return fmt::format("did you mean {}?", quote(spec));
}

}  // namespace

void SpecText::expect_no_params() const {
  if (has_params)
    throw InputError(fmt::format("game {}: {} takes no parameters; write just '{}'", quote(spec), name, name));
}

void SpecText::expect_params(std::string_view what) const {
  if (!has_params) throw InputError(fmt::format("game {}: expected {}", quote(spec), what));
}

std::vector<GameFamily> game_families() {
  std::vector<GameFamily> families;
  for (const GameFamily* f : game_registry()) families.push_back(*f);
  return families;
}

const GameFamily* family_of(std::string_view spec) {
  const std::string_view name = spec.substr(0, spec.find(':'));
  for (const GameFamily* f : game_registry())
    if (f->name == name) return f;
  return nullptr;
}

std::unique_ptr<Game> parse_game(std::string_view spec, const ExecutionBudget& budget) {
  const std::size_t colon = spec.find(':');
  SpecText text{spec, spec.substr(0, colon), {}, colon != std::string_view::npos};
  if (text.has_params) text.params = spec.substr(colon + 1);
  for (const GameFamily* f : game_registry()) {
    if (f->name != text.name) continue;
    std::unique_ptr<Game> game = f->parse(text);
    if (game->spec() != spec) game->set_name(std::string(spec));
    game->use_budget(budget);
    return game;
  }
  if (spec.empty()) throw UnknownGameError(fmt::format("the game is empty: expected one of {}", known_families()));
  // "nim 3 4 5" as one word: a game with its positions, which a command
  // line takes as separate words.
  if (const std::size_t space = spec.find_first_of(" \t"); space != std::string_view::npos && space > 0) {
    const std::string_view first = spec.substr(0, space);
    const std::size_t first_colon = first.find(':');
    // The example is shown bare only when quoting would change none of it:
    // raw control or invalid bytes never reach a message.
    const std::string example = fmt::format("{} {}", first, spec.substr(space + 1));
    const bool printable = quote(example) == fmt::format("'{}'", example);
    for (const GameFamily* f : game_registry())
      if (f->name == first.substr(0, first_colon))
        throw UnknownGameError(
            fmt::format("unknown game {}: a game and its positions are separate words{} (not one "
                        "quoted word)",
                        quote(spec), printable ? fmt::format(", such as {}", example) : ""));
  }
  const std::string hint = suggestion(text);
  throw UnknownGameError(fmt::format("unknown game {}: {} {}", quote(spec),
                                     hint.empty() ? "expected one of" : hint + " The games are", known_families()));
}

}  // namespace grundy
