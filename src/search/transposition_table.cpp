#include "grundy/search/transposition_table.hpp"

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <new>
#include <utility>

#include <fmt/format.h>

#include "grundy/parse_number.hpp"

namespace grundy {

std::string format_byte_size(std::uint64_t bytes) {
  constexpr std::uint64_t kKiB = 1024, kMiB = kKiB << 10, kGiB = kMiB << 10;
  if (bytes >= kGiB)
    return bytes % kGiB == 0 ? fmt::format("{} GiB", bytes / kGiB)
                             : fmt::format("{:.1f} GiB", static_cast<double>(bytes) / static_cast<double>(kGiB));
  if (bytes >= kMiB && bytes % kMiB == 0) return fmt::format("{} MiB", bytes / kMiB);
  if (bytes >= kMiB) return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / static_cast<double>(kMiB));
  if (bytes >= kKiB && bytes % kKiB == 0) return fmt::format("{} KiB", bytes / kKiB);
  return fmt::format("{} bytes", bytes);
}

std::optional<std::uint64_t> parse_byte_size(std::string_view text) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])) != 0) ++digits;
  const std::optional<std::uint64_t> number = parse_u64(text.substr(0, digits));
  if (!number) return std::nullopt;
  std::string_view suffix = text.substr(digits);
  unsigned shift = 0;
  if (!suffix.empty()) {
    constexpr std::string_view kUnits = "KMGT";
    const std::size_t unit = kUnits.find(static_cast<char>(std::toupper(static_cast<unsigned char>(suffix[0]))));
    if (unit == std::string_view::npos) return std::nullopt;
    shift = 10 * static_cast<unsigned>(unit + 1);
    suffix.remove_prefix(1);
    if (suffix != "" && suffix != "B" && suffix != "iB" && suffix != "b") return std::nullopt;
  }
  if (*number > (~std::uint64_t{0} >> shift)) return std::nullopt;
  const std::uint64_t bytes = *number << shift;
  if (bytes < 1024) return std::nullopt;
  return bytes;
}

}  // namespace grundy
