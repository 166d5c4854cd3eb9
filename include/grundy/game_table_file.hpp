#pragma once
// GameTableFile: what a game keeps in a file (game.hpp's third role): a
// search's table that a program's `--table FILE` reads and saves, so that a
// later run goes on from it (search_table_file.hpp). Most games keep none.

#include <string>

namespace grundy {

class GameTableFile {
 public:
  // What the game can do with a file of its search's table (a program's
  // --table): `kept` when its search can read and save its table there
  // (keep_table_in; cram); `not_kept` when it searches with a table it never
  // keeps in a file (node-kayles), so that a front end can refuse the file
  // rather than ignore it; `none` when it has no such search (Nim, heap games).
  enum class TableFileUse { none, kept, not_kept };
  [[nodiscard]] virtual TableFileUse table_file_use() const { return TableFileUse::none; }
  // For a game whose table_file_use() is `kept`: reads the table the file
  // `path` holds (InputError for a file that is not such a table) and keeps
  // the search's table there from now on, written as the search goes and
  // when the game ends (searched_game.hpp). std::logic_error for any other
  // game (Game writes that default: its message names the game).
  // Reading the file costs O(its size) (search_table_file.hpp).
  virtual void keep_table_in(const std::string& path) = 0;

 protected:
  ~GameTableFile() = default;  // a Game is deleted as a Game, never as one of its roles
};

}  // namespace grundy
