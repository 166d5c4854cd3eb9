#include "grundy/frontend/quotient_answers.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grundy/analysis.hpp"
#include "grundy/error.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/frontend/convention_words.hpp"

namespace grundy::frontend {
namespace {

using nlohmann::json;

json misere_outcome_json(const GameSum& sum, const MisereAnalysis& a) {
  json j{{"game", sum.game_label()},
         {"play", "misere"},
         {"winner", to_string(a.winner)},
         {"method", to_string(a.method)},
         {"reason", a.reason}};
  if (a.quotient) {
    j["quotient"] = {{"max_heap", a.quotient->max_heap},
                     {"size", a.quotient->size},
                     {"element", a.quotient->element_text(a.element)},
                     {"in_p_portion", static_cast<bool>(a.quotient->in_p[a.element])}};
    // Proven for every heap: the period of the pretending function.
    if (a.quotient->whole)
      j["quotient"]["whole"] = {{"preperiod", a.quotient->whole->preperiod}, {"period", a.quotient->whole->period}};
  }
  if (a.method == MisereMethod::search) j["sums_searched"] = a.sums_searched;
  if (a.method == MisereMethod::genus) {
    json genera = json::array();
    for (const MiserePretence& p : a.pretended) genera.push_back(p.genus());
    j["genus"] = genera;
  }
  if (!sum.single_game()) {
    json components = json::array();
    for (const Component& c : sum.components)
      components.push_back({{"game", c.game->spec()}, {"position", position_json(*c.game, c.position)}});
    j["components"] = components;
  }
  return j;
}

// Why a component has the misère value it has, or none, in words.
std::string misere_value_reason(const Game& game, const MisereValue& v) {
  switch (v.kind) {
    case MisereValue::Kind::nim_heap:
      return "a heap of misère Nim";
    case MisereValue::Kind::tame:
      if (v.whole)
        return fmt::format("{} is tame (proven for the whole game: its misère quotient has {} elements)", game.label(),
                           v.quotient_size);
      return fmt::format("{} is tame up to heap {} (proven)", game.label(), v.largest_heap);
    case MisereValue::Kind::wild:
      if (v.whole)
        return fmt::format(
            "no single misère value: {} is wild (its misère quotient, proven for the whole game, has {} "
            "elements and is not misère Nim's), so no number per heap decides misère sums, but each "
            "heap's element of the quotient does; 'grundy quotient {}' gives the rule",
            game.label(), v.quotient_size, game.name());
      return fmt::format(
          "no single misère value: {} is wild up to heap {} (its misère quotient has {} elements and is "
          "not misère Nim's), so no number per heap decides misère sums; 'grundy quotient {} "
          "--max-heap {}' gives the rule",
          game.label(), v.largest_heap, v.quotient_size, game.name(), v.largest_heap);
    case MisereValue::Kind::not_heap_game:
      return fmt::format("no misère value: genera are computed for heap games through their quotient ({} is not one)",
                         game.label());
    case MisereValue::Kind::heap_too_large:
      return fmt::format(
          "no misère value computed: genera come from the misère quotient of heaps up to the largest "
          "asked, here {}, beyond the {} grundy computes for this",
          v.largest_heap, kMostGenusHeap);
    case MisereValue::Kind::not_computed:
      break;
  }
  if (v.out_of_time)
    return fmt::format(
        "no misère value computed: {}; 'grundy quotient {} --max-heap {}' computes more, without a time limit", v.limit,
        game.name(), v.largest_heap);
  return fmt::format("no misère value computed: {}", v.limit);
}

// Misère play's words: a verdict with the method that decided it (Nim's
// rule, a genus, a quotient, a search), and genera for values.
class MiserePlayWords final : public ConventionWords {
 public:
  [[nodiscard]] std::string verdict(const GameSum&, const SumReport& r) const override {
    return fmt::format("{} player wins ({})", to_string(r.winner), analysis_of(r).reason);
  }
  [[nodiscard]] json outcome_json(const GameSum& sum, const SumReport& r) const override {
    return misere_outcome_json(sum, analysis_of(r));
  }
  [[nodiscard]] std::string no_winning_move(const GameSum&, const SumReport& r) const override {
    // The player to move wins with no winning move only where there is no
    // move at all: in misère play the player who cannot move wins.
    return r.winner == Winner::first ? ": there is no move, and in misere play the player who cannot move wins"
                                     : ": no winning move, every move leaves a position the opponent wins";
  }
  [[nodiscard]] std::vector<std::string> value_lines(const GameSum& sum) const override {
    const std::vector<MisereValue> values = misere_values(sum.components);
    // One line per position; a reason said once is not said again (heaps
    // of one wild game share it), only pointed to.
    std::vector<std::string> lines;
    std::vector<std::string> said;
    for (std::size_t i = 0; i < values.size(); ++i) {
      const MisereValue& v = values[i];
      if (v.genus) {
        lines.push_back(*v.genus);
        continue;
      }
      const std::string element =
          v.element ? fmt::format("; heap {}: element {} of the quotient", sum.components[i].position, *v.element)
                    : std::string();
      // A tame heap past the quotient's heaps: its element, not its genus
      // (which needs its normal-play value).
      if (v.kind == MisereValue::Kind::tame && v.element) {
        lines.push_back(fmt::format("no genus computed for a heap past those the quotient was built from: {}{}",
                                    misere_value_reason(*sum.components[i].game, v), element));
        continue;
      }
      // A value grundy does not compute is a refusal, not an answer (a
      // wild game's lack of one is a proven fact, and an answer): one a
      // limit stopped is a LimitError (exit status 1), the others an
      // InputError (2).
      if (v.kind != MisereValue::Kind::wild) {
        const std::string refusal = fmt::format("{}{}; 'grundy winner ... --misere' says who wins",
                                                values.size() > 1 ? fmt::format("position {}: ", i + 1) : std::string(),
                                                misere_value_reason(*sum.components[i].game, v));
        if (v.kind == MisereValue::Kind::not_computed) throw LimitError(refusal);
        throw InputError(refusal);
      }
      std::string reason = misere_value_reason(*sum.components[i].game, v);
      if (std::find(said.begin(), said.end(), reason) != said.end()) {
        lines.push_back(fmt::format("no single misère value (position {}: as above){}", i + 1, element));
        continue;
      }
      lines.push_back(reason + element);
      said.push_back(std::move(reason));
    }
    return lines;
  }
  // Each component's genus, or why it has none.
  [[nodiscard]] json values_json(const GameSum& sum) const override {
    const std::vector<MisereValue> values = misere_values(sum.components);
    json list = json::array();
    for (std::size_t i = 0; i < values.size(); ++i)
      list.push_back({{"genus", values[i].genus ? json(*values[i].genus) : json(nullptr)},
                      {"element", values[i].element ? json(*values[i].element) : json(nullptr)},
                      {"whole", values[i].whole},
                      {"reason", misere_value_reason(*sum.components[i].game, values[i])}});
    return json{{"game", sum.game_label()}, {"play", "misere"}, {"values", list}};
  }
  // Play shows it under normal play's values, which do not decide here.
  [[nodiscard]] std::string standing(const SumReport& r, const ComponentNamer&, std::size_t) const override {
    return fmt::format(
        "misère play: {}; the player to move {} against perfect play (the values are normal "
        "play's and do not decide a misère sum)",
        analysis_of(r).reason, r.winner == Winner::first ? "wins" : "loses");
  }
  [[nodiscard]] HintWords hint(const Hint& h, const MoveNamer& move_text, const ComponentNamer&, std::size_t,
                               std::string_view) const override {
    if (h.kind == Hint::Kind::over) return {"No move is left.", false};
    if (h.kind == Hint::Kind::win) return {fmt::format("{}. {}", move_text(*h.move), winning_move_reason(h)), true};
    // No suggestion: any move loses to perfect play, and the engine plays perfectly.
    return {fmt::format("No winning move ({}): every move leaves a position the engine wins.",
                        analysis_of(h.report).reason),
            false};
  }
  [[nodiscard]] std::string_view ending_rule() const override {
    return "misère play: whoever makes the last move loses (whoever cannot move wins)";
  }
  [[nodiscard]] std::string_view method_note() const override {
    return "Why the engine never misses: Bouton's rule for Nim (play as in Nim until no heap of 2 or\n"
           "more would be left, then leave an odd number of heaps of 1), a misère quotient, or an\n"
           "exact search (docs/misere.md). Grundy values ('values') are normal play's: in misère play\n"
           "they do not decide the sum.\n";
  }
  [[nodiscard]] std::string no_move_left(bool person_stuck, std::string_view after) const override {
    // The player left without a move has won: the other made the last move.
    return person_stuck
               ? fmt::format("You have no move left: the engine made the last move, so you win after {}!", after)
               : fmt::format("The engine has no move left: you made the last move, so the engine wins after {}.",
                             after);
  }

 private:
  static const MisereAnalysis& analysis_of(const SumReport& r) { return std::get<MisereAnalysis>(r.analysis); }

  // Why a hint's move wins; misère Nim's exception is spelled out when it
  // decides the move.
  static std::string winning_move_reason(const Hint& h) {
    const MisereAnalysis& a = analysis_of(h.report);
    switch (h.nim_case) {
      case Hint::NimCase::odd_ones:
        return fmt::format(
            "Only heaps of 1 are left: this move leaves {} of them, an odd number, so the engine takes "
            "the last one.",
            h.ones_left);
      case Hint::NimCase::plays_as_nim:
        return "While a heap of 2 or more is left, misère Nim is played exactly as Nim: this move leaves nim-sum 0.";
      case Hint::NimCase::exception:
        return fmt::format(
            "This leaves only heaps of 1 (and empty ones): {} of them, an odd number, so the engine takes the last "
            "one. This is misère Nim's one exception to playing as in Nim: when your move leaves no heap of 2 or "
            "more, leave an odd number of heaps of 1, not an even one.",
            h.ones_left);
      case Hint::NimCase::none:
        break;
    }
    if (a.method == MisereMethod::genus)
      return "Every heap here is tame: it plays as the misère Nim position of its genus (the 'values' command "
             "lists them), and this move leaves a position that misère Nim's rule says is lost for the engine.";
    if (a.method == MisereMethod::quotient)
      return fmt::format(
          "In the misère quotient of {} ({} elements) the sum this move leaves is in the P-portion: "
          "the engine loses against perfect play.",
          a.quotient->game, a.quotient->size);
    return fmt::format("An exact search ({} sums) shows that every reply leaves you a win.", a.sums_searched);
  }
};

}  // namespace

std::unique_ptr<ConventionWords> misere_play_words() { return std::make_unique<MiserePlayWords>(); }

namespace {

// The periodicity theorem's statement for a proven whole game.
std::string whole_theorem_text(const MisereQuotient& q) {
  const QuotientPeriod& w = *q.whole;
  const std::uint64_t bound = 2 * std::max<std::uint64_t>(w.preperiod, 1) + 2 * w.period + w.code_length - 1;
  return fmt::format(
      "the periodicity theorem for misere quotients (Plambeck-Siegel): every move takes at most k = {} "
      "tokens and leaves at most two heaps, and the pretending function of the quotient of heaps 0..{} "
      "has phi(n) = phi(n - {}) for {} <= n <= {}, with {} >= 2 max(n0, 1) + 2p + k - 1 = {}; so "
      "phi(n + {}) = phi(n) for every n >= {}, and this quotient is the whole game's (docs/misere.md)",
      w.code_length, w.checked_to, w.period, w.preperiod + w.period, w.checked_to, w.checked_to, bound, w.period,
      w.preperiod);
}

}  // namespace

namespace {

// The limit that stopped a whole game's search, in JSON: null, "most_heaps",
// "time" or "size".
json stop_name(MisereQuotient::Stop stop) {
  switch (stop) {
    case MisereQuotient::Stop::none:
      return nullptr;
    case MisereQuotient::Stop::most_heaps:
      return "most_heaps";
    case MisereQuotient::Stop::time:
      return "time";
    case MisereQuotient::Stop::size:
      return "size";
  }
  return nullptr;
}

}  // namespace

json quotient_json(const MisereQuotient& q) {
  json generators = json::array();
  for (std::size_t i = 0; i < q.generator_heaps.size(); ++i) {
    GeneratorWord w(q.generator_heaps.size(), 0);
    w[i] = 1;
    generators.push_back({{"name", q.word_text(w)}, {"heap", q.generator_heaps[i]}});
  }
  json relations = json::array();
  for (const QuotientRelation& r : q.relations)
    relations.push_back({{"left", q.word_text(r.left)}, {"right", q.word_text(r.right)}});
  json elements = json::array();
  json p_portion = json::array();
  for (QuotientElement x = 0; x < q.size; ++x) {
    elements.push_back(q.element_text(x));
    if (q.in_p[x]) p_portion.push_back(q.element_text(x));
  }
  json pretending = json::array();
  for (QuotientElement x : q.pretending) pretending.push_back(q.element_text(x));
  // Row x, column y: the index in "elements" of x times y.
  json products = json::array();
  for (QuotientElement x = 0; x < q.size; ++x) {
    json row = json::array();
    for (QuotientElement y = 0; y < q.size; ++y) row.push_back(q.multiply(x, y));
    products.push_back(row);
  }
  json runs = json::array();
  for (std::uint64_t h = 0; h <= q.max_heap;) {
    std::uint64_t end = h;
    while (end + 1 <= q.max_heap && q.pretending[end + 1] == q.pretending[h]) ++end;
    runs.push_back({{"from", h}, {"to", end}, {"element", q.element_text(q.pretending[h])}});
    h = end + 1;
  }
  json period = nullptr;
  if (q.whole)
    period = {
        {"preperiod", q.whole->preperiod}, {"period", q.whole->period}, {"observed_to", q.max_heap}, {"proven", true}};
  else if (const auto p = pretending_period(q))
    period = {{"preperiod", p->preperiod}, {"period", p->period}, {"observed_to", q.max_heap}, {"proven", false}};
  json whole = nullptr;
  if (q.whole)
    whole = {
        {"preperiod", q.whole->preperiod},
        {"period", q.whole->period},
        {"code_length", q.whole->code_length},
        {"checked_to", q.whole->checked_to},
        {"bound", 2 * std::max<std::uint64_t>(q.whole->preperiod, 1) + 2 * q.whole->period + q.whole->code_length - 1},
        {"theorem", whole_theorem_text(q)}};
  return {{"game", q.game},
          {"max_heap", q.max_heap},
          {"size", q.size},
          {"proven", true},
          {"proof",
           {{"classes_checked", q.proof_states},
            {"candidates_rejected", q.recalibrations},
            {"theorem",
             "every sum of heaps 0..max_heap is predicted consistently with its options (Plambeck-Siegel), so the "
             "predictions are the misere outcomes"}}},
          {"generators", generators},
          {"relations", relations},
          {"elements", elements},
          {"p_portion", p_portion},
          {"pretending", pretending},
          {"pretending_runs", runs},
          {"products", products},
          {"period", period},
          {"whole", whole},
          {"stopped", q.stopped.empty() ? json(nullptr) : json(q.stopped)},
          {"stopped_by", stop_name(q.stop)},
          {"tame", q.tame},
          {"genus", q.tame ? json(q.genus) : json(nullptr)},
          {"sizes", q.sizes}};
}

QuotientLimits quotient_limits(std::uint32_t max_elements) {
  QuotientLimits limits;
  const QuotientLimits defaults;
  limits.max_size = max_elements;
  // The proof stores about |Q| / 32 numbers per class of sums it examines.
  limits.max_proof_numbers =
      std::max(defaults.max_proof_numbers, defaults.max_proof_numbers / defaults.max_size * max_elements);
  return limits;
}

void print_quotient(const Game& game, std::optional<std::uint64_t> max_heap, std::uint64_t most_heaps, Format format,
                    Output& out, const QuotientLimits& limits) {
  const auto start = std::chrono::steady_clock::now();
  const HeapGame* heap = game.heap_game();
  const bool whole = !max_heap && heap != nullptr && heap->octal_code_length();
  const MisereQuotient q = whole ? compute_whole_misere_quotient(game, most_heaps, limits)
                                 : compute_misere_quotient(game, max_heap.value_or(kDefaultQuotientMaxHeap), limits);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (format == Format::json) {
    json j = quotient_json(q);
    j["seconds"] = seconds;
    out.write(j.dump() + "\n");
    return;
  }
  if (q.whole)
    out.write(fmt::format("misère quotient of {}, the whole game (every heap): {} elements\n", q.game, q.size));
  else
    out.write(fmt::format("misère quotient of {}, sums of heaps 0..{}: {} elements\n", q.game, q.max_heap, q.size));
  const std::string rejected =
      q.recalibrations == 0 ? std::string{} : fmt::format("; {} earlier candidates failed it", q.recalibrations);
  out.write(
      fmt::format("proven: every sum of these heaps is consistent with its options ({} classes of sums "
                  "checked{}), so a sum is a P-position exactly when its element is in the P-portion\n",
                  q.proof_states, rejected));
  std::vector<std::string> generators;
  for (std::size_t i = 0; i < q.generator_heaps.size(); ++i) {
    GeneratorWord w(q.generator_heaps.size(), 0);
    w[i] = 1;
    generators.push_back(fmt::format("{} = heap {}", q.word_text(w), q.generator_heaps[i]));
  }
  out.write(
      fmt::format("generators: {}\n", generators.empty() ? "none" : fmt::format("{}", fmt::join(generators, ", "))));
  std::vector<std::string> relations;
  for (const QuotientRelation& r : q.relations)
    relations.push_back(fmt::format("{} = {}", q.word_text(r.left), q.word_text(r.right)));
  out.write(fmt::format("relations: {}\n", relations.empty() ? "none" : fmt::format("{}", fmt::join(relations, ", "))));
  std::vector<std::string> p_portion;
  std::vector<std::string> elements;
  for (QuotientElement x = 0; x < q.size; ++x) {
    elements.push_back(q.element_text(x));
    if (q.in_p[x]) p_portion.push_back(q.element_text(x));
  }
  out.write(fmt::format("P-portion: {}\n", p_portion.empty() ? "none" : fmt::format("{}", fmt::join(p_portion, ", "))));
  if (q.size <= 64) out.write(fmt::format("elements: {}\n", fmt::join(elements, ", ")));
  out.write("pretending function (heaps: element):\n");
  auto period = pretending_period(q);
  if (q.whole) period = SeenPeriod{q.whole->preperiod, q.whole->period};
  const std::uint64_t shown_to = period ? std::min(q.max_heap, period->preperiod + period->period - 1) : q.max_heap;
  for (std::uint64_t h = 0; h <= shown_to;) {
    std::uint64_t end = h;
    while (end + 1 <= shown_to && q.pretending[end + 1] == q.pretending[h]) ++end;
    out.write(h == end ? fmt::format("  {}: {}\n", h, q.element_text(q.pretending[h]))
                       : fmt::format("  {}-{}: {}\n", h, end, q.element_text(q.pretending[h])));
    h = end + 1;
  }
  if (q.whole) {
    const QuotientPeriod& w = *q.whole;
    out.write(fmt::format("  then period {} from heap {}, for every heap (proven)\n", w.period, w.preperiod));
    out.write(fmt::format(
        "proven whole by the periodicity theorem for misère quotients (Plambeck-Siegel; "
        "docs/misere.md): every move takes at most k = {} tokens and leaves at most two heaps; the "
        "quotient of heaps 0..{} has φ(n) = φ(n − {}) for {} ≤ n ≤ {}, and {} ≥ 2·max(n0, 1) + "
        "2p + k − 1 = {}; so φ(n + {}) = φ(n) for every n ≥ {}, and no heap adds an element\n",
        w.code_length, w.checked_to, w.period, w.preperiod + w.period, w.checked_to, w.checked_to,
        2 * std::max<std::uint64_t>(w.preperiod, 1) + 2 * w.period + w.code_length - 1, w.period, w.preperiod));
  } else if (period && shown_to < q.max_heap) {
    out.write(fmt::format("  then period {} from heap {} up to heap {} (observed, not proven beyond {})\n",
                          period->period, period->preperiod, q.max_heap, q.max_heap));
  }
  if (!q.stopped.empty())
    out.write(fmt::format("not proven whole: the search stopped at heap {}: {}\n", q.max_heap, q.stopped));
  if (q.tame) {
    out.write(
        fmt::format("tame: every sum of these heaps plays as misère Nim, each heap as a position of its genus "
                    "(proven by the same check); genus of heaps 0..{}: {}\n",
                    q.max_heap, fmt::join(q.genus, " ")));
  } else {
    out.write("wild: these heaps do not all play as misère Nim positions (not tame)\n");
  }
  out.write(fmt::format("sizes of the quotients of heaps 0..n, n = 0..{}: {}\n", q.max_heap, fmt::join(q.sizes, " ")));
}

}  // namespace grundy::frontend
