// grundy: the command-line front end. A thin layer: parse the command line
// with CLI11, call the library, print text or JSON. Exit status 0 on success,
// 2 on a usage or input error (message on stderr), 1 on any other failure;
// 130 (143) when Ctrl-C (SIGTERM) stops it (interrupt.hpp). A failed or
// interrupted run leaves no partial answer in a file (output.hpp).

#include <cstdio>
#include <exception>
#include <limits>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "commands.hpp"
#include "interrupt.hpp"
#include "play.hpp"
#include "grundy/error.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/pattern.hpp"
#include "grundy/progress.hpp"
#include "grundy/spec.hpp"
#include "sum_arguments.hpp"

namespace {

using namespace grundy;
using namespace grundy::cli;

constexpr int kExitInputError = 2;

constexpr const char* kSumSyntax =
    "A sum of games is written GAME POS [POS...] [+ GAME POS [POS...]]...: each POS is one\n"
    "component in the game named before it, and '+' starts components in another game.\n"
    "Games: nim, subtraction:S (S a set such as 1,3,4 or 1-3), division:D (D a set such as\n"
    "2-6), graph:FILE (positions are vertex names). 'grundy games' lists them all.\n";

std::string games_footer() {
  std::string text = "\nGames (spec strings):\n";
  for (const GameFamily& f : game_families()) text += fmt::format("  {:<16} {}\n", f.syntax, f.summary);
  return text;
}

struct Arguments {
  std::vector<std::string> sum;
  std::string table_game;
  std::string table_to = "20";
  bool runs = false;
  bool json = false;
  std::string pattern_game;
  std::string contest_problem;
  std::string contest_input;
  std::string pattern_limit = std::to_string(kDefaultPatternLimit);
  std::string moves_limit = std::to_string(kDefaultMovesLimit);
  std::string first = "me";
  std::optional<std::string> seed;
};

CLI::App* add_sum_command(CLI::App& app, const char* name, const char* description, const char* examples,
                          Arguments& a) {
  CLI::App* cmd = app.add_subcommand(name, description);
  cmd->add_option("GAME POS...", a.sum, "a sum of games: GAME POS [POS...] [+ GAME POS...]")->required();
  cmd->add_flag("--json", a.json, "print one JSON object instead of text");
  cmd->footer(std::string("\n") + kSumSyntax + "\nExamples:\n" + examples);
  return cmd;
}

std::uint64_t parse_pattern_limit(const std::string& text) {
  auto n = parse_u64(text);
  if (!n || *n == 0)
    throw InputError(fmt::format("--limit '{}': {}; expected the last heap size to examine, a whole number >= 1", text,
                                 n ? "zero examines nothing" : why_not_u64(text)));
  if (*n > (std::uint64_t{1} << 28))
    throw InputError(fmt::format("--limit {}: too large; at most {} values are examined", text, std::uint64_t{1} << 28));
  return *n;
}

// 0 lists every move.
std::uint64_t parse_moves_limit(const std::string& text) {
  auto n = parse_u64(text);
  if (!n)
    throw InputError(fmt::format("--limit '{}': {}; expected how many winning moves to list per component, "
                                 "a whole number (0 for all)",
                                 text, why_not_u64(text)));
  return *n == 0 ? kNoLimit : *n;
}

std::uint64_t parse_table_bound(const std::string& text) {
  auto n = parse_u64(text);
  if (!n)
    throw InputError(fmt::format("--to '{}': {}; expected the last heap size, a whole number", text, why_not_u64(text)));
  if (*n == std::numeric_limits<std::uint64_t>::max())
    throw InputError(fmt::format("--to {}: too large; the table must end below 18446744073709551615", text));
  return *n;
}

std::uint64_t parse_seed(const std::string& text) {
  auto n = parse_u64(text);
  if (!n)
    throw InputError(fmt::format("--seed '{}': {}; expected a whole number from 0 to 18446744073709551615", text,
                                 why_not_u64(text)));
  return *n;
}

int run(int argc, char** argv) {
  CLI::App app{"grundy: Sprague-Grundy values, winners and winning moves of impartial games"};
  app.set_version_flag("--version", "grundy 0.1.0");
  app.require_subcommand(1);
  app.footer(std::string("\n") + kSumSyntax + games_footer() +
             "\nRun 'grundy COMMAND --help' for a command's options and examples.\n");
  Arguments a;

  CLI::App* value = add_sum_command(app, "value", "Print the Grundy value of each position, one per line",
                                    "  grundy value subtraction:1,2,3 0 1 2 3 4 5 9\n"
                                    "  grundy value nim 7 + subtraction:1-3 7 --json\n",
                                    a);
  CLI::App* winner = add_sum_command(app, "winner", "Say who wins the sum of the positions: 'first' is the player to move",
                                     "  grundy winner nim 3 4 5\n"
                                     "  grundy winner nim 1 2 + subtraction:2,5,7 9 --json\n",
                                     a);
  CLI::App* moves = add_sum_command(app, "moves", "List every winning move of the sum of the positions",
                                    "  grundy moves nim 3 4 5\n"
                                    "  grundy moves graph:examples/data/chain.txt a + nim 2\n"
                                    "  grundy moves coprime 1000000000000000001 --limit 5\n",
                                    a);
  moves->add_option("--limit", a.moves_limit,
                    fmt::format("list at most this many winning moves per component (default {}, 0 for all); "
                                "the output then says how many there are in all, or that there are more",
                                kDefaultMovesLimit));

  CLI::App* table = app.add_subcommand("table", "Print the values of heap sizes 0..N, or their runs");
  table->add_option("GAME", a.table_game, "a game on heap sizes (nim, subtraction:S, division:D, coprime, xy:X,Y)")->required();
  table->add_option("--to", a.table_to, "the last heap size N (default 20)");
  table->add_flag("--runs", a.runs, "print maximal runs of equal values as [from, to) value length");
  table->add_flag("--json", a.json, "print one JSON object instead of text");
  table->footer(
      "\nText output: one 'n<TAB>G(n)' line per heap size; with --runs a table of runs.\n"
      "JSON: {\"game\", \"values\": [...]} or {\"game\", \"runs\": [{\"from\", \"to\", \"value\"}]} (to is exclusive).\n"
      "\nExamples:\n  grundy table subtraction:1,3,4 --to 14\n  grundy table subtraction:2,5,7 --to 100 --runs\n"
      "  grundy table division:2-6 --to 1000000000000000000 --runs\n");

  CLI::App* pattern = app.add_subcommand("pattern", "Find the rule of a heap game's values and say whether it is proven");
  pattern->add_option("GAME", a.pattern_game, "a game on heap sizes (nim, subtraction:S, division:D, coprime, xy:X,Y)")->required();
  pattern->add_option("--limit", a.pattern_limit,
                      fmt::format("for games without a theorem: the last heap size examined (default {})",
                                  kDefaultPatternLimit));
  pattern->add_flag("--json", a.json, "print one JSON object instead of text");
  pattern->footer(
      "\nRules: periodic, G(n + p) = G(n) for n >= e (smallest p, then smallest e); self-similar,\n"
      "G(n) = G(floor(n / m)) for n >= n0 (smallest m, then smallest n0); or none.\n"
      "A rule is 'proven' when a theorem turns the finite check into a proof for every n:\n"
      "  subtraction:S  G(n) depends only on the max(S) values before it, so a window of\n"
      "                 max(S) values that recurs makes the sequence periodic from there on.\n"
      "  division:D     a check of G(n) = G(floor(n/m)) for n0 <= n < max(max(D) * n0, m) covers\n"
      "                 every n, by induction (docs/games/division.md).\n"
      "  xy:X,Y         with lcm(X, Y) <= 250000: the forbidden sizes repeat every lcm, so two\n"
      "                 values that recur 2 lcm later make G periodic from there (docs/games/xy.md).\n"
      "Other games get a rule observed on G(0..limit), marked 'not proven'.\n"
      "JSON: {\"game\", \"kind\": \"periodic\"|\"self-similar\"|\"none\", \"proven\", \"checked_up_to\",\n"
      "  periodic: \"preperiod\", \"period\", \"values\" (G(0..e+p-1)); self-similar: \"base\", \"from\",\n"
      "  \"values\" (G(0..n0-1)); when proven: \"proof_bound\", \"theorem\"}.\n"
      "\nExamples:\n  grundy pattern subtraction:2,5,7\n  grundy pattern division:2-6 --json\n");

  CLI::App* contest = app.add_subcommand("contest", "Solve a contest problem's input exactly as its judge expects");
  contest->add_option("PROBLEM", a.contest_problem,
                      fmt::format("the problem: {}", fmt::join(contest_problem_names(), ", ")))
      ->required()
      ->check(CLI::IsMember(contest_problem_names()));
  contest->add_option("--input", a.contest_input, "read this file instead of standard input");
  contest->footer(
      "\nProblems:\n"
      "  fdivgame  CodeChef FDIVGAME (Floor Division Game): T, then per test a line N and a line\n"
      "            of N integers 1..10^18; prints Henry (first player wins) or Derek per test.\n"
      "            The game of one integer is division:2-6.\n"
      "  not-a-nim Codeforces 2004E (Not a Nim Problem): t, then per test a line n and a line of\n"
      "            n piles (officially 1..10^7; any 64-bit pile is accepted, large ones cost more);\n"
      "            prints Alice (first player wins) or Bob per test. One pile is the game coprime.\n"
      "  xy-game   AtCoder ARC208 E (XY Game): T, then per test a line N X Y (1 <= X < Y <= 10^9)\n"
      "            and a line of N piles 1..10^18; prints Alice (first player wins) or Bob per\n"
      "            test. One pile is the game xy:X,Y.\n"
      "The whole input is checked before anything is printed: a malformed input is an error\n"
      "naming its line and column (exit status 2), never a partial answer.\n"
      "\nExamples:\n  grundy contest fdivgame < input.txt\n  grundy contest fdivgame --input tests/data/contest/fdivgame_1.in\n"
      "  grundy contest not-a-nim --input tests/data/contest/cf2004e_1.in\n"
      "  grundy contest xy-game --input tests/data/contest/arc208e_1.in\n");

  CLI::App* play = app.add_subcommand("play", "Play a game against the engine, which never misses a win");
  play->add_option("GAME POS...", a.sum, "a sum of games: GAME POS [POS...] [+ GAME POS...]")->required();
  play->add_option("--first", a.first, "who moves first: me (default) or engine")
      ->check(CLI::IsMember({"me", "engine"}));
  play->add_option("--seed", a.seed,
                   "make the engine's choices among equally good moves repeatable (default: a new game each time)");
  play->footer(std::string("\n") + kSumSyntax +
               "\nYou and the engine take turns; a turn is one move in one component, and whoever\n"
               "cannot move loses. Type a component's number and its new position ('2 1': heap 2\n"
               "becomes 1), or a command: hint, values, undo, help, quit. Commands come one per line\n"
               "from standard input, so a game can also be scripted through a pipe (each command is\n"
               "then echoed). Colours only on a terminal, and never when NO_COLOR is set.\n"
               "\nExamples:\n  grundy play nim 3 4 5\n  grundy play subtraction:1,3,4 20 --first engine\n"
               "  grundy play nim 3 + division:2-6 100 --seed 7\n"
               "  printf '1 1\\nhint\\n' | grundy play nim 3 4 5 --seed 1\n");

  CLI::App* games = app.add_subcommand("games", "List the built-in games and their spec strings");
  games->add_flag("--json", a.json, "print one JSON object instead of text");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fputs("grundy: error: ", stderr);
    app.exit(e);
    return kExitInputError;
  }

  // Long computations (large tables, prime counts near 10^18, pattern
  // searches) say so on stderr.
  set_progress_output(stderr);
  const Format format = a.json ? Format::json : Format::text;
  Output out;
  if (value->parsed()) print_values(parse_sum_arguments(a.sum), format, out);
  if (winner->parsed()) print_winner(parse_sum_arguments(a.sum), format, out);
  if (moves->parsed()) print_moves(parse_sum_arguments(a.sum), parse_moves_limit(a.moves_limit), format, out);
  if (table->parsed()) {
    TableRequest request{parse_table_bound(a.table_to), a.runs};
    print_table(*parse_game(a.table_game), request, format, out);
  }
  if (pattern->parsed()) print_pattern(*parse_game(a.pattern_game), parse_pattern_limit(a.pattern_limit), format, out);
  if (contest->parsed()) solve_contest(a.contest_problem, a.contest_input, out);
  if (games->parsed()) print_games(format, out);
  if (play->parsed()) {
    const SumArguments sum = parse_sum_arguments(a.sum);
    PlayOptions options;
    options.first = a.first == "engine" ? FirstPlayer::engine : FirstPlayer::person;
    options.seed = a.seed ? parse_seed(*a.seed) : std::random_device{}();
    options.seed_given = a.seed.has_value();
    keep_transcript_when_interrupted();
    return grundy::cli::play(sum, options);
  }
  if (!out.flush()) {
    take_back_output();
    std::fputs("grundy: error: could not write the output\n", stderr);
    return 1;
  }
  finish_output();
  return 0;
}

// After an error, what was written to a file is taken back: a partial
// answer next to an error message could be read as the answer.
void print_error(const char* prefix, const char* message) {
  take_back_output();
  fmt::print(stderr, "grundy: {}{}\n", prefix, message);
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything is written and before any thread starts.
  record_output_start();
  handle_interruptions();
  try {
    return run(argc, argv);
  } catch (const InputError& e) {
    print_error("error: ", e.what());
    return kExitInputError;
  } catch (const LimitError& e) {
    print_error("error: ", e.what());
    return 1;
  } catch (const OutputFailed& e) {
    print_error("error: ", e.what());
    return 1;
  } catch (const std::bad_alloc&) {
    print_error("error: ", "out of memory");
    return 1;
  } catch (const std::exception& e) {
    print_error("internal error: ", e.what());
    return 1;
  }
}
