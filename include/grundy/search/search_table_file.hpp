#pragma once
// A file that keeps a search's table between runs (a program's --table,
// Game::keep_table_in; each game's format: searched_game.hpp): a first line naming the game and the format, then
// records of a fixed size, each an entry of the table in the game's own
// encoding, then a checksum of all that (TableChecksum): a file damaged
// since it was written is refused, never trusted.
//
// The file is only ever replaced whole: the records go to FILE.part, which
// is then renamed over FILE, so a run stopped mid-write leaves the previous
// table. Since a rename replaces whatever has the name, the path must name a
// regular file or nothing: a device (/dev/null), a FIFO, a directory or a
// symbolic link is refused, not replaced.
//
// Two runs given one file: the first takes its lock (table_lock.hpp) and
// saves; a second, finding it taken, reads the table but never writes it,
// for two runs writing FILE.part at once would rename each other's
// half-written files. Both answer.
//
// Costs: reading and writing are O(size of the file), in blocks of 1 MiB,
// so at most about 1 MiB of memory whatever the file's size; the
// constructor is a few system calls (the lock, a stat).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/table_lock.hpp"

namespace grundy {

// The checksum that ends a table file, as 8 bytes, least significant first:
// FNV-1a (64 bits) of every byte before it. Each step of FNV-1a maps its
// state one to one for a given byte, and two different bytes to different
// states, so a change of any one byte always changes the sum; other damage
// goes unseen with odds of about one in 2^64. Not a defence against a file
// made to deceive, which could carry any checksum.
// add is O(bytes): one XOR and one multiplication a byte.
class TableChecksum {
 public:
  void add(std::span<const unsigned char> bytes) {
    for (const unsigned char b : bytes) sum_ = (sum_ ^ b) * 0x100000001b3u;
  }
  [[nodiscard]] std::uint64_t sum() const { return sum_; }

 private:
  std::uint64_t sum_ = 0xcbf29ce484222325u;
};

class SearchTableFile {
 public:
  // The file of a table of `game` (such as "cram") in the format `version`,
  // whose first line is "grundy search table: GAME VERSION". Throws
  // InputError when `path` names something that is not a regular file, or
  // when a file cannot be made there.
  SearchTableFile(std::string path, std::string_view game, int version);
  SearchTableFile(const SearchTableFile&) = delete;
  SearchTableFile& operator=(const SearchTableFile&) = delete;

  [[nodiscard]] const std::string& path() const { return path_; }
  // False when another run holds the file's lock: this one only reads it.
  [[nodiscard]] bool writable() const { return lock_.held(); }

  // Calls f(record, i) for the i-th record (from 0) of `record_size` bytes;
  // a file not there yet, or empty, holds none. Throws InputError for a file
  // that does not start with the header, is cut short or fails its checksum
  // (checked before the first record is given), and passes on what f
  // throws.
  // The file is read twice (the checksum, then the records): O(size) time,
  // one call of f per record, a block of at most 1 MiB held.
  void read(std::size_t record_size,
            const std::function<void(std::span<const unsigned char> record, std::size_t index)>& f) const;

  // Gathers the records of a write into large blocks (one system call each).
  // add is O(record size) amortised: a write(2) per 1 MiB gathered.
  class Writer {
   public:
    void add(std::span<const unsigned char> record);

   private:
    friend class SearchTableFile;
    Writer(int fd, const std::string& part) : fd_(fd), part_(part) {}
    void flush();
    int fd_;
    const std::string& part_;
    std::vector<unsigned char> buffer_;
    TableChecksum checksum_;  // of what was flushed
  };

  // Replaces the file by the header and the records `emit` adds. Throws
  // InputError when it cannot (the file is then as it was). Only when
  // writable().
  // O(bytes written) and emit's own cost, about 1 MiB of buffer, then a rename.
  void write(const std::function<void(Writer&)>& emit) const;

 private:
  std::string path_;
  std::string game_;
  std::string header_;  // the first line, with its newline
  TableLock lock_;
};

}  // namespace grundy
