#include "grundy/misere/misere.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/misere/misere_quotient_moves.hpp"

namespace grundy {
namespace {

bool all_nim(std::span<const Component> components) {
  return std::all_of(components.begin(), components.end(), [](const Component& c) { return c.game->plays_as_nim(); });
}

std::vector<std::uint64_t> positions(std::span<const Component> components) {
  std::vector<std::uint64_t> heaps;
  for (const Component& c : components) heaps.push_back(c.position);
  return heaps;
}

std::string nim_rule_reason(std::span<const std::uint64_t> heaps) {
  std::uint64_t x = 0;
  std::uint64_t ones = 0;
  bool big = false;
  for (std::uint64_t h : heaps) {
    x ^= h;
    ones += h == 1;
    big = big || h >= 2;
  }
  if (big) return fmt::format("misère Nim with a heap of 2 or more plays as Nim: nim-sum {}", x);
  if (ones == 0) return "misère Nim with no counter left: the player to move cannot move, and wins";
  return fmt::format("misère Nim with every heap 0 or 1: {} heap{} of 1, {}", ones, ones == 1 ? "" : "s",
                     ones % 2 == 1 ? "odd, so the player to move takes the last one and loses"
                                   : "even, so the player to move leaves the last one to the opponent");
}

// The one heap game of every component, when there is one.
const Game* single_heap_game(std::span<const Component> components) {
  if (components.empty()) return nullptr;
  const Game* g = components.front().game;
  const std::string spec = g->spec();
  for (const Component& c : components)
    if (c.game->spec() != spec) return nullptr;
  if (!g->heap_indexed() || g->has_cycles()) return nullptr;
  return g;
}

Winner winner_of(bool p_position) { return p_position ? Winner::second : Winner::first; }

}  // namespace

std::string_view to_string(MisereMethod m) {
  switch (m) {
    case MisereMethod::nim_rule:
      return "rule";
    case MisereMethod::quotient:
      return "quotient";
    case MisereMethod::genus:
      return "genus";
    case MisereMethod::search:
      return "search";
  }
  return "search";
}

bool misere_nim_p_position(std::span<const std::uint64_t> heaps) {
  std::uint64_t x = 0;
  bool big = false;
  for (std::uint64_t h : heaps) {
    x ^= h;
    big = big || h >= 2;
  }
  return big ? x == 0 : x == 1;
}

namespace {

// Bouton's rule on pretended misère Nim positions.
bool bouton_p_position(std::uint64_t nim_sum, std::uint64_t big) { return big > 0 ? nim_sum == 0 : nim_sum == 1; }

// Conway's genus theory: when every component is a heap of a heap game (no
// larger than the quotients' bound) and the games' heaps together are proven
// tame, the sum is decided by Bouton's rule on the heaps' genera.
bool try_genus(std::span<const Component> components, const MisereOptions& options, MisereAnalysis& a) {
  std::vector<const Game*> games;
  std::vector<std::string> specs;
  std::vector<std::uint64_t> max_heaps;
  std::vector<std::size_t> game_of(components.size());
  for (std::size_t i = 0; i < components.size(); ++i) {
    const Component& c = components[i];
    if (!c.game->heap_indexed() || c.position > options.max_quotient_heap) return false;
    const std::string spec = c.game->spec();
    const auto it = std::find(specs.begin(), specs.end(), spec);
    game_of[i] = static_cast<std::size_t>(it - specs.begin());
    if (it == specs.end()) {
      specs.push_back(spec);
      games.push_back(c.game);
      max_heaps.push_back(0);
    }
    max_heaps[game_of[i]] = std::max(max_heaps[game_of[i]], c.position);
  }
  std::optional<std::vector<std::vector<MiserePretence>>> tables;
  try {
    tables = prove_tame_sum(games, max_heaps, options.quotient_limits.max_proof_numbers);
  } catch (const LimitError&) {
    return false;
  }
  if (!tables) return false;
  std::vector<std::shared_ptr<const std::vector<MiserePretence>>> shared;
  for (auto& t : *tables) shared.push_back(std::make_shared<const std::vector<MiserePretence>>(std::move(t)));
  std::uint64_t nim_sum = 0;
  std::uint64_t big = 0;
  std::vector<std::string> genera;
  a.pretended.clear();
  a.genus_tables.clear();
  for (std::size_t i = 0; i < components.size(); ++i) {
    const MiserePretence p = (*shared[game_of[i]])[components[i].position];
    a.pretended.push_back(p);
    a.genus_tables.push_back(shared[game_of[i]]);
    nim_sum ^= p.value;
    big += p.big ? 1u : 0u;
    genera.push_back(p.genus());
  }
  a.method = MisereMethod::genus;
  a.winner = winner_of(bouton_p_position(nim_sum, big));
  a.reason = fmt::format(
      "every component is tame (proven for the sums of these heaps): genera {}, so misère Nim's rule decides: {}",
      fmt::join(genera, " + "),
      big > 0 ? fmt::format("a heap of 2 or more in play, nim-sum {}", nim_sum)
              : fmt::format("only heaps of 0 and 1 in play, nim-sum {}", nim_sum));
  return true;
}

// A proven quotient of `g` that covers heaps up to `largest`: the whole
// game's for an octal code (any heap), else the quotient of heaps up to
// `largest` when that is at most max_quotient_heap; nullptr when none is
// proven within the limits (or the game is one the quotient does not take).
// `why` says why there is none.
std::shared_ptr<const MisereQuotient> quotient_for(const Game& g, std::uint64_t largest, const MisereOptions& options,
                                                   std::string& why) {
  try {
    const HeapGame* heap = g.heap_game();
    if (heap != nullptr && heap->octal_code_length() && options.whole_quotient_most_heaps > 0) {
      auto q = shared_whole_misere_quotient(g, options.whole_quotient_most_heaps, options.quotient_limits);
      // A search that stopped at heap h stopped because heap h + 1 did not
      // fit the limits: a quotient of more heaps would stop there too.
      if (q->whole || q->max_heap >= largest) return q;
      why = fmt::format("its misère quotient is proven for heaps up to {} only ({})", q->max_heap, q->stopped);
      return nullptr;
    }
    if (largest > options.max_quotient_heap) {
      why = fmt::format("misère quotients of games other than octal codes are computed up to heap {}",
                        options.max_quotient_heap);
      return nullptr;
    }
    return shared_misere_quotient(g, std::max<std::uint64_t>(largest, 1), options.quotient_limits);
  } catch (const LimitError& e) {
    why = e.what();  // no quotient within the limits: the next method decides
  } catch (const InputError& e) {
    why = e.what();  // a game the quotient does not handle (a move leaves a heap as large)
  }
  return nullptr;
}

// The memory a search of these components may hold: the least of their
// games' budgets (Game::use_budget).
std::uint64_t memory_of(std::span<const Component> components) {
  std::uint64_t least = 0;
  for (const Component& c : components) {
    const std::uint64_t bytes = c.game->budget().table_bytes();
    if (least == 0 || bytes < least) least = bytes;
  }
  return least;  // (0 for no component: the machine's default)
}

MisereAnalysis outcome(std::span<const Component> components, const MisereOptions& options, MisereSearch& search) {
  for (const Component& c : components)
    if (c.game->has_cycles())
      throw InputError(
          fmt::format("{}: misère play of games with cycles is not supported (only finite games)", c.game->spec()));
  MisereAnalysis a;
  if (all_nim(components)) {
    const std::vector<std::uint64_t> heaps = positions(components);
    a.method = MisereMethod::nim_rule;
    a.winner = winner_of(misere_nim_p_position(heaps));
    a.reason = nim_rule_reason(heaps);
    return a;
  }
  std::string no_quotient;  // why no quotient decides a sum of one heap game
  if (const Game* g = single_heap_game(components)) {
    // A small sum is searched at once; a quotient pays off on larger ones.
    MisereSearch quick(options.quick_search_sums, memory_of(components));
    try {
      const bool p = quick.is_p_position(components);
      a.method = MisereMethod::search;
      a.winner = winner_of(p);
      a.sums_searched = quick.sums_searched();
      a.reason = fmt::format("exact misère search over {} sums", a.sums_searched);
      // The winning moves, if asked for, go on with what this search knows, up to the full limit.
      quick.raise_limit(options.max_search_sums);
      search = std::move(quick);
      return a;
    } catch (const LimitError&) {
      // Too many sums for a quick look: a quotient, then the full search.
    }
    std::uint64_t largest = 0;
    for (const Component& c : components) largest = std::max(largest, c.position);
    if (auto q = quotient_for(*g, largest, options, no_quotient)) {
      const std::vector<std::uint64_t> heaps = positions(components);
      a.method = MisereMethod::quotient;
      a.element = q->element_of(heaps);
      a.winner = winner_of(q->in_p[a.element]);
      const std::string which =
          q->whole ? fmt::format("the whole game, period {} from heap {}", q->whole->period, q->whole->preperiod)
                   : fmt::format("up to heap {}", q->max_heap);
      a.reason = fmt::format("misère quotient of {} ({}; {} elements): the sum is {}, {} the P-portion", q->game, which,
                             q->size, q->element_text(a.element), q->in_p[a.element] ? "in" : "not in");
      a.quotient = std::move(q);
      return a;
    }
  }
  if (try_genus(components, options, a)) return a;
  a.method = MisereMethod::search;
  bool p = false;
  try {
    p = search.is_p_position(components);
  } catch (const MemoryBoundError&) {
    throw;
  } catch (const LimitError& e) {
    if (no_quotient.empty()) throw;
    throw LimitError(fmt::format("{}, and no misère quotient decides it: {}", e.what(), no_quotient));
  }
  a.winner = winner_of(p);
  a.sums_searched = search.sums_searched();
  a.reason = fmt::format("exact misère search over {} sums", a.sums_searched);
  return a;
}

void add_nim_rule_moves(std::span<const Component> components, std::uint64_t limit, MisereAnalysis& a) {
  std::vector<std::uint64_t> heaps = positions(components);
  std::uint64_t x = 0;
  for (std::uint64_t h : heaps) x ^= h;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::uint64_t from = heaps[i];
    // A move to a P-position leaves nim-sum 0 (some heap still >= 2) or
    // only heaps of 0 and 1: the heap goes to x ^ from, to 0 or to 1.
    std::vector<std::uint64_t> targets{x ^ from, 0, 1};
    std::sort(targets.begin(), targets.end());
    targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
    std::uint64_t listed = 0;
    std::uint64_t total = 0;
    for (std::uint64_t t : targets) {
      if (t >= from) continue;
      heaps[i] = t;
      if (misere_nim_p_position(heaps)) {
        ++total;
        if (listed < limit) {
          a.winning_moves.push_back({i, from, Option{t}});
          ++listed;
        }
      }
    }
    heaps[i] = from;
    if (listed < total) a.unlisted.push_back({i, listed, total});
  }
}

}  // namespace

MisereAnalysis misere_outcome(std::span<const Component> components, const MisereOptions& options) {
  MisereSearch search(options.max_search_sums, memory_of(components));
  return outcome(components, options, search);
}

namespace {
// The winning moves of a won sum `a`, found by the method that decided it.
MisereAnalysis add_moves(std::span<const Component> components, std::uint64_t limit, MisereSearch& search,
                         MisereAnalysis a);
}  // namespace

MisereAnalysis analyze_misere_sum(std::span<const Component> components, std::uint64_t limit,
                                  const MisereOptions& options) {
  MisereSearch search(options.max_search_sums, memory_of(components));
  MisereAnalysis a = outcome(components, options, search);
  if (a.winner != Winner::first) return a;
  if (a.method == MisereMethod::search && options.quick_search_sums > 0 && single_heap_game(components)) {
    // Decided by the quick search; its moves may need far more sums than
    // the verdict did. Past the search's limit, the chain goes on as
    // `winner` would have without the quick look: quotient, genus, search.
    try {
      return add_moves(components, limit, search, std::move(a));
    } catch (const LimitError&) {
      MisereOptions without_quick = options;
      without_quick.quick_search_sums = 0;
      return analyze_misere_sum(components, limit, without_quick);
    }
  }
  return add_moves(components, limit, search, std::move(a));
}

namespace {

MisereAnalysis add_moves(std::span<const Component> components, std::uint64_t limit, MisereSearch& search,
                         MisereAnalysis a) {
  if (a.method == MisereMethod::nim_rule) {
    add_nim_rule_moves(components, limit, a);
    return a;
  }
  // Products of the components before i and after i - 1, for the quotient.
  std::vector<QuotientElement> before(components.size() + 1, 0);
  std::vector<QuotientElement> after(components.size() + 1, 0);
  if (a.quotient) {
    const MisereQuotient& q = *a.quotient;
    for (std::size_t i = 0; i < components.size(); ++i)
      before[i + 1] = q.multiply(before[i], q.pretending_of(components[i].position));
    for (std::size_t i = components.size(); i-- > 0;)
      after[i] = q.multiply(after[i + 1], q.pretending_of(components[i].position));
  }
  // The nim-sum and count of big heaps of the pretended positions, for genus.
  std::uint64_t genus_sum = 0;
  std::uint64_t genus_big = 0;
  for (const MiserePretence& p : a.pretended) {
    genus_sum ^= p.value;
    genus_big += p.big ? 1u : 0u;
  }
  for (std::size_t i = 0; i < components.size(); ++i) {
    const Component& c = components[i];
    if (a.quotient) {
      // Through the quotient: a heap of any size of an octal game.
      const HeapGame* heap = c.game->heap_game();
      const std::vector<std::uint8_t> digits = heap != nullptr ? heap->octal_digits() : std::vector<std::uint8_t>{};
      if (!digits.empty()) {
        const QuotientElement rest = a.quotient->multiply(before[i], after[i + 1]);
        QuotientMoves won = quotient_winning_options(*a.quotient, digits, c.position, rest, limit);
        for (Option& o : won.options) a.winning_moves.push_back({i, c.position, std::move(o)});
        if (!won.total || *won.total > won.options.size()) a.unlisted.push_back({i, won.options.size(), won.total});
        continue;
      }
    }
    OptionSample all = c.game->list_options(c.position, MisereSearch::kMaxOptions + 1);
    if (!all.complete() || all.options.size() > MisereSearch::kMaxOptions)
      throw LimitError(fmt::format("{} {} has more than {} moves: too many to list in misère play", c.game->spec(),
                                   c.game->format_position(c.position), MisereSearch::kMaxOptions));
    // The class of the other components, for the quotient.
    QuotientElement rest = 0;
    if (a.quotient) rest = a.quotient->multiply(before[i], after[i + 1]);
    std::uint64_t listed = 0;
    std::uint64_t total = 0;
    for (Option& o : all.options) {
      bool p = false;
      if (a.method == MisereMethod::genus) {
        // The other components, then the heaps the move leaves.
        std::uint64_t nim_sum = genus_sum ^ a.pretended[i].value;
        std::uint64_t big = genus_big - (a.pretended[i].big ? 1u : 0u);
        for (Position part : o) {
          const MiserePretence& q = (*a.genus_tables[i])[part];
          nim_sum ^= q.value;
          big += q.big ? 1u : 0u;
        }
        p = bouton_p_position(nim_sum, big);
      } else if (a.quotient) {
        p = a.quotient->in_p[a.quotient->multiply(rest, a.quotient->element_of(o))];
      } else {
        std::vector<Component> next = after_move(components, {i, c.position, o});
        p = search.is_p_position(next);
      }
      if (!p) continue;
      ++total;
      if (listed < limit) {
        a.winning_moves.push_back({i, c.position, std::move(o)});
        ++listed;
      }
    }
    if (listed < total) a.unlisted.push_back({i, listed, total});
  }
  if (a.method == MisereMethod::search) {
    a.sums_searched = search.sums_searched();
    a.reason = fmt::format("exact misère search over {} sums", a.sums_searched);
  }
  return a;
}

}  // namespace

}  // namespace grundy
