#pragma once
// The coprime-take game (Codeforces 2004E "Not a Nim Problem"):
// from a heap of x a move takes any y >= 1 stones with gcd(x, y) = 1.
//
// G(0) = 0, G(1) = 1, G(x) = 0 for even x, and G(x) = pi(lpf(x)) for odd
// x >= 3: the index among the primes of the least prime factor of x
// (docs/games/coprime.md has the proof). Values are exact for every 64-bit
// heap: least prime factors by trial division and Pollard's rho, prime
// indices by libprimecount (primes/).
//
// Costs: the value of an odd x finds its least prime factor p (factor.hpp:
// at most 6542 trial divisions, then Pollard's rho, expected O(x^(1/4)))
// and counts the primes up to p: a table below 2^16, else libprimecount,
// O(p^(2/3) / log^2 p): seconds near 10^16, minutes near 2^64 (a prime
// heap is its own p). Each prime's index is remembered: O(1) memory a prime.

#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "grundy/game_family.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/one_to_one_game.hpp"

namespace grundy {

class CoprimeGame final : public OneToOneGame, public HeapGame {
 public:
  [[nodiscard]] const HeapGame* heap_game() const override { return this; }
  [[nodiscard]] std::string spec() const override { return "coprime"; }
  [[nodiscard]] Nimber value(Position x) const override;
  // Every move to `target`: for small heaps only (see first_moves_to_value).
  // O(x) gcds and up to O(x) memory for a heap of x (value 0: phi(x)/2 moves).
  [[nodiscard]] std::vector<Position> moves_to_value(Position x, Nimber target) const override;
  // The moves to `target` in increasing order of the heap left, found without
  // scanning every take: value 0 is reached by even heaps coprime to x
  // (phi(x)/2 of them for odd x), value 1 only by the heap 1, and value k >= 2
  // by the heaps p*m < x with p the k-th prime and m having no prime factor
  // below p, coprime to x (their number is not computed: "more").
  // Cost: value 0, phi(x) (a factorisation) and about one gcd per even heap
  // tried until `limit` are found; value k >= 2, nth_prime(k) (libprimecount
  // past the 6542nd), then m = 1, p, p + 2, ... tried, each a gcd and trial
  // division by the primes below min(p, sqrt(m)) (a factorisation past
  // 2^16), until `limit` are found: all x / (2p) of them when fewer exist.
  [[nodiscard]] MoveSample first_moves_to_value(Position x, Nimber target, std::uint64_t limit) const override;
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] Pattern pattern(std::uint64_t limit) const override;
  [[nodiscard]] std::string why_not_move(Position from, Position to) const override;
  // From 0, phi(x) (a factorisation) for the total; then one gcd per heap
  // until `limit` are listed, O(limit log log x) of them as coprime heaps are
  // dense; counted to the end only within 4096 heaps of x.
  [[nodiscard]] MoveSample moves_from(Position p, Position lowest, std::uint64_t limit) const override;

  // pi(p) for a prime p, remembered: sums and contest inputs repeat primes.
  // Below 2^16 a binary search in a table; else a hash lookup under a lock,
  // and prime_pi(p) the first time.
  [[nodiscard]] std::uint64_t prime_index(std::uint64_t p) const;

 private:
  mutable std::mutex cache_mutex_;
  mutable std::unordered_map<std::uint64_t, std::uint64_t> index_cache_;
};

// The family in the registry (registry.hpp).
extern const GameFamily kCoprimeFamily;

}  // namespace grundy
