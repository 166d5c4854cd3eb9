#pragma once
// TakeAndBreakValues: the table G(0), G(1), ... of a take-and-break game,
// computed by the rare-value method where it applies (docs/games/octal.md).
//
// The method (Berlekamp's "sparse space", Winning Ways ch. 4; Flammenkamp's
// tables; Czajka's analyzer): for a mask m, call a value v *rare* when
// v & m has an even number of 1 bits and *common* otherwise. Rare XOR rare
// and common XOR common are rare; rare XOR common is common. In many octal
// games all but a few heaps have common values. Then
//   - every common value among a heap's two-heap options pairs a rare heap
//     with another heap, so O(R) lookups (R rare heaps) find them all;
//   - the rare values below the smallest missing common value are nearly
//     always found after a short scan of the pairs, stopped as soon as all
//     of them are seen; only when one is missing (a new rare heap, which is
//     rare) does the scan go through every pair.
// So G(n) costs about O(R) instead of O(n). The mask is chosen again at each
// power of two as the one that makes the fewest heaps rare (the counts of
// every mask come from one Walsh-Hadamard transform of the values'
// histogram); when no mask makes rare heaps scarce, the plain mex over every
// option is used. Values are kept in one byte each while they are below
// 256, in two bytes after.
//
// For two-heap games the table also watches for a cycle: once no new rare
// heap appears, G(n) is a function of the last D values (D = the last rare
// heap plus the most tokens a move takes), so the values settle into a
// cycle, found by Brent's method on a rolling hash of that window. A cycle
// is only a candidate: the periodicity theorem proves it (take_and_break).

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/games/value_column.hpp"

namespace grundy {

class LongTask;

class TakeAndBreakValues {
 public:
  // What the rare-value method saw (for reports of games with no proven
  // period).
  struct Sparsity {
    std::uint32_t largest = 0;     // the largest value so far
    std::uint64_t largest_at = 0;  // the first heap with it
    bool masked = false;           // false: no mask in use (the plain mex)
    std::uint32_t mask = 0;
    bool with_parity = false;      // a heap's parity joins its value's mask bits (see rare_under)
    std::uint64_t rare_heaps = 0;  // heaps with a rare value under the mask
    std::uint64_t last_rare = 0;   // the largest such heap
  };

  // The statistics of published rare-value tables (Flammenkamp's; Czajka's
  // analyzer): over G(0..size-1), heap 0 included, the mask that makes the
  // fewest heaps rare (the heap's parity joining it where every split takes
  // tokens of one parity), how many heaps it makes rare, and the last.
  struct RareStatistics {
    std::uint64_t size = 0;
    std::uint32_t largest = 0;
    std::uint64_t largest_at = 0;
    std::uint32_t mask = 0;
    bool with_parity = false;
    std::uint64_t rare_heaps = 0;
    std::uint64_t last_rare = 0;
  };

  // digits[i]: bits 1, 2, 4, 8 for leaving 0, 1, 2, 3 heaps after taking i
  // tokens; unequal: two heaps left must differ (Grundy's game).
  TakeAndBreakValues(std::vector<std::uint8_t> digits, bool unequal);

  [[nodiscard]] std::uint64_t size() const { return size_; }
  [[nodiscard]] std::uint32_t operator[](std::uint64_t n) const { return wide_ ? wide_values_[n] : narrow_values_[n]; }
  // The least q >= p with G(size - 1 - q) = G(size - 1), or `size` when
  // there is none (1 <= size <= size()): the periods q worth trying from the
  // table's end, found by a byte search rather than a compare per period.
  [[nodiscard]] std::uint64_t next_repeat_of_last(std::uint64_t p, std::uint64_t size) const;
  // The smallest e <= start with G(n + p) = G(n) for every e <= n < start
  // (start + p within the table): how far back a period p holds. O(start - e),
  // reading the values in place (a search for periods calls it for every p).
  [[nodiscard]] std::uint64_t agreeing_from(std::uint64_t p, std::uint64_t start) const {
    return wide_ ? agreeing_from(wide_values_.data(), p, start) : agreeing_from(narrow_values_.data(), p, start);
  }
  [[nodiscard]] const Sparsity& sparsity() const { return sparsity_; }
  // Bytes per value in the table: 1, or 2 once a value reaches 256.
  [[nodiscard]] unsigned bytes_per_value() const { return wide_ ? 2 : 1; }

  // Computes G(size() .. size - 1), reporting progress to `task` if given.
  // With stop_at_cycle, returns as soon as a cycle is found (cycle()).
  void extend_to(std::uint64_t size, LongTask* task = nullptr, bool stop_at_cycle = false);
  // Progress is shown as a fraction of this size when it is larger than
  // extend_to's (a search that grows the table in steps up to a bound).
  void set_progress_total(std::uint64_t total) { progress_total_ = total; }
  [[nodiscard]] std::uint64_t progress_total() const { return progress_total_; }

  // Room for `size` values, taken from the system only as values fill it:
  // a table grown to its bound then holds one (or two) bytes per value,
  // with no copy at twice the size on the way. Nothing happens if the
  // room cannot be had.
  void reserve(std::uint64_t size);

  // O(size + 2^b log 2^b) for values below 2^b: a transform of the
  // histograms, then one scan for the last rare heap.
  [[nodiscard]] RareStatistics rare_statistics() const;
  // The heaps h >= from of the table that are rare under a mask (heap 0
  // counts), in increasing order.
  [[nodiscard]] std::vector<std::uint64_t> rare_heaps_under(std::uint32_t mask, bool with_parity,
                                                            std::uint64_t from) const;

  // Replaces the table by `size` values read from `in`, bytes_per_value()
  // bytes each (little-endian), and rebuilds what the method keeps
  // (histograms, mask, rare heaps) as if it had computed them; the values
  // after it are the same either way. Throws InputError when `in` ends early
  // or holds a value no table can.
  void read_values(std::istream& in, std::uint64_t size, unsigned bytes_per_value);

  // Tables that outgrow memory (docs/games/octal.md, "Past 2^32"): the
  // values move to a TableFile at `path` (written whole, then renamed over
  // it), and from then on every value is written there as it is computed.
  // What stays in memory is what the method reads: the first and the last
  // kept_values() values (the rare heaps and their partners), plus what a
  // whole scan (a new rare heap, a new mask, the statistics) reads, given
  // back as the scan moves on.
  void move_to_file(const std::string& path, const std::string& spec);
  // The values, copied to a new TableFile at `path` (written as PATH.part,
  // then renamed over PATH, so that a run killed meanwhile leaves the old
  // file whole) and committed. The table stays where it is.
  TableFile copy_to_file(const std::string& path, const std::string& spec) const;
  // The table of a TableFile, read in place (it is not copied): the same
  // state as move_to_file would leave. The caller checks the file first
  // (TableFile::check). Throws InputError naming the file when it holds a
  // value no table can.
  void open_file(TableFile file);
  // The values so far to disk, and their count to the file's header.
  void commit_file();
  // nullptr while the table is in memory.
  [[nodiscard]] const TableFile* file() const { return wide_ ? wide_values_.file() : narrow_values_.file(); }
  // Values kept in memory at each end of a table in a file: at least
  // `values` (tests use a few pages), and always the last rare heap's
  // reach.
  void set_min_kept_values(std::uint64_t values) { min_kept_ = values; }
  [[nodiscard]] std::uint64_t kept_values() const;
  // The bytes of values a table in a file keeps in memory between scans.
  [[nodiscard]] std::uint64_t kept_bytes() const { return 2 * kept_values() * bytes_per_value(); }

  // Threads for one table (1 by default): with 2 or more, the checks of
  // the rare values (step 2) run beside the computation of the next heaps
  // once rare heaps have stopped appearing (docs/games/octal.md, "Two
  // cores on one game"). The values are the same whatever the count.
  void set_threads(unsigned threads) { threads_ = threads == 0 ? 1 : threads; }
  [[nodiscard]] unsigned threads() const { return threads_; }
  // Speculation starts no earlier than heap `from` (tests lower it).
  void set_speculate_from(std::uint64_t from) { speculate_from_ = from; }
  // Whether two threads are tried against one before they are used, in
  // each range of heaps between two mask choices (on by default): a game
  // whose heaps cost little (0.1777) runs slower on two threads than on
  // one, and then keeps to one. Off: two threads wherever they apply
  // (the tests of their workings).
  void set_speculation_trials(bool on) { speculation_trials_ = on; }
  // Trials made, and those in which two threads paid.
  [[nodiscard]] std::uint64_t speculation_trials() const { return trials_made_; }
  [[nodiscard]] std::uint64_t speculation_trials_won() const { return trials_won_; }
  // Heaps whose check failed (new rare heaps met while two threads ran).
  [[nodiscard]] std::uint64_t failed_checks() const { return failed_checks_; }
  // Heaps computed ahead and checked beside (0 on one thread).
  [[nodiscard]] std::uint64_t heaps_ahead() const { return heaps_ahead_; }
  // Heaps whose step 1 took one byte permutation (near_pairs_).
  [[nodiscard]] std::uint64_t near_heaps() const { return near_heaps_; }

  // The length of the last cycle found, once; nullopt when none was found
  // since the last call. Two-heap octal games only.
  [[nodiscard]] std::optional<std::uint64_t> take_cycle();
  // Whether a cycle was found and not yet taken.
  [[nodiscard]] bool cycle_found() const { return cycle_.has_value(); }

 private:
  template <class V>
  void extend(std::uint64_t size, LongTask* task, bool stop_at_cycle);
  template <class V>
  [[nodiscard]] std::uint32_t sparse_value(const V* g, std::uint64_t n);
  template <class V>
  [[nodiscard]] std::uint32_t* mark_one_heap_options(const V* g, std::uint64_t n);
  template <class V>
  [[nodiscard]] std::uint32_t sparse_value_small(const V* g, std::uint64_t n);
  // Whether near_pairs_ holds for the rare heaps now, planned afresh when
  // they changed.
  [[nodiscard]] bool near_pairs_usable();
  // Step 1's marks by near_pairs_ into `seen` (false: the plan does not apply).
  template <class V>
  [[nodiscard]] bool near_pair_bits(const V* g, std::uint64_t n, std::uint64_t& seen);
  // The values below 64 (as bits, each taken mod 64) of the splits of the
  // total m into a rare heap rare_heaps_[i], i in [from, to), and the rest:
  // four accumulators, so that no mark waits for the one before.
  template <class V>
  [[nodiscard]] std::uint64_t rare_pair_bits(const V* g, std::uint64_t m, std::size_t from, std::size_t to) const;
  template <class V, std::size_t W>
  [[nodiscard]] std::uint32_t sparse_value_bits(const V* g, std::uint64_t n);
  template <class V, std::size_t W>
  [[nodiscard]] std::uint32_t rare_scan(const V* g, std::uint64_t n, std::uint32_t* want, std::size_t count,
                                        std::uint32_t common) const;
  // rare_scan while every value is below 64, the values wanted as bits.
  template <class V>
  [[nodiscard]] std::uint32_t rare_scan_bits(const V* g, std::uint64_t n, std::uint64_t need,
                                             std::uint32_t common) const;
  // Step 2's values to look for, kept for a check instead of looked for
  // at once (speculate).
  struct DeferredScan {
    std::size_t count = 0;
    std::array<std::uint32_t, 512> want{};
    std::uint64_t bits = 0;  // with one word: the values as bits instead (count 0)
  };
  // Two threads on one table: heaps [size_, limit) computed ahead by step 1
  // of the method with G(n) taken to be the common value, each checked by
  // step 2 on either thread (a check fails only at a new rare heap, which
  // is rare), and counted in order once checked. Returns at the first
  // failed check (the heap is then computed alone), at `limit`, or where
  // the value space or the values' width would change.
  template <class V, std::size_t W>
  void speculate(std::uint64_t limit, LongTask* task, bool stop_at_cycle);
  // speculate's steps (speculation_ring.hpp): heap n's check, on either
  // thread; the heaps of the batches checked, counted in order (true at a
  // failed check whose heap is next); heap n computed ahead into the ring
  // (false when its value is past the width: computed alone instead).
  template <class V, std::size_t W>
  [[nodiscard]] std::uint32_t checked_value(const V* g, std::uint64_t n, const std::array<std::uint64_t, W>& want,
                                            std::uint32_t common, std::uint32_t* scratch) const;
  template <class V, class Ring>
  [[nodiscard]] bool count_checked(Ring& ring, const V* g, bool in_file, std::uint64_t limit, LongTask* task,
                                   bool stop_at_cycle);
  template <class V, std::size_t W, class Ring>
  [[nodiscard]] bool compute_ahead(Ring& ring, ValueColumn<V>& values, std::uint64_t n, DeferredScan& deferred);
  [[nodiscard]] bool may_speculate(std::uint64_t n, std::uint64_t limit) const;
  // Whether heap n, where two threads may run, goes to them (the trial's
  // turn, or its verdict), and the heaps their trial may still take.
  [[nodiscard]] bool speculation_chosen(std::uint64_t n);
  // A turn of two threads on `heaps` heaps in `seconds`, towards the trial.
  void count_speculation(std::uint64_t heaps, double seconds);
  // The bookkeeping of value v just placed at heap n == size_.
  void record(std::uint64_t n, std::uint32_t v, bool in_file);
  template <class V>
  void start_block(const V* g, std::uint64_t n0);
  template <class V>
  [[nodiscard]] std::uint32_t plain_value(const V* g, std::uint64_t n);
  template <class V>
  [[nodiscard]] std::uint32_t plain_value_by_bitmap(const V* g, std::uint64_t n);
  [[nodiscard]] std::uint32_t plain_value_by_windows(const std::uint16_t* g, std::uint64_t n);
  void choose_mask();
  // The mask (and parity, where every split takes tokens of one parity)
  // that makes the fewest heaps rare, from the histograms: heaps
  // 1..size-1, or 0..size-1 with heap 0 counted. `found` is false when no
  // mask makes fewer heaps rare than all of them.
  struct MaskChoice {
    std::uint32_t mask = 0;
    bool with_parity = false;
    std::int64_t rare = 0;
    bool found = false;
  };
  [[nodiscard]] MaskChoice best_mask(bool count_heap_zero) const;
  template <class V>
  static std::uint64_t agreeing_from(const V* g, std::uint64_t p, std::uint64_t start) {
    std::uint64_t e = start;
    while (e > 0 && g[e - 1] == g[e - 1 + p]) --e;
    return e;
  }
  [[nodiscard]] std::size_t rare_heaps_below(std::uint64_t m) const;
  [[nodiscard]] std::span<const std::uint64_t> split_totals(std::uint64_t n);
  // The largest smaller heap a split into two heaps totalling m leaves.
  [[nodiscard]] std::uint64_t last_split(std::uint64_t m) const { return unequal_ ? (m - 1) / 2 : m / 2; }
  void sort_values_by_class();
  void next_stamp();
  void widen();
  [[nodiscard]] bool odd_under_mask(std::uint32_t v) const;
  [[nodiscard]] bool is_rare_heap(std::uint64_t h, std::uint32_t v) const;
  [[nodiscard]] bool enumerated_are_odd(std::uint64_t n) const;
  void restart_cycle_search();
  void watch_cycle(std::uint64_t n);

  std::vector<std::uint8_t> digits_;
  bool unequal_;
  bool three_way_ = false;
  std::vector<std::uint64_t> leave_none_;  // tokens taken by moves that leave nothing
  std::vector<std::uint64_t> leave_one_;   // ... one heap
  std::vector<std::uint64_t> leave_two_;   // ... two heaps
  std::uint64_t most_taken_ = 0;
  // Every split removes tokens of one parity, parity_offset_'s: only then can
  // the heap's parity join a mask (as Czajka's analyzer has it).
  bool one_parity_ = false;
  std::uint64_t parity_offset_ = 0;
  std::vector<std::uint64_t> split_totals_;  // split_totals' room

  std::uint64_t size_ = 0;
  bool wide_ = false;
  ValueColumn<std::uint8_t> narrow_values_;
  ValueColumn<std::uint16_t> wide_values_;
  // In a file: every kReleaseEvery values, and after each whole scan, the
  // pages between the kept ends are given back.
  static constexpr std::uint64_t kReleaseEvery = std::uint64_t{1} << 20;
  std::uint64_t min_kept_ = std::uint64_t{1} << 24;
  // Pages of [from, to) outside the kept ends given back (a table in a file).
  void release_between(std::uint64_t from, std::uint64_t to) const;
  // A whole scan's step at value h, a multiple of kScanChunk: the chunk it
  // has left behind given back, and the next two read from disk ahead of
  // it (forward: [h, h + 2 chunks); backward: [h - 2 chunks, h)).
  void scan_forward_at(std::uint64_t h) const;
  void scan_backward_at(std::uint64_t h) const;
  // The histograms, largest value, value space and mask of the values in
  // the column, as extend() would have left them.
  void rebuild_from_values();
  // Back to no values, keeping the settings (threads, kept values, progress total).
  void start_afresh();
  std::vector<std::uint64_t> histogram_even_, histogram_odd_;  // heaps per value, by the heap's parity

  Sparsity sparsity_;
  // The rare heaps under the mask, with their values, in increasing order.
  std::vector<std::uint64_t> rare_heaps_;
  std::vector<std::uint32_t> rare_values_;
  std::uint64_t rare_version_ = 0;  // changes with rare_heaps_
  // Where every option that leaves one heap, or two with a rare heap, reads
  // a value among the kNearReach just below n (0.1777: 3 + 3 * 15 of them,
  // within 127), one byte permutation of those values finds them all for a
  // heap: lane k is G(n - kNearReach + index[k]) XOR with[k] (unused lanes
  // repeat lane 0). Planned by near_pairs_usable for rare_version_ `version`.
  static constexpr std::uint64_t kNearReach = 128;
  struct NearPairs {
    alignas(64) std::array<std::uint8_t, 64> index{};
    alignas(64) std::array<std::uint8_t, 64> with{};
    std::uint64_t version = ~std::uint64_t{0};
    bool usable = false;
  };
  NearPairs near_pairs_;
  std::uint64_t near_heaps_ = 0;
  // The value space [0, 64 words_) by the parity of its bits under the
  // mask, in increasing order.
  std::vector<std::uint32_t> even_values_, odd_values_;
  std::array<std::uint64_t, 8> even_bits_{}, odd_bits_{};  // the same as bits, below 512
  std::size_t words_ = 1;
  // seen_[v] == stamp_: v is a value of an option of the heap at hand.
  std::vector<std::uint32_t> seen_;
  std::uint32_t stamp_ = 0;
  std::vector<std::uint32_t> need_;  // rare values to look for
  std::uint64_t next_mask_choice_ = 64;

  // The pairs of the next kBlock heaps with the rare heaps whose partner is
  // already computed, marked ahead for all of them at once with vector
  // instructions (start_block): bit v of block_seen_[n - block_start_].
  // For each two-heap digit, the rare heaps (by index) left to the heap's own
  // loop: [0, lo) (the partner is inside the block), [skip_lo, skip_hi) (in
  // Grundy's game, a heap that could pair with itself) and [hi, ...) (heaps
  // too recent to pair with the block's first heap).
  static constexpr std::uint64_t kBlock = 16;
  struct BlockRange {
    std::size_t lo = 0, skip_lo = 0, skip_hi = 0, hi = 0;
  };
  bool block_valid_ = false;
  std::uint64_t block_start_ = 0;
  // The block marks only its first block_words_ words: the fewest that
  // held the `common` (sparse_value_bits) of all but 1/64 of the heaps so
  // far. A heap whose `common` lies past them marks its pairs again, into
  // every word. (Grundy's game's values pass 256, so it needs 8 words, but
  // only its rare heaps' `common` passes 256: 4 words, half the marking.)
  std::size_t block_words_ = 0;
  std::uint64_t commons_counted_ = 0;
  std::array<std::uint64_t, 3> commons_past_{};  // [k]: heaps whose `common` was 64 * 2^k or more
  std::array<std::array<std::uint64_t, 8>, kBlock> block_seen_{};
  std::vector<BlockRange> block_ranges_;
  // In a block past every rare heap: the reads each heap of the block still
  // makes, G(n - back) ^ with, listed once by start_block (the one-heap
  // options and the rare heaps of [0, lo) of each digit), so that a heap
  // reads them in one short loop instead of walking the ranges of each
  // digit (0.167 to 2^24: 0.84 of the time). A new rare heap ends the
  // list's use until the next block.
  struct BlockRead {
    std::uint64_t back = 0;
    std::uint32_t with = 0;
  };
  std::vector<BlockRead> block_reads_;
  bool block_reads_valid_ = false;
  template <class V>
  [[nodiscard]] std::uint64_t block_read_bits(const V* g, std::uint64_t n) const;

  // Brent's cycle search over the window of the last window_ values.
  std::uint64_t window_ = 0;  // 0: not searching
  std::uint64_t hash_ = 0, hash_top_power_ = 0;
  std::uint64_t reference_end_ = 0, reference_hash_ = 0;
  std::uint64_t steps_ = 0, power_ = 1;
  std::optional<std::uint64_t> cycle_;
  bool cycle_reported_ = false;  // a cycle was found since the last restart_cycle_search
  std::uint64_t progress_total_ = 0;

  unsigned threads_ = 1;
  std::uint64_t speculate_from_ = std::uint64_t{1} << 16;
  std::uint64_t speculate_after_ = 0;  // no speculation below this heap (after a failed check)
  std::uint64_t failed_checks_ = 0;
  std::uint64_t heaps_ahead_ = 0;
  // The trial of two threads against one (speculation_chosen): kTrialHeaps
  // alone, then as many on two threads, once in each range of heaps
  // between mask choices (trial_round_ is that range's end).
  static constexpr std::uint64_t kTrialHeaps = std::uint64_t{1} << 16;
  enum class Trial : std::uint8_t { alone, together, decided };
  bool speculation_trials_ = true;
  Trial trial_ = Trial::decided;
  std::uint64_t trial_round_ = 0;
  std::uint64_t trial_from_ = 0;
  double trial_started_ = 0;  // seconds (steady clock) when the alone turn began
  double alone_rate_ = 0;     // heaps a second
  std::uint64_t together_heaps_ = 0;
  double together_seconds_ = 0;
  bool speculation_pays_ = true;
  std::uint64_t trials_made_ = 0, trials_won_ = 0;
  DeferredScan* deferred_ = nullptr;
};

}  // namespace grundy
