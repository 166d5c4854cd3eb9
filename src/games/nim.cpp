#include "grundy/games/nim.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/pattern.hpp"

namespace grundy {

// From a heap of n, the only move to value t (= heap size t) is to take n - t,
// possible exactly when t < n.
std::vector<Position> Nim::moves_to_value(Position n, Nimber target) const {
  if (target.value() < n) return {target.value()};
  return {};
}

std::string Nim::move_rule() const { return "a move takes any number of tokens from one heap, at least one"; }

std::string Nim::why_not_move(Position from, Position to) const {
  if (from == 0) return "an empty heap has no moves";
  if (to >= from) return heap_not_smaller(from, to);
  return {};
}

// Every heap below n is a move.
MoveSample Nim::moves_from(Position n, Position lowest, std::uint64_t limit) const {
  MoveSample sample;
  sample.total = n > lowest ? n - lowest : 0;
  const std::uint64_t count = std::min(*sample.total, limit);
  sample.moves.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(count, 1 << 16)));
  for (std::uint64_t k = 0; k < count; ++k) sample.moves.push_back(lowest + k);
  return sample;
}

// G(n) = n: arithmetic-periodic with period 1 and saltus 1 from n = 0,
// proven by induction (no values need computing).
Pattern Nim::pattern(std::uint64_t limit) const {
  Pattern out;
  out.game = spec();
  out.kind = PatternKind::arithmetic_periodic;
  out.proven = true;
  out.preperiod = 0;
  out.period = 1;
  out.saltus = 1;
  out.value_count = 1;
  out.checked_up_to = 0;  // nothing computed: the proof needs no value but G(0)
  (void)limit;
  out.proof_bound = 1;
  out.check = "G(0) = 0";
  out.theorem =
      "the options of a heap of n are the heaps 0, 1, ..., n - 1, whose values are 0, 1, ..., n - 1 by induction, so "
      "G(n) = mex{0, ..., n - 1} = n = G(n - 1) + 1 (Bouton 1901; docs/games/nim.md)";
  return out;
}

namespace {
std::unique_ptr<Game> parse_nim(const SpecText& spec) {
  spec.expect_no_params();
  return std::make_unique<Nim>();
}
}  // namespace

const GameFamily kNimFamily{"nim", "nim", "a heap of n tokens; take any positive number of them", "nim", parse_nim};

}  // namespace grundy
