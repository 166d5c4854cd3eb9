#pragma once
// Who wins a sum in misère play (whoever makes the last move loses), and
// every winning move. The Sprague-Grundy values do not add up in misère
// play, so the answer comes from the first method that applies:
//   nim_rule  every component is Nim: Bouton's rule, exact for any heaps;
//   search    (first, briefly) a sum of heaps of one game that a search of
//             100,000 sums decides;
//   quotient  every component is a heap of one heap game, and its misère
//             quotient is proven (misere_quotient.hpp): the whole game's
//             for an octal code (then heaps of any size are answered, and
//             their winning moves found through the quotient:
//             misere_quotient_moves.hpp), else that of its heaps up to the
//             largest in play: a product in a monoid;
//   genus     every component is a heap of a heap game (several games may
//             mix), and every sum of those games' heaps up to the sizes in
//             play is proven to play as misère Nim (Conway's tame games):
//             Bouton's rule on each heap's genus;
//   search    an exact search over the sums reachable (misere_search.hpp),
//             which stops with LimitError when it would be too large.
// docs/misere.md explains each.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/misere/misere_quotient.hpp"
#include "grundy/misere/misere_search.hpp"
#include "grundy/sum.hpp"

namespace grundy {

enum class MisereMethod { nim_rule, quotient, genus, search };
// "rule", "quotient", "genus", "search": the names `--json` uses.
[[nodiscard]] std::string_view to_string(MisereMethod m);

struct MisereAnalysis {
  Winner winner = Winner::first;  // first or second: a finite game has no draw
  MisereMethod method = MisereMethod::search;
  std::string reason;                              // why, in words
  std::vector<Move> winning_moves;                 // filled by analyze_misere_sum
  std::vector<UnlistedMoves> unlisted;             // components whose list was cut at the limit
  std::shared_ptr<const MisereQuotient> quotient;  // for method quotient
  QuotientElement element = 0;                     // the sum's class in it
  // For method genus: each component's pretended misère Nim position, and
  // the pretences of every heap of its game up to its size (for its moves).
  std::vector<MiserePretence> pretended;
  std::vector<std::shared_ptr<const std::vector<MiserePretence>>> genus_tables;
  std::uint64_t sums_searched = 0;  // for method search
};

struct MisereOptions {
  // Games of an octal code: the whole game's quotient is looked for up to
  // this heap (0: never), and then answers sums of heaps of any size.
  std::uint64_t whole_quotient_most_heaps = kDefaultQuotientMostHeaps;
  // Other games: quotients are computed for sums whose largest heap is at
  // most this.
  std::uint64_t max_quotient_heap = 40;
  std::uint64_t max_search_sums = MisereSearch::kDefaultMaxSums;
  // Sums of one heap game are first searched this far, then by quotient.
  std::uint64_t quick_search_sums = 100'000;
  // Tighter than `quotient`'s own: past them the search decides. The time
  // limit keeps a question of a few heaps from waiting on a whole game's
  // quotient that will not come: the three-digit census's slowest proof of a
  // whole game took 3.3 s (docs/census/octal-3-misere.md). A bounded quotient
  // of more heaps than a whole game's search reached in that time would take
  // longer, so it is not tried; `value --misere` computes one with
  // `quotient`'s own size limits and this time limit. `grundy quotient` has
  // no time limit unless asked (--budget).
  QuotientLimits quotient_limits{.max_size = 2000,
                                 .max_proof_numbers = 8'000'000,
                                 .max_copies = 64,
                                 .max_recalibrations = 50,
                                 .max_trial_size = 50'000,
                                 .max_trial_work = 10'000'000,
                                 .max_seconds = 5};
};

// Bouton: a misère Nim sum is a P-position when some heap is at least 2 and
// the nim-sum is 0, or when every heap is 0 or 1 and the nim-sum is 1.
// O(k) for k heaps.
[[nodiscard]] bool misere_nim_p_position(std::span<const std::uint64_t> heaps);

// The winner and how it was found, without moves.
// Cost: O(k) for k Nim heaps. Otherwise the first method that answers, each
// bounded by `options` (LimitError past the last): a search of
// quick_search_sums sums, a quotient within quotient_limits, a genus proof
// within max_proof_numbers, a search of max_search_sums sums (and the memory
// bound); each sum searched lists up to MisereSearch::kMaxOptions options a
// component, so the cost is the games' and, in general, exponential.
[[nodiscard]] MisereAnalysis misere_outcome(std::span<const Component> components, const MisereOptions& options = {});
// The winner and every winning move (at most `limit_per_component` listed
// per component).
// Cost: misere_outcome's, then one list_options per component (at most
// kMaxOptions) and a check per option: O(heaps it leaves) by the quotient or
// the genera, a search from the option (reusing what the search knows), or
// for Nim Bouton's rule again, O(k^2) in all for k heaps. A sum decided by the
// quick search whose moves exceed its bounds is analysed again without it.
[[nodiscard]] MisereAnalysis analyze_misere_sum(std::span<const Component> components,
                                                std::uint64_t limit_per_component = kNoLimit,
                                                const MisereOptions& options = {});

}  // namespace grundy
