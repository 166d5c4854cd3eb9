#pragma once
// The library's front door for questions about a sum of games: who wins,
// with which moves, what the engine plays and what a hint says, each under
// a play convention (normal: whoever cannot move loses; misère: whoever
// makes the last move loses). The command line, `play`, the server and the
// Python module ask these and put the answers into their own words; the
// answers are data (moves, values, the method that decided, its numbers),
// never sentences.
//
// Inside, the method is chosen by convention and by what the games can do:
// normal play adds Sprague-Grundy values (sum.hpp, Smith's rules where
// values are infinite); misère play takes the first of Bouton's rule, a
// misère quotient, the genus, or an exact search that applies (misere.hpp).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "grundy/misere/misere.hpp"
#include "grundy/strategy.hpp"
#include "grundy/sum.hpp"

namespace grundy {

enum class Convention { normal, misere };
// "normal", "misere": the names the JSON answers use.
[[nodiscard]] std::string_view to_string(Convention c);

// What decides a sum under a convention, and its moves when asked.
struct SumReport {
  Winner winner = Winner::second;  // a draw only in normal play with cycles
  // What decided, in the convention asked for and only that one: normal
  // play's values, nim-sum and total, or misère play's method and its data.
  // The front-ends' words for each convention read their own alternative.
  std::variant<SumAnalysis, MisereAnalysis> analysis;
  // The winning moves; in a draw, the moves that keep it. At most the
  // limit asked for per component; `unlisted` names the components cut.
  std::vector<Move> moves;
  std::vector<UnlistedMoves> unlisted;
};

// Who wins a sum where no move is left: the player to move, who cannot
// move, loses normal play and wins misère play.
[[nodiscard]] Winner winner_with_no_move(Convention convention);

// Who wins, and why, without moves. Cost: normal play, one value per
// component; misère play, as misere_outcome (a quotient or a search may
// take seconds on large sums, and stops with LimitError past its bounds).
[[nodiscard]] SumReport outcome(std::span<const Component> sum, Convention convention);

// Who wins and the moves that do (or keep a draw): at most
// `limit_per_component` listed per component (kNoLimit for all). Cost:
// outcome's, plus listing: normal play, each component's options_to_value
// (a heap game's moves to one value, at most the limit; a proven period
// makes a take-and-break heap of any size O(e + p) per digit); misère play,
// each option of each component judged by the method that decided.
[[nodiscard]] SumReport analyze(std::span<const Component> sum, Convention convention,
                                std::uint64_t limit_per_component = kNoLimit);

// The engine's move: a winning move whenever there is one (chosen with
// `rng` among the first 64 of each component), else in a draw one that
// keeps it, else a move that makes the opponent's task hard (normal play:
// stalling_move; misère play: one of the sampled moves). nullopt when no
// move is left. std::logic_error rather than a losing move in a won sum.
// `answer_to`: the component the opponent last moved in (strategy.hpp).
// Cost: analyze's with at most 64 moves per component.
[[nodiscard]] std::optional<Move> engine_move(std::span<const Component> sum, Convention convention, MoveRng& rng,
                                              std::optional<std::size_t> answer_to = std::nullopt);

// A hint as data: the move suggested and what makes it right.
struct Hint {
  enum class Kind {
    win,        // `move` wins
    keep_draw,  // no win; `move` keeps the draw (normal play with cycles)
    no_win,     // every move loses against perfect play; `move` (if any) is the hardest to answer
    over,       // no move is left
  };
  Kind kind = Kind::over;
  std::optional<Move> move;
  SumReport report;  // the analysis behind it (moves not listed)
  // Misère Nim (Bouton's rule), for a winning move: what the move leaves.
  enum class NimCase {
    none,          // not decided by Bouton's rule
    plays_as_nim,  // a heap of 2 or more is left: the move leaves nim-sum 0
    odd_ones,      // only heaps of 1 were in play; the move leaves an odd number of them
    exception,     // the move leaves only heaps of 1, an odd number: the rule's exception
  };
  NimCase nim_case = NimCase::none;
  std::uint64_t ones_left = 0;  // heaps of 1 left, for odd_ones and exception
};

// The hint for the player to move. Same choices as engine_move (with its
// own `rng`), so a hint is a move the engine could have played. Cost:
// engine_move's, plus outcome's for the report.
[[nodiscard]] Hint hint(std::span<const Component> sum, Convention convention, MoveRng& rng,
                        std::optional<std::size_t> answer_to = std::nullopt);

// The misère value of a component: its genus g^m (Conway) when its game is
// tame on heaps up to the largest asked, else why there is none.
struct MisereValue {
  enum class Kind {
    nim_heap,        // a heap of misère Nim: n^n, 0^1 or 1^0
    tame,            // `genus` from the game's misère quotient, proven tame
    wild,            // the quotient (of `quotient_size` elements) is not misère Nim's
    not_heap_game,   // genera are computed for heap games only
    heap_too_large,  // the largest heap asked is above kMostGenusHeap
    not_computed,    // the quotient stopped at a limit: `limit` says which
  };
  Kind kind = Kind::not_computed;
  std::optional<std::string> genus;  // "g^m" for nim_heap, and tame up to the quotient's heaps
  std::uint64_t largest_heap = 0;    // of this component's game in the sum
  std::uint64_t quotient_size = 0;   // for tame and wild
  // For tame and wild: the heap's element of the quotient, as a word ("1",
  // "a", "ab^2"), and whether the quotient is the whole game's (proven for
  // every heap, so the heap may have any size).
  std::optional<std::string> element;
  bool whole = false;
  std::string limit;  // for not_computed: the library's message
  // For not_computed: the whole game's quotient ran out of time short of
  // the heaps asked (a quotient of those heaps alone, without the time
  // limit, may still be computed).
  bool out_of_time = false;
};
// Genera come from quotients of heaps up to this.
inline constexpr std::uint64_t kMostGenusHeap = 40;

// The misère value of every component, one quotient per game: the whole
// game's for an octal code (any heap; shared_whole_misere_quotient, within
// MisereOptions' limits), else that of the heaps up to the largest in the
// sum (at most kMostGenusHeap; for an octal code, only when the whole game's
// search reached them). Cost: milliseconds for tame games, bounded by the
// quotients' limits for wild ones (5 s of processor time each); a whole
// game's once per process.
[[nodiscard]] std::vector<MisereValue> misere_values(std::span<const Component> sum);

}  // namespace grundy
