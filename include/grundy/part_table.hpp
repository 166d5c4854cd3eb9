#pragma once
// PartTable: the table of a component search, in two tables under one
// memory bound: the parts a game can lay out in small slots (G::SmallSlots,
// when it has them: a Cram board of at most 64 cells in 16 bytes) in one,
// every other part in slots of the plain layout. A game with no small
// slots gets one plain table. The interface is TranspositionTable's; each
// call goes to the table that holds, or would hold, its key.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "grundy/transposition_table.hpp"

namespace grundy {

template <class Key, class Hash, class SmallSlots = void>
class PartTable {
 public:
  using Value = std::uint64_t;
  explicit PartTable(std::size_t max_bytes)
      : budget_(std::make_shared<TableBudget>(TableBudget{max_bytes, 0})), small_(budget_), large_(budget_) {}

  [[nodiscard]] std::optional<Value> find(const Key& key) const { return find(key, hash_of(key)); }
  [[nodiscard]] std::optional<Value> find(const Key& key, std::size_t hash) const {
    return SmallSlots::fits(key) ? small_.find(key, hash) : large_.find(key, hash);
  }
  void prefetch(const Key& key, std::size_t hash) const {
    if (SmallSlots::fits(key)) small_.prefetch_hash(hash);
    else large_.prefetch_hash(hash);
  }
  [[nodiscard]] static std::size_t hash_of(const Key& key) { return Hash{}(key); }
  void store(const Key& key, Value value, std::size_t weight) {
    if (SmallSlots::fits(key)) small_.store(key, value, weight);
    else large_.store(key, value, weight);
  }
  [[nodiscard]] std::size_t size() const { return small_.size() + large_.size(); }
  [[nodiscard]] std::uint64_t replaced() const { return small_.replaced() + large_.replaced(); }
  [[nodiscard]] std::size_t bytes() const { return small_.bytes() + large_.bytes(); }
  [[nodiscard]] std::size_t max_bytes() const { return budget_->max_bytes; }
  template <class F>
  void for_each(F&& f) const {
    small_.for_each(f);
    large_.for_each(f);
  }

 private:
  std::shared_ptr<TableBudget> budget_;
  TranspositionTable<Key, Value, Hash, SmallSlots> small_;
  TranspositionTable<Key, Value, Hash> large_;
};

// A game without small slots: one plain table.
template <class Key, class Hash>
class PartTable<Key, Hash, void> {
 public:
  using Value = std::uint64_t;
  explicit PartTable(std::size_t max_bytes) : table_(max_bytes) {}

  [[nodiscard]] std::optional<Value> find(const Key& key) const { return table_.find(key); }
  [[nodiscard]] std::optional<Value> find(const Key& key, std::size_t hash) const { return table_.find(key, hash); }
  void prefetch(const Key&, std::size_t hash) const { table_.prefetch_hash(hash); }
  [[nodiscard]] static std::size_t hash_of(const Key& key) { return Hash{}(key); }
  void store(const Key& key, Value value, std::size_t weight) { table_.store(key, value, weight); }
  [[nodiscard]] std::size_t size() const { return table_.size(); }
  [[nodiscard]] std::uint64_t replaced() const { return table_.replaced(); }
  [[nodiscard]] std::size_t bytes() const { return table_.bytes(); }
  [[nodiscard]] std::size_t max_bytes() const { return table_.max_bytes(); }
  template <class F>
  void for_each(F&& f) const {
    table_.for_each(f);
  }

 private:
  TranspositionTable<Key, Value, Hash> table_;
};

}  // namespace grundy
