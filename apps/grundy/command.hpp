#pragma once
// The commands of the command line, one unit each (cmd_*.cpp). Each adds its
// subcommand and the options it reads to the app, and hands back how to run
// it; main.cpp builds the app, adds the commands in the order of the help,
// parses, and runs the one chosen. Below: what several commands share, the
// sum's options and the way an answer is printed.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "grundy/frontend/sum_answers.hpp"
#include "grundy/game_sum.hpp"
#include "grundy/frontend/output.hpp"

namespace grundy::cli {

// The exit status of a usage or input error (main.cpp lists them all).
inline constexpr int kExitInputError = 2;

struct Command {
  CLI::App* app = nullptr;  // the subcommand, with its options
  // Runs the command once the command line is parsed into its options;
  // returns the exit status.
  std::function<int()> run;
  // The words of the sum, for a command that reads one (value, winner,
  // moves, play); nullptr for the others. The words after '--' join them
  // after parsing (main.cpp).
  std::vector<std::string>* sum = nullptr;
};

// Each command, as `grundy --help` lists them.
Command add_value_command(CLI::App& app);
Command add_winner_command(CLI::App& app);
Command add_moves_command(CLI::App& app);
Command add_table_command(CLI::App& app);
Command add_pattern_command(CLI::App& app);
Command add_plot_command(CLI::App& app);
Command add_rare_command(CLI::App& app);
Command add_quotient_command(CLI::App& app);
Command add_census_command(CLI::App& app);
Command add_contest_command(CLI::App& app);
Command add_play_command(CLI::App& app);
Command add_serve_command(CLI::App& app);
Command add_games_command(CLI::App& app);
Command add_help_command(CLI::App& app);

// How a sum is written, and the games, one line each from the catalogue:
// the help of grundy and of each command that reads a sum.
[[nodiscard]] std::string sum_help();

// The options of a command that reads a sum.
struct SumOptions {
  std::vector<std::string> sum;
  bool misere = false;                    // the last player to move loses
  std::optional<std::string> memory;      // --memory: the search table's bound
  std::optional<std::string> table_file;  // --table: where the search table is kept
  std::optional<std::string> threads;     // --threads: the search's threads
  ExecutionBudget budget;                 // --memory and --threads, once read (read_budget)
};

// The sum, as the positional "GAME POS" (main.cpp's usage line shows it
// required, though CLI11 is not told so).
void add_sum_option(CLI::App& cmd, SumOptions& options);
// --memory, --table and --threads.
void add_memory_option(CLI::App& cmd, SumOptions& options);

// The sum read, its games within options.budget, with --table's file
// handed to the games that keep their search's table in it.
[[nodiscard]] GameSum read_sum_for_table(const SumOptions& options);

// --memory's size in bytes (InputError naming the option when it is not one).
[[nodiscard]] std::size_t read_memory_option(const std::string& given);
// --threads, else GRUNDY_THREADS, else 0 (every core), checked: the number
// asked for. A note on stderr says when the process may use fewer cores
// (the budget then takes those it may use: threads_taken).
[[nodiscard]] unsigned read_threads_option(const std::optional<std::string>& given);
// The budget of the games a command reads: --memory (else a quarter of the
// machine) and --threads, read in that order.
[[nodiscard]] ExecutionBudget read_budget(const std::optional<std::string>& memory,
                                          const std::optional<std::string>& threads);
// That note, when `taken` (the threads used) is fewer than `asked` (0:
// every core, no note); `where` names the option.
void note_threads_taken(std::string_view where, unsigned asked, unsigned taken);
// --threads for a heap game's values (pattern, table).
void add_value_threads_option(CLI::App& cmd, std::optional<std::string>& threads);

// The game of a command about one game (table, pattern, plot, rare,
// quotient), as the positional "GAME".
void add_game_option(CLI::App& cmd, std::string& game, const std::string& description);

// --to N of table, plot and rare: the last heap size.
[[nodiscard]] std::uint64_t parse_table_bound(const std::string& text);

// --json or not.
[[nodiscard]] inline frontend::Format output_format(bool json) {
  return json ? frontend::Format::json : frontend::Format::text;
}

// The run of a command that answers on standard output: `print` writes the
// answer into `out`, and the exit status is 1 when it could not be written
// in full.
[[nodiscard]] std::function<int()> answering(std::function<void(frontend::Output& out)> print);

}  // namespace grundy::cli
