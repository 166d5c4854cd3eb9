#pragma once
// TranspositionTable: what a search has learnt about positions, in one flat
// array probed linearly (open addressing). A search asks it millions of times
// a second; a node-based std::unordered_map spent most of Cram's time on
// cache misses, this array one or two lines a lookup.
//
// Keys must be equality-comparable and hashed by Hash; a default-constructed
// Key is never stored as a real key is (a slot is free while `used` is
// false). References returned stay valid until the next call of
// operator[] (which may grow the table even for a key it holds).

#include <cstddef>
#include <cstdint>
#include <vector>

namespace grundy {

template <class Key, class Value, class Hash>
class TranspositionTable {
 public:
  // The value stored for `key`, nullptr when there is none. O(1) expected.
  [[nodiscard]] Value* find(const Key& key) {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = Hash{}(key) & mask();; i = (i + 1) & mask()) {
      Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.key == key) return &s.value;
    }
  }

  // The value stored for `key`, stored as Value{} first when there is none.
  // O(1) expected; the table doubles when half full.
  Value& operator[](const Key& key) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    std::size_t i = Hash{}(key) & mask();
    for (;; i = (i + 1) & mask()) {
      Slot& s = slots_[i];
      if (!s.used) break;
      if (s.key == key) return s.value;
    }
    slots_[i] = Slot{key, Value{}, true};
    ++size_;
    return slots_[i].value;
  }

  [[nodiscard]] std::size_t size() const { return size_; }
  // Bytes held by the slots.
  [[nodiscard]] std::size_t bytes() const { return slots_.size() * sizeof(Slot); }

 private:
  struct Slot {
    Key key{};
    Value value{};
    bool used = false;
  };

  [[nodiscard]] std::size_t mask() const { return slots_.size() - 1; }

  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
    for (Slot& s : old) {
      if (!s.used) continue;
      std::size_t i = Hash{}(s.key) & mask();
      while (slots_[i].used) i = (i + 1) & mask();
      slots_[i] = std::move(s);
    }
  }

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
};

}  // namespace grundy
