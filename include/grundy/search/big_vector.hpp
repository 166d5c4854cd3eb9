#pragma once
// BigAllocator: an allocator for the engine's large arrays (a value and an
// index slot per position, the walk's stack), which for a game of 10^6
// positions hold tens of megabytes. Blocks of 1 MiB or more are mapped
// directly and marked for transparent huge pages: on the machines measured,
// first touches of fresh 4 KiB pages (page faults) were a quarter of the
// time of solving such a game (bench/python/speed.py). Smaller blocks come
// from operator new.
//
// Cost: one operator new or delete, or one mmap (with madvise) or munmap,
// per block: O(1) calls, the pages zeroed by the kernel at first touch. A
// mapped block takes a whole number of 2 MiB pages: up to 2 MiB more than
// asked. A BigVector grows as std::vector does, old and new blocks held at once.

#include <sys/mman.h>

#include <cstddef>
#include <new>
#include <vector>

namespace grundy {

template <class T>
class BigAllocator {
 public:
  using value_type = T;
  BigAllocator() = default;
  template <class U>
  explicit BigAllocator(const BigAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kBig) return static_cast<T*>(::operator new(bytes));
    void* p = ::mmap(nullptr, rounded(bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    ::madvise(p, rounded(bytes), MADV_HUGEPAGE);  // a hint: without THP, plain pages
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kBig) {
      ::operator delete(p);
    } else {
      ::munmap(p, rounded(bytes));
    }
  }
  template <class U>
  bool operator==(const BigAllocator<U>&) const noexcept {
    return true;
  }

 private:
  static constexpr std::size_t kBig = std::size_t{1} << 20;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;
  static std::size_t rounded(std::size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }
};

template <class T>
using BigVector = std::vector<T, BigAllocator<T>>;

}  // namespace grundy
