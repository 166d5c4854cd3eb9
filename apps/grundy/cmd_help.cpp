// games and help: what grundy knows, and how to ask it.

#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "command.hpp"
#include "grundy/closest_name.hpp"
#include "grundy/error.hpp"
#include "grundy/quote.hpp"
#include "grundy/spec.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

namespace {

// grundy help [COMMAND]: the same text as --help, on standard output.
int print_help(CLI::App& app, const std::string& command) {
  if (command.empty()) {
    // app.help() would describe the command being run, 'help' itself.
    std::fputs(app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal).c_str(), stdout);
    return 0;
  }
  for (CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name() == command) {
      std::fputs(sub->help(app.get_name()).c_str(), stdout);
      return 0;
    }
  }
  // A game asked about as a command would be: its line of 'grundy games'.
  const std::vector<GameFamily> families = game_families();
  for (const GameFamily& f : families) {
    if (f.name == command) {
      std::fputs(fmt::format("{:<16} {}\n{:<16} example: grundy value {} {}\n", f.syntax, f.summary, "", f.example,
                             f.example_positions)
                     .c_str(),
                 stdout);
      return 0;
    }
  }
  // "Did you mean": another command, or a game ('help' itself is where
  // the reader already is).
  std::vector<std::string_view> names;
  for (const CLI::App* sub : app.get_subcommands({}))
    if (sub->get_name() != "help") names.emplace_back(sub->get_name());
  const std::size_t commands = names.size();
  for (const GameFamily& f : families) names.push_back(f.name);
  const auto closest = closest_name(command, names);
  const std::string list = fmt::format("{}", fmt::join(std::span(names).first(commands), ", "));
  throw InputError(
      fmt::format("unknown command or game {}: {}expected a command ({}) or a game ('grundy games' "
                  "lists them)",
                  quote(command), closest ? fmt::format("did you mean {}? ", quote(*closest)) : "", list));
}

}  // namespace

Command add_games_command(CLI::App& app) {
  auto json = std::make_shared<bool>(false);
  CLI::App* games = app.add_subcommand("games", "List the built-in games and their spec strings");
  games->add_flag("--json", *json, "print one JSON object instead of text");
  games->footer(
      "\nText output: for each game its spec syntax and rule, then an example spec.\n"
      "JSON: {\"games\": [{\"name\", \"syntax\", \"summary\", \"example\"}]}.\n"
      "\nExamples:\n  grundy games\n  grundy games --json\n");
  return {games, answering([json](Output& out) { print_games(output_format(*json), out); })};
}

Command add_help_command(CLI::App& app) {
  auto command = std::make_shared<std::string>();
  CLI::App* help = app.add_subcommand("help", "Show the help of grundy, or of one command");
  help->add_option("COMMAND", *command, "the command (or game) to describe")->type_name("");
  help->footer("\nExamples:\n  grundy help\n  grundy help moves\n  grundy help cram\n");
  return {help, [&app, command] { return print_help(app, *command); }};
}

}  // namespace grundy::cli
