#include "grundy/game_value.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

namespace grundy {

GameValue GameValue::infinite(std::vector<Nimber> options) {
  std::sort(options.begin(), options.end());
  options.erase(std::unique(options.begin(), options.end()), options.end());
  GameValue v;
  v.infinite_ = true;
  v.options_ = std::move(options);
  return v;
}

bool GameValue::has_option(Nimber m) const { return std::binary_search(options_.begin(), options_.end(), m); }

Winner GameValue::winner() const {
  if (is_finite()) return winner_of(finite_);
  return has_option(Nimber(0)) ? Winner::first : Winner::draw;
}

GameValue operator^(const GameValue& g, Nimber m) {
  if (g.is_finite()) return GameValue(g.nimber() ^ m);
  std::vector<Nimber> shifted;
  shifted.reserve(g.options().size());
  for (Nimber k : g.options()) shifted.push_back(k ^ m);
  return GameValue::infinite(std::move(shifted));
}

std::string to_string(const GameValue& v, bool ascii) {
  if (v.is_finite()) return fmt::format("{}", v.nimber());
  return fmt::format("{}{{{}}}", ascii ? "inf" : "\u221e", fmt::join(v.options(), ","));
}

}  // namespace grundy
