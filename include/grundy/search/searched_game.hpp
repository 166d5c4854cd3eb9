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
// class deriving from SearchedGame<State, StateHash, Rules, TableRecord> with:
//   parse_state, format_state   the State as typed and printed;
//   search_key                  the part (or sum of parts) the search values;
//   option_states               the States a move leaves, each once, in the
//                               game's order;
//   state_size                  the search's cost measure (cells, vertices);
//   spec, move_rule, why_not_option (Game's own).
// Optional hooks: state_title, value_task, value_outside_search.
//
// TableRecord, optional, lets the game keep its search's table in a file
// between runs (keep_table_in; the file: search_table_file.hpp). It is the
// file's format, named in the file's first line: a type with
//   kName, kFormat    the game's name and the format's number in that line;
//   kBytes            the size of one record (a part and its table entry);
//   write(key, entry, bytes)   a part and its entry as kBytes bytes;
//   read(bytes)       the part and entry of a record, as a pair; throws
//                     std::invalid_argument saying what is wrong with it
//                     ("is not a board") for one no search wrote.
// Without one (NoTableRecord), the game searches with a table it never keeps.

#include <array>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "grundy/search/component_search.hpp"
#include "grundy/search/interner.hpp"
#include "grundy/game.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/misere/misere_parts_search.hpp"
#include "grundy/misere/misere_solver.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"
#include "grundy/search/search_table_file.hpp"

namespace grundy {

// A searched game without a table file.
struct NoTableRecord {};

template <class R, class Key>
concept TableRecordFormat = requires(const Key& key, std::uint64_t entry, std::span<unsigned char> out,
                                     std::span<const unsigned char> in) {
  { R::kName } -> std::convertible_to<std::string_view>;
  { R::kFormat } -> std::convertible_to<int>;
  { R::kBytes } -> std::convertible_to<std::size_t>;
  R::write(key, entry, out);
  { R::read(in) } -> std::same_as<std::pair<Key, std::uint64_t>>;
};

template <class State, class StateHash, class Rules, class TableRecord = NoTableRecord>
class SearchedGame : public Game {
 public:
  using Key = typename Rules::Key;
  // Positions of at least this size show a progress line while valued.
  static constexpr std::size_t kProgressFrom = 24;
  static constexpr bool kKeepsTables = TableRecordFormat<TableRecord, Key>;
  // A long search writes its table file this often, and when it ends.
  static constexpr auto kTableSaveEvery = std::chrono::seconds(10);

  explicit SearchedGame(Rules rules = Rules{}) : rules_(rules), search_(std::move(rules)) {}
  // Writes the table file, if there is one.
  ~SearchedGame() override {
    try {
      const std::lock_guard lock(mutex_);
      save_table(true);
    } catch (const std::exception&) {
      // (a table that cannot be written now was writable when the game
      // began; nothing is left to tell)
    }
  }
  SearchedGame(const SearchedGame&) = delete;
  SearchedGame& operator=(const SearchedGame&) = delete;

  [[nodiscard]] TableFileUse table_file_use() const final {
    return kKeepsTables ? TableFileUse::kept : TableFileUse::not_kept;
  }

  // Reads the table the file holds (InputError for a file that is not such
  // a table) and from now on writes the search's table back there every
  // 10 s of a long search, after each search and when the game ends. When
  // another run holds the file, this one reads it and says it will not
  // save it.
  void keep_table_in(const std::string& path) final {
    if constexpr (kKeepsTables) {
      const std::lock_guard lock(mutex_);
      table_file_.emplace(path, TableRecord::kName, TableRecord::kFormat);
      read_table();
      if (!table_file_->writable())
        progress_note(
            fmt::format("search table file {}: another grundy is using it; this run reads the table and "
                        "will not save it",
                        quote_path(table_file_->path())));
    } else {
      Game::keep_table_in(path);
    }
  }

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
    if (const std::optional<Nimber> v = value_outside_search(s)) return *v;
    const Key key = search_key(s);
    // (Named before the lock: state_title may read the game's own data.)
    const bool large = state_size(s) >= kProgressFrom;
    const std::string title = large ? state_title(s) : std::string();
    const std::lock_guard lock(mutex_);
    if (!large) {  // well under a second
      const Nimber v = search_.value(key);
      save_table(false);
      return v;
    }
    // A large position may take minutes: a progress line says how far the search is.
    LongTask task(value_task(s, title));
    search_.set_observer([&](const SearchStats& st) {
      task.set_detail(fmt::format("{} parts searched, {} in the table ({} MB of at most {} MB)", st.searched,
                                  st.table_entries, st.table_bytes >> 20, st.table_max_bytes >> 20));
      save_table(false);
    });
    struct Unobserve {
      ComponentSearch<Rules>& search;
      ~Unobserve() { search.set_observer({}); }
    } unobserve{search_};
    // A game that keeps its table in a file has a signal that ends the
    // program wait for the save below (interrupt.hpp).
    std::optional<KeepOnInterrupt> keep;
    if (table_file_ && table_file_->writable()) keep.emplace();
    try {
      const Nimber v = search_.value(key);
      save_table(true);
      return v;
    } catch (const Interrupted&) {
      save_table(true);  // what was found is kept for the next run
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
      const std::optional<Nimber> outside = value_outside_search(o);
      const Key key = search_key(o);
      const std::lock_guard lock(mutex_);
      if ((outside ? *outside : search_.value(key)) != target) continue;
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
  // Entries of the search's table: parts with a value, and parts with
  // values they are known not to have (a cache: a table read back from a
  // file may hold fewer of these).
  [[nodiscard]] std::size_t known_parts() const {
    const std::lock_guard lock(mutex_);
    return search_.known_parts();
  }
  // Parts whose value the search's table holds.
  [[nodiscard]] std::size_t known_values() const {
    const std::lock_guard lock(mutex_);
    return search_.known_values();
  }

 protected:
  [[nodiscard]] virtual State parse_state(std::string_view text) const = 0;
  [[nodiscard]] virtual std::string format_state(const State& s) const = 0;
  [[nodiscard]] virtual Key search_key(const State& s) const = 0;
  [[nodiscard]] virtual std::vector<State> option_states(const State& s) const = 0;
  [[nodiscard]] virtual std::size_t state_size(const State& s) const = 0;
  // The value of a state found by a faster route than the search where the
  // game has one (ChompGame: every bar of a small box at once), else
  // nullopt. Called without the search's lock, maybe from several threads.
  [[nodiscard]] virtual std::optional<Nimber> value_outside_search(const State& s) const {
    (void)s;
    return std::nullopt;
  }
  // How a position is named in a title and a progress line.
  [[nodiscard]] virtual std::string state_title(const State& s) const { return format_state(s); }
  [[nodiscard]] virtual std::string value_task(const State& s, const std::string& title) const {
    (void)s;
    return fmt::format("valuing {} {}", spec(), title);
  }
  // The search and its lock, for a game that looks into its table.
  [[nodiscard]] std::mutex& search_mutex() const { return mutex_; }
  [[nodiscard]] ComponentSearch<Rules>& search() const { return search_; }
  // The number of a state (the lock held); a new state gets the next.
  Position number(const State& s) const { return states_.id(s); }

 private:
  // Writes the table file if the table changed, `now` or when the last
  // write is kTableSaveEvery old (with the lock held).
  void save_table(bool now) const {
    if constexpr (kKeepsTables) {
      if (!table_file_ || !table_file_->writable() || search_.known_parts() == saved_parts_) return;
      const auto time = std::chrono::steady_clock::now();
      if (!now && saved_parts_ != 0 && time - saved_at_ < kTableSaveEvery) return;
      table_file_->write([&](SearchTableFile::Writer& out) {
        std::array<unsigned char, TableRecord::kBytes> record{};
        search_.for_each_entry([&](const Key& key, std::uint64_t entry) {
          TableRecord::write(key, entry, std::span<unsigned char>(record));
          out.add(record);
        });
      });
      saved_parts_ = search_.known_parts();
      saved_at_ = time;
    } else {
      (void)now;
    }
  }
  // Every record of the file into the table (with the lock held).
  void read_table() {
    if constexpr (kKeepsTables) {
      const std::string& path = table_file_->path();
      table_file_->read(TableRecord::kBytes, [&](std::span<const unsigned char> record, std::size_t index) {
        std::pair<Key, std::uint64_t> entry;
        try {
          entry = TableRecord::read(record);
        } catch (const std::invalid_argument& e) {
          throw InputError(fmt::format("search table file {}: record {} {}", quote_path(path), index + 1, e.what()));
        }
        search_.restore_entry(entry.first, entry.second);
      });
      saved_parts_ = search_.known_parts();  // the file holds these already
    }
  }

  // The search takes the budget's threads and keeps its table within its
  // memory.
  void budget_changed() override {
    search_.set_threads(budget().search_threads());
    search_.set_table_bytes(budget().table_bytes());
  }

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
  mutable Interner<State, HashTraits<State, StateHash>> states_;
  mutable ComponentSearch<Rules> search_;
  std::optional<SearchTableFile> table_file_;  // none until keep_table_in
  mutable std::size_t saved_parts_ = 0;        // entries at the last write
  mutable std::chrono::steady_clock::time_point saved_at_{};
};

}  // namespace grundy
