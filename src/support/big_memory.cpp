#include "grundy/search/big_memory.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include <cstdlib>
#include <new>

namespace grundy {

namespace {
std::size_t in_huge_pages(std::size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }
}  // namespace

void* allocate_big_block(std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= kHugeFrom) {
    const std::size_t rounded = in_huge_pages(bytes);
    void* block = std::aligned_alloc(kHugePage, rounded);
    if (block == nullptr) throw std::bad_alloc();
    (void)madvise(block, rounded, MADV_HUGEPAGE);  // (a hint: refused, the pages are ordinary)
    return block;
  }
#endif
  return ::operator new(bytes);
}

void release_big_block_pages(void* block, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= kHugeFrom) {
    // (aligned to huge pages by allocate_big_block; a refusal only keeps the memory)
    (void)madvise(block, in_huge_pages(bytes), MADV_DONTNEED);
    return;
  }
#endif
  (void)block;
  (void)bytes;
}

void free_big_block(void* block, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= kHugeFrom) {
    std::free(block);
    return;
  }
#endif
  ::operator delete(block);
}

}  // namespace grundy
