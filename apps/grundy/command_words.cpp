#include "command_words.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "grundy/closest_name.hpp"
#include "grundy/error.hpp"
#include "grundy/quote.hpp"

namespace grundy::cli {
namespace {

// The option of `command` that a mistyped "--word" most likely stands for
// ("--json" for "--jsn", "--misere" for "--misère"), or "".
std::string closest_option(const CLI::App& command, std::string word) {
  if (const std::size_t eq = word.find('='); eq != std::string::npos) word.resize(eq);
  // Accented Latin letters typed for plain ones: è é ê ë (UTF-8 C3 A8..AB) as e.
  for (std::size_t i = 0; i + 1 < word.size(); ++i)
    if (static_cast<unsigned char>(word[i]) == 0xc3 && (static_cast<unsigned char>(word[i + 1]) & 0xfc) == 0xa8)
      word.replace(i, 2, "e");
  std::vector<std::string> names;
  for (const CLI::Option* o : command.get_options())
    for (const std::string& l : o->get_lnames()) names.push_back("--" + l);
  if (std::find(names.begin(), names.end(), word) != names.end()) return word;
  const std::vector<std::string_view> views(names.begin(), names.end());
  const auto closest = closest_name(word, views);
  return closest ? std::string(*closest) : std::string();
}

// The names of grundy's commands, in the order of the help.
std::vector<std::string_view> command_names(CLI::App& app) {
  std::vector<std::string_view> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.emplace_back(sub->get_name());
  return names;
}

}  // namespace

std::string expected_command(CLI::App& app, std::string_view word) {
  const std::vector<std::string_view> names = command_names(app);
  const auto closest = closest_name(word, names);
  const std::string list = fmt::format("{}", fmt::join(names, ", "));
  if (closest) return fmt::format("did you mean '{}'? The commands are {}", *closest, list);
  return fmt::format("expected one of {}", list);
}

void check_command_words(CLI::App& app, std::span<const std::string_view> sum_commands, int argc, char** argv) {
  if (argc < 2)
    throw InputError(
        fmt::format("expected a command: {}; 'grundy help' describes them", fmt::join(command_names(app), ", ")));
  const std::string_view command = argv[1];
  if (command == "-h" || command == "--help" || command == "--version") return;  // CLI11's own
  if (command.starts_with('-'))
    throw InputError(
        fmt::format("unknown option {} before the command: options come after the command, "
                    "as in 'grundy value nim 3 --json'; 'grundy help' describes the commands",
                    quote(command)));
  const std::vector<std::string_view> names = command_names(app);
  if (std::find(names.begin(), names.end(), command) == names.end())
    throw InputError(fmt::format("unknown command {}: {}; 'grundy help' describes them", quote(command),
                                 expected_command(app, command)));
  // '--' and '++' mean nothing to the commands that read no sum.
  if (std::find(sum_commands.begin(), sum_commands.end(), command) == sum_commands.end()) {
    for (int i = 2; i < argc; ++i)
      if (std::string_view(argv[i]) == "--")
        throw InputError(
            fmt::format("'--' is for the words of a sum ({}), not for '{}'", fmt::join(sum_commands, ", "), command));
    return;
  }
  // The options that take a value, whose value is not a word of the sum.
  constexpr std::string_view kValued[] = {"--limit", "--first", "--seed", "--to", "--input", "--memory", "--table"};
  constexpr std::string_view kFlags[] = {"--json", "--ascii", "--runs", "--misere", "--help", "-h"};
  std::size_t word = 0;  // the sum's words, counted from 1 as the sum's messages count them
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") return;  // the rest are words of the sum, whatever they look like
    if (std::find(std::begin(kValued), std::end(kValued), arg) != std::end(kValued)) {
      ++i;
      continue;
    }
    if (std::find(std::begin(kFlags), std::end(kFlags), arg) != std::end(kFlags) ||
        (arg.starts_with("--") && arg.find('=') != std::string_view::npos))
      continue;
    ++word;
    if (arg == "++")
      throw InputError(
          fmt::format("argument {}: '++' is not a word of a sum; '+' alone starts components in "
                      "another game, as in 'nim 3 + subtraction:1-3 7'",
                      word));
  }
}

std::string parse_error_message(CLI::App& app, const CLI::ParseError& error,
                                std::span<const std::string_view> sum_commands, int argc, char** argv) {
  // CLI11's message quotes the words as typed: made printable like every
  // other echo of input (no escape sequence, no second line).
  const std::vector<CLI::App*> chosen = app.get_subcommands();
  const bool sum_command = !chosen.empty() && std::find(sum_commands.begin(), sum_commands.end(),
                                                        chosen.front()->get_name()) != sum_commands.end();
  std::string what = error.what();
  const bool dash_word = what.find("not expected: -") != std::string_view::npos;
  // CLI11's words for an option given twice, and for a sum where one game is expected, said plainly.
  if (const std::size_t at = what.find(": At Most 1 required but received "); at != std::string::npos)
    what = fmt::format("{} is given {} times; give it once", what.substr(0, at),
                       what.substr(at + std::string_view(": At Most 1 required but received ").size()));
  const bool plus_word = std::any_of(argv + 1, argv + argc, [](const char* w) { return std::string_view(w) == "+"; });
  if (!chosen.empty() && chosen.front()->get_name() == "quotient" && plus_word &&
      what.find("not expected") != std::string::npos)
    what =
        "quotient takes one game, not a sum: the quotient of a game covers every sum of its heaps "
        "(for sums of several games, 'grundy winner --misere' decides by genus or search)";
  // An option mistyped: the closest option of the command (accents
  // dropped first: --misère is --misere), else the note on positions that
  // start with '-'.
  std::string note = sum_command && dash_word ? " (a position that starts with '-' is written after '--')" : "";
  if (const std::size_t at = what.find("not expected: --"); at != std::string::npos && !chosen.empty()) {
    const std::string word = what.substr(at + std::string_view("not expected: ").size());
    if (const std::string option = closest_option(*chosen.front(), word); !option.empty())
      note = fmt::format(" (did you mean '{}'?)", option);
  }
  return fmt::format("{}{}; see 'grundy help{}{}'", printable_whole(what), note, chosen.empty() ? "" : " ",
                     chosen.empty() ? "" : chosen.front()->get_name());
}

}  // namespace grundy::cli
