#include "grundy/misere_search.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/interrupt.hpp"

namespace grundy {

std::size_t MisereSearch::KeyHash::operator()(const Key& k) const noexcept {
  std::uint64_t h = 1469598103934665603ULL;
  for (std::uint64_t x : k) h = (h ^ x) * 1099511628211ULL;
  return static_cast<std::size_t>(h ^ (h >> 31));
}

bool MisereSearch::terminal(std::size_t game, Position p) {
  const auto [it, fresh] = terminal_.try_emplace({game, p}, false);
  if (fresh) it->second = !games_[game]->has_move(p);
  return it->second;
}

const std::vector<Option>& MisereSearch::options(std::size_t game, Position p) {
  const auto [it, fresh] = options_.try_emplace({game, p});
  if (fresh) {
    OptionSample all = games_[game]->list_options(p, kMaxOptions + 1);
    if (!all.complete() || all.options.size() > kMaxOptions) {
      options_.erase(it);
      throw LimitError(fmt::format("{} {} has more than {} moves: too many for an exact misère search",
                                   games_[game]->spec(), games_[game]->format_position(p), kMaxOptions));
    }
    it->second = std::move(all.options);
  }
  return it->second;
}

MisereSearch::Key MisereSearch::key_of(std::span<const Component> components) {
  std::vector<std::pair<std::uint64_t, Position>> parts;
  for (const Component& c : components) {
    if (c.game->has_cycles())
      throw InputError(fmt::format("{}: misère play of games with cycles is not supported", c.game->spec()));
    auto g = std::find(games_.begin(), games_.end(), c.game);
    if (g == games_.end()) g = games_.insert(games_.end(), c.game);
    const std::size_t index = static_cast<std::size_t>(g - games_.begin());
    if (!terminal(index, c.position)) parts.emplace_back(index, c.position);
  }
  std::sort(parts.begin(), parts.end());
  Key key;
  for (const auto& [g, p] : parts) {
    key.push_back(g);
    key.push_back(p);
  }
  return key;
}

void MisereSearch::options_of(const Key& key, std::vector<Key>& out) {
  out.clear();
  for (std::size_t i = 0; i < key.size(); i += 2) {
    if (i > 0 && key[i] == key[i - 2] && key[i + 1] == key[i - 1]) continue;  // the same component again
    const std::size_t game = key[i];
    for (const Option& o : options(game, key[i + 1])) {
      Key next;
      next.reserve(key.size() + 2 * o.size());
      // Merge the rest of the sum with the option's positions, in order.
      std::vector<Position> parts;
      for (Position p : o)
        if (!terminal(game, p)) parts.push_back(p);
      std::sort(parts.begin(), parts.end());
      std::size_t k = 0;
      for (std::size_t j = 0; j < key.size(); j += 2) {
        if (j == i) continue;
        while (k < parts.size() && (game < key[j] || (game == key[j] && parts[k] < key[j + 1]))) {
          next.push_back(game);
          next.push_back(parts[k++]);
        }
        next.push_back(key[j]);
        next.push_back(key[j + 1]);
      }
      for (; k < parts.size(); ++k) {
        next.push_back(game);
        next.push_back(parts[k]);
      }
      out.push_back(std::move(next));
    }
  }
}

bool MisereSearch::is_p_position(std::span<const Component> components) {
  Key start = key_of(components);
  if (const auto it = outcomes_.find(start); it != outcomes_.end()) return it->second;
  // Depth-first with an explicit stack: sums can be long chains of moves.
  struct Frame {
    Key key;
    std::vector<Key> options;
    std::size_t next = 0;
  };
  std::vector<Frame> stack;
  std::uint64_t path_numbers = 0;  // in the frames' option keys
  auto words_of = [](const Frame& f) {
    std::uint64_t n = f.key.size();
    for (const Key& k : f.options) n += k.size();
    return n;
  };
  auto too_large = [&] {
    return LimitError(fmt::format("the exact misère search would examine more than {} sums, or hold more than {} "
                                  "numbers in memory",
                                  max_sums_, kMaxNumbers));
  };
  stack.push_back({std::move(start), {}, 0});
  options_of(stack.back().key, stack.back().options);
  path_numbers += words_of(stack.back());
  std::uint64_t steps = 0;
  while (!stack.empty()) {
    if ((++steps & 0xfff) == 0) interruption_point();
    Frame& f = stack.back();
    bool decided = false;
    bool p_position = false;
    while (f.next < f.options.size()) {
      const auto it = outcomes_.find(f.options[f.next]);
      if (it == outcomes_.end()) break;
      if (it->second) {  // a move to a P-position: N
        decided = true;
        break;
      }
      ++f.next;
    }
    if (!decided && f.next == f.options.size()) {
      decided = true;
      p_position = !f.options.empty();  // no move at all: the player to move wins
    }
    if (decided) {
      path_numbers -= words_of(f);
      numbers_ += f.key.size();
      outcomes_.emplace(std::move(f.key), p_position);
      stack.pop_back();
      continue;
    }
    Frame child{f.options[f.next], {}, 0};
    options_of(child.key, child.options);
    path_numbers += words_of(child);
    stack.push_back(std::move(child));
    if (outcomes_.size() + stack.size() >= max_sums_ || numbers_ + path_numbers > kMaxNumbers) throw too_large();
  }
  return outcomes_.at(key_of(components));
}

}  // namespace grundy
