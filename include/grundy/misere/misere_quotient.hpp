#pragma once
// The misère quotient of a heap game (Plambeck and Siegel, "Misère quotients
// for impartial games", JCTA 2008): the sums of heaps 0..N, identified when
// no sum added to both tells them apart in misère play. The classes form a
// finite commutative monoid Q; the P-portion is the set of classes whose sums
// the previous player wins; the pretending function maps each heap to its
// class. Then a sum of heaps is a P-position exactly when the product of its
// heaps' classes is in the P-portion: O(heaps) per question.
//
// compute_misere_quotient builds Q heap by heap (Q_n from Q_{n-1}, reduced at
// every step, recalibrated on the lightest sum a candidate predicts wrong)
// and proves each step with a finite check that covers every sum of the
// heaps so far (docs/misere.md, "How the quotient is built and proven"): a
// quotient is reported only once proven.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/game.hpp"

namespace grundy {

// An element of a quotient, numbered from 0 (the identity, the empty sum).
using QuotientElement = std::uint32_t;

// A word in the quotient's generators: how many times each is used.
using GeneratorWord = std::vector<std::uint32_t>;

struct QuotientRelation {
  GeneratorWord left;   // a shortest word that is not a normal form
  GeneratorWord right;  // the normal form it equals
};

// The misère periodicity theorem's conclusion for a game of an octal code of
// length k (HeapGame::octal_code_length): the quotient of heaps 0..N is the
// whole game's, and Φ(n + p) = Φ(n) for every n >= n0, proven by the check
// Φ(n) = Φ(n - p) for n0 + p <= n <= N with N >= 2 max(n0, 1) + 2p + k - 1
// (docs/misere.md, "The whole game"; Plambeck and Siegel, JCTA 2008).
struct QuotientPeriod {
  std::uint64_t preperiod = 0;    // n0
  std::uint64_t period = 0;       // p
  std::uint64_t code_length = 0;  // k
  std::uint64_t checked_to = 0;   // N, the quotient's max_heap
};

struct MisereQuotient {
  std::string game;            // the game's spec
  std::uint64_t max_heap = 0;  // the quotient of the sums of heaps 0..max_heap
  std::uint32_t size = 1;
  std::vector<QuotientElement> products;    // size x size, row-major
  std::vector<bool> in_p;                   // the P-portion
  std::vector<QuotientElement> pretending;  // heap h -> its class, h = 0..max_heap

  // The presentation: generator i is the class of heap generator_heaps[i]
  // (written a, b, c, ...); every element has one normal form, its
  // shortest (then alphabetically first) word; the relations rewrite the
  // minimal words that are not normal forms, and generate all others.
  std::vector<std::uint64_t> generator_heaps;
  std::vector<GeneratorWord> normal_forms;  // one per element
  std::vector<QuotientRelation> relations;

  std::vector<std::uint32_t> sizes;  // |Q_n| for n = 0..max_heap
  std::uint64_t proof_states = 0;    // classes of sums the last proof examined
  std::uint64_t recalibrations = 0;  // candidates the proof rejected on the way

  // Tame (Conway): every sum of these heaps plays in misère as a misère Nim
  // position, each heap as one of genus g^m (g its normal-play value, m its
  // misère Grundy value): 0^1 as an empty heap, 1^0 as a heap of 1, g^g as
  // a position with a heap of 2 or more and nim-sum g. Proven by the same
  // check as the quotient.
  bool tame = false;
  // For tame games, the genus of each heap h = 0..max_heap, written g^m:
  // Conway's symbol with the superscript cut to its first figure.
  std::vector<std::string> genus;

  // Set when the quotient is proven to be the whole game's
  // (compute_whole_misere_quotient): every heap's element is then known.
  std::optional<QuotientPeriod> whole;
  // Why a search for the whole game's quotient stopped short of a proof
  // ("" when it did not stop short, or was not asked for), for people, and
  // which kind of limit stopped it, as data.
  std::string stopped;
  enum class Stop : std::uint8_t {
    none,        // proven whole, or not asked for
    most_heaps,  // no period proven by the last heap asked for
    time,        // QuotientLimits::max_seconds
    size,        // another of QuotientLimits: elements, the proof's store, recalibrations
  };
  Stop stop = Stop::none;

  // A heap of 0..max_heap that plays as `heap` in every sum: the heap itself
  // up to max_heap, and beyond it the heap the proven period maps it to;
  // InputError past max_heap without one. O(1).
  [[nodiscard]] std::uint64_t heap_like(std::uint64_t heap) const;
  // Heap h's element: pretending[h] up to max_heap, and beyond it through
  // the proven period; InputError past max_heap without one. O(1).
  [[nodiscard]] QuotientElement pretending_of(std::uint64_t heap) const { return pretending[heap_like(heap)]; }
  // For a tame quotient, the genus of heap_like(heap): a heap past max_heap
  // plays in every sum as that heap does, so the misère Nim position that
  // heap is pretended to be serves for it too, and sums of any heaps play as
  // misère Nim. It is the heap's own genus when their normal-play values
  // agree (misere_values checks). InputError for a wild quotient, and as
  // heap_like. O(1).
  [[nodiscard]] const std::string& genus_of(std::uint64_t heap) const;
  [[nodiscard]] QuotientElement multiply(QuotientElement a, QuotientElement b) const {
    return products[std::size_t{a} * size + b];
  }
  // The class of a sum of heaps, each at most max_heap unless `whole`.
  [[nodiscard]] QuotientElement element_of(std::span<const Position> heaps) const;
  [[nodiscard]] bool is_p_position(std::span<const Position> heaps) const { return in_p[element_of(heaps)]; }
  // "1", "a", "ab^2c", for people.
  [[nodiscard]] std::string word_text(const GeneratorWord& w) const;
  [[nodiscard]] std::string element_text(QuotientElement x) const { return word_text(normal_forms[x]); }
};

// The largest heap of a quotient: the bound of compute_misere_quotient, and
// the most heaps compute_whole_misere_quotient may add (each heap's step
// examines sums with every heap below it: past a thousand, hours a heap).
inline constexpr std::uint64_t kMostQuotientHeap = 1000;
// The heaps a whole game's search adds before it stops, unless told
// otherwise (a two-digit code proven whole needs at most 45 of them).
inline constexpr std::uint64_t kDefaultQuotientMostHeaps = 300;

struct QuotientLimits {
  std::uint32_t max_size = 5000;  // elements of any Q_n
  // 4-byte numbers the proof may store: about |Q| / 32 per class of sums it
  // examines (its escape set is a bitset over Q).
  std::uint64_t max_proof_numbers = 20'000'000;
  std::uint32_t max_copies = 64;               // copies of the new heap examined per step
  std::uint32_t max_recalibrations = 200;      // candidates tried for one heap after the first
  std::uint32_t max_trial_size = 200'000;      // elements of one recalibration trial, before it is reduced
  std::uint64_t max_trial_work = 100'000'000;  // elements of all recalibration trials together
  // Processor seconds of the calling thread for the heaps' steps (0: no
  // limit). A whole game's search that meets it keeps what it has proven
  // (MisereQuotient::stopped); a quotient of heaps up to a bound fails.
  double max_seconds = 0;
};

// A heap pretended to be a misère Nim position (Conway's genus theory):
// `value` its normal-play value, `big` when it plays as a position with a
// heap of 2 or more. A sum of such heaps is a P-position by Bouton's rule:
// nim-sum 0 when some heap is big, else nim-sum 1.
struct MiserePretence {
  std::uint64_t value = 0;
  bool big = false;
  // g^m: m the misère Grundy value (value when big, else value xor 1).
  [[nodiscard]] std::string genus() const;
};

// Conway's tame games, for sums mixing several heap games: the pretence of
// each heap 0..max_heaps[i] of games[i] when every sum of these heaps plays
// in misère as the sum of their pretended misère Nim positions, proven by
// the quotient's check over all such sums; std::nullopt when some heap has
// no such pretence or the check fails (wild). InputError for a game that is
// not a heap game or has cycles; LimitError past `max_numbers`.
[[nodiscard]] std::optional<std::vector<std::vector<MiserePretence>>> prove_tame_sum(
    std::span<const Game* const> games, std::span<const std::uint64_t> max_heaps,
    std::uint64_t max_numbers = 20'000'000);

// Throws InputError when `game` is not a heap game whose every option is a sum of
// smaller heaps, or has cycles, or `max_heap` is past kMostQuotientHeap; LimitError past `limits` (the message
// says at which heap).
[[nodiscard]] MisereQuotient compute_misere_quotient(const Game& game, std::uint64_t max_heap,
                                                     const QuotientLimits& limits = {});

// The whole game's quotient, for a game whose moves follow an octal code
// (HeapGame::octal_code_length): the quotient of heaps 0..n for n = 0, 1, ...
// until the periodicity theorem applies (QuotientPeriod), then `whole` is
// set and max_heap is that n. Up to `most_heaps` at most: past it, or when a
// limit of `limits` stops a step, the result is the last proven quotient,
// with `stopped` saying why. InputError for other games (the theorem needs
// the octal rule) and as compute_misere_quotient. Cost: that of
// compute_misere_quotient to the last heap, plus O(n) a heap for the check.
[[nodiscard]] MisereQuotient compute_whole_misere_quotient(const Game& game, std::uint64_t most_heaps,
                                                           const QuotientLimits& limits = {});

// compute_whole_misere_quotient once per game, most_heaps and limits in the
// process: later calls share the first one's result (proven whole, or
// stopped with the reason), so that a play session or a server computes it
// once. Errors are thrown each time, not kept. Thread-safe; the 64 latest
// games are kept.
[[nodiscard]] std::shared_ptr<const MisereQuotient> shared_whole_misere_quotient(const Game& game,
                                                                                 std::uint64_t most_heaps,
                                                                                 const QuotientLimits& limits = {});
// compute_misere_quotient likewise, once per game, max_heap and limits in
// the process (the quotients of both functions share the 64 places): a
// play session's hints, or Python's calls, ask for the same heaps again.
[[nodiscard]] std::shared_ptr<const MisereQuotient> shared_misere_quotient(const Game& game, std::uint64_t max_heap,
                                                                           const QuotientLimits& limits = {});

// The pretending function's eventual period as seen in heaps 0..max_heap
// (observed, not proven): the smallest period, then the earliest start,
// with two whole periods seen and at least kSeenPeriodRepeats heaps past
// the first period (the last two heaps alike are no period 1); nullopt when
// none is. O(max_heap^2).
inline constexpr std::uint64_t kSeenPeriodRepeats = 6;
struct SeenPeriod {
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
};
[[nodiscard]] std::optional<SeenPeriod> pretending_period(const MisereQuotient& q);

}  // namespace grundy
