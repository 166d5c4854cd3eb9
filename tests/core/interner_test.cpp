#include "grundy/search/interner.hpp"

#include <cstdint>
#include <random>
#include <string>
#include <unordered_map>

#include <gtest/gtest.h>

namespace grundy {
namespace {

TEST(Interner, NumbersPositionsInTheOrderFirstMet) {
  Interner<std::string> names;
  EXPECT_EQ(names.intern("b"), std::make_pair(std::uint64_t{0}, true));
  EXPECT_EQ(names.intern("a"), std::make_pair(std::uint64_t{1}, true));
  EXPECT_EQ(names.intern("b"), std::make_pair(std::uint64_t{0}, false));
  EXPECT_EQ(names.size(), 2u);
  EXPECT_EQ(names[1], "a");
}

// Against a std::unordered_map, over many growths, with integer keys whose
// std::hash is the identity (runs of consecutive hashes) and with a hash
// that collides often (equal hashes, different positions).
TEST(Interner, AgreesWithAMapThroughGrowthAndCollisions) {
  struct Collide {
    std::size_t operator()(std::uint64_t x) const { return static_cast<std::size_t>(x % 97); }
  };
  Interner<std::uint64_t> plain;
  Interner<std::uint64_t, HashTraits<std::uint64_t, Collide>> colliding;
  std::unordered_map<std::uint64_t, std::uint64_t> oracle;
  std::mt19937_64 rng(3);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t x = i % 3 == 0 ? rng() % 5000 : static_cast<std::uint64_t>(i);
    const auto [it, added] = oracle.try_emplace(x, oracle.size());
    ASSERT_EQ(plain.intern(x), std::make_pair(it->second, added)) << x;
    ASSERT_EQ(colliding.intern(x), std::make_pair(it->second, added)) << x;
  }
  for (const auto& [x, id] : oracle) ASSERT_EQ(plain[id], x);
  EXPECT_EQ(plain.size(), oracle.size());
}

// Python's == may run any code, grundy's included: a comparison that interns
// other positions (and grows the table) meanwhile must not lose or repeat one.
struct Reentrant;
using ReentrantInterner = Interner<std::uint64_t, Reentrant>;
struct Reentrant {
  ReentrantInterner* const* self = nullptr;  // set once the interner exists
  mutable std::uint64_t next = 1000;
  [[nodiscard]] std::uint64_t hash(std::uint64_t x) const { return x % 4; }
  [[nodiscard]] bool equal(std::uint64_t a, std::uint64_t b) const {
    // Reaches back in, the first 60 times (each time, the probe starts again).
    if (next < 1180)
      for (int k = 0; k < 3; ++k) (void)(*self)->intern(next++);
    return a == b;
  }
};

TEST(Interner, AComparisonThatInternsMeanwhileLosesNothing) {
  ReentrantInterner* where = nullptr;
  ReentrantInterner positions(Reentrant{&where});
  where = &positions;
  std::unordered_map<std::uint64_t, std::uint64_t> ids;
  for (std::uint64_t x = 0; x < 40; ++x) {
    const std::uint64_t id = positions.id(x % 20);
    if (x >= 20) {
      EXPECT_EQ(id, ids.at(x % 20)) << x;
    }
    ids.emplace(x % 20, id);
  }
  // Every position, those added by the comparisons too, has exactly one id.
  std::unordered_map<std::uint64_t, std::uint64_t> seen;
  for (std::uint64_t id = 0; id < positions.size(); ++id) ASSERT_TRUE(seen.emplace(positions[id], id).second);
}

}  // namespace
}  // namespace grundy
