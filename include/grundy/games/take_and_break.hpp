#pragma once
// TakeAndBreakGame: heap games in which a move takes tokens from one heap and
// may break what is left into several heaps (docs/games/octal.md).
//
//   octal:CODE   Winning Ways' octal games. CODE = d0.d1d2...dk: digit d_i
//                says what removing i tokens may leave: bit 1 nothing (the
//                whole heap is taken), bit 2 one non-empty heap, bit 4 two.
//                d0 = 4 lets a heap split in two without removing anything.
//   hex:CODE     the same with hexadecimal digits, bit 8 leaving three heaps.
//   tb:CODE      any code CGSuite reads (take_and_break_code.hpp): digits to
//                Z and {N} (up to seven heaps), the modifiers ! ? = on
//                splits, and a repeating group [..] (infinitely many digits).
//   grundy-game  split one heap into two unequal non-empty heaps (tb:4!.0).
//   kayles, dawson-chess, dawson-kayles: octal:0.77, 0.137 and 0.07.
//
// Values come from a table filled by a plain mex over every option (O(n) per
// heap for two-way splits, O(n^2) for three-way ones), grown by doubling up
// to kMaxTable values. Codes beyond hexadecimal without a constraint, and
// codes whose constraints are more than "two heaps unequal", fill their
// table by the plain mex over every option, up to a cap that keeps the cost
// near 2^28 option visits (general_table_cap). At each doubling the table is tested for a period
// with the periodicity theorem (Guy-Smith for two-way splits, its k-way form
// for hexadecimal codes): once one is proven, every heap below 2^64 costs
// O(1).

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/game.hpp"
#include "grundy/game_family.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/games/table_file.hpp"
#include "grundy/games/take_and_break_code.hpp"
#include "grundy/games/take_and_break_values.hpp"
#include "grundy/pattern.hpp"
#include "grundy/periodicity.hpp"

namespace grundy {

class LongTask;
class TableLock;

class TakeAndBreakGame final : public Game, public HeapGame {
 public:
  [[nodiscard]] const HeapGame* heap_game() const override { return this; }
  enum class Notation { octal, hex, grundy, code };

  // Most values computed while no period is proven (fewer with three-way
  // splits, whose mex is quadratic per heap).
  static constexpr std::uint64_t kMaxTable = std::uint64_t{1} << 25;
  // Most values `pattern` computes (its --max-heap), one byte each while
  // they are below 256.
  static constexpr std::uint64_t kMaxPatternTable = std::uint64_t{1} << 32;
  // Most values of a table kept in a file (keep_table_in_file).
  static constexpr std::uint64_t kMaxFileTable = std::uint64_t{1} << 40;
  // pattern's default bound for games no mask speeds up.
  static constexpr std::uint64_t kPlainDefault = std::uint64_t{1} << 18;
  // value()'s bound for such games (it was the table's cap before the
  // rare-value method).
  static constexpr std::uint64_t kPlainValueTable = std::uint64_t{1} << 20;
  // Unproven tables up to this size are searched for a rule to report.
  static constexpr std::uint64_t kObservedTable = std::uint64_t{1} << 22;
  static constexpr std::uint64_t kMaxTableThreeWay = std::uint64_t{1} << 12;
  // Repeating codes that leave at most one heap: O(1) per heap and removal
  // class, four bytes a value (values reach the heap's size).
  static constexpr std::uint64_t kOneHeapTableCap = std::uint64_t{1} << 21;
  // Heaps up to this have all their options to a value counted; above,
  // two-heap splits are counted when a period is proven (in O(e + p)), and
  // otherwise the search stops after the first `limit` options.
  static constexpr std::uint64_t kCountedHeap = std::uint64_t{1} << 16;
  // Most options options_to_value lists, whatever its limit.
  static constexpr std::uint64_t kMostListed = std::uint64_t{1} << 22;
  // General codes (tb:) list, count and search options by visiting them,
  // at most this many per heap: past it a count is unknown.
  static constexpr std::uint64_t kGeneralScan = std::uint64_t{1} << 24;
  // Most digits after the point.
  static constexpr std::size_t kMaxDigits = 64;

  // The game of a code such as "0.77", ".137" or "4.3" (octal) or "0.F"
  // (hex). Throws InputError saying what is wrong, with its place counted
  // from `column` (the code's first character in the spec, from 1).
  [[nodiscard]] static TakeAndBreakGame parse_code(std::string_view code, Notation notation, std::string_view spec,
                                                   std::size_t column);
  // Grundy's game.
  [[nodiscard]] static TakeAndBreakGame grundy_game();
  // The game of any code (tb:CODE).
  [[nodiscard]] static TakeAndBreakGame from_code(TakeAndBreakCode code);
  [[nodiscard]] const TakeAndBreakCode& code() const { return code_; }

  [[nodiscard]] std::string spec() const override;
  // The code's digits for the rare-value table: digits()[i] for removing i
  // tokens, bits 1, 2, 4, 8 for leaving 0, 1, 2, 3 non-empty heaps; empty
  // for a general code (code() has every code).
  [[nodiscard]] const std::vector<std::uint8_t>& digits() const { return digits_; }
  // The most heaps a move leaves, at least 1.
  [[nodiscard]] unsigned most_heaps_left() const { return most_heaps_; }
  // The digits, for finite codes without constraints that leave at most
  // two heaps (octal codes); empty otherwise.
  [[nodiscard]] std::vector<std::uint8_t> octal_digits() const override;

  [[nodiscard]] Nimber value(Position n) const override;
  void expect_values_up_to(Position last) const override { expected_last_ = last; }
  [[nodiscard]] std::string move_rule() const override;
  [[nodiscard]] OptionSample options_to_value(Position p, Nimber target, std::uint64_t limit = kNoLimit) const override;
  [[nodiscard]] OptionSample list_options(Position p, std::uint64_t limit) const override;
  [[nodiscard]] std::vector<Option> sample_options(Position p) const override;
  [[nodiscard]] bool has_move(Position p) const override;
  [[nodiscard]] std::string why_not_option(Position from, std::span<const Position> to) const override;
  // Empty heaps dropped, the rest in increasing order.
  [[nodiscard]] Option normalize_option(Option typed) const override;
  [[nodiscard]] Pattern pattern(std::uint64_t limit) const override;
  [[nodiscard]] std::uint64_t default_pattern_limit() const override;
  [[nodiscard]] std::uint64_t max_pattern_limit() const override;
  [[nodiscard]] std::string max_pattern_reason() const;

  // Long tables (`grundy rare`, a background job to 2^32 values): the
  // rare-value table itself, grown to `size` values whatever value()'s cap
  // (at most kMaxPatternTable), saved to a file and resumed from one. Only
  // for codes the rare-value method computes (rare_table() says).
  [[nodiscard]] bool rare_table() const { return !general_; }
  [[nodiscard]] const TakeAndBreakValues& table() const { return table_; }
  // G(0..size-1). `between_steps`, when given, is called every
  // kTableStep values while the table grows (the table is whole then, so a
  // caller may save it: a run of hours loses at most one step when killed).
  static constexpr std::uint64_t kTableStep = std::uint64_t{1} << 16;
  void compute_table(std::uint64_t size, const std::function<void()>& between_steps = {}) const;
  // The table in a TableFile at `path`, with its checksums. Written to
  // PATH.part, then renamed: a killed save leaves the last one whole.
  // Throws InputError naming the file.
  void save_table(const std::string& path) const;
  // Throws InputError when the file is not a saved table of this game, or
  // is damaged (its header, or any block of values: TableFile::check). A
  // TableFile is read in place when `in_file`, and copied into memory
  // otherwise; the files of older versions (1 and 2, without checksums) are
  // read into memory.
  void resume_table(const std::string& path, bool in_file = false) const;
  // From now on the table lives in the file at `path` (TableFile,
  // "grundy-table 3"): written there whole now unless it is there already,
  // then each value as it is computed, with only the parts the method
  // reads kept in memory (TakeAndBreakValues::move_to_file). A table grows
  // past kMaxPatternTable values only in a file; save_table(path) then
  // commits the file instead of writing a copy.
  void keep_table_in_file(const std::string& path) const;

  // A program's --table for an octal or hexadecimal game (rare_table()):
  // the values live in the file at `path` from now on. A TableFile there is
  // read in place (InputError when it holds another game's table or its
  // header is damaged; each block of values is checked when first read), a
  // file of an older version is converted once, and a new file is made
  // when there is none. Two runs given one file: the first holds its lock
  // (table_lock.hpp) and writes it; the others read it, and grow their
  // tables in memory. value() then reads G(n) from the file when it holds
  // it, and otherwise grows the file to n, up to kMaxFileTable values
  // (past kMaxPatternTable only for games with a rare-value mask), saved
  // every kFileCommitEvery and when interrupted: a later run goes on from
  // there. Memory holds what the method reads (TakeAndBreakValues::
  // kept_values), not the table. `none` for general codes.
  [[nodiscard]] TableFileUse table_file_use() const override {
    return rare_table() ? TableFileUse::kept : TableFileUse::none;
  }
  void keep_table_in(const std::string& path) override;
  // The same file for pattern(): with it, max_pattern_limit() is
  // kMaxFileTable - 1 for games a period may be proven for (not Grundy's
  // game, not three-heap moves), and the search for a period grows the
  // file, committed as value() commits it.
  static constexpr std::chrono::seconds kFileCommitEvery{60};

  // The smallest period and its smallest preperiod, proven by the
  // periodicity theorem from values computed up to `max_values` (at most
  // the table's cap); nullopt when none is proven there. Never for
  // Grundy's game, which no theorem covers.
  // Where no rare-value mask applies (each value costs a scan of every
  // pair), the table stops at `plain_values`.
  [[nodiscard]] std::optional<Periodicity> prove_period(std::uint64_t max_values,
                                                        std::uint64_t plain_values = kNoLimit) const;

  // How many values are known, G(0..stored_size() - 1): the rare-value
  // table's, or the general one's.
  [[nodiscard]] std::uint64_t stored_size() const { return general_ ? general_table_.size() : table_.size(); }

 protected:
  // The table grows on the budget's threads (TakeAndBreakValues::
  // set_threads): with a rare-value mask, past 2^16 heaps, the rare values'
  // checks run beside the next heaps where a trial shows that faster.
  void budget_changed() override { table_.set_threads(budget().search_threads()); }

 private:
  TakeAndBreakGame(Notation notation, TakeAndBreakCode code);

  // Options of a heap of r tokens left by a move under digit d: each split
  // of r into k non-empty heaps (sizes increasing) the digit allows.
  template <class Visit>
  static bool for_each_split(std::uint64_t r, const TakeAndBreakDigit& d, Visit&& visit);
  // options_to_value for a general code (see the source).
  [[nodiscard]] OptionSample general_options_to_value(Position p, Nimber target, std::uint64_t limit) const;
  [[nodiscard]] double split_count_estimate(Position n) const;  // finite codes
  // General codes: G(0..size-1) by the plain mex, and the cap.
  void extend_general(std::uint64_t size) const;
  // Repeating codes whose moves leave at most one heap: the same values in
  // O(1) per heap and removal class (see the source).
  [[nodiscard]] bool one_heap_repeating() const {
    return !code_.finite() && code_.most_heaps() <= 1 && code_.digits().size() > code_.repeat();
  }
  void extend_one_heap(std::uint64_t size) const;
  [[nodiscard]] std::uint64_t general_table_cap() const;
  [[nodiscard]] std::uint32_t stored(std::uint64_t n) const {
    return general_ ? general_table_[static_cast<std::size_t>(n)] : table_[n];
  }
  // Whether the periodicity theorem applies: finite and unconstrained codes.
  [[nodiscard]] bool provable() const { return code_.finite() && !code_.constrained(); }
  // Why no period is known, for errors: no theorem, or none proven in the table.
  [[nodiscard]] std::string no_period_words() const;
  // The parts of pattern(): each kind of answer in its own words.
  [[nodiscard]] Pattern arithmetic_pattern(std::uint64_t checked_up_to) const;
  [[nodiscard]] Pattern unprovable_pattern(Pattern observed) const;
  [[nodiscard]] Pattern general_unproven_pattern() const;
  [[nodiscard]] Pattern unproven_pattern(std::uint64_t most, const std::string& too_large) const;
  [[nodiscard]] Pattern proven_pattern(const Periodicity& p) const;
  // Codes whose moves leave at most one heap and take from a repeating set
  // of sizes: G(n + p) = G(n) + s from n = 0, seen on the table, proven by
  // the theorem of docs/games/octal.md when its finite check holds. Sets
  // arithmetic_; true when it is proven.
  bool try_arithmetic_rule(std::uint64_t period, std::uint64_t saltus) const;
  bool try_arithmetic_rule() const;

  // Calls visit(option) for each option of heap n, in the game's order:
  // by tokens removed, then by heaps left, then by increasing heaps; stops
  // when visit returns false.
  template <class Visit>
  void for_each_option(Position n, Visit&& visit) const;
  [[nodiscard]] std::uint64_t table_cap() const {
    return general_ ? general_table_cap() : most_heaps_ == 3 ? kMaxTableThreeWay : kMaxTable;
  }
  void extend_to(std::uint64_t size) const;  // G(0..size-1) in the table
  // value() with the table in a file (keep_table_in), and the file's
  // growth to `size` values with its commits (extend_table).
  [[nodiscard]] Nimber value_in_file(Position n) const;
  void grow_file_table(std::uint64_t size) const;
  // The progress line's words for the table grown to `size` values.
  [[nodiscard]] std::string computing_words(std::uint64_t size) const;
  // keep_table_in's file, read in place as the table (once a value past
  // its end is needed).
  void open_table_file() const;
  // LimitError when a table in a file of `size` values would need every
  // pair for every value past 2^32 (no mask).
  void check_file_growth(std::uint64_t size) const;
  // table_.extend_to for prove_period: in a file, by kTableStep values with
  // a commit every kFileCommitEvery, at the end and when interrupted.
  void extend_table(std::uint64_t size, LongTask& task, bool stop_at_cycle = false) const;
  [[nodiscard]] std::optional<Periodicity> find_proof() const;
  // find_proof on the table, once per table size; true when a period is known.
  bool try_proof() const;
  void double_table() const;  // to at most the cap
  [[nodiscard]] std::uint64_t smallest_preperiod(std::uint64_t p, std::uint64_t start) const;
  [[nodiscard]] std::uint64_t smallest_preperiod(std::uint64_t p) const {
    return smallest_preperiod(p, stored_size() - p);
  }
  // The table size the periodicity theorem needs to prove period p from e.
  [[nodiscard]] std::uint64_t proof_size(std::uint64_t e, std::uint64_t p) const;
  [[nodiscard]] TableReport table_report() const;
  [[nodiscard]] std::optional<Periodicity> prove_cycle(std::uint64_t p, std::uint64_t most, LongTask& task) const;
  [[nodiscard]] std::uint32_t table_value(std::uint64_t n) const { return stored(n); }

  Notation notation_;
  TakeAndBreakCode code_;
  std::vector<std::uint8_t> digits_;  // the rare-value table's digits: no trailing zeros after d0
  bool unequal_ = false;              // every two-heap split leaves unequal heaps (Grundy's game)
  bool general_ = false;              // values by the plain mex over code_'s options
  unsigned most_heaps_ = 1;
  mutable std::vector<std::uint32_t> general_table_;
  // extend_one_heap's state: per class of heaps modulo the repeat, the
  // values some of its options have, as links to the next value none has;
  // other[v] == n + 1 when v is one of heap n's other options.
  struct OneHeapClasses {
    std::vector<std::vector<std::uint32_t>> next;
    std::vector<std::uint64_t> other;
  };
  mutable OneHeapClasses one_heap_classes_;
  // Grown lazily by const queries: a cache, not observable state.
  mutable TakeAndBreakValues table_;
  // keep_table_in's file: its path, and the file itself, mapped but not
  // read, until a value past its end is asked for (then the table is read
  // from it in place). A value the file holds is read from it at once.
  std::string table_path_;
  mutable std::shared_ptr<const TableFile> file_view_;
  // The file's lock (table_lock.hpp), taken by keep_table_in: when another
  // run holds it, the file is read, never written.
  std::shared_ptr<TableLock> table_lock_;
  mutable std::optional<Periodicity> period_;
  // The last cycle seen whose proof needed more values than allowed.
  mutable std::optional<Periodicity> last_cycle_;
  mutable std::uint64_t expected_last_ = 0;   // expect_values_up_to's (0: none said)
  mutable std::uint64_t proof_tried_at_ = 0;  // table size of the last failed proof
  // G(n + period) = G(n) + saltus for every n >= 0, proven (arithmetic_rule).
  struct ArithmeticRule {
    std::uint64_t period = 0, saltus = 0;
    std::uint64_t bound = 0;   // the table the check used
    std::uint64_t start = 0;   // c + period: where the induction starts
    std::uint64_t repeat = 0;  // q, the code's repeating digits
    // The smallest rule G(n + p) = G(n) + s from 0, which the proven one
    // implies (try_arithmetic_rule): what pattern() reports.
    std::uint64_t rule_period = 0, rule_saltus = 0;
  };
  mutable std::optional<ArithmeticRule> arithmetic_;
  mutable std::uint64_t arithmetic_tried_at_ = 0;
};

// The families in the registry (registry.hpp).
// "0.0", "0.1", ..., "4.77": every octal code with at most `digits` digits
// after the point (d0 = 0 or 4, no trailing 0, each game once), sorted: the
// octal family's census. O(8^digits).
[[nodiscard]] std::vector<std::string> octal_codes(unsigned digits);
inline constexpr unsigned kMaxOctalCensusDigits = 6;  // 524,288 games: the list of their codes stays small
// The octal census's same-values key (GameFamily::census_values_key) of a
// code "d0.d1..dk": the code with bit 1 cleared in d1..dk, and bit 2 in
// each d_t for which some d_s, s < t, has bit 4 and G(t - s) = 0; then
// G(0..m) with m = max(k, kMaxOctalCensusDigits).
// Two codes that differ only in bit 1 of some digits (taking i tokens may
// leave nothing) differ only in the move that takes a whole heap of i
// tokens, which only a heap of exactly i has: every heap above k has the
// same options in both. A bit 2 cleared adds options G(n - t) that the
// split of d_s gives too (G(t - s) ^ G(n - t)). So if G(0..m) agree,
// induction on n gives G(n) equal for every n (docs/games/octal.md,
// "Codes with equal values").
[[nodiscard]] std::string octal_values_key(const std::string& code);

extern const GameFamily kOctalFamily;
extern const GameFamily kHexFamily;
extern const GameFamily kTakeAndBreakFamily;
extern const GameFamily kGrundyGameFamily;
extern const GameFamily kKaylesFamily;
extern const GameFamily kDawsonChessFamily;
extern const GameFamily kDawsonKaylesFamily;

}  // namespace grundy
