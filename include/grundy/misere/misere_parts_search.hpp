#pragma once
// MiserePartsSearch: the exact misère outcome of sums of a game whose
// positions fall apart into independent parts in canonical form, the same
// Rules as component_search.hpp's (Cram's regions). In misère play values
// do not add, so a sum is searched whole; but it is kept as the multiset of
// its parts, so that sums made of the same parts in another place, or in a
// mirror image, are searched once. A part is numbered when first met; a sum
// is the sorted list of its parts' numbers, its outcome one bit in a
// SumMemo. Options are listed again when a sum is searched again, never
// kept: what the search holds is the memo, the parts and its path, counted
// against a bound in bytes (MemoryBoundError past it).
//
// A sum is an N-position when a move leads to a P-position; a sum with no
// move left is an N-position (the player to move has no move and wins).

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/sum_memo.hpp"
#include "grundy/search/transposition_table.hpp"

namespace grundy {

template <class Rules>
class MiserePartsSearch {
 public:
  using Key = typename Rules::Key;

  // At most `memory_bytes` held and `max_sums` sums known.
  MiserePartsSearch(Rules rules, std::uint64_t memory_bytes, std::uint64_t max_sums)
      : rules_(std::move(rules)), memory_bytes_(memory_bytes), max_sums_(max_sums) {}

  // True when the sum of `positions` (any keys: each is cut into its parts
  // here) is a P-position.
  [[nodiscard]] bool is_p_position(std::span<const Key> positions) {
    std::vector<Id> sum;
    for (const Key& position : positions)
      for (const Key& part : rules_.components(position)) {
        const Id id = number(part);
        if (movable_[id]) sum.push_back(id);
      }
    std::sort(sum.begin(), sum.end());
    return search(sum);
  }
  [[nodiscard]] std::uint64_t sums_searched() const { return memo_.size(); }
  [[nodiscard]] std::uint64_t parts_known() const { return parts_.size(); }

 private:
  using Id = std::uint32_t;
  // A sum on the search's path and the sums its moves leave, laid end to
  // end (each ends at ends[k]).
  struct Frame {
    std::vector<Id> sum;
    std::vector<Id> options;
    std::vector<std::uint32_t> ends;
    std::size_t next = 0;
    bool scanned = false;  // for a move to a known P-position
    [[nodiscard]] std::span<const Id> option(std::size_t k) const {
      const std::size_t begin = k == 0 ? 0 : ends[k - 1];
      return std::span<const Id>(options).subspan(begin, ends[k] - begin);
    }
    [[nodiscard]] std::uint64_t bytes() const {
      return (sum.capacity() + options.capacity()) * sizeof(Id) + ends.capacity() * sizeof(std::uint32_t);
    }
  };
  // Bytes a numbered part costs: its key, its entry in the hash map (node,
  // bucket) and its flag.
  static constexpr std::uint64_t kPartBytes = 2 * sizeof(Key) + sizeof(Id) + 40;

  Id number(const Key& part) {
    const auto [it, fresh] = ids_.try_emplace(part, static_cast<Id>(parts_.size()));
    if (fresh) {
      if (parts_.size() >= kMaxParts) {
        ids_.erase(it);
        throw LimitError(fmt::format("the exact misère search would meet more than {} different parts", kMaxParts));
      }
      parts_.push_back(part);
      bool movable = false;
      const auto any = [&](const auto&) {
        movable = true;
        return false;  // one is enough
      };
      if constexpr (requires { rules_.for_each_option(part, any); }) {
        rules_.for_each_option(part, any);
      } else {
        rules_.for_each_option_parts(part, [&](std::span<const Key> left) { return any(left); });
      }
      movable_.push_back(movable ? 1 : 0);
    }
    return it->second;
  }

  // Lists the sums the moves from f.sum leave into f.options and f.ends.
  void list_options(Frame& f) {
    f.options.clear();
    f.ends.clear();
    f.next = 0;
    f.scanned = false;
    std::vector<Id>& rest = scratch_;
    for (std::size_t i = 0; i < f.sum.size(); ++i) {
      if (i > 0 && f.sum[i] == f.sum[i - 1]) continue;  // the same part again: the same moves
      rest.assign(f.sum.begin(), f.sum.end());
      rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
      const Key part = parts_[f.sum[i]];  // a copy: numbering parts may move parts_
      const auto add = [&](std::span<const Key> left) {
        const std::size_t begin = f.options.size();
        f.options.insert(f.options.end(), rest.begin(), rest.end());
        for (const Key& k : left) {
          const Id id = number(k);
          if (movable_[id]) f.options.push_back(id);
        }
        std::sort(f.options.begin() + static_cast<std::ptrdiff_t>(begin), f.options.end());
        f.ends.push_back(static_cast<std::uint32_t>(f.options.size()));
        return true;
      };
      // Rules that split an option into its parts themselves (Cram) do it
      // once; the others' options are split by components().
      if constexpr (requires { rules_.for_each_option_parts(part, add); }) {
        rules_.for_each_option_parts(part, add);
      } else {  // (ComponentGame: one of the two)
        rules_.for_each_option(part, [&](const Key& option) {
          const std::vector<Key> left = rules_.components(option);
          return add(left);
        });
      }
    }
  }

  [[nodiscard]] std::uint64_t bytes_held() const {
    std::uint64_t b = memo_.bytes() + parts_.size() * kPartBytes + ids_.bucket_count() * sizeof(void*);
    for (const Frame& f : stack_) b += f.bytes();  // reused frames keep their blocks
    return b;
  }

  void check_bounds(std::size_t depth, std::size_t sum_words) const {
    if (memo_.size() + depth >= max_sums_)
      throw LimitError(fmt::format("the exact misère search would examine more than {} sums", max_sums_));
    if (bytes_held() + memo_.next_growth(sum_words) > memory_bytes_)
      throw MemoryBoundError(fmt::format(
          "the exact misère search needs more than {} of memory, the bound set for searches ({} sums known)",
          format_byte_size(memory_bytes_), memo_.size()));
  }

  bool search(const std::vector<Id>& start) {
    if (start.empty()) return false;  // no move: the player to move wins
    if (const auto known = memo_.find(start)) return *known;
    // Depth-first with an explicit stack of reused frames: a sum can be
    // many moves deep.
    std::size_t depth = 0;
    if (stack_.empty()) stack_.emplace_back();
    stack_[0].sum = start;
    list_options(stack_[0]);
    std::uint64_t steps = 0;
    for (;;) {
      if ((++steps & 0xfff) == 0) interruption_point();
      Frame& f = stack_[depth];
      bool decided = false;
      bool p_position = false;
      // A move to a known P-position decides at once, wherever it is listed.
      if (!f.scanned) {
        f.scanned = true;
        for (std::size_t k = 0; k < f.ends.size() && !decided; ++k) {
          const std::span<const Id> o = f.option(k);
          if (o.empty()) continue;
          const auto known = memo_.find(o);
          decided = known && *known;
        }
      }
      while (!decided && f.next < f.ends.size()) {
        const std::span<const Id> o = f.option(f.next);
        const auto known = o.empty() ? std::optional<bool>(false) : memo_.find(o);
        if (!known) break;
        decided = *known;  // a move to a P-position: N
        if (!decided) ++f.next;
      }
      if (!decided && f.next == f.ends.size()) {
        decided = true;
        p_position = true;  // every move leads to an N-position (f.sum has a move: its parts are movable)
      }
      if (decided) {
        check_bounds(depth, f.sum.size());
        memo_.insert(f.sum, p_position);
        if (depth == 0) return p_position;
        --depth;
        continue;
      }
      if (stack_.size() <= depth + 1) stack_.emplace_back();  // (f may move with stack_)
      const std::span<const Id> o = stack_[depth].option(stack_[depth].next);
      stack_[depth + 1].sum.assign(o.begin(), o.end());
      Frame& child = stack_[depth + 1];
      ++depth;
      list_options(child);
      check_bounds(depth, child.sum.size());
    }
  }

  static constexpr std::size_t kMaxParts = std::size_t{1} << 31;

  Rules rules_;
  std::uint64_t memory_bytes_;
  std::uint64_t max_sums_;
  std::vector<Key> parts_;
  std::vector<std::uint8_t> movable_;
  std::unordered_map<Key, Id, typename Rules::KeyHash> ids_;
  SumMemo<Id> memo_;
  std::vector<Frame> stack_;
  std::vector<Id> scratch_;
};

}  // namespace grundy
