// grundy.hpp alone, as a user includes it: one symbol of each public header
// it gathers is used here, so a header it stops including (or one that no
// longer stands on what grundy.hpp brings) fails to compile.
#include "grundy/grundy.hpp"

#include <type_traits>

#include <gtest/gtest.h>

namespace grundy {
namespace {

// Subtraction of 1 or 2, as a heap rule and as a game given as code.
struct TakeOneOrTwo {
  using Position = int;
  void options(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    for (std::uint64_t k = 1; k <= 2 && k <= n; ++k) out.push_back(n - k);
  }
  [[nodiscard]] std::vector<int> moves(int n) const {
    std::vector<int> out;
    for (int k = 1; k <= 2 && k <= n; ++k) out.push_back(n - k);
    return out;
  }
};

TEST(GrundyHpp, CompilesAloneAndGathersEveryHeader) {
  // Types, one per header.
  static_assert(std::is_enum_v<Convention>);                                // analysis.hpp
  static_assert(std::is_base_of_v<InputError, UnknownGameError>);            // error.hpp
  static_assert(std::is_abstract_v<Game>);                                   // game.hpp
  static_assert(std::is_class_v<GameFamily>);                                // game_family.hpp
  static_assert(std::is_class_v<GameSum>);                                   // game_sum.hpp
  static_assert(std::is_class_v<GameValue>);                                 // game_value.hpp
  static_assert(std::is_abstract_v<HeapGame>);                               // heap_game.hpp
  static_assert(std::is_class_v<Interrupted>);                               // interrupt.hpp
  static_assert(std::is_class_v<MexCounter>);                                // mex_counter.hpp
  static_assert(std::is_enum_v<MisereMethod>);                               // misere.hpp
  static_assert(std::is_class_v<BipartiteMonoid>);                           // misere_proof.hpp
  static_assert(std::is_class_v<QuotientRelation>);                          // misere_quotient.hpp
  static_assert(std::is_class_v<MisereSearch>);                              // misere_search.hpp
  static_assert(std::is_abstract_v<OneToOneGame>);                           // one_to_one_game.hpp
  static_assert(std::is_enum_v<PatternKind>);                                // pattern.hpp
  static_assert(std::is_class_v<Periodicity>);                               // periodicity.hpp
  static_assert(std::is_class_v<LongTask>);                                  // progress.hpp
  static_assert(std::is_class_v<RunTable>);                                  // run_table.hpp
  static_assert(std::is_class_v<MoveRng>);                                   // strategy.hpp
  static_assert(std::is_class_v<Component>);                                 // sum.hpp
  static_assert(std::is_class_v<ValueTable>);                                // value_table.hpp
  static_assert(std::is_base_of_v<HeapGame, CoprimeGame>);                   // games/coprime.hpp
  static_assert(ComponentGame<CramGame>);                                    // games/cram.hpp, component_search.hpp
  static_assert(std::is_base_of_v<HeapGame, DivisionGame>);                  // games/division.hpp
  static_assert(!std::is_base_of_v<HeapGame, GraphGame>);                    // games/graph.hpp
  static_assert(std::is_class_v<LoopyValues>);                               // games/loopy_values.hpp
  static_assert(std::is_base_of_v<HeapGame, Nim>);                           // games/nim.hpp
  static_assert(std::is_base_of_v<HeapGame, SubtractionGame>);               // games/subtraction.hpp
  static_assert(std::is_base_of_v<HeapGame, TakeAndBreakGame>);              // games/take_and_break.hpp
  static_assert(std::is_class_v<TakeAndBreakValues>);                        // games/take_and_break_values.hpp
  static_assert(std::is_base_of_v<HeapGame, XyGame>);                        // games/xy.hpp

  // Functions, used.
  EXPECT_EQ(mex({Nimber(0), Nimber(1), Nimber(3)}), Nimber(2));                   // mex.hpp, nimber.hpp
  EXPECT_EQ(edit_distance("moves", "mvoes"), 1u);                                  // closest_name.hpp
  EXPECT_EQ(heap_table(TakeOneOrTwo{}, 5)[5], Nimber(2));                          // heap_table.hpp
  EXPECT_EQ(first_in_window(0, 1, 1, 0, 1), std::optional<std::uint64_t>(0));      // modular_window.hpp
  EXPECT_EQ(parse_number_set("1-3", "the set", 1, 0).size(), 3u);                  // number_set.hpp
  EXPECT_EQ(parse_u64("12"), std::optional<std::uint64_t>(12));                    // parse_number.hpp
  EXPECT_EQ(quote("x"), "'x'");                                                    // quote.hpp
  EXPECT_FALSE(game_registry().empty());                                           // registry.hpp
  EXPECT_EQ(parse_game("kayles")->spec(), "octal:0.77");                           // spec.hpp
  EXPECT_EQ(Solver<TakeOneOrTwo>(TakeOneOrTwo{}).value(7), Nimber(1));              // solver.hpp
}

}  // namespace
}  // namespace grundy

#include <filesystem>
#include <fstream>
#include <regex>

namespace grundy {
namespace {

// The library answers as data and typed errors; words for a command line
// (an option such as --max-heap, a command such as `grundy pattern`) belong
// to the front-ends. This reads every library source and header and finds
// none in a string literal.
TEST(LibraryText, NamesNoCommandLineFlagOrCommand) {
  const std::regex literal(R"("([^"\\]|\\.)*")");
  const std::regex flag(R"((^|[^-\w])--[a-z][a-z-]+)");
  const std::regex command(R"(grundy (value|winner|moves|table|pattern|play|serve|census|quotient|games|contest|help)\b)");
  const std::filesystem::path root(GRUNDY_SOURCE_DIR);
  int files = 0;
  for (const char* folder : {"src", "include"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
      ++files;
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        const std::size_t comment = line.find("//");
        const std::string code = line.substr(0, line.find_first_not_of(" ") == comment ? 0 : std::string::npos);
        for (std::sregex_iterator it(code.begin(), code.end(), literal), end; it != end; ++it) {
          const std::string text = it->str();
          EXPECT_FALSE(std::regex_search(text, flag)) << entry.path() << ":" << number << ": " << text;
          EXPECT_FALSE(std::regex_search(text, command)) << entry.path() << ":" << number << ": " << text;
        }
      }
    }
  }
  EXPECT_GT(files, 50);
}

}  // namespace
}  // namespace grundy
