#pragma once
// UTF-8 well-formedness, by the table of well-formed byte sequences in the
// Unicode standard (section 3.9): no overlong forms, no surrogates, nothing
// above U+10FFFF. Used where input text is echoed (quote.hpp) or kept as
// names (graph files). Private to the library: front-ends echo input through
// quote.hpp.

#include <cstddef>
#include <string_view>

namespace grundy {

// The length (2 to 4) of the well-formed multi-byte sequence starting at
// text[i], or 0 if none starts there (ASCII bytes also give 0).
[[nodiscard]] std::size_t utf8_sequence_length(std::string_view text, std::size_t i);

// Whether a C1 control character (U+0080 to U+009F) starts at text[i]: the
// bytes C2 80 to C2 9F. Well-formed UTF-8, yet some terminals obey them as
// they obey ESC sequences (U+009B is a one-character CSI), so text from
// outside treats them as the control bytes they are.
[[nodiscard]] bool c1_control_at(std::string_view text, std::size_t i);

// The offset of the first byte of `text` that is not part of well-formed
// UTF-8, or std::string_view::npos if it is all well-formed.
[[nodiscard]] std::size_t first_invalid_utf8(std::string_view text);

}  // namespace grundy
