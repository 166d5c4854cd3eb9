#include "grundy/strategy.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

namespace grundy {
namespace {

// A uniform choice below n (n >= 1), defined by the generator alone: the
// standard's distributions may differ between libraries, which would break
// replaying a game from its seed. The modulo bias is below 2^-40 here.
std::size_t pick(MoveRng& rng, std::size_t n) { return static_cast<std::size_t>(rng() % n); }

// Candidates whose replies are counted (chosen at random among the rest).
constexpr std::size_t kMostJudged = 24;
// Winning replies are counted up to this many per component.
constexpr std::uint64_t kReplyCap = 8;

// Winning moves of one component to a given value, counted up to kReplyCap
// (kReplyCap + 1 meaning more or unknown), remembered: many candidate moves
// lead to the same target values, and sums often repeat a position.
class ReplyCounter {
 public:
  std::uint64_t count(const Game& g, Position p, Nimber target) {
    const auto key = std::make_tuple(&g, p, target.value());
    if (auto it = known_.find(key); it != known_.end()) return it->second;
    const OptionSample s = g.options_to_value(p, target, kReplyCap);
    const std::uint64_t n = s.options.size() + (s.complete() ? 0 : 1);
    known_.emplace(key, n);
    return n;
  }

 private:
  std::map<std::tuple<const Game*, Position, std::uint64_t>, std::uint64_t> known_;
};

// A winning move of `a` that makes progress (strategy.hpp). The value of a
// component goes down when it turns from infinite to finite, or from a
// finite value to a smaller one.
Move progressing_move(std::span<const Component> components, const SumAnalysis& a, MoveRng& rng,
                      std::optional<std::size_t> answer_to) {
  auto lowers = [&](const Move& m) {
    const GameValue& before = a.values[m.component];
    const GameValue after = option_game_value(*components[m.component].game, m.to);
    if (!after.is_finite()) return false;
    return !before.is_finite() || after.nimber() < before.nimber();
  };
  std::vector<std::size_t> candidates;
  if (answer_to)
    for (std::size_t k = 0; k < a.winning_moves.size(); ++k)
      if (a.winning_moves[k].component == *answer_to && lowers(a.winning_moves[k])) candidates.push_back(k);
  if (candidates.empty())
    for (std::size_t k = 0; k < a.winning_moves.size(); ++k)
      if (lowers(a.winning_moves[k])) candidates.push_back(k);
  if (candidates.empty())  // not reached for a won sum; kept so that a move is always returned
    for (std::size_t k = 0; k < a.winning_moves.size(); ++k) candidates.push_back(k);
  const std::size_t chosen = candidates[pick(rng, candidates.size())];
  const std::size_t component = a.winning_moves[chosen].component;
  if (!components[component].game->has_cycles()) return a.winning_moves[chosen];
  // The first candidate of that component: its game lists the earliest labelled first.
  for (std::size_t k : candidates)
    if (a.winning_moves[k].component == component) return a.winning_moves[k];
  return a.winning_moves[chosen];
}

// A won sum always has a winning move; every game lists at least one when
// asked (Game::options_to_value). Should one fail to, the engine says so
// rather than give the win away with another move.
void check_listed(const SumAnalysis& a, const std::vector<Move>& listed) {
  if (a.winner == Winner::first && listed.empty())
    throw std::logic_error(
        "the first player wins this sum, but no winning move was found (a defect of grundy: "
        "please report the position)");
}

}  // namespace

std::optional<Move> random_winning_move(std::span<const Component> components, MoveRng& rng,
                                        std::optional<std::size_t> answer_to, std::uint64_t per_component) {
  const SumAnalysis a = analyze_sum(components, per_component);
  check_listed(a, a.winning_moves);
  if (a.winning_moves.empty()) return std::nullopt;
  return progressing_move(components, a, rng, answer_to);
}

std::optional<Move> stalling_move(std::span<const Component> components, MoveRng& rng) {
  const std::size_t n = components.size();
  const std::vector<GameValue> values = component_values(components);
  std::vector<bool> alive;
  std::size_t alive_count = 0;
  for (const Component& c : components) {
    alive.push_back(c.game->has_move(c.position));
    if (alive.back()) ++alive_count;
  }
  // Replies are counted when every value is finite, as in a lost position
  // (a position with an infinite value is won or drawn).
  const bool all_finite = std::all_of(values.begin(), values.end(), [](const GameValue& v) { return v.is_finite(); });
  Nimber total;
  for (const GameValue& v : values)
    if (v.is_finite()) total ^= v.nimber();

  // First preference: the most components left with a move (a split
  // can leave several).
  std::vector<Move> keeping;
  std::size_t most_alive = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!alive[i]) continue;
    const Game& g = *components[i].game;
    for (Option& to : g.sample_options(components[i].position)) {
      std::size_t left = alive_count - 1;
      for (Position p : to) left += g.has_move(p) ? 1u : 0u;
      if (left < most_alive) continue;
      if (left > most_alive) keeping.clear();
      most_alive = left;
      keeping.push_back({i, components[i].position, std::move(to)});
    }
  }
  if (keeping.empty()) return std::nullopt;
  // A random subset keeps the counting below bounded for big sums.
  for (std::size_t k = 0; k + 1 < keeping.size() && k < kMostJudged; ++k)
    std::swap(keeping[k], keeping[k + pick(rng, keeping.size() - k)]);
  if (keeping.size() > kMostJudged) keeping.resize(kMostJudged);
  if (!all_finite) return keeping.front();

  // Then: the fewest winning replies for the opponent.
  ReplyCounter counter;
  std::vector<Move> best;
  std::uint64_t fewest = std::numeric_limits<std::uint64_t>::max();
  for (const Move& m : keeping) {
    const Game& g = *components[m.component].game;
    const GameValue left = option_game_value(g, m.to);
    const Nimber rest = total ^ values[m.component].nimber();
    std::uint64_t replies = 0;
    if (!left.is_finite()) {
      // The opponent wins only in that component, by moving it to the nim-sum of the rest.
      replies = counter.count(g, m.to[0], rest);
    } else if (const Nimber after = rest ^ left.nimber(); !after.is_zero()) {  // the nim-sum the opponent faces
      for (std::size_t j = 0; j < n && replies <= fewest; ++j) {
        if (j == m.component) continue;
        const Component& c = components[j];
        replies += counter.count(*c.game, c.position, values[j].nimber() ^ after);
      }
      for (std::size_t k = 0; k < m.to.size() && replies <= fewest; ++k)
        replies += counter.count(g, m.to[k], g.value(m.to[k]) ^ after);
    }
    if (replies > fewest) continue;
    if (replies < fewest) best.clear();
    fewest = replies;
    best.push_back(m);
  }
  return best[pick(rng, best.size())];
}

std::optional<Move> engine_move(std::span<const Component> components, MoveRng& rng,
                                std::optional<std::size_t> answer_to) {
  const SumAnalysis a = analyze_sum(components, 64);
  check_listed(a, a.winning_moves);
  if (!a.winning_moves.empty()) return progressing_move(components, a, rng, answer_to);
  // A draw is held: never a move that would let the opponent win.
  if (!a.drawing_moves.empty()) return a.drawing_moves[pick(rng, a.drawing_moves.size())];
  return stalling_move(components, rng);
}

}  // namespace grundy
