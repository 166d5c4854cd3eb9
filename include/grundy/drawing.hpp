#pragma once
// Drawing: what a position looks like and which of its pieces each move
// takes, as data a page can draw and click without knowing the game's rule
// (`grundy serve` draws Cram boards and Node Kayles graphs from it).

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "grundy/game.hpp"

namespace grundy {

// One move as a person makes it: the pieces it takes (cells of a grid,
// vertices of a graph) and the option it leaves (game.hpp).
struct DrawnMove {
  std::vector<std::size_t> pieces;  // in increasing order
  Option to;
};

// Plain data: nothing here to cost. A drawing holds O(pieces + edges +
// moves); building one is Game::drawing's cost, the game's.
struct Drawing {
  enum class Kind { none, grid, graph };
  Kind kind = Kind::none;  // none: the game has no picture; heaps are drawn as tokens
  // grid: rows of equal width, '.' a free cell, '#' a taken one; the piece
  // number of row r, column c is r * width + c.
  std::vector<std::string> rows;
  // graph: the vertices (the pieces, by number), the edges between them,
  // and which vertices are still in play.
  std::vector<std::string> vertices;
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  std::vector<bool> present;
  // Every move of the position, each once.
  std::vector<DrawnMove> moves;
  // How a person makes a move on this picture, in a sentence a page shows
  // ("click a square: ..."); empty when the page's own words for the kind
  // of picture say it.
  std::string how_to_move;
};

}  // namespace grundy
