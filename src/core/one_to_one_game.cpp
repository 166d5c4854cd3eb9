#include "grundy/one_to_one_game.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace grundy {
namespace {

// A position with at most this many moves has them all sampled.
constexpr std::uint64_t kAllMovesUpTo = 64;
// Otherwise its lowest and its highest moves, this many of each.
constexpr std::uint64_t kSampleEachEnd = 8;

OptionSample as_options(const MoveSample& s) {
  OptionSample out;
  out.options.reserve(s.moves.size());
  for (Position to : s.moves) out.options.push_back(Option{to});
  out.total = s.total;
  return out;
}

}  // namespace

MoveSample OneToOneGame::first_moves_to_value(Position p, Nimber target, std::uint64_t limit) const {
  MoveSample sample{moves_to_value(p, target), std::nullopt};
  sample.total = sample.moves.size();
  if (sample.moves.size() > limit) sample.moves.resize(static_cast<std::size_t>(limit));
  return sample;
}

OptionSample OneToOneGame::options_to_value(Position p, Nimber target, std::uint64_t limit) const {
  return as_options(first_moves_to_value(p, target, limit));
}

OptionSample OneToOneGame::list_options(Position p, std::uint64_t limit) const {
  return as_options(moves_from(p, 0, limit));
}

std::vector<Option> OneToOneGame::sample_options(Position p) const {
  const MoveSample first = moves_from(p, 0, kAllMovesUpTo);
  std::vector<Position> moves;
  if (first.complete() || first.moves.size() <= kSampleEachEnd) {
    moves = first.moves;
  } else {
    moves.assign(first.moves.begin(), first.moves.begin() + kSampleEachEnd);
    // For heap games the highest moves lie just below the position; for
    // graphs this is just another sample.
    const Position below = p > kSampleEachEnd ? p - kSampleEachEnd : 0;
    for (Position to : moves_from(p, std::max(below, moves.back() + 1), kSampleEachEnd).moves) moves.push_back(to);
  }
  std::vector<Option> out;
  out.reserve(moves.size());
  for (Position to : moves) out.push_back(Option{to});
  return out;
}

std::string OneToOneGame::why_not_option(Position from, std::span<const Position> to) const {
  if (to.size() != 1)
    return fmt::format("a move here leaves exactly one {} in place of the {} it is made in, not {}", component_noun(),
                       component_noun(), to.size());
  return why_not_move(from, to.front());
}

std::string OneToOneGame::describe_options(Position p, std::uint64_t limit) const {
  const MoveSample s = moves_from(p, 0, limit);
  if (s.moves.empty()) return "none";
  if (heap_indexed() && s.total && *s.total > s.moves.size()) {
    // The moves are total distinct sizes from the first one; when none lies
    // above first + total - 1 they are exactly that range.
    const Position last = s.moves.front() + (*s.total - 1);
    const MoveSample above = moves_from(p, last, 2);
    if (above.total == 1 && above.moves.front() == last)
      return fmt::format("any size from {} to {} ({} moves)", s.moves.front(), last, *s.total);
  }
  std::vector<std::string> names;
  for (Position to : s.moves) names.push_back(position_in_text(to));
  std::string text = fmt::format("{}", fmt::join(names, ", "));
  if (!s.complete()) text += s.total ? fmt::format(", ... ({} moves in all)", *s.total) : ", ... and more";
  return text;
}

}  // namespace grundy
