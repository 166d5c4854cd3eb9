#include <grundy/games/subtraction.hpp>
#include <grundy/search/solver.hpp>

#include <fmt/format.h>

int main() {
  const grundy::SubtractionGame game({1, 2, 3});
  fmt::print("{} {}\n", game.spec(), game.value(9));
  return game.value(9) == grundy::Nimber(1) ? 0 : 1;
}
