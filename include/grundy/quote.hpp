#pragma once
// Text from outside (a spec, a position, a vertex name, a file name) quoted
// for an error message. Input bytes reach a terminal through our messages, so
// they are made harmless first: printable ASCII and well-formed UTF-8 stay as
// they are; control bytes (an escape sequence could reprogram the terminal,
// a NUL would cut the message short), DEL and bytes that are not UTF-8 are
// shown as \xNN. A long text is cut after kQuotedMax characters, with its
// size in bytes, at a character boundary; a file's path never is. Public for
// front-ends, which echo input in their own messages.

#include <cstddef>
#include <string>
#include <string_view>

namespace grundy {

inline constexpr std::size_t kQuotedMax = 60;

// 'text', made printable as above: quote("3\x1b[2J") == "'3\\x1b[2J'".
// O(kQuotedMax) however long the text: only its first characters are read.
[[nodiscard]] std::string quote(std::string_view text);

// The same without the quotes, for text inside a longer quoted phrase.
// O(kQuotedMax), as quote.
[[nodiscard]] std::string printable_text(std::string_view text);

// A file's path, quoted or made printable in the same way but never cut: a
// cut path would name another file, or none.
// O(length of the path).
[[nodiscard]] std::string quote_path(std::string_view path);
[[nodiscard]] std::string printable_path(std::string_view path);

// Any text made printable in the same way and never cut: for a message that
// quotes input itself (CLI11's), which a cut would garble.
// O(length of the text).
[[nodiscard]] std::string printable_whole(std::string_view text);

}  // namespace grundy
