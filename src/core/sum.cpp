#include "grundy/sum.hpp"

#include <algorithm>
#include <utility>

namespace grundy {
namespace {

// Options looked at, at most, for one component's list of drawing moves in
// a game without cycles (a heap of 10^18 has 10^18 options); a graph's
// options are all looked at, however many.
constexpr std::uint64_t kMostScanned = std::uint64_t{1} << 20;

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) { return a > kNoLimit - b ? kNoLimit : a + b; }

// The first `limit` options of c whose value passes `keep`, and how many
// in all when every option was looked at. Options are fetched in growing
// batches, so that a heap of 10^18 with a few excluded values costs about
// `limit` options, not all of them; one passing option beyond the limit
// shows that the list was cut.
template <class Keep>
OptionSample options_where(const Component& c, std::uint64_t limit, Keep&& keep) {
  const std::uint64_t most = c.game->has_cycles() ? kNoLimit : kMostScanned;
  OptionSample kept;
  std::uint64_t fetch = c.game->has_cycles() ? kNoLimit : std::min(saturating_add(limit, 64), most);
  for (;;) {
    OptionSample all = c.game->list_options(c.position, fetch);
    kept.options.clear();
    std::uint64_t passing = 0;
    for (Option& o : all.options) {
      if (!keep(option_game_value(*c.game, o))) continue;
      if (++passing <= limit) kept.options.push_back(std::move(o));
    }
    if (all.complete()) {
      kept.total = passing;
      return kept;
    }
    if (passing > limit || fetch >= most) return kept;  // total unknown
    fetch = std::min(fetch * 4, most);
  }
}

void add_moves(std::vector<Move>& moves, std::vector<UnlistedMoves>& unlisted, std::size_t i, const Component& c,
               OptionSample sample) {
  for (Option& to : sample.options) moves.push_back({i, c.position, std::move(to)});
  if (!sample.complete()) unlisted.push_back({i, sample.options.size(), sample.total});
}

}  // namespace

GameValue option_game_value(const Game& game, std::span<const Position> option) {
  if (option.size() == 1) return game.game_value(option[0]);
  return GameValue(game.option_value(option));
}

std::vector<GameValue> component_values(std::span<const Component> components) {
  std::vector<GameValue> values;
  values.reserve(components.size());
  for (const Component& c : components) values.push_back(c.game->game_value(c.position));
  return values;
}

SumAnalysis sum_outcome(std::span<const Component> components) {
  SumAnalysis a;
  a.values = component_values(components);
  for (std::size_t i = 0; i < a.values.size(); ++i) {
    if (a.values[i].is_finite()) {
      a.nim_sum ^= a.values[i].nimber();
    } else {
      a.infinite.push_back(i);
    }
  }
  if (a.infinite.empty()) {
    a.total = GameValue(a.nim_sum);
  } else if (a.infinite.size() == 1) {
    a.total = a.values[a.infinite[0]] ^ a.nim_sum;
  }
  a.winner = a.total ? a.total->winner() : Winner::draw;
  return a;
}

SumAnalysis analyze_sum(std::span<const Component> components, std::uint64_t limit_per_component) {
  SumAnalysis a = sum_outcome(components);
  const std::uint64_t limit = limit_per_component;
  if (a.winner == Winner::first) {
    // All finite: component i to value_i xor nim-sum. One infinite: only
    // that component can win, by moving to a finite m (the nim-sum of the
    // others); any other move leaves an infinite sum, never a loss.
    for (std::size_t i = 0; i < components.size(); ++i) {
      if (!a.infinite.empty() && i != a.infinite[0]) continue;
      const Component& c = components[i];
      const Nimber target = a.infinite.empty() ? a.values[i].nimber() ^ a.nim_sum : a.nim_sum;
      add_moves(a.winning_moves, a.unlisted, i, c, c.game->options_to_value(c.position, target, limit));
    }
    return a;
  }
  if (a.winner != Winner::draw) return a;

  // A draw. The moves that keep it, component by component.
  for (std::size_t i = 0; i < components.size(); ++i) {
    const Component& c = components[i];
    const bool infinite_here = !a.values[i].is_finite();
    const std::size_t others_infinite = a.infinite.size() - (infinite_here ? 1 : 0);
    if (others_infinite >= 2) {
      // Two infinite components stay whatever this move does.
      add_moves(a.drawing_moves, a.unlisted, i, c, options_where(c, limit, [](const GameValue&) { return true; }));
      continue;
    }
    if (others_infinite == 1) {
      // One other component j stays infinite, ∞_L. Left with this one
      // infinite too, still a draw; left finite w, the sum becomes
      // ∞_{L xor (m')} with m' the nim-sum of the finite ones: a draw exactly when m' is not in L.
      const std::size_t j = a.infinite[0] == i ? a.infinite[1] : a.infinite[0];
      const GameValue& other = a.values[j];
      const Nimber rest = infinite_here ? a.nim_sum : a.nim_sum ^ a.values[i].nimber();
      add_moves(a.drawing_moves, a.unlisted, i, c, options_where(c, limit, [&](const GameValue& v) {
                  return !v.is_finite() || !other.has_option(rest ^ v.nimber());
                }));
      continue;
    }
    // This is the only infinite component, ∞_K, and m (the nim-sum of the
    // others) is not in K. A finite option w leaves w xor m, not 0 (w is in
    // K): a win for the opponent. An infinite option ∞_K' leaves a draw
    // exactly when m is not in K'.
    add_moves(a.drawing_moves, a.unlisted, i, c,
              options_where(c, limit, [&](const GameValue& v) { return !v.is_finite() && !v.has_option(a.nim_sum); }));
  }
  return a;
}

std::vector<Component> after_move(std::span<const Component> components, const Move& m) {
  std::vector<Component> next(components.begin(), components.begin() + static_cast<std::ptrdiff_t>(m.component));
  const Game* game = components[m.component].game;
  for (Position p : m.to) next.push_back({game, p});
  next.insert(next.end(), components.begin() + static_cast<std::ptrdiff_t>(m.component) + 1, components.end());
  return next;
}

bool any_move(std::span<const Component> components) {
  return std::any_of(components.begin(), components.end(),
                     [](const Component& c) { return c.game->has_move(c.position); });
}

}  // namespace grundy
