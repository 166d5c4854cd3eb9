#include "grundy/parse_number.hpp"

#include <algorithm>
#include <charconv>

namespace grundy {

std::string_view why_not_u64(std::string_view text) {
  if (text.empty()) return "it is empty";
  const auto digits = [](std::string_view t) {
    return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (text.front() == '-' && digits(text.substr(1))) {
    // "-0" is zero written with a sign, not a negative number.
    return text.find_first_not_of("0", 1) == std::string_view::npos ? "it has a sign" : "it is negative";
  }
  if (text.front() == '+') return "it has a sign";
  if (!std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    if (text.find_first_of(" \t\r\n") != std::string_view::npos) return "it contains a blank";
    if (text.find_first_of(".eE") != std::string_view::npos && std::all_of(text.begin(), text.end(), [](char c) {
          return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E';
        }))
      return "it is not written as a whole number in plain digits";
    return "it contains a character other than a digit";
  }
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc::result_out_of_range) return "it is larger than 18446744073709551615";
  (void)end;
  return {};
}

std::optional<std::uint64_t> parse_u64(std::string_view text) {
  if (text.empty()) return std::nullopt;
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  // from_chars accepts no sign for unsigned types, so '-1' and '+1' fail here.
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace grundy
