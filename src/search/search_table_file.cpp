#include "grundy/search/search_table_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/quote.hpp"
#include "grundy/regular_file.hpp"

namespace grundy {
namespace {

// Records are gathered into blocks of about this size before each write,
// and a file is read in blocks of this size.
constexpr std::size_t kBlockBytes = std::size_t{1} << 20;
constexpr std::size_t kChecksumBytes = 8;

// Writes all of `bytes`; false on an error (errno says which).
bool write_all(int fd, std::span<const unsigned char> bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes = bytes.subspan(static_cast<std::size_t>(n));
  }
  return true;
}

// Fills `bytes` from offset `at` of the file; InputError when the file ends
// first (made shorter while it was read).
std::span<const unsigned char> read_at(int fd, std::span<unsigned char> bytes, std::uint64_t at,
                                       const std::string& path) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::pread(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(at + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw InputError(fmt::format("search table file {}: cannot be read ({})", quote_path(path),
                                   n < 0 ? std::strerror(errno) : "it was made shorter while it was read"));
    done += static_cast<std::size_t>(n);
  }
  return bytes;
}

// Closes fd when it goes out of scope.
struct FileDescriptor {
  int fd;
  explicit FileDescriptor(int opened) : fd(opened) {}
  ~FileDescriptor() {
    if (fd >= 0) ::close(fd);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
};

// The path, once known to name a regular file or nothing (before its lock
// is made beside it).
const std::string& checked_path(const std::string& path) {
  require_regular_file_or_none(path, "search table file");
  return path;
}

}  // namespace

SearchTableFile::SearchTableFile(std::string path, std::string_view game, int version)
    : path_(std::move(path)),
      game_(game),
      header_(fmt::format("grundy search table: {} {}\n", game, version)),
      lock_(checked_path(path_), "search table file") {}

void SearchTableFile::read(std::size_t record_size,
                           const std::function<void(std::span<const unsigned char>, std::size_t)>& f) const {
  // O_NONBLOCK: a FIFO put at the path since the check must not hang the run
  // (it is then refused by fstat below).
  const FileDescriptor in(::open(path_.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (in.fd < 0) {
    if (errno == ENOENT) return;
    throw InputError(fmt::format("search table file {}: cannot be read ({})", quote_path(path_), std::strerror(errno)));
  }
  struct stat info {};
  if (::fstat(in.fd, &info) != 0)
    throw InputError(fmt::format("search table file {}: cannot be read ({})", quote_path(path_), std::strerror(errno)));
  if (!S_ISREG(info.st_mode)) {
    require_regular_file_or_none(path_, "search table file");  // (says what the path names)
    throw InputError(fmt::format("search table file {}: not a regular file", quote_path(path_)));
  }
  // Read a block at a time, never whole: a table of gigabytes loaded by a
  // run with a small --memory must not cost its size (the search's table
  // keeps what fits its bound).
  const auto size = static_cast<std::uint64_t>(info.st_size);
  if (size == 0) return;  // an empty file: a table of nothing
  std::vector<unsigned char> block(std::min<std::uint64_t>(size, std::max(header_.size() + 64, kBlockBytes)));
  const std::size_t head = std::min<std::size_t>(block.size(), header_.size() + 64);
  read_at(in.fd, std::span(block).first(head), 0, path_);
  const std::string_view start(reinterpret_cast<const char*>(block.data()), head);
  if (!start.starts_with(header_)) {
    // The first line but for its version: another version of this table.
    const std::string family = fmt::format("grundy search table: {} ", game_);
    const std::string_view first_line = start.substr(0, start.find('\n'));
    if (first_line.starts_with(family))
      throw InputError(
          fmt::format("search table file {}: written by another version of grundy (its first line is {}, "
                      "this one writes {}); delete it, and the search starts afresh",
                      quote_path(path_), quote(first_line), quote(header_.substr(0, header_.size() - 1))));
    throw InputError(fmt::format("search table file {}: not a table of {} (it does not start with the line {})",
                                 quote_path(path_), game_, quote(header_.substr(0, header_.size() - 1))));
  }
  if (size < header_.size() + kChecksumBytes || (size - header_.size() - kChecksumBytes) % record_size != 0)
    throw InputError(
        fmt::format("search table file {}: cut short ({} bytes after the first line, not a whole "
                    "number of {}-byte records and an {}-byte checksum)",
                    quote_path(path_), size - header_.size(), record_size, kChecksumBytes));
  const std::uint64_t end = size - kChecksumBytes;  // of the records
  // The whole file is checked before any record is used: a damaged entry
  // would give wrong values, and a damaged shape a confusing message.
  TableChecksum checksum;
  for (std::uint64_t at = 0; at < end;) {
    const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(block.size(), end - at));
    checksum.add(read_at(in.fd, std::span(block).first(n), at, path_));
    at += n;
  }
  std::uint64_t written = 0;
  // Little-endian: the last byte is the most significant. (A plain loop:
  // clang 14 cannot compile libstdc++ 12's views::reverse.)
  const std::span<const unsigned char> stored = read_at(in.fd, std::span(block).first(kChecksumBytes), end, path_);
  for (std::size_t i = stored.size(); i-- > 0;) written = written << 8 | stored[i];
  if (written != checksum.sum())
    throw InputError(
        fmt::format("search table file {}: damaged (its checksum does not match its contents); delete "
                    "it, and the search starts afresh",
                    quote_path(path_)));
  const std::size_t per_block = block.size() / record_size;
  std::size_t index = 0;
  for (std::uint64_t at = header_.size(); at < end;) {
    const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(per_block, (end - at) / record_size));
    const std::span<const unsigned char> bytes = read_at(in.fd, std::span(block).first(n * record_size), at, path_);
    for (std::size_t i = 0; i < n; ++i) f(bytes.subspan(i * record_size, record_size), index++);
    at += n * record_size;
  }
}

void SearchTableFile::Writer::add(std::span<const unsigned char> record) {
  buffer_.insert(buffer_.end(), record.begin(), record.end());
  if (buffer_.size() >= kBlockBytes) flush();
}

void SearchTableFile::Writer::flush() {
  checksum_.add(buffer_);
  if (!write_all(fd_, buffer_))
    throw InputError(
        fmt::format("search table file: could not write {} ({})", quote_path(part_), std::strerror(errno)));
  buffer_.clear();
}

void SearchTableFile::write(const std::function<void(Writer&)>& emit) const {
  if (!writable()) throw std::logic_error("SearchTableFile::write without the file's lock");
  const std::string part = path_ + ".part";
  {
    // (FILE.part is grundy's own name, but a link or a device put there
    // must not be written through.)
    const FileDescriptor out(create_table_file(part, "search table file"));
    try {
      Writer writer(out.fd, part);
      writer.buffer_.assign(header_.begin(), header_.end());
      emit(writer);
      writer.flush();
      std::array<unsigned char, kChecksumBytes> sum{};
      for (std::size_t i = 0; i < sum.size(); ++i)
        sum[i] = static_cast<unsigned char>(writer.checksum_.sum() >> (8 * i));
      if (!write_all(out.fd, sum))
        throw InputError(
            fmt::format("search table file: could not write {} ({})", quote_path(part), std::strerror(errno)));
    } catch (...) {
      ::unlink(part.c_str());  // (a half-written file is of no use)
      throw;
    }
  }
  replace_table_file(part, path_, "search table file");
}

}  // namespace grundy
