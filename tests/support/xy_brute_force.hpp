#pragma once
// A definition-level oracle for the XY game (ARC208 E): walks the heap sizes
// 0, 1, 2, ... and applies the mex rule to the legal moves (take 1 or 2, never
// leaving a multiple of X or Y), keeping only the last two values. It shares
// nothing with the library's formula, and costs a few nanoseconds per size.

#include <cstdint>

namespace grundy::test {

class XyWalk {
 public:
  XyWalk(std::uint64_t x, std::uint64_t y) : x_(x), y_(y) {}

  // The current heap size and its value.
  [[nodiscard]] std::uint64_t size() const { return v_; }
  [[nodiscard]] unsigned value() const { return g_[0]; }

  // Moves to size v + 1.
  void step() {
    ++v_;
    // Sizes v-1 and v-2 are legal destinations unless forbidden (0 is).
    const bool one_free = !forbidden_[0];
    const bool two_free = v_ >= 2 && !forbidden_[1];
    bool seen[3] = {false, false, false};
    if (one_free) seen[g_[0]] = true;
    if (two_free) seen[g_[1]] = true;
    unsigned mex = 0;
    while (seen[mex]) ++mex;
    g_[1] = g_[0];
    g_[0] = mex;
    if (++mod_x_ == x_) mod_x_ = 0;
    if (++mod_y_ == y_) mod_y_ = 0;
    forbidden_[1] = forbidden_[0];
    forbidden_[0] = mod_x_ == 0 || mod_y_ == 0;
  }

  void advance_to(std::uint64_t target) {
    while (v_ < target) step();
  }

 private:
  std::uint64_t x_;
  std::uint64_t y_;
  std::uint64_t v_ = 0;
  std::uint64_t mod_x_ = 0;           // v mod X
  std::uint64_t mod_y_ = 0;           // v mod Y
  unsigned g_[2] = {0, 0};            // G(v), G(v-1)
  bool forbidden_[2] = {true, true};  // v, v-1 are multiples of X or Y (0 is)
};

}  // namespace grundy::test
