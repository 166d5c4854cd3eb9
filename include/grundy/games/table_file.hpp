#pragma once
// TableFile: a take-and-break table that lives in a file instead of memory
// (`grundy rare` past 2^32 values, where the table outgrows memory).
//
// Layout, "grundy-table 2": a header of kHeaderBytes bytes (the line
// "grundy-table 2", the game's spec, "SIZE BYTES", then spaces up to a last
// newline), then the values, BYTES each, little-endian. Version 1 (the
// in-memory table's save) has the same three lines with the values right
// after them.
//
// The values are mapped shared: a value written is the file's at once,
// whatever becomes of the process (kill -9 included), and the kernel may
// take any page back at any time. release() gives back the pages of the
// table the computation no longer reads, so the memory a run holds is the
// part of the table it reads, not the table. SIZE in the header grows only
// after the values below it are on disk (commit), so the file is a whole
// table at every moment.

#include <cstddef>
#include <cstdint>
#include <string>

namespace grundy {

class TableFile {
 public:
  static constexpr std::uint64_t kHeaderBytes = 4096;

  // A new file at `path` (replacing one there) for a table of `spec`, with
  // `bytes` bytes per value and no value yet. Throws InputError naming the
  // file when it cannot be written.
  static TableFile create(const std::string& path, const std::string& spec, unsigned bytes);
  // A version-2 file, mapped as it is: size() values of bytes() bytes.
  // Throws InputError when it is not a version-2 table of `spec` or is
  // shorter than its header says.
  static TableFile open(const std::string& path, const std::string& spec);

  TableFile(TableFile&& other) noexcept;
  TableFile& operator=(TableFile&& other) noexcept;
  TableFile(const TableFile&) = delete;
  TableFile& operator=(const TableFile&) = delete;
  ~TableFile();

  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] const std::string& spec() const { return spec_; }
  [[nodiscard]] unsigned bytes() const { return bytes_; }
  // The values the header counts (the last commit's).
  [[nodiscard]] std::uint64_t size() const { return size_; }
  // Values the file has room for.
  [[nodiscard]] std::uint64_t capacity() const { return capacity_; }
  // The first value's first byte.
  [[nodiscard]] std::byte* values() const { return map_ + kHeaderBytes; }

  // Room for `count` values, taken on disk now (so that a full disk is an
  // error here, not a crash when a page is written). Throws LimitError with
  // the figures when the disk does not have it.
  void reserve(std::uint64_t count);
  // The first `size` values to disk, then SIZE in the header.
  void commit(std::uint64_t size);
  // Renames the file to `path`, replacing what is there (a table written
  // whole beside its old version, then put in its place).
  void rename_to(const std::string& path);
  // Gives back the memory of the pages holding only values in [from, to);
  // their values stay in the file, and are read again from it if needed.
  void release(std::uint64_t from, std::uint64_t to) const;
  // Asks the kernel to read the pages of values [from, to) from disk now,
  // without waiting for them: a whole scan calls it a stretch ahead of
  // where it reads. The mapping is marked random (no read-ahead on a
  // fault), so without it a scan of a file not in the page cache reads
  // one page per fault (2 GiB of Grundy's game: 266 s, against seconds).
  void read_ahead(std::uint64_t from, std::uint64_t to) const;

 private:
  TableFile(std::string path, int fd, std::string spec, unsigned bytes);
  void map(std::uint64_t file_bytes);
  void write_header();

  std::string path_;
  int fd_ = -1;
  std::string spec_;
  unsigned bytes_ = 1;
  std::uint64_t size_ = 0;
  std::uint64_t capacity_ = 0;
  std::byte* map_ = nullptr;
  std::uint64_t map_bytes_ = 0;
};

}  // namespace grundy
