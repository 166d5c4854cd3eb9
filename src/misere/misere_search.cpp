#include "grundy/misere/misere_search.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/search/transposition_table.hpp"

namespace grundy {

namespace {
// A hash map's node with its bucket, and a heap block's bookkeeping, as
// counted against the memory bound (glibc: 16 bytes a block; a node of the
// maps here is at most 64 bytes).
constexpr std::uint64_t kNodeBytes = 72;
constexpr std::uint64_t kBlockBytes = 16;

std::uint64_t key_bytes(const std::vector<std::uint64_t>& key) {
  return key.capacity() * sizeof(std::uint64_t) + sizeof(key) + kBlockBytes;
}
}  // namespace

MisereSearch::MisereSearch(std::uint64_t max_sums, std::uint64_t memory_bytes)
    : max_sums_(max_sums), memory_bytes_(memory_bytes == 0 ? machine_table_bytes() : memory_bytes) {}

void MisereSearch::raise_limit(std::uint64_t max_sums) {
  max_sums_ = std::max(max_sums_, max_sums);
  solver_.reset();  // made again, with the new bound, when asked for
  solver_game_ = nullptr;
}

std::uint64_t MisereSearch::sums_searched() const {
  return outcomes_.size() + (solver_ ? solver_->sums_searched() : 0);
}

std::uint64_t MisereSearch::bytes_held() const {
  return outcomes_.bytes() + cache_bytes_ + path_bytes_ + games_.capacity() * sizeof(const Game*);
}

MisereSolver* MisereSearch::solver_for(std::span<const Component> components) {
  if (components.empty()) return nullptr;
  const Game* game = components.front().game;
  for (const Component& c : components)
    if (c.game != game) return nullptr;
  if (game != solver_game_) {
    solver_ = game->misere_solver(memory_bytes_, max_sums_);
    solver_game_ = game;
  }
  return solver_.get();
}

bool MisereSearch::terminal(std::size_t game, Position p) {
  const auto [it, fresh] = terminal_.try_emplace({game, p}, false);
  if (fresh) {
    it->second = !games_[game]->has_move(p);
    cache_bytes_ += kNodeBytes;
  }
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
    cache_bytes_ += kNodeBytes + it->second.capacity() * sizeof(Option);
    for (const Option& o : it->second) cache_bytes_ += o.capacity() * sizeof(Position) + kBlockBytes;
  }
  return it->second;
}

MisereSearch::Key MisereSearch::key_of(std::span<const Component> components) {
  std::vector<std::pair<std::uint64_t, Position>> parts;
  for (const Component& c : components) {  // (is_p_position refused games with cycles)
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
  for (const Component& c : components)
    if (c.game->has_cycles())
      throw InputError(fmt::format("{}: misère play of games with cycles is not supported", c.game->spec()));
  if (MisereSolver* solver = solver_for(components)) {
    std::vector<Position> positions;
    for (const Component& c : components) positions.push_back(c.position);
    return solver->is_p_position(positions);
  }
  return search(key_of(components));
}

bool MisereSearch::search(const Key& start) {
  if (start.empty()) return false;  // no move: the player to move wins
  if (const auto known = outcomes_.find(start)) return *known;
  // Depth-first with an explicit stack: sums can be long chains of moves.
  struct Frame {
    Key key;
    std::vector<Key> options;
    std::size_t next = 0;
  };
  std::vector<Frame> stack;
  auto bytes_of = [](const Frame& f) {
    std::uint64_t n = key_bytes(f.key) + f.options.capacity() * sizeof(Key);
    for (const Key& k : f.options) n += key_bytes(k);
    return n;
  };
  auto check_bounds = [&](std::size_t words) {
    if (outcomes_.size() + stack.size() >= max_sums_)
      throw LimitError(fmt::format("the exact misère search would examine more than {} sums", max_sums_));
    if (bytes_held() + outcomes_.next_growth(words) > memory_bytes_)
      throw MemoryBoundError(fmt::format(
          "the exact misère search needs more than {} of memory, the bound set for searches ({} sums known)",
          format_byte_size(memory_bytes_), outcomes_.size()));
  };
  // The path's bytes go back to 0 however the search ends.
  struct PathBytes {
    std::uint64_t& bytes;
    ~PathBytes() { bytes = 0; }
  } path{path_bytes_};
  stack.push_back({start, {}, 0});
  options_of(stack.back().key, stack.back().options);
  path_bytes_ += bytes_of(stack.back());
  check_bounds(start.size());
  std::uint64_t steps = 0;
  while (!stack.empty()) {
    if ((++steps & 0xfff) == 0) interruption_point();
    Frame& f = stack.back();
    bool decided = false;
    bool p_position = false;
    while (f.next < f.options.size()) {
      const Key& o = f.options[f.next];
      const auto known = o.empty() ? std::optional<bool>(false) : outcomes_.find(o);
      if (!known) break;
      if (*known) {  // a move to a P-position: N
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
      check_bounds(f.key.size());
      path_bytes_ -= bytes_of(f);
      outcomes_.insert(f.key, p_position);
      stack.pop_back();
      continue;
    }
    Frame child{f.options[f.next], {}, 0};
    options_of(child.key, child.options);
    path_bytes_ += bytes_of(child);
    stack.push_back(std::move(child));
    check_bounds(stack.back().key.size());
  }
  return *outcomes_.find(start);
}

}  // namespace grundy
