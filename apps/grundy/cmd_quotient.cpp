// quotient: the misère quotient of a heap game's sums (grundy/frontend/quotient_answers.hpp).

#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "command.hpp"
#include "grundy/error.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/spec.hpp"
#include "grundy/time_limit.hpp"
#include "grundy/frontend/quotient_answers.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

namespace {

struct QuotientOptions {
  std::string game;
  std::string max_heap;  // unset: the whole game
  std::string most_heaps = std::to_string(kDefaultQuotientMostHeaps);
  std::string max_elements = std::to_string(QuotientLimits{}.max_size);
  std::string budget;  // --budget SECONDS ("": no time limit)
  bool json = false;
};

std::uint32_t parse_max_elements(const std::string& text) {
  auto n = parse_u64(text);
  if (!n || *n < 2 || *n > kMaxQuotientElements)
    throw InputError(
        fmt::format("--max-elements '{}': {}; expected the most elements a quotient may have before "
                    "grundy stops, a whole number from 2 to {} (the table of products takes 4 N^2 "
                    "bytes: 1.6 GB at {})",
                    text, !n ? why_not_u64(text) : (*n < 2 ? "too small" : "too large"), kMaxQuotientElements,
                    kMaxQuotientElements));
  return static_cast<std::uint32_t>(*n);
}

std::uint64_t parse_most_heaps(const std::string& text) {
  auto n = parse_u64(text);
  if (!n || *n == 0 || *n > kMostQuotientHeap)
    throw InputError(
        fmt::format("--most-heaps '{}': {}; expected the last heap the search for the whole game's "
                    "quotient may reach, a whole number from 1 to {}",
                    text, !n ? why_not_u64(text) : (*n == 0 ? "zero" : "too large"), kMostQuotientHeap));
  return *n;
}

// --budget SECONDS: processor seconds, 1 to a year.
double parse_quotient_budget(const std::string& text) {
  auto n = parse_u64(text);
  if (!n || *n == 0 || *n > 365u * 24 * 3600)
    throw InputError(fmt::format(
        "--budget '{}': {}; expected the processor seconds the quotient's heaps may take, a whole number from 1 "
        "to 31536000 (a year)",
        text, !n ? why_not_u64(text) : (*n == 0 ? "zero" : "too large")));
  return static_cast<double>(*n);
}

std::uint64_t parse_quotient_max_heap(const std::string& text) {
  auto n = parse_u64(text);
  if (!n || *n == 0 || *n > kMostQuotientHeap)
    throw InputError(fmt::format(
        "--max-heap '{}': {}; expected the largest heap of the quotient, a whole number "
        "from 1 to {}",
        text, !n ? why_not_u64(text) : (*n == 0 ? "zero has no heap with a move" : "too large"), kMostQuotientHeap));
  return *n;
}

}  // namespace

Command add_quotient_command(CLI::App& app) {
  auto options = std::make_shared<QuotientOptions>();
  CLI::App* quotient = app.add_subcommand(
      "quotient", "Compute the misère quotient of a heap game's sums (Plambeck-Siegel), proven, with its presentation");
  add_game_option(*quotient, options->game, "a game on heap sizes, such as octal:0.75 or kayles (not graph:FILE)");
  quotient
      ->add_option("--max-heap", options->max_heap,
                   fmt::format("the quotient of the sums of heaps 0..N only (at most {}); without it, an octal "
                               "game's quotient is proven for every heap, and other games get heaps 0..{}",
                               kMostQuotientHeap, kDefaultQuotientMaxHeap))
      ->type_name("N");
  quotient
      ->add_option("--most-heaps", options->most_heaps,
                   fmt::format("the whole game's search stops at heap N if the periodicity theorem has not "
                               "proven it by then (default {}, at most {})",
                               kDefaultQuotientMostHeaps, kMostQuotientHeap))
      ->type_name("N");
  quotient
      ->add_option("--max-elements", options->max_elements,
                   fmt::format("stop when a candidate quotient has more than N elements (default {}, at most "
                               "{}; memory grows as N^2: 100 MB at 5,000, 1.6 GB at 20,000)",
                               QuotientLimits{}.max_size, kMaxQuotientElements))
      ->type_name("N");
  quotient
      ->add_option("--budget", options->budget,
                   "stop after SECONDS of processor time (default: no time limit): the whole game's search "
                   "keeps the quotient it has proven and says so; a quotient of heaps 0..N (--max-heap) "
                   "that is not done by then is not given")
      ->type_name("SECONDS");
  quotient->add_flag("--json", options->json, "print one JSON object instead of text");
  quotient->footer(
      "\nIn misère play whoever makes the last move loses, and Grundy values no longer add up. Sums of heaps\n"
      "that no other sum tells apart are identified: the classes form a finite commutative monoid (the\n"
      "quotient), and a sum is a P-position (the player to move loses) exactly when the product of its\n"
      "heaps' elements is in the P-portion. The output gives the generators (heaps), the relations, the\n"
      "P-portion, and the pretending function (the element of each heap). docs/misere.md explains them.\n"
      "\nFor an octal game (kayles, octal:0.75, ...) grundy adds heaps one by one until the periodicity\n"
      "theorem for misère quotients proves the quotient of every heap: the pretending function repeats\n"
      "over a range fixed by the period, its start and the code's length. The output states the check.\n"
      "Where no period is proven by --most-heaps, or a limit stops a step, it prints the quotient it has\n"
      "and says why it stopped.\n"
      "\nExamples:\n  grundy quotient octal:0.75\n  grundy quotient kayles --max-heap 12 --json\n"
      "  grundy quotient octal:4.7 --budget 30\n");
  return {quotient, answering([options](Output& out) {
            // A mistyped --max-heap is reported before anything the game's name is wrong in.
            std::optional<std::uint64_t> max_heap;
            if (!options->max_heap.empty()) max_heap = parse_quotient_max_heap(options->max_heap);
            const std::uint64_t most_heaps = parse_most_heaps(options->most_heaps);
            const std::uint32_t max_elements = parse_max_elements(options->max_elements);
            QuotientLimits limits = quotient_limits(max_elements);
            if (!options->budget.empty()) limits.max_seconds = parse_quotient_budget(options->budget);
            try {
              print_quotient(*parse_game(options->game), max_heap, most_heaps, output_format(options->json), out,
                             limits);
            } catch (const TimeLimitReached& e) {
              throw TimeLimitReached(fmt::format("{}; a larger --budget goes further", e.what()));
            }
          })};
}

}  // namespace grundy::cli
