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
struct TakeOneOrTwoByForm : TakeOneOrTwo {
  [[nodiscard]] int canonical(int n) const { return n; }
};

TEST(GrundyHpp, CompilesAloneAndGathersEveryHeader) {
  // Types, one per header.
  static_assert(std::is_enum_v<Convention>);                       // analysis.hpp
  static_assert(std::is_base_of_v<InputError, UnknownGameError>);  // error.hpp
  static_assert(std::is_abstract_v<Game>);                         // game.hpp
  static_assert(std::is_class_v<GameFamily>);                      // game_family.hpp
  static_assert(std::is_base_of_v<GamePresentation, Game>);        // game_presentation.hpp
  static_assert(std::is_base_of_v<GameRules, Game>);               // game_rules.hpp
  static_assert(std::is_base_of_v<GameTableFile, Game>);           // game_table_file.hpp
  static_assert(!std::is_destructible_v<GameRules>);               // (deleted as a Game, never as a role)
  static_assert(std::is_class_v<GameSum>);                         // game_sum.hpp
  static_assert(std::is_class_v<GameValue>);                       // game_value.hpp
  // hash_mix.hpp: splitmix64 seeded with 0 first returns mix64 of its step.
  static_assert(mix64(0x9e3779b97f4a7c15ULL) == 0xe220a8397b1dcdafULL);
  static_assert(std::is_class_v<MixedHash>);
  static_assert(std::is_abstract_v<HeapGame>);                     // heap_game.hpp
  static_assert(std::is_class_v<Interrupted>);                     // interrupt.hpp
  static_assert(std::is_class_v<MexCounter>);                      // mex_counter.hpp
  static_assert(std::is_enum_v<MisereMethod>);                     // misere.hpp
  static_assert(std::is_class_v<BipartiteMonoid>);                 // misere_proof.hpp
  static_assert(std::is_class_v<QuotientRelation>);                // misere_quotient.hpp
  static_assert(std::is_class_v<MisereSearch>);                    // misere_search.hpp
  static_assert(std::is_abstract_v<MisereSolver>);                 // misere_solver.hpp
  static_assert(std::is_base_of_v<LimitError, MemoryBoundError>);  // error.hpp
  static_assert(std::is_class_v<SumMemo<std::uint32_t>>);          // sum_memo.hpp
  static_assert(std::is_base_of_v<SearchedGame<CramBoard, CramBoardHash, CramRules, CramTableRecord>,
                                  CramGame>);                                                     // searched_game.hpp
  static_assert(std::is_base_of_v<SearchedGame<ChompBar, ChompBarHash, ChompRules>, ChompGame>);  // games/chomp.hpp
  static_assert(std::is_class_v<MiserePartsSearch<CramRules>>);                      // misere_parts_search.hpp
  static_assert(std::is_abstract_v<OneToOneGame>);                                   // one_to_one_game.hpp
  static_assert(std::is_enum_v<PatternKind>);                                        // pattern.hpp
  static_assert(std::is_class_v<Periodicity>);                                       // periodicity.hpp
  static_assert(std::is_class_v<LongTask>);                                          // progress.hpp
  static_assert(std::is_class_v<NimberSet>);                                         // nimber_set.hpp
  static_assert(std::is_class_v<RunTable>);                                          // run_table.hpp
  static_assert(std::is_class_v<MoveRng>);                                           // strategy.hpp
  static_assert(std::is_class_v<Component>);                                         // sum.hpp
  static_assert(std::is_class_v<ValueTable>);                                        // value_table.hpp
  static_assert(std::is_class_v<ValueWalk>);                                         // value_walk.hpp
  static_assert(GameLogic<TakeOneOrTwo> && !CanonicalGameLogic<TakeOneOrTwo>);       // search/game_logic.hpp
  static_assert(std::is_class_v<Interner<int>>);                                     // search/interner.hpp
  static_assert(std::is_class_v<CodeParts<TakeOneOrTwoByForm>>);                     // search/code_parts.hpp
  static_assert(std::is_enum_v<DrawOfferAnswer> && kRepetitionsForDraw == 3);        // session_rules.hpp
  static_assert(std::is_same_v<BigVector<int>::allocator_type, BigAllocator<int>>);  // big_memory.hpp
  static_assert(std::is_class_v<TranspositionTable<int, int, std::hash<int>>>);      // transposition_table.hpp
  static_assert(std::is_class_v<PartTable<int, std::hash<int>>>);                    // part_table.hpp
  static_assert(std::is_base_of_v<HeapGame, CoprimeGame>);                           // games/coprime.hpp
  static_assert(ComponentGame<CramRules>);                       // games/cram.hpp, component_search.hpp
  static_assert(std::is_base_of_v<HeapGame, DivisionGame>);      // games/division.hpp
  static_assert(!std::is_base_of_v<HeapGame, GraphGame>);        // games/graph.hpp
  static_assert(std::is_class_v<LoopyValues>);                   // search/loopy_values.hpp
  static_assert(kMaxSearchThreads >= 2);                         // execution_budget.hpp
  static_assert(std::is_base_of_v<HeapGame, Nim>);               // games/nim.hpp
  static_assert(std::is_base_of_v<HeapGame, SubtractionGame>);   // games/subtraction.hpp
  static_assert(std::is_base_of_v<HeapGame, TakeAndBreakGame>);  // games/take_and_break.hpp
  static_assert(std::is_class_v<TakeAndBreakValues>);            // games/take_and_break_values.hpp
  static_assert(std::is_class_v<TableFile>);                     // games/table_file.hpp
  static_assert(std::is_class_v<ValueColumn<std::uint8_t>>);     // games/value_column.hpp
  static_assert(std::is_base_of_v<HeapGame, XyGame>);            // games/xy.hpp

  // Functions, used.
  EXPECT_EQ(mex({Nimber(0), Nimber(1), Nimber(3)}), Nimber(2));                // mex.hpp, nimber.hpp
  EXPECT_EQ(edit_distance("moves", "mvoes"), 1u);                              // closest_name.hpp
  EXPECT_EQ(heap_table(TakeOneOrTwo{}, 5)[5], Nimber(2));                      // heap_table.hpp
  EXPECT_EQ(first_in_window(0, 1, 1, 0, 1), std::optional<std::uint64_t>(0));  // modular_window.hpp
  EXPECT_EQ(parse_number_set("1-3", "the set", 1, 0).size(), 3u);              // number_set.hpp
  EXPECT_EQ(parse_u64("12"), std::optional<std::uint64_t>(12));                // parse_number.hpp
  EXPECT_EQ(quote("x"), "'x'");                                                // quote.hpp
  EXPECT_EQ(format_byte_size(64 << 20), "64 MiB");                             // transposition_table.hpp
  EXPECT_FALSE(game_registry().empty());                                       // registry.hpp
  EXPECT_EQ(parse_game("kayles")->spec(), "octal:0.77");                       // spec.hpp
  EXPECT_EQ(Solver<TakeOneOrTwo>(TakeOneOrTwo{}).value(7), Nimber(1));         // solver.hpp
  int fields = 0;
  visit_pattern_fields(Pattern{}, "", [&](std::string_view, const auto&) { ++fields; });  // pattern_fields.hpp
  EXPECT_GT(fields, 0);
}

}  // namespace
}  // namespace grundy

#include <filesystem>
#include <fstream>
#include <string_view>

namespace grundy {
namespace {

// The string literals of one line of C++ (escapes kept as written).
std::vector<std::string> literals_of(std::string_view line) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '/' && i + 1 < line.size() && line[i + 1] == '/') break;  // a comment
    if (line[i] == '\'' && i + 2 < line.size()) {                            // a character literal such as '"'
      i += line[i + 1] == '\\' ? 3u : 2u;
      continue;
    }
    if (line[i] != '"') continue;
    std::string text;
    for (++i; i < line.size() && line[i] != '"'; ++i) {
      if (line[i] == '\\' && i + 1 < line.size()) text += line[i++];
      text += line[i];
    }
    out.push_back(text);
  }
  return out;
}

bool lower(char c) { return c >= 'a' && c <= 'z'; }

// "--max-heap" standing alone (not inside "a--b" or a rule of dashes).
bool has_flag(std::string_view text) {
  for (std::size_t i = text.find("--"); i != std::string_view::npos; i = text.find("--", i + 1)) {
    const bool starts = i == 0 || !(lower(text[i - 1]) || text[i - 1] == '-' || text[i - 1] == '_');
    if (starts && i + 2 < text.size() && lower(text[i + 2])) return true;
  }
  return false;
}

// "grundy pattern" and the like: a command of the command line.
bool has_command(std::string_view text) {
  for (const std::string_view command : {"value", "winner", "moves", "table", "pattern", "play", "serve", "census",
                                         "quotient", "games", "contest", "help"}) {
    const std::string phrase = "grundy " + std::string(command);
    for (std::size_t i = text.find(phrase); i != std::string_view::npos; i = text.find(phrase, i + 1)) {
      const std::size_t end = i + phrase.size();
      if (end == text.size() || !lower(text[end])) return true;
    }
  }
  return false;
}

// The library answers as data and typed errors; words for a command line
// (an option such as --max-heap, a command such as `grundy pattern`) belong
// to the front-ends. This reads every library source and header (the
// front-ends' room, src/frontend and include/grundy/frontend, is theirs)
// and finds none in a string literal.
TEST(LibraryText, NamesNoCommandLineFlagOrCommand) {
  EXPECT_TRUE(has_flag("pass a larger --max-heap N"));
  EXPECT_FALSE(has_flag("a---b, x--y"));
  EXPECT_TRUE(has_command("see grundy pattern"));
  EXPECT_FALSE(has_command("grundy has no theorem"));
  const std::filesystem::path root(GRUNDY_SOURCE_DIR);
  int files = 0;
  for (const char* folder : {"src", "include"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
      if (entry.path().parent_path().filename() == "frontend") continue;
      ++files;
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number)
        for (const std::string& text : literals_of(line)) {
          EXPECT_FALSE(has_flag(text)) << entry.path() << ":" << number << ": " << text;
          EXPECT_FALSE(has_command(text)) << entry.path() << ":" << number << ": " << text;
        }
    }
  }
  EXPECT_GT(files, 50);
}

}  // namespace
}  // namespace grundy
