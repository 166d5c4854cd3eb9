// quotient: the misère quotient of a heap game's sums (misere_commands.hpp).

#include <memory>
#include <string>

#include <fmt/format.h>

#include "command.hpp"
#include "grundy/error.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/spec.hpp"
#include "misere_commands.hpp"

namespace grundy::cli {
namespace {

struct QuotientOptions {
  std::string game;
  std::string max_heap = std::to_string(kDefaultQuotientMaxHeap);
  bool json = false;
};

std::uint64_t parse_quotient_max_heap(const std::string& text) {
  auto n = parse_u64(text);
  if (!n || *n == 0 || *n > kMaxQuotientMaxHeap)
    throw InputError(fmt::format("--max-heap '{}': {}; expected the largest heap of the quotient, a whole number "
                                 "from 1 to {}",
                                 text, !n ? why_not_u64(text) : (*n == 0 ? "zero has no heap with a move" : "too large"),
                                 kMaxQuotientMaxHeap));
  return *n;
}

}  // namespace

Command add_quotient_command(CLI::App& app) {
  auto options = std::make_shared<QuotientOptions>();
  CLI::App* quotient = app.add_subcommand(
      "quotient", "Compute the misère quotient of a heap game's sums (Plambeck-Siegel), proven, with its presentation");
  add_game_option(*quotient, options->game, "a game on heap sizes, such as octal:0.75 or kayles (not graph:FILE)");
  quotient->add_option("--max-heap", options->max_heap,
                       fmt::format("the quotient of the sums of heaps 0..N (default {}, at most {})",
                                   kDefaultQuotientMaxHeap, kMaxQuotientMaxHeap))
      ->type_name("N");
  quotient->add_flag("--json", options->json, "print one JSON object instead of text");
  quotient->footer(
      "\nIn misère play whoever makes the last move loses, and Grundy values no longer add up. Sums of heaps\n"
      "that no other sum tells apart are identified: the classes form a finite commutative monoid (the\n"
      "quotient), and a sum is a P-position (the player to move loses) exactly when the product of its\n"
      "heaps' elements is in the P-portion. The output gives the generators (heaps), the relations, the\n"
      "P-portion, and the pretending function (the element of each heap). docs/misere.md explains them.\n"
      "\nExamples:\n  grundy quotient octal:0.75\n  grundy quotient kayles --max-heap 12 --json\n");
  return {quotient, answering([options](Output& out) {
    // A mistyped --max-heap is reported before anything the game's name is wrong in.
    const std::uint64_t max_heap = parse_quotient_max_heap(options->max_heap);
    print_quotient(*parse_game(options->game), max_heap, output_format(options->json), out);
  })};
}

}  // namespace grundy::cli
