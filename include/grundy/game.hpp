#pragma once
// Game: the run-time interface of the built-in games, the one the command
// line, the server and Python work with. It is three roles, each in its own
// header, so that a reader (and a function that needs only one) sees each
// apart:
// - GameRules (game_rules.hpp): values, options and moves, cycles, the
//   execution budget: what the engine asks;
// - GamePresentation (game_presentation.hpp): the spec and name, positions
//   read and written, moves in words, pictures: what people are shown;
// - GameTableFile (game_table_file.hpp): a search's table kept in a file.
// A family overrides what it uses; every role has defaults for a heap game
// written in decimal with no table file. The defaults that need two roles
// are written here: a position in a sentence (quoted unless positions are
// heap sizes), the options in words (from the rules' list), and the refusal
// of a table file (naming the game).
//
// Games whose moves always leave one position derive from OneToOneGame
// (one_to_one_game.hpp), which writes the options in terms of single
// positions. Games given as code by a user go through the Solver template
// instead (solver.hpp), or PythonGame for Python classes.

#include <cstdint>
#include <string>

#include "grundy/game_presentation.hpp"
#include "grundy/game_rules.hpp"
#include "grundy/game_table_file.hpp"

namespace grundy {

class Game : public GameRules, public GamePresentation, public GameTableFile {
 public:
  virtual ~Game() = default;

  // A heap size as it is; any other position in single quotes, never cut
  // (quote() would cut a long board: the whole position is the point).
  // One format_position call, and O(length of its text).
  [[nodiscard]] std::string position_in_text(Position p) const override;
  // One list_options(p, limit) call and O(length of the text).
  [[nodiscard]] std::string describe_options(Position p, std::uint64_t limit) const override;
  // Throws std::logic_error: this game keeps no table in a file.
  void keep_table_in(const std::string& path) override;

 protected:
  Game() = default;
  Game(const Game&) = default;
  Game& operator=(const Game&) = default;
  Game(Game&&) = default;
  Game& operator=(Game&&) = default;
};

}  // namespace grundy
