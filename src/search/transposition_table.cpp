#include "grundy/search/transposition_table.hpp"

#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <new>
#include <utility>

#include <fmt/format.h>

#include "grundy/parse_number.hpp"

namespace grundy {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
// Blocks from this size on are asked for on huge pages: one page of 2 MiB
// for a table of 4 MiB wastes at most half of it, and smaller tables fit
// the processor's page cache anyway.
constexpr std::size_t kHugeFrom = std::size_t{4} << 20;
}  // namespace

void* allocate_table_memory(std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= kHugeFrom) {
    const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* block = std::aligned_alloc(kHugePage, rounded);
    if (block == nullptr) throw std::bad_alloc();
    (void)madvise(block, rounded, MADV_HUGEPAGE);  // (a hint: refused, the pages are ordinary)
    return block;
  }
#endif
  return ::operator new(bytes);
}

void release_table_pages(void* block, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= kHugeFrom) {
    // (aligned to huge pages by allocate_table_memory; a refusal only keeps the memory)
    (void)madvise(block, (bytes + kHugePage - 1) / kHugePage * kHugePage, MADV_DONTNEED);
    return;
  }
#endif
  (void)block;
  (void)bytes;
}

void free_table_memory(void* block, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= kHugeFrom) {
    std::free(block);
    return;
  }
#endif
  ::operator delete(block);
}

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
