#pragma once
// The data of a picture of a heap game's values: G(n) against n for
// n = 0..to (the scatter plot papers on octal games show, where periods,
// rare values and arithmetic growth are seen), with the game's pattern so a
// picture can mark its preperiod and period and say whether they are proven.
// Drawing is the front ends' business (gnuplot for the command line and the
// page, matplotlib for Python); this is what they draw.

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/nimber.hpp"
#include "grundy/pattern.hpp"

namespace grundy {

// The largest `to` a picture takes: 2^24 values are 128 MiB, and more
// points than a picture has pixels say nothing more (thin_points).
inline constexpr std::uint64_t kMaxPlotHeap = (std::uint64_t{1} << 24) - 1;

// What a picture of the values says in words, the same in every picture
// (the command line's gnuplot, Python's matplotlib).
struct PlotWords {
  std::string rule;  // the rule in one line: "period 4 from n = 0: proven (checked to n = 8)"
  // The first period, shaded (periodic rules whose start is in the picture),
  // and its key: "one period: n = 3..6", or "G(n + 1) = G(n) + 1; shaded: n = 0".
  bool shaded = false;
  std::uint64_t shaded_from = 0;
  std::uint64_t shaded_to = 0;
  std::string shaded_key;
  // A dashed line where the rule starts, and its key ("preperiod ends: n = 3",
  // "rule starts: n = 8"); none for a preperiod of 0, which is no preperiod.
  bool marked = false;
  std::uint64_t mark = 0;
  std::string mark_key;
};

struct ValuePlot {
  std::string game;            // the spec
  std::vector<Nimber> values;  // G(0..to)
  Pattern pattern;             // as `grundy pattern` finds it, looking at least to `to`
  PlotWords words;             // plot_words(pattern, to)
};

// The words and marks of a picture of G(0..to) with the pattern `p`.
// O(1): a few short strings.
[[nodiscard]] PlotWords plot_words(const Pattern& p, std::uint64_t to);

// G(0..to) of a heap game and its pattern, searched in G(0..max(to,
// pattern_limit)); pattern_limit 0 means `grundy pattern`'s default for the
// game (for octal codes with a mask, far: 2^25 values, minutes for a game
// with no period), and a bound above the game's max_pattern_limit is
// lowered to it. Throws InputError for a game not played on heap sizes, or
// `to` above kMaxPlotHeap.
// Cost: find_pattern's (the bulk: a pattern searched far can take minutes)
// and the values G(0..to); memory: 8 bytes a value, at most 128 MiB, and
// what the game's table holds.
[[nodiscard]] ValuePlot value_plot(const Game& game, std::uint64_t to, std::uint64_t pattern_limit = 0);

struct PlotPoint {
  std::uint64_t heap = 0;
  Nimber value;
};

// The points a picture `columns` wide can show apart: the heaps are cut into
// `columns` equal slices and each slice keeps its first heap of each value
// it holds. Drawn as dots, these look exactly like all the points (a dot
// covers its slice), at a size a picture file can hold: 2^20 values of
// octal:0.16 become ~40,000 points at 2,000 columns instead of 10^6.
// Every value of every slice is kept, so rare values stay visible.
// O(n) expected time for n values (a hash set per slice), O(points) memory.
[[nodiscard]] std::vector<PlotPoint> thin_points(const std::vector<Nimber>& values, std::size_t columns);

}  // namespace grundy
