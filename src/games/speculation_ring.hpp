#pragma once
// The heaps in flight between two threads on one take-and-break table
// (TakeAndBreakValues::speculate): the computing thread takes each heap's
// value to be the common one (step 1 of the rare-value method) and runs
// ahead; the heap's check (step 2: are any of the rare values it wants
// found among its options?) runs on either thread; the computing thread
// counts the heaps in order once checked.
//
// Heaps go to the checks in batches of kBatch consecutive heaps, so that
// the threads exchange a cache line a batch, not a heap. A batch is filled
// by the computing thread, checked by either (claimed with one exchange),
// then counted by the computing thread; kBatches batches are in flight at
// most. Batch states are published with release stores and read with
// acquire loads: a batch's heaps are written before it is pending, and its
// verdict before it is done.
//
// `Check` is called as check(n, want, common, scratch): the value of heap n
// whose values wanted (bits of `want`, one word of 64 values per element)
// are looked for among its options, `common` when none is found; `scratch`
// has room for 64 * W values (for a list of the values wanted). It must be
// safe to call from both threads at once.
//
// Costs: a ring holds kBatches batches of about kBatch * (8W + 4) bytes
// (W = 1: 48 KiB); each heap costs one check, and each batch one exchange
// and two stores the other thread reads.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace grundy {

template <std::size_t W, class Check>
class SpeculationRing {
 public:
  static constexpr std::uint32_t kBatch = 64;
  static constexpr std::uint64_t kBatches = 64;
  using Want = std::array<std::uint64_t, W>;

  struct alignas(64) Batch {
    std::atomic<std::uint32_t> state{kDone};
    std::uint64_t first = 0;
    std::uint32_t count = 0;
    std::uint32_t failed = kBatch;  // the first heap whose check failed; kBatch: none
    std::array<std::uint32_t, kBatch> common{};
    std::array<Want, kBatch> want{};  // all zero: nothing to check
  };

  explicit SpeculationRing(Check check) : check_(std::move(check)), batches_(kBatches) {}

  // The checking helper's loop: claims the oldest pending batches until
  // stop() is called.
  void run_helper() {
    std::uint64_t next = 0;
    unsigned idle = 0;
    while (!stop_.load(std::memory_order_acquire)) {
      const std::uint64_t top = published_.load(std::memory_order_acquire);
      bool worked = false;
      for (; next < top && !worked; ++next) worked = claim(next);
      if (worked) {
        idle = 0;
      } else if (++idle % 64 == 0) {
        std::this_thread::yield();
      }
    }
  }
  void stop() { stop_.store(true, std::memory_order_release); }

  // Whether another batch may be filled (fewer than kBatches in flight).
  [[nodiscard]] bool has_room() const { return filling_ - counted_ < kBatches; }
  // Heap n, computed ahead with the common value v, and the values its
  // check looks for; the batch goes to the checks once full.
  void add(std::uint64_t n, std::uint32_t v, const Want& want) {
    if (open_ == nullptr) {
      open_ = &batches_[filling_ % kBatches];
      open_->first = n;
      open_->count = 0;
    }
    const std::uint32_t i = open_->count++;
    open_->common[i] = v;
    open_->want[i] = want;
    if (open_->count == kBatch) close();
  }
  // The batch being filled goes to the checks (or is done at once when
  // none of its heaps needs one).
  void close() {
    if (open_ == nullptr) return;
    bool any = false;
    for (std::uint32_t i = 0; i < open_->count && !any; ++i)
      for (std::size_t w = 0; w < W; ++w) any = any || open_->want[i][w] != 0;
    open_->failed = kBatch;
    open_->state.store(any ? kPending : kDone, std::memory_order_release);
    published_.store(++filling_, std::memory_order_release);
    open_ = nullptr;
  }
  // When the computing thread cannot go on: it checks a batch too, the
  // newest first (the helper takes the oldest).
  void help() {
    close();
    for (std::uint64_t sequence = filling_; sequence > counted_; --sequence)
      if (claim(sequence - 1)) return;
  }

  // The oldest batch not yet counted, once checked; nullptr while there is
  // none or it is still being checked.
  [[nodiscard]] const Batch* oldest_checked() const {
    if (counted_ == filling_) return nullptr;
    const Batch& batch = batches_[counted_ % kBatches];
    return batch.state.load(std::memory_order_acquire) == kDone ? &batch : nullptr;
  }
  // That batch counted: its place is free.
  void counted() { ++counted_; }

 private:
  enum : std::uint32_t { kPending, kClaimed, kDone };

  bool claim(std::uint64_t sequence) {
    Batch& batch = batches_[sequence % kBatches];
    std::uint32_t expected = kPending;
    if (batch.state.load(std::memory_order_relaxed) != kPending ||
        !batch.state.compare_exchange_strong(expected, kClaimed, std::memory_order_acq_rel))
      return false;
    check(batch);
    return true;
  }
  void check(Batch& batch) {
    batch.failed = kBatch;
    std::array<std::uint32_t, 64 * W> scratch{};
    for (std::uint32_t i = 0; i < batch.count; ++i) {
      const std::uint32_t common = batch.common[i];
      if (check_(batch.first + i, batch.want[i], common, scratch.data()) != common) {
        batch.failed = i;  // the heaps after it read a wrong value: no use checking them
        break;
      }
    }
    batch.state.store(kDone, std::memory_order_release);
  }

  Check check_;
  std::vector<Batch> batches_;
  std::atomic<std::uint64_t> published_{0};  // batches below it are filled
  std::atomic<bool> stop_{false};
  std::uint64_t filling_ = 0;  // the batch being filled (its sequence number)
  std::uint64_t counted_ = 0;  // the oldest batch not yet counted
  Batch* open_ = nullptr;
};

}  // namespace grundy
