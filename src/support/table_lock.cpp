#include "grundy/table_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/quote.hpp"

namespace grundy {

TableLock::TableLock(std::string path, std::string_view what) : path_(std::move(path)) {
  const std::string name = path_ + ".lock";
  for (;;) {
    const int fd = ::open(name.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
    if (fd < 0)
      throw InputError(fmt::format("{} {}: cannot be written ({}: {})", what, quote_path(path_), quote_path(name),
                                   std::strerror(errno)));
    struct stat opened {};
    if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
      ::close(fd);
      throw InputError(
          fmt::format("{} {}: {} is not a regular file; remove it", what, quote_path(path_), quote_path(name)));
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      ::close(fd);
      if (error == EWOULDBLOCK) return;  // another run's: read only
      throw InputError(fmt::format("{} {}: {} cannot be locked ({})", what, quote_path(path_), quote_path(name),
                                   std::strerror(error)));
    }
    struct stat named {};
    if (::stat(name.c_str(), &named) == 0 && named.st_dev == opened.st_dev && named.st_ino == opened.st_ino) {
      fd_ = fd;
      return;
    }
    ::close(fd);  // locked a FILE.lock another run removed: again
  }
}

TableLock::~TableLock() {
  if (fd_ < 0) return;
  ::unlink((path_ + ".lock").c_str());
  ::close(fd_);
}

}  // namespace grundy
