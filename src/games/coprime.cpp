#include "grundy/games/coprime.hpp"

#include <limits>
#include <numeric>

#include "grundy/primes/factor.hpp"
#include "grundy/primes/prime_pi.hpp"

namespace grundy {

namespace {

// True when m >= p has no prime factor below the prime p.
bool no_factor_below(std::uint64_t m, std::uint64_t p) {
  for (std::uint32_t q : primes::small_primes()) {
    if (q >= p) return true;
    if (std::uint64_t{q} * q > m) return true;  // m is prime, and m >= p
    if (m % q == 0) return false;
  }
  return primes::least_prime_factor(m) >= p;
}

}  // namespace

std::uint64_t CoprimeGame::prime_index(std::uint64_t p) const {
  if (p < 65536) return primes::prime_pi(p);
  {
    std::lock_guard lock(cache_mutex_);
    if (auto it = index_cache_.find(p); it != index_cache_.end()) return it->second;
  }
  const std::uint64_t index = primes::prime_pi(p);
  std::lock_guard lock(cache_mutex_);
  index_cache_.emplace(p, index);
  return index;
}

Nimber CoprimeGame::value(Position x) const {
  if (x <= 1) return Nimber(x);
  if (x % 2 == 0) return Nimber(0);
  return Nimber(prime_index(primes::least_prime_factor(x)));
}

std::vector<Position> CoprimeGame::moves_to_value(Position x, Nimber target) const {
  return first_moves_to_value(x, target, std::numeric_limits<std::uint64_t>::max()).moves;
}

MoveSample CoprimeGame::first_moves_to_value(Position x, Nimber target, std::uint64_t limit) const {
  MoveSample sample;
  const std::uint64_t t = target.value();
  // Records z as a move unless the sample is full; false once it is.
  auto add = [&](std::uint64_t z) {
    if (sample.moves.size() >= limit) return false;
    sample.moves.push_back(z);
    return true;
  };
  auto none = [&] {
    sample.total = 0;
    return sample;
  };
  if (x == 0) return none();
  if (x == 1) {  // the only move takes the last stone, to 0
    if (t != 0) return none();
    add(0);
    sample.total = 1;
    return sample;
  }
  if (t == 0) {
    // Heaps of value 0 below x: 0 (never coprime to x >= 2) and even heaps,
    // coprime to x only when x is odd; phi(x) counts 1..x-1 coprime to x
    // and z <-> x - z pairs odd with even ones.
    if (x % 2 == 0) return none();
    sample.total = primes::euler_phi(x) / 2;
    for (std::uint64_t z = 2; z < x && sample.moves.size() < *sample.total; z += 2)
      if (std::gcd(z, x) == 1 && !add(z)) break;
    return sample;
  }
  if (t == 1) {  // only the heap 1 has value 1, and gcd(x, 1) = 1
    add(1);
    sample.total = 1;
    return sample;
  }
  // Value t >= 2: odd heaps whose least prime factor is the t-th prime p.
  if (t >= x) return none();  // the t-th prime exceeds t
  const std::uint64_t p = primes::nth_prime(t);
  if (p >= x || x % p == 0) return none();
  const std::uint64_t max_m = (x - 1) / p;  // z = p * m < x
  std::uint64_t found = 0;
  bool more = false;
  auto consider = [&](std::uint64_t m) {
    if (std::gcd(m, x) != 1 || (m > 1 && !no_factor_below(m, p))) return true;
    ++found;
    if (!add(p * m)) {
      more = true;  // a move beyond the limit: the sample is incomplete
      return false;
    }
    return true;
  };
  if (consider(1)) {
    for (std::uint64_t m = p; m <= max_m; m += 2)
      if (!consider(m)) break;
  }
  if (!more) sample.total = found;
  return sample;
}

}  // namespace grundy
