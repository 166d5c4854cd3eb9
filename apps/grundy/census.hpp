#pragma once
// `grundy census FAMILY`: `pattern` (or, with --misere, `quotient`) over
// every game of a family whose code has at most K digits
// (GameFamily::census_codes; octal: d0.d1..dK), on all cores, one row per
// game (docs/census.md).
//
// A row is the object `pattern --json` prints for the game, plus "seconds"
// (its time) and "max_heap" (the bound it ran with). Rows go to a resume
// file as each game ends, one JSON object a line, so an interrupted census
// continues where it stopped; a shard (--shard I/N) runs the groups of
// games with equal values (GameFamily::census_values_key) whose index is
// I - 1 modulo N, so N machines share a census, and --merge checks that
// their files cover every game once before printing the whole table. In a
// group, a game that shows no period copies its row to the others
// ("same_values_as"), which halves the three-digit census's work.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/game_family.hpp"

#include "grundy/frontend/sum_answers.hpp"
#include "grundy/frontend/output.hpp"

namespace grundy::cli {

struct CensusRequest {
  const GameFamily* family = nullptr;    // one with census_codes (game_family.hpp)
  unsigned digits = 0;                   // at most this many digits after the point
  std::uint64_t max_heap = 0;            // pattern's bound for each game
  unsigned shard = 1, shards = 1;        // this run's part, from 1, of `shards`
  std::string resume_file;               // "" for none
  std::vector<std::string> merge_files;  // with --merge: the parts' files, nothing is computed
  unsigned jobs = 0;                     // threads; 0 for one per core
  bool misere = false;                   // each game's misère quotient instead of its pattern
  // With misere and no --max-heap: each game's whole quotient
  // (compute_whole_misere_quotient), searched to heap most_heaps at most,
  // within budget_seconds of core time a game.
  bool whole_quotients = false;
  std::uint64_t most_heaps = 0;
  bool estimate_only = false;  // print the estimate of the work left, and stop
  std::string deepen_file;     // --deepen FROM: go on from this whole census (census_deepen.hpp)
  // With --merge and --deepen: the census as far as the parts go, a game
  // they have no row for keeping FROM's (a deeper pass still running).
  bool so_far = false;
  bool json_lines = false;        // --jsonl: one row a line, as a --resume file holds them
  std::vector<std::string> only;  // --only: codes whose groups alone are computed ({}: every group)
  double budget_seconds = 0;      // --budget: core seconds for a game without a rare-value mask,
                                  // or for each whole misère quotient
};

inline constexpr std::uint64_t kDefaultCensusMaxHeap = (std::uint64_t{1} << 20) - 1;
// A deeper pass (--deepen): masked games to 2^29 - 1 (enough for octal:0.1777's
// proof, which needs 160,949,018 + 2 x 60,620,715 heaps), the others an hour each.
inline constexpr std::uint64_t kDefaultDeepenMaxHeap = (std::uint64_t{1} << 29) - 1;
inline constexpr double kDefaultDeepenBudget = 3600;
// A misère census of whole games: each quotient's search stops after this
// many core seconds, or at heap kDefaultQuotientMostHeaps, with what it has.
inline constexpr double kDefaultMisereBudget = 60;

// "0.07" for "octal:0.07": a row's code in its family.
[[nodiscard]] std::string code_of(const nlohmann::json& row, const GameFamily& family);

// Parses "I/N" (1 <= I <= N); throws InputError naming --shard.
void parse_shard(const std::string& text, CensusRequest& request);

void run_census(const CensusRequest& request, frontend::Format format, frontend::Output& out);

}  // namespace grundy::cli
