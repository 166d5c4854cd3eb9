#include "command.hpp"

#include <cstdio>
#include <cstdlib>
#include <limits>
#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"
#include "grundy/execution_budget.hpp"
#include "grundy/search/transposition_table.hpp"
#include "grundy/spec.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

namespace {

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

}  // namespace

std::string sum_help() { return std::string(kSumSyntax) + games_paragraph(); }

// Not required by CLI11: the words after '--' join the sum after parsing,
// and read_sum says what is missing when there are none.
void add_sum_option(CLI::App& cmd, SumOptions& options) {
  cmd.add_option("GAME POS", options.sum, "a sum of games: GAME POS [POS...] [+ GAME POS [POS...]]...")->type_name("");
}

void add_memory_option(CLI::App& cmd, SumOptions& options) {
  cmd.add_option("--memory", options.memory,
                 "at most this much memory for the table of the search that values boards (cram), and for "
                 "a misère search (--misere): 512M, 4G (default: a quarter of the machine's); a smaller table "
                 "forgets more, never answers wrongly; a misère search stops with an error past it")
      ->type_name("SIZE");
  cmd.add_option("--table", options.table_file,
                 "keep a table in FILE, so that a long run stopped goes on from there when run again: cram's "
                 "search table (read when the run starts, written every 10 s, at the end and on Ctrl-C), or an "
                 "octal or hexadecimal game's values, G(0..n) (read in place, grown to the heap asked for and "
                 "saved every minute and on Ctrl-C; past 2^32 heaps for games with a rare-value mask; 'grundy rare "
                 "--save' writes such files)")
      ->type_name("FILE");
  cmd.add_option(
         "--threads", options.threads,
         "threads for the search that values boards (cram, chomp) and for an octal or hexadecimal "
         "game's values (with a rare-value mask, past 2^16 heaps): 1 to 1024, at most the cores grundy may use (0 or "
         "default: GRUNDY_THREADS if set, else every core grundy may use); the answer is the same "
         "whatever the number, the table is shared, so --memory bounds them all together")
      ->type_name("N");
}

// --table's file is refused when a game of the sum would ignore it (a search
// that keeps no file) or when none would use it: a file named and silently
// not used would look like a table kept.
GameSum read_sum_for_table(const SumOptions& options) {
  GameSum sum = read_sum(options.sum, {}, options.budget);
  if (!options.table_file) return sum;
  if (options.table_file->empty()) throw InputError("--table '': the file name is empty");
  const Game* user = nullptr;
  for (const auto& game : sum.games) {
    if (game->table_file_use() == Game::TableFileUse::not_kept)
      throw InputError(
          fmt::format("--table {}: {} keeps no table in a file (only cram and octal or hexadecimal "
                      "games do); run it without --table",
                      quote_path(*options.table_file), game->label()));
    if (game->table_file_use() != Game::TableFileUse::kept) continue;
    // (One file holds one game's table.)
    if (user != nullptr && user->spec() != game->spec())
      throw InputError(
          fmt::format("--table {}: both {} and {} would keep their table there, and a file holds one "
                      "game's table; value them in separate runs",
                      quote_path(*options.table_file), user->label(), game->label()));
    user = game.get();
  }
  if (user == nullptr)
    throw InputError(
        fmt::format("--table {}: only cram and octal or hexadecimal games keep a table in a file, and "
                    "this sum has none of them",
                    quote_path(*options.table_file)));
  for (const auto& game : sum.games)
    if (game->table_file_use() == Game::TableFileUse::kept) game->keep_table_in(*options.table_file);
  return sum;
}

std::size_t read_memory_option(const std::string& text) {
  const std::optional<std::uint64_t> bytes = parse_byte_size(text);
  if (!bytes)
    throw InputError(
        fmt::format("--memory {}: expected a size such as 512M or 4G (a whole number with K, M, G or "
                    "T for powers of 1024, or bytes), at least 1K",
                    quote(text)));
  return static_cast<std::size_t>(*bytes);
}

unsigned read_threads_option(const std::optional<std::string>& given) {
  std::string where = "--threads";
  std::optional<std::string> text = given;
  if (!text) {
    const char* env = std::getenv("GRUNDY_THREADS");
    if (env == nullptr) return 0;
    text = env;
    where = "GRUNDY_THREADS";
  }
  const std::optional<unsigned> n = parse_thread_count(*text);
  if (!n)
    throw InputError(fmt::format("{} {}: expected a number of threads from 1 to {}, or 0 for every core", where,
                                 quote(*text), kMaxSearchThreads));
  note_threads_taken(where, *n, threads_taken(*n));
  return *n;
}

ExecutionBudget read_budget(const std::optional<std::string>& memory, const std::optional<std::string>& threads) {
  ExecutionBudget budget;
  if (memory) budget.memory_bytes = read_memory_option(*memory);
  budget.threads = read_threads_option(threads);
  return budget;
}

void note_threads_taken(std::string_view where, unsigned asked, unsigned taken) {
  if (asked != 0 && taken < asked)
    fmt::print(stderr, "grundy: {} {}: this process may use {} {}; using {}\n", where, asked, taken,
               taken == 1 ? "core" : "cores", taken);
}

void add_value_threads_option(CLI::App& cmd, std::optional<std::string>& threads) {
  cmd.add_option("--threads", threads,
                 "threads for an octal or hexadecimal game's values: 1 to 1024, at most the cores grundy may use "
                 "(0 or default: GRUNDY_THREADS if set, else every core grundy may use); with a rare-value "
                 "mask, past 2^16 heaps, the rare values' checks run beside the next heaps, in each range of "
                 "heaps once a trial shows that this is faster than one thread; the values are the same "
                 "whatever the number")
      ->type_name("N");
}

void add_game_option(CLI::App& cmd, std::string& game, const std::string& description) {
  cmd.add_option("GAME", game, description)->required()->type_name("");
}

std::uint64_t parse_table_bound(const std::string& text) {
  auto n = parse_u64(text);
  if (!n)
    throw InputError(
        fmt::format("--to '{}': {}; expected the last heap size, a whole number", text, why_not_u64(text)));
  if (*n == std::numeric_limits<std::uint64_t>::max())
    throw InputError(fmt::format("--to {}: too large; the table must end below 18446744073709551615", text));
  return *n;
}

std::function<int()> answering(std::function<void(Output& out)> print) {
  return [print = std::move(print)] {
    // Long computations (large tables, prime counts near 10^18, pattern
    // searches) say so on stderr.
    set_progress_output(stderr);
    Output out;
    print(out);
    if (!out.flush()) {
      take_back_output();
      std::fputs("grundy: error: could not write the output\n", stderr);
      return 1;
    }
    finish_output();
    return 0;
  };
}

}  // namespace grundy::cli
