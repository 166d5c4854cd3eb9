#pragma once
// Memory for the engine's large arrays: a search's table slots
// (transposition_table.hpp), a walk's value and index per position and its
// stack (value_walk.hpp), an interner's states (interner.hpp). Blocks of
// kHugeFrom bytes or more are aligned to the kernel's 2 MiB pages and
// marked for them (Linux's transparent huge pages): a search reads its
// table at random, and with 4 KiB pages nearly every read of a large table
// also missed the processor's page cache (4x11 Cram: 6% of the time); and
// first touches of fresh 4 KiB pages (page faults) were a quarter of the
// time of valuing a game of 10^6 positions written in Python
// (bench/python/speed.py). Smaller blocks, and other systems, get ordinary
// memory: a 2 MiB page for a block of 4 MiB wastes at most half of it, and
// smaller blocks fit the processor's page cache anyway.
//
// Cost: one allocation and one madvise, or one free, per block: O(1)
// calls, the pages zeroed by the kernel at first touch. A large block takes
// a whole number of 2 MiB pages: up to 2 MiB more than asked. A BigVector
// grows as std::vector does, old and new blocks held at once.

#include <cstddef>
#include <vector>

namespace grundy {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;
inline constexpr std::size_t kHugeFrom = std::size_t{4} << 20;

// A block of `bytes` (see the top). Throws std::bad_alloc.
[[nodiscard]] void* allocate_big_block(std::size_t bytes);
// Gives back a block from allocate_big_block of that many bytes.
void free_big_block(void* block, std::size_t bytes) noexcept;
// Gives the pages of such a block back to the system while keeping it
// mapped (a read of it then finds zeros); blocks too small for pages of
// their own are left as they are. O(pages).
void release_big_block_pages(void* block, std::size_t bytes) noexcept;

// A standard allocator over those blocks.
template <class T>
class BigAllocator {
 public:
  using value_type = T;
  BigAllocator() = default;
  template <class U>
  explicit BigAllocator(const BigAllocator<U>&) noexcept {}

  [[nodiscard]] T* allocate(std::size_t n) { return static_cast<T*>(allocate_big_block(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { free_big_block(p, n * sizeof(T)); }
  template <class U>
  bool operator==(const BigAllocator<U>&) const noexcept {
    return true;
  }
};

template <class T>
using BigVector = std::vector<T, BigAllocator<T>>;

}  // namespace grundy
