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
  std::string max_elements = std::to_string(QuotientLimits{}.max_size);
  bool json = false;
};

std::uint32_t parse_max_elements(const std::string& text) {
  auto n = parse_u64(text);
  if (!n || *n < 2 || *n > kMaxQuotientElements)
    throw InputError(fmt::format("--max-elements '{}': {}; expected the most elements a quotient may have before "
                                 "grundy stops, a whole number from 2 to {} (the table of products takes 4 N^2 "
                                 "bytes: 1.6 GB at {})",
                                 text, !n ? why_not_u64(text) : (*n < 2 ? "too small" : "too large"),
                                 kMaxQuotientElements, kMaxQuotientElements));
  return static_cast<std::uint32_t>(*n);
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
  quotient->add_option("--max-elements", options->max_elements,
                       fmt::format("stop when a candidate quotient has more than N elements (default {}, at most "
                                   "{}; memory grows as N^2: 100 MB at 5,000, 1.6 GB at 20,000)",
                                   QuotientLimits{}.max_size, kMaxQuotientElements))
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
    const std::uint32_t max_elements = parse_max_elements(options->max_elements);
    print_quotient(*parse_game(options->game), max_heap, output_format(options->json), out,
                   quotient_limits(max_elements));
  })};
}

}  // namespace grundy::cli
