#include "grundy/game_sum.hpp"

#include <map>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/spec.hpp"
#include "grundy/quote.hpp"

namespace grundy {

std::string GameSum::game_label() const {
  std::string label;
  for (const auto& g : games) label += (label.empty() ? "" : " + ") + g->spec();
  return label;
}

namespace {

// "5,9,12" where "5 9 12" was meant: when every piece between commas is a
// position of the game, say that positions are separate words. Only heap
// games: others write a position with commas themselves (Chomp's "4,4,2",
// Node Kayles' vertex names), where "4,5" is a bar misread, not a sum.
std::string spaces_hint(const Game& game, std::string_view word) {
  if (word.find(',') == std::string_view::npos || game.heap_game() == nullptr) return {};
  std::string spaced;
  for (std::size_t start = 0;;) {
    const std::size_t comma = word.find(',', start);
    const std::string_view piece = word.substr(start, comma - start);
    try {
      (void)game.parse_position(piece);
    } catch (const InputError&) {
      return {};
    }
    if (!spaced.empty()) spaced += ' ';
    spaced.append(piece);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return fmt::format(" (positions are separate words: {} {})", game.name(), spaced);
}

}  // namespace

GameSum read_sum(const std::vector<std::string>& args, const KnownGames& known, const ExecutionBudget& budget) {
  GameSum sum;
  std::map<std::string, const Game*, std::less<>> by_spec;  // a spec named twice is read once
  const Game* game = nullptr;
  std::size_t positions_in_group = 0;
  std::size_t game_argument = 0;  // 1-based index of the current group's GAME

  auto close_group = [&] {
    if (game != nullptr && positions_in_group == 0)
      throw InputError(fmt::format("argument {}: game {} is followed by no position; expected GAME POS [POS...]",
                                   game_argument, quote(args[game_argument - 1])));
  };

  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "+") {
      if (game == nullptr)
        throw InputError(fmt::format("argument {}: '+' must stand between two groups GAME POS...", i + 1));
      close_group();
      game = nullptr;
      continue;
    }
    if (game == nullptr) {
      if (auto it = by_spec.find(arg); it != by_spec.end()) {
        game = it->second;
      } else if (std::shared_ptr<Game> lent = known ? known(arg) : nullptr) {
        sum.games.push_back(std::move(lent));
        game = sum.games.back().get();
        by_spec.emplace(arg, game);
      } else {
        try {
          sum.games.push_back(parse_game(arg, budget));
        } catch (const UnknownGameError& e) {
          throw UnknownGameError(fmt::format("argument {}: {}", i + 1, e.what()));
        } catch (const InputError& e) {
          throw InputError(fmt::format("argument {}: {}", i + 1, e.what()));
        }
        game = sum.games.back().get();
        by_spec.emplace(arg, game);
      }
      positions_in_group = 0;
      game_argument = i + 1;
      continue;
    }
    try {
      sum.components.push_back(Component{game, game->parse_position(arg)});
    } catch (const InputError& e) {
      throw InputError(fmt::format("argument {}: {}{}", i + 1, e.what(), spaces_hint(*game, arg)));
    }
    ++positions_in_group;
  }
  if (args.empty()) throw InputError("expected GAME POS [POS...]; for example: nim 3 4 5");
  if (game == nullptr) throw InputError(fmt::format("argument {}: '+' must be followed by GAME POS...", args.size()));
  close_group();
  return sum;
}

}  // namespace grundy
