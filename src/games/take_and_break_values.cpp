#include "grundy/games/take_and_break_values.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <exception>
#include <istream>
#include <limits>
#include <ostream>
#include <atomic>
#include <thread>
#include <type_traits>
#include <utility>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"
#include "grundy/thread_pool.hpp"

#include "pair_values.hpp"
#include "speculation_ring.hpp"

namespace grundy {

namespace {

// Heap h with value v is rare under a mask when popcount(v & mask), plus
// h + offset with the parity, is even. The offset is the parity of the
// tokens every split removes (parity_offset): a split of n removing t then
// leaves two common heaps whose XOR is rare for n, so the mex is common.
bool rare_under(std::uint64_t h, std::uint32_t v, std::uint32_t mask, bool with_parity, std::uint64_t offset) {
  return (std::popcount(v & mask) % 2 != 0) == (with_parity && (h + offset) % 2 != 0);
}

constexpr std::uint8_t kLeavesNone = 1, kLeavesOne = 2, kLeavesTwo = 4, kLeavesThree = 8;
constexpr std::uint64_t kHashBase = 0x9E3779B97F4A7C15ULL;  // odd: a unit modulo 2^64
// Pairs scanned between two checks of whether every rare value needed is seen.
constexpr std::uint64_t kScanBlock = 32;
// Blocks of kScanBlock pairs marked into bits before the vector scan (scan_bit_blocks).
constexpr std::uint64_t kBitBlocks = 8;
// Values a whole scan of a table in a file reads between two releases of
// the pages behind it.
constexpr std::uint64_t kScanChunk = std::uint64_t{1} << 22;
// Two threads on one table run ahead for at least this many heaps
// (speculation_ring.hpp).
constexpr std::uint64_t kSpeculateAtLeast = 4096;

// A steady clock's reading in seconds (the trials of two threads against one).
double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The value spaces the bitmap scan takes (2^11 values: a bitmap of four
// vector registers), and the pairs marked before it.
constexpr std::uint32_t kBitmapSpace = 2048;
constexpr std::uint64_t kBitmapFirstBlock = 1024;
// Larger value spaces are scanned a window of 2^12 values at a time (a
// bitmap of eight vector registers), lowest first, until one is left.
constexpr std::uint32_t kWindowBits = 4096;
// Wanted values within 512 of each other take a window of one register
// (Grundy's game: its values stay below 256 but pass it, so two bytes).
constexpr std::uint32_t kSmallWindowBits = 512;
// Vectors of pairs tested between two updates of the bitmap's registers.
// The first batch is smaller and each next one twice as large: a first batch
// of 32 made every scan test at least 1,024 pairs, more than most of
// Grundy's game's scans need (4 took its G(0..2^25 - 1) in 0.85 of the
// time; 1 was level with 4; 0.0666 to 2^18 was level with 32).
constexpr std::size_t kWindowBatch = 32;
constexpr std::size_t kFirstWindowBatch = 4;
// The same for one-byte values (drop_pairs_by_bitmap_avx512): Grundy's game
// to 2^20 took 0.95 of the time with a first batch of 2 rather than 4,
// 0.354 the same (1 against 2: within the noise).
constexpr std::size_t kFirstByteBatch = 2;
// The pairs the rare-value search compares directly before it turns to the
// bitmap.
constexpr std::uint64_t kBitmapAfter = 512;
constexpr std::size_t kBitmapAtOnce = 4;

// In place: w[m] = sum over v of w[v] * (-1)^popcount(v & m).
void walsh_hadamard(std::vector<std::int64_t>& w) {
  for (std::size_t len = 1; len < w.size(); len *= 2)
    for (std::size_t i = 0; i < w.size(); i += 2 * len)
      for (std::size_t j = i; j < i + len; ++j) {
        const std::int64_t a = w[j], b = w[j + len];
        w[j] = a + b;
        w[j + len] = a - b;
      }
}

// Pairs (a, m - a) looked at in blocks of a vector's lanes: the heaps a
// are loaded forwards, their partners backwards and reversed, so one XOR
// gives a block's option values, compared at once with each value still
// looked for. With AVX2 where the processor has it (a clone chosen when
// the program starts), SSE2 otherwise.
// (Not under ThreadSanitizer: a clone's resolver runs before its runtime
// is up, and the program crashes at start.)
#if defined(__x86_64__) && defined(__has_attribute) && !defined(__SANITIZE_THREAD__)
#if __has_attribute(target_clones)
#define GRUNDY_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef GRUNDY_VECTOR_CLONES
#define GRUNDY_VECTOR_CLONES
#endif

using ByteLanes = std::uint8_t __attribute__((vector_size(32)));
using WordLanes = std::uint16_t __attribute__((vector_size(32)));
using QuadLanes = std::uint64_t __attribute__((vector_size(32)));

template <class Lanes>
bool any_lane(const Lanes& lanes) {
  QuadLanes q;
  std::memcpy(&q, &lanes, sizeof q);
  return (q[0] | q[1] | q[2] | q[3]) != 0;
}

// Removes from want[0..count) each value some pair (a, m - a) with
// first <= a <= last has (order not kept); returns how many are left.
template <class V>
std::size_t drop_pair_values_tail(const V* g, std::uint64_t m, std::uint64_t a, std::uint64_t last, std::uint32_t* want,
                                  std::size_t count) {
  for (; count > 0 && a <= last; ++a) {
    const auto x = static_cast<std::uint32_t>(g[a] ^ g[m - a]);
    for (std::size_t j = 0; j < count; ++j)
      if (want[j] == x) {
        want[j] = want[--count];
        break;
      }
  }
  return count;
}

// Inlined into each clone below, so that it is compiled for its target.
template <class Lanes, class V>
[[gnu::always_inline]] inline std::size_t drop_pair_values_by_lanes(const V* g, std::uint64_t m, std::uint64_t a,
                                                                    std::uint64_t last, std::uint32_t* want,
                                                                    std::size_t count) {
  constexpr std::uint64_t kLanes = sizeof(Lanes) / sizeof(V);
  for (; count > 0 && a + kLanes - 1 <= last; a += kLanes) {
    Lanes ahead, behind;
    std::memcpy(&ahead, g + a, sizeof ahead);
    std::memcpy(&behind, g + (m - a - (kLanes - 1)), sizeof behind);
    Lanes x;  // ahead ^ behind in reverse order (no helper: a vector return would change the ABI)
    if constexpr (kLanes == 32) {
      x = ahead ^ __builtin_shufflevector(behind, behind, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
                                          16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    } else {
      x = ahead ^ __builtin_shufflevector(behind, behind, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    }
    for (std::size_t j = 0; j < count;) {
      if (any_lane(x == Lanes{} + static_cast<V>(want[j]))) {
        want[j] = want[--count];
      } else {
        ++j;
      }
    }
  }
  return drop_pair_values_tail(g, m, a, last, want, count);
}

GRUNDY_VECTOR_CLONES
std::size_t drop_pair_values_portable(const std::uint8_t* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                      std::uint32_t* want, std::size_t count) {
  return drop_pair_values_by_lanes<ByteLanes>(g, m, a, last, want, count);
}

GRUNDY_VECTOR_CLONES
std::size_t drop_pair_values_portable(const std::uint16_t* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                      std::uint32_t* want, std::size_t count) {
  return drop_pair_values_by_lanes<WordLanes>(g, m, a, last, want, count);
}

#if defined(__x86_64__)
// The same scan with AVX2 written out, for one- and two-byte values: a block
// of pairs is tested against every value still wanted at once, and only a
// block that holds one (about a quarter of them in Grundy's game) is looked
// at lane by lane, through its bit mask. The portable version tests each
// wanted value in turn, with a costly reduction each.
template <class V>
[[gnu::target("avx2")]] std::size_t drop_pair_values_avx2(const V* g, std::uint64_t m, std::uint64_t a,
                                                          std::uint64_t last, std::uint32_t* want, std::size_t count) {
  constexpr std::uint64_t kLanes = 32 / sizeof(V);
  // Reverses the values in each half of a vector.
  const __m256i reverse = sizeof(V) == 1 ? _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,  //
                                                            15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
                                         : _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,  //
                                                            14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  // movemask gives a bit per byte: one per lane is kept.
  constexpr std::uint32_t kLaneBits = sizeof(V) == 1 ? 0xffffffffu : 0x55555555u;
  for (; count > 0 && a + kLanes - 1 <= last; a += kLanes) {
    const __m256i ahead = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + a));
    __m256i behind = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + (m - a - (kLanes - 1))));
    behind = _mm256_shuffle_epi8(behind, reverse);
    behind = _mm256_permute2x128_si256(behind, behind, 1);  // the halves swapped: all reversed
    const __m256i x = _mm256_xor_si256(ahead, behind);      // lane k: G(a + k) ^ G(m - a - k)
    __m256i hits = _mm256_setzero_si256();
    for (std::size_t j = 0; j < count; ++j) {
      if constexpr (sizeof(V) == 1) {
        hits = _mm256_or_si256(hits, _mm256_cmpeq_epi8(x, _mm256_set1_epi8(static_cast<char>(want[j]))));
      } else {
        hits = _mm256_or_si256(hits, _mm256_cmpeq_epi16(x, _mm256_set1_epi16(static_cast<short>(want[j]))));
      }
    }
    auto lanes_hit = static_cast<std::uint32_t>(_mm256_movemask_epi8(hits)) & kLaneBits;
    if (lanes_hit == 0) continue;
    alignas(32) V values[kLanes];
    _mm256_store_si256(reinterpret_cast<__m256i*>(values), x);
    for (; lanes_hit != 0; lanes_hit &= lanes_hit - 1) {
      const std::uint32_t v = values[static_cast<unsigned>(std::countr_zero(lanes_hit)) / sizeof(V)];
      for (std::size_t j = 0; j < count; ++j)
        if (want[j] == v) {
          want[j] = want[--count];
          break;
        }
    }
  }
  return drop_pair_values_tail(g, m, a, last, want, count);
}

const bool kHasAvx2 = __builtin_cpu_supports("avx2");

// GCC 12's AVX-512 headers start some conversions from _mm512_undefined,
// which -Wmaybe-uninitialized reports wrongly once they are inlined here.
#if defined(__GNUC__) && !defined(__clang__)  // Clang has neither warning nor the false report
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
// The pairs G(a) ^ G(m - a), a in [a, last], tested against a window of
// Bits wanted values starting at `base` (bit k of `want`: base + k is
// wanted): a pair's byte of the bitmap is fetched by byte permutations from
// registers (Bits / 1024 of them, blended by the index's high bits) and its
// bit tested, so a pair costs a fraction of an instruction however many
// values are wanted. Each value below the mex is found at least once, so
// finds are many (thousands a heap in 0.0666): they are gathered a batch of
// up to kWindowBatch vectors at a time (compressed into a buffer), then dropped
// from the bitmap in memory, which is read back into the registers once per
// batch. Dropping them vector by vector cost 2.5 times as much: a
// mispredicted branch on every fifth vector, and a register reload right
// after the store it needs. Returns how many values are still wanted.
template <std::uint32_t Bits>
[[gnu::target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2"), gnu::noinline]] std::size_t
drop_pairs_in_window_avx512(const std::uint16_t* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                            std::uint32_t base, std::uint8_t* want, std::size_t wanted) {
  static_assert(Bits == 512 || Bits == 2048 || Bits == 4096);
  constexpr std::size_t kTables = Bits / 512;  // 64-byte registers
  constexpr std::uint64_t kLanes = 32;
  alignas(64) std::uint16_t order[kLanes];
  for (std::uint64_t k = 0; k < kLanes; ++k) order[k] = static_cast<std::uint16_t>(kLanes - 1 - k);
  const __m512i reverse = _mm512_load_si512(order);
  const __m512i shift = _mm512_set1_epi16(static_cast<short>(base));
  const __m512i bits = _mm512_set1_epi16(static_cast<short>(Bits));
  const __m512i seven = _mm512_set1_epi16(7), one = _mm512_set1_epi16(1);
  const __m512i bit_seven = _mm512_set1_epi16(128), bit_eight = _mm512_set1_epi16(256);
  alignas(64) std::uint16_t found[kWindowBatch * kLanes + kLanes];
  std::size_t batch = kFirstWindowBatch;
  while (a + kLanes - 1 <= last) {
    __m512i t[kTables];
    for (std::size_t k = 0; k < kTables; ++k) t[k] = _mm512_loadu_si512(want + 64 * k);
    std::uint16_t* end = found;
    for (std::size_t b = 0; b < batch && a + kLanes - 1 <= last; ++b, a += kLanes) {
      const __m512i ahead = _mm512_loadu_si512(g + a);
      const __m512i behind = _mm512_loadu_si512(g + (m - a - (kLanes - 1)));
      // Lane k: G(a + k) ^ G(m - a - k), less base (modulo 2^16).
      const __m512i x = _mm512_sub_epi16(_mm512_xor_si512(ahead, _mm512_permutexvar_epi16(reverse, behind)), shift);
      const __mmask32 inside = _mm512_cmplt_epu16_mask(x, bits);
      const __m512i index = _mm512_srli_epi16(x, 3);  // its byte; the low 7 bits pick within two registers
      __m512i bytes;
      if constexpr (kTables == 1) {
        // One register: vpermb reads the low 6 bits of the index's low byte
        // (the high byte's lookup lands in the lane's high byte, shifted
        // out of the tested bit).
        bytes = _mm512_permutexvar_epi8(index, t[0]);
      } else {
        const __mmask32 upper = _mm512_test_epi16_mask(index, bit_seven);
        bytes = _mm512_mask_blend_epi16(upper, _mm512_permutex2var_epi8(t[0], index, t[1]),
                                        _mm512_permutex2var_epi8(t[2], index, t[3]));
      }
      if constexpr (kTables == 8) {
        const __mmask32 upper = _mm512_test_epi16_mask(index, bit_seven);
        const __m512i high = _mm512_mask_blend_epi16(upper, _mm512_permutex2var_epi8(t[4], index, t[5]),
                                                     _mm512_permutex2var_epi8(t[6], index, t[7]));
        bytes = _mm512_mask_blend_epi16(_mm512_test_epi16_mask(index, bit_eight), bytes, high);
      }
      const __mmask32 hits =
          _mm512_mask_test_epi16_mask(inside, _mm512_srlv_epi16(bytes, _mm512_and_si512(x, seven)), one);
      _mm512_storeu_si512(end, _mm512_maskz_compress_epi16(hits, x));
      end += std::popcount(static_cast<std::uint32_t>(hits));
    }
    for (const std::uint16_t* p = found; p < end; ++p) {  // without branches: many are found twice
      const std::uint32_t k = *p;
      wanted -= static_cast<std::size_t>((want[k / 8] >> (k % 8)) & 1);
      want[k / 8] = static_cast<std::uint8_t>(want[k / 8] & ~(1u << (k % 8)));
    }
    if (wanted == 0) return 0;
    batch = std::min(2 * batch, kWindowBatch);
  }
  for (; a <= last && wanted != 0; ++a) {
    const std::uint32_t k = static_cast<std::uint16_t>((g[a] ^ g[m - a]) - base);
    if (k < Bits && (want[k / 8] >> (k % 8) & 1) != 0) {
      want[k / 8] = static_cast<std::uint8_t>(want[k / 8] & ~(1u << (k % 8)));
      --wanted;
    }
  }
  return wanted;
}

// The values still wanted as a bitmap of kBitmapSpace bits, and the pairs
// G(a) ^ G(m - a), a in [a, last], tested against it a vector at a time.
// Two-byte values take the window scan above at base 0. One-byte values
// take 64 pairs a vector (their bitmap is one register: the byte v / 8 is
// fetched by a byte permutation, its bit v % 8 tested); the values found
// are gathered a batch of vectors at a time and dropped after it, as in the
// window scan. Grundy's game to 2^20 finds wanted values in 29% of its
// 51 M vectors (33 values wanted a scan on average): dropping them vector
// by vector, behind a mispredicted branch, took 1.19 times as long.
// 512-bit vectors took 0.81 of the time of 256-bit ones on Zen 4, which
// splits them in two but runs half the instructions (a processor that
// lowers its clock for them may differ). Returns how many values are still
// wanted.
template <class V>
[[gnu::target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2"), gnu::noinline]] std::size_t
drop_pairs_by_bitmap_avx512(const V* g, std::uint64_t m, std::uint64_t a, std::uint64_t last, std::uint8_t* want,
                            std::size_t wanted) {
  auto drop = [&](std::uint32_t v) {
    if (v < kBitmapSpace && (want[v / 8] >> (v % 8) & 1) != 0) {
      want[v / 8] = static_cast<std::uint8_t>(want[v / 8] & ~(1u << (v % 8)));
      --wanted;
    }
  };
  if constexpr (sizeof(V) == 1) {
    constexpr std::uint64_t kLanes = 64;
    alignas(64) std::uint8_t order[kLanes];
    for (std::uint64_t k = 0; k < kLanes; ++k) order[k] = static_cast<std::uint8_t>(kLanes - 1 - k);
    const __m512i reverse = _mm512_load_si512(order);
    const __m512i seven = _mm512_set1_epi8(7);
    const __m512i powers = _mm512_broadcast_i32x4(_mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0));
    // The bitmap (values below 256: 32 bytes) in both halves of a register:
    // the byte index v / 8 comes from a 16-bit shift, which puts a bit of
    // the next byte into bit 5, and vpermb reads bits 0 to 5. (Loaded
    // without a lambda: a lambda does not take the function's target.)
    const auto* bitmap = reinterpret_cast<const __m256i*>(want);
    alignas(64) std::uint8_t found[kWindowBatch * kLanes + kLanes];
    std::size_t batch = kFirstByteBatch;
    while (a + kLanes - 1 <= last) {
      const __m512i table = _mm512_broadcast_i64x4(_mm256_loadu_si256(bitmap));
      std::uint8_t* end = found;
      for (std::size_t b = 0; b < batch && a + kLanes - 1 <= last; ++b, a += kLanes) {
        const __m512i ahead = _mm512_loadu_si512(g + a);
        const __m512i behind = _mm512_loadu_si512(g + (m - a - (kLanes - 1)));
        const __m512i x = _mm512_xor_si512(ahead, _mm512_permutexvar_epi8(reverse, behind));
        const __m512i bytes = _mm512_permutexvar_epi8(_mm512_srli_epi16(x, 3), table);
        const __m512i bits = _mm512_shuffle_epi8(powers, _mm512_and_si512(x, seven));
        const std::uint64_t hits = _mm512_test_epi8_mask(bytes, bits);
        _mm512_storeu_si512(end, _mm512_maskz_compress_epi8(hits, x));
        end += std::popcount(hits);
      }
      for (const std::uint8_t* p = found; p < end; ++p) {  // without branches: many are found twice
        const std::uint32_t k = *p;
        wanted -= static_cast<std::size_t>((want[k / 8] >> (k % 8)) & 1);
        want[k / 8] = static_cast<std::uint8_t>(want[k / 8] & ~(1u << (k % 8)));
      }
      if (wanted == 0) return 0;
      batch = std::min(2 * batch, kWindowBatch);
    }
  } else {
    return drop_pairs_in_window_avx512<kBitmapSpace>(g, m, a, last, 0, want, wanted);
  }
  for (; a <= last && wanted != 0; ++a) drop(static_cast<std::uint32_t>(g[a] ^ g[m - a]));
  return wanted;
}

const bool kHasAvx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
                        __builtin_cpu_supports("avx512vbmi2");

// The rare-value loop of start_block: for the kBlock (16) heaps n0 + k
// at once, one lane each, the values R ^ G(n0 + k - t - r) of the pairs of
// a rare heap r of value R, for the rare heaps of index [lo, hi) but
// [skip_lo, skip_hi), with base = n0 - t; each value sets its bit in the
// lane's bitmap of 64 W bits, kept as 2 W registers of 32-bit quarters
// (bits[q][k]: bits 32 q .. 32 q + 31 of heap n0 + k). A variable shift
// past 31 gives 0, so each quarter takes only its own values.
template <class V, std::size_t W>
[[gnu::target("avx512f,avx512bw"), gnu::noinline]] void mark_rare_pairs_ahead(
    const V* g, std::uint64_t base, const std::uint64_t* rare, const std::uint32_t* rare_value, std::size_t lo,
    std::size_t skip_lo, std::size_t skip_hi, std::size_t hi, std::uint32_t (*bits)[16]) {
  constexpr std::size_t kQuarters = 2 * W;
  __m512i acc[kQuarters];
  for (std::size_t q = 0; q < kQuarters; ++q) acc[q] = _mm512_loadu_si512(bits[q]);
  const __m512i one = _mm512_set1_epi32(1);
  // Lambdas do not take the function's target: one loop over both ranges.
  for (std::size_t i = lo; i < hi; ++i) {
    if (i == skip_lo) i = skip_hi;
    if (i >= hi) break;
    const V* from = g + (base - rare[i]);
    __m512i v;
    if constexpr (sizeof(V) == 1) {
      v = _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(from)));
    } else {
      v = _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(from)));
    }
    v = _mm512_xor_si512(v, _mm512_set1_epi32(static_cast<int>(rare_value[i])));
    for (std::size_t q = 0; q < kQuarters; ++q)
      acc[q] = _mm512_or_si512(
          acc[q], _mm512_sllv_epi32(one, _mm512_sub_epi32(v, _mm512_set1_epi32(static_cast<int>(32 * q)))));
  }
  for (std::size_t q = 0; q < kQuarters; ++q) _mm512_storeu_si512(bits[q], acc[q]);
}

// Bit k of want (kWindowBits bits): base + k < space and seen[base + k]
// is not `stamp` (a value not yet among the options). Returns how many.
// Sixteen stamps a comparison: this ran bit by bit in 0.2464, a tenth of
// its time (8,192 steps a heap, against about 6,000 vectors of pairs).
[[gnu::target("avx512f,avx512bw")]] std::size_t unstamped_bits_avx512(const std::uint32_t* seen, std::uint32_t stamp,
                                                                      std::uint32_t base, std::uint32_t space,
                                                                      std::uint8_t* want) {
  const __m512i stamps = _mm512_set1_epi32(static_cast<int>(stamp));
  std::size_t wanted = 0;
  for (std::uint32_t k = 0; k < kWindowBits; k += 16) {
    std::uint32_t bits = 0;
    if (base + k + 16 <= space) {
      bits = _mm512_cmpneq_epu32_mask(_mm512_loadu_si512(seen + base + k), stamps);
    } else {
      for (std::uint32_t j = 0; j < 16 && base + k + j < space; ++j)
        bits |= static_cast<std::uint32_t>(seen[base + k + j] != stamp) << j;
    }
    want[k / 8] = static_cast<std::uint8_t>(bits);
    want[k / 8 + 1] = static_cast<std::uint8_t>(bits >> 8);
    wanted += static_cast<std::size_t>(std::popcount(bits));
  }
  return wanted;
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

// Whether the wanted values fit one window of the bitmap scan (one-byte
// values always do).
template <class V>
bool fits_window(const std::uint32_t* want, std::size_t count) {
  if constexpr (sizeof(V) == 1) {
    return true;
  } else {
    const auto [lo, hi] = std::minmax_element(want, want + count);
    return *hi - *lo < kWindowBits;
  }
}

// drop_pair_values with the bitmap scan: `want` (count values that
// fits_window) keeps those no pair has; returns how many. Two-byte values
// take a window from the smallest wanted, of 2,048 values where they fit
// (half the permutations of 4,096).
template <class V>
std::size_t drop_pair_values_by_bitmap(const V* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                                       std::uint32_t* want, std::size_t count) {
  alignas(64) std::uint64_t bits[kWindowBits / 64] = {};
  const auto [lowest, highest] = std::minmax_element(want, want + count);
  const std::uint32_t base = sizeof(V) == 1 ? 0 : *lowest;
  const std::uint32_t span = *highest - base + 1;
  // Kept apart from the span: in one loop, GCC 12 took each k through a
  // vector register and the stack (a store forwarded to a wider load that
  // stalls), 20% of Grundy's game's time past 2^26 heaps.
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t k = want[i] - base;
    bits[k / 64] |= std::uint64_t{1} << (k % 64);
  }
  auto* bytes = reinterpret_cast<std::uint8_t*>(bits);
  std::size_t left = 0;
  if constexpr (sizeof(V) == 1) {
    left = drop_pairs_by_bitmap_avx512(g, m, a, last, bytes, count);
  } else if (span <= kSmallWindowBits) {
    left = drop_pairs_in_window_avx512<kSmallWindowBits>(g, m, a, last, base, bytes, count);
  } else if (span <= kBitmapSpace) {
    left = drop_pairs_in_window_avx512<kBitmapSpace>(g, m, a, last, base, bytes, count);
  } else {
    left = drop_pairs_in_window_avx512<kWindowBits>(g, m, a, last, base, bytes, count);
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < count && kept < left; ++i)
    if ((bits[(want[i] - base) / 64] >> ((want[i] - base) % 64) & 1) != 0) want[kept++] = want[i];
  return left;
}
#endif

template <class V>
std::size_t drop_pair_values(const V* g, std::uint64_t m, std::uint64_t a, std::uint64_t last, std::uint32_t* want,
                             std::size_t count) {
#if defined(__x86_64__)
  // The bitmap's cost does not grow with the values wanted; the AVX2
  // comparisons' does, but they start at once and are cheaper for one: most
  // scans end within their first few hundred pairs.
  // With many values wanted, the bitmap from the start.
  if (kHasAvx512 && count >= kBitmapAtOnce && fits_window<V>(want, count))
    return drop_pair_values_by_bitmap(g, m, a, last, want, count);
  if (kHasAvx512 && last > a + kBitmapAfter) {
    count = drop_pair_values_avx2(g, m, a, a + kBitmapAfter - 1, want, count);
    a += kBitmapAfter;
    if (count > 1 && fits_window<V>(want, count)) return drop_pair_values_by_bitmap(g, m, a, last, want, count);
  }
  if (kHasAvx2) return drop_pair_values_avx2(g, m, a, last, want, count);
#endif
  return drop_pair_values_portable(g, m, a, last, want, count);
}

}  // namespace

namespace detail {

std::size_t drop_pair_values(const std::uint8_t* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                             std::uint32_t* want, std::size_t count) {
  return grundy::drop_pair_values(g, m, a, last, want, count);
}

std::size_t drop_pair_values(const std::uint16_t* g, std::uint64_t m, std::uint64_t a, std::uint64_t last,
                             std::uint32_t* want, std::size_t count) {
  return grundy::drop_pair_values(g, m, a, last, want, count);
}

}  // namespace detail

TakeAndBreakValues::TakeAndBreakValues(std::vector<std::uint8_t> digits, bool unequal)
    : digits_(std::move(digits)), unequal_(unequal) {
  for (std::uint64_t t = 0; t < digits_.size(); ++t) {
    if ((digits_[t] & kLeavesNone) != 0) leave_none_.push_back(t);
    if ((digits_[t] & kLeavesOne) != 0) leave_one_.push_back(t);
    if ((digits_[t] & kLeavesTwo) != 0) leave_two_.push_back(t);
    if ((digits_[t] & kLeavesThree) != 0) three_way_ = true;
    if (digits_[t] != 0) most_taken_ = t;
  }
  split_totals_.resize(leave_two_.size());
  one_parity_ = !three_way_ && !leave_two_.empty();
  for (std::uint64_t t : leave_two_) one_parity_ = one_parity_ && t % 2 == leave_two_.front() % 2;
  parity_offset_ = one_parity_ ? leave_two_.front() % 2 : 0;
  histogram_even_.assign(64, 0);
  histogram_odd_.assign(64, 0);
  seen_.assign(64, 0);
  need_.assign(64, 0);
  sort_values_by_class();
}

// Values split by the parity of their bits under the mask (all even when
// no mask is in use).
void TakeAndBreakValues::sort_values_by_class() {
  even_values_.clear();
  odd_values_.clear();
  for (std::uint32_t v = 0; v < 64 * words_; ++v) (odd_under_mask(v) ? odd_values_ : even_values_).push_back(v);
  even_bits_.fill(0);
  odd_bits_.fill(0);
  for (std::uint32_t v : even_values_)
    if (v < 64 * even_bits_.size()) even_bits_[v / 64] |= std::uint64_t{1} << (v % 64);
  for (std::uint32_t v : odd_values_)
    if (v < 64 * odd_bits_.size()) odd_bits_[v / 64] |= std::uint64_t{1} << (v % 64);
}

bool TakeAndBreakValues::odd_under_mask(std::uint32_t v) const { return std::popcount(v & sparsity_.mask) % 2 != 0; }

[[gnu::always_inline]] inline bool TakeAndBreakValues::is_rare_heap(std::uint64_t h, std::uint32_t v) const {
  return sparsity_.masked && rare_under(h, v, sparsity_.mask, sparsity_.with_parity, parity_offset_);
}

std::uint64_t TakeAndBreakValues::next_repeat_of_last(std::uint64_t p, std::uint64_t size) const {
  if (p >= size) return size;
  if (!wide_) {
    const std::uint8_t* g = narrow_values_.data();
    const void* at = ::memrchr(g, g[size - 1], size - p);  // the last match at or before size - 1 - p
    return at == nullptr ? size : size - 1 - static_cast<std::uint64_t>(static_cast<const std::uint8_t*>(at) - g);
  }
  const std::uint16_t* g = wide_values_.data();
  for (std::uint64_t q = p; q < size; ++q)
    if (g[size - 1 - q] == g[size - 1]) return q;
  return size;
}

std::optional<std::uint64_t> TakeAndBreakValues::take_cycle() { return std::exchange(cycle_, std::nullopt); }

// The value space is [0, 64 * words_), a power of two above every value, so
// the XOR of two values stays inside it. A heap h is rare when
// popcount(G(h) & m) + (with_parity ? h : 0) is even. The counts for every
// mask come from the Walsh-Hadamard transforms W_e, W_o of the histograms
// of even and odd heaps: N_e + N_o + W_e(m) + W_o(m) halved without the
// parity, (N_e + W_e(m)) / 2 + (N_o - W_o(m)) / 2 with it. The parity is
// only tried when every split removes tokens of one parity: only then is
// the class of a split's XOR the same for all of them.
TakeAndBreakValues::MaskChoice TakeAndBreakValues::best_mask(bool count_heap_zero) const {
  MaskChoice out;
  const auto heaps = static_cast<std::int64_t>(count_heap_zero ? size_ : size_ - 1);
  // Heaps 1..size-1 have (size-1)/2 even ones; heap 0 adds one more.
  const std::int64_t even_heaps = count_heap_zero ? (heaps + 1) / 2 : heaps / 2, odd_heaps = heaps - even_heaps;
  out.rare = heaps;
  const std::size_t space = 64 * words_;
  std::vector<std::int64_t> we(histogram_even_.begin(), histogram_even_.begin() + static_cast<std::ptrdiff_t>(space));
  std::vector<std::int64_t> wo(histogram_odd_.begin(), histogram_odd_.begin() + static_cast<std::ptrdiff_t>(space));
  if (count_heap_zero) ++we[0];
  walsh_hadamard(we);
  walsh_hadamard(wo);
  // With the parity, heaps h with h + parity_offset_ even are rare when
  // their masked value has even parity, the others when it has odd parity.
  const bool swap = parity_offset_ % 2 != 0;
  const std::vector<std::int64_t>& w_even = swap ? wo : we;
  const std::vector<std::int64_t>& w_odd = swap ? we : wo;
  const std::int64_t heaps_even = swap ? odd_heaps : even_heaps, heaps_odd = swap ? even_heaps : odd_heaps;
  for (std::size_t m = 0; m < space; ++m) {
    if (const std::int64_t rare = (heaps + we[m] + wo[m]) / 2; m > 0 && rare < out.rare)
      out = MaskChoice{static_cast<std::uint32_t>(m), false, rare, true};
    if (const std::int64_t rare = (heaps_even + w_even[m]) / 2 + (heaps_odd - w_odd[m]) / 2;
        one_parity_ && rare < out.rare)
      out = MaskChoice{static_cast<std::uint32_t>(m), true, rare, true};
  }
  return out;
}

void TakeAndBreakValues::choose_mask() {
  block_valid_ = false;                                     // its rare heaps change
  const auto heaps = static_cast<std::int64_t>(size_ - 1);  // heaps 1 .. size_ - 1
  const MaskChoice best = best_mask(false);
  // A mask pays while rare heaps are scarce: each costs a scalar lookup per
  // heap, where the plain mex costs a vector lane per pair. Measured to
  // 2^20: at 1% and 2% rare (0.1343, 0.126) the mask took 0.40 and 0.68 of
  // the plain mex's time, at 16% (0.1244) 3.4 times it; between, the two
  // are close. Hence a mask only below 1/16 rare, from 2^16 heaps on; below,
  // where either way takes milliseconds, up to 1/4 as before the vector
  // scan: the rare heaps of sparse games (Grundy's game, 0.142) crowd the
  // start of the table, and the mask then serves them from the start.
  const std::int64_t share = heaps >= (std::int64_t{1} << 16) ? 16 : 4;
  const bool masked = !three_way_ && !leave_two_.empty() && best.found && best.rare * share <= heaps;
  // The same mask keeps the same rare heaps (a heap's class depends on its
  // value, its parity and the mask only): the list stands, and the pass over
  // the whole table (a tenth of 0.1777's time to 2^27 when redone) is spared.
  const bool same = sparsity_.masked == masked && sparsity_.mask == (masked ? best.mask : 0) &&
                    sparsity_.with_parity == (masked && best.with_parity);
  sparsity_.masked = masked;
  sparsity_.mask = masked ? best.mask : 0;
  sparsity_.with_parity = masked && best.with_parity;
  sort_values_by_class();
  if (!same) {
    rare_heaps_.clear();
    rare_values_.clear();
  }
  if (masked && !same) {
    scan_forward_at(0);
    for (std::uint64_t h = 1; h < size_; ++h) {
      if (const std::uint32_t v = (*this)[h]; is_rare_heap(h, v)) {
        rare_heaps_.push_back(h);
        rare_values_.push_back(v);
      }
      if (h % kScanChunk == 0) scan_forward_at(h);
    }
  }
  sparsity_.rare_heaps = rare_heaps_.size();
  sparsity_.last_rare = rare_heaps_.empty() ? 0 : rare_heaps_.back();
  ++rare_version_;
  restart_cycle_search();
}

void TakeAndBreakValues::widen() {
  const std::uint64_t size = narrow_values_.size();
  const std::uint8_t* narrow = narrow_values_.data();
  if (TableFile* file = narrow_values_.file()) {
    // A new file of two-byte values beside the old, put in its place once
    // whole: a kill in between leaves the old one, which is whole too.
    const std::string path = file->path();
    TableFile wide = TableFile::create(path + ".wide", file->spec(), 2);
    wide.reserve(std::max(narrow_values_.capacity(), size + 1));
    auto* to = reinterpret_cast<std::uint16_t*>(wide.values());
    file->read_ahead(0, kScanChunk);
    for (std::uint64_t i = 0; i < size; i += kScanChunk) {
      const std::uint64_t end = std::min(size, i + kScanChunk);
      file->read_ahead(end, end + kScanChunk);
      std::copy(narrow + i, narrow + end, to + i);
      wide.release(i, end);
      file->release(i, end);
    }
    wide.commit(size);
    wide.rename_to(path);
    wide_values_ = ValueColumn<std::uint16_t>(std::move(wide));
    narrow_values_.clear();
    wide_ = true;
    return;
  }
  try {  // the room reserved for one-byte values, if it can be had twice over
    wide_values_.reserve(std::max(narrow_values_.capacity(), size + 1));
  } catch (const std::exception&) {
    wide_values_.reserve(size + size / 2 + 1);
  }
  for (std::uint64_t i = 0; i < size; ++i) wide_values_.push_back(narrow[i]);
  narrow_values_.clear();
  wide_ = true;
}

// Marks are stamps: seen_[v] == stamp_ when v is among G(n)'s options, so
// nothing is cleared between heaps, and marking is a plain store (a bit set
// would chain every mark through one word).
void TakeAndBreakValues::next_stamp() {
  if (++stamp_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0);
    stamp_ = 1;
  }
}

// The rare-heap pairs of heaps n0 .. n0 + kBlock - 1 whose partner is
// already computed (below n0), marked ahead with vector instructions: a
// rare heap's pairs with the block are kBlock consecutive values of the
// table. The block is left unused (block_valid_ false) where it does not
// pay or does not apply; a new mask or value space in the block ends it.
template <class V>
void TakeAndBreakValues::start_block(const V* g, std::uint64_t n0) {
  block_valid_ = false;
  block_reads_valid_ = false;
#if defined(__x86_64__)
  if (!kHasAvx512 || !sparsity_.masked || words_ > 8 || three_way_ || leave_two_.empty() ||
      n0 < 4 * kBlock + most_taken_ || rare_heaps_.size() < kBlock)
    return;
  alignas(64) std::uint32_t bits[16][16] = {};
  block_words_ = 1;
  for (std::size_t k = 0; block_words_ < words_ && 64 * commons_past_[k] > commons_counted_; ++k) block_words_ *= 2;
  block_ranges_.resize(leave_two_.size());
  const std::uint64_t* rare = rare_heaps_.data();
  auto index_of_first_at_least = [&](std::uint64_t h) {
    return static_cast<std::size_t>(std::lower_bound(rare_heaps_.begin(), rare_heaps_.end(), h) - rare_heaps_.begin());
  };
  for (std::size_t j = 0; j < leave_two_.size(); ++j) {
    const std::uint64_t t = leave_two_[j], base = n0 - t;
    BlockRange& r = block_ranges_[j];
    // A partner n0 + k - t - h below n0 for every k: h >= kBlock - t; a
    // partner of at least 1 for k = 0: h < n0 - t.
    r.lo = index_of_first_at_least(kBlock > t ? kBlock - t : 1);
    r.hi = std::max(r.lo, index_of_first_at_least(base));
    r.skip_lo = r.skip_hi = r.lo;
    if (unequal_) {  // h with 2 h = n0 + k - t for some k: its own loop checks
      r.skip_lo = std::clamp(index_of_first_at_least((base + 1) / 2), r.lo, r.hi);
      r.skip_hi = std::clamp(index_of_first_at_least((base + kBlock - 1) / 2 + 1), r.skip_lo, r.hi);
    }
    switch (block_words_) {
      case 1:
        mark_rare_pairs_ahead<V, 1>(g, base, rare, rare_values_.data(), r.lo, r.skip_lo, r.skip_hi, r.hi, bits);
        break;
      case 2:
        mark_rare_pairs_ahead<V, 2>(g, base, rare, rare_values_.data(), r.lo, r.skip_lo, r.skip_hi, r.hi, bits);
        break;
      case 4:
        mark_rare_pairs_ahead<V, 4>(g, base, rare, rare_values_.data(), r.lo, r.skip_lo, r.skip_hi, r.hi, bits);
        break;
      default:
        mark_rare_pairs_ahead<V, 8>(g, base, rare, rare_values_.data(), r.lo, r.skip_lo, r.skip_hi, r.hi, bits);
        break;
    }
  }
  for (std::uint64_t k = 0; k < kBlock; ++k)
    for (std::size_t w = 0; w < words_; ++w)
      block_seen_[k][w] = w < block_words_ ? bits[2 * w][k] | std::uint64_t{bits[2 * w + 1][k]} << 32 : 0;
  block_start_ = n0;
  block_valid_ = true;
  // Past every rare heap (each digit's [hi, ...) empty), with no move that
  // leaves nothing within reach, a heap's own reads are fixed.
  const bool past_every_rare = std::all_of(block_ranges_.begin(), block_ranges_.end(),
                                           [&](const BlockRange& r) { return r.hi == rare_heaps_.size(); });
  const bool leaves_none =
      std::any_of(leave_none_.begin(), leave_none_.end(), [&](std::uint64_t t) { return t >= n0; });
  if (!unequal_ && past_every_rare && !leaves_none) {
    block_reads_.clear();
    for (const std::uint64_t t : leave_one_) block_reads_.push_back({t, 0});
    for (std::size_t j = 0; j < leave_two_.size(); ++j)
      for (std::size_t i = 0; i < block_ranges_[j].lo; ++i)
        block_reads_.push_back({leave_two_[j] + rare[i], rare_values_[i]});
    block_reads_valid_ = true;
  }
#else
  (void)g;
  (void)n0;
#endif
}

template <class V>
[[gnu::always_inline]] inline std::uint64_t TakeAndBreakValues::block_read_bits(const V* g, std::uint64_t n) const {
  auto bit = [](std::uint32_t v) { return std::uint64_t{1} << (v & 63); };
  const BlockRead* r = block_reads_.data();
  const std::size_t count = block_reads_.size();
  std::uint64_t s0 = 0, s1 = 0;
  std::size_t i = 0;
  for (; i + 2 <= count; i += 2) {
    s0 |= bit(g[n - r[i].back] ^ r[i].with);
    s1 |= bit(g[n - r[i + 1].back] ^ r[i + 1].with);
  }
  if (i < count) s0 |= bit(g[n - r[i].back] ^ r[i].with);
  return s0 | s1;
}

template <class V>
[[gnu::always_inline]] inline std::uint64_t TakeAndBreakValues::rare_pair_bits(const V* g, std::uint64_t m,
                                                                               std::size_t from, std::size_t to) const {
  auto bit = [](std::uint32_t v) { return std::uint64_t{1} << (v & 63); };
  const std::uint64_t* rare = rare_heaps_.data();
  const std::uint32_t* rare_value = rare_values_.data();
  std::uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  std::size_t i = from;
  // A heap split into two equal halves (unequal_: a move splitting a heap
  // into two must leave unequal parts) is skipped one at a time below.
  if (!unequal_ || m % 2 != 0)
    for (; i + 4 <= to; i += 4) {
      s0 |= bit(rare_value[i] ^ g[m - rare[i]]);
      s1 |= bit(rare_value[i + 1] ^ g[m - rare[i + 1]]);
      s2 |= bit(rare_value[i + 2] ^ g[m - rare[i + 2]]);
      s3 |= bit(rare_value[i + 3] ^ g[m - rare[i + 3]]);
    }
  for (; i < to; ++i)
    if (!unequal_ || 2 * rare[i] != m) s0 |= bit(rare_value[i] ^ g[m - rare[i]]);
  return s0 | s1 | s2 | s3;
}

// G(n) by the rare-value method while every value is below 64 W: the marks
// are the bits of W machine words (several accumulators for one word, so
// that no mark waits for the one before), the rare-heap pairs marked ahead
// by start_block where it applies.
template <class V, std::size_t W>
std::uint32_t TakeAndBreakValues::sparse_value_bits(const V* g, std::uint64_t n) {
  std::array<std::uint64_t, W> seen{};
  auto mark = [&seen](std::uint32_t v) { seen[(v / 64) % W] |= std::uint64_t{1} << (v % 64); };
  const std::uint64_t* rare = rare_heaps_.data();
  const std::uint32_t* rare_value = rare_values_.data();
  auto mark_rare = [&](std::uint64_t m, std::size_t from, std::size_t to) {
    if constexpr (W == 1) {
      seen[0] |= rare_pair_bits(g, m, from, to);
    } else {
      for (std::size_t i = from; i < to; ++i)
        if (!unequal_ || 2 * rare[i] != m) mark(rare_value[i] ^ static_cast<std::uint32_t>(g[m - rare[i]]));
    }
  };
  // Every option's value into `seen`, the block's marks taken where `ahead`.
  auto mark_options = [&](bool ahead) {
    seen = {};
    if constexpr (W == 1)
      if (!ahead && near_pair_bits(g, n, seen[0])) return;
    if (ahead && block_reads_valid_) {
      for (std::size_t w = 0; w < W; ++w) seen[w] = block_seen_[n - block_start_][w];
      if constexpr (W == 1) {
        seen[0] |= block_read_bits(g, n);
      } else {
        for (const BlockRead& r : block_reads_) mark(static_cast<std::uint32_t>(g[n - r.back]) ^ r.with);
      }
      return;
    }
    if (ahead)
      for (std::size_t w = 0; w < W; ++w) seen[w] = block_seen_[n - block_start_][w];
    for (std::uint64_t t : leave_none_)
      if (n == t) mark(0);
    for (std::uint64_t t : leave_one_)
      if (n > t) mark(g[n - t]);
    std::size_t j = 0;
    for (const std::uint64_t m : split_totals(n)) {
      const std::size_t end = rare_heaps_below(m);
      if (ahead) {
        // split_totals lists the digits in order, all of them this far out.
        const BlockRange& r = block_ranges_[j++];
        mark_rare(m, 0, std::min(r.lo, end));
        mark_rare(m, r.skip_lo, r.skip_hi);
        mark_rare(m, std::min(r.hi, end), end);
      } else {
        mark_rare(m, 0, end);
      }
    }
  };
  // The values every split can only reach with a heap of rare value (see
  // enumerated_are_odd), and the others.
  const bool odd = enumerated_are_odd(n);
  const std::array<std::uint64_t, 8>& enumerated_bits = odd ? odd_bits_ : even_bits_;
  const std::array<std::uint64_t, 8>& searched_bits = odd ? even_bits_ : odd_bits_;
  auto smallest_missing = [&] {
    for (std::size_t w = 0; w < W; ++w)
      if (const std::uint64_t missing = ~seen[w] & enumerated_bits[w]; missing != 0)
        return static_cast<std::uint32_t>(64 * w + static_cast<std::size_t>(std::countr_zero(missing)));
    return static_cast<std::uint32_t>(64 * W);
  };
  const bool ahead = block_valid_ && n >= block_start_ && n - block_start_ < kBlock;
  mark_options(ahead);
  std::uint32_t common = smallest_missing();
  if constexpr (W > 1) {  // (one word: the block marked it; the marks stay inlined)
    if (ahead && block_words_ < W && common >= 64 * block_words_) {  // past the words the block marked
      mark_options(false);
      common = smallest_missing();
    }
  }
  ++commons_counted_;
  for (std::size_t k = 0; k < commons_past_.size(); ++k) commons_past_[k] += common >= (64u << k) ? 1u : 0u;
  if constexpr (W == 1) {
    // One word: the values wanted stay bits, as rare_scan_bits takes them.
    std::uint64_t need = ~seen[0] & searched_bits[0];
    if (common < 64) need &= (std::uint64_t{1} << common) - 1;
    if (need == 0) return common;
    if (deferred_ == nullptr) return rare_scan_bits(g, n, need, common);
    deferred_->bits = need;  // two threads: the scan is left to the check of the heap's batch
    return common;
  }
  // (Two threads: written where rare_scan's caller reads them, not copied there.)
  std::uint32_t* want = deferred_ != nullptr ? deferred_->want.data() : need_.data();
  std::size_t count = 0;
  for (std::size_t w = 0; w < W && 64 * w < common; ++w) {
    std::uint64_t rest = ~seen[w] & searched_bits[w];
    if (common < 64 * (w + 1)) rest &= (std::uint64_t{1} << (common % 64)) - 1;
    for (; rest != 0; rest &= rest - 1)
      want[count++] = static_cast<std::uint32_t>(64 * w + static_cast<std::size_t>(std::countr_zero(rest)));
  }
  if (count == 0) return common;
  if (deferred_ != nullptr) {  // two threads: the scan is left to rare_scan, on either
    deferred_->count = count;
    return common;
  }
  return rare_scan<V, W>(g, n, want, count, common);
}

// Step 2's start while every value is below 64: the pairs a, a + 1, ... of
// splits totalling m marked in blocks of kScanBlock into bits (four words,
// so that no mark waits for the one before), each block's marks cleared
// from `need`, until it is empty, the splits end, or kBitBlocks blocks are
// done. Most scans end within a few blocks (0.1777: 39% in one, 91% within
// four, 99.5% within eight), where the vector comparisons of
// drop_pair_values would still be paying for their start (one block then
// the vectors: 0.167 to 2^24 took 1.4 times as long, 0.1777 1.2 times).
// Returns the first pair not marked.
template <class V>
[[gnu::always_inline]] inline std::uint64_t scan_bit_blocks(const V* g, std::uint64_t m, std::uint64_t a,
                                                            std::uint64_t last, std::uint64_t& need) {
  auto bit = [](std::uint32_t v) { return std::uint64_t{1} << (v & 63); };
  const std::uint64_t end = std::min(last, a + kBitBlocks * kScanBlock - 1);
#if defined(__AVX512BW__) && defined(__AVX512VBMI__)
  // Built for a processor with AVX-512 (GRUNDY_NATIVE): 64 pairs at a time,
  // their XORs in one vector, each value still needed looked for by one
  // compare (a few values are needed, where marking costs a few instructions
  // a pair).
  if constexpr (sizeof(V) == 1) {
    const __m512i reverse =
        _mm512_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
                        26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49,
                        50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63);
    for (; need != 0 && a + 63 <= end; a += 64) {
      const __m512i ahead = _mm512_loadu_si512(g + a);            // G(a .. a + 63)
      const __m512i behind = _mm512_loadu_si512(g + m - a - 63);  // G(m - a - 63 .. m - a)
      // (maskz: GCC 12's plain form starts from _mm512_undefined, which
      // -Wmaybe-uninitialized reports wrongly once inlined)
      const __m512i x = _mm512_xor_si512(ahead, _mm512_maskz_permutexvar_epi8(~__mmask64{0}, reverse, behind));
      // Without a branch on each compare: whether a value is found is data,
      // and a mispredicted branch there cost more than the compare (0.167
      // to 2^24: 0.90 of the time).
      std::uint64_t found = 0;
      for (std::uint64_t rest = need; rest != 0; rest &= rest - 1) {
        const int v = std::countr_zero(rest);
        const std::uint64_t hit = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(static_cast<char>(v))) != 0;
        found |= hit << v;
      }
      need &= ~found;
    }
  }
#endif
  while (a <= end && need != 0) {
    const std::uint64_t block_end = std::min(end, a + kScanBlock - 1);
    std::uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (; a + 3 <= block_end; a += 4) {
      s0 |= bit(g[a] ^ g[m - a]);
      s1 |= bit(g[a + 1] ^ g[m - a - 1]);
      s2 |= bit(g[a + 2] ^ g[m - a - 2]);
      s3 |= bit(g[a + 3] ^ g[m - a - 3]);
    }
    for (; a <= block_end; ++a) s0 |= bit(g[a] ^ g[m - a]);
    need &= ~(s0 | s1 | s2 | s3);
  }
  return a;
}

// Step 2 for heap n: the rare values want[0..count) below `common` looked
// for among every split's pairs. G(n) is `common` when all are found, else
// the smallest left (a new rare heap). Reads only the table and the
// code's digits: the second thread runs it too (speculate).
template <class V, std::size_t W>
std::uint32_t TakeAndBreakValues::rare_scan(const V* g, std::uint64_t n, std::uint32_t* want, std::size_t count,
                                            std::uint32_t common) const {
  // With one or two words, a first block of pairs into bits (in registers,
  // two of each, so that no mark waits for the one before); the values left
  // are then looked for a vector of pairs at a time (drop_pair_values).
  // With more words, a mark would wait for the last one's store: the
  // vectors start at once.
  for (const std::uint64_t t : leave_two_) {
    if (n < t + 2) continue;
    const std::uint64_t m = n - t;
    const std::uint64_t last = last_split(m);
    std::uint64_t a = 1;
    if constexpr (W == 1) {  // (sparse_value_bits and speculate call rare_scan_bits directly)
      std::uint64_t need = 0;
      for (std::size_t i = 0; i < count; ++i) need |= std::uint64_t{1} << want[i];
      return rare_scan_bits(g, n, need, common);
    } else if constexpr (W == 2) {
      // Word v / 64 of each value: all ones when it is the second.
      auto second = [](std::uint32_t v) { return std::uint64_t{0} - (v >> 6); };
      const std::uint64_t first_block_end = std::min(last, kScanBlock);
      std::uint64_t low0 = 0, low1 = 0, high0 = 0, high1 = 0;
      for (; a + 1 <= first_block_end; a += 2) {
        const std::uint32_t v0 = g[a] ^ g[m - a], v1 = g[a + 1] ^ g[m - a - 1];
        const std::uint64_t b0 = std::uint64_t{1} << (v0 & 63), b1 = std::uint64_t{1} << (v1 & 63);
        low0 |= b0 & ~second(v0), high0 |= b0 & second(v0);
        low1 |= b1 & ~second(v1), high1 |= b1 & second(v1);
      }
      if (a == first_block_end) {
        const std::uint32_t v = g[a] ^ g[m - a];
        (v >= 64 ? high0 : low0) |= std::uint64_t{1} << (v & 63);
        ++a;
      }
      const std::array<std::uint64_t, 2> found{low0 | low1, high0 | high1};
      std::size_t left = 0;
      for (std::size_t i = 0; i < count; ++i)
        if ((found[want[i] / 64 % 2] >> (want[i] % 64) & 1) == 0) want[left++] = want[i];
      if (left == 0) return common;
      count = left;
    }
    count = drop_pair_values(g, m, a, last, want, count);
    if (count == 0) return common;
  }
  return *std::min_element(want, want + count);
}

// rare_scan with one word: `need` holds the values wanted (each below
// `common`) as bits from sparse_value_bits to the end, turned into a list
// only for the vector scan of drop_pair_values (19% of 0.167's heaps get
// there). Going from bits to a list and back for every heap, as rare_scan
// does, cost 0.167 to 2^24 an eighth of its time: without it, 0.87 of the
// time on one thread, 0.84 on two (farm-bench -n 7, medians).
template <class V>
std::uint32_t TakeAndBreakValues::rare_scan_bits(const V* g, std::uint64_t n, std::uint64_t need,
                                                 std::uint32_t common) const {
  std::array<std::uint32_t, 64> want;
  for (const std::uint64_t t : leave_two_) {
    if (n < t + 2) continue;
    const std::uint64_t m = n - t;
    const std::uint64_t last = last_split(m);
    // Blocks of pairs into bits (scan_bit_blocks); the values they leave
    // are then looked for a vector of pairs at a time (drop_pair_values).
    const std::uint64_t a = scan_bit_blocks(g, m, 1, last, need);
    if (need == 0) return common;
    if (a > last) continue;
    std::size_t count = 0;
    for (std::uint64_t rest = need; rest != 0; rest &= rest - 1)
      want[count++] = static_cast<std::uint32_t>(std::countr_zero(rest));
    count = drop_pair_values(g, m, a, last, want.data(), count);
    if (count == 0) return common;
    need = 0;
    for (std::size_t i = 0; i < count; ++i) need |= std::uint64_t{1} << want[i];
  }
  return static_cast<std::uint32_t>(std::countr_zero(need));
}

bool TakeAndBreakValues::near_pairs_usable() {
  if (near_pairs_.version == rare_version_) return near_pairs_.usable;
  NearPairs& p = near_pairs_;
  p.version = rare_version_;
  p.usable = false;
  if (unequal_) return false;  // (a heap split into equal halves is not an option there)
  std::size_t lanes = 0;
  auto add = [&](std::uint64_t back, std::uint32_t with) {
    if (back == 0 || back > kNearReach || lanes == p.index.size()) return false;
    p.index[lanes] = static_cast<std::uint8_t>(kNearReach - back);
    p.with[lanes] = static_cast<std::uint8_t>(with);
    ++lanes;
    return true;
  };
  for (const std::uint64_t t : leave_one_)
    if (!add(t, 0)) return false;
  for (const std::uint64_t t : leave_two_)
    for (std::size_t i = 0; i < rare_heaps_.size(); ++i)
      if (!add(t + rare_heaps_[i], rare_values_[i])) return false;
  if (lanes == 0) return false;
  for (std::size_t k = lanes; k < p.index.size(); ++k) p.index[k] = p.index[0], p.with[k] = p.with[0];
  p.usable = true;
  return true;
}

#if defined(__AVX512BW__) && defined(__AVX512VBMI__)
// The set of the 64 bytes of x, each below 64, as bits: each byte widened
// to a 64-bit lane and turned into its bit, the lanes or-ed together.
[[gnu::always_inline]] inline std::uint64_t bits_of_bytes(__m512i x) {
  const __m512i one = _mm512_set1_epi64(1);
  auto bits_of_eight = [&](__m128i bytes) {
    return _mm512_maskz_sllv_epi64(0xFF, one, _mm512_maskz_cvtepu8_epi64(0xFF, bytes));
  };
  auto bits_of_sixteen = [&](__m128i bytes) {
    return _mm512_or_si512(bits_of_eight(bytes), bits_of_eight(_mm_srli_si128(bytes, 8)));
  };
  const __m512i all = _mm512_or_si512(_mm512_or_si512(bits_of_sixteen(_mm512_maskz_extracti32x4_epi32(0xF, x, 0)),
                                                      bits_of_sixteen(_mm512_maskz_extracti32x4_epi32(0xF, x, 1))),
                                      _mm512_or_si512(bits_of_sixteen(_mm512_maskz_extracti32x4_epi32(0xF, x, 2)),
                                                      bits_of_sixteen(_mm512_maskz_extracti32x4_epi32(0xF, x, 3))));
  const __m256i half =
      _mm256_or_si256(_mm512_maskz_extracti64x4_epi64(0xF, all, 0), _mm512_maskz_extracti64x4_epi64(0xF, all, 1));
  const __m128i quarter = _mm_or_si128(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(quarter) | _mm_extract_epi64(quarter, 1));
}
#endif

// Every option that step 1 reads, in one byte permutation of the values
// just below n (near_pairs_usable): 0.1777's 48 reads, one at a time, were
// most of its time. False where the plan does not apply (seen unchanged).
template <class V>
[[gnu::always_inline]] inline bool TakeAndBreakValues::near_pair_bits(const V* g, std::uint64_t n,
                                                                      std::uint64_t& seen) {
#if defined(__AVX512BW__) && defined(__AVX512VBMI__)
  if constexpr (sizeof(V) == 1) {
    if (n < kNearReach + most_taken_ || !near_pairs_usable()) return false;
    const __m512i below = _mm512_loadu_si512(g + n - kNearReach);
    const __m512i just_below = _mm512_loadu_si512(g + n - kNearReach / 2);
    const __m512i index = _mm512_load_si512(near_pairs_.index.data());
    const __m512i with = _mm512_load_si512(near_pairs_.with.data());
    seen = bits_of_bytes(_mm512_xor_si512(_mm512_permutex2var_epi8(below, index, just_below), with));
    ++near_heaps_;
    return true;
  }
#endif
  (void)g, (void)n, (void)seen;
  return false;
}

// G(n) by the rare-value method while every value is below 64 and no block
// of heaps is marked ahead: the marks are the bits of machine words, several
// of them so that no mark waits for the one before (sparse_value_bits does
// the same for wider spaces and with a block, at a little more cost a heap).
template <class V>
std::uint32_t TakeAndBreakValues::sparse_value_small(const V* g, std::uint64_t n) {
  auto bit = [](std::uint32_t v) { return std::uint64_t{1} << (v & 63); };
  std::uint64_t seen = 0;
  const bool near = near_pair_bits(g, n, seen);
  if (!near) {
    for (std::uint64_t t : leave_none_)
      if (n == t) seen |= 1;
    for (std::uint64_t t : leave_one_)
      if (n > t) seen |= bit(g[n - t]);
    for (const std::uint64_t m : split_totals(n)) seen |= rare_pair_bits(g, m, 0, rare_heaps_below(m));
  }
  // The values every split can only reach with a heap of rare value (see
  // enumerated_are_odd), and the others.
  const bool odd = enumerated_are_odd(n);
  const std::uint64_t enumerated_bits = odd ? odd_bits_[0] : even_bits_[0],
                      searched_bits = odd ? even_bits_[0] : odd_bits_[0];
  const std::uint64_t common_missing = ~seen & enumerated_bits;
  const std::uint32_t common = common_missing == 0 ? 64 : static_cast<std::uint32_t>(std::countr_zero(common_missing));
  std::uint64_t need = ~seen & searched_bits & (common == 64 ? ~std::uint64_t{0} : bit(common) - 1);
  if (need == 0) return common;
  return rare_scan_bits(g, n, need, common);
}

// What a split of n leaves in all, n - t for each two-heap digit t that n
// allows, in the digits' order.
[[gnu::always_inline]] inline std::span<const std::uint64_t> TakeAndBreakValues::split_totals(std::uint64_t n) {
  std::size_t count = 0;
  for (std::uint64_t t : leave_two_)
    if (n >= t + 2) split_totals_[count++] = n - t;
  return {split_totals_.data(), count};
}

[[gnu::always_inline]] inline std::size_t TakeAndBreakValues::rare_heaps_below(std::uint64_t m) const {
  std::size_t end = rare_heaps_.size();
  while (end > 0 && rare_heaps_[end - 1] >= m) --end;  // few steps: m is near the last heap
  return end;
}

// A split of n that removes t tokens and leaves heaps a and b has
// popcount(XOR & m) = class(a) + class(b) + (with_parity ? n - t : 0)
// (mod 2), class 1 being common. So values of parity 1 + (n - t) under the
// mask need a rare heap: the rare-heap loop finds all of them.
[[gnu::always_inline]] inline bool TakeAndBreakValues::enumerated_are_odd(std::uint64_t n) const {
  return !sparsity_.with_parity || leave_two_.empty() || n < leave_two_.front() || (n - leave_two_.front()) % 2 == 0;
}

// A new stamp, with the options that leave at most one heap marked.
template <class V>
std::uint32_t* TakeAndBreakValues::mark_one_heap_options(const V* g, std::uint64_t n) {
  next_stamp();
  std::uint32_t* seen = seen_.data();
  for (std::uint64_t t : leave_none_)
    if (n == t) seen[0] = stamp_;
  for (std::uint64_t t : leave_one_)
    if (n > t) seen[g[n - t]] = stamp_;
  return seen;
}

// G(n) by the rare-value method (see the header).
template <class V>
std::uint32_t TakeAndBreakValues::sparse_value(const V* g, std::uint64_t n) {
  std::uint32_t* seen = mark_one_heap_options(g, n);
  const std::uint32_t stamp = stamp_;
  // Every common value among the options: pairs with a rare heap.
  const std::uint64_t* rare = rare_heaps_.data();
  const std::uint32_t* rare_value = rare_values_.data();
  for (const std::uint64_t m : split_totals(n)) {
    const std::size_t end = rare_heaps_below(m);
    if (unequal_ && m % 2 == 0) {
      for (std::size_t i = 0; i < end; ++i)
        if (2 * rare[i] != m) seen[rare_value[i] ^ static_cast<std::uint32_t>(g[m - rare[i]])] = stamp;
    } else {
      for (std::size_t i = 0; i < end; ++i) seen[rare_value[i] ^ static_cast<std::uint32_t>(g[m - rare[i]])] = stamp;
    }
  }
  // The smallest common value missing: G(n) unless a rare value below it is.
  const bool odd = enumerated_are_odd(n);
  auto common = static_cast<std::uint32_t>(seen_.size());
  for (std::uint32_t v : odd ? odd_values_ : even_values_)
    if (seen[v] != stamp) {
      common = v;
      break;
    }
  // The rare values below it not yet seen, to be looked for among the pairs.
  std::size_t needed = 0;
  for (std::uint32_t v : odd ? even_values_ : odd_values_) {
    if (v >= common) break;
    if (seen[v] != stamp) need_[needed++] = v;
  }
  if (needed == 0) return common;
  // One block of pairs marked as usual finds most of them; the few left are
  // looked for a vector of pairs at a time (drop_pair_values). When a
  // full scan leaves one, the smallest left is G(n).
  std::uint32_t* want = need_.data();
  for (const std::uint64_t m : split_totals(n)) {
    const std::uint64_t last = last_split(m);
    const std::uint64_t first_block_end = std::min(last, kScanBlock);
    for (std::uint64_t a = 1; a <= first_block_end; ++a) seen[static_cast<std::uint32_t>(g[a] ^ g[m - a])] = stamp;
    std::size_t left = 0;
    for (std::size_t i = 0; i < needed; ++i)
      if (seen[want[i]] != stamp) want[left++] = want[i];
    needed = drop_pair_values(g, m, first_block_end + 1, last, want, left);
    if (needed == 0) return common;
  }
  return *std::min_element(want, want + needed);
}

// The plain mex with the pairs tested against a bitmap of the values not yet
// among the options (drop_pairs_by_bitmap_avx512): a first block of pairs
// marks the frequent values, the rest of the scan only finds the others.
template <class V>
std::uint32_t TakeAndBreakValues::plain_value_by_bitmap(const V* g, std::uint64_t n) {
  const auto space = static_cast<std::uint32_t>(seen_.size());
  // Bit v of the bitmap: v is not yet among the options' values.
  alignas(64) std::uint64_t want[kBitmapSpace / 64] = {};
  std::fill(want, want + space / 64, ~std::uint64_t{0});
  auto drop = [&want](std::uint32_t v) { want[v / 64] &= ~(std::uint64_t{1} << (v % 64)); };
  for (std::uint64_t t : leave_none_)
    if (n == t) drop(0);
  for (std::uint64_t t : leave_one_)
    if (n > t) drop(g[n - t]);
  for (const std::uint64_t m : split_totals(n))
    for (std::uint64_t a = 1, last = std::min(last_split(m), kBitmapFirstBlock); a <= last; ++a)
      drop(static_cast<std::uint32_t>(g[a] ^ g[m - a]));
  std::size_t wanted = 0;
  for (std::uint32_t w = 0; w < space / 64; ++w) wanted += static_cast<std::size_t>(std::popcount(want[w]));
  for (const std::uint64_t m : split_totals(n)) {
    if (wanted == 0) break;
    const std::uint64_t last = last_split(m);
    if (last > kBitmapFirstBlock)
      wanted =
          drop_pairs_by_bitmap_avx512(g, m, kBitmapFirstBlock + 1, last, reinterpret_cast<std::uint8_t*>(want), wanted);
  }
  for (std::uint32_t w = 0; w < space / 64; ++w)
    if (want[w] != 0) return 64 * w + static_cast<std::uint32_t>(std::countr_zero(want[w]));
  return space;
}

#if defined(__x86_64__)
// The plain mex in a value space past the bitmap's: the options' values
// from `seen` (stamped: the one-heap options and a first block of pairs),
// then the pairs scanned against the lowest window of kWindowBits values
// still missing, and against the next window only when every value of this
// one is found. In 0.0666 to 2^18 (values up to 6,845) a heap takes 1.16
// windows on average, and the whole takes 0.37 of the time of marking every
// pair into `seen`.
std::uint32_t TakeAndBreakValues::plain_value_by_windows(const std::uint16_t* g, std::uint64_t n) {
  std::uint32_t* seen = seen_.data();
  const std::uint32_t stamp = stamp_;
  const auto space = static_cast<std::uint32_t>(seen_.size());
  for (const std::uint64_t m : split_totals(n))
    for (std::uint64_t a = 1, last = std::min(last_split(m), kBitmapFirstBlock); a <= last; ++a)
      seen[static_cast<std::uint32_t>(g[a] ^ g[m - a])] = stamp;
  std::uint32_t base = 0;
  while (base < space && seen[base] == stamp) ++base;
  alignas(64) std::uint8_t want[kWindowBits / 8];
  for (; base < space; base += kWindowBits) {
    std::size_t wanted = unstamped_bits_avx512(seen, stamp, base, space, want);
    for (const std::uint64_t m : split_totals(n)) {
      const std::uint64_t last = last_split(m);
      if (wanted == 0) break;
      if (last > kBitmapFirstBlock)
        wanted = drop_pairs_in_window_avx512<kWindowBits>(g, m, kBitmapFirstBlock + 1, last, base, want, wanted);
    }
    if (wanted != 0)
      for (std::uint32_t k = 0;; k += 64) {  // the lowest bit set, a word at a time
        std::uint64_t word = 0;
        std::memcpy(&word, want + k / 8, sizeof word);
        if (word != 0) return base + k + static_cast<std::uint32_t>(std::countr_zero(word));
      }
  }
  return space;
}
#endif

// G(n) by the mex over every option.
template <class V>
std::uint32_t TakeAndBreakValues::plain_value(const V* g, std::uint64_t n) {
  std::uint32_t* seen = mark_one_heap_options(g, n);
  const std::uint32_t stamp = stamp_;
#if defined(__x86_64__)
  if (kHasAvx512 && !three_way_ && seen_.size() <= kBitmapSpace) return plain_value_by_bitmap(g, n);
  if constexpr (sizeof(V) == 2)
    if (kHasAvx512 && !three_way_) return plain_value_by_windows(g, n);
#endif
  for (const std::uint64_t m : split_totals(n)) {
    for (std::uint64_t a = 1, last = last_split(m); a <= last; ++a)
      seen[static_cast<std::uint32_t>(g[a] ^ g[m - a])] = stamp;
  }
  if (three_way_)
    for (std::uint64_t t = 0; t < digits_.size() && t + 3 <= n; ++t) {
      if ((digits_[t] & kLeavesThree) == 0) continue;
      const std::uint64_t r = n - t;
      for (std::uint64_t a = 1; a <= r / 3; ++a)
        for (std::uint64_t b = a; b <= (r - a) / 2; ++b)
          seen[static_cast<std::uint32_t>(g[a] ^ g[b] ^ g[r - a - b])] = stamp;
    }
  std::uint32_t v = 0;
  while (v < seen_.size() && seen[v] == stamp) ++v;
  return v;
}

void TakeAndBreakValues::restart_cycle_search() {
  window_ = 0;
  cycle_reported_ = false;
  // Two-heap octal games whose rare heaps are known, and one-heap games: the
  // next value is a function of the last window_ values.
  if (three_way_ || unequal_ || (!sparsity_.masked && !leave_two_.empty())) return;
  const std::uint64_t window = most_taken_ + (leave_two_.empty() ? 0 : sparsity_.last_rare) + 1;
  if (size_ < 2 * window + 2) return;  // retried at the next value
  window_ = window;
  hash_ = 0;
  hash_top_power_ = 1;
  for (std::uint64_t i = size_ - window_; i < size_; ++i) {
    hash_ = hash_ * kHashBase + (*this)[i] + 1;
    hash_top_power_ *= kHashBase;
  }
  reference_end_ = size_;
  reference_hash_ = hash_;
  steps_ = 0;
  power_ = 1;
}

// Value n was just added (size_ == n + 1).
void TakeAndBreakValues::watch_cycle(std::uint64_t n) {
  if (window_ == 0) {
    if (!cycle_reported_ && !three_way_ && !unequal_ && (sparsity_.masked || leave_two_.empty()) &&
        size_ >= 2 * (most_taken_ + sparsity_.last_rare + 1) + 2)
      restart_cycle_search();
    return;
  }
  hash_ = hash_ * kHashBase + (*this)[n] + 1 - hash_top_power_ * ((*this)[n - window_] + 1);
  ++steps_;
  // With the heap's parity in the mask, G(n) depends on n's parity as well
  // as on the window: only an even distance can repeat the whole state.
  if (hash_ == reference_hash_ && (!sparsity_.with_parity || steps_ % 2 == 0)) {
    bool same = true;
    for (std::uint64_t i = 0; i < window_ && same; ++i)
      same = (*this)[reference_end_ - window_ + i] == (*this)[size_ - window_ + i];
    if (same) {
      // Reported once: until a new rare heap changes the window, the same
      // cycle would be found again every few values, each time at the cost
      // of a window's comparison (quadratic in 0.376's long preperiod).
      cycle_ = steps_;
      window_ = 0;
      cycle_reported_ = true;
      return;
    }
  }
  if (steps_ == power_) {  // Brent: the reference moves here, twice as far ahead
    reference_end_ = size_;
    reference_hash_ = hash_;
    power_ *= 2;
    steps_ = 0;
  }
}

template <class V>
void TakeAndBreakValues::extend(std::uint64_t size, LongTask* task, bool stop_at_cycle) {
  ValueColumn<V>& values = [this]() -> ValueColumn<V>& {
    if constexpr (sizeof(V) == 1)
      return narrow_values_;
    else
      return wide_values_;
  }();
  if (values.capacity() < size) values.reserve(size);
  const bool in_file = values.file() != nullptr;
  while (size_ < size) {
    const std::uint64_t n = size_;
    if (n % 65536 == 0) {
      interruption_point();  // between two values: the table stays whole
      if (task != nullptr) task->advance(n, std::max(size, progress_total_));
    }
    if (n >= next_mask_choice_) {
      choose_mask();
      next_mask_choice_ *= 2;
    }
    if (may_speculate(n, size) && speculation_chosen(n)) {
      std::uint64_t limit = std::min(size, next_mask_choice_);
      const bool on_trial = trial_ == Trial::together;
      if (on_trial) limit = std::min(limit, n + std::max(kSpeculateAtLeast, kTrialHeaps - together_heaps_));
      const double started = seconds_now();
      switch (words_) {
        case 1:
          speculate<V, 1>(limit, task, stop_at_cycle);
          break;
        case 2:
          speculate<V, 2>(limit, task, stop_at_cycle);
          break;
        case 4:
          speculate<V, 4>(limit, task, stop_at_cycle);
          break;
        default:
          speculate<V, 8>(limit, task, stop_at_cycle);
          break;
      }
      if (on_trial) count_speculation(size_ - n, seconds_now() - started);
      if (stop_at_cycle && cycle_) return;
      continue;  // at the limit, or at a heap to compute alone
    }
    const V* g = values.data();
    if (n % kBlock == 0) start_block(g, n);
    std::uint32_t v = 0;
    if (n == 0) {
      v = 0;
    } else if (!sparsity_.masked) {
      v = plain_value(g, n);
    } else if (words_ == 1) {
      v = block_valid_ ? sparse_value_bits<V, 1>(g, n) : sparse_value_small(g, n);
    } else if (block_valid_ && words_ <= 8) {  // the bits pay where the block marked most pairs
      v = words_ == 2   ? sparse_value_bits<V, 2>(g, n)
          : words_ == 4 ? sparse_value_bits<V, 4>(g, n)
                        : sparse_value_bits<V, 8>(g, n);
    } else {
      v = sparse_value(g, n);
    }
    if (v > std::numeric_limits<std::uint16_t>::max())
      throw LimitError(fmt::format("G({}) would be {}: grundy keeps values below 65536", n, v));
    if (v >= 64 * words_) {  // a larger value space
      block_valid_ = false;
      while (v >= 64 * words_) words_ *= 2;
      seen_.resize(64 * words_, 0);
      need_.resize(64 * words_, 0);
      histogram_even_.resize(64 * words_, 0);
      histogram_odd_.resize(64 * words_, 0);
      sort_values_by_class();
    }
    if (sizeof(V) == 1 && v > std::numeric_limits<std::uint8_t>::max()) {
      widen();
      wide_values_.push_back(static_cast<std::uint16_t>(v));
    } else {
      values.push_back(static_cast<V>(v));
    }
    record(n, v, in_file);
    if (stop_at_cycle && cycle_) return;
    if (sizeof(V) == 1 && wide_) return;  // continued by the caller with two bytes per value
  }
}

void TakeAndBreakValues::record(std::uint64_t n, std::uint32_t v, bool in_file) {
  ++size_;
  if (n > 0) ++(n % 2 == 0 ? histogram_even_ : histogram_odd_)[v];
  if (v > sparsity_.largest) sparsity_.largest = v, sparsity_.largest_at = n;
  if (n > 0 && is_rare_heap(n, v)) {
    rare_heaps_.push_back(n);
    rare_values_.push_back(v);
    ++rare_version_;
    block_reads_valid_ = false;  // the block's later heaps pair with it too
    sparsity_.rare_heaps = rare_heaps_.size();
    sparsity_.last_rare = n;
    restart_cycle_search();
    if (in_file) release_between(0, size_);  // its value took a whole scan
  } else {
    watch_cycle(n);
  }
  if (in_file && n % kReleaseEvery == 0) release_between(0, size_);
}

bool TakeAndBreakValues::may_speculate(std::uint64_t n, std::uint64_t limit) const {
  return threads_ > 1 && sparsity_.masked && words_ <= 8 && !three_way_ && !leave_two_.empty() &&
         n >= speculate_from_ && n >= speculate_after_ && limit > n + kSpeculateAtLeast;
}

// Two threads pay where the checks they share outweigh what handing them
// over costs: Grundy's game 1.79 times one thread's speed, 0.167 1.35, but
// 0.1777, whose heaps take 45 ns, ran 1.13 times slower (its proof 32 s
// against 21 s). Rather than guess from the game, each range of heaps
// between two mask choices times kTrialHeaps heaps alone, then as many on
// two threads, and keeps the faster (two threads must be 5% faster: they
// take a second core). The values are the same either way.
bool TakeAndBreakValues::speculation_chosen(std::uint64_t n) {
  if (!speculation_trials_) return true;
  if (trial_round_ != next_mask_choice_) {  // a new range: a new trial, alone first
    trial_round_ = next_mask_choice_;
    trial_ = Trial::alone;
    trial_from_ = n;
    trial_started_ = seconds_now();
    ++trials_made_;
    return false;
  }
  switch (trial_) {
    case Trial::alone:
      if (n < trial_from_ + kTrialHeaps) return false;
      alone_rate_ = static_cast<double>(n - trial_from_) / std::max(seconds_now() - trial_started_, 1e-9);
      trial_ = Trial::together;
      together_heaps_ = 0;
      together_seconds_ = 0;
      return true;
    case Trial::together:
      return true;
    case Trial::decided:
      break;
  }
  return speculation_pays_;
}

void TakeAndBreakValues::count_speculation(std::uint64_t heaps, double seconds) {
  together_heaps_ += heaps;
  together_seconds_ += seconds;
  if (together_heaps_ < kTrialHeaps) return;
  speculation_pays_ = static_cast<double>(together_heaps_) / std::max(together_seconds_, 1e-9) > 1.05 * alone_rate_;
  if (speculation_pays_) ++trials_won_;
  trial_ = Trial::decided;
}

template <class V, std::size_t W>
std::uint32_t TakeAndBreakValues::checked_value(const V* g, std::uint64_t n, const std::array<std::uint64_t, W>& want,
                                                std::uint32_t common, std::uint32_t* scratch) const {
  if constexpr (W == 1) {
    return want[0] == 0 ? common : rare_scan_bits(g, n, want[0], common);
  } else {
    std::size_t count = 0;
    for (std::size_t w = 0; w < W; ++w)
      for (std::uint64_t bits = want[w]; bits != 0; bits &= bits - 1)
        scratch[count++] = static_cast<std::uint32_t>(64 * w + static_cast<std::size_t>(std::countr_zero(bits)));
    return count == 0 ? common : rare_scan<V, W>(g, n, scratch, count, common);
  }
}

template <class V, class Ring>
bool TakeAndBreakValues::count_checked(Ring& ring, const V* g, bool in_file, std::uint64_t limit, LongTask* task,
                                       bool stop_at_cycle) {
  bool failed = false;
  while (!failed && !(stop_at_cycle && cycle_)) {
    const auto* batch = ring.oldest_checked();
    if (batch == nullptr) break;
    for (std::uint32_t i = 0; i < std::min(batch->failed, batch->count); ++i) {
      const std::uint64_t n = batch->first + i;
      record(n, g[n], in_file);
      ++heaps_ahead_;
      if (task != nullptr && n % 65536 == 0) task->advance(n, std::max(limit, progress_total_));
      if (stop_at_cycle && cycle_) break;
    }
    failed = batch->failed < batch->count && size_ == batch->first + batch->failed;
    ring.counted();
  }
  return failed;
}

template <class V, std::size_t W, class Ring>
bool TakeAndBreakValues::compute_ahead(Ring& ring, ValueColumn<V>& values, std::uint64_t n, DeferredScan& deferred) {
  const V* g = values.data();
  if (n % 65536 == 0) interruption_point();
  if (n % kBlock == 0) start_block(g, n);
  deferred.count = 0;
  deferred.bits = 0;
  deferred_ = &deferred;
  const std::uint32_t v = sparse_value_bits<V, W>(g, n);
  deferred_ = nullptr;
  // A value past the value space or the width: computed alone, once the
  // heaps before it are counted.
  if (v >= 64 * W || (sizeof(V) == 1 && v > std::numeric_limits<std::uint8_t>::max())) return false;
  values.push_back(static_cast<V>(v));
  // (Gathered here and stored once: the batch's lines were last read by the
  // other thread, and or-ing bits into them one at a time waited for each
  // line to come back: 8% of 0.167's samples on two threads. The time freed
  // goes to the checks, which bound the run: its time did not change.)
  std::array<std::uint64_t, W> want{};
  want[0] = deferred.bits;
  for (std::size_t k = 0; k < deferred.count; ++k)
    want[deferred.want[k] / 64] |= std::uint64_t{1} << (deferred.want[k] % 64);
  ring.add(n, v, want);
  return true;
}

template <class V, std::size_t W>
void TakeAndBreakValues::speculate(std::uint64_t limit, LongTask* task, bool stop_at_cycle) {
  ValueColumn<V>& values = [this]() -> ValueColumn<V>& {
    if constexpr (sizeof(V) == 1)
      return narrow_values_;
    else
      return wide_values_;
  }();
  // The helper reads the table while this thread writes past it: no
  // growth may move it.
  if (values.capacity() < limit || values.size() != size_) {
    speculate_after_ = limit;
    return;
  }
  const V* g = values.data();
  const bool in_file = values.file() != nullptr;
  auto check = [this, g](std::uint64_t n, const std::array<std::uint64_t, W>& want, std::uint32_t common,
                         std::uint32_t* scratch) { return checked_value<V, W>(g, n, want, common, scratch); };
  using Ring = SpeculationRing<W, decltype(check)>;
  Ring ring(check);
  // The checking helper, from the process's pool (thread_pool.hpp); with
  // none free this thread checks every batch itself (ring.help()).
  HelperTeam helper(1, [&ring] { ring.run_helper(); });
  struct Stop {  // whatever happens (an interrupt), the helper ends and the heaps not counted go
    Ring& ring;
    HelperTeam& helper;
    ValueColumn<V>& values;
    const std::uint64_t& size;
    ~Stop() {
      ring.stop();
      helper.wait();
      values.truncate(size);
    }
  } stopper{ring, helper, values, size_};
  std::uint64_t ahead = size_;  // the next heap computed ahead
  DeferredScan deferred;        // (one for all: its list is 2 KiB)
  bool failed = false;
  while (true) {
    failed = count_checked(ring, g, in_file, limit, task, stop_at_cycle);
    if (failed || (stop_at_cycle && cycle_)) break;
    if (ahead < limit && ring.has_room()) {
      if (compute_ahead<V, W>(ring, values, ahead, deferred)) {
        ++ahead;
        continue;
      }
      if (size_ == ahead) break;  // (the heap past the width is next: computed alone)
      ring.help();
    } else if (size_ == ahead) {
      break;  // every heap to the limit counted
    } else {
      ring.help();
    }
  }
  if (failed) ++failed_checks_;
  // The heap that failed (or stopped the run ahead) is computed alone.
  if (size_ < limit) speculate_after_ = size_ + (failed ? kSpeculateAtLeast : 1);
}

void TakeAndBreakValues::reserve(std::uint64_t size) {
  if (file() != nullptr) {  // on disk now, or a clear error (the disk's room)
    if (wide_)
      wide_values_.reserve(size);
    else
      narrow_values_.reserve(size);
    return;
  }
  try {
    if (wide_) {
      wide_values_.reserve(size);
    } else {
      narrow_values_.reserve(size);
    }
  } catch (const std::exception&) {
    // Grown step by step instead.
  }
}

void TakeAndBreakValues::extend_to(std::uint64_t size, LongTask* task, bool stop_at_cycle) {
  while (size_ < size) {
    if (wide_) {
      extend<std::uint16_t>(size, task, stop_at_cycle);
    } else {
      extend<std::uint8_t>(size, task, stop_at_cycle);
    }
    if (stop_at_cycle && cycle_) return;
  }
}

// Every mask with and, where it applies, without the heap's parity (the
// same classes as choose_mask, heap 0 with its value 0 counted as an even
// heap); the smallest count wins, the smaller mask on a tie.
TakeAndBreakValues::RareStatistics TakeAndBreakValues::rare_statistics() const {
  RareStatistics out;
  out.size = size_;
  if (size_ == 0) return out;
  out.largest = sparsity_.largest;
  out.largest_at = sparsity_.largest_at;
  const MaskChoice best = best_mask(true);
  out.mask = best.mask;
  out.with_parity = best.with_parity;
  out.rare_heaps = static_cast<std::uint64_t>(best.rare);
  scan_backward_at(size_ / kScanChunk * kScanChunk + kScanChunk);
  for (std::uint64_t h = size_; h-- > 0;) {
    if (rare_under(h, (*this)[h], out.mask, out.with_parity, parity_offset_)) {
      out.last_rare = h;
      break;
    }
    if (h % kScanChunk == 0) scan_backward_at(h);
  }
  return out;
}

std::vector<std::uint64_t> TakeAndBreakValues::rare_heaps_under(std::uint32_t mask, bool with_parity,
                                                                std::uint64_t from) const {
  std::vector<std::uint64_t> out;
  scan_forward_at(from / kScanChunk * kScanChunk);
  for (std::uint64_t h = from; h < size_; ++h) {
    if (rare_under(h, (*this)[h], mask, with_parity, parity_offset_)) out.push_back(h);
    if (h % kScanChunk == 0) scan_forward_at(h);
  }
  return out;
}

void TakeAndBreakValues::start_afresh() {
  // The caller's settings stay: a resumed run keeps its threads (they were
  // lost here once, and a resumed `rare --threads 2` ran on one thread).
  TakeAndBreakValues fresh(digits_, unequal_);
  fresh.progress_total_ = progress_total_;
  fresh.min_kept_ = min_kept_;
  fresh.threads_ = threads_;
  fresh.speculate_from_ = speculate_from_;
  fresh.speculation_trials_ = speculation_trials_;
  *this = std::move(fresh);
}

void TakeAndBreakValues::read_values(std::istream& in, std::uint64_t size, unsigned bytes_per_value) {
  if (bytes_per_value != 1 && bytes_per_value != 2)
    throw InputError(fmt::format("a saved table holds 1 or 2 bytes per value, not {}", bytes_per_value));
  // Start again from nothing, then take the values in as extend() would.
  start_afresh();
  wide_ = bytes_per_value == 2;
  constexpr std::uint64_t kChunk = std::uint64_t{1} << 24;
  std::vector<unsigned char> bytes;
  if (wide_)
    wide_values_.reserve(size);
  else
    narrow_values_.reserve(size);
  for (std::uint64_t done = 0; done < size;) {
    const std::uint64_t count = std::min(kChunk, size - done);
    bytes.resize(static_cast<std::size_t>(count * bytes_per_value));
    if (!in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size())))
      throw InputError(fmt::format("the saved table ends after {} of its {} values",
                                   done + static_cast<std::uint64_t>(in.gcount()) / bytes_per_value, size));
    for (std::uint64_t j = 0; j < count; ++j) {
      if (wide_)
        wide_values_.push_back(static_cast<std::uint16_t>(bytes[2 * j] | (std::uint32_t{bytes[2 * j + 1]} << 8)));
      else
        narrow_values_.push_back(bytes[j]);
    }
    done += count;
  }
  rebuild_from_values();
}

void TakeAndBreakValues::rebuild_from_values() {
  block_valid_ = false;
  size_ = wide_ ? wide_values_.size() : narrow_values_.size();
  auto take = [this](const auto* values) {
    scan_forward_at(0);
    for (std::uint64_t n = 0; n < size_; ++n) {
      const std::uint32_t v = values[n];
      if (n == 0 && v != 0) throw InputError(fmt::format("the saved table has G(0) = {}, and G(0) is 0", v));
      if (v >= 64 * words_) {
        while (v >= 64 * words_) words_ *= 2;
        seen_.resize(64 * words_, 0);
        need_.resize(64 * words_, 0);
        histogram_even_.resize(64 * words_, 0);
        histogram_odd_.resize(64 * words_, 0);
      }
      if (n > 0) ++(n % 2 == 0 ? histogram_even_ : histogram_odd_)[v];
      if (v > sparsity_.largest) sparsity_.largest = v, sparsity_.largest_at = n;
      if (n % kScanChunk == 0) scan_forward_at(n);
    }
  };
  if (wide_)
    take(wide_values_.data());
  else
    take(narrow_values_.data());
  sort_values_by_class();
  // The mask extend() would have chosen at the last power of two, then the
  // next choice where it would come.
  next_mask_choice_ = 64;
  while (next_mask_choice_ < size_) next_mask_choice_ *= 2;
  // No mask and no rare heaps yet: choose_mask lists them afresh.
  sparsity_.masked = sparsity_.with_parity = false;
  sparsity_.mask = 0;
  rare_heaps_.clear();
  rare_values_.clear();
  ++rare_version_;
  if (size_ >= 64) {
    choose_mask();
    if (next_mask_choice_ == size_) next_mask_choice_ *= 2;
  }
}

TableFile TakeAndBreakValues::copy_to_file(const std::string& path, const std::string& spec) const {
  auto copy = [&](const auto& column) {
    using V = std::remove_cvref_t<decltype(column[0])>;
    TableFile file = TableFile::create(path + ".part", spec, sizeof(V));
    file.reserve(std::max(column.capacity(), size_));
    const V* from = column.data();
    auto* to = reinterpret_cast<V*>(file.values());
    for (std::uint64_t i = 0; i < size_; i += kScanChunk) {
      const std::uint64_t end = std::min(size_, i + kScanChunk);
      if (const TableFile* old = column.file()) old->read_ahead(i, end + kScanChunk);
      std::copy(from + i, from + end, to + i);
      file.release(i, end);
      if (const TableFile* old = column.file()) old->release(i, end);
    }
    file.commit(size_);
    file.rename_to(path);
    return file;
  };
  return wide_ ? copy(wide_values_) : copy(narrow_values_);
}

void TakeAndBreakValues::move_to_file(const std::string& path, const std::string& spec) {
  TableFile file = copy_to_file(path, spec);
  if (wide_)
    wide_values_ = ValueColumn<std::uint16_t>(std::move(file));
  else
    narrow_values_ = ValueColumn<std::uint8_t>(std::move(file));
}

void TakeAndBreakValues::open_file(TableFile file) {
  const std::string path = file.path();
  start_afresh();
  wide_ = file.bytes() == 2;
  if (wide_)
    wide_values_ = ValueColumn<std::uint16_t>(std::move(file));
  else
    narrow_values_ = ValueColumn<std::uint8_t>(std::move(file));
  try {
    rebuild_from_values();
  } catch (const InputError& e) {
    throw InputError(fmt::format("{}: {}", quote_path(path), e.what()));
  }
}

void TakeAndBreakValues::commit_file() {
  if (wide_) {
    if (TableFile* f = wide_values_.file()) f->commit(size_);
  } else if (TableFile* f = narrow_values_.file()) {
    f->commit(size_);
  }
}

std::uint64_t TakeAndBreakValues::kept_values() const {
  // The rare heaps' partners reach back last_rare + most_taken from a heap,
  // and the scans for rare values start at heap 1; a margin for the block
  // marked ahead and the first pairs scanned.
  return std::max(min_kept_, sparsity_.last_rare + most_taken_ + 4 * kBlock + kBitmapFirstBlock + 1);
}

void TakeAndBreakValues::scan_forward_at(std::uint64_t h) const {
  const TableFile* f = file();
  if (f == nullptr) return;
  if (h >= kScanChunk) release_between(h - kScanChunk, h);
  f->read_ahead(h, std::min(size_, h + 2 * kScanChunk));
}

void TakeAndBreakValues::scan_backward_at(std::uint64_t h) const {
  const TableFile* f = file();
  if (f == nullptr) return;
  release_between(h, h + kScanChunk);
  f->read_ahead(h >= 2 * kScanChunk ? h - 2 * kScanChunk : 0, std::min(size_, h));
}

void TakeAndBreakValues::release_between(std::uint64_t from, std::uint64_t to) const {
  const TableFile* f = file();
  if (f == nullptr) return;
  const std::uint64_t kept = kept_values();
  from = std::max(from, kept);
  to = std::min(to, size_ > kept ? size_ - kept : 0);
  if (from < to) f->release(from, to);
}

}  // namespace grundy
