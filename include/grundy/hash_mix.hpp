#pragma once
// One mixer for every hash table keyed by integers: splitmix64's finaliser
// (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
// OOPSLA 2014). It spreads every input bit over the whole word, so keys that
// differ in a few bits, or consecutive ids, land in unrelated slots:
// std::hash of an integer is the integer itself on libstdc++, and keys such
// as 2^n - 1 would share the low bits that pick a slot.
//
// Cost: two multiplications and three shifts a key.

#include <cstddef>
#include <cstdint>

namespace grundy {

[[nodiscard]] constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// A sequence of words hashed one word at a time: start from kHashSeed and
// fold each word in. Cheaper than mix64 a word, since the words that
// follow go on spreading the bits.
inline constexpr std::uint64_t kHashSeed = 0x9e3779b97f4a7c15ULL;
[[nodiscard]] constexpr std::uint64_t mix_in(std::uint64_t hash, std::uint64_t word) noexcept {
  hash = (hash ^ word) * 0xbf58476d1ce4e5b9ULL;
  return hash ^ (hash >> 31);
}

// mix64 as a hash functor (std::unordered_map, ComponentSearch's KeyHash).
struct MixedHash {
  [[nodiscard]] std::size_t operator()(std::uint64_t key) const noexcept {
    return static_cast<std::size_t>(mix64(key));
  }
};

}  // namespace grundy
