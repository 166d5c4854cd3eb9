#pragma once
// TableFile: a take-and-break table that lives in a file instead of memory
// (`grundy rare` past 2^32 values, where the table outgrows memory).
//
// Layout, "grundy-table 3":
// - a header of kHeaderBytes bytes: the line "grundy-table 3", the game's
//   spec, "SIZE BYTES", "check HEX" (HEX the xxHash XXH3 64-bit hash of the
//   three lines before it, newlines included), then spaces up to a last
//   newline;
// - the checksums, kSumBytes bytes: for each block of kBlockValues values,
//   8 bytes (little-endian), XXH3 of the block's committed values seeded
//   with the block's number (so that two blocks swapped are seen); the last
//   block's covers the values it holds so far. Blocks not reached yet are a
//   hole in the file (it takes no room on disk);
// - the values, BYTES each, little-endian.
// A damaged file is refused, never trusted: its header when it is opened,
// each block of values the first time it is read (check). Damage goes
// unseen only when it leaves a block's hash the same, with odds of about one
// in 2^64 (xxHash is a hash, not an error-correcting code; no defence
// against a file made to deceive). Versions 1 (the in-memory table's
// save, written by older versions) and 2 (version 3 without the checksums)
// have none; take_and_break.cpp reads them into memory and writes them
// again as version 3.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace grundy {

class TableFile {
 public:
  static constexpr std::uint64_t kHeaderBytes = 4096;
  // Most values a file holds: 2^40 two-byte values are 2 TiB.
  static constexpr std::uint64_t kMostValues = std::uint64_t{1} << 40;
  // Values per checksum: a lookup reads and checks at most 2 MiB once.
  static constexpr std::uint64_t kBlockValues = std::uint64_t{1} << 20;
  static constexpr std::uint64_t kSumBytes = kMostValues / kBlockValues * 8;  // 8 MiB
  static constexpr std::uint64_t kValuesOffset = kHeaderBytes + kSumBytes;

  // A new file at `path` (replacing one there) for a table of `spec`, with
  // `bytes` bytes per value and no value yet. Throws InputError naming the
  // file when it cannot be written.
  static TableFile create(const std::string& path, const std::string& spec, unsigned bytes);
  // A version-3 file, mapped as it is: size() values of bytes() bytes, none
  // checked yet. Throws InputError when it is not a version-3 table of
  // `spec`, when its header is damaged, or when it is shorter than its
  // header says.
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
  [[nodiscard]] std::byte* values() const { return map_ + kValuesOffset; }

  // Checks the blocks holding values [from, to) (of the first size()) that
  // have not been checked, against their checksums. Throws InputError
  // naming the file and the values of the first damaged block.
  // O(values checked): xxHash reads several GB/s; each block once.
  // Not for two threads at once.
  void check(std::uint64_t from, std::uint64_t to) const;

  // Room for `count` values, taken on disk now (so that a full disk is an
  // error here, not a crash when a page is written). Throws LimitError with
  // the figures when the disk does not have it.
  void reserve(std::uint64_t count);
  // The checksums of the first `size` values' blocks, those values and
  // their checksums to disk, then SIZE in the header. O(values added since
  // the last commit, plus one block).
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
  [[nodiscard]] std::uint64_t block_sum(std::uint64_t block, std::uint64_t values) const;
  [[nodiscard]] std::byte* sum_at(std::uint64_t block) const { return map_ + kHeaderBytes + 8 * block; }

  std::string path_;
  int fd_ = -1;
  std::string spec_;
  unsigned bytes_ = 1;
  std::uint64_t size_ = 0;
  std::uint64_t capacity_ = 0;
  std::byte* map_ = nullptr;
  std::uint64_t map_bytes_ = 0;
  mutable std::vector<bool> checked_;  // by block: checked, or summed here
};

}  // namespace grundy
