#pragma once
// The whole public API in one include: `#include <grundy/grundy.hpp>`.
//
// Every header of include/grundy/, games/, misere/ and search/ (a test checks
// that none is left out): the front door for questions about sums
// (analysis.hpp: outcome, moves, the engine's move, hints, in normal and
// misère play) and the sum reader (game_sum.hpp); values and sums (Nimber,
// mex, Solver and the walk behind it, sums and the engine's strategy), misère quotients and
// searches, the built-in games, their registry and specs (Game, parse_game,
// Nim, SubtractionGame, DivisionGame, CoprimeGame, XyGame, GraphGame,
// TakeAndBreakGame; heap games' own interface, heap_game.hpp), their tables
// and patterns, and the helpers meant for front-ends (strict number parsing,
// quoting input, closest names, errors, progress). Each
// header stands alone too; including only the ones a program uses keeps its
// build shorter.
//
// Not included: frontend/ (the words, play session and server that the
// programs and Python's module share; not installed), contest/ (the readers and solvers behind `grundy contest`,
// tied to three problems' input formats) and primes/ (the number theory
// behind the coprime game). Both are installed and may be included by name;
// they live in their own namespaces, grundy::contest and grundy::primes.
//
// Nothing here runs: each header included states the costs of what it
// declares. The cost of this one is build time, that of every header.

#include "grundy/pattern_fields.hpp"
#include "grundy/analysis.hpp"
#include "grundy/search/big_memory.hpp"
#include "grundy/closest_name.hpp"
#include "grundy/search/code_parts.hpp"
#include "grundy/search/component_search.hpp"
#include "grundy/drawing.hpp"
#include "grundy/error.hpp"
#include "grundy/search/game_logic.hpp"
#include "grundy/search/interner.hpp"
#include "grundy/game.hpp"
#include "grundy/game_family.hpp"
#include "grundy/game_presentation.hpp"
#include "grundy/game_rules.hpp"
#include "grundy/game_sum.hpp"
#include "grundy/game_table_file.hpp"
#include "grundy/game_value.hpp"
#include "grundy/hash_mix.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/heap_table.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/mex.hpp"
#include "grundy/mex_counter.hpp"
#include "grundy/misere/misere.hpp"
#include "grundy/misere/misere_proof.hpp"
#include "grundy/misere/misere_quotient.hpp"
#include "grundy/misere/misere_quotient_moves.hpp"
#include "grundy/misere/misere_parts_search.hpp"
#include "grundy/misere/misere_search.hpp"
#include "grundy/misere/misere_solver.hpp"
#include "grundy/games/modular_window.hpp"
#include "grundy/nimber.hpp"
#include "grundy/nimber_set.hpp"
#include "grundy/number_set.hpp"
#include "grundy/one_to_one_game.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/search/part_table.hpp"
#include "grundy/pattern.hpp"
#include "grundy/periodicity.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"
#include "grundy/registry.hpp"
#include "grundy/run_table.hpp"
#include "grundy/search/search_table_file.hpp"
#include "grundy/execution_budget.hpp"
#include "grundy/session_rules.hpp"
#include "grundy/search/searched_game.hpp"
#include "grundy/search/small_graph.hpp"
#include "grundy/sum_memo.hpp"
#include "grundy/search/solver.hpp"
#include "grundy/spec.hpp"
#include "grundy/strategy.hpp"
#include "grundy/sum.hpp"
#include "grundy/search/transposition_table.hpp"
#include "grundy/value_plot.hpp"
#include "grundy/search/value_walk.hpp"
#include "grundy/regular_file.hpp"
#include "grundy/table_lock.hpp"
#include "grundy/thread_pool.hpp"
#include "grundy/time_limit.hpp"
#include "grundy/value_table.hpp"

#include "grundy/games/coprime.hpp"
#include "grundy/games/chomp.hpp"
#include "grundy/games/chomp_box.hpp"
#include "grundy/games/chomp_word.hpp"
#include "grundy/games/cram.hpp"
#include "grundy/games/division.hpp"
#include "grundy/games/graph.hpp"
#include "grundy/search/loopy_values.hpp"
#include "grundy/games/nim.hpp"
#include "grundy/games/node_kayles.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/games/take_and_break.hpp"
#include "grundy/games/take_and_break_code.hpp"
#include "grundy/games/take_and_break_values.hpp"
#include "grundy/games/table_file.hpp"
#include "grundy/games/value_column.hpp"
#include "grundy/games/xy.hpp"
