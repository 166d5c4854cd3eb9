// PythonGame::drawing: a game's optional draw(position) turned into the
// page's picture (drawing.hpp), and each move into the pieces a person
// clicks, found by comparing the picture before the move with the picture
// after it. The game says only what a position looks like; which click
// makes which move is worked out here, so that draw() stays a few lines.

#include <algorithm>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "python_game.hpp"

namespace grundy::python {
namespace {

// Pictures larger than these are not drawn (the default picture, the moves
// as buttons, is used): a page of 500 tokens or cells helps nobody.
constexpr std::uint64_t kMostTokensInRow = 40;  // the page's own bound for a heap's tokens
constexpr std::size_t kMostTokens = 400;
constexpr std::size_t kMostCells = 900;
constexpr std::size_t kMostVertices = 128;

constexpr const char* kExpected =
    "expected None (no picture) or a dict such as {'heaps': [3, 4]}, {'grid': ['..#', '...']} or "
    "{'graph': {'vertices': ['a', 'b', 'c'], 'edges': [(0, 1), (1, 2)], 'present': [True, True, False]}}, with "
    "an optional 'how': a sentence saying how to move (docs/python.md)";

struct Picture {
  Drawing::Kind kind = Drawing::Kind::none;
  std::vector<std::uint64_t> heaps;
  std::vector<std::string> rows;
  std::vector<std::string> vertices;
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  std::vector<bool> present;
  std::string how;
  bool too_large = false;

  [[nodiscard]] bool same_shape(const Picture& o) const {
    if (kind != o.kind) return false;
    switch (kind) {
      case Drawing::Kind::heaps:
        return heaps.size() == o.heaps.size();
      case Drawing::Kind::grid:
        return rows.size() == o.rows.size() && (rows.empty() || rows[0].size() == o.rows[0].size());
      case Drawing::Kind::graph:
        return vertices.size() == o.vertices.size();
      case Drawing::Kind::none:
        return true;
    }
    return false;
  }
};

class PictureReader {
 public:
  PictureReader(std::string_view game, py::handle position) : game_(game), position_(position) {}

  [[noreturn]] void bad(std::string_view what) const {
    throw py::type_error(fmt::format("{}.draw({}) {}; {}", game_.substr(7), short_repr(position_), what, kExpected));
  }

  [[nodiscard]] std::vector<py::object> items(py::handle h, std::string_view what) const {
    if (PyUnicode_Check(h.ptr()) || PyBytes_Check(h.ptr()) || !PySequence_Check(h.ptr()))
      bad(fmt::format("gave {} as a {}, not a list or tuple", what, type_name(h)));
    std::vector<py::object> out;
    for (py::handle item : h) out.push_back(py::reinterpret_borrow<py::object>(item));
    return out;
  }

  [[nodiscard]] std::uint64_t whole(py::handle h, std::string_view what) const {
    if (PyBool_Check(h.ptr()) || !PyLong_Check(h.ptr()))
      bad(fmt::format("gave {} as a {}, not an int", what, type_name(h)));
    const unsigned long long n = PyLong_AsUnsignedLongLong(h.ptr());
    if (n == static_cast<unsigned long long>(-1) && PyErr_Occurred() != nullptr) {
      PyErr_Clear();
      bad(fmt::format("gave {} as {}, not a whole number from 0", what, std::string(py::repr(h))));
    }
    return n;
  }

  [[nodiscard]] std::string text(py::handle h, std::string_view what) const {
    if (!PyUnicode_Check(h.ptr())) bad(fmt::format("gave {} as a {}, not a str", what, type_name(h)));
    return h.cast<std::string>();
  }

  [[nodiscard]] Picture read(py::handle drawn) const {
    Picture p;
    if (!PyDict_Check(drawn.ptr())) bad(fmt::format("returned a {}", type_name(drawn)));
    const py::dict d = py::reinterpret_borrow<py::dict>(drawn);
    int kinds = 0;
    for (auto [key, value] : d) {
      const std::string k = PyUnicode_Check(key.ptr()) ? key.cast<std::string>() : std::string(py::repr(key));
      if (k == "how") {
        p.how = text(value, "'how'");
      } else if (k == "heaps") {
        ++kinds;
        read_heaps(value, p);
      } else if (k == "grid") {
        ++kinds;
        read_grid(value, p);
      } else if (k == "graph") {
        ++kinds;
        read_graph(value, p);
      } else {
        bad(fmt::format("returned a dict with the key {}", k));
      }
    }
    if (kinds != 1)
      bad(kinds == 0 ? "returned a dict with none of 'heaps', 'grid', 'graph'"
                     : "returned a dict with two kinds of picture");
    return p;
  }

 private:
  void read_heaps(py::handle value, Picture& p) const {
    p.kind = Drawing::Kind::heaps;
    std::uint64_t tokens = 0;
    for (const py::object& h : items(value, "'heaps'")) {
      p.heaps.push_back(whole(h, "a heap"));
      tokens += std::min(p.heaps.back(), kMostTokensInRow + 1);
      p.too_large = p.too_large || p.heaps.back() > kMostTokensInRow;
    }
    p.too_large = p.too_large || tokens > kMostTokens;
  }

  void read_grid(py::handle value, Picture& p) const {
    p.kind = Drawing::Kind::grid;
    for (const py::object& r : items(value, "'grid'")) {
      p.rows.push_back(text(r, "a row of 'grid'"));
      if (p.rows.back().find_first_not_of(".#") != std::string::npos)
        bad(fmt::format("gave the row {} in 'grid': a row is '.' for a free cell and '#' for a taken one",
                        std::string(py::repr(r))));
      if (p.rows.back().size() != p.rows.front().size()) bad("gave rows of different lengths in 'grid'");
    }
    p.too_large = p.rows.empty() || p.rows.size() * p.rows.front().size() > kMostCells || p.rows.front().empty();
  }

  void read_graph(py::handle value, Picture& p) const {
    p.kind = Drawing::Kind::graph;
    if (!PyDict_Check(value.ptr())) bad(fmt::format("gave 'graph' as a {}, not a dict", type_name(value)));
    const py::dict g = py::reinterpret_borrow<py::dict>(value);
    if (!g.contains("vertices")) bad("gave a 'graph' without 'vertices'");
    for (const py::object& v : items(g["vertices"], "'vertices'")) p.vertices.push_back(text(v, "a vertex"));
    const std::size_t n = p.vertices.size();
    if (g.contains("edges")) {
      for (const py::object& e : items(g["edges"], "'edges'")) {
        const std::vector<py::object> ends = items(e, "an edge");
        if (ends.size() != 2) bad("gave an edge that is not two vertices' numbers");
        const std::uint64_t a = whole(ends[0], "an edge's vertex"), b = whole(ends[1], "an edge's vertex");
        if (a >= n || b >= n)
          bad(fmt::format("gave the edge ({}, {}), and vertices are numbered from 0 to {}", a, b, n - 1));
        p.edges.emplace_back(a, b);
      }
    }
    if (g.contains("present")) {
      for (const py::object& x : items(g["present"], "'present'")) {
        if (!PyBool_Check(x.ptr())) bad("gave 'present' with an item that is not True or False");
        p.present.push_back(x.ptr() == Py_True);
      }
      if (p.present.size() != n) bad("gave 'present' and 'vertices' of different lengths");
    } else {
      p.present.assign(n, true);
    }
    p.too_large = n == 0 || n > kMostVertices;
  }

  std::string_view game_;
  py::handle position_;
};

// The pieces a move from `a` to `b` takes, and the one a person clicks
// (pieces[0]); nullopt when the move has no place on the picture.
std::optional<DrawnMove> drawn_move(const Picture& a, const Picture& b, const Option& to) {
  DrawnMove m;
  m.to = to;
  switch (a.kind) {
    case Drawing::Kind::heaps: {
      // One row shorter, the others unchanged: the first token taken is clicked.
      std::size_t offset = 0, changed = 0;
      for (std::size_t r = 0; r < a.heaps.size(); ++r) {
        if (a.heaps[r] != b.heaps[r]) {
          if (b.heaps[r] > a.heaps[r] || ++changed > 1) return std::nullopt;
          for (std::uint64_t k = b.heaps[r]; k < a.heaps[r]; ++k) m.takes.push_back(offset + k);
        }
        offset += a.heaps[r];
      }
      if (m.takes.empty()) return std::nullopt;
      m.pieces = {m.takes.front()};
      return m;
    }
    case Drawing::Kind::grid: {
      // Free cells filled, none freed: clicked one after the other.
      const std::size_t width = a.rows.front().size();
      for (std::size_t r = 0; r < a.rows.size(); ++r)
        for (std::size_t c = 0; c < width; ++c) {
          if (a.rows[r][c] == b.rows[r][c]) continue;
          if (a.rows[r][c] == '#') return std::nullopt;
          m.pieces.push_back(r * width + c);
        }
      if (m.pieces.empty()) return std::nullopt;
      return m;
    }
    case Drawing::Kind::graph: {
      // Vertices gone, none back: one of them is clicked.
      std::vector<std::size_t> gone;
      for (std::size_t v = 0; v < a.present.size(); ++v) {
        if (a.present[v] == b.present[v]) continue;
        if (!a.present[v]) return std::nullopt;
        gone.push_back(v);
      }
      if (gone.empty()) return std::nullopt;
      // The vertex whose neighbourhood in play is exactly what goes (Node
      // Kayles' choice), else the first whose neighbourhood holds it all.
      const auto reach = [&](std::size_t v) {
        std::set<std::size_t> r{v};
        for (const auto& [x, y] : a.edges) {
          if (x == v && a.present[y]) r.insert(y);
          if (y == v && a.present[x]) r.insert(x);
        }
        return r;
      };
      const std::set<std::size_t> gone_set(gone.begin(), gone.end());
      std::optional<std::size_t> click;
      for (std::size_t v : gone)
        if (reach(v) == gone_set) click = click.value_or(v);
      for (std::size_t v : gone) {
        const std::set<std::size_t> r = reach(v);
        if (!click && std::includes(r.begin(), r.end(), gone_set.begin(), gone_set.end())) click = v;
      }
      if (!click) return std::nullopt;
      m.pieces = {*click};
      m.takes = gone;
      return m;
    }
    case Drawing::Kind::none:
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

Drawing PythonGame::drawing(Position p) const {
  if (draw_.is_none()) return {};
  // No picture: no draw method, draw returned None, or the picture is too large.
  auto picture = [&](Position q) -> std::optional<Picture> {
    const py::object position = positions_[q];
    const py::object drawn = draw_(position);
    if (drawn.is_none()) return std::nullopt;
    Picture pic = PictureReader(name_, position).read(drawn);
    if (pic.too_large) return std::nullopt;
    return pic;
  };
  const std::optional<Picture> before = picture(p);
  if (!before) return {};
  Drawing d;
  d.kind = before->kind;
  d.heaps = before->heaps;
  d.rows = before->rows;
  d.vertices = before->vertices;
  d.edges = before->edges;
  d.present = before->present;
  d.how_to_move = before->how;
  std::set<std::vector<std::size_t>> clicked;  // two moves made by the same clicks: the second is listed
  for (const Option& o : options_of(p)) {
    std::optional<DrawnMove> m;
    if (o.size() == 1) {
      const std::optional<Picture> after = picture(o.front());
      if (after && after->same_shape(*before)) m = drawn_move(*before, *after, o);
    }
    if (!m || !clicked.insert(m->pieces).second) {
      d.every_move_drawn = false;
      continue;
    }
    d.moves.push_back(std::move(*m));
  }
  if (d.kind == Drawing::Kind::grid) {
    // The page plays a grid's move by its cells: one click for one cell, two
    // for two, and a cell with a move of its own plays that one at its first
    // click. Other moves are listed instead.
    std::set<std::size_t> alone;
    for (const DrawnMove& m : d.moves)
      if (m.pieces.size() == 1) alone.insert(m.pieces.front());
    const auto unclickable = [&](const DrawnMove& m) {
      return m.pieces.size() > 2 ||
             (m.pieces.size() == 2 && (alone.count(m.pieces[0]) > 0 || alone.count(m.pieces[1]) > 0));
    };
    const auto cut = std::remove_if(d.moves.begin(), d.moves.end(), unclickable);
    if (cut != d.moves.end()) d.every_move_drawn = false;
    d.moves.erase(cut, d.moves.end());
  }
  return d;
}

}  // namespace grundy::python
