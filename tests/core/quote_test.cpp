#include "grundy/quote.hpp"

#include <string>

#include <gtest/gtest.h>

#include "support/utf8.hpp"

namespace grundy {
namespace {

using namespace std::string_literals;

TEST(Quote, KeepsPrintableTextAndUtf8) {
  EXPECT_EQ(quote("subtraction:1,3"), "'subtraction:1,3'");
  EXPECT_EQ(quote(""), "''");
  EXPECT_EQ(quote("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x8e\xb2"), "'caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x8e\xb2'");
}

TEST(Quote, EscapesControlBytesAndBadUtf8) {
  EXPECT_EQ(quote("3\x1b[2J"), "'3\\x1b[2J'");
  EXPECT_EQ(quote("a\0b"s), "'a\\x00b'");
  EXPECT_EQ(quote("tab\there\x7f"), "'tab\\x09here\\x7f'");
  EXPECT_EQ(quote("\xff\xfe"), "'\\xff\\xfe'");
  EXPECT_EQ(quote("\xc0\xaf"), "'\\xc0\\xaf'");                    // overlong '/'
  EXPECT_EQ(quote("\xed\xa0\x80"), "'\\xed\\xa0\\x80'");           // a surrogate
  EXPECT_EQ(quote("\xf4\x90\x80\x80"), "'\\xf4\\x90\\x80\\x80'");  // above U+10FFFF
  EXPECT_EQ(quote("caf\xc3"), "'caf\\xc3'");                       // cut short
  // C1 controls (U+0080..U+009F; U+009B is a one-character CSI) as well,
  // but not their neighbours.
  EXPECT_EQ(quote("\xc2\x9b"
                  "5m"),
            "'\\xc2\\x9b5m'");
  EXPECT_EQ(quote("\xc2\x80\xc2\x9f"), "'\\xc2\\x80\\xc2\\x9f'");
  EXPECT_EQ(quote("\xc2\xa0\xc2\xbf"), "'\xc2\xa0\xc2\xbf'");
  EXPECT_TRUE(c1_control_at("\xc2\x9b", 0));
  EXPECT_FALSE(c1_control_at("\xc2\x9b", 1));
  EXPECT_FALSE(c1_control_at("\xc2", 0));
  EXPECT_FALSE(c1_control_at("\xc2\xa0", 0));
  EXPECT_FALSE(
      c1_control_at("\xc2"
                    "A",
                    0));  // not a continuation byte: no character at all
}

TEST(Quote, CutsLongTextAtACharacter) {
  const std::string long_text = std::string(59, 'x') + "\xc3\xa9\xc3\xa9";
  EXPECT_EQ(quote(long_text), "'" + std::string(59, 'x') + "\xc3\xa9...' (63 bytes)");
  EXPECT_EQ(printable_text(std::string(100, 'y')), std::string(60, 'y') + "... (100 bytes)");
  EXPECT_EQ(quote(std::string(60, 'z')), "'" + std::string(60, 'z') + "'");
}

TEST(Utf8, FirstInvalidByte) {
  EXPECT_EQ(first_invalid_utf8("plain"), std::string_view::npos);
  EXPECT_EQ(first_invalid_utf8("\xc3\xa9t\xc3\xa9"), std::string_view::npos);
  EXPECT_EQ(first_invalid_utf8("ab\x80"), 2U);
  EXPECT_EQ(first_invalid_utf8("\xe2\x86"), 0U);
  EXPECT_EQ(first_invalid_utf8("x\xf0\x9f\x8e\xb2y\xc1\x81"), 6U);
}

TEST(QuotePath, NeverCutsAPath) {
  // A path longer than any quoted text: the whole of it is named.
  const std::string path = "/" + std::string(200, 'd') + "/graphs/no-such-file.txt";
  EXPECT_EQ(quote_path(path), "'" + path + "'");
  EXPECT_EQ(printable_path(path), path);
}

TEST(QuotePath, ShowsControlBytesAndBadUtf8AsHex) {
  EXPECT_EQ(quote_path("a\x1b[2Jb/\xff.txt"), "'a\\x1b[2Jb/\\xff.txt'");
  EXPECT_EQ(printable_path(std::string("x\0y", 3)), "x\\x00y");
}

}  // namespace
}  // namespace grundy
