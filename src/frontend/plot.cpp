#include "grundy/frontend/plot.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <fmt/format.h>

extern char** environ;

namespace grundy::frontend {
namespace {

// A gnuplot string in double quotes, drawn as typed (labels are noenhanced).
std::string gp_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string gnuplot_script(const ValuePlot& plot, const PlotStyle& style, const std::string& data,
                           const std::string& output) {
  const std::uint64_t to = plot.values.size() - 1;
  std::uint64_t largest = 0;
  for (Nimber v : plot.values) largest = std::max(largest, v.value());
  std::ostringstream s;
  // A thumbnail (a census page's pictures, 480x220) sets its words small
  // on one line above the values, without axis titles, so that the values
  // fill most of its height; a larger picture has a title, the rule below
  // it and axis titles.
  const bool compact = style.height < 300;
  const int font = compact ? (style.format == PlotFormat::svg ? 10 : 8) : (style.format == PlotFormat::svg ? 13 : 11);
  if (style.format == PlotFormat::svg) {
    s << fmt::format("set terminal svg size {},{} noenhanced font 'sans,{}' background rgb 'white'\n", style.width,
                     style.height, font);
  } else {
    s << fmt::format("set terminal pngcairo size {},{} noenhanced font 'sans,{}' background rgb 'white'\n", style.width,
                     style.height, font);
  }
  s << "set output " << gp_string(output) << "\n";
  const std::string name =
      style.name.empty() || style.name == plot.game ? plot.game : fmt::format("{} ({})", style.name, plot.game);
  if (!compact) {
    s << "set title " << gp_string(fmt::format("G(n) of {}, n = 0..{}", name, to)) << "\n";
    s << "set xlabel 'heap size n'\nset ylabel 'G(n)'\n";
  }
  s << fmt::format("set xrange [0:{}]\nset yrange [-0.5:{}]\n", std::max<std::uint64_t>(to, 1),
                   static_cast<double>(largest) * 1.08 + 1);
  s << (largest <= 12 ? "set ytics 1\n" : "set format y '%.0f'\n");
  s << "set format x '%.0f'\nset grid ytics lc rgb '#e4e4e4'\nset border 3\nset xtics nomirror\nset ytics nomirror\n";
  s << (compact ? "set key outside bottom center horizontal noautotitle samplen 1\n"
                : "set key outside bottom center horizontal noautotitle\n");
  // The marks (plot_words): the first period, shaded, and the line where
  // the rule starts, where they fall inside the picture.
  const PlotWords& w = plot.words;
  std::vector<std::string> keys;
  if (w.shaded) {
    s << fmt::format(
        "set object 1 rect from {}, graph 0 to {}, graph 1 behind fc rgb '#dbe9f8' "
        "fs solid 1.0 noborder\n",
        w.shaded_from, w.shaded_to);
    keys.push_back(fmt::format("keyentry with boxes fs solid 1.0 fc rgb '#dbe9f8' title {}", gp_string(w.shaded_key)));
  }
  if (w.marked) {
    s << fmt::format("set arrow 1 from {}, graph 0 to {}, graph 1 nohead dt 2 lw 1.5 lc rgb '#c0392b' front\n", w.mark,
                     w.mark);
    keys.push_back(fmt::format("keyentry with lines dt 2 lw 1.5 lc rgb '#c0392b' title {}", gp_string(w.mark_key)));
  }
  if (compact) {
    // One line when it fits (about 0.7 of the font's size a character), else two.
    const std::string title = fmt::format("G(n) of {}, n = 0..{}", name, to);
    const std::string line = fmt::format("{}: {}", title, w.rule);
    const bool fits = static_cast<double>(line.size()) * font * 0.7 < style.width - 10;
    if (fits) {
      s << "set label 1 " << gp_string(line) << " at graph 0, graph 1 left front offset -3,0.8\n";
    } else {
      s << "set label 1 " << gp_string(title + ":") << " at graph 0, graph 1 left front offset -3,1.9\n";
      s << "set label 2 " << gp_string(w.rule) << " at graph 0, graph 1 left front offset -3,0.8\n";
    }
    s << "set tmargin " << (fits ? "1.6" : "2.7") << "\nset bmargin " << (keys.empty() ? "1.6" : "3")
      << "\nset rmargin 2\n";
  } else {
    s << "set label 1 " << gp_string(w.rule) << " at graph 0.01, graph 1.03 left front\n";
    s << "set tmargin 4\n";
  }
  // Dots that can be told apart when there are few heaps; fine ones when a
  // column of pixels holds several.
  const double dot = to + 1 <= static_cast<std::uint64_t>(style.width) / 4 ? 0.8 : 0.35;
  s << "plot " << gp_string(data) << fmt::format(" using 1:2 with points pt 7 ps {} lc rgb '#1f4e79'", dot);
  for (const std::string& k : keys) s << ", " << k;
  s << "\n";
  return s.str();
}

std::string draw_plot(const ValuePlot& plot, const PlotStyle& style) {
  namespace fs = std::filesystem;
  std::string folder = (fs::temp_directory_path() / "grundy-plot-XXXXXX").string();
  if (!mkdtemp(folder.data())) throw PlotError("could not make a scratch folder for the picture");
  struct Remove {
    std::string path;
    ~Remove() {
      std::error_code ignored;
      fs::remove_all(path, ignored);
    }
  } remove{folder};
  const std::string data = folder + "/points.dat";
  const std::string output = folder + (style.format == PlotFormat::svg ? "/plot.svg" : "/plot.png");
  const std::string script = folder + "/plot.gp";
  const std::string errors = folder + "/errors.txt";
  {
    std::ofstream d(data);
    // One dot per heap and value in each of 4 slices per pixel column.
    for (const PlotPoint& pt : thin_points(plot.values, static_cast<std::size_t>(style.width) * 4))
      d << pt.heap << ' ' << pt.value.value() << '\n';
    std::ofstream(script) << gnuplot_script(plot, style, data, output);
    if (!d) throw PlotError("could not write the picture's data");
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  std::vector<char*> argv{const_cast<char*>("gnuplot"), const_cast<char*>(script.c_str()), nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0)
    throw PlotError("pictures are drawn by gnuplot, which is not installed (Debian: apt-get install gnuplot-nox)");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::ifstream e(errors);
    std::string first_line;
    std::getline(e, first_line);
    throw PlotError(
        fmt::format("gnuplot could not draw the picture: {}", first_line.empty() ? "it failed" : first_line));
  }
  std::ifstream in(output, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.empty()) throw PlotError("gnuplot drew no picture");
  return bytes;
}

}  // namespace grundy::frontend
