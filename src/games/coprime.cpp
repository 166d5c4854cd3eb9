#include "grundy/games/coprime.hpp"

#include <limits>
#include <numeric>

#include <fmt/format.h>

#include "grundy/pattern.hpp"
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

std::string CoprimeGame::move_rule() const {
  return "a move takes y tokens from a heap of x for any y from 1 to x with gcd(x, y) = 1";
}

std::string CoprimeGame::why_not_move(Position from, Position to) const {
  if (from == 0) return "an empty heap has no moves";
  if (to >= from) return heap_not_smaller(from, to);
  const std::uint64_t take = from - to;
  if (const std::uint64_t g = std::gcd(from, take); g != 1)
    return fmt::format(
        "taking {} from {} is not a move: gcd({}, {}) = {}, and a move takes a number of tokens "
        "coprime to the heap",
        take, from, from, take, g);
  return {};
}

// Leaving z takes x - z, and gcd(x, x - z) = gcd(x, z): the moves are the z
// below x coprime to x (z = 0 only for x = 1), phi(x) of them. Coprime z are
// dense (more than 1 in 20 below 2^64), so a scan finds `limit` of them fast;
// it counts them only over short ranges, or when it listed them all.
MoveSample CoprimeGame::moves_from(Position x, Position lowest, std::uint64_t limit) const {
  constexpr std::uint64_t kCountedRange = 1 << 12;
  MoveSample sample;
  if (x == 0 || lowest >= x) {
    sample.total = 0;
    return sample;
  }
  if (lowest == 0) sample.total = primes::euler_phi(x);
  const bool count_here = !sample.total && x - lowest <= kCountedRange;
  std::uint64_t found = 0;
  bool cut = false;
  for (std::uint64_t z = lowest; z < x; ++z) {
    if (std::gcd(x, z) != 1) continue;
    if (sample.moves.size() < limit) {
      sample.moves.push_back(z);
    } else if (!count_here) {
      cut = true;
      break;
    }
    ++found;
  }
  if (!sample.total && !cut) sample.total = found;
  return sample;
}

// More values cannot help, and --limit 2^28 costs minutes and gigabytes.
Pattern CoprimeGame::pattern(std::uint64_t limit) const {
  Pattern out = observe_pattern(*this, limit);
  if (out.kind != PatternKind::none) return out;
  out.reason =
      "G(p) = pi(p) for every odd prime p (docs/games/coprime.md): the values grow without bound, so no rule of "
      "either kind can hold";
  out.advice = {};
  return out;
}

namespace {
std::unique_ptr<Game> parse_coprime(const SpecText& spec) {
  spec.expect_no_params();
  return std::make_unique<CoprimeGame>();
}
}  // namespace

const GameFamily kCoprimeFamily{"coprime", "coprime",
                                "a heap of x tokens; take any y >= 1 of them with gcd(x, y) = 1 (Codeforces 2004E); "
                                "exact values for every 64-bit heap",
                                "coprime", parse_coprime};

}  // namespace grundy
