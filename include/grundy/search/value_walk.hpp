#pragma once
// ValueWalk: the values of a game given as code, including games whose plays
// may go on forever. The caller numbers the positions (ids 0, 1, 2, ... in
// the order it first meets them) and lists a position's moves on demand; the
// walk keeps everything else: the values, the walk's stack, and the graph of
// the loopy part. Solver (solver.hpp) and the games written in Python both
// use it, so both get the same values, loops and draws.
//
// Two passes, the second only where the first meets a loop:
//   1. the mex rule, walked depth-first with an explicit stack (a game 10^7
//      moves deep costs heap memory, not call-stack frames), listing the
//      moves of each position once;
//   2. on a loop, every unlabelled position reachable from the one asked
//      about is listed, and the graph labelled with generalized values
//      (Smith 1966; loopy_values.hpp): a nimber, or ∞_K. A finite label is
//      then the position's value for later mex walks too (the value of a
//      position whose options are all finite is their mex), so positions
//      that reach the loopy part only through finite values need no
//      further labelling.
// A move may leave several positions at once (a split: its value is the nim
// sum of theirs, or 0 when it leaves nothing); a position whose reach holds
// both a loop and a split has no such theory here and gets a LoopError
// naming the loop.
//
// The caller's moves, `Moves` below, answer three calls:
//   list(id, entries)  append the options of `id` to `entries`, encoded as:
//                      an option's position id; an id flagged kJoin belongs
//                      to the same split as the entry before it; kEmptyOption
//                      is a split leaving nothing. New ids may appear.
//   describe(id)       the position as text, for loop messages ("" when
//                      positions cannot be printed: messages then count them)
//   listed()           called after each listing: a place to look at signals
//
// Memory: 8 bytes a position for its value, plus the walk's stack (24 bytes
// a frame, 8 an option pending); the loopy part adds the labelled graph (4
// bytes an edge, about 80 a position).

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "grundy/search/big_memory.hpp"
#include "grundy/error.hpp"
#include "grundy/game_value.hpp"
#include "grundy/search/loopy_values.hpp"
#include "grundy/mex.hpp"

namespace grundy {

using WalkEntries = BigVector<std::uint64_t>;

template <class M>
concept WalkMoves = requires(M& moves, std::uint64_t id, WalkEntries& entries) {
  moves.list(id, entries);
  { moves.describe(id) } -> std::convertible_to<std::string>;
  moves.listed();
};

class ValueWalk {
 public:
  static constexpr std::uint64_t kJoin = std::uint64_t{1} << 63;
  static constexpr std::uint64_t kEmptyOption = std::uint64_t{1} << 62;
  static constexpr std::uint64_t kIdMask = kEmptyOption - 1;

  // The value of position `id`: a nimber, or ∞_K when play from it can go
  // on forever. Throws LoopError for a loop through a split, and whatever
  // `moves` throws; either way the walk stays usable (nothing half-solved
  // is kept).
  template <WalkMoves Moves>
  GameValue value(std::uint64_t id, Moves& moves);

  // The value of `id` if it is known already (nothing is listed).
  [[nodiscard]] std::optional<GameValue> known_value(std::uint64_t id) const;
  // Whether `id` belongs to the labelled (loopy) part of the graph.
  [[nodiscard]] bool labelled(std::uint64_t id) const { return id < labelled_.size() && labelled_[id]; }
  // The options of a labelled position, each once.
  [[nodiscard]] std::span<const std::uint32_t> labelled_options(std::uint64_t id) const { return edges_[id]; }
  // Smith's counter of a labelled position of finite value: among moves to
  // one value, the one whose target has the least order makes progress, so a
  // player who always picks it ends the play (loopy_values.hpp).
  [[nodiscard]] std::uint32_t progress_order(std::uint64_t id) const { return labels_.order[id]; }
  // Whether some position met so far can reach itself.
  [[nodiscard]] bool loopy() const { return loopy_; }
  // The loop the last value() call met, as text ("" when it met none).
  [[nodiscard]] const std::string& last_loop() const { return last_loop_; }
  // Positions with a value known (finite or ∞). O(1): a running count.
  [[nodiscard]] std::size_t known() const { return known_; }

 private:
  static constexpr std::uint64_t kUnvisited = ~std::uint64_t{0};
  static constexpr std::uint64_t kInProgress = kUnvisited - 1;

  struct Frame {
    std::uint64_t id;
    std::size_t first_entry;  // this frame's options are entries_[first_entry, ...)
    std::size_t next_entry;
  };

  // Calls moves.list and makes room for every id it names.
  template <WalkMoves Moves>
  void list(std::uint64_t id, Moves& moves, WalkEntries& entries);
  void cover(std::uint64_t id) {
    if (id >= values_.size()) values_.resize(id + 1, kUnvisited);
  }
  template <WalkMoves Moves>
  void solve_acyclic(std::uint64_t start, Moves& moves);
  template <WalkMoves Moves>
  void solve_loopy(std::uint64_t start, Moves& moves);
  template <WalkMoves Moves>
  [[nodiscard]] std::string loop_text(std::span<const std::uint64_t> cycle, Moves& moves) const;

  // Per id: its finite value, or kUnvisited / kInProgress.
  BigVector<std::uint64_t> values_;
  BigVector<Frame> frames_;
  WalkEntries entries_;
  std::string last_loop_;
  std::size_t known_ = 0;  // ids with a finite value or a label

  // The labelled part: closed under moves (every position reachable from a
  // labelled one is labelled), with its labels.
  bool loopy_ = false;
  std::vector<std::vector<std::uint32_t>> edges_;
  std::vector<bool> labelled_;
  LoopyValues labels_;
};

template <WalkMoves Moves>
void ValueWalk::list(std::uint64_t id, Moves& moves, WalkEntries& entries) {
  const std::size_t first = entries.size();
  moves.list(id, entries);
  std::uint64_t top = 0;
  for (std::size_t i = first; i < entries.size(); ++i)
    if (entries[i] != kEmptyOption) top = std::max(top, entries[i] & kIdMask);
  cover(top);
  moves.listed();
}

inline std::optional<GameValue> ValueWalk::known_value(std::uint64_t id) const {
  if (id < values_.size() && values_[id] < kInProgress) return GameValue(Nimber(values_[id]));
  if (!labelled(id)) return std::nullopt;
  // A labelled position without a finite value is infinite.
  const std::uint32_t i = labels_.label[id] & ~LoopyValues::kInfinite;
  std::vector<Nimber> k;
  for (std::uint64_t j = labels_.k_start[i]; j < labels_.k_start[i + 1]; ++j) k.emplace_back(labels_.k_values[j]);
  return GameValue::infinite(std::move(k));
}

template <WalkMoves Moves>
GameValue ValueWalk::value(std::uint64_t id, Moves& moves) {
  last_loop_.clear();
  if (std::optional<GameValue> known = known_value(id)) return *std::move(known);
  cover(id);
  try {
    solve_acyclic(id, moves);
    return GameValue(Nimber(values_[id]));
  } catch (const LoopError& e) {
    last_loop_ = e.what();
  }
  solve_loopy(id, moves);
  return *known_value(id);
}

template <WalkMoves Moves>
void ValueWalk::solve_acyclic(std::uint64_t start, Moves& moves) {
  frames_.clear();
  entries_.clear();
  auto push = [&](std::uint64_t id) {
    values_[id] = kInProgress;
    frames_.push_back(Frame{id, entries_.size(), entries_.size()});
    list(id, moves, entries_);
  };
  std::vector<Nimber> option_values;
  try {
    push(start);
    while (!frames_.empty()) {
      Frame& top = frames_.back();
      if (top.next_entry < entries_.size()) {
        const std::uint64_t e = entries_[top.next_entry++];
        if (e == kEmptyOption) continue;
        const std::uint64_t id = e & kIdMask;
        if (values_[id] == kUnvisited && labelled(id)) {
          const std::string from = moves.describe(frames_.back().id);
          throw LoopError(
              from.empty() ? std::string("a position reaches one from which play can go on forever")
                           : fmt::format("{} reaches {}, from which play can go on forever", from, moves.describe(id)));
        } else if (values_[id] == kUnvisited) {
          push(id);  // invalidates top
        } else if (values_[id] == kInProgress) {
          std::vector<std::uint64_t> cycle;
          std::size_t from = frames_.size();
          while (from > 0 && frames_[from - 1].id != id) --from;
          for (std::size_t i = from - 1; i < frames_.size(); ++i) cycle.push_back(frames_[i].id);
          cycle.push_back(id);
          throw LoopError(loop_text(cycle, moves));
        }
        continue;
      }
      option_values.clear();
      for (std::size_t i = top.first_entry; i < entries_.size(); ++i) {
        const std::uint64_t e = entries_[i];
        if (e == kEmptyOption) {
          option_values.emplace_back(0);
        } else if ((e & kJoin) != 0) {
          option_values.back() ^= Nimber(values_[e & kIdMask]);
        } else {
          option_values.emplace_back(values_[e & kIdMask]);
        }
      }
      values_[top.id] = mex(option_values).value();
      ++known_;
      entries_.resize(top.first_entry);
      frames_.pop_back();
    }
  } catch (...) {
    // The unfinished positions are unvisited again.
    for (const Frame& f : frames_) values_[f.id] = kUnvisited;
    frames_.clear();
    entries_.clear();
    throw;
  }
}

template <WalkMoves Moves>
void ValueWalk::solve_loopy(std::uint64_t start, Moves& moves) {
  // List every position reachable from start that is not labelled yet (a
  // labelled position's whole reach is labelled: it is skipped).
  std::vector<std::uint64_t> queue{start};
  std::vector<bool> queued(values_.size(), false);
  queued[start] = true;
  std::vector<std::uint64_t> listed_here;
  try {
    for (std::size_t next = 0; next < queue.size(); ++next) {
      const std::uint64_t id = queue[next];
      entries_.clear();
      list(id, moves, entries_);
      std::vector<std::uint32_t> targets;
      for (std::uint64_t e : entries_) {
        if (e == kEmptyOption || (e & kJoin) != 0)
          throw LoopError(
              fmt::format("{}; and the moves of {} split: grundy has no values for a game whose "
                          "positions reach themselves and split (loopy values are for moves leaving one "
                          "position)",
                          last_loop_, moves.describe(id)));
        const std::uint64_t t = e & kIdMask;
        if (t > std::numeric_limits<std::uint32_t>::max() - 1)
          throw LimitError("a game with cycles may have at most 2^32 - 1 positions");
        if (std::find(targets.begin(), targets.end(), static_cast<std::uint32_t>(t)) != targets.end()) continue;
        targets.push_back(static_cast<std::uint32_t>(t));
        if (queued.size() <= t) queued.resize(values_.size(), false);
        if (!queued[t] && !labelled(t)) {
          queued[t] = true;
          queue.push_back(t);
        }
      }
      entries_.clear();
      if (edges_.size() <= id) edges_.resize(values_.size());
      edges_[id] = std::move(targets);
      listed_here.push_back(id);
    }
  } catch (...) {
    // Nothing half-listed stays: the next call lists it again.
    for (std::uint64_t id : listed_here) edges_[id].clear();
    entries_.clear();
    throw;
  }
  // Label the whole graph known so far. Values depend only on what is
  // reachable, so earlier labels stay as they were; a position never listed
  // is reachable from no labelled one, and its stand-in label is unused.
  const std::size_t n = values_.size();
  edges_.resize(n);
  labelled_.resize(n, false);
  for (std::uint64_t id : listed_here) {
    // A position valued by the mex walk before is known already.
    if (values_[id] >= kInProgress) ++known_;
    labelled_[id] = true;
  }
  std::vector<std::uint64_t> first{0};
  std::vector<std::uint32_t> targets;
  for (std::size_t v = 0; v < n; ++v) {
    targets.insert(targets.end(), edges_[v].begin(), edges_[v].end());
    first.push_back(targets.size());
  }
  labels_ = loopy_values(first, targets);
  for (std::size_t v = 0; v < n; ++v)
    if (labelled_[v] && values_[v] == kUnvisited && (labels_.label[v] & LoopyValues::kInfinite) == 0)
      values_[v] = labels_.label[v];
  loopy_ = true;
}

template <WalkMoves Moves>
std::string ValueWalk::loop_text(std::span<const std::uint64_t> cycle, Moves& moves) const {
  const std::size_t length = cycle.size() - 1;
  const std::string through = moves.describe(cycle.back());
  if (through.empty()) return fmt::format("the game has a loop of {} positions", length);
  if (cycle.size() <= 12) {
    std::string text;
    for (std::uint64_t id : cycle) text += (text.empty() ? "" : " -> ") + moves.describe(id);
    return fmt::format("the game has a loop: {}", text);
  }
  return fmt::format("the game has a loop of {} positions through {}", length, through);
}

}  // namespace grundy
