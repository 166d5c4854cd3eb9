// grundy: the command-line front end. A thin layer: parse the command line
// with CLI11, call the library, print text or JSON. Exit status 0 on success,
// 2 on a usage or input error (message on stderr), 1 on any other failure;
// 130 (143) when Ctrl-C (SIGTERM) stops it (interrupt.hpp). A failed or
// interrupted run leaves no partial answer in a file (output.hpp).

#include <algorithm>
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

#include "census.hpp"
#include "census_rows.hpp"
#include "commands.hpp"
#include "misere_commands.hpp"
#include "stop_signals.hpp"
#include "play.hpp"
#include "plot.hpp"
#include "rare.hpp"
#include "serve.hpp"
#include "grundy/closest_name.hpp"
#include "grundy/error.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/pattern.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"
#include "grundy/registry.hpp"
#include "grundy/spec.hpp"
#include "grundy/search/transposition_table.hpp"
#include "grundy/value_plot.hpp"
#include "words.hpp"
#include "grundy/game_sum.hpp"

namespace {

using namespace grundy;
using namespace grundy::cli;

constexpr int kExitInputError = 2;

constexpr const char* kSumSyntax =
    "A sum of games is written GAME POS [POS...] [+ GAME POS [POS...]]...: each POS is one\n"
    "component in the game named before it, and '+' starts components in another game.\n";

// The games, one line each, from the catalogue: help texts never fall behind it.
std::string games_paragraph() {
  std::string text = "Games (spec strings; 'grundy games' describes them):\n";
  for (const GameFamily& f : game_families()) {
    if (f.example == f.syntax) {
      text += fmt::format("  {}\n", f.syntax);
    } else {
      text += fmt::format("  {:<16} such as {}\n", f.syntax, f.example);
    }
  }
  return text;
}

std::string sum_help() { return std::string(kSumSyntax) + games_paragraph(); }

struct Arguments {
  std::vector<std::string> sum;
  std::string table_game;
  std::string table_to = "20";
  bool runs = false;
  bool json = false;
  std::string pattern_game;
  std::string plot_game;
  std::string plot_to = "1000";
  std::string plot_output;
  std::string plot_size = "1000x480";
  std::string plot_max_heap;  // "": pattern's default for the game
  std::string rare_game;
  std::string rare_to;
  bool rare_list = false;
  std::string rare_save;
  std::string rare_resume;
  double rare_save_every = 1800;
  std::string contest_problem;
  std::string contest_input;
  std::string pattern_limit;  // empty: the game's default
  std::string moves_limit = std::to_string(kDefaultMovesLimit);
  bool ascii = false;  // infinite values as inf{...}
  bool misere = false;  // the last player to move loses
  std::optional<std::string> memory;  // --memory: the search table's bound
  std::optional<std::string> table_file;  // --table: where the search table is kept
  std::string quotient_game;
  std::string quotient_max_heap = std::to_string(kDefaultQuotientMaxHeap);
  std::string first = "me";
  std::optional<std::string> seed;
  std::string help_command;
  bool pattern_values = false;  // pattern --values: every value of the rule, not the first ones
  std::string census_family;
  std::string census_digits;
  std::string census_max_heap;  // "": the default of the kind of census
  bool census_misere = false;
  std::string census_shard;
  std::string census_resume;
  std::vector<std::string> census_merge;
  bool census_estimate = false;  // --estimate: say what the run would cost, and stop
  std::string census_jobs = "0";
  ServeOptions serve;
  double serve_time_limit = 3;
};

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

// Not required by CLI11: the words after '--' join the sum after parsing,
// and read_sum says what is missing when there are none.
void add_sum_option(CLI::App& cmd, Arguments& a) {
  cmd.add_option("GAME POS", a.sum, "a sum of games: GAME POS [POS...] [+ GAME POS [POS...]]...")->type_name("");
}

void add_memory_option(CLI::App& cmd, Arguments& a);

CLI::App* add_sum_command(CLI::App& app, const char* name, const char* description, const char* examples,
                          Arguments& a) {
  CLI::App* cmd = app.add_subcommand(name, description);
  add_sum_option(*cmd, a);
  cmd->add_flag("--json", a.json, "print one JSON object instead of text");
  cmd->add_flag("--ascii", a.ascii, "write an infinite value as inf{0,2}, not \u221e{0,2} (the default when the locale is not UTF-8)");
  add_memory_option(*cmd, a);
  cmd->footer("\n" + sum_help() + "\nExamples:\n" + examples);
  return cmd;
}

void add_memory_option(CLI::App& cmd, Arguments& a) {
  cmd.add_option("--memory", a.memory,
                 "at most this much memory for the table of the search that values boards (cram), and for "
                 "a misère search (--misere): 512M, 4G (default: a quarter of the machine's); a smaller table "
                 "forgets more, never answers wrongly; a misère search stops with an error past it")
      ->type_name("SIZE");
  cmd.add_option("--table", a.table_file,
                 "keep that search's table in FILE (cram only): read when the run starts, written every 10 s, at "
                 "the end and on Ctrl-C, so a long search stopped goes on from there when run again")
      ->type_name("FILE");
}

// The sum read, and --table's file handed to the games that keep their
// search's table in it. The file is refused when a game of the sum would
// ignore it (a search that keeps no file) or when none would use it: a file
// named and silently not used would look like a table kept.
GameSum read_sum_for_table(const Arguments& a) {
  GameSum sum = read_sum(a.sum);
  if (!a.table_file) return sum;
  if (a.table_file->empty()) throw InputError("--table '': the file name is empty");
  bool used = false;
  for (const auto& game : sum.games) {
    if (game->table_file_use() == Game::TableFileUse::not_kept)
      throw InputError(fmt::format("--table {}: {} keeps no search table in a file (only cram does); run it "
                                   "without --table",
                                   quote_path(*a.table_file), game->label()));
    used = used || game->table_file_use() == Game::TableFileUse::kept;
  }
  if (!used)
    throw InputError(fmt::format("--table {}: only cram keeps its search table in a file, and this sum has no cram "
                                 "board",
                                 quote_path(*a.table_file)));
  for (const auto& game : sum.games)
    if (game->table_file_use() == Game::TableFileUse::kept) game->keep_table_in(*a.table_file);
  return sum;
}

// --memory's size, set as the default of the search tables made from now on.
void apply_memory_option(const std::optional<std::string>& given) {
  if (!given) return;
  const std::string& text = *given;
  const std::optional<std::uint64_t> bytes = parse_byte_size(text);
  if (!bytes)
    throw InputError(fmt::format("--memory {}: expected a size such as 512M or 4G (a whole number with K, M, G or "
                                 "T for powers of 1024, or bytes), at least 1K",
                                 quote(text)));
  set_default_table_bytes(static_cast<std::size_t>(*bytes));
}

void add_misere_flag(CLI::App& cmd, Arguments& a) {
  cmd.add_flag("--misere", a.misere,
               "misère play: whoever makes the last move loses (docs/misere.md); the answer says how it was found: "
               "Bouton's rule for Nim, a misère quotient for heaps of one game, Conway's genus when every heap "
               "is tame (games may mix), or an exact search");
}

// Each family's theorem (GameFamily::theorem), as pattern's help lists
// them: the syntax, then the sentence wrapped to 92 columns.
std::string family_theorems() {
  constexpr std::size_t kIndent = 17;
  constexpr std::size_t kWidth = 92;
  std::string out;
  for (const GameFamily& f : game_families()) {
    if (f.theorem.empty()) continue;
    std::string line = fmt::format("  {:<{}}", f.syntax, kIndent - 2);
    for (const std::string& word : split_words(std::string(f.theorem))) {
      if (line.size() + 1 + word.size() > kWidth && line.size() > kIndent) {
        out += line + "\n";
        line = std::string(kIndent, ' ');
      }
      line += (line.size() == kIndent || line.back() == ' ' ? "" : " ") + word;
    }
    out += line + "\n";
  }
  return out;
}

std::uint64_t parse_quotient_max_heap(const std::string& text) {
  auto n = parse_u64(text);
  if (!n || *n == 0 || *n > kMaxQuotientMaxHeap)
    throw InputError(fmt::format("--max-heap '{}': {}; expected the largest heap of the quotient, a whole number "
                                 "from 1 to {}",
                                 text, !n ? why_not_u64(text) : (*n == 0 ? "zero has no heap with a move" : "too large"),
                                 kMaxQuotientMaxHeap));
  return *n;
}

std::uint64_t parse_pattern_limit(const std::string& text, const HeapGame& game, const std::string& spec) {
  if (text.empty()) return game.default_pattern_limit();
  const auto n = parse_u64(text);
  const std::string problem = n ? game.pattern_limit_problem(*n, spec) : std::string(why_not_u64(text));
  if (!problem.empty())
    throw InputError(fmt::format("--max-heap {}: {}; expected the last heap size to examine, from 1 to {}",
                                 quote(text), problem, game.max_pattern_limit()));
  return *n;
}

// The families with a census (GameFamily::census_codes), in registry order.
std::vector<std::string> census_family_names() {
  std::vector<std::string> names;
  for (const GameFamily* f : game_registry())
    if (f->census_codes != nullptr) names.emplace_back(f->name);
  return names;
}

// pattern --max-heap's help: the general default and largest bound, then
// the families whose games bound their search otherwise (as each family's
// example does: a take-and-break family computes its whole table).
std::string pattern_limit_help() {
  std::vector<std::pair<std::pair<std::uint64_t, std::uint64_t>, std::string>> groups;
  for (const GameFamily* f : game_registry()) {
    if (f->reads_file) continue;  // its example names a file that need not be there
    const std::unique_ptr<Game> example = parse_game(f->example);
    const HeapGame* heap = example->heap_game();
    if (heap == nullptr) continue;
    const std::pair bounds{heap->default_pattern_limit(), heap->max_pattern_limit()};
    if (bounds == std::pair{kDefaultPatternLimit, kMaxPatternLimit}) continue;
    const std::string name = f->takes_params() ? fmt::format("{} (as {})", f->name, f->example) : std::string(f->name);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == bounds; });
    if (it == groups.end()) groups.emplace_back(bounds, name);
    else it->second += ", " + name;
  }
  std::string text = fmt::format("the last heap size examined: the bound of the search (default {}, up to {}",
                                 kDefaultPatternLimit, kMaxPatternLimit);
  for (const auto& [bounds, names] : groups)
    text += fmt::format("; {}: default {}, up to {}", names, bounds.first, bounds.second);
  return text + ")";
}

CensusRequest parse_census(const Arguments& a) {
  CensusRequest r;
  const std::vector<std::string> with_census = census_family_names();
  for (const GameFamily* f : game_registry())
    if (f->census_codes != nullptr && f->name == a.census_family) r.family = f;
  if (r.family == nullptr)
    throw InputError(fmt::format("census '{}': only {} games have a census (grundy census {} --digits K)",
                                 a.census_family, fmt::join(with_census, ", "), with_census.front()));
  const auto digits = parse_u64(a.census_digits);
  if (!digits || *digits == 0 || *digits > r.family->max_census_digits)
    throw InputError(fmt::format("--digits '{}': expected how many digits after the point, 1 to {}", a.census_digits,
                                 r.family->max_census_digits));
  r.digits = static_cast<unsigned>(*digits);
  // The bound the family's example takes: its games' tables share one limit.
  // A misère census computes quotients, whose bound is quotient's.
  r.misere = a.census_misere;
  const std::unique_ptr<Game> example = parse_game(r.family->example);
  const std::uint64_t most = r.misere ? kMaxQuotientMaxHeap : example->heap_game()->max_pattern_limit();
  const std::string text =
      !a.census_max_heap.empty() ? a.census_max_heap
                                 : std::to_string(r.misere ? kDefaultQuotientMaxHeap : kDefaultCensusMaxHeap);
  const auto max_heap = parse_u64(text);
  if (!max_heap || *max_heap == 0 || *max_heap > most)
    throw InputError(fmt::format("--max-heap '{}': expected the last heap size to examine, 1 to {}{}", text, most,
                                 r.misere ? " with --misere (the quotient of the sums of heaps 0..N)" : ""));
  r.max_heap = *max_heap;
  if (!a.census_shard.empty()) parse_shard(a.census_shard, r);
  r.resume_file = a.census_resume;
  r.merge_files = a.census_merge;
  r.estimate_only = a.census_estimate;
  if (!r.merge_files.empty() && (!a.census_shard.empty() || !a.census_resume.empty()))
    throw InputError("--merge combines finished parts: it takes no --shard or --resume");
  const auto jobs = parse_u64(a.census_jobs);
  if (!jobs || *jobs > 1024)
    throw InputError(fmt::format("--jobs '{}': expected a number of threads, 1 to 1024 (0: one per core)",
                                 a.census_jobs));
  r.jobs = static_cast<unsigned>(*jobs);
  return r;
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

// `grundy plot`: the picture's format from the file's extension, checked
// before anything is computed.
void draw_plot_file(const Arguments& a) {
  PlotStyle style;
  const std::string& file = a.plot_output;
  auto ends_with = [&](std::string_view tail) {
    if (file.size() < tail.size()) return false;
    std::string end = file.substr(file.size() - tail.size());
    std::transform(end.begin(), end.end(), end.begin(), [](unsigned char c) { return std::tolower(c); });
    return end == tail;
  };
  if (ends_with(".svg")) {
    style.format = PlotFormat::svg;
  } else if (ends_with(".png")) {
    style.format = PlotFormat::png;
  } else {
    throw InputError(fmt::format("-o {}: expected a file name ending in .svg or .png (the picture's format)",
                                 quote_path(file)));
  }
  unsigned width = 0, height = 0;
  char x = 0, extra = 0;
  if (std::sscanf(a.plot_size.c_str(), "%u%c%u%c", &width, &x, &height, &extra) != 3 || x != 'x' ||
      width < 200 || height < 150 || width > 8000 || height > 8000)
    throw InputError(fmt::format("--size {}: expected WIDTHxHEIGHT in pixels, each from 200x150 to 8000x8000, "
                                 "such as 1000x480",
                                 quote(a.plot_size)));
  style.width = static_cast<int>(width);
  style.height = static_cast<int>(height);
  const std::uint64_t to = parse_table_bound(a.plot_to);
  if (to > kMaxPlotHeap)
    throw InputError(fmt::format("--to {}: too large for a picture; at most {} (2^24 - 1)", to, kMaxPlotHeap));
  const std::unique_ptr<Game> game = parse_game(a.plot_game);
  style.name = a.plot_game;
  const HeapGame* heap = game->heap_game();
  // Without --max-heap, pattern's default (value_plot's too); a game not on
  // heap sizes is refused by value_plot.
  const std::uint64_t pattern_limit = heap == nullptr ? 0 : parse_pattern_limit(a.plot_max_heap, *heap, a.plot_game);
  std::string bytes;
  try {
    bytes = draw_plot(value_plot(*game, to, pattern_limit), style);
  } catch (const PlotError& e) {
    throw LimitError(e.what());
  }
  std::FILE* f = std::fopen(file.c_str(), "wb");
  bool written = f && std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  if (f) written = std::fclose(f) == 0 && written;
  if (!written) throw InputError(fmt::format("-o {}: could not write the picture there", quote_path(file)));
  std::fprintf(stderr, "grundy: drew G(0..%llu) of %s into %s\n", static_cast<unsigned long long>(to),
               game->spec().c_str(), file.c_str());
}

std::uint64_t parse_seed(const std::string& text) {
  auto n = parse_u64(text);
  if (!n)
    throw InputError(fmt::format("--seed '{}': {}; expected a whole number from 0 to 18446744073709551615", text,
                                 why_not_u64(text)));
  return *n;
}

// The names of grundy's commands, in the order of the help.
std::vector<std::string_view> command_names(CLI::App& app) {
  std::vector<std::string_view> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.emplace_back(sub->get_name());
  return names;
}

// "did you mean 'help'? The commands are ..." or "expected one of ...".
std::string expected_command(CLI::App& app, std::string_view word) {
  const std::vector<std::string_view> names = command_names(app);
  const auto closest = closest_name(word, names);
  const std::string list = fmt::format("{}", fmt::join(names, ", "));
  if (closest) return fmt::format("did you mean '{}'? The commands are {}", *closest, list);
  return fmt::format("expected one of {}", list);
}

// What CLI11 would answer too vaguely, said before it parses: a missing or
// unknown command word ("A subcommand is required"), and '++' in a sum,
// which CLI11 takes as the end of the command's arguments.
void check_command_words(CLI::App& app, int argc, char** argv) {
  if (argc < 2)
    throw InputError(fmt::format("expected a command: {}; 'grundy help' describes them",
                                 fmt::join(command_names(app), ", ")));
  const std::string_view command = argv[1];
  if (command == "-h" || command == "--help" || command == "--version") return;  // CLI11's own
  if (command.starts_with('-'))
    throw InputError(fmt::format("unknown option {} before the command: options come after the command, "
                                 "as in 'grundy value nim 3 --json'; 'grundy help' describes the commands",
                                 quote(command)));
  const std::vector<std::string_view> names = command_names(app);
  if (std::find(names.begin(), names.end(), command) == names.end())
    throw InputError(fmt::format("unknown command {}: {}; 'grundy help' describes them", quote(command),
                                 expected_command(app, command)));
  // Only value, winner, moves and play read a sum: '--' and '++' mean
  // nothing to the other commands.
  constexpr std::string_view kSumCommands[] = {"value", "winner", "moves", "play"};
  if (std::find(std::begin(kSumCommands), std::end(kSumCommands), command) == std::end(kSumCommands)) {
    for (int i = 2; i < argc; ++i)
      if (std::string_view(argv[i]) == "--")
        throw InputError(fmt::format("'--' is for the words of a sum (value, winner, moves, play), not for '{}'",
                                     command));
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
      throw InputError(fmt::format("argument {}: '++' is not a word of a sum; '+' alone starts components in "
                                   "another game, as in 'nim 3 + subtraction:1-3 7'",
                                   word));
  }
}

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

int run(int argc, char** argv) {
  CLI::App app{"grundy: Sprague-Grundy values, winners and winning moves of impartial games", "grundy"};
  app.set_version_flag("--version", "grundy 0.1.0");
  app.formatter(std::make_shared<UsageFormatter>());  // before the commands, which copy it
  // CLI11 says "subcommand"; people say "command".
  app.get_formatter()->label("SUBCOMMAND", "COMMAND");
  app.require_subcommand(1);
  app.footer("\n" + sum_help() + "\nRun 'grundy help COMMAND' (or 'grundy COMMAND --help') for a command's options and examples.\n");
  Arguments a;

  CLI::App* value = add_sum_command(app, "value", "Print the Grundy value of each position, one per line",
                                    "  grundy value subtraction:1,2,3 0 1 2 3 4 5 9\n"
                                    "  grundy value nim 7 + subtraction:1-3 7 --json\n"
                                    "  grundy value --misere octal:0.31 1 2 3 4\n",
                                    a);
  value->add_flag("--misere", a.misere,
                  "print each position's misère genus, Conway's g^m (g its Grundy value, m its misère Grundy value), "
                  "where its game is tame; else why no single number decides misère sums (docs/misere.md)");
  CLI::App* winner = add_sum_command(app, "winner", "Say who wins the sum of the positions: 'first' is the player to move",
                                     "  grundy winner nim 3 4 5\n"
                                     "  grundy winner nim 1 2 + subtraction:2,5,7 9 --json\n"
                                     "  grundy winner --misere nim 1 1 1\n"
                                     "  grundy winner --misere octal:0.75 5 7 9 --json\n",
                                     a);
  add_misere_flag(*winner, a);
  CLI::App* moves = add_sum_command(app, "moves", "List every winning move of the sum of the positions (in a draw, every move keeping it)",
                                    "  grundy moves nim 3 4 5\n"
                                    "  grundy moves graph:examples/data/chain.txt a + nim 2\n"
                                    "  grundy moves graph:examples/data/loopy.txt study + nim 2\n"
                                    "  grundy moves coprime 1000000000000000001 --limit 5\n"
                                    "  grundy moves --misere nim 2 1 1\n"
                                    "  grundy moves --misere kayles 4 6 7\n",
                                    a);
  add_misere_flag(*moves, a);
  moves->add_option("--limit", a.moves_limit,
                    fmt::format("list at most this many winning (or draw-keeping) moves per component (default {}, 0 for all); "
                                "the output then says how many there are in all, or that there are more",
                                kDefaultMovesLimit))
      ->type_name("N");

  CLI::App* table = app.add_subcommand("table", "Print the values of heap sizes 0..N, or their runs");
  table->add_option("GAME", a.table_game, "a game on heap sizes, such as subtraction:1,3,4 (not graph:FILE)")
      ->required()
      ->type_name("");
  table->add_option("--to", a.table_to, "the last heap size N (default 20)")->type_name("N");
  table->add_flag("--runs", a.runs, "print maximal runs of equal values as [from, to) value length");
  table->add_flag("--json", a.json, "print one JSON object instead of text");
  table->footer(
      "\nText output: one 'n<TAB>G(n)' line per heap size; with --runs a table of runs.\n"
      "JSON: {\"game\", \"values\": [...]} or {\"game\", \"runs\": [{\"from\", \"to\", \"value\"}]} (to is exclusive).\n"
      "\nExamples:\n  grundy table subtraction:1,3,4 --to 14\n  grundy table subtraction:2,5,7 --to 100 --runs\n"
      "  grundy table division:2-6 --to 1000000000000000000 --runs\n");

  CLI::App* pattern = app.add_subcommand("pattern", "Find the rule of a heap game's values and say whether it is proven");
  pattern->add_option("GAME", a.pattern_game, "a game on heap sizes, such as subtraction:2,5,7 (not graph:FILE)")
      ->required()
      ->type_name("");
  pattern->add_option("--max-heap,--limit", a.pattern_limit,
                      pattern_limit_help())
      ->type_name("N");
  pattern->add_flag("--values", a.pattern_values,
                    "print every value of the rule, not only the first 30 of each list");
  pattern->add_flag("--json", a.json, "print one JSON object instead of text");
  pattern->footer(
      "\nRules: periodic, G(n + p) = G(n) for n >= e (smallest p, then smallest e);\n"
      "arithmetic-periodic, G(n + p) = G(n) + s with a saltus s > 0 (values that grow, as in\n"
      "many hexadecimal games); self-similar, G(n) = G(floor(n / m)) for n >= n0 (smallest m,\n"
      "then smallest n0); or none.\n"
      "A rule is 'proven' when a theorem turns the finite check into a proof for every n:\n" +
      family_theorems() +
      "Other games get a rule observed on G(0..limit), marked 'not proven'. When a rule is not\n"
      "proven or none is found, 'why:' says why and 'try:' what might do better.\n"
      "Values: the rule's values are G(0..e+p-1) (periodic, arithmetic-periodic) or G(0..n0-1)\n"
      "(self-similar). Text\n"
      "shows the first 30 of the preperiod, of the period and of the base table, with\n"
      "'... (N values in all; --values prints them all)' when cut; --values prints them all,\n"
      "20 to a line led by the index of the first.\n"
      "JSON: {\"game\", \"kind\": \"periodic\"|\"self-similar\"|\"none\", \"proven\", \"checked_up_to\",\n"
      "  periodic: \"preperiod\", \"period\"; arithmetic-periodic: also \"saltus\"; self-similar:\n"
      "  \"base\", \"from\"; for all: \"value_count\"\n"
      "  (e+p or n0) and \"first_values\" (G(0..k-1), k = min(value_count, 30)), or with --values\n"
      "  \"values\" (all value_count of them) instead; when proven: \"proof_bound\", \"check\",\n"
      "  \"theorem\"; otherwise: \"reason\", \"advice\" (\"\" when there is none); take-and-break\n"
      "  games also: \"largest_value\", \"largest_at\", \"rare_mask\" (null: none), \"rare_parity\",\n"
      "  \"rare_heaps\" (heaps n >= 1; 'grundy rare' counts heap 0 too), \"last_rare\"}.\n"
      "\nExamples:\n  grundy pattern subtraction:2,5,7\n  grundy pattern division:2-6 --json\n"
      "  grundy pattern subtraction:1000000 --values\n"
      "  grundy pattern octal:0.354 --max-heap 30000000\n");

  CLI::App* plot = app.add_subcommand("plot", "Draw G(n) against n as a picture (SVG or PNG), marking the proven period");
  plot->add_option("GAME", a.plot_game, "a game on heap sizes, such as octal:0.16 or kayles (not graph:FILE)")
      ->required()
      ->type_name("");
  plot->add_option("--to", a.plot_to, "the last heap size N (default 1000, at most 16777215)")->type_name("N");
  plot->add_option("-o,--output", a.plot_output, "the picture's file: FILE.svg or FILE.png")
      ->required()
      ->type_name("FILE");
  plot->add_option("--max-heap", a.plot_max_heap,
                   "how far the rule the picture marks is looked for, as pattern's --max-heap (default: pattern's "
                   "default, at least N; an octal game with no period takes minutes to its default)")
      ->type_name("M");
  plot->add_option("--size", a.plot_size, "the picture's width and height in pixels (default 1000x480)")
      ->type_name("WxH");
  plot->footer(
      "\nEach heap size n is a dot at height G(n): that is how papers on octal games show\n"
      "their values, and how periods, rare values and arithmetic growth are seen. The\n"
      "picture marks the game's rule as 'grundy pattern' finds it: for a period, the end of\n"
      "the preperiod (dashed) and one period (shaded); for a self-similar rule, where it\n"
      "starts; above the plot, whether the rule is proven (and the bound of its check) or\n"
      "only seen. With more heaps than pixels, each pixel column keeps one dot per value\n"
      "it holds, so the picture looks the same and every rare value stays visible.\n"
      "Drawn by gnuplot (Debian's gnuplot-nox); the format is the file's extension.\n"
      "\nExamples:\n  grundy plot octal:0.16 --to 1048576 -o octal-0.16.png\n"
      "  grundy plot kayles --to 200 -o kayles.svg\n  grundy plot subtraction:2,5,7 --to 100 -o s.svg --size 800x300\n");

  CLI::App* rare = app.add_subcommand(
      "rare", "Grow a take-and-break game's table by powers of two, with its rare-value statistics at each");
  rare->add_option("GAME", a.rare_game, "an octal or hexadecimal game, such as grundy-game or octal:0.6")
      ->required()
      ->type_name("");
  rare->add_option("--to", a.rare_to, "the last heap size N: G(0..N) is computed (at most 4294967295)")
      ->required()
      ->type_name("N");
  rare->add_flag("--list", a.rare_list, "list the rare heaps (n and G(n)) as they appear");
  rare->add_flag("--json", a.json, "print one JSON object per line instead of text");
  CLI::Option* rare_save = rare->add_option("--save", a.rare_save,
                                            "save the table to FILE at each power of two from 2^16, at the end, "
                                            "when interrupted, and every --save-every seconds in between")
                               ->type_name("FILE");
  rare->add_option("--save-every", a.rare_save_every,
                   "with --save: seconds between two saves inside a doubling (default 1800; 0 saves every "
                   "65536 values)")
      ->needs(rare_save)
      ->check(CLI::NonNegativeNumber)
      ->type_name("SECONDS");
  rare->add_option("--resume", a.rare_resume, "start from the table saved in FILE (the same game)")->type_name("FILE");
  rare->footer(
      "\nThe rare-value method (docs/games/octal.md) computes octal games fast when the\n"
      "heaps whose value is 'rare' under some mask are few. After G(0..2^k - 1) for each\n"
      "k >= 10, and at N, a line gives what published tables give (Flammenkamp's tables,\n"
      "Czajka's analyzer): the largest value and where it first appears, the mask that\n"
      "makes the fewest heaps rare (with the heap's parity when that is better), how many\n"
      "heaps it makes rare, heap 0 included, and the last of them. --list prints the rare\n"
      "heaps under it, the new ones at each line (all of them again when the mask changes).\n"
      "A long run (Grundy's game to 2^32: hours, 8 GiB) keeps its work with --save FILE\n"
      "and continues with --resume FILE --save FILE after it is stopped, even by kill -9:\n"
      "it loses at most --save-every seconds of work (each save writes the whole table).\n"
      "JSON: one object per line: {\"game\", \"size\", \"largest_value\", \"largest_at\",\n"
      "  \"rare_mask\", \"rare_parity\", \"rare_heaps\", \"last_rare\"}, with --list also\n"
      "  \"new_rare\" (or \"rare\" after a change of mask): [[n, G(n)], ...].\n"
      "\nExamples:\n  grundy rare grundy-game --to 2097151\n  grundy rare octal:0.6 --to 1048575 --list\n"
      "  grundy rare grundy-game --to 4294967295 --save grundy.table\n"
      "  grundy rare grundy-game --to 4294967295 --resume grundy.table --save grundy.table\n");

  CLI::App* quotient = app.add_subcommand(
      "quotient", "Compute the misère quotient of a heap game's sums (Plambeck-Siegel), proven, with its presentation");
  quotient->add_option("GAME", a.quotient_game, "a game on heap sizes, such as octal:0.75 or kayles (not graph:FILE)")
      ->required()
      ->type_name("");
  quotient->add_option("--max-heap", a.quotient_max_heap,
                       fmt::format("the quotient of the sums of heaps 0..N (default {}, at most {})",
                                   kDefaultQuotientMaxHeap, kMaxQuotientMaxHeap))
      ->type_name("N");
  quotient->add_flag("--json", a.json, "print one JSON object instead of text");
  quotient->footer(
      "\nIn misère play whoever makes the last move loses, and Grundy values no longer add up. Sums of heaps\n"
      "that no other sum tells apart are identified: the classes form a finite commutative monoid (the\n"
      "quotient), and a sum is a P-position (the player to move loses) exactly when the product of its\n"
      "heaps' elements is in the P-portion. The output gives the generators (heaps), the relations, the\n"
      "P-portion, and the pretending function (the element of each heap). docs/misere.md explains them.\n"
      "\nExamples:\n  grundy quotient octal:0.75\n  grundy quotient kayles --max-heap 12 --json\n");

  CLI::App* census = app.add_subcommand(
      "census", fmt::format("Find the pattern of every game of a family ({}) whose code has at most K digits",
                            fmt::join(census_family_names(), ", ")));
  std::string digits_range;
  for (const GameFamily* f : game_registry())
    if (f->census_codes != nullptr)
      digits_range += fmt::format("{}1..{} for {}", digits_range.empty() ? "" : ", ", f->max_census_digits, f->name);
  census->add_option("FAMILY", a.census_family,
                     fmt::format("the family of games: {}", fmt::join(census_family_names(), ", ")))
      ->required()
      ->type_name("");
  census->add_option("--digits", a.census_digits,
                     fmt::format("K: every code d0.d1..dk with k <= K digits after the point ({})", digits_range))
      ->required()
      ->type_name("K");
  census->add_option("--max-heap", a.census_max_heap,
                     fmt::format("each game's pattern search bound (default {}); with --misere, the quotient of "
                                 "the sums of heaps 0..N (default {}, at most {})",
                                 kDefaultCensusMaxHeap, kDefaultQuotientMaxHeap, kMaxQuotientMaxHeap))
      ->type_name("N");
  census->add_flag("--misere", a.census_misere,
                   "misère play: each game's misère quotient, as 'grundy quotient' computes it");
  census->add_flag("--json", a.json, "print {\"games\": [row, ...]} instead of a table");
  census->add_flag("--estimate", a.census_estimate,
                   "say how many games are left and about how long they would take (from --resume FILE's rows, "
                   "else from the three-digit census), and stop; every census says so before a long run");
  census->add_option("--shard", a.census_shard, "run only part I of N (games I, I+N, I+2N, ... in code order)")
      ->type_name("I/N");
  census->add_option("--resume", a.census_resume,
                     "append each finished game's row to FILE, and skip the games FILE already has")
      ->type_name("FILE");
  census->add_option("--merge", a.census_merge,
                     "compute nothing: check that the parts' FILEs (from --resume or --json) cover every game "
                     "once, and print the whole census")
      ->type_name("FILE");
  census->add_option("--jobs", a.census_jobs, "threads (default: one per core)")->type_name("J");
  census->footer(
      "\nEach game is 'grundy pattern octal:CODE --max-heap N'; d0 is 0 or 4, 0.0 and 4.0 are in,\n"
      "and other codes whose last digit is 0 are left out (the same game as the code without it).\n"
      "Rows come in code order:\n"
      "game, kind (periodic/none), proven, preperiod, period, largest value, the last heap examined\n"
      "and the seconds it took, then a count of each kind. JSON rows are the objects of\n"
      "'pattern --json' plus \"seconds\" and \"max_heap\".\n"
      "With --misere, each game is 'grundy quotient octal:CODE --max-heap N' (default 30): rows give\n"
      "the quotient's size, generators, P-portion, whether it is tame, and the period its pretending\n"
      "function shows; a game whose quotient passes quotient's limits says so in its row.\n"
      "A run with --resume FILE writes FILE as it goes (one JSON row a line); run it again after an\n"
      "interruption and it does only the games left. Shards share a census between machines: run\n"
      "--shard I/N --resume part-I.jsonl for I = 1..N anywhere, then --merge part-*.jsonl\n"
      "(docs/census.md).\n"
      "\nExamples:\n  grundy census octal --digits 2\n"
      "  grundy census octal --digits 3 --max-heap 65535 --resume census3.jsonl\n"
      "  grundy census octal --digits 2 --shard 1/2 --resume part-1.jsonl\n"
      "  grundy census octal --digits 2 --merge part-1.jsonl part-2.jsonl\n"
      "  grundy census octal --digits 2 --misere --max-heap 40\n");

  CLI::App* contest = app.add_subcommand("contest", "Solve a contest problem's input exactly as its judge expects");
  contest->add_option("PROBLEM", a.contest_problem,
                      fmt::format("the problem: {}", fmt::join(contest_problem_names(), ", ")))
      ->required()
      ->type_name("");
  CLI::Option* contest_input =
      contest->add_option("--input", a.contest_input, "read this file instead of standard input")->type_name("FILE");
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
  add_sum_option(*play, a);
  play->add_option("--first", a.first, "who moves first: me (default) or engine")
      ->type_name("me|engine")
      ->check(CLI::IsMember({"me", "engine"}).description(""));
  play->add_option("--seed", a.seed,
                   "make the engine's choices among equally good moves repeatable (default: a new game each time)")
      ->type_name("N");
  add_memory_option(*play, a);
  play->add_flag("--misere", a.misere,
                 "misère play: whoever makes the last move loses (and whoever cannot move wins); the engine decides "
                 "as 'moves --misere' does (docs/misere.md)");
  play->footer("\n" + sum_help() +
               "\nYou and the engine take turns; a turn is one move in one component, and whoever\n"
               "cannot move loses. Type a component's number and its new position ('2 1': heap 2\n"
               "becomes 1), or a command: hint, values, undo, help, quit. Commands come one per line\n"
               "from standard input, so a game can also be scripted through a pipe (each command is\n"
               "then echoed). Colours only on a terminal, and never when NO_COLOR is set.\n"
               "\nExamples:\n  grundy play nim 3 4 5\n  grundy play subtraction:1,3,4 20 --first engine\n"
               "  grundy play nim 3 + division:2-6 100 --seed 7\n"
               "  grundy play --misere nim 1 1 1\n"
               "  printf '1 1\\nhint\\n' | grundy play nim 3 4 5 --seed 1\n");

  CLI::App* serve = app.add_subcommand("serve", "Serve a web page to play every game against the engine, and its JSON API");
  serve->add_option("--port", a.serve.port, "the port to listen on (default 8080; 0: any free port, printed)")
      ->type_name("N")
      ->check(CLI::Range(0, 65535).description(""));
  serve->add_option("--host", a.serve.host,
                    "the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)")
      ->type_name("ADDR");
  serve->add_option("--graph", a.serve.settings.graphs,
                    "a graph file the page may play (graph:FILE); repeat for more. No other file is ever read")
      ->type_name("FILE")
      ->allow_extra_args(false);
  serve->add_option("--time-limit", a.serve_time_limit,
                    "seconds one request may compute before it is cut off with a message (default 3)")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.01, 3600.0).description(""));
  serve->footer(
      "\nOpen the printed address in a browser: choose a game or type any sum, then play by\n"
      "clicking heaps (or with the keyboard) against the engine, with Hint, Show values and Undo.\n"
      "The page and its JSON API come from this binary alone; docs/serve.md describes the API.\n"
      "Each request is computed by a worker process, cut off after --time-limit seconds or\n"
      "1 GiB of memory, so one slow request never stalls the others.\n"
      "\nExamples:\n  grundy serve\n  grundy serve --port 9000 --graph examples/data/loopy.txt\n"
      "  curl -s localhost:8080/api/analyze -d '{\"position\": \"nim 3 4 5\"}'\n");

  CLI::App* games = app.add_subcommand("games", "List the built-in games and their spec strings");
  games->add_flag("--json", a.json, "print one JSON object instead of text");
  games->footer(
      "\nText output: for each game its spec syntax and rule, then an example spec.\n"
      "JSON: {\"games\": [{\"name\", \"syntax\", \"summary\", \"example\"}]}.\n"
      "\nExamples:\n  grundy games\n  grundy games --json\n");

  CLI::App* help = app.add_subcommand("help", "Show the help of grundy, or of one command");
  help->add_option("COMMAND", a.help_command, "the command to describe")->type_name("");
  help->footer("\nExamples:\n  grundy help\n  grundy help moves\n");

  for (CLI::App* sub : app.get_subcommands({})) sub->group("Commands");
  check_command_words(app, argc, argv);
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
    // CLI11's message quotes the words as typed: made printable like every
    // other echo of input (no escape sequence, no second line).
    const std::vector<CLI::App*> chosen = app.get_subcommands();
    const bool sum_command = !chosen.empty() && (chosen.front() == value || chosen.front() == winner ||
                                                 chosen.front() == moves || chosen.front() == play);
    std::string what = e.what();
    const bool dash_word = what.find("not expected: -") != std::string_view::npos;
    // CLI11's words for an option given twice, and for a sum where one game is expected, said plainly.
    if (const std::size_t at = what.find(": At Most 1 required but received "); at != std::string::npos)
      what = fmt::format("{} is given {} times; give it once", what.substr(0, at),
                         what.substr(at + std::string_view(": At Most 1 required but received ").size()));
    const bool plus_word = std::any_of(argv + 1, argv + argc, [](const char* w) { return std::string_view(w) == "+"; });
    if (!chosen.empty() && chosen.front() == quotient && what.find("not expected") != std::string::npos && plus_word)
      what = "quotient takes one game, not a sum: the quotient of a game covers every sum of its heaps "
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
    fmt::print(stderr, "grundy: error: {}{}; see 'grundy help{}{}'\n", printable_whole(what), note,
               chosen.empty() ? "" : " ", chosen.empty() ? "" : chosen.front()->get_name());
    return kExitInputError;
  }

  if (help->parsed()) return print_help(app, a.help_command);
  // Only sum commands get here with a '--' (check_command_words).
  if (parsed_count < argc) a.sum.insert(a.sum.end(), argv + parsed_count + 1, argv + argc);

  if (serve->parsed()) {
    ServeOptions options = a.serve;
    options.settings.time_limit = std::chrono::milliseconds(static_cast<long long>(a.serve_time_limit * 1000));
    return grundy::cli::serve(options);
  }
  // Long computations (large tables, prime counts near 10^18, pattern
  // searches) say so on stderr.
  set_progress_output(stderr);
  apply_memory_option(a.memory);
  const Format format = a.json ? Format::json : Format::text;
  Output out;
  const bool ascii = a.ascii || !locale_is_utf8();
  // The one place the sum commands' convention is chosen.
  const Convention convention = a.misere ? Convention::misere : Convention::normal;
  if (value->parsed()) print_values(read_sum_for_table(a), convention, format, ascii, out);
  if (winner->parsed()) print_winner(read_sum_for_table(a), convention, format, ascii, out);
  if (moves->parsed())
    print_moves(read_sum_for_table(a), convention, parse_moves_limit(a.moves_limit), format, ascii, out);
  if (quotient->parsed()) print_quotient(*parse_game(a.quotient_game), parse_quotient_max_heap(a.quotient_max_heap), format, out);
  if (table->parsed()) {
    TableRequest request{parse_table_bound(a.table_to), a.runs};
    print_table(*parse_game(a.table_game), request, format, out);
  }
  if (pattern->parsed()) {
    const std::unique_ptr<Game> game = parse_game(a.pattern_game);
    // A game not on heaps has no limit to read: print_pattern refuses it.
    const HeapGame* heap = game->heap_game();
    const std::uint64_t limit = heap ? parse_pattern_limit(a.pattern_limit, *heap, game->spec()) : 0;
    print_pattern(*game, limit, a.pattern_values, format, out);
  }
  if (plot->parsed()) draw_plot_file(a);
  if (census->parsed()) run_census(parse_census(a), format, out);
  if (rare->parsed()) print_rare(RareRequest{a.rare_game, parse_table_bound(a.rare_to), a.rare_list, a.rare_save, a.rare_resume, a.rare_save_every},
                                 format, out);
  if (contest->parsed()) {
    // An empty name is a mistake (an unset variable, say), not a way to say stdin.
    if (contest_input->count() > 0 && a.contest_input.empty())
      throw InputError("--input '': the file name is empty; leave out --input to read standard input");
    solve_contest(a.contest_problem, a.contest_input, out);
  }
  if (games->parsed()) print_games(format, out);
  if (play->parsed()) {
    const GameSum sum = read_sum_for_table(a);
    PlayOptions options;
    options.first = a.first == "engine" ? FirstPlayer::engine : FirstPlayer::person;
    // Deterministic unless asked: the same moves get the same answers (and
    // hints) on every run; --seed N draws other choices, repeatably.
    options.seed = a.seed ? parse_seed(*a.seed) : 0;
    options.misere = a.misere;
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
  // An error met while a signal stops the run (a table that could not be
  // saved) leaves the exit status to the signal, as the docs promise.
  wait_to_be_ended();
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything is written and before any thread starts.
  record_output_start();
  handle_interruptions();
  try {
    return run(argc, argv);
  } catch (const Interrupted&) {
    // Asked for by the thread handling Ctrl-C, once a search could save its
    // table: that thread ends the process by the signal.
    wait_to_be_ended();
    print_error("internal error: ", "interrupted without a signal");
    return 1;
  } catch (const UnknownGameError& e) {
    print_error("error: ", fmt::format("{} ('grundy games' describes them)", e.what()).c_str());
    return kExitInputError;
  } catch (const InputError& e) {
    print_error("error: ", e.what());
    return kExitInputError;
  } catch (const MemoryBoundError& e) {
    print_error("error: ", fmt::format("{}; --memory SIZE allows more (such as --memory 4G)", e.what()).c_str());
    return 1;
  } catch (const LimitError& e) {
    print_error("error: ", e.what());
    return 1;
  } catch (const OutputFailed& e) {
    print_error("error: ", e.what());
    return 1;
  } catch (const RowFileError& e) {
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
