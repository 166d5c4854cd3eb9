#include "grundy/registry.hpp"

#include <array>

#include "grundy/games/coprime.hpp"
#include "grundy/games/chomp.hpp"
#include "grundy/games/cram.hpp"
#include "grundy/games/division.hpp"
#include "grundy/games/graph.hpp"
#include "grundy/games/nim.hpp"
#include "grundy/games/node_kayles.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/games/take_and_break.hpp"
#include "grundy/games/xy.hpp"

namespace grundy {
namespace {

// One line per family, in the order `grundy games` lists them.
constexpr std::array kRegistry{
    &kNimFamily,        &kSubtractionFamily, &kDivisionFamily,    &kCoprimeFamily,
    &kXyFamily,         &kOctalFamily,       &kHexFamily,         &kTakeAndBreakFamily,
    &kGrundyGameFamily, &kKaylesFamily,      &kDawsonChessFamily, &kDawsonKaylesFamily,
    &kGraphFamily,      &kCramFamily,        &kChompFamily,       &kNodeKaylesFamily,
};

}  // namespace

std::span<const GameFamily* const> game_registry() { return kRegistry; }

}  // namespace grundy
