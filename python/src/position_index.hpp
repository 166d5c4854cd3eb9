#pragma once
// PositionIndex: the ids of the Python positions of a game written in Python,
// numbered in the order first met. A hash table of its own rather than a
// dict from position to int: a dict would hold a Python int per position
// (32 bytes and an allocation each), and this costs 16 bytes per slot. It
// uses Python's own hash and ==, so positions equal in Python share an id.
// Open addressing with linear probing, at most half full. Needs the GIL.

#include <Python.h>

#include <bit>
#include <cstdint>
#include <vector>

#include <pybind11/pybind11.h>

#include "grundy/search/big_vector.hpp"

namespace grundy::python {

class PositionIndex {
 public:
  // The id of `position`, or positions.size() after adding it (the caller
  // then appends the position, so that positions[id] is it, before any
  // other call). Throws py::error_already_set when hashing or comparing
  // raises (an unhashable position: TypeError).
  std::uint64_t find_or_add(PyObject* position, const BigVector<pybind11::object>& positions) {
    const Py_hash_t hash = PyObject_Hash(position);
    if (hash == -1 && PyErr_Occurred() != nullptr) throw pybind11::error_already_set();
    if (2 * (used_ + 1) > slots_.size()) grow();
    for (;;) {  // once, unless Python code changes the table during a comparison
      bool changed = false;
      for (std::size_t i = home(hash); !changed;
           i = (i + 1) & (slots_.size() - 1)) {
        if (slots_[i].id == kEmpty) {
          slots_[i] = Slot{hash, positions.size()};
          ++used_;
          ++changes_;
          return positions.size();
        }
        if (slots_[i].hash != hash) continue;
        PyObject* known = positions[slots_[i].id].ptr();
        if (known == position) return slots_[i].id;
        const std::uint64_t id = slots_[i].id;
        const std::uint64_t changes = changes_;
        // Python's == may run any code, grundy's included: if the table
        // changed meanwhile, the probe starts again.
        const int equal = PyObject_RichCompareBool(known, position, Py_EQ);
        if (equal < 0) throw pybind11::error_already_set();
        changed = changes != changes_;
        if (!changed && equal == 1) return id;
      }
    }
  }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  struct Slot {
    Py_hash_t hash = 0;
    std::uint64_t id = kEmpty;
  };

  // The first slot a hash probes. Python hashes an int as itself, so the
  // positions of a game on integers fill runs of consecutive slots; probed
  // linearly from hash & mask, a new position whose slot falls in such a run
  // walks all of it (a game with n -> n/2 took 12x its moves() calls). The
  // hash is scrambled first (Fibonacci hashing: the top bits of a product).
  [[nodiscard]] std::size_t home(Py_hash_t hash) const {
    const std::uint64_t scrambled = static_cast<std::uint64_t>(hash) * 0x9e3779b97f4a7c15ULL;
    return static_cast<std::size_t>(scrambled >> (64 - bits_));
  }

  void grow() {
    ++changes_;
    BigVector<Slot> old(slots_.empty() ? 8 : 2 * slots_.size());
    old.swap(slots_);
    bits_ = static_cast<unsigned>(std::countr_zero(slots_.size()));
    for (const Slot& s : old) {
      if (s.id == kEmpty) continue;
      std::size_t i = home(s.hash);
      while (slots_[i].id != kEmpty) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = s;
    }
  }

  BigVector<Slot> slots_;
  unsigned bits_ = 0;  // slots_.size() is 2^bits_
  std::size_t used_ = 0;
  std::uint64_t changes_ = 0;  // insertions and growths, for a probe interrupted by Python code
};

}  // namespace grundy::python
