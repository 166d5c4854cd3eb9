#include "grundy/quote.hpp"

#include <fmt/format.h>

#include "support/utf8.hpp"

namespace grundy {
namespace {

// The first `max_characters` characters of `text`, made printable; `cut`
// tells whether anything was left out.
std::string printable_prefix(std::string_view text, std::size_t max_characters, bool& cut) {
  std::string out;
  std::size_t characters = 0;
  std::size_t i = 0;
  while (i < text.size() && characters < max_characters) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
    } else if (const std::size_t n = c >= 0x80 && !c1_control_at(text, i) ? utf8_sequence_length(text, i) : 0; n > 0) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out += fmt::format("\\x{:02x}", c);
      ++i;
    }
    ++characters;
  }
  cut = i < text.size();
  return out;
}

}  // namespace

std::string printable_text(std::string_view text) {
  bool cut = false;
  std::string out = printable_prefix(text, kQuotedMax, cut);
  if (cut) out += fmt::format("... ({} bytes)", text.size());
  return out;
}

std::string quote(std::string_view text) {
  bool cut = false;
  const std::string shown = printable_prefix(text, kQuotedMax, cut);
  if (cut) return fmt::format("'{}...' ({} bytes)", shown, text.size());
  return fmt::format("'{}'", shown);
}

std::string printable_whole(std::string_view text) {
  bool cut = false;
  return printable_prefix(text, text.size(), cut);
}

std::string printable_path(std::string_view path) { return printable_whole(path); }

std::string quote_path(std::string_view path) { return fmt::format("'{}'", printable_path(path)); }

}  // namespace grundy
