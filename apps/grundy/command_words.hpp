#pragma once
// The words of the command line that CLI11 alone would answer too vaguely:
// the command word and the sum's '--' and '++', checked before CLI11
// parses, and CLI11's parse errors said again in one plain line.

#include <span>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace grundy::cli {

// "did you mean 'help'? The commands are ..." or "expected one of ...".
[[nodiscard]] std::string expected_command(CLI::App& app, std::string_view word);

// Throws InputError for a missing or unknown command word ("A subcommand
// is required"), for an option before the command, for '--' after a
// command that reads no sum, and for '++' in a sum, which CLI11 takes as
// the end of the command's arguments. `sum_commands`: the commands that
// read a sum.
void check_command_words(CLI::App& app, std::span<const std::string_view> sum_commands, int argc, char** argv);

// The message of a CLI11 parse error, without "grundy: error: ": one line,
// printable, that points to the help of the command.
[[nodiscard]] std::string parse_error_message(CLI::App& app, const CLI::ParseError& error,
                                              std::span<const std::string_view> sum_commands, int argc, char** argv);

}  // namespace grundy::cli
