// The component search (component_search.hpp), its nimber sets and its
// bounded table, on games whose values are known by other means: Nim heaps
// (values up to 300, past what a NimberSet holds) and Kayles written as
// parts (held against the octal family). Cram's tests (tests/games/) hold
// the search against a brute force on boards.
#include "grundy/hash_mix.hpp"
#include "grundy/search/component_search.hpp"

#include <cstdint>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/nimber_set.hpp"
#include "grundy/spec.hpp"
#include "grundy/search/part_table.hpp"
#include "grundy/search/transposition_table.hpp"

namespace grundy {
namespace {

std::set<unsigned> members(const NimberSet& s) {
  std::set<unsigned> out;
  for (unsigned v = 0; v < NimberSet::kLimit; ++v)
    if (s.contains(v)) out.insert(v);
  return out;
}

TEST(NimberSet, OperationsAgreeWithAStdSet) {
  std::mt19937_64 rng(33);
  for (int trial = 0; trial < 2000; ++trial) {
    NimberSet s;
    std::set<unsigned> expected;
    const unsigned n = static_cast<unsigned>(rng() % 40);
    for (unsigned i = 0; i < n; ++i) {
      const auto v = static_cast<unsigned>(rng() % (trial % 2 == 0 ? 256 : 70));
      s.insert(v);
      expected.insert(v);
    }
    ASSERT_EQ(members(s), expected);
    ASSERT_EQ(s.size(), expected.size());
    ASSERT_EQ(s.empty(), expected.empty());
    if (!expected.empty()) {
      ASSERT_EQ(s.min(), *expected.begin());
      ASSERT_EQ(s.max(), *expected.rbegin());
      std::set<unsigned> smaller = expected;
      smaller.erase(std::prev(smaller.end()));
      ASSERT_EQ(members(s.without_max()), smaller);
    }
    const auto x = static_cast<unsigned>(rng() % 256);
    std::set<unsigned> xored;
    for (unsigned v : expected) xored.insert(v ^ x);
    ASSERT_EQ(members(s.xored(x)), xored) << "x = " << x;
    const auto keep = static_cast<unsigned>(rng() % 10);
    std::set<unsigned> least;
    for (unsigned v : expected)
      if (least.size() < keep) least.insert(v);
    ASSERT_EQ(members(s.least(keep)), least);
  }
  EXPECT_EQ(members(NimberSet::below(0)), std::set<unsigned>{});
  EXPECT_EQ(NimberSet::below(65).size(), 65u);
  EXPECT_EQ(NimberSet::all().size(), 256u);
  EXPECT_FALSE(NimberSet::all().contains(256));  // values past the set are never members
}

using IdHash = MixedHash;  // ids are consecutive: mixed (grundy/hash_mix.hpp)

TEST(TranspositionTable, StaysWithinItsBoundAndNeverAnswersWrongly) {
  TranspositionTable<std::uint64_t, std::uint64_t, IdHash> table(64 * 1024);
  for (std::uint64_t k = 1; k <= 200000; ++k) table.store(k, k * 7, k % 50);
  EXPECT_LE(table.bytes(), 64u * 1024);
  // While it doubled last, the old slots (half as many) were held too: also within the bound.
  EXPECT_LE(table.bytes() + table.bytes() / 2, 64u * 1024);
  EXPECT_GT(table.replaced(), 0u);
  std::size_t found = 0;
  for (std::uint64_t k = 1; k <= 200000; ++k)
    if (const auto v = table.find(k)) {
      ASSERT_EQ(*v, k * 7);
      ++found;
    }
  EXPECT_EQ(found, table.size());
  EXPECT_GT(found, 1000u);  // a full table, not an empty one
  // Heavy entries are the ones kept.
  std::size_t heavy = 0;
  table.for_each([&](std::uint64_t, std::uint64_t, std::size_t weight) { heavy += weight >= 25; });
  EXPECT_GT(heavy, found * 3 / 4);
}

// Below its bound a table keeps what it is given: all of it when told to
// (a table read back from a file), else all but the rare entry whose 16
// slots were taken while the table was under two thirds full (806 of
// these 100,000 when this was written).
TEST(TranspositionTable, KeepsEverythingBelowItsBound) {
  TranspositionTable<std::uint64_t, std::uint64_t, IdHash> table(std::size_t{1} << 30);
  for (std::uint64_t k = 0; k < 100000; ++k) table.store(k, k + 1, 1, /*keep_all=*/true);
  EXPECT_EQ(table.size(), 100000u);
  EXPECT_EQ(table.replaced(), 0u);
  for (std::uint64_t k = 0; k < 100000; ++k) ASSERT_EQ(table.find(k), k + 1);
  table.store(5, 9, 3);  // a key stored again is updated, not doubled
  EXPECT_EQ(table.find(5), 9u);
  EXPECT_EQ(table.size(), 100000u);

  TranspositionTable<std::uint64_t, std::uint64_t, IdHash> cache(std::size_t{1} << 30);
  for (std::uint64_t k = 0; k < 100000; ++k) cache.store(k, k + 1, 1);
  EXPECT_LT(cache.replaced(), 1500u);  // 1.5%
  std::size_t kept = 0;
  for (std::uint64_t k = 0; k < 100000; ++k)
    if (const auto v = cache.find(k)) {
      ASSERT_EQ(*v, k + 1);
      ++kept;
    }
  EXPECT_EQ(kept + cache.replaced(), 100000u);

  // A file is read back in its table's order, which is the order of the
  // keys' hashes: runs of neighbours that crowd a smaller table's windows
  // long before it is a quarter full. Every entry still comes back.
  for (std::uint64_t k = 100000; k < 400000; ++k) cache.store(k, k + 1, 1);
  TranspositionTable<std::uint64_t, std::uint64_t, IdHash> restored(std::size_t{1} << 30);
  cache.for_each([&](std::uint64_t k, std::uint64_t v, std::size_t w) { restored.store(k, v, w, /*keep_all=*/true); });
  EXPECT_EQ(restored.size(), cache.size());
  EXPECT_EQ(restored.replaced(), 0u);
  cache.for_each([&](std::uint64_t k, std::uint64_t v, std::size_t) { ASSERT_EQ(restored.find(k), v); });
}

// A search's table keeps the stronger of two facts about a part, whatever
// the order they come in: a value over values the part does not have, and
// two sets of such values joined (two threads finishing one part at once).
TEST(PartTable, KeepsTheStrongerFactAboutAPart) {
  constexpr std::uint64_t x = kSearchEntryExcluded;
  PartTable<std::uint64_t, IdHash> table(std::size_t{1} << 20);
  table.store(1, 5, 1);
  table.store(1, x | 0b1011, 1);  // a weaker fact stored after the value
  EXPECT_EQ(table.find(1), 5u);
  table.store(2, x | 0b0011, 1);
  table.store(2, x | 0b1100, 1);
  EXPECT_EQ(table.find(2), x | 0b1111);
  table.store(2, 4, 1);  // the value, once found, is what a find gives
  EXPECT_EQ(table.find(2), 4u);
  EXPECT_EQ(table.size(), 4u);  // (a value and a fact for each part, in two tables)
  // A plain table keeps the value stored last.
  TranspositionTable<std::uint64_t, std::uint64_t, IdHash> plain(std::size_t{1} << 20);
  plain.store(1, 5, 1);
  plain.store(1, x | 1, 1);
  EXPECT_EQ(plain.find(1), x | 1);
}

// Values grow with need; the facts (values a part does not have) are a
// cache of at most two slots for each slot of values, whose entries give
// way to newer ones, and never hide a value.
TEST(PartTable, FactsAreACacheTheValuesSize) {
  using Table = PartTable<std::uint64_t, IdHash>;
  constexpr std::uint64_t x = kSearchEntryExcluded;
  Table table(std::size_t{1} << 30);
  const std::size_t first_bytes = table.bytes();  // the values' first slots
  for (std::uint64_t k = 1; k <= 10'000; ++k) table.store(k, x | 1, 1 + k % 9);
  EXPECT_LE(table.bytes(), (1 + Table::kFactSlotsPerValueSlot) * first_bytes);
  EXPECT_EQ(table.find(10'000), x | 1);
  for (std::uint64_t k = 1; k <= 100'000; ++k) table.store(k * 7, k % 5, 1);
  const std::size_t value_bytes = table.bytes() - Table::kFactSlotsPerValueSlot * first_bytes;
  EXPECT_GE(value_bytes, 100'000 * sizeof(std::uint64_t) * 2);
  for (std::uint64_t k = 1; k <= 2'000'000; ++k) table.store(k, x | 2, 1 + k % 9);
  EXPECT_GT(table.bytes(), value_bytes + value_bytes / 2);                      // the cache grew with the values...
  EXPECT_LE(table.bytes(), (1 + Table::kFactSlotsPerValueSlot) * value_bytes);  // ... up to twice theirs
  EXPECT_GT(table.replaced(), 1'000'000u);
  EXPECT_EQ(table.find(2'000'000), x | 2);  // the newest fact is there
  // The values stay (but for a few whose window filled up early: the table
  // is a cache), whatever facts came after them.
  std::size_t kept = 0;
  for (std::uint64_t k = 1; k <= 100'000; ++k) {
    const std::optional<std::uint64_t> found = table.find(k * 7);
    if (!found || (*found & x) != 0) continue;
    ASSERT_EQ(*found, k % 5) << k;
    ++kept;
  }
  EXPECT_GE(kept, 99'000u);
}

// Word slots (16 bytes: a one-word part and its entry) give back what was
// stored: values, weights up to 63, and of the values a part is known not
// to have those below 57 (fewer is still a fact; more would be a lie).
TEST(PartTable, WordSlotsKeepValuesAndTheLowExcludedValues) {
  constexpr std::uint64_t x = kSearchEntryExcluded;
  static_assert(sizeof(WordSlots::Slot) == 16);
  for (const std::uint64_t v : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{41}, (std::uint64_t{1} << 57) - 1}) {
    const WordSlots::Slot s = WordSlots::make(0xF0F0F0F0F0F0F0F0u, v, 63);
    EXPECT_EQ(WordSlots::value(s), v);
    EXPECT_EQ(WordSlots::weight(s), 63u);
    EXPECT_TRUE(WordSlots::holds(s, 0xF0F0F0F0F0F0F0F0u));
    EXPECT_FALSE(WordSlots::holds(s, 0xF0F0F0F0F0F0F0F1u));
  }
  const std::uint64_t low = (std::uint64_t{1} << 57) - 1;
  EXPECT_EQ(WordSlots::value(WordSlots::make(7, x | 0b1011, 1)), x | 0b1011);
  EXPECT_EQ(WordSlots::value(WordSlots::make(7, x | ~x, 1)), x | low);  // values 57 to 62 forgotten
  EXPECT_EQ(WordSlots::weight(WordSlots::Slot{}), 0u);                  // zeroed memory: free slots
  PartTable<std::uint64_t, IdHash, WordSlots> table(std::size_t{1} << 20);
  for (std::uint64_t k = 1; k <= 1000; ++k)  // (keep_all: a full window doubles the table rather than replace)
    table.store(k * 0x9E3779B97F4A7C15u, k % 7 == 0 ? x | k : k, 1 + k % 60, /*keep_all=*/true);
  for (std::uint64_t k = 1; k <= 1000; ++k) EXPECT_EQ(table.find(k * 0x9E3779B97F4A7C15u), k % 7 == 0 ? x | k : k) << k;
  EXPECT_EQ(table.size(), 1000u);
}

// A table's own bound on its slots: it doubles up to it, then its newest
// entries push out the lightest.
TEST(TranspositionTable, ASlotBoundStopsTheDoubling) {
  TranspositionTable<std::uint64_t, std::uint64_t, IdHash> table(std::size_t{1} << 30);
  table.set_slot_bytes_bound(std::size_t{64} << 10);
  for (std::uint64_t k = 1; k <= 100'000; ++k) table.store(k, k + 1, 1);
  EXPECT_LE(table.slot_bytes_held(), std::size_t{64} << 10);
  EXPECT_GT(table.slot_bytes_held(), std::size_t{16} << 10);
  EXPECT_EQ(table.find(100'000), 100'001u);
  EXPECT_EQ(table.size() + table.replaced(), 100'000u);
  table.set_slot_bytes_bound(std::size_t{1} << 20);  // a larger bound: it doubles again
  for (std::uint64_t k = 100'001; k <= 120'000; ++k) table.store(k, k + 1, 1);
  EXPECT_GT(table.slot_bytes_held(), std::size_t{64} << 10);
}

// Two tables under one bound (a search's small and large parts): each
// doubling counts what the other holds, so together they stay within it.
TEST(TranspositionTable, TablesSharingABoundStayWithinItTogether) {
  const std::size_t bound = 256 * 1024;
  auto budget = std::make_shared<TableBudget>(bound);
  {
    TranspositionTable<std::uint64_t, std::uint64_t, IdHash> a(budget), b(budget);
    for (std::uint64_t k = 1; k <= 100000; ++k) {
      a.store(k, k + 1, 1 + k % 9);
      b.store(k, k + 2, 1 + k % 5);
    }
    EXPECT_EQ(budget->used_bytes.load(), a.bytes() + b.bytes());
    EXPECT_LE(a.bytes() + b.bytes(), bound);
    EXPECT_GT(a.bytes(), bound / 8);  // both grew: neither was starved
    EXPECT_GT(b.bytes(), bound / 8);
    for (std::uint64_t k = 1; k <= 100000; ++k) {
      if (const auto v = a.find(k)) {
        ASSERT_EQ(*v, k + 1);
      }
      if (const auto v = b.find(k)) {
        ASSERT_EQ(*v, k + 2);
      }
    }
  }
  EXPECT_EQ(budget->used_bytes.load(), 0u);  // what a table held is given back when it goes
}

// Keys that hold memory of their own (strings, vectors: a Sprouts position,
// a tuple of a game as code) count it in the bound: long keys leave fewer
// slots than short ones under the same bound, and what the table says it
// holds is what its budget counts, down to 0 when it goes.
struct StringHash {
  std::size_t operator()(const std::string& s) const { return IdHash{}(std::hash<std::string>{}(s)); }
};

TEST(TranspositionTable, KeysThatHoldMemoryCountInTheBound) {
  static_assert(key_heap_bytes(std::uint64_t{7}) == 0);
  EXPECT_GE(key_heap_bytes(std::string(1000, 'x')), 1000u);
  EXPECT_EQ(key_heap_bytes(std::vector<std::uint32_t>(10)), 40u);
  const std::size_t bound = 1 << 20;
  auto budget = std::make_shared<TableBudget>(bound);
  std::size_t short_slots = 0;
  {
    TranspositionTable<std::string, std::uint64_t, StringHash> shorts(bound);
    for (std::uint64_t k = 0; k < 50000; ++k) shorts.store(std::to_string(k), k, 1);
    short_slots = shorts.bytes();
  }
  {
    TranspositionTable<std::string, std::uint64_t, StringHash> longs(budget);
    for (std::uint64_t k = 0; k < 50000; ++k) {
      std::string key = std::to_string(k) + std::string(200, '.');
      longs.store(key, k, 1);
      ASSERT_EQ(longs.find(key), k) << "a key just stored is found";
    }
    EXPECT_EQ(budget->used_bytes.load(), longs.bytes());
    EXPECT_LE(longs.bytes(), bound + bound / 4);  // within the bound, give or take the keys of one window
    EXPECT_GT(longs.replaced(), 0u);              // 50,000 keys of 200 bytes do not fit in 1 MiB
    EXPECT_LT(longs.size(), 50000u / 8);
    EXPECT_GT(longs.size(), 500u);
    // The slots stopped doubling earlier than with short keys.
    std::size_t long_key_bytes = 0;
    longs.for_each([&](const std::string& k, std::uint64_t, std::size_t) { long_key_bytes += key_heap_bytes(k); });
    EXPECT_LT(longs.bytes() - long_key_bytes, short_slots);
  }
  EXPECT_EQ(budget->used_bytes.load(), 0u);
}

// Large blocks come on 2 MiB boundaries (where the kernel may give huge
// pages), small ones from the ordinary heap; both are memory to write, and
// a large block's pages given back read as zeros.
TEST(TranspositionTable, TableMemoryLargeAndSmall) {
  for (const std::size_t bytes : {std::size_t{100}, std::size_t{5} << 20, (std::size_t{8} << 20) + 3}) {
    auto* block = static_cast<unsigned char*>(allocate_big_block(bytes));
    ASSERT_NE(block, nullptr);
    block[0] = 1;
    block[bytes - 1] = 2;
    EXPECT_EQ(block[0] + block[bytes - 1], 3);
#if defined(__linux__)
    if (bytes >= (std::size_t{4} << 20)) {
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(block) % (std::size_t{2} << 20), 0u);
    }
#endif
    release_big_block_pages(block, bytes);
    if (bytes >= kHugeFrom) {
      EXPECT_EQ(block[0] + block[bytes - 1], 0);
    }
    free_big_block(block, bytes);
  }
}

// A hash that sends every key to one slot fills one window, and the table
// replaces there instead of doubling without end.
TEST(TranspositionTable, ABadHashCostsEntriesNotMemory) {
  struct OneSlot {
    std::size_t operator()(std::uint64_t) const { return 0; }
  };
  TranspositionTable<std::uint64_t, std::uint64_t, OneSlot> table(std::size_t{1} << 30);
  for (std::uint64_t k = 0; k < 10000; ++k) table.store(k, k, 1 + k % 7);
  EXPECT_LE(table.bytes(), 4096u * 24);
  for (std::uint64_t k = 0; k < 10000; ++k) {
    if (const auto v = table.find(k)) {
      ASSERT_EQ(*v, k);
    }
  }
}

// One Nim heap is one part; its options are the smaller heaps, so a heap of
// n has value n: values past 255 take the plain path inside the pruned one.
struct NimParts {
  using Key = std::uint64_t;
  using KeyHash = IdHash;
  std::vector<Key> components(Key n) const { return n == 0 ? std::vector<Key>{} : std::vector<Key>{n}; }
  std::size_t size(Key n) const { return n; }
  template <class F>
  void for_each_option(Key n, F&& f) const {
    for (Key m = 0; m < n; ++m) f(m);
  }
};

// Kayles as parts: a position is two rows (a, b) packed as a << 32 | b; a
// part is one row (n, 0). Knocking down one pin or two neighbours splits a
// row in two.
struct KaylesParts {
  using Key = std::uint64_t;
  using KeyHash = IdHash;
  std::vector<Key> components(Key k) const {
    std::vector<Key> out;
    for (Key row : {Key{k >> 32}, Key{k & 0xffffffffU}})
      if (row != 0) out.push_back(row << 32);
    return out;
  }
  std::size_t size(Key k) const { return k >> 32; }
  template <class F>
  void for_each_option(Key k, F&& f) const {
    const Key n = k >> 32;
    for (Key left = 0; left + 1 <= n; ++left) {
      f(left << 32 | (n - 1 - left));
      if (left + 2 <= n) f(left << 32 | (n - 2 - left));
    }
  }
};

class Methods : public ::testing::TestWithParam<SearchMethod> {};

TEST_P(Methods, NimHeapsPastTheSetsLimit) {
  ComponentSearch<NimParts> search(NimParts{}, GetParam());
  for (std::uint64_t n : {0u, 1u, 63u, 64u, 200u, 255u, 256u, 300u}) EXPECT_EQ(search.value(n), Nimber(n)) << n;
}

TEST_P(Methods, KaylesAgreesWithTheOctalFamily) {
  const std::unique_ptr<Game> kayles = parse_game("kayles");
  ComponentSearch<KaylesParts> search(KaylesParts{}, GetParam());
  for (std::uint64_t n = 0; n <= 120; ++n) EXPECT_EQ(search.value(n << 32), kayles->value(n)) << n;
  for (std::uint64_t a = 0; a <= 30; ++a)
    for (std::uint64_t b = 0; b <= 30; ++b)
      ASSERT_EQ(search.value(a << 32 | b), kayles->value(a) ^ kayles->value(b)) << a << " + " << b;
}

INSTANTIATE_TEST_SUITE_P(Search, Methods, ::testing::Values(SearchMethod::plain, SearchMethod::pruned),
                         [](const auto& p) { return p.param == SearchMethod::plain ? "plain" : "pruned"; });

}  // namespace
}  // namespace grundy
