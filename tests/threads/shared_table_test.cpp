// A TranspositionTable shared by threads (share()): several threads store
// and find at once, through doublings and, under a small bound,
// replacements. Every value stored for a key is a function of the key, so
// a find may miss but must never return anything else: a torn read (a key
// from one store, a value from another) or a read of memory already given
// back would show here, and ThreadSanitizer (the tsan preset) checks the
// accesses themselves.
#include <atomic>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/search/transposition_table.hpp"

namespace grundy {
namespace {

struct MixHash {
  std::size_t operator()(std::uint64_t k) const {
    return static_cast<std::size_t>((k ^ (k >> 29)) * 0xBF58476D1CE4E5B9u);
  }
};
struct StringHash {
  std::size_t operator()(const std::string& s) const { return std::hash<std::string>{}(s); }
};

std::uint64_t value_of(std::uint64_t key) { return key * 7 + 1; }

// Threads store and find keys from one range at once; returns the number
// of finds that hit (some must, or the test tested nothing).
template <class Table>
std::uint64_t hammer(Table& table, unsigned threads, std::uint64_t keys, int rounds) {
  table.share();
  std::atomic<std::uint64_t> hits{0}, wrong{0};
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      std::mt19937_64 rng(t + 1);
      std::uint64_t my_hits = 0;
      for (int i = 0; i < rounds; ++i) {
        const std::uint64_t k = rng() % keys;
        if (rng() % 3 == 0) {
          table.store(k, value_of(k), 1 + k % 50);
        } else if (const std::optional<std::uint64_t> v = table.find(k)) {
          ++my_hits;
          if (*v != value_of(k)) wrong.fetch_add(1);
        }
      }
      hits.fetch_add(my_hits);
    });
  for (std::thread& th : pool) th.join();
  table.unshare();
  EXPECT_EQ(wrong.load(), 0u);
  return hits.load();
}

TEST(SharedTable, ThreadsGrowingOneTableReadOnlyWhatWasStored) {
  TranspositionTable<std::uint64_t, std::uint64_t, MixHash> table(std::size_t{1} << 30);
  EXPECT_GT(hammer(table, 4, 200'000, 200'000), 10'000u);
  // Every key the table holds has its own value, one thread reading now.
  std::size_t held = 0;
  table.for_each([&](std::uint64_t k, std::uint64_t v, std::size_t) {
    EXPECT_EQ(v, value_of(k));
    ++held;
  });
  EXPECT_EQ(held, table.size());
  EXPECT_GT(held, 50'000u);
}

TEST(SharedTable, ThreadsAtTheBoundReplaceButNeverMix) {
  const std::size_t bound = 64 * 1024;
  TranspositionTable<std::uint64_t, std::uint64_t, MixHash> table(bound);
  EXPECT_GT(hammer(table, 4, 100'000, 200'000), 100u);
  EXPECT_LE(table.bytes(), bound);
  EXPECT_GT(table.replaced(), 0u);
}

// Stores made while another thread doubles the table are kept aside and
// made after it: none is lost. Four threads store disjoint keys only, from
// an empty table through a dozen doublings; every key is then there, but
// for the few a full window let go (counted as replaced).
TEST(SharedTable, StoresDuringADoublingAreKept) {
  TranspositionTable<std::uint64_t, std::uint64_t, MixHash> table(std::size_t{1} << 30);
  table.share();
  constexpr std::uint64_t kPerThread = 100'000;
  std::vector<std::thread> pool;
  for (std::uint64_t t = 0; t < 4; ++t)
    pool.emplace_back([&, t] {
      for (std::uint64_t k = t * kPerThread; k < (t + 1) * kPerThread; ++k) table.store(k, value_of(k), 1);
    });
  for (std::thread& th : pool) th.join();
  table.unshare();
  std::uint64_t found = 0;
  for (std::uint64_t k = 0; k < 4 * kPerThread; ++k)
    if (const auto v = table.find(k)) {
      EXPECT_EQ(*v, value_of(k));
      ++found;
    }
  EXPECT_EQ(found, table.size());  // (counted again, exactly, by unshare)
  EXPECT_GE(found + table.replaced(), 4 * kPerThread);
  EXPECT_LT(table.replaced(), 4 * kPerThread / 100);
}

// Keys holding memory are not plain words: finds take the locks.
TEST(SharedTable, KeysThatHoldMemoryAreReadUnderLocks) {
  TranspositionTable<std::string, std::uint64_t, StringHash> table(std::size_t{1} << 26);
  table.share();
  std::atomic<int> wrong{0};
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < 3; ++t)
    pool.emplace_back([&, t] {
      std::mt19937_64 rng(t + 10);
      for (int i = 0; i < 30'000; ++i) {
        const std::uint64_t k = rng() % 5'000;
        const std::string key = "a key long enough to hold memory: " + std::to_string(k);
        if (rng() % 2 == 0)
          table.store(key, value_of(k), 1);
        else if (const auto v = table.find(key); v && *v != value_of(k))
          wrong.fetch_add(1);
      }
    });
  for (std::thread& th : pool) th.join();
  table.unshare();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_GT(table.size(), 1'000u);
}

}  // namespace
}  // namespace grundy
