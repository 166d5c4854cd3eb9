#include "grundy/games/table_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/quote.hpp"
#include "grundy/regular_file.hpp"

namespace grundy {
namespace {

constexpr std::string_view kMagic = "grundy-table 2";
// Most values a file holds: 2^40 two-byte values are 2 TiB.
constexpr std::uint64_t kMostValues = std::uint64_t{1} << 40;

std::uint64_t page_bytes() {
  static const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  return page;
}

std::string gib(std::uint64_t bytes) { return fmt::format("{:.1f} GiB", static_cast<double>(bytes) / (1 << 30)); }

[[noreturn]] void fail(const std::string& path, std::string_view what) {
  throw InputError(fmt::format("{}: {} ({})", quote_path(path), what, std::strerror(errno)));
}

}  // namespace

TableFile::TableFile(std::string path, int fd, std::string spec, unsigned bytes)
    : path_(std::move(path)), fd_(fd), spec_(std::move(spec)), bytes_(bytes) {}

TableFile::TableFile(TableFile&& other) noexcept
    : path_(std::move(other.path_)),
      fd_(std::exchange(other.fd_, -1)),
      spec_(std::move(other.spec_)),
      bytes_(other.bytes_),
      size_(other.size_),
      capacity_(other.capacity_),
      map_(std::exchange(other.map_, nullptr)),
      map_bytes_(std::exchange(other.map_bytes_, 0)) {}

TableFile& TableFile::operator=(TableFile&& other) noexcept {
  TableFile taken(std::move(other));
  std::swap(path_, taken.path_);
  std::swap(fd_, taken.fd_);
  std::swap(spec_, taken.spec_);
  std::swap(bytes_, taken.bytes_);
  std::swap(size_, taken.size_);
  std::swap(capacity_, taken.capacity_);
  std::swap(map_, taken.map_);
  std::swap(map_bytes_, taken.map_bytes_);
  return *this;  // taken closes what this held
}

TableFile::~TableFile() {
  if (map_ != nullptr) ::munmap(map_, map_bytes_);
  if (fd_ >= 0) ::close(fd_);
}

TableFile TableFile::create(const std::string& path, const std::string& spec, unsigned bytes) {
  if (spec.size() + 64 > kHeaderBytes)
    throw InputError(fmt::format("a table file's header holds a game's name of at most {} characters, not {}",
                                 kHeaderBytes - 64, spec.size()));
  require_regular_file_or_none(path, "table file");
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail(path, "cannot write there");
  TableFile file(path, fd, spec, bytes);
  if (::ftruncate(fd, static_cast<off_t>(kHeaderBytes)) != 0) fail(path, "cannot write there");
  file.map(kHeaderBytes);
  file.write_header();
  return file;
}

TableFile TableFile::open(const std::string& path, const std::string& spec) {
  require_regular_file_or_none(path, "table file");
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) fail(path, "cannot open it to read and write");
  TableFile file(path, fd, spec, 1);
  char header[kHeaderBytes + 1] = {};
  const ssize_t got = ::pread(fd, header, kHeaderBytes, 0);
  if (got < 0) fail(path, "cannot read it");
  const std::string_view text(header, static_cast<std::size_t>(got));
  const std::size_t first = text.find('\n');
  const std::size_t second = first == std::string_view::npos ? first : text.find('\n', first + 1);
  const std::size_t third = second == std::string_view::npos ? second : text.find('\n', second + 1);
  if (third == std::string_view::npos || text.substr(0, first) != kMagic)
    throw InputError(fmt::format("{} is not a table file of version 2 (its first line is not '{}')", quote_path(path), kMagic));
  const std::string_view game = text.substr(first + 1, second - first - 1);
  if (game != spec) throw InputError(fmt::format("{} holds a table of {}, not of {}", quote_path(path), quote(game), spec));
  unsigned long long size = 0;
  unsigned bytes = 0;
  char extra = 0;
  const std::string sizes(text.substr(second + 1, third - second - 1));
  if (std::sscanf(sizes.c_str(), "%llu %u%c", &size, &bytes, &extra) != 2 || size > kMostValues || (bytes != 1 && bytes != 2))
    throw InputError(fmt::format("{}: its third line should be 'SIZE BYTES' with SIZE at most 2^40 and BYTES 1 or 2, not {}",
                                 quote_path(path), quote(sizes)));
  struct stat st {};
  if (::fstat(fd, &st) != 0) fail(path, "cannot read it");
  const auto file_bytes = static_cast<std::uint64_t>(st.st_size);
  if (file_bytes < kHeaderBytes + size * bytes)
    throw InputError(fmt::format("{}: the saved table ends after {} of its {} values", quote_path(path),
                                 file_bytes < kHeaderBytes ? 0 : (file_bytes - kHeaderBytes) / bytes, size));
  file.bytes_ = bytes;
  file.size_ = size;
  file.map(file_bytes);
  return file;
}

void TableFile::map(std::uint64_t file_bytes) {
  void* at = map_ == nullptr
                 ? ::mmap(nullptr, file_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0)
                 : ::mremap(map_, map_bytes_, file_bytes, MREMAP_MAYMOVE);
  if (at == MAP_FAILED) fail(path_, "cannot map it into memory");
  map_ = static_cast<std::byte*>(at);
  map_bytes_ = file_bytes;
  capacity_ = (file_bytes - kHeaderBytes) / bytes_;
  // Read from the start and near the end, never in one sweep: the kernel's
  // read-ahead would only fill memory.
  ::madvise(map_, map_bytes_, MADV_RANDOM);
}

void TableFile::reserve(std::uint64_t count) {
  if (count <= capacity_) return;
  if (count > kMostValues)
    throw LimitError(fmt::format("a table file holds at most 2^40 values, not {}", count));
  const std::uint64_t want = kHeaderBytes + count * bytes_;
  const std::uint64_t more = want - map_bytes_;
  struct statvfs fs {};
  if (::fstatvfs(fd_, &fs) == 0) {
    const std::uint64_t free = std::uint64_t{fs.f_bavail} * fs.f_frsize;
    if (free < more)
      throw LimitError(fmt::format("{}: {} values need {} more on disk, and {} are free there", quote_path(path_), count,
                                   gib(more), gib(free)));
  }
  // Taken now: a page written past the disk's end would end the program.
  if (const int err = ::posix_fallocate(fd_, static_cast<off_t>(map_bytes_), static_cast<off_t>(more)); err != 0) {
    errno = err;
    if (err == ENOSPC)
      throw LimitError(fmt::format("{}: {} values need {} more on disk, more than is free there", quote_path(path_),
                                   count, gib(more)));
    fail(path_, "cannot grow it");
  }
  map(want);
}

void TableFile::commit(std::uint64_t size) {
  if (size > capacity_) size = capacity_;
  if (::msync(map_, kHeaderBytes + size * bytes_, MS_SYNC) != 0) fail(path_, "cannot write its values to disk");
  size_ = size;
  write_header();
  if (::fdatasync(fd_) != 0) fail(path_, "cannot write its header to disk");
}

void TableFile::rename_to(const std::string& path) {
  if (std::rename(path_.c_str(), path.c_str()) != 0) fail(path, "cannot replace it");
  path_ = path;
}

void TableFile::release(std::uint64_t from, std::uint64_t to) const {
  const std::uint64_t page = page_bytes();
  to = std::min(to, capacity_);
  if (from >= to) return;
  const std::uint64_t begin = (kHeaderBytes + from * bytes_ + page - 1) / page * page;
  const std::uint64_t end = (kHeaderBytes + to * bytes_) / page * page;
  if (begin < end) ::madvise(map_ + begin, end - begin, MADV_DONTNEED);
}

void TableFile::read_ahead(std::uint64_t from, std::uint64_t to) const {
  const std::uint64_t page = page_bytes();
  to = std::min(to, capacity_);
  if (from >= to) return;
  const std::uint64_t begin = (kHeaderBytes + from * bytes_) / page * page;
  const std::uint64_t end = std::min<std::uint64_t>(map_bytes_, (kHeaderBytes + to * bytes_ + page - 1) / page * page);
  if (begin < end) ::madvise(map_ + begin, end - begin, MADV_WILLNEED);
}

void TableFile::write_header() {
  std::string header = fmt::format("{}\n{}\n{} {}\n", kMagic, spec_, size_, bytes_);
  header.resize(kHeaderBytes - 1, ' ');
  header.push_back('\n');
  if (::pwrite(fd_, header.data(), header.size(), 0) != static_cast<ssize_t>(header.size())) fail(path_, "cannot write its header");
}

}  // namespace grundy
