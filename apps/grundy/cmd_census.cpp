// census: the pattern (or misère quotient) of every game of a family whose
// code has at most K digits (census.hpp).

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "census.hpp"
#include "command.hpp"
#include "grundy/error.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/registry.hpp"
#include "grundy/execution_budget.hpp"
#include "grundy/spec.hpp"
#include "grundy/frontend/quotient_answers.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

namespace {

struct CensusOptions {
  std::string family;
  std::string digits;
  std::string max_heap;  // "": the default of the kind of census
  bool misere = false;
  std::string shard;
  std::string resume;
  std::vector<std::string> merge;
  bool estimate = false;  // --estimate: say what the run would cost, and stop
  std::string jobs = "0";
  bool json = false;
  std::string deepen;             // --deepen FROM
  bool so_far = false;            // --so-far
  bool jsonl = false;             // --jsonl
  std::string budget;             // --budget SECONDS ("": the default)
  std::string most_heaps;         // --most-heaps N, with --misere ("": the default)
  std::vector<std::string> only;  // --only CODE...
};

// The families with a census (GameFamily::census_codes), in registry order.
std::vector<std::string> census_family_names() {
  std::vector<std::string> names;
  for (const GameFamily* f : game_registry())
    if (f->census_codes != nullptr) names.emplace_back(f->name);
  return names;
}

// --only CODE...: each a game of the census, "0.376" or "octal:0.376"; the codes.
std::vector<std::string> parse_only(const std::vector<std::string>& given, const GameFamily& family, unsigned digits) {
  std::vector<std::string> only;
  if (given.empty()) return only;
  const std::vector<std::string> codes = family.census_codes(digits);
  const std::string prefix = std::string(family.name) + ":";
  for (const std::string& text : given) {
    std::string code = text.starts_with(prefix) ? text.substr(prefix.size()) : text;
    // 0.40 is 0.4: a last digit 0 (after the first) adds no move.
    while (code.size() > 3 && code.back() == '0') code.pop_back();
    if (!std::binary_search(codes.begin(), codes.end(), code))
      throw InputError(fmt::format("--only '{}': not a game of the {}-digit {} census (codes such as {} or {}{})", text,
                                   digits, family.name, codes.back(), prefix, codes.back()));
    only.push_back(code);
  }
  return only;
}

CensusRequest parse_census(const CensusOptions& options) {
  CensusRequest r;
  const std::vector<std::string> with_census = census_family_names();
  for (const GameFamily* f : game_registry())
    if (f->census_codes != nullptr && f->name == options.family) r.family = f;
  if (r.family == nullptr)
    throw InputError(fmt::format("census '{}': only {} games have a census (grundy census {} --digits K)",
                                 options.family, fmt::join(with_census, ", "), with_census.front()));
  const auto digits = parse_u64(options.digits);
  if (!digits || *digits == 0 || *digits > r.family->max_census_digits)
    throw InputError(fmt::format("--digits '{}': expected how many digits after the point, 1 to {}", options.digits,
                                 r.family->max_census_digits));
  r.digits = static_cast<unsigned>(*digits);
  // The bound the family's example takes: its games' tables share one limit.
  // A misère census computes quotients, whose bound is quotient's.
  r.misere = options.misere;
  const std::unique_ptr<Game> example = parse_game(r.family->example);
  const std::uint64_t most = r.misere ? kMostQuotientHeap : example->heap_game()->max_pattern_limit();
  r.deepen_file = options.deepen;
  if (!r.deepen_file.empty() && r.misere)
    throw InputError("--deepen goes on from a census of normal play: it takes no --misere");
  // A misère census without --max-heap is one of whole games.
  r.whole_quotients = r.misere && options.max_heap.empty();
  if (!options.budget.empty() && r.deepen_file.empty() && !r.whole_quotients)
    throw InputError(r.misere ? "--budget bounds each whole misère quotient: it takes no --max-heap (which asks for "
                                "the quotients of heaps up to a bound)"
                              : "--budget bounds each game of a deeper pass (--deepen FROM) or each whole misère "
                                "quotient (--misere)");
  if (!options.most_heaps.empty() && !r.whole_quotients)
    throw InputError(
        "--most-heaps bounds each whole misère quotient's search: it goes with --misere and no --max-heap");
  if (r.whole_quotients) {
    r.most_heaps = kDefaultQuotientMostHeaps;
    if (!options.most_heaps.empty()) {
      const auto n = parse_u64(options.most_heaps);
      if (!n || *n == 0 || *n > kMostQuotientHeap)
        throw InputError(
            fmt::format("--most-heaps '{}': expected the last heap a whole quotient's search may reach, "
                        "1 to {}",
                        options.most_heaps, kMostQuotientHeap));
      r.most_heaps = *n;
    }
  }
  const std::string text = !options.max_heap.empty() ? options.max_heap
                           : r.misere                ? std::to_string(kDefaultQuotientMaxHeap)
                           : r.deepen_file.empty()   ? std::to_string(kDefaultCensusMaxHeap)
                                                     : std::to_string(kDefaultDeepenMaxHeap);
  const auto max_heap = parse_u64(text);
  if (!max_heap || *max_heap == 0 || *max_heap > most)
    throw InputError(fmt::format("--max-heap '{}': expected the last heap size to examine, 1 to {}{}", text, most,
                                 r.misere ? " with --misere (the quotient of the sums of heaps 0..N)" : ""));
  r.max_heap = *max_heap;
  r.budget_seconds = r.whole_quotients ? kDefaultMisereBudget : kDefaultDeepenBudget;
  if (!options.budget.empty()) {
    const auto budget = parse_u64(options.budget);
    if (!budget || *budget == 0 || *budget > 365u * 24 * 3600)
      throw InputError(
          fmt::format("--budget '{}': expected the core seconds {} may take, 1 to 31536000 (a year)", options.budget,
                      r.whole_quotients ? "each whole quotient's search" : "a game without a rare-value mask"));
    r.budget_seconds = static_cast<double>(*budget);
  }
  if (!options.shard.empty()) parse_shard(options.shard, r);
  r.resume_file = options.resume;
  r.merge_files = options.merge;
  r.estimate_only = options.estimate;
  if (!r.merge_files.empty() && (!options.shard.empty() || !options.resume.empty()))
    throw InputError("--merge combines finished parts: it takes no --shard or --resume");
  r.so_far = options.so_far;
  r.json_lines = options.jsonl;
  if (options.jsonl && options.json) throw InputError("--json and --jsonl are two forms of one output: choose one");
  if (r.so_far && (r.merge_files.empty() || r.deepen_file.empty()))
    throw InputError(
        "--so-far prints a deeper pass's census as far as it has got: it goes with --merge (the pass's "
        "rows) and --deepen FROM (the census it deepens)");
  if (!r.merge_files.empty() && !options.only.empty())
    throw InputError("--merge computes nothing: it takes no --only (which chooses the games to compute)");
  r.only = parse_only(options.only, *r.family, r.digits);
  const auto jobs = parse_u64(options.jobs);
  if (!jobs || *jobs > kMaxSearchThreads)
    throw InputError(fmt::format("--jobs '{}': expected a number of threads from 1 to {}, or 0 for every core",
                                 options.jobs, kMaxSearchThreads));
  // (More threads than cores would only share them: taken down to the cores, as --threads is.)
  r.jobs = std::min(static_cast<unsigned>(*jobs), available_cores());
  note_threads_taken("--jobs", static_cast<unsigned>(*jobs), r.jobs);
  return r;
}

}  // namespace

Command add_census_command(CLI::App& app) {
  auto options = std::make_shared<CensusOptions>();
  CLI::App* census = app.add_subcommand(
      "census", fmt::format("Find the pattern of every game of a family ({}) whose code has at most K digits",
                            fmt::join(census_family_names(), ", ")));
  std::string digits_range;
  for (const GameFamily* f : game_registry())
    if (f->census_codes != nullptr)
      digits_range += fmt::format("{}1..{} for {}", digits_range.empty() ? "" : ", ", f->max_census_digits, f->name);
  census
      ->add_option("FAMILY", options->family,
                   fmt::format("the family of games: {}", fmt::join(census_family_names(), ", ")))
      ->required()
      ->type_name("");
  census
      ->add_option("--digits", options->digits,
                   fmt::format("K: every code d0.d1..dk with k <= K digits after the point ({})", digits_range))
      ->required()
      ->type_name("K");
  census
      ->add_option("--max-heap", options->max_heap,
                   fmt::format("each game's pattern search bound (default {}); with --misere, the quotient of "
                               "the sums of heaps 0..N only (at most {}) instead of the whole game's",
                               kDefaultCensusMaxHeap, kMostQuotientHeap))
      ->type_name("N");
  census->add_flag("--misere", options->misere,
                   "misère play: each game's misère quotient, as 'grundy quotient' computes it");
  census->add_flag("--json", options->json, "print {\"games\": [row, ...]} instead of a table");
  census->add_flag("--jsonl", options->jsonl,
                   "print one JSON row a line instead of a table: the form of a --resume file and of "
                   "docs/census/*.jsonl");
  census->add_flag("--estimate", options->estimate,
                   "say how many games are left and about how long they would take (from --resume FILE's rows, "
                   "else from the three-digit census), and stop; every census says so before a long run");
  census
      ->add_option(
          "--shard", options->shard,
          "run only part I of N (groups of equal values I, I+N, I+2N, ..., in the order of each group's lowest code)")
      ->type_name("I/N");
  census
      ->add_option("--resume", options->resume,
                   "append each finished game's row to FILE, and skip the games FILE already has")
      ->type_name("FILE");
  census
      ->add_option("--merge", options->merge,
                   "compute nothing: check that the parts' FILEs (from --resume or --json) cover every game "
                   "once, and print the whole census")
      ->type_name("FILE");
  census
      ->add_option("--deepen", options->deepen,
                   fmt::format("a deeper pass: go on from FROM, a whole census (a --resume file or --json), "
                               "searching again every game it leaves without a proven period, those with a "
                               "rare-value mask to --max-heap (default {}), the others within --budget; the "
                               "games FROM proves keep their rows",
                               kDefaultDeepenMaxHeap))
      ->type_name("FROM");
  census->add_flag("--so-far", options->so_far,
                   "with --merge and --deepen FROM: print the census as deep as the parts go, a game they "
                   "have no row for yet keeping FROM's row (a cut last line is left out); written to another "
                   "file and then moved over FROM, the census holds every game once, each as far as it was "
                   "checked, and the pass goes on from it");
  census
      ->add_option("--only", options->only,
                   "compute only the games named (codes such as 0.376 or octal:0.376; several: 0.376,0.354 "
                   "or --only again) and the others of their groups of equal values; the other games are "
                   "neither computed nor printed, and a later run with the same --resume FILE does the rest")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->allow_extra_args(false)
      ->delimiter(',')
      ->type_name("CODE");
  census
      ->add_option("--budget", options->budget,
                   fmt::format("with --deepen: the core seconds a game without a rare-value mask may take "
                               "(default {:.0f}); its bound is FROM's times sqrt(budget / FROM's seconds), since "
                               "its time grows as the square of the heaps. With --misere: the core seconds of "
                               "each whole quotient's search (default {:.0f})",
                               kDefaultDeepenBudget, kDefaultMisereBudget))
      ->type_name("SECONDS");
  census
      ->add_option("--most-heaps", options->most_heaps,
                   fmt::format("with --misere: each whole quotient's search stops at heap N if the periodicity "
                               "theorem has not proven it by then (default {}, at most {})",
                               kDefaultQuotientMostHeaps, kMostQuotientHeap))
      ->type_name("N");
  census
      ->add_option("--jobs", options->jobs,
                   "threads, at most the cores grundy may use (0 or default: GRUNDY_THREADS if set, else every "
                   "core)")
      ->type_name("J");
  census->footer(
      "\nEach game is 'grundy pattern octal:CODE --max-heap N'; d0 is 0 or 4, 0.0 and 4.0 are in,\n"
      "and other codes whose last digit is 0 are left out (the same game as the code without it).\n"
      "Rows come in code order:\n"
      "game, kind (periodic/none), proven, preperiod, period, largest value, the last heap examined\n"
      "and the seconds it took, then a count of each kind. JSON rows are the objects of\n"
      "'pattern --json' plus \"seconds\" and \"max_heap\".\n"
      "Codes whose values are equal by a theorem (they differ only in bit 1 of some digits, or in a\n"
      "bit 2 whose one-heap move a split already gives, and agree on G(0..6)) form a group: a game\n"
      "with no period is computed once a group, and the others copy its row, naming it in\n"
      "\"same_values_as\"; periodic games prove their own periods (docs/census.md).\n"
      "With --misere, each game is 'grundy quotient octal:CODE': its quotient grows heap by heap until\n"
      "the periodicity theorem proves it for every heap, or --most-heaps or --budget stops it. Rows\n"
      "give the quotient's size, generators, P-portion, whether it is tame, the proven period (\"whole\")\n"
      "or why the search stopped (\"stopped\") and the heap it reached. With --max-heap N, each game is\n"
      "'grundy quotient octal:CODE --max-heap N' instead. A game whose quotient passes quotient's\n"
      "limits says so in its row.\n"
      "A run with --resume FILE writes FILE as it goes (one JSON row a line); run it again after an\n"
      "interruption and it does only the games left. Shards share a census between machines: run\n"
      "--shard I/N --resume part-I.jsonl for I = 1..N anywhere, then --merge part-*.jsonl\n"
      "(docs/census.md).\n"
      "A deeper pass (--deepen FROM) searches again, cheapest first, the games a finished census\n"
      "left without a proven period; its rows add \"deepened_from\" (FROM's bound), each \"max_heap\"\n"
      "its own bound; FROM's other rows are kept as they are (docs/census.md, \"A deeper pass\").\n"
      "--merge FILE --deepen FROM --so-far folds a running pass's rows into FROM: the same pass goes\n"
      "on from the census it prints, skipping FILE's rows that FROM now holds.\n"
      "\nExamples:\n  grundy census octal --digits 2\n"
      "  grundy census octal --digits 3 --max-heap 65535 --resume census3.jsonl\n"
      "  grundy census octal --digits 2 --shard 1/2 --resume part-1.jsonl\n"
      "  grundy census octal --digits 2 --merge part-1.jsonl part-2.jsonl\n"
      "  grundy census octal --digits 2 --misere\n"
      "  grundy census octal --digits 2 --misere --max-heap 40\n"
      "  grundy census octal --digits 3 --deepen census3.jsonl --resume deep3.jsonl --estimate\n"
      "  grundy census octal --digits 3 --deepen census3.jsonl --only 0.376 --resume first.jsonl\n"
      "  grundy census octal --digits 3 --deepen census3.jsonl --merge deep3.jsonl --so-far --jsonl\n");
  return {census, answering([options](Output& out) {
            const unsigned env_threads = read_threads_option(std::nullopt);  // (GRUNDY_THREADS: the default of --jobs)
            CensusRequest request = parse_census(*options);
            if (request.jobs == 0) request.jobs = threads_taken(env_threads);
            run_census(request, output_format(options->json), out);
          })};
}

}  // namespace grundy::cli
