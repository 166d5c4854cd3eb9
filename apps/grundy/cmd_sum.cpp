// value, winner and moves: the commands that answer for a sum of games.

#include <functional>
#include <memory>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "command.hpp"
#include "grundy/error.hpp"
#include "grundy/parse_number.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

namespace {

struct SumCommandOptions {
  SumOptions sum;
  bool json = false;
  bool ascii = false;                                            // infinite values as inf{...}
  std::string moves_limit = std::to_string(kDefaultMovesLimit);  // moves --limit
};

// How one of the three commands answers from its options, the sum among them.
using PrintSum = std::function<void(const SumCommandOptions& options, Convention convention, Format format, bool ascii,
                                    Output& out)>;

// winner's and moves' --misere; value's says what it prints instead.
constexpr const char* kMisereHelp =
    "misère play: whoever makes the last move loses (docs/misere.md); the answer says how it was found: "
    "Bouton's rule for Nim, a misère quotient for heaps of one game, Conway's genus when every heap "
    "is tame (games may mix), or an exact search";

// The command, with the options value, winner and moves share.
Command add_sum_command(CLI::App& app, const char* name, const char* description, const char* examples,
                        const char* misere_help, const std::shared_ptr<SumCommandOptions>& options, PrintSum print) {
  CLI::App* cmd = app.add_subcommand(name, description);
  add_sum_option(*cmd, options->sum);
  cmd->add_flag("--json", options->json, "print one JSON object instead of text");
  cmd->add_flag("--ascii", options->ascii,
                "write an infinite value as inf{0,2}, not \u221e{0,2} (the default when the locale is not UTF-8)");
  add_memory_option(*cmd, options->sum);
  cmd->add_flag("--misere", options->sum.misere, misere_help);
  cmd->footer("\n" + sum_help() + "\nExamples:\n" + examples);
  auto run = answering([options, print = std::move(print)](Output& out) {
    options->sum.budget = read_budget(options->sum.memory, options->sum.threads);
    const bool ascii = options->ascii || !locale_is_utf8();
    // The one place the sum commands' convention is chosen.
    const Convention convention = options->sum.misere ? Convention::misere : Convention::normal;
    print(*options, convention, output_format(options->json), ascii, out);
  });
  return {cmd, run, &options->sum.sum};
}

// 0 lists every move.
std::uint64_t parse_moves_limit(const std::string& text) {
  auto n = parse_u64(text);
  if (!n)
    throw InputError(
        fmt::format("--limit '{}': {}; expected how many winning moves to list per component, "
                    "a whole number (0 for all)",
                    text, why_not_u64(text)));
  return *n == 0 ? kNoLimit : *n;
}

void print_sum_values(const SumCommandOptions& options, Convention convention, Format format, bool ascii, Output& out) {
  print_values(read_sum_for_table(options.sum), convention, format, ascii, out);
}

void print_sum_winner(const SumCommandOptions& options, Convention convention, Format format, bool ascii, Output& out) {
  print_winner(read_sum_for_table(options.sum), convention, format, ascii, out);
}

void print_sum_moves(const SumCommandOptions& options, Convention convention, Format format, bool ascii, Output& out) {
  // A mistyped --limit is reported before anything the sum's words are wrong in.
  const std::uint64_t limit = parse_moves_limit(options.moves_limit);
  print_moves(read_sum_for_table(options.sum), convention, limit, format, ascii, out);
}

}  // namespace

Command add_value_command(CLI::App& app) {
  return add_sum_command(app, "value", "Print the Grundy value of each position, one per line",
                         "  grundy value subtraction:1,2,3 0 1 2 3 4 5 9\n"
                         "  grundy value nim 7 + subtraction:1-3 7 --json\n"
                         "  grundy value --misere octal:0.31 1 2 3 4\n",
                         "print each position's misère genus, Conway's g^m (g its Grundy value, m its misère Grundy "
                         "value), where its game is tame; else why no single number decides misère sums "
                         "(docs/misere.md)",
                         std::make_shared<SumCommandOptions>(), print_sum_values);
}

Command add_winner_command(CLI::App& app) {
  return add_sum_command(app, "winner", "Say who wins the sum of the positions: 'first' is the player to move",
                         "  grundy winner nim 3 4 5\n"
                         "  grundy winner nim 1 2 + subtraction:2,5,7 9 --json\n"
                         "  grundy winner --misere nim 1 1 1\n"
                         "  grundy winner --misere octal:0.75 5 7 9 --json\n",
                         kMisereHelp, std::make_shared<SumCommandOptions>(), print_sum_winner);
}

Command add_moves_command(CLI::App& app) {
  auto options = std::make_shared<SumCommandOptions>();
  Command moves = add_sum_command(
      app, "moves", "List every winning move of the sum of the positions (in a draw, every move keeping it)",
      "  grundy moves nim 3 4 5\n"
      "  grundy moves graph:examples/data/chain.txt a + nim 2\n"
      "  grundy moves graph:examples/data/loopy.txt study + nim 2\n"
      "  grundy moves coprime 1000000000000000001 --limit 5\n"
      "  grundy moves --misere nim 2 1 1\n"
      "  grundy moves --misere kayles 4 6 7\n",
      kMisereHelp, options, print_sum_moves);
  moves.app
      ->add_option(
          "--limit", options->moves_limit,
          fmt::format("list at most this many winning (or draw-keeping) moves per component (default {}, 0 for all); "
                      "the output then says how many there are in all, or that there are more",
                      kDefaultMovesLimit))
      ->type_name("N");
  return moves;
}

}  // namespace grundy::cli
