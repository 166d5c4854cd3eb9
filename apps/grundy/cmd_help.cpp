// games and help: what grundy knows, and how to ask it.

#include <cstdio>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "command.hpp"
#include "command_words.hpp"
#include "grundy/error.hpp"
#include "grundy/quote.hpp"

namespace grundy::cli {
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
  throw InputError(fmt::format("unknown command {}: {}", quote(command), expected_command(app, command)));
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
  help->add_option("COMMAND", *command, "the command to describe")->type_name("");
  help->footer("\nExamples:\n  grundy help\n  grundy help moves\n");
  return {help, [&app, command] { return print_help(app, *command); }};
}

}  // namespace grundy::cli
