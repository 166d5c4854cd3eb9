#include "grundy/frontend/sum_answers.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <functional>
#include <iterator>
#include <span>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grundy/contest/fdivgame.hpp"
#include "grundy/contest/not_a_nim.hpp"
#include "grundy/contest/xy_game.hpp"
#include "grundy/contest/reader.hpp"
#include "grundy/frontend/advice_words.hpp"
#include "grundy/closest_name.hpp"
#include "grundy/error.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/pattern.hpp"
#include "grundy/pattern_fields.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"
#include "grundy/registry.hpp"
#include "grundy/spec.hpp"
#include "grundy/frontend/convention_words.hpp"
#include "grundy/frontend/words.hpp"

namespace grundy::frontend {
namespace {

using nlohmann::json;

// The part of a sum's reason for a sum with an infinite value (a.infinite
// not empty), with components named by `name` ("token 1").
std::string infinite_values_text(const SumAnalysis& a, const std::function<std::string(std::size_t)>& name,
                                 std::size_t components, bool ascii) {
  if (a.infinite.size() >= 2) {
    std::vector<std::string> names;
    for (std::size_t i : a.infinite) names.push_back(name(i));
    return fmt::format("{} have infinite values", fmt::join(names, " and "));
  }
  const std::size_t j = a.infinite.at(0);
  const GameValue& v = a.values[j];
  const std::string k = fmt::format("{{{}}}", fmt::join(v.options(), ","));
  const char* is = v.has_option(a.nim_sum) ? "is" : "is not";
  if (components == 1) return fmt::format("{} has value {}, and 0 {} in {}", name(j), to_string(v, ascii), is, k);
  return fmt::format("{} has value {} and the others nim-sum {}, which {} in {}", name(j), to_string(v, ascii),
                     a.nim_sum, is, k);
}

// Why the sum has its winner, in words: "nim-sum 3", "token 1 has value ∞{1}
// and the others nim-sum 0, which is not in {1}", "token 1 and token 2 have
// infinite values: neither player can force a win".
std::string winner_reason(const GameSum& sum, const SumAnalysis& a, bool ascii) {
  if (a.infinite.empty()) return fmt::format("nim-sum {}", a.nim_sum);
  const std::string text = infinite_values_text(
      a, [&](std::size_t i) { return component_name(sum, i); }, sum.components.size(), ascii);
  return a.infinite.size() >= 2 ? text + ": neither player can force a win" : text;
}

json components_json(const GameSum& sum, const std::vector<GameValue>& values) {
  json components = json::array();
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    const Component& c = sum.components[i];
    components.push_back(
        {{"game", c.game->spec()}, {"position", position_json(*c.game, c.position)}, {"value", value_json(values[i])}});
  }
  return components;
}

void write_json(Output& out, const json& j) { out.write(j.dump() + "\n"); }

std::string normal_verdict(const GameSum& sum, const SumAnalysis& a, bool ascii) {
  const std::string who = a.winner == Winner::draw ? "draw" : fmt::format("{} player wins", to_string(a.winner));
  return fmt::format("{} ({})", who, winner_reason(sum, a, ascii));
}

// The object shared by winner and moves.
json normal_outcome_json(const GameSum& sum, const SumAnalysis& a, bool ascii) {
  json j{{"game", sum.game_label()},
         {"winner", to_string(a.winner)},
         {"nim_sum", a.nim_sum.value()},
         {"value", a.total ? value_json(*a.total) : json(nullptr)},
         {"reason", winner_reason(sum, a, ascii)}};
  if (!sum.single_game()) j["components"] = components_json(sum, a.values);
  return j;
}

}  // namespace

json position_json(const Game& game, Position p) {
  if (game.heap_indexed()) return p;
  return game.format_position(p);
}

std::string plural_component_noun(std::span<const Game* const> games) {
  const std::string_view noun = games.front()->component_noun();
  for (const Game* g : games)
    if (g->component_noun() != noun) return "components";
  return std::string(noun) + "s";
}

std::string plural_component_noun(const GameSum& sum) {
  std::vector<const Game*> games;
  for (const auto& g : sum.games) games.push_back(g.get());
  return plural_component_noun(games);
}

std::string component_name(const GameSum& sum, std::size_t i) {
  const Game& g = *sum.components[i].game;
  return fmt::format("{} {}{}", g.component_noun(), i + 1, sum.single_game() ? "" : fmt::format(" ({})", g.name()));
}

std::string nim_sum_equation(const std::vector<GameValue>& values) {
  constexpr std::size_t kMostTermsShown = 8;
  std::vector<Nimber> finite;
  for (const GameValue& v : values) finite.push_back(v.nimber());
  const Nimber total = nim_sum(finite);
  if (finite.size() == 1 || finite.size() > kMostTermsShown) return fmt::format("{}", total);
  return fmt::format("{} = {}", fmt::join(finite, " xor "), total);
}

json value_json(const GameValue& v) {
  if (v.is_finite()) return v.nimber().value();
  json options = json::array();
  for (Nimber k : v.options()) options.push_back(k.value());
  return json{{"infinite", true}, {"options", options}};
}

json move_json(std::span<const Component> components, const Move& m) {
  const Game& g = *components[m.component].game;
  json to = json::array();
  for (Position p : m.to) to.push_back(position_json(g, p));
  return {{"component", m.component}, {"from", position_json(g, m.from)}, {"to", to}};
}

void add_moves_json(json& j, std::span<const Component> components, const std::vector<Move>& listed,
                    const std::vector<UnlistedMoves>& unlisted) {
  json moves = json::array();
  for (const auto& m : listed) moves.push_back(move_json(components, m));
  j["moves"] = moves;
  if (unlisted.empty()) return;
  json cut = json::array();
  for (const UnlistedMoves& u : unlisted)
    cut.push_back(
        {{"component", u.component}, {"listed", u.listed}, {"total", u.total ? json(*u.total) : json(nullptr)}});
  j["unlisted"] = cut;
}

namespace {

// Normal play's words: values are nimbers (or ∞_K), and the sum's verdict
// its nim-sum or its infinite values.
class NormalPlayWords final : public ConventionWords {
 public:
  explicit NormalPlayWords(bool ascii) : ascii_(ascii) {}
  [[nodiscard]] std::string verdict(const GameSum& sum, const SumReport& r) const override {
    return normal_verdict(sum, analysis_of(r), ascii_);
  }
  [[nodiscard]] json outcome_json(const GameSum& sum, const SumReport& r) const override {
    return normal_outcome_json(sum, analysis_of(r), ascii_);
  }
  [[nodiscard]] std::string no_winning_move(const GameSum& sum, const SumReport&) const override {
    const bool loopy = std::any_of(sum.components.begin(), sum.components.end(),
                                   [](const Component& c) { return c.game->has_cycles(); });
    return loopy ? ": no winning move, every move leaves a position the opponent wins"
                 : ": no winning move, every move leaves a nonzero nim-sum";
  }
  [[nodiscard]] std::vector<std::string> value_lines(const GameSum& sum) const override {
    std::vector<std::string> lines;
    for (const GameValue& v : component_values(sum.components)) lines.push_back(to_string(v, ascii_));
    return lines;
  }
  [[nodiscard]] json values_json(const GameSum& sum) const override {
    const std::vector<GameValue> values = component_values(sum.components);
    json list = json::array();
    for (const GameValue& v : values) list.push_back(value_json(v));
    json j{{"game", sum.game_label()}, {"values", list}};
    if (!sum.single_game()) j["components"] = components_json(sum, values);
    return j;
  }
  [[nodiscard]] std::string standing(const SumReport& r, const ComponentNamer& name,
                                     std::size_t components) const override {
    const SumAnalysis& a = analysis_of(r);
    if (a.infinite.empty())
      return "nim-sum " + nim_sum_equation(a.values) +
             (a.nim_sum.is_zero() ? ": the player to move loses against perfect play"
                                  : ": not 0, so the player to move can win");
    return fmt::format("{}: {}", infinite_values_text(a, name, components, ascii_),
                       a.winner == Winner::first ? "the player to move can win" : "a draw against perfect play");
  }
  [[nodiscard]] HintWords hint(const Hint& h, const MoveNamer& move_text, const ComponentNamer& name,
                               std::size_t components, std::string_view plural_noun) const override {
    if (h.kind == Hint::Kind::over) return {"No move is left.", false};
    const SumAnalysis& a = analysis_of(h.report);
    if (h.kind == Hint::Kind::win)
      return {fmt::format("{}. {}", move_text(*h.move), winning_move_reason(h, name, components)), true};
    std::string text;
    if (h.kind == Hint::Kind::keep_draw) {
      text = fmt::format("No winning move: {}.", standing(h.report, name, components));
      if (h.move)
        text += fmt::format(" Suggestion: {}, which keeps the draw; a move that does not may let the engine win.",
                            move_text(*h.move));
      return {text, h.move.has_value()};
    }
    text = fmt::format("No winning move: the nim-sum is {}, and every move leaves a nonzero nim-sum.",
                       nim_sum_equation(a.values));
    if (h.move)
      text += components == 1 ? fmt::format(" Suggestion: {}, which leaves the engine the fewest winning replies.",
                                            move_text(*h.move))
                              : fmt::format(
                                    " Suggestion: {}, which keeps the most {} in play and leaves the engine the "
                                    "fewest winning replies.",
                                    move_text(*h.move), plural_noun);
    return {text, h.move.has_value()};
  }
  [[nodiscard]] std::string_view ending_rule() const override { return "whoever cannot move loses"; }
  [[nodiscard]] std::string_view method_note() const override {
    return "Why the engine never misses: every position has a Grundy value, and a sum of games is\n"
           "lost by the player to move exactly when the values' nim-sum (their xor) is 0.\n";
  }
  [[nodiscard]] std::string no_move_left(bool person_stuck, std::string_view after) const override {
    return person_stuck ? fmt::format("You have no move left: the engine wins after {}.", after)
                        : fmt::format("The engine has no move left: you win after {}!", after);
  }

 private:
  static const SumAnalysis& analysis_of(const SumReport& r) { return std::get<SumAnalysis>(r.analysis); }

  // Why a hint's winning move wins: the nim-sum equation, or the infinite
  // values that leave 0 among a component's options.
  [[nodiscard]] std::string winning_move_reason(const Hint& h, const ComponentNamer& name,
                                                std::size_t components) const {
    const SumAnalysis& a = analysis_of(h.report);
    const Move& m = *h.move;
    const GameValue& v = a.values[m.component];
    if (a.infinite.empty())
      return fmt::format("The nim-sum is {}; this move turns value {} into {} xor {} = {} and leaves nim-sum 0.",
                         nim_sum_equation(a.values), v.nimber(), v.nimber(), a.nim_sum, v.nimber() ^ a.nim_sum);
    return fmt::format("{}; this move leaves value {} there, and nim-sum 0.",
                       capitalized(standing(h.report, name, components)), a.nim_sum);
  }

  bool ascii_;
};

}  // namespace

std::unique_ptr<ConventionWords> normal_play_words(bool ascii) { return std::make_unique<NormalPlayWords>(ascii); }

std::unique_ptr<ConventionWords> words_for(Convention convention, bool ascii) {
  return convention == Convention::misere ? misere_play_words() : normal_play_words(ascii);
}

json values_json(const GameSum& sum, Convention convention) { return words_for(convention, false)->values_json(sum); }

void print_values(const GameSum& sum, Convention convention, Format format, bool ascii, Output& out) {
  const auto words = words_for(convention, ascii);
  if (format == Format::json) {
    write_json(out, words->values_json(sum));
    return;
  }
  for (const std::string& line : words->value_lines(sum)) out.write(line + "\n");
}

namespace {
// `decide`'s report; a misère sum of one heap game that no method decides
// within its limits also names the command that shows the game's quotient.
template <class Decide>
SumReport deciding(const GameSum& sum, Convention convention, Decide&& decide) {
  try {
    return decide();
  } catch (const MemoryBoundError&) {
    throw;
  } catch (const LimitError& e) {
    if (convention != Convention::misere || sum.games.size() != 1 || !sum.games.front()->heap_indexed()) throw;
    throw LimitError(
        fmt::format("{}; 'grundy quotient {}' shows how far its misère quotient is proven, with "
                    "--max-elements for more",
                    e.what(), sum.games.front()->name()));
  }
}
}  // namespace

void print_winner(const GameSum& sum, Convention convention, Format format, bool ascii, Output& out) {
  // No move is listed: the verdict alone.
  const SumReport r = deciding(sum, convention, [&] { return outcome(sum.components, convention); });
  const auto words = words_for(convention, ascii);
  if (format == Format::json) {
    write_json(out, words->outcome_json(sum, r));
    return;
  }
  out.write(words->verdict(sum, r) + "\n");
}

json moves_json(const GameSum& sum, Convention convention, std::uint64_t limit, bool ascii) {
  const SumReport r = deciding(sum, convention, [&] { return analyze(sum.components, convention, limit); });
  json j = words_for(convention, ascii)->outcome_json(sum, r);
  add_moves_json(j, sum.components, r.moves, r.unlisted);
  return j;
}

void print_moves(const GameSum& sum, Convention convention, std::uint64_t limit, Format format, bool ascii,
                 Output& out) {
  if (format == Format::json) {
    write_json(out, moves_json(sum, convention, limit, ascii));
    return;
  }
  const SumReport r = deciding(sum, convention, [&] { return analyze(sum.components, convention, limit); });
  const auto words = words_for(convention, ascii);
  const std::string verdict = words->verdict(sum, r);
  const std::vector<Move>& listed = r.moves;
  if (listed.empty() && r.unlisted.empty()) {
    out.write(verdict + words->no_winning_move(sum, r) + "\n");
    return;
  }
  const bool draw = r.winner == Winner::draw;
  const std::string_view kind = draw ? "move keeping the draw" : "winning move";
  const std::string_view kinds = draw ? "moves keeping the draw" : "winning moves";
  const std::size_t n = listed.size();
  if (r.unlisted.empty()) {
    out.write(fmt::format("{}; {} {}:\n", verdict, n, n == 1 ? kind : kinds));
  } else {
    out.write(
        fmt::format("{}; the first {} {} (--limit {} per component):\n", verdict, n, n == 1 ? kind : kinds, limit));
  }
  // Component by component: its listed moves, then what was left out of its list.
  std::size_t k = 0;
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    // People count components from 1, as play does; JSON keeps the index from 0.
    const std::string name = component_name(sum, i);
    const Game& g = *sum.components[i].game;
    for (; k < listed.size() && listed[k].component == i; ++k)
      out.write(fmt::format("{}: {} -> {}\n", name, g.format_position(listed[k].from), g.format_option(listed[k].to)));
    const auto cut =
        std::find_if(r.unlisted.begin(), r.unlisted.end(), [&](const UnlistedMoves& u) { return u.component == i; });
    if (cut == r.unlisted.end()) continue;
    const std::string_view more = cut->listed == 0 ? "" : " more";
    out.write(cut->total ? fmt::format("{}: ... and {}{} ({} {} in all)\n", name, *cut->total - cut->listed, more,
                                       *cut->total, kinds)
                         : fmt::format("{}: ... and{} (their number is not computed)\n", name,
                                       cut->listed == 0 ? " some, not listed" : " more"));
  }
}

std::string_view draw_offer_reason(DrawOfferAnswer answer) {
  switch (answer) {
    case DrawOfferAnswer::declined:
      return "it can force a win from here";
    case DrawOfferAnswer::accepted_as_drawn:
      return "neither side can force a win from here";
    case DrawOfferAnswer::accepted_though_lost:
      break;
  }
  return "you could have forced a win from here";
}

std::string draw_offer_sentence(DrawOfferAnswer answer) {
  return fmt::format("The engine {} the draw: {}.", answer == DrawOfferAnswer::declined ? "declines" : "accepts",
                     draw_offer_reason(answer));
}

std::string advice_text(const Pattern& p) {
  static constexpr AdviceSpelling kCommandLine{"--max-heap", "--max-heap N", "N", "--max-heap {}",
                                               "'grundy table {} --runs --to N' lists its values as runs"};
  return advice_text(p, kCommandLine);
}

void print_table(const Game& game, const TableRequest& request, Format format, Output& out) {
  if (!game.heap_indexed()) {
    // Positions as its family writes them (boards, bars), from the family's
    // example; a game read from a file names its own (vertices).
    std::string_view positions = "POSITION...";
    for (const GameFamily* family : game_registry())
      if (family->name == game.name()) positions = family->reads_file ? "VERTEX..." : family->example_positions;
    throw InputError(
        fmt::format("game '{}' is not played on heap sizes 0, 1, 2, ...; "
                    "use 'grundy value {} {}' for its positions",
                    game.label(), game.spec(), positions));
  }
  const std::string game_json = json(game.spec()).dump();
  // Started before the first value, which may take long by itself: a
  // division game finds all its runs then, a subtraction game its period.
  LongTask task(fmt::format("computing the table of {} up to {}", game.spec(), request.to));
  // Steps as a fraction of all: to + 1 values, with to < 2^64 - 1.
  const std::uint64_t steps = request.to + 1;
  game.expect_values_up_to(request.to);
  if (!request.runs) {
    if (format == Format::json) out.write(fmt::format("{{\"game\":{},\"values\":[", game_json));
    for (std::uint64_t n = 0;; ++n) {
      task.advance(n, steps);
      const Nimber v = game.value(n);
      if (format == Format::json) {
        out.write(fmt::format("{}{}", n == 0 ? "" : ",", v));
      } else {
        out.write(fmt::format("{}\t{}\n", n, v));
      }
      if (n == request.to) break;
    }
    if (format == Format::json) out.write("]}\n");
    return;
  }

  // Maximal runs of equal values, as half-open ranges [from, to).
  if (format == Format::json) {
    out.write(fmt::format("{{\"game\":{},\"runs\":[", game_json));
  } else {
    out.write(fmt::format("{:<24} {:>6} {:>12}\n", "positions", "value", "length"));
  }
  bool first_run = true;
  auto emit = [&](std::uint64_t from, std::uint64_t to_exclusive, Nimber v) {
    if (format == Format::json) {
      out.write(fmt::format("{}{{\"from\":{},\"to\":{},\"value\":{}}}", first_run ? "" : ",", from, to_exclusive, v));
    } else {
      out.write(
          fmt::format("{:<24} {:>6} {:>12}\n", fmt::format("[{}, {})", from, to_exclusive), v, to_exclusive - from));
    }
    first_run = false;
  };
  if (const RunTable* known = game.heap_game() ? game.heap_game()->value_runs() : nullptr) {
    // Every run below 2^64 is known: cut the list at `to`, whatever its size.
    for (std::size_t i = 0; i < known->size() && known->starts[i] <= request.to; ++i)
      emit(known->starts[i], std::min(known->last_of(i), request.to) + 1, known->values[i]);
    if (format == Format::json) out.write("]}\n");
    return;
  }
  std::uint64_t run_start = 0;
  Nimber run_value = game.value(0);
  for (std::uint64_t n = 1; n <= request.to; ++n) {
    task.advance(n, steps);
    const Nimber v = game.value(n);
    if (v != run_value) {
      emit(run_start, n, run_value);
      run_start = n;
      run_value = v;
    }
  }
  // The last run ends at to + 1 (exclusive); to = 2^64 - 1 is refused by the caller.
  emit(run_start, request.to + 1, run_value);
  if (format == Format::json) out.write("]}\n");
}

namespace {

// Values per line when --values prints a whole list.
constexpr std::uint64_t kValuesPerLine = 20;

// G(first .. first + count - 1), separated by spaces. The values are the
// game's own: a pattern does not keep them, a period may be 10^8 long.
std::string values_text(const Game& game, std::uint64_t first, std::uint64_t count) {
  std::string text;
  for (std::uint64_t n = first; n < first + count; ++n)
    fmt::format_to(std::back_inserter(text), "{}{}", n == first ? "" : " ", game.value(n));
  return text;
}

// A list in a summary: its first values, and how many there are when cut.
std::string first_values_text(const Game& game, std::uint64_t first, std::uint64_t count) {
  if (count == 0) return "(none)";
  if (count <= kPatternSummaryValues) return values_text(game, first, count);
  return fmt::format("{} ... ({} values in all; --values prints them all)",
                     values_text(game, first, kPatternSummaryValues), count);
}

// A whole list, a line of kValuesPerLine values at a time, each line led by
// the index of its first value: written as it goes, never held whole. The
// task's steps are the values of the whole pattern, G(0..value_count - 1).
void write_value_lines(const Game& game, std::uint64_t first, std::uint64_t count, std::uint64_t value_count,
                       LongTask& task, Output& out) {
  if (count == 0) return;
  const std::uint64_t last_line = first + (count - 1) / kValuesPerLine * kValuesPerLine;
  const std::size_t width = fmt::formatted_size("{}", last_line);
  for (std::uint64_t n = first; n < first + count; n += kValuesPerLine) {
    task.advance(n, value_count);
    out.write(
        fmt::format("    {:>{}}: {}\n", n, width, values_text(game, n, std::min(kValuesPerLine, first + count - n))));
  }
}

// A list's heading, and its values: the first ones, or all of them.
void write_value_list(const Game& game, const Pattern& p, std::string_view name, std::uint64_t first,
                      std::uint64_t count, bool all_values, LongTask& task, Output& out) {
  const std::string range = fmt::format("G({}..{})", first, first + count - 1);
  if (!all_values) {
    out.write(fmt::format("  {} {}: {}\n", name, range, first_values_text(game, first, count)));
    return;
  }
  out.write(fmt::format("  {} {}, {} value{}:\n", name, range, count, count == 1 ? "" : "s"));
  write_value_lines(game, first, count, p.value_count, task, out);
}

// The "values" array of --json --values, written in blocks of about 64 KB:
// a nlohmann array of 10^8 numbers would take gigabytes.
void write_values_json(const Game& game, std::uint64_t count, LongTask& task, Output& out) {
  std::string block = "[";
  for (std::uint64_t n = 0; n < count; ++n) {
    fmt::format_to(std::back_inserter(block), "{}{}", n == 0 ? "" : ",", game.value(n));
    if (block.size() >= (1 << 16)) {
      task.advance(n, count);
      out.write(block);
      block.clear();
    }
  }
  block += ']';
  out.write(block);
}

std::string bound_text(std::uint64_t n) { return n == ~std::uint64_t{0} ? "2^64 - 1" : fmt::format("{}", n); }

}  // namespace

void add_table_report(json& j, const TableReport& t) {
  j["largest_value"] = t.largest_value;
  j["largest_at"] = t.largest_at;
  if (!t.rare_values) return;
  const RareValueReport& s = *t.rare_values;
  j["rare_mask"] = s.masked ? json(s.rare_mask) : json(nullptr);
  j["rare_parity"] = s.rare_parity;
  j["rare_heaps"] = s.rare_heaps;
  j["last_rare"] = s.last_rare;
}

std::string describe(const TableReport& t) {
  const std::string largest = fmt::format("largest value {} (first at n = {})", t.largest_value, t.largest_at);
  if (!t.rare_values) return largest;
  const RareValueReport& s = *t.rare_values;
  if (!s.masked) return largest + "; no mask made rare values scarce, so every option was examined";
  return fmt::format("{}; rare mask {:#x}{}: {} heap{} with a rare value, the last at n = {}", largest, s.rare_mask,
                     s.rare_parity ? " with the heap's parity" : "", s.rare_heaps, s.rare_heaps == 1 ? "" : "s",
                     s.last_rare);
}

json pattern_json(const Game& game, const Pattern& p, bool all_values) {
  json j = json::object();
  visit_pattern_fields(p, advice_text(p), [&](std::string_view name, const auto& value) { j[name] = value; });
  if (p.kind != PatternKind::none && !all_values) {
    // "values" is the whole list or absent, never cut: the summary's cut
    // list has a name of its own.
    json first = json::array();
    for (std::uint64_t n = 0; n < std::min(p.value_count, kPatternSummaryValues); ++n)
      first.push_back(game.value(n).value());
    j["first_values"] = first;
  }
  if (p.table) add_table_report(j, *p.table);
  return j;
}

void print_pattern(const Game& game, std::uint64_t limit, bool all_values, Format format, Output& out) {
  const Pattern p = find_pattern(game, limit);
  // Shown only while the values are written: they come from proven rules
  // (or tables already computed), so this is the cost of the output.
  LongTask task(fmt::format("writing the values G(0..{}) of {}", p.value_count == 0 ? 0 : p.value_count - 1, p.game));
  if (format == Format::json) {
    json j = pattern_json(game, p, all_values);
    if (!all_values || p.kind == PatternKind::none) {
      write_json(out, j);
      return;
    }
    // "values" sorts after every other key: append it to the object's text.
    std::string head = j.dump();
    head.back() = ',';
    out.write(head + "\"values\":");
    write_values_json(game, p.value_count, task, out);
    out.write("}\n");
    return;
  }
  const std::string status =
      p.proven ? "proven" : fmt::format("observed up to n = {}, not proven", bound_text(p.checked_up_to));
  switch (p.kind) {
    case PatternKind::periodic:
    case PatternKind::arithmetic_periodic:
      out.write(fmt::format("{}: {}, {}\n", p.game, to_string(p.kind), status));
      out.write(p.kind == PatternKind::periodic
                    ? fmt::format("  G(n + {}) = G(n) for every n >= {}\n", p.period, p.preperiod)
                    : fmt::format("  G(n + {}) = G(n) + {} for every n >= {}\n", p.period, p.saltus, p.preperiod));
      if (p.preperiod == 0) {
        out.write("  preperiod: none\n");
      } else {
        write_value_list(game, p, "preperiod", 0, p.preperiod, all_values, task, out);
      }
      write_value_list(game, p, "period   ", p.preperiod, p.period, all_values, task, out);
      break;
    case PatternKind::self_similar:
      out.write(fmt::format("{}: self-similar, {}\n", p.game, status));
      out.write(fmt::format("  G(n) = G(floor(n / {})) for every n >= {}\n", p.base, p.from));
      write_value_list(game, p, "base values", 0, p.from, all_values, task, out);
      break;
    case PatternKind::none:
      if (p.rule_not_reported) {
        out.write(fmt::format("{}: self-similar, proven, but not reported: its base table is too long\n", p.game));
      } else {
        out.write(fmt::format(
            "{}: no periodic, arithmetic-periodic or self-similar rule found (values examined up to n = {})\n", p.game,
            bound_text(p.checked_up_to)));
      }
      break;
  }
  if (p.proven) {
    out.write(fmt::format("  proof: checked {}; {}\n", p.check, p.theorem));
    if (p.checked_up_to >= p.proof_bound)
      out.write(fmt::format("  (the rule was also checked directly up to n = {})\n", bound_text(p.checked_up_to)));
  } else {
    if (!p.reason.empty()) out.write(fmt::format("  why: {}\n", p.reason));
    if (p.table) out.write(fmt::format("  seen: {}\n", describe(*p.table)));
    if (!p.advice.empty()) out.write(fmt::format("  try: {}\n", advice_text(p)));
  }
}

void print_games(Format format, Output& out) {
  if (format == Format::json) {
    json list = json::array();
    for (const GameFamily& f : game_families())
      list.push_back({{"name", f.name},
                      {"syntax", f.syntax},
                      {"summary", f.summary},
                      {"example", f.example},
                      {"example_sum", fmt::format("{} {}", f.example, f.example_positions)}});
    write_json(out, json{{"games", list}});
    return;
  }
  for (const GameFamily& f : game_families())
    out.write(fmt::format("{:<16} {}\n{:<16} example: grundy value {} {}\n", f.syntax, f.summary, "", f.example,
                          f.example_positions));
}

namespace {

// Every contest format, by the name `grundy contest` takes.
struct ContestProblem {
  std::string_view name;
  std::string (*solve)(contest::ContestReader&);
};
constexpr ContestProblem kContestProblems[] = {
    {"fdivgame", contest::solve_fdivgame},
    {"not-a-nim", contest::solve_not_a_nim},
    {"xy-game", contest::solve_xy_game},
};

}  // namespace

std::vector<std::string> contest_problem_names() {
  std::vector<std::string> names;
  for (const ContestProblem& p : kContestProblems) names.emplace_back(p.name);
  return names;
}

void solve_contest(const std::string& problem, const std::string& input_file, Output& out) {
  // The problem is checked before the input is opened: a misspelt name is
  // the first thing to hear about.
  const auto chosen = std::find_if(std::begin(kContestProblems), std::end(kContestProblems),
                                   [&](const ContestProblem& p) { return p.name == problem; });
  if (chosen == std::end(kContestProblems)) {
    std::vector<std::string_view> names;
    for (const ContestProblem& p : kContestProblems) names.push_back(p.name);
    const auto closest = closest_name(problem, names);
    throw InputError(fmt::format(
        "unknown contest problem {}: {}{}", quote(problem),
        closest ? fmt::format("did you mean '{}'? The problems are ", *closest) : std::string("expected one of "),
        fmt::join(names, ", ")));
  }
  int fd = 0;
  std::string source = "stdin";
  if (!input_file.empty()) {
    fd = ::open(input_file.c_str(), O_RDONLY);
    if (fd < 0)
      throw InputError(fmt::format("--input {}: cannot open: {}", quote_path(input_file), std::strerror(errno)));
    source = printable_path(input_file);
  }
  struct Closer {
    int fd;
    ~Closer() {
      if (fd > 0) ::close(fd);
    }
  } closer{fd};
  contest::ContestReader in(fd, source);
  out.write(chosen->solve(in));
}

}  // namespace grundy::frontend
