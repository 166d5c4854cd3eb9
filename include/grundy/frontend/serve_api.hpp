#pragma once
// The JSON API of `grundy serve`, as plain functions from a request's body
// to a reply, with no HTTP in sight (http_server.cpp carries them over HTTP).
//
// Stateless: every request carries the whole position, written as the
// command line writes a sum ("nim 3 4 5 + kayles 7"), and every reply that
// moves gives the position after the move in the same form. A position
// with no component left (take-and-break games can empty a sum) is written
// as its last game with a heap of 0 ("kayles 0"), which is the same game.
//
//   GET  /api/games        the registry: name, syntax, rule, example, start (a position to play)
//   POST /api/analyze      {"position"} -> the object of `grundy moves --json`
//   POST /api/values       {"position"} -> the object of `grundy value --json`
//   POST /api/components   {"position"} -> {"position", "components": [{"label", "game", "position",
//                          "heap", "splits", "has_move"}], "over", "can_loop"}: what the page draws
//   POST /api/options      {"position", "component"} -> that component's legal moves
//   POST /api/move         {"position", "move": {"component", "to"}} -> {"move", "position", "over"}
//   POST /api/engine-move  {"position", "answer_to"?, "seed"?} -> {"move", "position", "over"}
//   POST /api/hint         {"position", "answer_to"?} -> {"move", "text", "over"}
//   GET  /api/plot         ?game=SPEC&to=N -> an SVG of G(0..N), as `grundy plot` draws it
//   GET  /api/census/about    -> {"games", "censuses", "filters", "sorts"}: the atlas (census_atlas.hpp)
//   GET  /api/census/game     ?code=0.1777 -> one game's rows, group and sources
//   GET  /api/census/list     ?filter=&sort=&code=&offset=&limit= -> {"total", "offset", "rows"}
//   GET  /api/census/download ?census=octal-3&format=jsonl|csv -> the rows as a file
//
// Components are numbered from 0, as in `moves --json`. A bad request
// (bad JSON, an unknown game, an illegal move) gets status 400 and
// {"error": "..."} in the command line's words.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/execution_budget.hpp"
#include "grundy/game.hpp"
#include "grundy/sum.hpp"

namespace grundy::frontend {

// Games a front-end serves besides the registry's (grundy.serve: games
// written in Python). Requests name them by Game::name(); the catalogue
// then lists only the sum they start from.
struct ServedGames {
  std::vector<std::shared_ptr<Game>> games;
  std::string start;  // the sum the page starts from, as a request writes it
  std::string rule;   // the menu's line about it
};

struct ServeSettings {
  // The graph files a request may name (graph:FILE), exactly as given to
  // `serve --graph`: the API never reads another file of the server's.
  std::vector<std::string> graphs;
  std::chrono::milliseconds time_limit{3000};       // per request
  std::size_t memory_bytes = std::size_t{1} << 30;  // per request, beyond the server's own
  // What the games a request reads may take (its searches' threads and
  // tables): every core, and tables bounded by the machine's quarter (the
  // worker's memory_bytes cap ends a request that outgrows it first).
  ExecutionBudget budget;
  ServedGames served;
  // The folder of the censuses' rows the atlas (/census) reads
  // (census_atlas.hpp); none there, an empty atlas.
  std::string census_folder;
  // What an exception from a served game's own code says (a Python
  // exception raised by moves()): its message, or "" when the exception is
  // not one (then it is a defect of grundy's, answered 500). Such a request
  // is answered 422 with the message.
  std::function<std::string(std::exception_ptr)> game_error;
};

// Bounds on what one request may ask.
inline constexpr std::size_t kMaxRequestBytes = 64 * 1024;
// Room for 64 components written back with long specs (a graph's path).
inline constexpr std::size_t kMaxPositionChars = 16384;
inline constexpr std::size_t kMaxComponents = 64;
inline constexpr std::uint64_t kMovesListedPerComponent = 100;  // analyze
inline constexpr std::uint64_t kOptionsListed = 200;            // options

struct ApiReply {
  int status = 200;
  nlohmann::json body;
};

// A sum as requests write it ("nim 3 4 5 + python:Heaps (2,3)"): each
// game by its name, each position as one word (Game::position_word); a sum
// with no component left is `last_game` with a heap of 0 (Nim's, when
// `last_game` is not played on heaps).
[[nodiscard]] std::string position_text(std::span<const Component> components, const Game& last_game);

// The routes above that compute, by path ("/api/analyze"), for POST.
[[nodiscard]] bool is_api_route(std::string_view path);
// Answers a POST to one of them; never throws for a bad request.
[[nodiscard]] ApiReply answer_api(std::string_view path, std::string_view body, const ServeSettings& settings);

// GET /api/games.
[[nodiscard]] nlohmann::json games_catalogue(const ServeSettings& settings);

// GET /api/plot?game=SPEC&to=N: the page's picture of a heap game's values.
// At most kMostPlotHeaps values, kPlotHeaps (the page's) without `to`.
inline constexpr std::uint64_t kMostPlotHeaps = 20000;
inline constexpr std::uint64_t kPlotHeaps = 300;
// The rule the picture marks is looked for in G(0..kPlotRuleFactor * max(N,
// kPlotHeaps)), or to the game's default bound (`grundy pattern`'s) when
// that is nearer. That default is far for octal codes (2^25 - 1): a picture
// of 300 values of a game with no period took 79 s there, while a few times
// what is drawn takes a fraction of a second. A rule that starts beyond the
// bound is not marked; `grundy plot --max-heap` looks further.
inline constexpr std::uint64_t kPlotRuleFactor = 4;

// N, from the request's text: InputError unless a whole number from 0 to
// kMostPlotHeaps. Computes nothing: the server checks it before a worker
// draws.
[[nodiscard]] std::uint64_t parse_plot_to(std::string_view text);

struct PlotReply {
  int status = 200;
  std::string svg;      // when status is 200
  nlohmann::json body;  // otherwise: {"error"}
};
// The picture of `spec`'s values G(0..to), computed and drawn (by gnuplot):
// for a worker. 400 for a game not played on heap sizes or a bad spec, 422
// for values beyond what grundy computes, 500 when gnuplot is missing or
// fails; never throws for a bad request.
[[nodiscard]] PlotReply answer_plot(std::string_view spec, std::uint64_t to);

}  // namespace grundy::frontend
