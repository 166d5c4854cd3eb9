#pragma once
// The whole public API in one include: `#include <grundy/grundy.hpp>`.
//
// Every header of include/grundy/ and include/grundy/games/: values and sums
// (Nimber, mex, Solver, sums and the engine's strategy), the built-in games
// and their specs (Game, parse_game, Nim, SubtractionGame, DivisionGame,
// CoprimeGame, XyGame, GraphGame), their tables and patterns, and the
// helpers the command line is built from (number parsing, quoting, errors,
// progress). Each header stands alone too; including only the ones a program
// uses keeps its build shorter.
//
// Not included: contest/ (the readers and solvers behind `grundy contest`,
// tied to three problems' input formats) and primes/ (the number theory
// behind the coprime game). Both are installed and may be included by name;
// they live in their own namespaces, grundy::contest and grundy::primes.

#include "grundy/closest_name.hpp"
#include "grundy/error.hpp"
#include "grundy/game.hpp"
#include "grundy/heap_table.hpp"
#include "grundy/mex.hpp"
#include "grundy/modular_window.hpp"
#include "grundy/nimber.hpp"
#include "grundy/number_set.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/pattern.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"
#include "grundy/run_table.hpp"
#include "grundy/solver.hpp"
#include "grundy/spec.hpp"
#include "grundy/strategy.hpp"
#include "grundy/sum.hpp"
#include "grundy/utf8.hpp"
#include "grundy/value_table.hpp"

#include "grundy/games/coprime.hpp"
#include "grundy/games/division.hpp"
#include "grundy/games/graph.hpp"
#include "grundy/games/nim.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/games/xy.hpp"
