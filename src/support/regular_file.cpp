#include "grundy/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/quote.hpp"

namespace grundy {
namespace {

std::string_view kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link (name the file it leads to)";
  return "not a regular file";
}

}  // namespace

void require_regular_file_or_none(const std::string& path, std::string_view what) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) {
    if (errno == ENOENT) return;
    throw InputError(fmt::format("{} {}: cannot be examined ({})", what, quote_path(path), std::strerror(errno)));
  }
  if (!S_ISREG(info.st_mode))
    throw InputError(
        fmt::format("{} {}: {}, not a regular file; a table is kept in a file of its own (one not "
                    "there yet is made)",
                    what, quote_path(path), kind_of(info.st_mode)));
}

int create_table_file(const std::string& path, std::string_view what, bool readable) {
  require_regular_file_or_none(path, what);  // (its words for a link, a FIFO, a directory)
  const int fd = ::open(path.c_str(),
                        (readable ? O_RDWR : O_WRONLY) | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
  if (fd < 0)
    throw InputError(fmt::format("{} {}: cannot write there ({})", what, quote_path(path), std::strerror(errno)));
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    const int error = errno;
    ::close(fd);
    throw InputError(fmt::format("{} {}: cannot write there ({})", what, quote_path(path),
                                 S_ISREG(info.st_mode) ? std::strerror(error) : kind_of(info.st_mode)));
  }
  return fd;
}

void replace_table_file(const std::string& part, const std::string& path, std::string_view what) {
  require_regular_file_or_none(path, what);  // (what has the name now is what the rename replaces)
  if (std::rename(part.c_str(), path.c_str()) != 0)
    throw InputError(fmt::format("{} {}: cannot replace it ({})", what, quote_path(path), std::strerror(errno)));
}

}  // namespace grundy
