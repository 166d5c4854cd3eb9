#include "grundy/analysis.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/misere/misere.hpp"
#include "grundy/misere/misere_quotient.hpp"

namespace grundy {
namespace {

SumReport normal_report(SumAnalysis a) {
  SumReport r;
  r.winner = a.winner;
  r.moves = a.winner == Winner::draw ? std::move(a.drawing_moves) : std::move(a.winning_moves);
  r.unlisted = std::move(a.unlisted);
  a.drawing_moves.clear();
  a.winning_moves.clear();
  r.analysis = std::move(a);
  return r;
}

SumReport misere_report(MisereAnalysis a) {
  SumReport r;
  r.winner = a.winner;
  r.moves = std::move(a.winning_moves);
  r.unlisted = std::move(a.unlisted);
  a.winning_moves.clear();
  r.analysis = std::move(a);
  return r;
}

// One of `moves`, uniformly (the distribution play has always used, so
// that a seed replays the same misère game).
const Move& pick_one(const std::vector<Move>& moves, MoveRng& rng) {
  std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
  return moves[pick(rng)];
}

// Misère play with no winning move: any move, the opponent must still
// find the win (the engine waits for a mistake).
std::optional<Move> any_sampled_move(std::span<const Component> sum, MoveRng& rng) {
  std::vector<Move> all;
  for (std::size_t i = 0; i < sum.size(); ++i)
    for (Option& o : sum[i].game->sample_options(sum[i].position)) all.push_back({i, sum[i].position, std::move(o)});
  if (all.empty()) return std::nullopt;
  return pick_one(all, rng);
}

// Which case of Bouton's misère rule a winning move is.
void classify_nim_move(std::span<const Component> sum, const Move& m, Hint& h) {
  const std::vector<Component> after = after_move(sum, m);
  std::uint64_t ones = 0;
  bool big = false;
  for (const Component& c : after) {
    ones += c.position == 1 ? 1u : 0u;
    big = big || c.position >= 2;
  }
  const bool big_before = std::any_of(sum.begin(), sum.end(), [](const Component& c) { return c.position >= 2; });
  h.ones_left = ones;
  h.nim_case = big ? Hint::NimCase::plays_as_nim : big_before ? Hint::NimCase::exception : Hint::NimCase::odd_ones;
}

}  // namespace

std::string_view to_string(Convention c) { return c == Convention::normal ? "normal" : "misere"; }

Winner winner_with_no_move(Convention convention) {
  return convention == Convention::normal ? Winner::second : Winner::first;
}

SumReport outcome(std::span<const Component> sum, Convention convention) {
  return convention == Convention::normal ? normal_report(sum_outcome(sum)) : misere_report(misere_outcome(sum));
}

SumReport analyze(std::span<const Component> sum, Convention convention, std::uint64_t limit_per_component) {
  return convention == Convention::normal ? normal_report(analyze_sum(sum, limit_per_component))
                                          : misere_report(analyze_misere_sum(sum, limit_per_component));
}

std::optional<Move> engine_move(std::span<const Component> sum, Convention convention, MoveRng& rng,
                                std::optional<std::size_t> answer_to) {
  if (convention == Convention::normal) return engine_move(sum, rng, answer_to);
  // No move left: in misère play the player to move has won, without a move.
  if (!any_move(sum)) return std::nullopt;
  const MisereAnalysis a = analyze_misere_sum(sum, 64);
  if (!a.winning_moves.empty()) return pick_one(a.winning_moves, rng);
  if (a.winner == Winner::first)
    throw std::logic_error(
        "the first player wins this misère sum, but no winning move was found (a defect of "
        "grundy: please report the position)");
  return any_sampled_move(sum, rng);
}

Hint hint(std::span<const Component> sum, Convention convention, MoveRng& rng, std::optional<std::size_t> answer_to) {
  Hint h;
  if (!any_move(sum)) {
    h.report = outcome(sum, convention);
    h.kind = Hint::Kind::over;
    return h;
  }
  if (convention == Convention::misere) {
    const MisereAnalysis a = analyze_misere_sum(sum, 64);
    if (!a.winning_moves.empty()) {
      h.kind = Hint::Kind::win;
      h.move = pick_one(a.winning_moves, rng);
      if (a.method == MisereMethod::nim_rule) classify_nim_move(sum, *h.move, h);
    } else {
      h.kind = Hint::Kind::no_win;
    }
    h.report = misere_report(a);
    h.report.moves.clear();
    h.report.unlisted.clear();
    return h;
  }
  h.report = normal_report(sum_outcome(sum));
  if (h.report.winner == Winner::first) {
    h.kind = Hint::Kind::win;
    h.move = random_winning_move(sum, rng, answer_to).value();  // a won sum has one (else logic_error)
  } else if (h.report.winner == Winner::draw) {
    h.kind = Hint::Kind::keep_draw;
    const SumReport drawing = normal_report(analyze_sum(sum, 64));
    if (!drawing.moves.empty()) h.move = drawing.moves.front();
  } else {
    h.kind = Hint::Kind::no_win;
    h.move = stalling_move(sum, rng);
  }
  return h;
}

namespace {

// The quotients that give a game's misère values for heaps up to `largest`,
// and into `shared` its kind, the quotient's size, or why there is none.
struct ValueQuotients {
  // Genera: tameness proven over the heaps up to the largest in play (or the
  // whole game's quotient, when it says more).
  std::shared_ptr<const MisereQuotient> bounded;
  // Elements: the whole game's quotient for an octal code, any heap.
  std::shared_ptr<const MisereQuotient> whole;
};

ValueQuotients value_quotients(const Game& game, std::uint64_t largest, MisereValue& shared) {
  ValueQuotients q;
  if (!game.heap_indexed() || game.has_cycles()) {
    shared.kind = MisereValue::Kind::not_heap_game;
    return q;
  }
  const HeapGame* heap = game.heap_game();
  const MisereOptions options;
  // The quotient of the heaps in play has `quotient`'s own limits, and the
  // analysis's time limit.
  QuotientLimits bounded_limits;
  bounded_limits.max_seconds = options.quotient_limits.max_seconds;
  // An octal game's whole search that ran out of time short of the heaps in
  // play: a quotient of those heaps alone takes the same steps, so it would
  // run out of time too, and is not tried (misere.hpp).
  bool out_of_time = false;
  if (heap != nullptr && heap->octal_code_length()) {
    try {
      q.whole = shared_whole_misere_quotient(game, options.whole_quotient_most_heaps, options.quotient_limits);
      if (!q.whole->whole && q.whole->max_heap < largest) {
        if (q.whole->stop == MisereQuotient::Stop::time) {
          shared.limit = fmt::format("its misère quotient is proven for heaps up to {} only ({})", q.whole->max_heap,
                                     q.whole->stopped);
          shared.out_of_time = out_of_time = true;
        }
        q.whole.reset();
      }
    } catch (const LimitError&) {
    } catch (const InputError&) {
    }
  }
  if (largest <= kMostGenusHeap && !out_of_time) {
    try {
      q.bounded = shared_misere_quotient(game, largest, bounded_limits);
    } catch (const LimitError& e) {
      shared.limit = e.what();
    } catch (const InputError& e) {
      shared.limit = e.what();
    }
  }
  // A game tame up to the heaps in play keeps its genera; otherwise the
  // whole game's quotient, when there is one, says the most.
  const bool whole_says_more = q.whole && (!q.bounded || (!q.bounded->tame && q.whole->whole));
  const std::shared_ptr<const MisereQuotient> said = whole_says_more ? q.whole : q.bounded;
  if (said) {
    shared.kind = said->tame ? MisereValue::Kind::tame : MisereValue::Kind::wild;
    shared.quotient_size = said->size;
    shared.whole = said->whole.has_value();
    shared.limit.clear();
    q.bounded = said;
  } else if (largest > kMostGenusHeap && !out_of_time) {
    shared.kind = MisereValue::Kind::heap_too_large;
  }
  return q;
}

}  // namespace

std::vector<MisereValue> misere_values(std::span<const Component> sum) {
  std::vector<MisereValue> values(sum.size());
  std::map<const Game*, std::vector<std::size_t>> by_game;  // the components of each game
  for (std::size_t i = 0; i < sum.size(); ++i) by_game[sum[i].game].push_back(i);
  for (const auto& [game, mine] : by_game) {
    std::uint64_t largest = 1;
    for (std::size_t i : mine) largest = std::max(largest, sum[i].position);
    for (std::size_t i : mine) values[i].largest_heap = largest;
    if (game->plays_as_nim()) {
      // A nim heap of n: 0^1, 1^0, or n^n (Conway).
      for (std::size_t i : mine) {
        const std::uint64_t n = sum[i].position;
        values[i].kind = MisereValue::Kind::nim_heap;
        values[i].genus = fmt::format("{}^{}", n, n <= 1 ? n ^ 1 : n);
      }
      continue;
    }
    MisereValue shared;
    shared.largest_heap = largest;
    const ValueQuotients q = value_quotients(*game, largest, shared);
    const std::shared_ptr<const MisereQuotient>&bounded = q.bounded, &whole = q.whole;
    for (std::size_t i : mine) {
      values[i] = shared;
      const Position n = sum[i].position;
      if (whole && (whole->whole || n <= whole->max_heap))
        values[i].element = whole->element_text(whole->pretending_of(n));
      // Genera are of the heaps a quotient was built from. A heap past them
      // in a tame whole game plays in every sum as heap_like(n), so it is
      // pretended to be that heap's misère Nim position; that is its genus
      // when its own normal-play value is that heap's (the g of g^m).
      if (bounded && bounded->tame && n <= bounded->max_heap) {
        values[i].genus = bounded->genus[n];
      } else if (whole && whole->whole && whole->tame) {
        try {
          if (game->value(n) == game->value(whole->heap_like(n))) values[i].genus = whole->genus_of(n);
        } catch (const LimitError&) {
        } catch (const InputError&) {
        }
      }
    }
  }
  return values;
}

}  // namespace grundy
