// table and rare: the values of heap sizes 0..N, and a take-and-break game's
// table grown to N with its rare values.

#include <memory>
#include <optional>
#include <string>

#include "command.hpp"
#include "grundy/regular_file.hpp"
#include "grundy/execution_budget.hpp"
#include "grundy/spec.hpp"
#include "rare.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

namespace {

struct TableOptions {
  std::string game;
  std::string to = "20";
  bool runs = false;
  bool json = false;
  std::optional<std::string> threads;
};

struct RareOptions {
  std::string game;
  std::string to;
  bool list = false;
  std::string save;
  std::string resume;
  double save_every = 1800;
  bool on_disk = false;
  std::optional<std::string> threads;
  bool json = false;
};

}  // namespace

Command add_table_command(CLI::App& app) {
  auto options = std::make_shared<TableOptions>();
  CLI::App* table = app.add_subcommand("table", "Print the values of heap sizes 0..N, or their runs");
  add_game_option(*table, options->game, "a game on heap sizes, such as subtraction:1,3,4 (not graph:FILE)");
  table->add_option("--to", options->to, "the last heap size N (default 20)")->type_name("N");
  table->add_flag("--runs", options->runs, "print maximal runs of equal values as [from, to) value length");
  table->add_flag("--json", options->json, "print one JSON object instead of text");
  add_value_threads_option(*table, options->threads);
  table->footer(
      "\nText output: one 'n<TAB>G(n)' line per heap size; with --runs a table of runs.\n"
      "JSON: {\"game\", \"values\": [...]} or {\"game\", \"runs\": [{\"from\", \"to\", \"value\"}]} (to is "
      "exclusive).\n"
      "\nExamples:\n  grundy table subtraction:1,3,4 --to 14\n  grundy table subtraction:2,5,7 --to 100 --runs\n"
      "  grundy table division:2-6 --to 1000000000000000000 --runs\n");
  return {table, answering([options](Output& out) {
            const TableRequest request{parse_table_bound(options->to), options->runs};
            const std::unique_ptr<Game> game = parse_game(options->game);
            game->use_budget(ExecutionBudget{.threads = read_threads_option(options->threads)});
            print_table(*game, request, output_format(options->json), out);
          })};
}

Command add_rare_command(CLI::App& app) {
  auto options = std::make_shared<RareOptions>();
  CLI::App* rare = app.add_subcommand(
      "rare", "Grow a take-and-break game's table by powers of two, with its rare-value statistics at each");
  add_game_option(*rare, options->game, "an octal or hexadecimal game, such as grundy-game or octal:0.6");
  rare->add_option("--to", options->to,
                   "the last heap size N: G(0..N) is computed (at most 2^40 - 1; past 2^32 - 1 the table is kept "
                   "in the --save file)")
      ->required()
      ->type_name("N");
  rare->add_flag("--list", options->list, "list the rare heaps (n and G(n)) as they appear");
  rare->add_flag("--json", options->json, "print one JSON object per line instead of text");
  CLI::Option* save = rare->add_option("--save", options->save,
                                       "save the table to FILE at each power of two from 2^16, at the end, "
                                       "when interrupted, and every --save-every seconds in between")
                          ->type_name("FILE");
  rare->add_option("--save-every", options->save_every,
                   "with --save: seconds between two saves inside a doubling (default 1800; 0 saves every "
                   "65536 values)")
      ->needs(save)
      ->check(CLI::NonNegativeNumber)
      ->type_name("SECONDS");
  rare->add_option("--resume", options->resume, "start from the table saved in FILE (the same game)")
      ->type_name("FILE");
  rare->add_flag("--on-disk", options->on_disk,
                 "keep the table in the --save file instead of memory (implied when N is 2^32 or more)")
      ->needs(save);
  rare->add_option("--threads", options->threads,
                   "threads for the table (default: GRUNDY_THREADS, else every core): past 2^16 values the "
                   "checks of rare values run beside the next heaps; the values are the same")
      ->type_name("N");
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
      "Past 2^32 values (and with --on-disk) the table lives in the --save file itself:\n"
      "every value is written there as it is computed, a save only flushes it to disk,\n"
      "and memory holds what the method reads: the start of the table and the last\n"
      "values, within the last rare heap's reach (about 200 MiB for Grundy's game; the\n"
      "progress line gives the figure). A game no mask speeds up stops at 2^32 values.\n"
      "JSON: one object per line: {\"game\", \"size\", \"largest_value\", \"largest_at\",\n"
      "  \"rare_mask\", \"rare_parity\", \"rare_heaps\", \"last_rare\"}, with --list also\n"
      "  \"new_rare\" (or \"rare\" after a change of mask): [[n, G(n)], ...].\n"
      "\nExamples:\n  grundy rare grundy-game --to 2097151\n  grundy rare octal:0.6 --to 1048575 --list\n"
      "  grundy rare grundy-game --to 4294967295 --save grundy.table\n"
      "  grundy rare grundy-game --to 4294967295 --resume grundy.table --save grundy.table\n"
      "  grundy rare grundy-game --to 8589934591 --resume grundy.table --save grundy.table\n");
  return {rare, answering([options](Output& out) {
            const unsigned threads = threads_taken(read_threads_option(options->threads));
            // The files' kinds before any work (a FIFO would be met only at the first save).
            for (const std::string* file : {&options->save, &options->resume})
              if (!file->empty()) require_regular_file_or_none(*file, "table file");
            print_rare(RareRequest{options->game, parse_table_bound(options->to), options->list, options->save,
                                   options->resume, options->save_every, options->on_disk, threads},
                       output_format(options->json), out);
          })};
}

}  // namespace grundy::cli
