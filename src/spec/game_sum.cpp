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

GameSum read_sum(const std::vector<std::string>& args) {
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
      } else {
        try {
          sum.games.push_back(parse_game(arg));
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
      throw InputError(fmt::format("argument {}: {}", i + 1, e.what()));
    }
    ++positions_in_group;
  }
  if (args.empty()) throw InputError("expected GAME POS [POS...]; for example: nim 3 4 5");
  if (game == nullptr) throw InputError(fmt::format("argument {}: '+' must be followed by GAME POS...", args.size()));
  close_group();
  return sum;
}

}  // namespace grundy
