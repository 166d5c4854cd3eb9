#pragma once
// The answers about a sum (value, winner, moves, table, pattern, contest),
// one function each, over parsed arguments, as text or JSON: what the
// command line prints and the server and Python answer. Input errors are
// thrown as InputError.

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "grundy/pattern.hpp"
#include "grundy/sum.hpp"
#include "grundy/frontend/output.hpp"
#include "grundy/analysis.hpp"
#include "grundy/game_sum.hpp"
#include "grundy/session_rules.hpp"

namespace grundy::frontend {

enum class Format { text, json };

// The sum commands, in either play convention (convention_words.hpp says
// each one's words). `ascii`: an infinite value is written inf{0,2}, not
// ∞{0,2} (text only).
void print_values(const GameSum& sum, Convention convention, Format format, bool ascii, Output& out);
void print_winner(const GameSum& sum, Convention convention, Format format, bool ascii, Output& out);
// Lists at most `limit` winning moves (or, in a draw, moves keeping the
// draw) per component (kNoLimit: all).
inline constexpr std::uint64_t kDefaultMovesLimit = 1000;
void print_moves(const GameSum& sum, Convention convention, std::uint64_t limit, Format format, bool ascii,
                 Output& out);
// The objects `value --json` and `moves --json` print (serve's API answers
// with them too); a move as `moves --json` lists it, its component numbered
// from 0.
nlohmann::json values_json(const GameSum& sum, Convention convention);
nlohmann::json moves_json(const GameSum& sum, Convention convention, std::uint64_t limit, bool ascii);
nlohmann::json move_json(std::span<const Component> components, const Move& m);
// Adds "moves" (the listed moves) and, when a list was cut, "unlisted" to `j`.
void add_moves_json(nlohmann::json& j, std::span<const Component> components, const std::vector<Move>& listed,
                    const std::vector<UnlistedMoves>& unlisted);
// A position in JSON: a heap size is a number; a vertex, a board or any
// other position is its text.
nlohmann::json position_json(const Game& game, Position p);
// "heaps" when every component is a heap, "boards", ...; "components" for a mix.
std::string plural_component_noun(const GameSum& sum);
std::string plural_component_noun(std::span<const Game* const> games);
// "token 2", or "token 2 (graph:g.txt)" in a sum of several games.
std::string component_name(const GameSum& sum, std::size_t i);
// "3 xor 4 xor 5 = 2", from finite values (the terms only for sums of at
// most 8; just the total otherwise, or for one value): play's and serve's hints.
std::string nim_sum_equation(const std::vector<GameValue>& values);
// A value in JSON: a number, or {"infinite": true, "options": [0, 2]}.
nlohmann::json value_json(const GameValue& v);
// Why the engine answers a draw offer as it does ("it can force a win from
// here"), and that answer as play and serve both say it ("The engine
// declines the draw: it can force a win from here.").
std::string_view draw_offer_reason(DrawOfferAnswer answer);
std::string draw_offer_sentence(DrawOfferAnswer answer);
// A pattern's advice (PatternAdvice) in the command line's words: its options.
std::string advice_text(const Pattern& p);

struct TableRequest {
  std::uint64_t to = 20;
  bool runs = false;
};
void print_table(const Game& game, const TableRequest& request, Format format, Output& out);

// The pattern of a heap game's values (pattern.hpp); `limit` bounds the
// values examined for games without a theorem of their own. A summary shows
// the first kPatternSummaryValues values of each list (preperiod, period,
// base table); `all_values` prints them all, streamed.
inline constexpr std::uint64_t kPatternSummaryValues = 30;
void print_pattern(const Game& game, std::uint64_t limit, bool all_values, Format format, Output& out);
// The object `pattern --json` prints (without "values" unless all_values).
nlohmann::json pattern_json(const Game& game, const Pattern& p, bool all_values);
// What a take-and-break table saw, in words (pattern's "seen:" line).
std::string describe(const TableReport& t);

void print_games(Format format, Output& out);

// The names of the contest problems `solve_contest` knows ("fdivgame", ...).
std::vector<std::string> contest_problem_names();

// Reads a contest input (from `input_file`, or standard input when empty)
// and writes the judge's expected output; nothing is written on an error.
void solve_contest(const std::string& problem, const std::string& input_file, Output& out);

}  // namespace grundy::frontend
