// Node Kayles values by a memoised mex over connected pieces, for the
// independent checks (node_kayles_grid_check.cpp, node_kayles_petersen_check.cpp),
// with none of grundy's code. A move removes a vertex and its neighbours; a
// position's value is the nim-sum of its connected pieces' values, and a
// piece's value is the mex of its options' values (Sprague-Grundy). Each
// program says which pieces are one (its `canonical`: an image under
// symmetries of its graph, which have equal values).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace node_kayles_pieces {

using Cells = unsigned __int128;  // a set of at most 128 vertices

inline Cells bit(unsigned v) { return Cells{1} << v; }

inline unsigned lowest(Cells c) {
  const auto low = static_cast<std::uint64_t>(c);
  return low != 0 ? static_cast<unsigned>(__builtin_ctzll(low))
                  : 64 + static_cast<unsigned>(__builtin_ctzll(static_cast<std::uint64_t>(c >> 64)));
}

// The values of the pieces seen, by open addressing: a slot whose key is 0
// is empty (no piece is empty). Kept lean (17 bytes a slot), since a check
// may hold 10^8 pieces.
class Memo {
 public:
  const std::uint8_t* find(Cells c) const {
    const std::size_t i = slot(c);
    return keys_[i] == 0 ? nullptr : &values_[i];
  }
  void add(Cells c, std::uint8_t v) {
    if (10 * (count_ + 1) > 7 * keys_.size()) grow();
    const std::size_t i = slot(c);
    keys_[i] = c;
    values_[i] = v;
    ++count_;
  }
  std::size_t size() const { return count_; }

 private:
  static std::uint64_t hash(Cells c) {
    std::uint64_t x = static_cast<std::uint64_t>(c) ^ (static_cast<std::uint64_t>(c >> 64) * 0x9E3779B97F4A7C15ULL);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 29;
    return x;
  }
  std::size_t slot(Cells c) const {
    std::size_t i = hash(c) & (keys_.size() - 1);
    while (keys_[i] != 0 && keys_[i] != c) i = (i + 1) & (keys_.size() - 1);
    return i;
  }
  void grow() {
    std::vector<Cells> old_keys(keys_.size() * 2, 0);
    std::vector<std::uint8_t> old_values(values_.size() * 2, 0);
    old_keys.swap(keys_);
    old_values.swap(values_);
    for (std::size_t i = 0; i < old_keys.size(); ++i)
      if (old_keys[i] != 0) {
        const std::size_t j = slot(old_keys[i]);
        keys_[j] = old_keys[i];
        values_[j] = old_values[i];
      }
  }

  std::vector<Cells> keys_ = std::vector<Cells>(1 << 16, 0);
  std::vector<std::uint8_t> values_ = std::vector<std::uint8_t>(1 << 16, 0);
  std::size_t count_ = 0;
};

// Node Kayles on one graph: closed[v] is v and its neighbours; `Canonical`
// maps a piece to the key of its class.
template <class Canonical>
class Values {
 public:
  Values(std::vector<Cells> closed, Canonical canonical) : closed_(std::move(closed)), canonical_(canonical) {}

  std::uint32_t value(Cells cells) {
    std::uint32_t sum = 0;
    while (cells != 0) {
      const Cells piece = piece_of(cells, lowest(cells));
      sum ^= piece_value(piece);
      cells &= ~piece;
    }
    return sum;
  }
  std::size_t pieces() const { return memo_.size(); }

 private:
  // The piece of `cells` that holds v, grown a neighbourhood at a time.
  Cells piece_of(Cells cells, unsigned v) const {
    Cells piece = bit(v), frontier = bit(v);
    while (frontier != 0) {
      Cells next = 0;
      for (Cells f = frontier; f != 0; f &= f - 1) next |= closed_[lowest(f)];
      next &= cells & ~piece;
      piece |= next;
      frontier = next;
    }
    return piece;
  }

  std::uint32_t piece_value(Cells piece) {
    const Cells key = canonical_(piece);
    if (const std::uint8_t* known = memo_.find(key)) return *known;
    std::vector<bool> seen;
    for (Cells c = piece; c != 0; c &= c - 1) {
      const std::uint32_t v = value(piece & ~closed_[lowest(c)]);
      if (v >= seen.size()) seen.resize(v + 1, false);
      seen[v] = true;
    }
    std::uint32_t mex = 0;
    while (mex < seen.size() && seen[mex]) ++mex;
    if (mex > 255) {
      std::fprintf(stderr, "node_kayles_pieces: a value above 255, more than a byte holds\n");
      std::exit(1);
    }
    memo_.add(key, static_cast<std::uint8_t>(mex));
    return mex;
  }

  std::vector<Cells> closed_;
  Canonical canonical_;
  Memo memo_;
};

}  // namespace node_kayles_pieces
