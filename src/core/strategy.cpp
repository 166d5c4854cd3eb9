#include "grundy/strategy.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace grundy {
namespace {

// A uniform choice below n (n >= 1), defined by the generator alone: the
// standard's distributions may differ between libraries, which would break
// replaying a game from its seed. The modulo bias is below 2^-40 here.
std::size_t pick(MoveRng& rng, std::size_t n) { return static_cast<std::size_t>(rng() % n); }

constexpr std::uint64_t kSampleEachEnd = 8;
constexpr std::uint64_t kReplyCap = 8;

// The sampled moves of one component: its lowest and its highest ones.
std::vector<Position> sample_moves(const Component& c) {
  const Game& g = *c.game;
  std::vector<Position> moves = g.moves_from(c.position, 0, kSampleEachEnd).moves;
  const Position high_start = c.position > kSampleEachEnd ? c.position - kSampleEachEnd : 0;
  if (!moves.empty() && moves.back() < high_start) {
    // For heap games every move lies below the position, so this window
    // holds the highest moves; for graphs it is just another sample.
    for (Position to : g.moves_from(c.position, high_start, kSampleEachEnd).moves)
      if (to > moves.back()) moves.push_back(to);
  }
  return moves;
}

// How many winning moves a sum has, counting at most kReplyCap per component
// and kReplyCap + 1 for a component whose count is unknown or larger.
std::uint64_t winning_reply_count(std::span<const Component> components) {
  const SumAnalysis a = analyze_sum(components, kReplyCap);
  return a.winning_moves.size() + a.unlisted.size();  // one more than listed for each cut component
}

}  // namespace

std::optional<Move> random_winning_move(std::span<const Component> components, MoveRng& rng,
                                        std::uint64_t per_component) {
  const SumAnalysis a = analyze_sum(components, per_component);
  if (a.winning_moves.empty()) return std::nullopt;
  return a.winning_moves[pick(rng, a.winning_moves.size())];
}

std::optional<Move> stalling_move(std::span<const Component> components, MoveRng& rng) {
  std::vector<Component> after(components.begin(), components.end());
  std::vector<bool> alive;
  std::size_t alive_count = 0;
  for (const Component& c : components) {
    alive.push_back(c.game->has_move(c.position));
    if (alive.back()) ++alive_count;
  }
  struct Scored {
    Move move;
    std::size_t alive;
    std::uint64_t replies;
  };
  std::vector<Scored> best;
  for (std::size_t i = 0; i < components.size(); ++i) {
    if (!alive[i]) continue;
    for (Position to : sample_moves(components[i])) {
      after[i].position = to;
      const Scored s{{i, components[i].position, to},
                     alive_count - (components[i].game->has_move(to) ? 0 : 1),
                     winning_reply_count(after)};
      const bool better = best.empty() || s.alive > best.front().alive ||
                          (s.alive == best.front().alive && s.replies < best.front().replies);
      if (better) best.clear();
      if (better || (s.alive == best.front().alive && s.replies == best.front().replies)) best.push_back(s);
    }
    after[i].position = components[i].position;
  }
  if (best.empty()) return std::nullopt;
  return best[pick(rng, best.size())].move;
}

std::optional<Move> engine_move(std::span<const Component> components, MoveRng& rng) {
  if (auto win = random_winning_move(components, rng)) return win;
  return stalling_move(components, rng);
}

}  // namespace grundy
