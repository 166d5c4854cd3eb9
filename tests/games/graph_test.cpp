#include "grundy/games/graph.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <numeric>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"
#include "grundy/game_value.hpp"
#include "grundy/search/loopy_values.hpp"
#include "grundy/games/nim.hpp"
#include "grundy/sum.hpp"
#include "grundy/search/solver.hpp"
#include "support/run_process.hpp"

namespace grundy {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::StartsWith;

GraphGame graph(std::string_view text) { return GraphGame::from_text(text, "g.txt"); }

std::uint64_t value_of(const GraphGame& game, std::string_view name) {
  return game.value(game.parse_position(name)).value();
}

// Names of the moves from `from` to a vertex of value `target`.
std::vector<std::string> moves_named(const GraphGame& game, std::string_view from, std::uint64_t target) {
  std::vector<std::string> names;
  for (Position p : game.moves_to_value(game.parse_position(from), Nimber(target)))
    names.push_back(game.format_position(p));
  return names;
}

// The message of the InputError that `f` throws; a test failure if it throws none.
template <class F>
std::string input_error(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError";
  return {};
}

std::string graph_error(std::string_view text) {
  return input_error([&] { (void)graph(text); });
}

// ---------------------------------------------------------------- values

TEST(GraphGameValues, DocumentationExample) {
  // end has no moves: 0. mid -> {end}: mex{0} = 1. left -> {mid}: mex{1} = 0.
  // right -> {mid, end}: mex{1, 0} = 2. start -> {left, right}: mex{0, 2} = 1.
  // lonely has no moves: 0.
  const GraphGame g = GraphGame::from_file(GRUNDY_TEST_DATA "/graphs/example.txt");
  EXPECT_EQ(g.spec(), "graph:" GRUNDY_TEST_DATA "/graphs/example.txt");
  EXPECT_EQ(g.vertex_count(), 6U);
  EXPECT_EQ(g.edge_count(), 6U);
  EXPECT_EQ(value_of(g, "end"), 0U);
  EXPECT_EQ(value_of(g, "mid"), 1U);
  EXPECT_EQ(value_of(g, "left"), 0U);
  EXPECT_EQ(value_of(g, "right"), 2U);
  EXPECT_EQ(value_of(g, "start"), 1U);
  EXPECT_EQ(value_of(g, "lonely"), 0U);
  // The winning move from start is to left, the one successor of value 0.
  EXPECT_THAT(moves_named(g, "start", 0), ElementsAre("left"));
  EXPECT_THAT(moves_named(g, "right", 1), ElementsAre("mid"));
  EXPECT_THAT(moves_named(g, "left", 0), IsEmpty());
}

TEST(GraphGameValues, SingleVertexIsZero) {
  const GraphGame g = graph("w\n");
  EXPECT_EQ(g.vertex_count(), 1U);
  EXPECT_EQ(g.edge_count(), 0U);
  EXPECT_EQ(value_of(g, "w"), 0U);
  EXPECT_THAT(moves_named(g, "w", 0), IsEmpty());
}

TEST(GraphGameValues, PathAlternates) {
  // d is terminal (0); each step back flips between 1 and 0.
  const GraphGame g = graph("a b\nb c\nc d\n");
  EXPECT_EQ(value_of(g, "d"), 0U);
  EXPECT_EQ(value_of(g, "c"), 1U);
  EXPECT_EQ(value_of(g, "b"), 0U);
  EXPECT_EQ(value_of(g, "a"), 1U);
}

TEST(GraphGameValues, MexSkipsAGap) {
  // z: 0. y -> z: 1. x -> y, z: 2. w -> x, y, z: 3.
  // top -> z (0), y (1), w (3): the smallest missing value is 2.
  const GraphGame g = graph("y z\nx y\nx z\nw x\nw y\nw z\ntop z\ntop y\ntop w\n");
  EXPECT_EQ(value_of(g, "w"), 3U);
  EXPECT_EQ(value_of(g, "top"), 2U);
  EXPECT_THAT(moves_named(g, "top", 3), ElementsAre("w"));
  EXPECT_THAT(moves_named(g, "top", 2), IsEmpty());
}

TEST(GraphGameValues, CompleteDagCrossesTheSixtyFourBoundary) {
  // c_i -> c_j for every j < i: by induction c_i has successors of every
  // value 0 .. i-1, so its value is i. Vertices past c_63 have 64 or more
  // moves, which takes the mex past its one-word fast path.
  constexpr int n = 130;
  std::string text;
  for (int i = n - 1; i >= 0; --i) {
    text += fmt::format("c{}\n", i);
    for (int j = 0; j < i; ++j) text += fmt::format("c{} c{}\n", i, j);
  }
  const GraphGame g = graph(text);
  ASSERT_EQ(g.vertex_count(), static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) EXPECT_EQ(value_of(g, fmt::format("c{}", i)), static_cast<std::uint64_t>(i)) << i;
  EXPECT_THAT(moves_named(g, "c129", 64), ElementsAre("c64"));
}

TEST(GraphGameValues, HugeOutDegreeToFewValues) {
  // hub has 100000 moves, all to sinks (value 0), plus one to s1 (value 1):
  // its value is 2. Its moves of value 0 are the 100000 sinks.
  std::string text = "s1 s0\n";
  for (int i = 0; i < 100000; ++i) text += fmt::format("hub t{}\n", i);
  text += "hub s1\n";
  const GraphGame g = graph(text);
  EXPECT_EQ(value_of(g, "hub"), 2U);
  EXPECT_EQ(g.moves_to_value(g.parse_position("hub"), Nimber(0)).size(), 100000U);
  EXPECT_THAT(moves_named(g, "hub", 1), ElementsAre("s1"));
}

TEST(GraphGameValues, ManyMovesWithoutAZero) {
  // wide has 100 moves, none to a value-0 vertex: to one (value 1: one -> zero)
  // and to 99 copies of two (value 2: two_i -> one, zero). So wide is 0.
  // wider adds moves to zero and to three (three -> zero, one, two: 3),
  // so it has 0, 1, 2, 3 and not 4: value 4. wider is declared first, so it
  // is solved before wide, whose mex must not see wider's values.
  std::string text = "wider\none zero\nthree zero\nthree one\n";
  for (int i = 0; i < 99; ++i) text += fmt::format("two{0} one\ntwo{0} zero\nwide two{0}\nwider two{0}\n", i);
  text += "three two0\nwide one\nwider one\nwider zero\nwider three\n";
  const GraphGame g = graph(text);
  EXPECT_EQ(value_of(g, "two5"), 2U);
  EXPECT_EQ(value_of(g, "three"), 3U);
  EXPECT_EQ(value_of(g, "wide"), 0U);
  EXPECT_EQ(value_of(g, "wider"), 4U);
  EXPECT_THAT(moves_named(g, "wider", 3), ElementsAre("three"));
}

TEST(GraphGameValues, LongPathNeedsNoRecursion) {
  // A path of 300000 vertices, listed from its far end: a recursive search
  // would need 300000 nested calls. The last vertex is terminal, so vertex i
  // has value (n - 1 - i) mod 2.
  constexpr int n = 300000;
  std::string text;
  for (int i = n - 2; i >= 0; --i) text += fmt::format("{} {}\n", i, i + 1);
  const GraphGame g = graph(text);
  ASSERT_EQ(g.vertex_count(), static_cast<std::size_t>(n));
  EXPECT_EQ(value_of(g, "0"), 1U);
  EXPECT_EQ(value_of(g, "1"), 0U);
  EXPECT_EQ(value_of(g, fmt::format("{}", n - 1)), 0U);
  EXPECT_EQ(value_of(g, fmt::format("{}", n - 2)), 1U);
}

// ---------------------------------------------------------------- format

TEST(GraphGameFormat, VerticesAreNumberedInOrderOfFirstAppearance) {
  const GraphGame g = graph("x y\nz x\nw\ny z2\n");
  ASSERT_EQ(g.vertex_count(), 5U);
  EXPECT_EQ(g.format_position(0), "x");
  EXPECT_EQ(g.format_position(1), "y");
  EXPECT_EQ(g.format_position(2), "z");
  EXPECT_EQ(g.format_position(3), "w");
  EXPECT_EQ(g.format_position(4), "z2");
  for (Position v = 0; v < 5; ++v) EXPECT_EQ(g.parse_position(g.format_position(v)), v);
}

TEST(GraphGameFormat, CommentsAndBlankLines) {
  const GraphGame g = graph(
      "# a graph\n"
      "\n"
      "a b   # a move\n"
      "   # an indented comment\n"
      "  \t \n"
      "b#c is a comment, so b is declared and c is not a vertex\n"
      "#\n"
      "b c#\n");
  EXPECT_EQ(g.vertex_count(), 3U);
  EXPECT_EQ(g.edge_count(), 2U);
  EXPECT_EQ(value_of(g, "a"), 0U);
  EXPECT_EQ(value_of(g, "b"), 1U);
  EXPECT_THAT(input_error([&] { (void)g.parse_position("is"); }), HasSubstr("no vertex named 'is'"));
}

TEST(GraphGameFormat, CrlfLineEnds) {
  const GraphGame g = graph("a b\r\nb c\r\n\r\n# note\r\nd\r\n");
  EXPECT_EQ(g.vertex_count(), 4U);
  EXPECT_EQ(g.format_position(g.parse_position("c")), "c");  // no CR kept in the name
  EXPECT_EQ(value_of(g, "a"), 0U);
  EXPECT_EQ(value_of(g, "b"), 1U);
  EXPECT_EQ(value_of(g, "d"), 0U);
}

TEST(GraphGameFormat, LastLineWithoutNewline) {
  EXPECT_EQ(value_of(graph("a b\nb c"), "b"), 1U);
  EXPECT_EQ(graph("a b\nlast").vertex_count(), 3U);
  EXPECT_EQ(graph("a b # no newline after a comment").edge_count(), 1U);
}

TEST(GraphGameFormat, CrlfFileWithoutFinalNewline) {
  const GraphGame g = GraphGame::from_file(GRUNDY_TEST_DATA "/graphs/crlf_no_final_newline.txt");
  EXPECT_EQ(g.vertex_count(), 3U);
  EXPECT_EQ(value_of(g, "c"), 0U);
  EXPECT_EQ(value_of(g, "b"), 1U);
  EXPECT_EQ(value_of(g, "a"), 0U);
}

TEST(GraphGameFormat, TabsAndRunsOfBlanks) {
  const GraphGame g = graph("\ta\t\tb\t\n  b  \t c   \n\t\td\n");
  EXPECT_EQ(g.vertex_count(), 4U);
  EXPECT_EQ(g.edge_count(), 2U);
  EXPECT_EQ(value_of(g, "a"), 0U);
  EXPECT_EQ(value_of(g, "d"), 0U);
}

TEST(GraphGameFormat, CarriageReturnInsideALineIsABlank) {
  const GraphGame g = graph("a\rb\n");
  EXPECT_EQ(g.edge_count(), 1U);
  EXPECT_EQ(value_of(g, "a"), 1U);
}

TEST(GraphGameFormat, LeadingByteOrderMarkIsSkipped) {
  const GraphGame g = graph(
      "\xEF\xBB\xBF"
      "a b\n");
  EXPECT_EQ(g.format_position(0), "a");
  EXPECT_EQ(value_of(g, "a"), 1U);
}

TEST(GraphGameFormat, VertexDeclaredAloneAndAgain) {
  // Declaring a vertex that also has moves is harmless and does not renumber it.
  const GraphGame g = graph("alone\na b\na\nb\n");
  EXPECT_EQ(g.vertex_count(), 3U);
  EXPECT_EQ(g.parse_position("alone"), 0U);
  EXPECT_EQ(g.parse_position("a"), 1U);
  EXPECT_EQ(value_of(g, "alone"), 0U);
  EXPECT_EQ(value_of(g, "a"), 1U);
}

TEST(GraphGameFormat, DuplicateEdgesAreOneMove) {
  // a -> b twice, a -> c; b -> c. c: 0, b: 1, a: mex{1, 0} = 2.
  const GraphGame g = graph("a b\na c\na b\nb c\nb c\n");
  EXPECT_EQ(g.edge_count(), 3U);
  EXPECT_EQ(value_of(g, "a"), 2U);
  // Reported once, at the place of its first listing.
  EXPECT_THAT(moves_named(g, "a", 1), ElementsAre("b"));
  EXPECT_THAT(moves_named(g, "a", 0), ElementsAre("c"));
}

TEST(GraphGameFormat, NamesWithOddBytes) {
  // Anything but blanks, line breaks and '#' belongs to a name.
  const GraphGame g = graph(
      "a-b +\n"
      "+ \xC3\xA9t\xC3\xA9\n"                         // été
      "\xC3\xA9t\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC\n"  // été 日本
      "-> \"q\"\n"
      "'x' a-b\n");
  EXPECT_EQ(g.vertex_count(), 7U);
  EXPECT_EQ(value_of(g, "\xE6\x97\xA5\xE6\x9C\xAC"), 0U);  // 日本
  EXPECT_EQ(value_of(g, "\xC3\xA9t\xC3\xA9"), 1U);         // été
  EXPECT_EQ(value_of(g, "+"), 0U);
  EXPECT_EQ(value_of(g, "a-b"), 1U);
  EXPECT_EQ(value_of(g, "'x'"), 0U);
  EXPECT_EQ(value_of(g, "->"), 1U);
  EXPECT_EQ(g.format_position(g.parse_position("\"q\"")), "\"q\"");
  // Names are compared byte for byte: case matters.
  EXPECT_THAT(input_error([&] { (void)g.parse_position("A-B"); }), HasSubstr("no vertex named 'A-B'"));
}

TEST(GraphGameFormat, NamesAlikeInTheirFirstEightBytes) {
  // Names are told apart by every byte and by their length, including names
  // longer than 8 bytes that share a prefix. (A short name is kept zero-padded
  // in its slot: NUL bytes, which could make two names look alike there, are
  // refused by the reader, ControlBytesAndBadUtf8AreRefused.)
  const std::string text =
      "abcdefgh1 abcdefgh2\nabcdefgh2 abcdefgh\nabcdefgh abcdefgh10\n"
      "a aa\naa aaa\n";
  const GraphGame g = graph(text);
  ASSERT_EQ(g.vertex_count(), 7U);
  EXPECT_EQ(value_of(g, "abcdefgh10"), 0U);
  EXPECT_EQ(value_of(g, "abcdefgh"), 1U);
  EXPECT_EQ(value_of(g, "abcdefgh2"), 0U);
  EXPECT_EQ(value_of(g, "abcdefgh1"), 1U);
  EXPECT_EQ(value_of(g, "aaa"), 0U);
  EXPECT_EQ(value_of(g, "aa"), 1U);
  EXPECT_EQ(value_of(g, "a"), 0U);
  EXPECT_THAT(input_error([&] { (void)g.parse_position("abcdefgh3"); }), HasSubstr("no vertex named"));
  EXPECT_THAT(input_error([&] { (void)g.parse_position("aaaa"); }), HasSubstr("no vertex named"));
}

TEST(GraphGameErrors, ControlBytesAndBadUtf8AreRefused) {
  using namespace std::string_literals;
  // Names reach terminals in answers and messages: control bytes and bytes
  // that are not UTF-8 are refused where they stand (columns count characters).
  EXPECT_EQ(graph_error("a b\nc a\0\n"s),
            "g.txt:2:4: a control byte (0x00) in a vertex name; names are UTF-8 text without control characters, "
            "separated by spaces or tabs");
  EXPECT_THAT(graph_error("\x1b[2J x\n"), HasSubstr("g.txt:1:1: a control byte (0x1b)"));
  EXPECT_THAT(graph_error("a\x7f b\n"), HasSubstr("g.txt:1:2: a control byte (0x7f)"));
  EXPECT_THAT(graph_error("\xc3\xa9t\xc3\xa9 caf\xff\n"), HasSubstr("g.txt:1:8: a byte that is not UTF-8 (0xff)"));
  EXPECT_THAT(graph_error("x \xc0\xaf\n"), HasSubstr("g.txt:1:3: a byte that is not UTF-8 (0xc0)"));  // overlong '/'
  EXPECT_THAT(graph_error("x \xed\xa0\x80\n"), HasSubstr("not UTF-8 (0xed)"));                        // a surrogate
  EXPECT_THAT(graph_error("x caf\xc3\n"), HasSubstr("g.txt:1:6: a byte that is not UTF-8 (0xc3)"));   // cut short
  // C1 controls are well-formed UTF-8 but act as escapes on some terminals.
  EXPECT_THAT(graph_error("a b\xc2\x9b"
                          "5m\n"),
              HasSubstr("g.txt:1:4: a control character (U+009B) in a vertex name"));
  EXPECT_THAT(graph_error("\xc2\x80 b\n"), HasSubstr("g.txt:1:1: a control character (U+0080)"));
  EXPECT_EQ(value_of(graph("\xc2\xa0x y\n"), "\xc2\xa0x"), 1U);  // U+00A0 is no control
  // Well-formed UTF-8 names and any bytes in comments are fine.
  const GraphGame g = graph("\xc3\xa9t\xc3\xa9 \xe2\x86\x92 # \xff\x01 anything\n");
  EXPECT_EQ(value_of(g, "\xc3\xa9t\xc3\xa9"), 1U);
}

TEST(GraphGameFormat, VeryLongNames) {
  // Names of 255 bytes and more are compared differently again.
  const std::string x(300, 'x');
  const std::string text =
      x + "1 " + x + "2\n" + x + "2 " + x + "\n" + x.substr(0, 254) + " " + x.substr(0, 255) + "\n";
  const GraphGame g = graph(text);
  ASSERT_EQ(g.vertex_count(), 5U);
  EXPECT_EQ(value_of(g, x + "1"), 0U);
  EXPECT_EQ(value_of(g, x + "2"), 1U);
  EXPECT_EQ(value_of(g, x), 0U);
  EXPECT_EQ(value_of(g, x.substr(0, 254)), 1U);
  EXPECT_EQ(g.format_position(g.parse_position(x + "2")), x + "2");
  EXPECT_THAT(input_error([&] { (void)g.parse_position(x + "3"); }), HasSubstr("...' (301 bytes) in graph g.txt"));
}

TEST(GraphGameFormat, SpecAndComponentNoun) {
  const GraphGame g = GraphGame::from_text("a b\n", "some/dir/g.txt");
  EXPECT_EQ(g.spec(), "graph:some/dir/g.txt");
  EXPECT_FALSE(g.heap_indexed());
  EXPECT_EQ(g.component_noun(), "token");
}

// ---------------------------------------------------------------- errors

TEST(GraphGameErrors, ThirdNameOnALineGivesLineAndColumn) {
  EXPECT_EQ(graph_error("a b\nc d e\n"),
            "g.txt:2:5: unexpected third name 'e' on one line; expected 'u v' (a move from vertex u to vertex v) "
            "or a single vertex name, with '#' to start a comment");
  EXPECT_THAT(graph_error("x y z"), StartsWith("g.txt:1:5: unexpected third name 'z'"));
  EXPECT_THAT(graph_error("a b\r\nc d e\r\n"), StartsWith("g.txt:2:5:"));
  // A tab is one column; columns count characters, not UTF-8 bytes.
  EXPECT_THAT(graph_error("# one\n\n  a\tb\tc\n"), StartsWith("g.txt:3:7: unexpected third name 'c'"));
  EXPECT_THAT(graph_error("\xC3\xA9 \xC3\xBC \xC3\xB6\n"), StartsWith("g.txt:1:5:"));
  // A comment after two names is fine.
  EXPECT_EQ(graph("a b # c d\n").vertex_count(), 2U);
}

TEST(GraphGameErrors, VeryLongThirdNameIsShortened) {
  const std::string message = graph_error("a b " + std::string(1000, 'n') + "\n");
  EXPECT_THAT(message, HasSubstr("...' (1000 bytes)"));
  EXPECT_LT(message.size(), 300U);
}

// ---------------------------------------------------------------- cycles

// The value of each vertex, by name, as printed: "a=∞{0} b=0".
std::string values_of(const std::string& text) {
  const GraphGame g = graph(text);
  std::string out;
  for (Position v = 0; v < g.vertex_count(); ++v)
    out += fmt::format("{}{}={}", v == 0 ? "" : " ", g.format_position(v), to_string(g.game_value(v), true));
  return out;
}

TEST(GraphGameCycles, ACycleWithNoWayOutIsADrawEverywhere) {
  EXPECT_EQ(values_of("a b\nb c\nc a\n"), "a=inf{} b=inf{} c=inf{}");
  EXPECT_EQ(values_of("p q\nq p\n"), "p=inf{} q=inf{}");
  const GraphGame g = graph("a b\nb c\nc a\n");
  EXPECT_TRUE(g.has_cycles());
  EXPECT_EQ(g.game_value(0).winner(), Winner::draw);
  EXPECT_THROW((void)g.value(0), std::logic_error);
}

TEST(GraphGameCycles, ASelfLoopIsAPass) {
  // a may pass forever, or move to the sink b: ∞{0}, a win (move to b).
  EXPECT_EQ(values_of("a a\na b\n"), "a=inf{0} b=0");
  // x -> y alone is finite; the loop at a does not touch it.
  EXPECT_EQ(values_of("x y\na a\n"), "x=1 y=0 a=inf{}");
}

TEST(GraphGameCycles, AFiniteValueCanSitOnACycle) {
  // a <-> b, and b -> c (a sink). b is 1 (move to c); a can only go to b, from
  // where the opponent moves to c: a is 0, although play could loop a, b, a, ...
  EXPECT_EQ(values_of("a b\nb a\nb c\n"), "a=0 b=1 c=0");
  // u <-> v with exits u -> s, v -> t -> s: from v every move loses (to t, the
  // opponent goes to s; to u, the opponent goes to s too), so v is 0 and u is 1.
  EXPECT_EQ(values_of("u v\nv u\nu s\nv t\nt s\n"), "u=1 v=0 s=0 t=1");
}

TEST(GraphGameCycles, TheTailOfACycleStaysFiniteWhereItCan) {
  // s -> t -> c on the cycle b -> c -> d -> b: nothing ends, all draws; a
  // sink e beside them changes nothing for them.
  EXPECT_EQ(values_of("s\nt\nb c\nc d\nd b\ns t\nt c\ne\n"), "s=inf{} t=inf{} b=inf{} c=inf{} d=inf{} e=0");
}

TEST(GraphGameCycles, LongCyclesAndLongTails) {
  // A ring of 300,000 vertices, each also moving to the sink s, and a path of
  // 300,000 more leading into the ring: each ring vertex is ∞{0} (it wins by
  // moving to s, or can go round forever); the path's last vertex moves only
  // into the ring, where the opponent wins, so it is 0, and the path
  // alternates 0, 1 back from there, decided in the first two stages.
  constexpr int kRing = 300000;
  constexpr int kPath = 300000;
  std::string text;
  for (int i = 0; i < kRing; ++i) text += fmt::format("r{} r{}\nr{} s\n", i, (i + 1) % kRing, i);
  for (int i = 0; i < kPath; ++i) text += fmt::format("p{} {}\n", i, i + 1 < kPath ? fmt::format("p{}", i + 1) : "r0");
  const GraphGame g = graph(text);
  EXPECT_TRUE(g.has_cycles());
  const GameValue win = GameValue::infinite({Nimber(0)});
  for (int i = 0; i < kRing; i += 997) ASSERT_EQ(g.game_value(g.parse_position(fmt::format("r{}", i))), win) << i;
  for (int i = 0; i < kPath; i += 991)
    ASSERT_EQ(g.game_value(g.parse_position(fmt::format("p{}", i))),
              GameValue(Nimber(static_cast<std::uint64_t>((kPath - 1 - i) % 2))))
        << i;
  // Without the sink, nothing ends: every vertex is a draw.
  text.clear();
  for (int i = 0; i < kRing; ++i) text += fmt::format("r{} r{}\n", i, (i + 1) % kRing);
  for (int i = 0; i < kPath; ++i) text += fmt::format("p{} {}\n", i, i + 1 < kPath ? fmt::format("p{}", i + 1) : "r0");
  const GraphGame draw = graph(text);
  for (Position v = 0; v < draw.vertex_count(); v += 1009) ASSERT_EQ(draw.game_value(v), GameValue::infinite({})) << v;
}

TEST(GraphGameCycles, NoMoveReachesAnInfiniteVertexByItsLabel) {
  // w is infinite; its label has the top bit set, which a target of 2^31 or
  // more must not match.
  const GraphGame g = graph("v w\nw w\nw z\n");
  EXPECT_TRUE(g.moves_to_value(0, Nimber(std::uint64_t{1} << 31)).empty());
  EXPECT_TRUE(g.moves_to_value(0, Nimber((std::uint64_t{1} << 31) | 1)).empty());
  Nim nim;
  const std::vector<Component> sum{{&g, 0}, {&nim, std::uint64_t{1} << 31}};
  const SumAnalysis a = analyze_sum(sum);
  ASSERT_EQ(a.winning_moves.size(), 1U);
  EXPECT_EQ(a.winning_moves[0].component, 1U);
}

TEST(GraphGameCycles, AnswersBackToAValueComeEarliestLabelledFirst) {
  // b <-> c, c -> t: b is 0, c is 1; from c, both b and t have value 0, and
  // t (labelled first) is the one that makes progress.
  const GraphGame g = graph("b c\nc b\nc t\n");
  EXPECT_EQ(values_of("b c\nc b\nc t\n"), "b=0 c=1 t=0");
  const auto moves = g.moves_to_value(g.parse_position("c"), Nimber(0));
  ASSERT_EQ(moves.size(), 2U);
  EXPECT_EQ(g.format_position(moves[0]), "t");
  EXPECT_LT(g.labelled_at(moves[0]), g.labelled_at(g.parse_position("c")));
  EXPECT_EQ(g.labelled_at(g.parse_position("b")) > g.labelled_at(g.parse_position("t")), true);
}

TEST(GraphGameCycles, DrawKeepingMovesCutExactlyAtTheLimit) {
  // From s: one move keeps the draw (to d, a pass forever); 100 moves lose.
  std::string text = "s d\nd d\n";
  for (int i = 0; i < 100; ++i) text += fmt::format("s x{}\nx{} z\n", i, i);
  const GraphGame g = graph(text);
  const std::vector<Component> sum{{&g, 0}};
  const SumAnalysis a = analyze_sum(sum, 1);
  EXPECT_EQ(a.winner, Winner::draw);
  ASSERT_EQ(a.drawing_moves.size(), 1U);
  EXPECT_EQ(g.format_position(a.drawing_moves[0].to.at(0)), "d");
  EXPECT_TRUE(a.unlisted.empty());  // the one move is all of them
}

TEST(GraphGameCycles, AcyclicGraphsHaveNoCycles) { EXPECT_FALSE(graph("a b\nb c\n").has_cycles()); }

TEST(GraphGameErrors, UnknownVertex) {
  const GraphGame g = graph("a b\n");
  EXPECT_EQ(input_error([&] { (void)g.parse_position("x"); }), "no vertex named 'x' in graph g.txt");
  EXPECT_EQ(input_error([&] { (void)g.parse_position(""); }),
            "empty vertex name: expected the name of a vertex of graph g.txt");
  EXPECT_EQ(input_error([&] { (void)g.parse_position("a b"); }),
            "no vertex named 'a b' in graph g.txt (vertex names contain no blanks, line breaks or '#')");
}

TEST(GraphGameErrors, MissingFile) {
  const std::string path = GRUNDY_TEST_DATA "/graphs/no-such-file.txt";
  EXPECT_EQ(input_error([&] { (void)GraphGame::from_file(path); }),
            "cannot read graph file '" + path + "': No such file or directory");
}

TEST(GraphGameErrors, DirectoryIsNotAGraphFile) {
  const std::string path = GRUNDY_TEST_DATA "/graphs";
  EXPECT_THAT(input_error([&] { (void)GraphGame::from_file(path); }),
              StartsWith("cannot read graph file '" + path + "': "));
}

TEST(GraphGameErrors, NoVertices) {
  // The message names the end of the file, where a vertex was still expected.
  const std::string expected =
      ": the graph file ends without naming a vertex; expected lines 'u v' (a move from vertex u to vertex v) or 'w' "
      "(a vertex)";
  EXPECT_EQ(graph_error(""), "g.txt:1:1" + expected);
  EXPECT_EQ(graph_error("\n\n  \r\n"), "g.txt:4:1" + expected);
  EXPECT_EQ(graph_error("# only\n# comments"), "g.txt:2:11" + expected);
}

TEST(GraphGameErrors, PositionsOutOfRangeAreProgrammingErrors) {
  const GraphGame g = graph("a b\n");
  EXPECT_THROW((void)g.value(2), std::out_of_range);
  EXPECT_THROW((void)g.format_position(2), std::out_of_range);
  EXPECT_THROW((void)g.moves_to_value(2, Nimber(0)), std::out_of_range);
  EXPECT_THROW((void)g.value(Position{1} << 32), std::out_of_range);
  EXPECT_NO_THROW((void)g.value(1));
}

// ---------------------------------------------------------------- random

// A random DAG as the test sees it: vertex r (a rank) moves only to higher
// ranks; names hide the ranks; the edge lines are shuffled.
struct RandomDag {
  std::vector<std::string> name;                // by rank
  std::vector<std::vector<std::uint32_t>> out;  // by rank, in file order, repeats kept
  std::vector<bool> written;                    // by rank: named somewhere in the text
  std::string text;
};

// Names are short ("v17") for odd seeds and long ("a-long-vertex-name-17")
// for even ones: the reader compares the two kinds differently.
RandomDag random_dag(std::uint32_t vertices, std::size_t edges, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  RandomDag dag;
  std::vector<std::uint32_t> label(vertices);
  std::iota(label.begin(), label.end(), 0U);
  std::shuffle(label.begin(), label.end(), rng);
  const std::string_view prefix = seed % 2 == 1 ? "v" : "a-long-vertex-name-";
  for (std::uint32_t r = 0; r < vertices; ++r) dag.name.push_back(fmt::format("{}{}", prefix, label[r]));
  dag.out.resize(vertices);

  std::vector<std::pair<std::uint32_t, std::uint32_t>> lines;
  std::uniform_int_distribution<std::uint32_t> rank(0, vertices - 1);
  for (std::size_t e = 0; e < edges; ++e) {
    // Short edges (to one of the next few ranks) give long paths and large
    // values; long ones give many moves per vertex.
    const std::uint32_t a = rank(rng);
    const std::uint32_t near = a + 1 + static_cast<std::uint32_t>(rng() % 4);
    const std::uint32_t b = (e % 2 == 0) ? rank(rng) : std::min(vertices - 1, near);
    if (a == b) continue;
    lines.emplace_back(std::min(a, b), std::max(a, b));
  }
  for (std::size_t i = 0; i < lines.size() / 10; ++i) lines.push_back(lines[rng() % lines.size()]);  // repeats
  std::shuffle(lines.begin(), lines.end(), rng);
  for (std::uint32_t r = 0; r < vertices; r += 7) lines.emplace_back(r, r);  // (r, r): declare r alone
  std::shuffle(lines.begin(), lines.end(), rng);
  dag.written.resize(vertices);
  for (auto [u, v] : lines) {
    dag.written[u] = dag.written[v] = true;
    if (u == v) {
      dag.text += dag.name[u] + "\n";
    } else {
      dag.text += dag.name[u] + " " + dag.name[v] + "\n";
      dag.out[u].push_back(v);
    }
  }
  return dag;
}

// GameLogic over the test's own adjacency lists, for the reference Solver.
struct AdjacencyGame {
  using Position = std::uint32_t;
  const std::vector<std::vector<std::uint32_t>>* out = nullptr;
  [[nodiscard]] const std::vector<std::uint32_t>& moves(Position p) const { return (*out)[p]; }
};

TEST(GraphGameRandom, ValuesAgreeWithTheGenericSolver) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const RandomDag dag = random_dag(2000, 20000, seed);
    const GraphGame g = graph(dag.text);
    Solver<AdjacencyGame> solver(AdjacencyGame{&dag.out});
    std::size_t vertices = 0;
    std::uint64_t largest = 0;
    for (std::uint32_t r = 0; r < dag.name.size(); ++r) {
      if (!dag.written[r]) continue;
      ++vertices;
      const Nimber expected = solver.value(r);
      largest = std::max(largest, expected.value());
      ASSERT_EQ(g.value(g.parse_position(dag.name[r])), expected) << "seed " << seed << " vertex " << dag.name[r];
    }
    EXPECT_EQ(g.vertex_count(), vertices) << "seed " << seed;
    EXPECT_GE(largest, 5U) << "seed " << seed << ": the graphs should have interesting values";
  }
}

TEST(GraphGameRandom, MovesToValueAgreeWithABruteForceFilter) {
  for (std::uint64_t seed = 11; seed <= 13; ++seed) {
    const RandomDag dag = random_dag(2000, 20000, seed);
    const GraphGame g = graph(dag.text);
    Solver<AdjacencyGame> solver(AdjacencyGame{&dag.out});
    for (std::uint32_t r = 0; r < dag.name.size(); ++r) {
      if (dag.out[r].empty()) continue;
      const Position p = g.parse_position(dag.name[r]);
      const std::uint64_t top = solver.value(r).value() + 1;
      for (std::uint64_t target = 0; target <= top; ++target) {
        // Brute force: every move in file order, each successor once.
        std::vector<std::string> expected;
        std::set<std::uint32_t> seen;
        for (std::uint32_t s : dag.out[r])
          if (solver.value(s) == Nimber(target) && seen.insert(s).second) expected.push_back(dag.name[s]);
        std::vector<std::string> actual;
        for (Position q : g.moves_to_value(p, Nimber(target))) actual.push_back(g.format_position(q));
        ASSERT_EQ(actual, expected) << "seed " << seed << " vertex " << dag.name[r] << " target " << target;
      }
    }
  }
}

// The definition of generalized values (Fraenkel and Yesha) at every vertex:
// a finite m is the mex of the options' finite values, and every option of
// infinite or larger value has an option of value m labelled earlier
// (Smith's counter, which makes the values unique); ∞_K has K = the
// options' finite values, and an infinite option without an option of value
// mex(K).
void expect_generalized_values(const GraphGame& g, const std::string& context) {
  auto finite_values_of_options = [&](Position v) {
    std::set<std::uint64_t> values;
    for (Position w : g.moves_from(v, 0, kNoLimit).moves)
      if (const GameValue x = g.game_value(w); x.is_finite()) values.insert(x.nimber().value());
    return values;
  };
  for (Position v = 0; v < g.vertex_count(); ++v) {
    const GameValue value = g.game_value(v);
    const std::set<std::uint64_t> finite = finite_values_of_options(v);
    std::uint64_t mex = 0;
    while (finite.count(mex) != 0) ++mex;
    const std::string where = context + " vertex " + g.format_position(v) + " = " + to_string(value, true);
    const auto moves = g.moves_from(v, 0, kNoLimit).moves;
    if (value.is_finite()) {
      const std::uint64_t m = value.nimber().value();
      ASSERT_EQ(m, mex) << where;
      for (Position w : moves) {
        const GameValue x = g.game_value(w);
        if (x.is_finite() && x.nimber().value() < m) continue;
        // An answer back to m, by a vertex labelled before v (Smith's counter).
        const auto answers = g.moves_to_value(w, Nimber(m));
        EXPECT_TRUE(std::any_of(answers.begin(), answers.end(),
                                [&](Position z) { return g.labelled_at(z) < g.labelled_at(v); }))
            << where << ", option " << g.format_position(w);
      }
      continue;
    }
    std::set<std::uint64_t> k;
    for (Nimber n : value.options()) k.insert(n.value());
    EXPECT_EQ(k, finite) << where;
    EXPECT_TRUE(std::any_of(moves.begin(), moves.end(), [&](Position w) {
      return !g.game_value(w).is_finite() && finite_values_of_options(w).count(mex) == 0;
    })) << where;
  }
}

TEST(GraphGameRandom, ValuesWithCyclesMeetTheirDefinition) {
  for (std::uint64_t seed = 21; seed <= 26; ++seed) {
    RandomDag dag = random_dag(2000, 20000, seed);
    // Reverse a few edges, and add a few self-loops: cycles, many of them.
    std::mt19937_64 rng(seed);
    for (std::size_t k = 0; k < 3 * (seed - 20); ++k) {
      std::uint32_t from = 0;
      while (dag.out[from].empty()) from = static_cast<std::uint32_t>(rng() % dag.out.size());
      const std::uint32_t to = dag.out[from][rng() % dag.out[from].size()];
      dag.text += dag.name[to] + " " + (k % 5 == 4 ? dag.name[to] : dag.name[from]) + "\n";
    }
    const GraphGame g = graph(dag.text);
    ASSERT_TRUE(g.has_cycles());
    std::size_t infinite = 0;
    for (Position v = 0; v < g.vertex_count(); ++v) infinite += g.game_value(v).is_finite() ? 0U : 1U;
    EXPECT_GT(infinite, 0U) << "seed " << seed;
    expect_generalized_values(g, fmt::format("seed {}", seed));
  }
}

// A random graph in CSR form: `vertices` vertices, about `edges` moves,
// each target once per source; `back` of them may point backwards (cycles).
struct Csr {
  std::vector<std::uint64_t> first{0};
  std::vector<std::uint32_t> targets;
};
Csr random_csr(std::uint32_t vertices, std::uint32_t edges, std::uint32_t back, std::mt19937_64& rng) {
  std::vector<std::set<std::uint32_t>> out(vertices);
  for (std::uint32_t e = 0; e < edges; ++e) {
    const auto a = static_cast<std::uint32_t>(rng() % vertices);
    const auto b = static_cast<std::uint32_t>(rng() % vertices);
    if (a < b) out[b].insert(a);  // towards lower numbers: acyclic
  }
  for (std::uint32_t e = 0; e < back; ++e) {
    const auto a = static_cast<std::uint32_t>(rng() % vertices);
    out[a].insert(static_cast<std::uint32_t>(rng() % vertices));
  }
  Csr g;
  for (const auto& o : out) {
    g.targets.insert(g.targets.end(), o.begin(), o.end());
    g.first.push_back(g.targets.size());
  }
  return g;
}

TEST(LoopyValues, OnAcyclicGraphsTheStagesGiveTheMexValues) {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 40; ++round) {
    const Csr g = random_csr(300, 3000, 0, rng);
    // Every move goes to a lower number: values in increasing order.
    std::vector<std::uint32_t> mex(300);
    for (std::uint32_t v = 0; v < 300; ++v) {
      std::set<std::uint32_t> seen;
      for (std::uint64_t e = g.first[v]; e < g.first[v + 1]; ++e) seen.insert(mex[g.targets[e]]);
      while (seen.count(mex[v]) != 0) ++mex[v];
    }
    EXPECT_EQ(loopy_values(g.first, g.targets, false).label, mex) << "round " << round;
    EXPECT_EQ(loopy_values(g.first, g.targets, true).label, mex) << "round " << round;
  }
}

TEST(LoopyValues, SettlingTheEndsFirstChangesNothing) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 60; ++round) {
    const Csr g = random_csr(200, 1500, static_cast<std::uint32_t>(round % 20), rng);
    const LoopyValues staged = loopy_values(g.first, g.targets, false);
    const LoopyValues settled = loopy_values(g.first, g.targets, true);
    EXPECT_EQ(staged.label, settled.label) << "round " << round;
    EXPECT_EQ(staged.k_start, settled.k_start) << "round " << round;
    EXPECT_EQ(staged.k_values, settled.k_values) << "round " << round;
  }
}

// ---------------------------------------------------------------- limits

GraphLimits limits_with(void (*set)(GraphLimits&)) {
  GraphLimits limits;
  set(limits);
  return limits;
}

std::string limited_error(std::string_view text, const GraphLimits& limits) {
  return input_error([&] { (void)GraphGame::from_text(text, "g.txt", limits); });
}

TEST(GraphGameLimits, DefaultsAdmitTheBenchmarkGraph) {
  // bench/graph: 10^6 vertices, 10^7 edge lines, 138 MB (378 MB with long names).
  const GraphLimits limits;
  EXPECT_GE(limits.max_vertices, 50'000'000U);
  EXPECT_GE(limits.max_edge_lines, 200'000'000U);
  EXPECT_GE(limits.max_bytes, 2'000'000'000U);
  EXPECT_GE(limits.max_line, 1'000'000U);
}

TEST(GraphGameLimits, LineLongerThanTheLimit) {
  const GraphLimits limits = limits_with([](GraphLimits& l) { l.max_line = 5; });
  EXPECT_EQ(GraphGame::from_text("a bcd\nbcd\n", "g.txt", limits).vertex_count(), 2U);  // 5 bytes is fine
  // The place is the first byte past the limit; comments and blanks count.
  EXPECT_EQ(limited_error("a b\na bcde\n", limits),
            "g.txt:2:6: a line longer than 5 bytes, the most grundy supports in a graph file");
  EXPECT_THAT(limited_error("a # xyz\n", limits), StartsWith("g.txt:1:6: a line longer than 5 bytes"));
  EXPECT_THAT(limited_error("a b      \n", limits), StartsWith("g.txt:1:6: a line longer than 5 bytes"));
  EXPECT_THAT(limited_error("a\nabcdef", limits), StartsWith("g.txt:2:6: a line longer than 5 bytes"));  // no line end
  EXPECT_THAT(limited_error("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", limits), StartsWith("g.txt:1:3: a line longer"));
  // A control byte past the limit is past the limit; errors before it come first.
  EXPECT_THAT(limited_error("abcde\x01", limits), StartsWith("g.txt:1:6: a line longer than 5 bytes"));
  EXPECT_THAT(limited_error("abcd\x01", limits), StartsWith("g.txt:1:5: a control byte (0x01)"));
  EXPECT_THAT(limited_error("a b c", limits), StartsWith("g.txt:1:5: unexpected third name 'c'"));
  EXPECT_THAT(limited_error("a b cd", limits), StartsWith("g.txt:1:6: a line longer than 5 bytes"));
  EXPECT_THAT(limited_error("a\xff b cdef", limits), StartsWith("g.txt:1:2: a byte that is not UTF-8 (0xff)"));
}

TEST(GraphGameLimits, FileLongerThanTheLimit) {
  const GraphLimits limits = limits_with([](GraphLimits& l) { l.max_bytes = 12; });
  EXPECT_EQ(GraphGame::from_text("a b\nc d\ne f\n", "g.txt", limits).vertex_count(), 6U);  // 12 bytes
  // The place is byte 13.
  EXPECT_EQ(limited_error("a b\nc d\ne f\ng", limits),
            "g.txt:4:1: a graph file longer than 12 bytes, the most grundy supports");
  EXPECT_THAT(limited_error("a b\nc d\ne fg\n", limits), StartsWith("g.txt:3:5: a graph file longer than 12 bytes"));
  // Byte 13 is the second of the character at column 4.
  EXPECT_THAT(limited_error("a b\nc d\ne  \xc3\xa9\n", limits), StartsWith("g.txt:3:4: a graph file longer"));
  EXPECT_THAT(limited_error("# comment only\n", limits), StartsWith("g.txt:1:13: a graph file longer"));
  EXPECT_THAT(limited_error("a b c\nlonger than twelve", limits), StartsWith("g.txt:1:5: unexpected third name"));
}

TEST(GraphGameLimits, TooManyVertices) {
  const GraphLimits limits = limits_with([](GraphLimits& l) { l.max_vertices = 3; });
  EXPECT_EQ(GraphGame::from_text("a b\nb c\na c\nc\n", "g.txt", limits).vertex_count(), 3U);
  EXPECT_EQ(limited_error("a b\nb c\n\tc  d\n", limits),
            "g.txt:3:5: more than 3 vertices, the most grundy supports in a graph file");
  // Names are interned in batches; an error later in the batch does not hide this one.
  EXPECT_THAT(limited_error("a b\nb c\nd e f\n", limits), StartsWith("g.txt:3:1: more than 3 vertices"));
  EXPECT_THAT(limited_error("a b\nc d\x01\n", limits), StartsWith("g.txt:2:3: more than 3 vertices"));
}

TEST(GraphGameLimits, TooManyEdgeLines) {
  // Edge lines are counted as read, repeats included: they take memory until
  // the repeats are dropped.
  const GraphLimits limits = limits_with([](GraphLimits& l) { l.max_edge_lines = 2; });
  EXPECT_EQ(GraphGame::from_text("a b\na b\nc\nc\n", "g.txt", limits).edge_count(), 1U);
  EXPECT_EQ(limited_error("a b\na b\nc\n a  b\n", limits),
            "g.txt:4:5: more than 2 edge lines ('u v'), the most grundy supports in a graph file");
}

// ---------------------------------------------------------------- reading in blocks

// Everything a read gives: each vertex (in the order of its number) with its
// value and its moves, or the error message.
std::string outcome(const std::function<GraphGame()>& read) {
  try {
    const GraphGame g = read();
    std::string text = fmt::format("{} vertices, {} edges\n", g.vertex_count(), g.edge_count());
    for (Position v = 0; v < g.vertex_count(); ++v) {
      const GameValue value = g.game_value(v);
      text += fmt::format("{} = {}:", g.format_position(v), to_string(value));
      for (Position w : g.moves_from(v, 0, kNoLimit).moves) text += fmt::format(" {}", w);
      text += '\n';
    }
    return text;
  } catch (const InputError& e) {
    return std::string("error: ") + e.what();
  }
}

// Random text in and around the format: names short and long, UTF-8, bytes
// that are not, C1 and C0 controls, blanks, CRLF, comments, third names, a
// byte order mark; mostly graphs, often not.
std::string random_graph_text(std::mt19937_64& rng) {
  static const std::vector<std::string> names = {
      "a", "b", "c", "d1", "e22", "f-f", "g\xc3\xa9", "long-name-h", "\xe6\x97\xa5", "abcdefgh", "abcdefghi"};
  static const std::vector<std::string> odd = {"\xff",     "\xc2\x85", "\x01", std::string(1, '\0'), "\xc3", "\x7f",
                                               "\xe6\x97", "\xc2\xa0", "#"};
  static const std::vector<std::string> blanks = {" ", "  ", "\t", "\r", " \t "};
  static const std::vector<std::string> ends = {"\n", "\n", "\n", "\r\n", "\n\n", " # note \xff\x01\n", "#\n"};
  std::string text = rng() % 8 == 0 ? "\xEF\xBB\xBF" : "";
  const std::size_t lines = rng() % 12;
  for (std::size_t i = 0; i < lines; ++i) {
    if (rng() % 6 == 0) text += blanks[rng() % blanks.size()];
    const std::size_t count = rng() % 16 == 0 ? 3 : rng() % 3;  // sometimes a third name
    for (std::size_t k = 0; k < count; ++k) {
      if (k > 0) text += blanks[rng() % blanks.size()];
      std::string name = names[rng() % names.size()];
      if (rng() % 24 == 0) name.insert(rng() % (name.size() + 1), odd[rng() % odd.size()]);
      text += name;
    }
    if (i + 1 < lines || rng() % 2 == 0) text += ends[rng() % ends.size()];
  }
  return text;
}

// Limits small enough for short texts to pass them, or none.
GraphLimits random_limits(std::mt19937_64& rng) {
  GraphLimits limits;
  if (rng() % 2 == 0) limits.max_line = 1 + rng() % 14;
  if (rng() % 3 == 0) limits.max_bytes = rng() % 60;
  if (rng() % 3 == 0) limits.max_vertices = 1 + rng() % 8;
  if (rng() % 3 == 0) limits.max_edge_lines = rng() % 6;
  return limits;
}

TEST(GraphGameBlocks, EveryBlockSizeReadsLikeTheWholeText) {
  // Names, CRLF, comments and multi-byte characters straddle the blocks of
  // 1 to 17 bytes; each read must give what reading the text at once gives,
  // graph or error, limits included.
  std::mt19937_64 rng(16);
  int graphs = 0;
  int errors = 0;
  for (int round = 0; round < 1500; ++round) {
    const std::string text = random_graph_text(rng);
    GraphLimits limits = round % 2 == 0 ? GraphLimits{} : random_limits(rng);
    limits.block_size = text.size() + 1;
    const std::string whole = outcome([&] { return GraphGame::from_text(text, "g.txt", limits); });
    (whole.starts_with("error: ") ? errors : graphs) += 1;
    for (std::size_t block = 1; block <= 17; ++block) {
      limits.block_size = block;
      ASSERT_EQ(outcome([&] { return GraphGame::from_text(text, "g.txt", limits); }), whole)
          << "block size " << block << ", text '" << text << "'";
    }
  }
  EXPECT_GT(graphs, 300);  // both kinds are well represented
  EXPECT_GT(errors, 300);
}

TEST(GraphGameBlocks, FilesReadInSmallBlocksLikeTheWholeText) {
  // The same through from_file, whose buffer keeps the start of the line
  // while the blocks move on.
  const std::string path = ::testing::TempDir() + "grundy_graph_blocks.txt";
  std::mt19937_64 rng(61);
  for (int round = 0; round < 200; ++round) {
    const std::string text = random_graph_text(rng) + random_graph_text(rng);
    std::ofstream(path, std::ios::binary) << text;
    GraphLimits limits = round % 2 == 0 ? GraphLimits{} : random_limits(rng);
    limits.block_size = text.size() + 1;
    const std::string whole = outcome([&] { return GraphGame::from_text(text, path, limits); });
    for (std::size_t block = 1; block <= 17; ++block) {
      limits.block_size = block;
      ASSERT_EQ(outcome([&] { return GraphGame::from_file(path, limits); }), whole)
          << "block size " << block << ", text '" << text << "'";
    }
  }
  std::filesystem::remove(path);
}

TEST(GraphGameBlocks, RandomDagsInSmallBlocks) {
  const RandomDag dag = random_dag(300, 2000, 7);
  GraphLimits limits;
  limits.block_size = dag.text.size();
  const std::string whole = outcome([&] { return GraphGame::from_text(dag.text, "g.txt", limits); });
  ASSERT_THAT(whole, StartsWith("300 vertices"));
  for (const std::size_t block : {1U, 2U, 3U, 5U, 8U, 13U, 17U, 64U, 1000U}) {
    limits.block_size = block;
    EXPECT_EQ(outcome([&] { return GraphGame::from_text(dag.text, "g.txt", limits); }), whole) << block;
  }
}

// ---------------------------------------------------------------- endless inputs

TEST(GraphGameEndless, DevZeroIsRefusedAtItsFirstByte) {
  EXPECT_EQ(input_error([] { (void)GraphGame::from_file("/dev/zero"); }),
            "/dev/zero:1:1: a control byte (0x00) in a vertex name; names are UTF-8 text without control characters, "
            "separated by spaces or tabs");
}

// The peak resident memory of this process so far, in KiB.
long peak_kb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

struct EndlessRead {
  std::string message;
  long growth_kb = 0;  // how far the reader's peak memory rose above what it had before
};

// Reads `line`, repeated forever, from a pipe with `limits`, in a child
// process, so that its peak memory is the reader's alone: a forked child
// starts its peak at its resident memory at the fork.
EndlessRead read_endless_pipe(const std::string& line, const GraphLimits& limits) {
  std::signal(SIGPIPE, SIG_IGN);
  int data[2];
  int report[2];
  if (pipe(data) != 0 || pipe(report) != 0) throw std::runtime_error("pipe");
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork");
  if (pid == 0) {
    close(data[1]);
    close(report[0]);
    const long before = peak_kb();
    std::string message = "no error";
    try {
      (void)GraphGame::from_file(fmt::format("/dev/fd/{}", data[0]), limits);
    } catch (const std::exception& e) {
      message = e.what();
    }
    close(data[0]);
    const std::string out = fmt::format("{}\n{}", peak_kb() - before, message);
    (void)!write(report[1], out.data(), out.size());
    _exit(0);
  }
  close(data[0]);
  close(report[1]);
  // Write until the child has stopped reading: the pipe breaks.
  std::string block;
  while (block.size() < 65536) block += line;
  while (write(data[1], block.data(), block.size()) > 0) {
  }
  close(data[1]);
  std::string out;
  char buffer[4096];
  for (ssize_t n; (n = read(report[0], buffer, sizeof buffer)) > 0;) out.append(buffer, static_cast<std::size_t>(n));
  close(report[0]);
  EXPECT_EQ(test::wait_for_exit(pid), 0);
  const std::size_t newline = out.find('\n');
  if (newline == std::string::npos) return {"no report: " + out, 0};
  return {out.substr(newline + 1), std::stol(out.substr(0, newline))};
}

TEST(GraphGameEndless, EndlessValidLinesEndAtALimitInBoundedMemory) {
  // 2^20 edge lines with long comments: 128 MiB of text. The reader keeps
  // 8 bytes per edge line (8 MiB) and a buffer of a line and a block, never
  // the text.
  const std::string comment(120, 'x');
  GraphLimits limits;
  limits.max_edge_lines = std::uint64_t{1} << 20;
  const EndlessRead edges = read_endless_pipe("a b # " + comment + "\n", limits);
  EXPECT_THAT(edges.message, HasSubstr(":1048577:3: more than 1048576 edge lines ('u v'), the most grundy supports"));
  EXPECT_LT(edges.growth_kb, 48 * 1024) << edges.message;

  // Comments only: nothing is kept but the buffer, until the byte limit.
  limits = GraphLimits{};
  limits.max_bytes = std::uint64_t{1} << 27;  // 128 MiB
  const EndlessRead bytes = read_endless_pipe("# " + comment + "\n", limits);
  EXPECT_THAT(bytes.message,
              HasSubstr(":1091202:6: a graph file longer than 134217728 bytes, the most grundy supports"));
  EXPECT_LT(bytes.growth_kb, 16 * 1024) << bytes.message;

  // One endless line: refused at the line limit.
  const EndlessRead line = read_endless_pipe("abc", GraphLimits{});
  EXPECT_THAT(line.message, HasSubstr(":1:1048577: a line longer than 1048576 bytes"));
  EXPECT_LT(line.growth_kb, 16 * 1024) << line.message;
}

}  // namespace
}  // namespace grundy
