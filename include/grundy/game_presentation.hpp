#pragma once
// GamePresentation: how a game is shown to people and written for programs
// (game.hpp's second role): its spec and name, its positions read and
// written, a move's rule in words, its options in sentences, and a picture
// of a board or graph. The engine never asks these (game_rules.hpp); the
// front ends (the command line, the server, Python) do.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "grundy/game_rules.hpp"

namespace grundy {

struct Drawing;  // drawing.hpp

class GamePresentation {
 public:
  // The canonical spec string: parse_game(spec()) builds an equal game, and
  // spec() of that game is the same string.
  [[nodiscard]] virtual std::string spec() const = 0;

  // What people are shown. `name()` is the game as the user typed it
  // ("kayles", set by parse_game), else the spec; `label()` adds the spec
  // where it differs ("kayles (octal:0.77)"). Answers as data (JSON, Python)
  // keep the spec.
  // Each builds a string: one spec() call and O(length of the spec and name).
  [[nodiscard]] std::string name() const { return name_.empty() ? spec() : name_; }
  [[nodiscard]] std::string label() const {
    const std::string s = spec();
    return name_.empty() || name_ == s ? s : name_ + " (" + s + ")";
  }
  void set_name(std::string typed) { name_ = std::move(typed); }

  // A position typed by a user. Throws InputError saying what was expected.
  // The defaults (a heap size in decimal) are O(length of the text); games
  // with named positions override both at their own cost.
  [[nodiscard]] virtual Position parse_position(std::string_view text) const;
  [[nodiscard]] virtual std::string format_position(Position p) const;
  // A position inside a sentence for people: a heap size as it is, any other
  // position (a vertex's name, a board, a set of vertices) in single quotes,
  // whose dots and commas would otherwise run into the sentence's own
  // ("You move board 1: '...' -> '##.'."). (Game writes the default: it
  // asks the rules whether positions are heap sizes.)
  [[nodiscard]] virtual std::string position_in_text(Position p) const = 0;
  // The position in a title, where the short form reads better: a Cram
  // board that is its whole empty rectangle is its size, "4x5".
  // parse_position reads it back as the same position.
  [[nodiscard]] virtual std::string position_title(Position p) const { return format_position(p); }
  // The position as one word, without spaces, that parse_position reads
  // back as the same position: how a sum's text written for a program (the
  // server's API) holds it. The default is format_position, which has no
  // spaces for every built-in family. A game whose positions may have no
  // such word throws (PythonGame: TypeError).
  [[nodiscard]] virtual std::string position_word(Position p) const { return format_position(p); }
  // Names a component of a sum of this game, for people: "heap", "token".
  [[nodiscard]] virtual std::string_view component_noun() const { return "heap"; }

  // What a move is, in one sentence for people: "a move takes 1, 3 or 4 tokens".
  [[nodiscard]] virtual std::string move_rule() const = 0;

  // "3 + 5", one position as itself, "nothing" for none.
  // One format_position call per position, and O(length of the text).
  [[nodiscard]] std::string format_option(std::span<const Position> option) const;
  // The same inside a sentence, each position as position_in_text writes it.
  // One position_in_text call per position, and O(length of the text).
  [[nodiscard]] std::string option_in_text(std::span<const Position> option) const;
  // The options of `p` in words for people, cut after `limit` of them:
  // "any size from 0 to 9 (10 moves)", "2 + 5, 3 + 4, 1 + 6", "'a,b', 'c'"
  // (positions as position_in_text writes them). (Game writes the default,
  // from the rules' list of options.)
  [[nodiscard]] virtual std::string describe_options(Position p, std::uint64_t limit) const = 0;
  // The position as a picture with its moves (drawing.hpp), for games whose
  // positions are boards or graphs; Kind::none (the default) for the rest.
  // The default is O(1); a board's or graph's is O(its pieces and moves).
  [[nodiscard]] virtual Drawing drawing(Position p) const;

 protected:
  ~GamePresentation() = default;  // a Game is deleted as a Game, never as one of its roles

 private:
  std::string name_;  // as typed, when parse_game was given another spelling
};

}  // namespace grundy
