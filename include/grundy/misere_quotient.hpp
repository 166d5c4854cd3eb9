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

struct MisereQuotient {
  std::string game;            // the game's spec
  std::uint64_t max_heap = 0;  // the quotient of the sums of heaps 0..max_heap
  std::uint32_t size = 1;
  std::vector<QuotientElement> products;  // size x size, row-major
  std::vector<bool> in_p;                 // the P-portion
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

  [[nodiscard]] QuotientElement multiply(QuotientElement a, QuotientElement b) const {
    return products[std::size_t{a} * size + b];
  }
  // The class of a sum of heaps, each at most max_heap.
  [[nodiscard]] QuotientElement element_of(std::span<const Position> heaps) const;
  [[nodiscard]] bool is_p_position(std::span<const Position> heaps) const { return in_p[element_of(heaps)]; }
  // "1", "a", "ab^2c", for people.
  [[nodiscard]] std::string word_text(const GeneratorWord& w) const;
  [[nodiscard]] std::string element_text(QuotientElement x) const { return word_text(normal_forms[x]); }
};

struct QuotientLimits {
  std::uint32_t max_size = 5000;              // elements of any Q_n
  // 4-byte numbers the proof may store: about |Q| / 32 per class of sums it
  // examines (its escape set is a bitset over Q).
  std::uint64_t max_proof_numbers = 20'000'000;
  std::uint32_t max_copies = 64;              // copies of the new heap examined per step
  std::uint32_t max_recalibrations = 200;     // candidates tried for one heap after the first
  std::uint32_t max_trial_size = 200'000;     // elements of one recalibration trial, before it is reduced
  std::uint64_t max_trial_work = 100'000'000; // elements of all recalibration trials together
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

// Throws InputError when `game` is not a heap game whose moves shrink the
// total of the heaps, or has cycles; LimitError past `limits` (the message
// says at which heap).
[[nodiscard]] MisereQuotient compute_misere_quotient(const Game& game, std::uint64_t max_heap,
                                                     const QuotientLimits& limits = {});

// The pretending function's eventual period as seen in heaps 0..max_heap
// (observed, not proven): the smallest period, then the earliest start,
// with two whole periods seen; nullopt when none is. O(max_heap^2).
struct SeenPeriod {
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
};
[[nodiscard]] std::optional<SeenPeriod> pretending_period(const MisereQuotient& q);

}  // namespace grundy
