#pragma once
// What every fuzz target checks besides "no crash, no sanitizer report":
// a property that must hold for every input. A broken property prints what
// broke and aborts, which libFuzzer (and the corpus replay) reports as a crash
// with the input that caused it.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>

namespace grundy::fuzz {

[[noreturn]] inline void property_broken(std::string_view what, std::string_view detail) {
  std::fprintf(stderr, "fuzz property broken: %.*s\n  %.*s\n", static_cast<int>(what.size()), what.data(),
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

inline void check(bool holds, std::string_view what, std::string_view detail = {}) {
  if (!holds) property_broken(what, detail);
}

// The same with a detail built only when the property is broken (a game's
// spec can hold millions of numbers).
template <class Detail>
requires std::is_invocable_r_v<std::string, Detail&>
void check(bool holds, std::string_view what, Detail&& detail) {
  if (!holds) property_broken(what, detail());
}

// True if `message` starts with "SOURCE: line L, column C: " for whole
// numbers L, C >= 1: every reader error must say where it is.
[[nodiscard]] inline bool names_line_and_column(std::string_view message, std::string_view source) {
  if (message.substr(0, source.size()) != source) return false;
  message.remove_prefix(source.size());
  auto expect = [&message](std::string_view text) {
    if (message.substr(0, text.size()) != text) return false;
    message.remove_prefix(text.size());
    return true;
  };
  auto positive_number = [&message] {
    std::size_t digits = 0;
    while (digits < message.size() && message[digits] >= '0' && message[digits] <= '9') ++digits;
    const bool ok = digits > 0 && message[0] != '0';
    message.remove_prefix(digits);
    return ok;
  };
  return expect(": line ") && positive_number() && expect(", column ") && positive_number() && expect(": ") &&
         !message.empty();
}

// True if `message` is safe to print: no control bytes, no DEL, and valid
// UTF-8 (checked here by the bit patterns of lead and continuation bytes,
// independently of grundy's own quote.hpp). Messages quote user input, which
// may hold any bytes.
[[nodiscard]] inline bool printable_message(std::string_view message) {
  std::size_t i = 0;
  while (i < message.size()) {
    const auto c = static_cast<unsigned char>(message[i]);
    if (c < 0x20 || c == 0x7F) return false;
    std::size_t length = 1;
    if (c >= 0x80) {
      if ((c & 0xE0) == 0xC0 && c >= 0xC2)
        length = 2;
      else if ((c & 0xF0) == 0xE0)
        length = 3;
      else if ((c & 0xF8) == 0xF0 && c <= 0xF4)
        length = 4;
      else
        return false;
      if (i + length > message.size()) return false;
      for (std::size_t k = 1; k < length; ++k)
        if ((static_cast<unsigned char>(message[i + k]) & 0xC0) != 0x80) return false;
    }
    i += length;
  }
  return true;
}

// The checks of every error message a fuzz target sees.
inline void check_message(std::string_view message) {
  check(message.size() > 10, "an error message says what is wrong", message);
  check(printable_message(message), "an error message is printable UTF-8 without control bytes", message);
}

}  // namespace grundy::fuzz
