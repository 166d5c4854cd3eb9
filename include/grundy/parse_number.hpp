#pragma once
// Strict parsing of the unsigned numbers people type: decimal digits only, no
// sign, no blanks, no exponent, no silent wrap past 2^64 - 1. Public for
// front-ends, which read their own numbers (options, counts) by the same rule
// and with the same reasons as the library reads positions.

#include <cstdint>
#include <optional>
#include <string_view>

namespace grundy {

// The value of `text` if it is a decimal number from 0 to 2^64 - 1.
// O(length of the text), nothing allocated.
[[nodiscard]] std::optional<std::uint64_t> parse_u64(std::string_view text);

// Why `text` is not such a number, for an error message ("it is negative",
// "it is larger than 18446744073709551615", ...). Empty if it is one.
// O(length of the text), nothing allocated (a few passes over it).
[[nodiscard]] std::string_view why_not_u64(std::string_view text);

}  // namespace grundy
