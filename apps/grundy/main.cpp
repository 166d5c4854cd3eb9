// grundy: the command-line front end. A thin layer: parse the command line
// with CLI11, call the library, print text or JSON. Exit status 0 on success,
// 2 on a usage or input error (message on stderr), 1 on any other failure;
// 130 (143) when Ctrl-C (SIGTERM) stops it (interrupt.hpp). A failed or
// interrupted run leaves no partial answer in a file (grundy/frontend/output.hpp; the errors
// are reported by exit_status.hpp). Each
// command is a unit of its own (command.hpp); this one builds the app,
// parses and runs the command chosen.

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "command.hpp"
#include "command_words.hpp"
#include "exit_status.hpp"
#include "grundy/frontend/output.hpp"
#include "grundy/frontend/stop_signals.hpp"

namespace {

using namespace grundy;
using namespace grundy::cli;
using namespace grundy::frontend;

// Usage lines as CLI11 writes them, but for the sum: required, though CLI11
// is not told so (see add_sum_option), so not shown in brackets.
class UsageFormatter : public CLI::Formatter {
 public:
  std::string make_option_usage(const CLI::Option* opt) const override {
    std::string usage = CLI::Formatter::make_option_usage(opt);
    if (usage == "[GAME POS...]") usage = usage.substr(1, usage.size() - 2);
    return usage;
  }
};

int run(int argc, char** argv) {
  CLI::App app{"grundy: Sprague-Grundy values, winners and winning moves of impartial games", "grundy"};
  app.set_version_flag("--version", "grundy 0.1.0");
  app.formatter(std::make_shared<UsageFormatter>());  // before the commands, which copy it
  // CLI11 says "subcommand"; people say "command".
  app.get_formatter()->label("SUBCOMMAND", "COMMAND");
  app.require_subcommand(1);
  app.footer("\n" + sum_help() +
             "\nRun 'grundy help COMMAND' (or 'grundy COMMAND --help') for a command's options and examples.\n");
  // In the order of the help (a braced list is evaluated in order).
  const std::vector<Command> commands = {add_value_command(app),   add_winner_command(app),   add_moves_command(app),
                                         add_table_command(app),   add_pattern_command(app),  add_plot_command(app),
                                         add_rare_command(app),    add_quotient_command(app), add_census_command(app),
                                         add_contest_command(app), add_play_command(app),     add_serve_command(app),
                                         add_games_command(app),   add_help_command(app)};
  std::vector<std::string_view> sum_commands;
  for (const Command& command : commands) {
    command.app->group("Commands");
    if (command.sum != nullptr) sum_commands.emplace_back(command.app->get_name());
  }
  check_command_words(app, sum_commands, argc, argv);
  // '--' ends the options: every word after it is a word of the sum, such as
  // a vertex named '-x'. CLI11 would take '--' as the end of one list
  // positional and the start of the next, so the words after it are kept
  // from CLI11 and added to the sum after parsing.
  int parsed_count = argc;
  for (int i = 2; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--") {
      parsed_count = i;
      break;
    }
  }
  try {
    app.parse(parsed_count, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line, like every other error, pointing to the help of the command.
    fmt::print(stderr, "grundy: error: {}\n", parse_error_message(app, e, sum_commands, argc, argv));
    return kExitInputError;
  }
  for (const Command& command : commands) {
    if (!command.app->parsed()) continue;
    // Only sum commands get here with a '--' (check_command_words).
    if (parsed_count < argc) command.sum->insert(command.sum->end(), argv + parsed_count + 1, argv + argc);
    return command.run();
  }
  return 0;  // not reached: CLI11 requires a command
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything is written and before any thread starts.
  record_output_start();
  handle_interruptions();
  return run_reporting_errors([&] { return run(argc, argv); });
}
