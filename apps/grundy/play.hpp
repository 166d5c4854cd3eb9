#pragma once
// `grundy play`: a person against the engine on a sum of games. The person
// types one command per line on standard input (a move, or hint, values,
// undo, help, quit); the engine answers on standard output. It works the same
// on a terminal and through pipes: with piped input each command is echoed
// after its prompt, so the output reads as a transcript.

#include <cstdint>

#include "grundy/game_sum.hpp"

namespace grundy::cli {

enum class FirstPlayer { person, engine };

struct PlayOptions {
  FirstPlayer first = FirstPlayer::person;
  std::uint64_t seed = 0;  // the engine's choices among equally good moves
  bool misere = false;      // the last player to move loses (docs/misere.md)
};

// Plays one game to its end, to `quit` or to the end of the input. The
// game's outcome is reported in words; the exit status is 0 in every case.
int play(const GameSum& sum, const PlayOptions& options);

}  // namespace grundy::cli
