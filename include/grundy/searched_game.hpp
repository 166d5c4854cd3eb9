#pragma once
// SearchedGame: the bridge from a game whose values the component search
// finds (component_search.hpp) to a Game of the registry. A game of this kind
// has positions that do not fit 64 bits (a board, a set of vertices): its
// `State`. The bridge numbers the states it is given or lists, in the order
// met (a Position is that number), holds one ComponentSearch<Rules> for the
// game's life behind one lock, and from the game's few hooks gives every
// Game question: values (with a progress line on large positions), the
// options and the options to a value, and an exact misère search over the
// multisets of the search's parts (misere_parts_search.hpp).
//
// A family writes its rules (Rules: the search's parts and moves) and a
// class deriving from SearchedGame<State, StateHash, Rules> with:
//   parse_state, format_state   the State as typed and printed;
//   search_key                  the part (or sum of parts) the search values;
//   option_states               the States a move leaves, each once, in the
//                               game's order;
//   state_size                  the search's cost measure (cells, vertices);
//   spec, move_rule, why_not_option (Game's own).
// Optional hooks: state_title, searched (a search table kept in a file).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "grundy/component_search.hpp"
#include "grundy/game.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/misere_parts_search.hpp"
#include "grundy/misere_solver.hpp"
#include "grundy/progress.hpp"

namespace grundy {

template <class State, class StateHash, class Rules>
class SearchedGame : public Game {
 public:
  using Key = typename Rules::Key;
  // Positions of at least this size show a progress line while valued.
  static constexpr std::size_t kProgressFrom = 24;

  explicit SearchedGame(Rules rules = Rules{}) : rules_(rules), search_(std::move(rules)) {}

  [[nodiscard]] Position parse_position(std::string_view text) const final {
    const State s = parse_state(text);
    const std::lock_guard lock(mutex_);
    return number(s);
  }
  [[nodiscard]] std::string format_position(Position p) const final { return format_state(state(p)); }
  [[nodiscard]] std::string position_title(Position p) const final { return state_title(state(p)); }
  [[nodiscard]] bool moves_leave_one_position() const final { return true; }

  [[nodiscard]] Nimber value(Position p) const final {
    const State s = state(p);
    const Key key = search_key(s);
    // (Named before the lock: state_title may read the game's own data.)
    const bool large = state_size(s) >= kProgressFrom;
    const std::string title = large ? state_title(s) : std::string();
    const std::lock_guard lock(mutex_);
    if (!large) {  // well under a second
      const Nimber v = search_.value(key);
      searched(false);
      return v;
    }
    // A large position may take minutes: a progress line says how far the search is.
    LongTask task(value_task(s, title));
    search_.set_observer([&](const SearchStats& st) {
      task.set_detail(fmt::format("{} parts searched, {} in the table ({} MB of at most {} MB)", st.searched,
                                  st.table_entries, st.table_bytes >> 20, st.table_max_bytes >> 20));
      searched(false);
    });
    struct Unobserve {
      ComponentSearch<Rules>& search;
      ~Unobserve() { search.set_observer({}); }
    } unobserve{search_};
    // A game that keeps its table in a file has a signal that ends the
    // program wait for the save below (interrupt.hpp).
    std::optional<KeepOnInterrupt> keep;
    if (saves_on_interrupt()) keep.emplace();
    try {
      const Nimber v = search_.value(key);
      searched(true);
      return v;
    } catch (const Interrupted&) {
      searched(true);  // what was found is kept for the next run
      throw;
    }
  }

  [[nodiscard]] OptionSample list_options(Position p, std::uint64_t limit) const final {
    const std::vector<State> all = option_states(state(p));
    OptionSample s;
    s.total = all.size();
    const std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < all.size() && s.options.size() < limit; ++i) s.options.push_back({number(all[i])});
    return s;
  }

  [[nodiscard]] OptionSample options_to_value(Position p, Nimber target, std::uint64_t limit = kNoLimit) const final {
    OptionSample s;
    std::uint64_t total = 0;
    for (const State& o : option_states(state(p))) {
      const Key key = search_key(o);
      const std::lock_guard lock(mutex_);
      if (search_.value(key) != target) continue;
      ++total;
      if (s.options.size() < limit) s.options.push_back({number(o)});
    }
    s.total = total;
    return s;
  }

  // Sums of this game alone: searched as multisets of the search's parts.
  [[nodiscard]] std::unique_ptr<MisereSolver> misere_solver(std::uint64_t memory_bytes,
                                                            std::uint64_t max_sums) const final {
    return std::make_unique<PartsSolver>(*this, memory_bytes, max_sums);
  }

  // The state numbered p; std::logic_error for a number the game never gave.
  [[nodiscard]] State state(Position p) const {
    const std::lock_guard lock(mutex_);
    if (p >= states_.size())
      throw std::logic_error(
          fmt::format("{}: no position numbered {} (positions come from parse_position)", spec(), p));
    return states_[p];
  }
  // Parts whose value the search's table holds.
  [[nodiscard]] std::size_t known_parts() const {
    const std::lock_guard lock(mutex_);
    return search_.known_parts();
  }

 protected:
  [[nodiscard]] virtual State parse_state(std::string_view text) const = 0;
  [[nodiscard]] virtual std::string format_state(const State& s) const = 0;
  [[nodiscard]] virtual Key search_key(const State& s) const = 0;
  [[nodiscard]] virtual std::vector<State> option_states(const State& s) const = 0;
  [[nodiscard]] virtual std::size_t state_size(const State& s) const = 0;
  // How a position is named in a title and a progress line.
  [[nodiscard]] virtual std::string state_title(const State& s) const { return format_state(s); }
  [[nodiscard]] virtual std::string value_task(const State& s, const std::string& title) const {
    (void)s;
    return fmt::format("valuing {} {}", spec(), title);
  }
  // Called with the lock held after the search learnt more: during a long
  // search (`finished` false) and when it ends or is interrupted (true). A
  // game that keeps the search's table in a file saves it here.
  virtual void searched(bool /*finished*/) const {}
  // True when an interrupted search must save before the program ends.
  [[nodiscard]] virtual bool saves_on_interrupt() const { return false; }

  // The search and its lock, for a game that reads or writes its table.
  [[nodiscard]] std::mutex& search_mutex() const { return mutex_; }
  [[nodiscard]] ComponentSearch<Rules>& search() const { return search_; }
  // The number of a state (the lock held); a new state gets the next.
  Position number(const State& s) const {
    const auto [it, added] = numbers_.try_emplace(s, states_.size());
    if (added) states_.push_back(s);
    return it->second;
  }

 private:
  class PartsSolver final : public MisereSolver {
   public:
    PartsSolver(const SearchedGame& game, std::uint64_t memory_bytes, std::uint64_t max_sums)
        : game_(game), search_(game.rules_, memory_bytes, max_sums) {}
    bool is_p_position(std::span<const Position> positions) override {
      std::vector<Key> keys;
      keys.reserve(positions.size());
      for (Position p : positions) keys.push_back(game_.search_key(game_.state(p)));
      return search_.is_p_position(keys);
    }
    [[nodiscard]] std::uint64_t sums_searched() const override { return search_.sums_searched(); }

   private:
    const SearchedGame& game_;
    MiserePartsSearch<Rules> search_;
  };

  Rules rules_;
  mutable std::mutex mutex_;
  mutable std::vector<State> states_;
  mutable std::unordered_map<State, Position, StateHash> numbers_;
  mutable ComponentSearch<Rules> search_;
};

}  // namespace grundy
