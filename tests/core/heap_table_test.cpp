#include "grundy/heap_table.hpp"

#include <stdexcept>

#include <gtest/gtest.h>

#include "support/brute_force.hpp"

namespace grundy {
namespace {

struct TakeOneToK {
  std::uint64_t k;
  void options(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    for (std::uint64_t s = 1; s <= k && s <= n; ++s) out.push_back(n - s);
  }
};

// A rule with large values: every smaller heap is an option (Nim), G(n) = n.
struct NimRule {
  void options(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    for (std::uint64_t m = 0; m < n; ++m) out.push_back(m);
  }
};

struct HalveOrTakeOne {  // options floor(n/2) (n >= 1) and n - 1
  void options(std::uint64_t n, std::vector<std::uint64_t>& out) const {
    if (n >= 1) {
      out.push_back(n / 2);
      out.push_back(n - 1);
    }
  }
};

struct Broken {  // moves upward: not a heap rule
  void options(std::uint64_t n, std::vector<std::uint64_t>& out) const { out.push_back(n + 1); }
};

TEST(HeapTable, TakeOneToKIsNModKPlusOne) {
  for (std::uint64_t k = 1; k <= 8; ++k) {
    const ValueTable t = heap_table(TakeOneToK{k}, 5000);
    ASSERT_EQ(t.size(), 5001u);
    for (std::uint64_t n = 0; n <= 5000; ++n) ASSERT_EQ(t[n].value(), n % (k + 1)) << "k=" << k << " n=" << n;
  }
}

TEST(HeapTable, WidensForLargeValues) {
  const ValueTable t = heap_table(NimRule{}, 300);
  EXPECT_EQ(t.bytes_per_value(), 2u);
  for (std::uint64_t n = 0; n <= 300; ++n) ASSERT_EQ(t[n].value(), n);
}

TEST(HeapTable, MatchesDefinition) {
  const ValueTable t = heap_table(HalveOrTakeOne{}, 20000);
  const auto brute = test::brute_heap_values(20000, [](std::uint64_t n) {
    std::vector<std::uint64_t> o;
    if (n >= 1) o = {n / 2, n - 1};
    return o;
  });
  for (std::uint64_t n = 0; n <= 20000; ++n) ASSERT_EQ(t[n].value(), brute[n]) << n;
}

TEST(HeapTable, ExtendsAnExistingTable) {
  ValueTable t = heap_table(TakeOneToK{3}, 10);
  extend_table(TakeOneToK{3}, t, 100);
  ASSERT_EQ(t.size(), 101u);
  for (std::uint64_t n = 0; n <= 100; ++n) ASSERT_EQ(t[n].value(), n % 4);
  extend_table(TakeOneToK{3}, t, 50);  // already there: nothing to do
  EXPECT_EQ(t.size(), 101u);
}

TEST(HeapTable, RefusesOptionsThatDoNotShrink) { EXPECT_THROW((void)heap_table(Broken{}, 5), std::logic_error); }

}  // namespace
}  // namespace grundy
