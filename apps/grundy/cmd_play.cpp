// play and serve: a game against the engine, on the command line or on a
// web page.

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "command.hpp"
#include "grundy/error.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/progress.hpp"
#include "grundy/frontend/play_session.hpp"
#include "serve_command.hpp"
#include "grundy/frontend/stop_signals.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

namespace {

struct PlayCommandOptions {
  SumOptions sum;
  std::string first = "me";
  std::optional<std::string> seed;
};

std::uint64_t parse_seed(const std::string& text) {
  auto n = parse_u64(text);
  if (!n)
    throw InputError(fmt::format("--seed '{}': {}; expected a whole number from 0 to 18446744073709551615", text,
                                 why_not_u64(text)));
  return *n;
}

}  // namespace

Command add_play_command(CLI::App& app) {
  auto options = std::make_shared<PlayCommandOptions>();
  CLI::App* play = app.add_subcommand("play", "Play a game against the engine, which never misses a win");
  add_sum_option(*play, options->sum);
  play->add_option("--first", options->first, "who moves first: me (default) or engine")
      ->type_name("me|engine")
      ->check(CLI::IsMember({"me", "engine"}).description(""));
  play->add_option("--seed", options->seed,
                   "vary the engine's choices among equally good moves, repeatably (default 0: the same answers "
                   "to the same moves on every run)")
      ->type_name("N");
  add_memory_option(*play, options->sum);
  play->add_flag("--misere", options->sum.misere,
                 "misère play: whoever makes the last move loses (and whoever cannot move wins); the engine decides "
                 "as 'moves --misere' does (docs/misere.md)");
  play->footer("\n" + sum_help() +
               "\nYou and the engine take turns; a turn is one move in one component, and whoever\n"
               "cannot move loses. Type a component's number and its new position ('2 1': heap 2\n"
               "becomes 1), or a command: hint, values, moves (numbered: '#2' plays the second), undo,\n"
               "help, quit. Commands come one per line from standard input, so a game can also be\n"
               "scripted through a pipe (each command is then echoed). Colours only on a terminal, and\n"
               "never when NO_COLOR is set. Games written in Python play the same way from Python:\n"
               "grundy.play(game, position) (docs/python.md).\n"
               "\nExamples:\n  grundy play nim 3 4 5\n  grundy play subtraction:1,3,4 20 --first engine\n"
               "  grundy play nim 3 + division:2-6 100 --seed 7\n"
               "  grundy play --misere nim 1 1 1\n"
               "  printf '1 1\\nhint\\n' | grundy play nim 3 4 5 --seed 1\n");
  auto run = [options] {
    // Long computations say so on stderr, as in every command that computes.
    set_progress_output(stderr);
    options->sum.budget = read_budget(options->sum.memory, options->sum.threads);
    const GameSum sum = read_sum_for_table(options->sum);
    PlayOptions play_options;
    play_options.first = options->first == "engine" ? FirstPlayer::engine : FirstPlayer::person;
    // Deterministic unless asked: the same moves get the same answers (and
    // hints) on every run; --seed N draws other choices, repeatably.
    play_options.seed = options->seed ? parse_seed(*options->seed) : 0;
    play_options.convention = options->sum.misere ? Convention::misere : Convention::normal;
    keep_transcript_when_interrupted();
    return grundy::cli::play(sum, play_options);
  };
  return {play, run, &options->sum.sum};
}

Command add_serve_command(CLI::App& app) {
  auto options = std::make_shared<ServeCommandOptions>();
  CLI::App* serve =
      app.add_subcommand("serve", "Serve a web page to play every game against the engine, and its JSON API");
  declare_serve_options(*serve, *options);
  // Checked here, served by the server program (serve_command.hpp says why).
  return {serve, [options]() -> int { exec_serve_program(*options); }};
}

}  // namespace grundy::cli
