#pragma once
// `grundy play`: a person against the engine on a sum of games. The person
// types one command per line (a move, or hint, values, undo, help, quit);
// the engine answers in writing. It works the same on a terminal and
// through pipes: with piped input each command is echoed after its prompt,
// so the output reads as a transcript.
//
// The session reads and writes through PlayStreams, so that the command
// line (standard input and output) and Python's grundy.play (sys.stdin and
// sys.stdout, or any text streams it is given) hold the same conversation,
// whatever the games: built-in families, games written in Python, or sums
// of both.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "grundy/analysis.hpp"
#include "grundy/game.hpp"
#include "grundy/game_sum.hpp"
#include "grundy/sum.hpp"

namespace grundy::frontend {

enum class FirstPlayer { person, engine };

struct PlayOptions {
  FirstPlayer first = FirstPlayer::person;
  std::uint64_t seed = 0;  // the engine's choices among equally good moves
  // misère: the last player to move loses (docs/misere.md)
  Convention convention = Convention::normal;
};

// What the streams are attached to, which decides how the session writes.
struct PlayTerminal {
  bool input_is_terminal = false;  // else each command is echoed after its prompt
  bool colour = false;             // ANSI colours and bold
  bool utf8 = false;               // heaps drawn as rows of ●
  bool utf8_values = false;        // infinite values written ∞{...} (else inf{...})
};

// One line typed by the person, without its end of line. A reader may stop
// storing a line past `longest` characters and set `too_long`.
struct PlayLine {
  std::string text;
  bool too_long = false;
};

// Where the session reads commands and writes its answers. Either function
// may throw (Python's streams raise): the exception leaves play() as it is.
class PlayStreams {
 public:
  virtual ~PlayStreams() = default;
  // The next line, nullopt at the end of the input.
  virtual std::optional<PlayLine> read_line(std::size_t longest) = 0;
  // Writes at once (a person is waiting); false when the output is closed.
  virtual bool write(std::string_view text) = 0;
};

// How a game played ended.
enum class PlayEnd {
  person_won,
  engine_won,
  drawn,    // by repetition, or a draw offer the engine accepted
  stopped,  // quit, the end of the input, or an output closed
};

// Plays one game to its end, to `quit` or to the end of the input, and
// reports the outcome in words. `games` are the distinct games of
// `components` (their rules are stated once each).
PlayEnd play(std::span<const Game* const> games, std::span<const Component> components, const PlayOptions& options,
             PlayStreams& streams, const PlayTerminal& terminal);

// The command line's session: standard input and output, colours on a
// terminal unless NO_COLOR is set. The exit status: 0 in every case but an
// output that could not be written (1).
int play(const GameSum& sum, const PlayOptions& options);

}  // namespace grundy::frontend
