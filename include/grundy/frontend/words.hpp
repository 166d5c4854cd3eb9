#pragma once
// Small text helpers shared by the command line's conversations (play) and
// the web API (serve_api): both read a sum as words and write sentences.

#include <string>
#include <string_view>
#include <vector>

namespace grundy::frontend {

// The words of `text`, split at spaces, tabs and line ends.
[[nodiscard]] std::vector<std::string> split_words(std::string_view text);

// `text` with its first letter upper-case (ASCII): a sentence's start.
[[nodiscard]] std::string capitalized(std::string text);

}  // namespace grundy::frontend
