#pragma once
// Drawing: what a position looks like and which of its pieces each move
// takes, as data a page can draw and click without knowing the game's rule
// (`grundy serve` draws Cram boards and Node Kayles graphs from it).

#include <cstddef>
#include <cstdint>
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
  // Every piece the move takes, when more than `pieces` and not what the
  // picture's kind implies (a graph's vertex with its neighbours): shown
  // while a person points at the move. Empty: the kind's own rule.
  std::vector<std::size_t> takes = {};
};

// A piece drawn apart from the others, with what sets it apart ("the
// poisoned square" of Chomp): a page marks it and names it.
struct MarkedPiece {
  std::size_t piece = 0;
  std::string what;
};

// Plain data: nothing here to cost. A drawing holds O(pieces + edges +
// moves); building one is Game::drawing's cost, the game's.
struct Drawing {
  enum class Kind { none, grid, graph, heaps };
  Kind kind = Kind::none;  // none: the game has no picture; heaps are drawn as tokens
  // grid: rows of equal width, '.' a free cell, '#' a taken one; the piece
  // number of row r, column c is r * width + c.
  std::vector<std::string> rows;
  // grid: true when a move covers the cells it takes with one piece of its
  // own (Cram's domino), which a page draws as one piece; false when a
  // move removes them (Chomp's bite).
  bool moves_place_pieces = false;
  // graph: the vertices (the pieces, by number), the edges between them,
  // and which vertices are still in play.
  std::vector<std::string> vertices;
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  std::vector<bool> present;
  // heaps: rows of tokens (a position that is not itself a heap size, drawn
  // as heaps); the piece number of token k of row r is the tokens of the
  // rows before r, plus k. A move's one piece is the first token it takes
  // from one row, which it takes with every token after it.
  std::vector<std::uint64_t> heaps;
  // Pieces drawn apart, each named (any kind of picture).
  std::vector<MarkedPiece> marks;
  // Every move of the position, each once.
  std::vector<DrawnMove> moves;
  // False when some moves have no place on the picture (a move that changes
  // two rows of heaps): the page lists every move beside it.
  bool every_move_drawn = true;
  // How a person makes a move on this picture, in a sentence a page shows
  // ("click a square: ..."); empty when the page's own words for the kind
  // of picture say it.
  std::string how_to_move;
};

}  // namespace grundy
