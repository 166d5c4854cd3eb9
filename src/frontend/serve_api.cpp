#include "grundy/frontend/serve_api.hpp"

#include <algorithm>
#include <random>
#include <stdexcept>

#include <fmt/format.h>

#include "grundy/frontend/convention_words.hpp"
#include "grundy/frontend/sum_answers.hpp"
#include "grundy/frontend/plot.hpp"
#include "grundy/analysis.hpp"
#include "grundy/session_rules.hpp"
#include "grundy/drawing.hpp"
#include "grundy/frontend/quotient_answers.hpp"
#include "grundy/error.hpp"
#include "grundy/quote.hpp"
#include "grundy/spec.hpp"
#include "grundy/strategy.hpp"
#include "grundy/game_sum.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/value_plot.hpp"
#include "grundy/frontend/words.hpp"

namespace grundy::frontend {
namespace {

using nlohmann::json;

constexpr std::string_view kPositionExample = R"({"position": "nim 3 4 5"})";

// A member of the request, when present (nullptr otherwise).
const json* member(const json& request, const char* name) {
  const auto it = request.find(name);
  return it == request.end() ? nullptr : &*it;
}

// A whole number in 0..bound - 1, or InputError naming the member.
std::size_t index_member(const json& value, const char* name, std::size_t bound, std::string_view what) {
  if (!value.is_number_unsigned() || value.get<std::uint64_t>() >= bound)
    throw InputError(bound == 0 ? fmt::format("'{}': the position has no {}", name, what)
                                : fmt::format("'{}': expected a {} number from 0 to {}", name, what, bound - 1));
  return static_cast<std::size_t>(value.get<std::uint64_t>());
}

// The request's position, read as the command line reads a sum. graph:FILE
// is refused unless FILE is one the server was started with: a request must
// not make the server open its files.
GameSum read_position(const json& request, const ServeSettings& settings) {
  const json* position = member(request, "position");
  if (position == nullptr || !position->is_string())
    throw InputError(fmt::format("'position': expected a string such as {}", kPositionExample));
  const std::string& text = position->get_ref<const std::string&>();
  if (text.size() > kMaxPositionChars)
    throw InputError(fmt::format("'position': {} characters; at most {} are read", text.size(), kMaxPositionChars));
  const std::vector<std::string> words = split_words(text);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const bool names_game = i == 0 || words[i - 1] == "+";
    const GameFamily* family = names_game ? family_of(words[i]) : nullptr;
    if (family == nullptr || !family->reads_file) continue;
    const std::string file = words[i].substr(words[i].find(':') + 1);
    if (std::find(settings.graphs.begin(), settings.graphs.end(), file) == settings.graphs.end())
      throw InputError(
          fmt::format("argument {}: {} is not served: this server reads only the graph files it was started with{}",
                      i + 1, quote(words[i]),
                      settings.graphs.empty() ? " (none: grundy serve --graph FILE offers one)"
                                              : fmt::format(" ({})", fmt::join(settings.graphs, ", "))));
  }
  GameSum sum = read_sum(
      words,
      [&settings](std::string_view word) -> std::shared_ptr<Game> {
        for (const std::shared_ptr<Game>& g : settings.served.games)
          if (g->name() == word) return g;
        return nullptr;
      },
      settings.budget);
  if (sum.components.size() > kMaxComponents)
    throw InputError(
        fmt::format("'position': {} components; at most {} are played here", sum.components.size(), kMaxComponents));
  return sum;
}

json moved(std::span<const Component> components, const Move& m) {
  const std::vector<Component> next = after_move(components, m);
  // The position handed back must be one the API reads again.
  if (next.size() > kMaxComponents)
    throw InputError(
        fmt::format("this move would leave {} components; at most {} are played here", next.size(), kMaxComponents));
  return {{"move", move_json(components, m)},
          {"position", position_text(next, *components[m.component].game)},
          {"over", !any_move(next)}};
}

std::optional<std::size_t> answer_to(const json& request, std::size_t components) {
  const json* a = member(request, "answer_to");
  if (a == nullptr || a->is_null()) return std::nullopt;
  return index_member(*a, "answer_to", components, "component");
}

MoveRng rng_for(const json& request) {
  const json* seed = member(request, "seed");
  // No seed: seed 0, so that one position always gets the same answer.
  if (seed == nullptr || seed->is_null()) return MoveRng(0);
  if (!seed->is_number_unsigned()) throw InputError("'seed': expected a whole number from 0 to 2^64 - 1");
  return MoveRng(seed->get<std::uint64_t>());
}

// One position as a request writes it: a heap as a number or a string, a
// vertex as a string. What is not one is quoted back cut between characters
// (printable_text): a cut inside a character would make the answer's JSON
// ill-formed UTF-8.
Position read_one(const Game& g, const json& p, std::size_t k) {
  if (p.is_number_unsigned()) return g.parse_position(std::to_string(p.get<std::uint64_t>()));
  if (p.is_string()) return g.parse_position(p.get_ref<const std::string&>());
  throw InputError(
      fmt::format("'move.to' [{}]: {} is not a position (a whole number from 0, or a vertex's name "
                  "as a string), as in [3] or [1, 2]",
                  k, printable_text(p.dump())));
}

json play_move(const json& request, const GameSum& sum) {
  const json* m = member(request, "move");
  if (m == nullptr || !m->is_object())
    throw InputError(R"('move': expected an object such as {"component": 0, "to": [2]})");
  const json* c = member(*m, "component");
  if (c == nullptr) throw InputError("'move.component': missing; expected the number of the component, from 0");
  const std::size_t i = index_member(*c, "move.component", sum.components.size(), "component");
  const json* to_json = member(*m, "to");
  if (to_json == nullptr || !to_json->is_array())
    throw InputError("'move.to': expected a list of positions, such as [3] or [1, 2] ([] for nothing left)");
  const Game& g = *sum.components[i].game;
  const Position from = sum.components[i].position;
  const std::string label = component_name(sum, i);
  Option to;
  try {
    for (std::size_t k = 0; k < to_json->size(); ++k) to.push_back(read_one(g, (*to_json)[k], k));
  } catch (const InputError& e) {
    throw InputError(fmt::format("{}: {}", label, e.what()));
  }
  to = g.normalize_option(std::move(to));
  if (!g.has_move(from))
    throw InputError(fmt::format("{} is at {} and has no moves left", label, g.position_in_text(from)));
  if (const std::string reason = g.why_not_option(from, to); !reason.empty())
    throw InputError(fmt::format("{} cannot go from {} to {}, because {}. Legal moves: {}", label,
                                 g.position_in_text(from), g.option_in_text(to), reason, g.describe_options(from, 20)));
  return moved(sum.components, Move{i, from, std::move(to)});
}

json options_of(const json& request, const GameSum& sum) {
  const json* c = member(request, "component");
  if (c == nullptr) throw InputError("'component': missing; expected the number of the component, from 0");
  const std::size_t i = index_member(*c, "component", sum.components.size(), "component");
  const Game& g = *sum.components[i].game;
  const Position from = sum.components[i].position;
  const OptionSample sample = g.list_options(from, kOptionsListed);
  json options = json::array();
  for (const Option& o : sample.options) {
    json to = json::array();
    for (Position p : o) to.push_back(position_json(g, p));
    options.push_back({{"to", to}, {"text", g.format_option(o)}});
  }
  return {{"component", i},
          {"from", position_json(g, from)},
          {"options", options},
          {"total", sample.total ? json(*sample.total) : json(nullptr)}};
}

// The play convention a request asks for: "misere": true for misère play.
Convention convention_of(const json& request) {
  const json* m = member(request, "misere");
  if (m == nullptr || m->is_null()) return Convention::normal;
  if (!m->is_boolean())
    throw InputError("'misere': expected true (misère play: the last player to move loses) or false");
  return m->get<bool>() ? Convention::misere : Convention::normal;
}

// The library's hint (analysis.hpp) in words: a winning move and why it
// wins, as `play`'s hint says it; or why there is none, with a move that
// keeps a draw or makes the opponent's task hardest.
json hint(const json& request, const GameSum& sum) {
  const std::vector<Component>& components = sum.components;
  MoveRng rng = rng_for(request);
  const Convention convention = convention_of(request);
  const Hint h = grundy::hint(components, convention, rng, answer_to(request, components.size()));
  // Positions quoted as `play` quotes them (Game::position_in_text).
  auto move_text = [&](const Move& m) {
    const Game& g = *components[m.component].game;
    return fmt::format("{}: {} -> {}", component_name(sum, m.component), g.position_in_text(m.from),
                       g.option_in_text(m.to));
  };
  const HintWords words = words_for(convention, false)
                              ->hint(
                                  h, move_text, [&](std::size_t i) { return component_name(sum, i); },
                                  components.size(), plural_component_noun(sum));
  // The move the text names, if any: a winning move, or a suggestion.
  const json move = words.names_move ? move_json(components, *h.move) : json(nullptr);
  return {{"move", move}, {"text", words.text}};
}

// The engine's answer to a draw offered by the player to move, by the rule
// `play` keeps (session_rules.hpp).
json draw_offer(const json& request, const GameSum& sum) {
  const DrawOfferAnswer answer = answer_draw_offer(sum.components, convention_of(request));
  return {{"accepted", answer != DrawOfferAnswer::declined}, {"text", draw_offer_sentence(answer)}};
}

json engine_reply(const json& request, const GameSum& sum) {
  MoveRng rng = rng_for(request);
  const std::optional<Move> m =
      engine_move(sum.components, convention_of(request), rng, answer_to(request, sum.components.size()));
  if (!m) {
    return {{"move", nullptr}, {"position", position_text(sum.components, *sum.games.front())}, {"over", true}};
  }
  return moved(sum.components, *m);
}

// A component's picture (drawing.hpp), or null for heaps and tokens: the
// page draws it and turns a click into one of its moves.
json drawing_of(const Game& g, Position p) {
  const Drawing d = g.drawing(p);
  if (d.kind == Drawing::Kind::none) return nullptr;
  json moves = json::array();
  for (const DrawnMove& m : d.moves) {
    json to = json::array();
    for (Position q : m.to) to.push_back(g.format_position(q));
    json move = {{"pieces", m.pieces}, {"to", to}};
    if (!m.takes.empty()) move["takes"] = m.takes;
    moves.push_back(std::move(move));
  }
  json picture;
  if (d.kind == Drawing::Kind::grid) {
    picture = {{"kind", "grid"}, {"rows", d.rows}, {"moves", moves}};
    if (d.moves_place_pieces) picture["places_pieces"] = true;
  } else if (d.kind == Drawing::Kind::heaps) {
    picture = {{"kind", "heaps"}, {"heaps", d.heaps}, {"moves", moves}};
  } else {
    json edges = json::array();
    for (const auto& [u, v] : d.edges) edges.push_back({u, v});
    picture = {{"kind", "graph"}, {"vertices", d.vertices}, {"edges", edges}, {"present", d.present}, {"moves", moves}};
  }
  if (!d.how_to_move.empty()) picture["how"] = d.how_to_move;
  if (!d.marks.empty()) {
    json marks = json::array();
    for (const MarkedPiece& m : d.marks) marks.push_back({{"piece", m.piece}, {"what", m.what}});
    picture["marks"] = std::move(marks);
  }
  // The page lists the moves beside a picture that lacks some.
  if (!d.every_move_drawn) picture["every_move_drawn"] = false;
  return picture;
}

// The sum for a title: as a request writes it, but a Cram board that is its
// whole empty rectangle is its size ("cram 4x5", Game::position_title).
std::string title_text(const GameSum& sum) {
  std::string text;
  const Game* game = nullptr;
  for (const Component& c : sum.components) {
    if (c.game != game) text += fmt::format("{}{}", text.empty() ? "" : " + ", c.game->name());
    game = c.game;
    text += fmt::format(" {}", c.game->position_title(c.position));
  }
  return text.empty() ? position_text(sum.components, *sum.games.front()) : text;
}

// What the page draws: each component with its label, the sum's title and
// each game's rule, and whether play is over and can go round in circles.
json components_of(const GameSum& sum) {
  json list = json::array();
  bool can_loop = false;
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    const Component& c = sum.components[i];
    can_loop = can_loop || c.game->has_cycles();
    list.push_back({{"label", component_name(sum, i)},
                    {"game", c.game->spec()},
                    {"name", c.game->name()},
                    {"position", position_json(*c.game, c.position)},
                    {"heap", c.game->heap_indexed()},
                    {"splits", !c.game->moves_leave_one_position()},
                    {"has_move", c.game->has_move(c.position)},
                    {"drawing", drawing_of(*c.game, c.position)}});
  }
  // Each game's rule once, as `play` states it (Game::move_rule).
  json rules = json::array();
  for (const auto& g : sum.games) rules.push_back({{"game", g->label()}, {"rule", g->move_rule()}});
  return {{"position", position_text(sum.components, *sum.games.front())},
          {"title", title_text(sum)},
          {"rules", rules},
          {"components", list},
          {"over", !any_move(sum.components)},
          {"can_loop", can_loop},
          {"repetitions_for_draw", kRepetitionsForDraw}};
}

json error_body(std::string_view message) { return {{"error", message}}; }

}  // namespace

std::string position_text(std::span<const Component> components, const Game& last_game) {
  std::string text;
  const Game* game = nullptr;
  for (const Component& c : components) {
    if (c.game != game) text += fmt::format("{}{}", text.empty() ? "" : " + ", c.game->name());
    game = c.game;
    text += fmt::format(" {}", c.game->position_word(c.position));
  }
  // Nothing left: a heap of 0 of the last game, or of Nim where the last
  // game has no such position (a game written in Python whose move left
  // nothing, Split()): the same, a sum with no move.
  if (text.empty()) text = last_game.heap_indexed() ? fmt::format("{} 0", last_game.name()) : std::string("nim 0");
  return text;
}

bool is_api_route(std::string_view path) {
  constexpr std::string_view routes[] = {"/api/analyze", "/api/values",      "/api/components", "/api/options",
                                         "/api/move",    "/api/engine-move", "/api/hint",       "/api/draw-offer"};
  return std::find(std::begin(routes), std::end(routes), path) != std::end(routes);
}

ApiReply answer_api(std::string_view path, std::string_view body, const ServeSettings& settings) {
  if (body.size() > kMaxRequestBytes)
    return {413,
            error_body(fmt::format("the request has {} bytes; at most {} are read", body.size(), kMaxRequestBytes))};
  json request;
  try {
    request = json::parse(body);
  } catch (const json::exception& e) {
    // nlohmann's message says where (line, column) and what it found (a
    // lone surrogate, a number too large for a double, a byte that is not
    // UTF-8); its tag is dropped. It quotes the bytes last read as they
    // are, and a byte that is not UTF-8 would make the answer itself
    // ill-formed (nlohmann then refuses to write it): such bytes are shown
    // as \xNN.
    std::string what = e.what();
    if (const std::size_t end = what.find("] "); what.rfind("[json.exception", 0) == 0 && end != std::string::npos)
      what = what.substr(end + 2);
    what = printable_whole(what);
    return {400, error_body(fmt::format("the request is not valid JSON ({}); expected an object such as {}", what,
                                        kPositionExample))};
  }
  if (!request.is_object())
    return {400, error_body(fmt::format("the request is a JSON {}, not an object; expected one such as {}",
                                        request.type_name(), kPositionExample))};
  try {
    const GameSum sum = read_position(request, settings);
    const Convention convention = convention_of(request);
    if (path == "/api/analyze") return {200, moves_json(sum, convention, kMovesListedPerComponent, false)};
    if (path == "/api/values") return {200, values_json(sum, convention)};
    if (path == "/api/components") return {200, components_of(sum)};
    if (path == "/api/options") return {200, options_of(request, sum)};
    if (path == "/api/move") return {200, play_move(request, sum)};
    if (path == "/api/engine-move") return {200, engine_reply(request, sum)};
    if (path == "/api/draw-offer") return {200, draw_offer(request, sum)};
    if (path == "/api/hint") {
      json h = hint(request, sum);
      h["over"] = !any_move(sum.components);
      return {200, h};
    }
    return {404, error_body(fmt::format("no API route {}", path))};
  } catch (const UnknownGameError& e) {
    // The games a front-end serves are not in the registry the message
    // lists, yet they are what a page of such a server names.
    std::string served;
    for (const auto& game : settings.served.games)
      served += fmt::format("{}{}", served.empty() ? "; this server also serves " : ", ", game->name());
    return {400, error_body(fmt::format("{}{} (GET /api/games describes them)", e.what(), served))};
  } catch (const InputError& e) {
    return {400, error_body(e.what())};
  } catch (const LimitError& e) {
    return {422, error_body(e.what())};
  } catch (const LoopError& e) {
    return {422, error_body(e.what())};
  } catch (const std::logic_error& e) {
    return {500, error_body(e.what())};
  } catch (...) {
    const std::string message = settings.game_error ? settings.game_error(std::current_exception()) : "";
    if (message.empty()) throw;
    return {422, error_body(message)};
  }
}

namespace {

// Where a game on a file the server offers starts: the family's first
// example position when the game reads it ("all" for Node Kayles), else its
// position 0 (a token on the graph's first vertex).
std::string start_on_file(const Game& g, const GameFamily& f) {
  const std::string_view first = f.example_positions.substr(0, f.example_positions.find(' '));
  try {
    return fmt::format("{} {}", g.spec(), g.format_position(g.parse_position(first)));
  } catch (const InputError&) {
    return fmt::format("{} {}", g.spec(), g.format_position(0));
  }
}

// A family's one-line rule, its FILE named.
std::string rule_on_file(const GameFamily& f, const std::string& file) {
  std::string rule(f.summary);
  if (const std::size_t at = rule.find("FILE"); at != std::string::npos) rule.replace(at, 4, file);
  return rule;
}

}  // namespace

json games_catalogue(const ServeSettings& settings) {
  json families = json::array();
  if (!settings.served.start.empty()) {
    const ServedGames& s = settings.served;
    const std::string name = s.start.substr(0, s.start.find(' '));
    families.push_back(
        {{"name", name}, {"syntax", s.start}, {"rule", s.rule}, {"example", s.start}, {"start", s.start}});
    // The page starts from it, rather than from its own example (Nim).
    return {{"games", families}, {"start", s.start}};
  }
  for (const GameFamily& f : game_families()) {
    if (f.reads_file) continue;  // graphs are listed below, by the files this server offers
    families.push_back({{"name", f.name},
                        {"syntax", f.syntax},
                        {"rule", f.summary},
                        {"example", f.example},
                        {"start", fmt::format("{} {}", f.example, f.example_positions)}});
  }
  // Every family that reads a file, on each file offered that it can read.
  for (const std::string& file : settings.graphs) {
    for (const GameFamily& f : game_families()) {
      if (!f.reads_file) continue;
      const std::string spec = fmt::format("{}:{}", f.name, file);
      std::unique_ptr<Game> g;
      try {
        g = parse_game(spec);
      } catch (const InputError&) {
        continue;  // not a graph this family plays on (Node Kayles: more than 128 vertices)
      }
      families.push_back({{"name", f.name},
                          {"syntax", spec},
                          {"rule", rule_on_file(f, file)},
                          {"example", spec},
                          {"start", start_on_file(*g, f)}});
    }
  }
  return {{"games", families}};
}

std::uint64_t parse_plot_to(std::string_view text) {
  const auto to = parse_u64(std::string(text));
  if (!to || *to > kMostPlotHeaps)
    throw InputError(fmt::format("'to': expected the last heap size, a whole number from 0 to {}, not {}",
                                 kMostPlotHeaps, quote(text)));
  return *to;
}

PlotReply answer_plot(std::string_view spec_text, std::uint64_t to) {
  const std::string spec(spec_text);
  try {
    // Refused before parse_game, which would open the file.
    const std::string family = spec.substr(0, spec.find(':'));
    for (const GameFamily& f : game_families())
      if (f.name == family && f.reads_file)
        throw InputError(
            fmt::format("'game': {} is not played on heap sizes: pictures of values are for heap games", quote(spec)));
    const std::unique_ptr<Game> game = parse_game(spec);
    // A game not on heap sizes has no HeapGame: value_plot refuses it.
    const HeapGame* heap = game->heap_game();
    const std::uint64_t rule_bound =
        heap == nullptr ? 0 : std::min(heap->default_pattern_limit(), kPlotRuleFactor * std::max(to, kPlotHeaps));
    PlotStyle style;
    style.name = spec;
    style.width = 900;
    style.height = 420;
    return {200, draw_plot(value_plot(*game, to, rule_bound), style), nullptr};
  } catch (const UnknownGameError& e) {
    return {400, {}, error_body(fmt::format("{} (GET /api/games describes them)", e.what()))};
  } catch (const InputError& e) {
    return {400, {}, error_body(e.what())};
  } catch (const LimitError& e) {
    return {422, {}, error_body(e.what())};
  } catch (const PlotError& e) {
    return {500, {}, error_body(e.what())};
  } catch (const std::logic_error& e) {
    return {500, {}, error_body(e.what())};
  }
}

}  // namespace grundy::frontend
