// contest: a contest problem's input solved as its judge expects
// (grundy/frontend/sum_answers.hpp's solve_contest).

#include <memory>
#include <string>

#include <fmt/format.h>

#include "command.hpp"
#include "grundy/error.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

namespace {

struct ContestOptions {
  std::string problem;
  std::string input;
};

}  // namespace

Command add_contest_command(CLI::App& app) {
  auto options = std::make_shared<ContestOptions>();
  CLI::App* contest = app.add_subcommand("contest", "Solve a contest problem's input exactly as its judge expects");
  contest
      ->add_option("PROBLEM", options->problem,
                   fmt::format("the problem: {}", fmt::join(contest_problem_names(), ", ")))
      ->required()
      ->type_name("");
  CLI::Option* contest_input =
      contest->add_option("--input", options->input, "read this file instead of standard input")->type_name("FILE");
  contest->footer(
      "\nProblems:\n"
      "  fdivgame  CodeChef FDIVGAME (Floor Division Game): T, then per test a line N and a line\n"
      "            of N integers 1..10^18; prints Henry (first player wins) or Derek per test.\n"
      "            The game of one integer is division:2-6.\n"
      "  not-a-nim Codeforces 2004E (Not a Nim Problem): t, then per test a line n and a line of\n"
      "            n piles (officially 1..10^7; any 64-bit pile is accepted, large ones cost more);\n"
      "            prints Alice (first player wins) or Bob per test. One pile is the game coprime.\n"
      "  xy-game   AtCoder ARC208 E (XY Game): T, then per test a line N X Y (1 <= X < Y <= 10^9)\n"
      "            and a line of N piles 1..10^18; prints Alice (first player wins) or Bob per\n"
      "            test. One pile is the game xy:X,Y.\n"
      "The whole input is checked before anything is printed: a malformed input is an error\n"
      "naming its line and column (exit status 2), never a partial answer.\n"
      "\nExamples:\n  grundy contest fdivgame < input.txt\n  grundy contest fdivgame --input "
      "tests/data/contest/fdivgame_1.in\n"
      "  grundy contest not-a-nim --input tests/data/contest/cf2004e_1.in\n"
      "  grundy contest xy-game --input tests/data/contest/arc208e_1.in\n");
  return {contest, answering([options, contest_input](Output& out) {
            // An empty name is a mistake (an unset variable, say), not a way to say stdin.
            if (contest_input->count() > 0 && options->input.empty())
              throw InputError("--input '': the file name is empty; leave out --input to read standard input");
            solve_contest(options->problem, options->input, out);
          })};
}

}  // namespace grundy::cli
