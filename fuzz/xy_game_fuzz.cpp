// libFuzzer target: the AtCoder ARC208 E (XY Game) reader and solver (contest_harness.hpp).

#include "contest_harness.hpp"
#include "grundy/contest/xy_game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return grundy::fuzz::fuzz_contest_input(data, size, grundy::contest::solve_xy_game, "Alice", "Bob");
}
