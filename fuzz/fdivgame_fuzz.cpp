// libFuzzer target: the CodeChef FDIVGAME reader and solver (contest_harness.hpp).

#include "contest_harness.hpp"
#include "grundy/contest/fdivgame.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return grundy::fuzz::fuzz_contest_input(data, size, grundy::contest::solve_fdivgame, "Henry", "Derek");
}
