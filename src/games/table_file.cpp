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
#include <xxhash.h>

#include "grundy/error.hpp"
#include "grundy/quote.hpp"
#include "grundy/regular_file.hpp"

namespace grundy {
namespace {

constexpr std::string_view kMagic = "grundy-table 3";
constexpr std::uint64_t kBlockValues = TableFile::kBlockValues;

std::uint64_t page_bytes() {
  static const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  return page;
}

std::string gib(std::uint64_t bytes) { return fmt::format("{:.1f} GiB", static_cast<double>(bytes) / (1 << 30)); }

[[noreturn]] void fail(const std::string& path, std::string_view what) {
  throw InputError(fmt::format("{}: {} ({})", quote_path(path), what, std::strerror(errno)));
}

// The header's first three lines ("grundy-table 3", the spec, "SIZE BYTES"),
// with their newlines: what its check line sums.
std::string header_lines(std::string_view spec, std::uint64_t size, unsigned bytes) {
  return fmt::format("{}\n{}\n{} {}\n", kMagic, spec, size, bytes);
}

std::uint64_t blocks_of(std::uint64_t values) { return (values + kBlockValues - 1) / kBlockValues; }

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
      map_bytes_(std::exchange(other.map_bytes_, 0)),
      checked_(std::move(other.checked_)) {}

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
  std::swap(checked_, taken.checked_);
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
  const int fd = create_table_file(path, "table file", /*readable=*/true);
  TableFile file(path, fd, spec, bytes);
  // The checksums' room is a hole until blocks reach it (reserve).
  if (::ftruncate(fd, static_cast<off_t>(kValuesOffset)) != 0) fail(path, "cannot write there");
  file.map(kValuesOffset);
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
  std::string_view lines[4];  // the header's four lines, without their newlines
  bool whole = true;
  for (std::size_t i = 0, at = 0; i < 4; ++i) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) {
      whole = false;
      break;
    }
    lines[i] = text.substr(at, end - at);
    at = end + 1;
  }
  if (lines[0] != kMagic)
    throw InputError(
        fmt::format("{} is not a table file of version 3 (its first line is not '{}')", quote_path(path), kMagic));
  if (!whole || !lines[3].starts_with("check ") ||
      lines[3].substr(6) !=
          fmt::format("{:016x}", XXH3_64bits(text.data(), static_cast<std::size_t>(lines[3].data() - text.data()))))
    throw InputError(
        fmt::format("{}: damaged: its header does not match its check line, so nothing is read from it; "
                    "delete it and compute the table again",
                    quote_path(path)));
  if (lines[1] != spec)
    throw InputError(fmt::format("{} holds a table of {}, not of {}", quote_path(path), quote(lines[1]), spec));
  unsigned long long size = 0;
  unsigned bytes = 0;
  char extra = 0;
  const std::string sizes(lines[2]);
  if (std::sscanf(sizes.c_str(), "%llu %u%c", &size, &bytes, &extra) != 2 || size > kMostValues ||
      (bytes != 1 && bytes != 2))
    throw InputError(
        fmt::format("{}: its third line should be 'SIZE BYTES' with SIZE at most 2^40 and BYTES 1 or 2, not {}",
                    quote_path(path), quote(sizes)));
  struct stat st {};
  if (::fstat(fd, &st) != 0) fail(path, "cannot read it");
  const auto file_bytes = static_cast<std::uint64_t>(st.st_size);
  if (file_bytes < kValuesOffset + size * bytes)
    throw InputError(fmt::format("{}: the saved table ends after {} of its {} values", quote_path(path),
                                 file_bytes < kValuesOffset ? 0 : (file_bytes - kValuesOffset) / bytes, size));
  file.bytes_ = bytes;
  file.size_ = size;
  file.map(file_bytes);
  file.checked_.assign(blocks_of(size), false);
  return file;
}

void TableFile::map(std::uint64_t file_bytes) {
  void* at = map_ == nullptr ? ::mmap(nullptr, file_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0)
                             : ::mremap(map_, map_bytes_, file_bytes, MREMAP_MAYMOVE);
  if (at == MAP_FAILED) fail(path_, "cannot map it into memory");
  map_ = static_cast<std::byte*>(at);
  map_bytes_ = file_bytes;
  capacity_ = (file_bytes - kValuesOffset) / bytes_;
  // Read from the start and near the end, never in one sweep: the kernel's
  // read-ahead would only fill memory.
  ::madvise(map_, map_bytes_, MADV_RANDOM);
}

void TableFile::reserve(std::uint64_t count) {
  if (count <= capacity_) return;
  if (count > kMostValues) throw LimitError(fmt::format("a table file holds at most 2^40 values, not {}", count));
  const std::uint64_t want = kValuesOffset + count * bytes_;
  const std::uint64_t more = want - map_bytes_;
  struct statvfs fs {};
  if (::fstatvfs(fd_, &fs) == 0) {
    const std::uint64_t free = std::uint64_t{fs.f_bavail} * fs.f_frsize;
    if (free < more)
      throw LimitError(fmt::format("{}: {} values need {} more on disk, and {} are free there", quote_path(path_),
                                   count, gib(more), gib(free)));
  }
  // Taken now: a page written past the disk's end would end the program.
  // The checksums' pages too, for the same reason.
  const std::uint64_t page = page_bytes();
  const std::uint64_t sums = (8 * blocks_of(count) + page - 1) / page * page;
  int err = ::posix_fallocate(fd_, static_cast<off_t>(kHeaderBytes), static_cast<off_t>(sums));
  if (err == 0) err = ::posix_fallocate(fd_, static_cast<off_t>(map_bytes_), static_cast<off_t>(more));
  if (err != 0) {
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
  // The block holding the last commit's end may have grown: summed again.
  const std::uint64_t first = std::min(size_, size) / kBlockValues;
  const std::uint64_t blocks = blocks_of(size);
  checked_.resize(std::max<std::uint64_t>(checked_.size(), blocks), false);
  for (std::uint64_t b = first; b < blocks; ++b) {
    const std::uint64_t sum = block_sum(b, std::min(kBlockValues, size - b * kBlockValues));
    std::memcpy(sum_at(b), &sum, sizeof sum);  // (little-endian, as the values)
    checked_[b] = true;
  }
  // msync takes whole pages: the sums' pages from the first one changed.
  const std::uint64_t page = page_bytes();
  const std::uint64_t sums_from = (kHeaderBytes + 8 * first) / page * page;
  if (blocks > first && ::msync(map_ + sums_from, kHeaderBytes + 8 * blocks - sums_from, MS_SYNC) != 0)
    fail(path_, "cannot write its checksums to disk");
  const std::uint64_t values_from = (kValuesOffset + std::min(size_, size) * bytes_) / page * page;
  if (::msync(map_ + values_from, kValuesOffset + size * bytes_ - values_from, MS_SYNC) != 0)
    fail(path_, "cannot write its values to disk");
  size_ = size;
  write_header();
  if (::fdatasync(fd_) != 0) fail(path_, "cannot write its header to disk");
}

std::uint64_t TableFile::block_sum(std::uint64_t block, std::uint64_t values) const {
  return XXH3_64bits_withSeed(this->values() + block * kBlockValues * bytes_, values * bytes_, block);
}

void TableFile::check(std::uint64_t from, std::uint64_t to) const {
  to = std::min(to, size_);
  if (from >= to) return;
  for (std::uint64_t b = from / kBlockValues; b < blocks_of(to); ++b) {
    if (checked_[b]) continue;
    const std::uint64_t values = std::min(kBlockValues, size_ - b * kBlockValues);
    std::uint64_t sum = 0;
    std::memcpy(&sum, sum_at(b), sizeof sum);
    if (sum != block_sum(b, values))
      throw InputError(
          fmt::format("{}: damaged: the values G({}..{}) do not match their checksum, so none is read "
                      "from the file; delete it and compute the table again",
                      quote_path(path_), b * kBlockValues, b * kBlockValues + values - 1));
    checked_[b] = true;
  }
}

void TableFile::rename_to(const std::string& path) {
  replace_table_file(path_, path, "table file");
  path_ = path;
}

void TableFile::release(std::uint64_t from, std::uint64_t to) const {
  const std::uint64_t page = page_bytes();
  to = std::min(to, capacity_);
  if (from >= to) return;
  const std::uint64_t begin = (kValuesOffset + from * bytes_ + page - 1) / page * page;
  const std::uint64_t end = (kValuesOffset + to * bytes_) / page * page;
  if (begin < end) ::madvise(map_ + begin, end - begin, MADV_DONTNEED);
}

void TableFile::read_ahead(std::uint64_t from, std::uint64_t to) const {
  const std::uint64_t page = page_bytes();
  to = std::min(to, capacity_);
  if (from >= to) return;
  const std::uint64_t begin = (kValuesOffset + from * bytes_) / page * page;
  const std::uint64_t end = std::min<std::uint64_t>(map_bytes_, (kValuesOffset + to * bytes_ + page - 1) / page * page);
  if (begin < end) ::madvise(map_ + begin, end - begin, MADV_WILLNEED);
}

void TableFile::write_header() {
  std::string header = header_lines(spec_, size_, bytes_);
  header += fmt::format("check {:016x}\n", XXH3_64bits(header.data(), header.size()));
  header.resize(kHeaderBytes - 1, ' ');
  header.push_back('\n');
  if (::pwrite(fd_, header.data(), header.size(), 0) != static_cast<ssize_t>(header.size()))
    fail(path_, "cannot write its header");
}

}  // namespace grundy
