#pragma once
// The XY game (AtCoder ARC208 E "XY Game"): from a heap of v a move takes 1 or
// 2 tokens, but may not leave a multiple of X or of Y (0 is a multiple of
// both, so a heap is never emptied; with X = 1 there are no moves at all).
//
// The multiples of X and Y cut the heaps into intervals whose values run
// 0,1,2,0,1,2,... ("type 0") or 1,0,2,1,0,2,... ("type 1"); the type of each
// interval follows from the previous interval's length modulo 3. Grouping the
// intervals into blocks [qX, (q+1)X], each cut by at most one multiple of Y,
// the type at qX is 0 when X = 1 (mod 3), depends on the last multiple of Y
// before qX when X = 0 (mod 3), and on the parity of the blocks since the last
// multiple of Y at an offset r = 1 (mod 3) in its block when X = 2 (mod 3);
// that multiple is found in O(log X) steps (modular_window.hpp). Every value
// below 2^64 costs O(log X). docs/games/xy.md has the proof.

#include <cstdint>

#include "grundy/game_family.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/one_to_one_game.hpp"

namespace grundy {

class XyGame final : public OneToOneGame, public HeapGame {
 public:
  [[nodiscard]] const HeapGame* heap_game() const override { return this; }
  // The largest Y accepted (ARC208 E allows 10^9): 3X must stay below 2^63.
  static constexpr std::uint64_t kMaxY = 1'000'000'000'000'000'000;

  // Throws InputError unless 1 <= x < y <= kMaxY.
  XyGame(std::uint64_t x, std::uint64_t y);

  [[nodiscard]] std::uint64_t x() const { return x_; }
  [[nodiscard]] std::uint64_t y() const { return y_; }
  [[nodiscard]] std::string spec() const override;
  [[nodiscard]] Nimber value(Position v) const override { return Nimber(grundy_value(v)); }
  [[nodiscard]] std::vector<Position> moves_to_value(Position v, Nimber target) const override;
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] Pattern pattern(std::uint64_t limit) const override;
  [[nodiscard]] std::string why_not_move(Position from, Position to) const override;
  [[nodiscard]] MoveSample moves_from(Position p, Position lowest, std::uint64_t limit) const override;

  // No move may leave a heap of this size: a multiple of X or of Y (or 0).
  [[nodiscard]] bool forbidden(std::uint64_t v) const { return v % x_ == 0 || v % y_ == 0; }
  // G(v), always 0, 1 or 2.
  [[nodiscard]] unsigned grundy_value(std::uint64_t v) const;

 private:
  // G(v) for a heap that is not forbidden.
  [[nodiscard]] unsigned free_value(std::uint64_t v) const;
  // G(v) for a free heap in block q = floor(v/X), whose type at qX is `type`.
  [[nodiscard]] unsigned value_in_block(std::uint64_t v, std::uint64_t q, unsigned type) const;
  // The type of the interval that starts at qX.
  [[nodiscard]] unsigned type_at_block(std::uint64_t q) const;
  // The largest j in [1, last] with (jY mod X) = 1 (mod 3), or 0 if none: the
  // last multiple of Y that makes a block's type 0 when X = 2 (mod 3).
  [[nodiscard]] std::uint64_t last_resetting_multiple(std::uint64_t last) const;

  std::uint64_t x_;
  std::uint64_t y_;
  unsigned x_mod3_;
  unsigned y_mod3_;
  std::uint64_t modulus_;  // 3X: jY mod 3X gives jY mod X and floor(jY/X) mod 3
  std::uint64_t step_;     // -3Y mod 3X: the change of jY mod 3X when j falls by 3
};

// The family in the registry (registry.hpp).
extern const GameFamily kXyFamily;

}  // namespace grundy
