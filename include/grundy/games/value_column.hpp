#pragma once
// ValueColumn<V>: the values of a take-and-break table, G(0), G(1), ...,
// as one array of V, held in memory or in a TableFile (table_file.hpp).
// The computation reads it through data() either way; only growth and
// the giving back of pages differ.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "grundy/games/table_file.hpp"

namespace grundy {

template <class V>
class ValueColumn {
 public:
  ValueColumn() = default;
  // The file's values, its size() of them; the file holds sizeof(V) bytes each.
  explicit ValueColumn(TableFile file) : file_(std::make_unique<TableFile>(std::move(file))), size_(file_->size()) {}

  [[nodiscard]] std::uint64_t size() const { return file_ ? size_ : memory_.size(); }
  [[nodiscard]] std::uint64_t capacity() const { return file_ ? file_->capacity() : memory_.capacity(); }
  [[nodiscard]] const V* data() const { return file_ ? mapped() : memory_.data(); }
  [[nodiscard]] V operator[](std::uint64_t n) const { return data()[n]; }
  // nullptr when the values are in memory.
  [[nodiscard]] TableFile* file() const { return file_.get(); }

  void push_back(V v) {
    if (!file_) {
      memory_.push_back(v);
      return;
    }
    // Grown by an eighth at least (a table past 2^32 is GiBs): the caller
    // reserves what it will compute, so this is rare.
    if (size_ == file_->capacity()) file_->reserve(size_ + std::max<std::uint64_t>(size_ / 8, std::uint64_t{1} << 20));
    mapped()[size_++] = v;
  }
  void reserve(std::uint64_t count) {
    if (file_)
      file_->reserve(count);
    else
      memory_.reserve(static_cast<std::size_t>(count));
  }
  // The first `count` values kept, the rest dropped (count <= size()).
  void truncate(std::uint64_t count) {
    if (file_)
      size_ = std::min(size_, count);
    else
      memory_.resize(static_cast<std::size_t>(std::min<std::uint64_t>(memory_.size(), count)));
  }
  // No values, no memory, no file.
  void clear() {
    std::vector<V>().swap(memory_);
    file_.reset();
    size_ = 0;
  }

 private:
  [[nodiscard]] V* mapped() const { return reinterpret_cast<V*>(file_->values()); }

  std::vector<V> memory_;
  std::unique_ptr<TableFile> file_;
  std::uint64_t size_ = 0;  // with a file
};

}  // namespace grundy
