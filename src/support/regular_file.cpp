#include "grundy/regular_file.hpp"

#include <sys/stat.h>

#include <cerrno>
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

}  // namespace grundy
