#pragma once
// Pictures of values (`grundy plot`, the page's values view): a ValuePlot
// (grundy/value_plot.hpp) drawn by gnuplot, Debian's gnuplot-nox, as an SVG
// or PNG file.

#include <stdexcept>
#include <string>

#include "grundy/value_plot.hpp"

namespace grundy::frontend {

enum class PlotFormat { svg, png };

struct PlotStyle {
  PlotFormat format = PlotFormat::svg;
  int width = 1000;
  int height = 480;
  // The game as the user named it ("kayles"); the spec is shown beside it
  // when it differs.
  std::string name;
};

// The gnuplot script that draws `plot` from a data file of "n G(n)" lines
// into `output` (both paths are ours, in a scratch folder: no quoting needed).
[[nodiscard]] std::string gnuplot_script(const ValuePlot& plot, const PlotStyle& style, const std::string& data,
                                         const std::string& output);

// The picture's file contents. Throws PlotError when gnuplot is missing or fails.
[[nodiscard]] std::string draw_plot(const ValuePlot& plot, const PlotStyle& style);

class PlotError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace grundy::frontend
