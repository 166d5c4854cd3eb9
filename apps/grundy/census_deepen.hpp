#pragma once
// `grundy census ... --deepen FROM`: a deeper pass over a finished census.
// Every game that FROM leaves without a proven period is searched again with
// a larger bound; the games FROM proves keep their rows (docs/census.md,
// "A deeper pass").
//
// The bound of each game comes from FROM's row of the game whose values it
// computed (itself, or the game named in "same_values_as"):
// - a game whose table used a rare-value mask goes to --max-heap (default
//   2^29 - 1): its cost grows about linearly with the heaps examined, and a
//   period found sooner ends it sooner;
// - a game without a mask pays a scan of every pair of heaps for each
//   value, so its time grows as the square of the heaps: its bound is FROM's
//   times sqrt(budget / FROM's seconds), at most --max-heap, where budget is
//   --budget (core seconds a game, default an hour). A bound less than 1.1
//   times FROM's is no deeper pass: the game keeps FROM's row.
// FROM may hold rows of the pass already (folded in by --merge --so-far,
// with "deepened_from"): such a row is final, whatever the request (its
// game had its bound, and its "deepened_from" stays the census's first
// bound), and the others of its group go to its bound, so as to copy it.
// The bound is a function of FROM and the request alone, so a resumed or
// sharded run, and --merge, check every row against it.

#include <cstdint>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "census.hpp"

namespace grundy::cli {

class DeepenPlan {
 public:
  // Reads FROM (a resume file or a --json census, whole: every game of the
  // census once, of normal play). Throws InputError naming FROM otherwise.
  DeepenPlan(const CensusRequest& request, const std::vector<std::string>& codes);

  // The bound the deeper pass gives `code`, or 0 when it keeps FROM's row.
  [[nodiscard]] std::uint64_t bound(const std::string& code) const;
  // FROM's row of `code`.
  [[nodiscard]] const nlohmann::json& from_row(const std::string& code) const { return rows_.at(code); }
  // A core-time estimate of computing `code` to its bound, in seconds: FROM's
  // time, scaled linearly (masked) or as the square (not masked).
  [[nodiscard]] double estimated_seconds(const std::string& code) const;

 private:
  // FROM's row whose values `code`'s row holds (itself, or its source).
  [[nodiscard]] const nlohmann::json& computed_row(const std::string& code) const;

  const CensusRequest& request_;
  std::map<std::string, nlohmann::json> rows_;  // code -> FROM's row
};

}  // namespace grundy::cli
