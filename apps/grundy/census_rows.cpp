#include "census_rows.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "grundy/error.hpp"

namespace grundy::cli {

using nlohmann::json;

ReadRows parse_rows(const std::string& text, const std::string& path) {
  ReadRows out;
  auto check = [&](const json& row, std::size_t line) {
    if (!row.is_object() || !row.contains("game") || !row["game"].is_string() || !row.contains("kind"))
      throw InputError(fmt::format("{}:{}: not a census row (an object with \"game\" and \"kind\")", path, line));
    out.rows.push_back(row);
  };
  if (const json whole = json::parse(text, nullptr, false);
      !whole.is_discarded() && whole.is_object() && whole.contains("games")) {
    if (!whole["games"].is_array()) throw InputError(fmt::format("{}: \"games\" is not a list", path));
    for (const json& row : whole["games"]) check(row, 1);
    out.document = true;
    out.whole_bytes = text.size();
    return out;
  }
  std::size_t line_number = 0;
  for (std::size_t start = 0; start < text.size();) {
    ++line_number;
    const std::size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    const std::size_t next = end == std::string::npos ? text.size() : end + 1;
    if (!line.empty()) {
      const json row = json::parse(line, nullptr, false);
      if (row.is_discarded()) {
        // Only the last line can have been cut by an interrupted write: the
        // file is only ever appended to.
        if (end != std::string::npos)
          throw InputError(fmt::format("{}:{}: not JSON; expected one census row a line", path, line_number));
        out.cut_short = true;
        out.whole_bytes = start;
        return out;
      }
      check(row, line_number);
      if (end == std::string::npos) out.missing_newline = true;
    }
    start = next;
  }
  out.whole_bytes = text.size();
  return out;
}

ReadRows read_rows(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot be read ({})", path, std::strerror(errno)));
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parse_rows(buffer.str(), path);
}

namespace {

// Writes all of `text` at the end of the file (O_APPEND), retrying short
// writes; false with errno set on failure.
bool write_all(int fd, const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::string read_all(int fd, const std::string& path) {
  std::string text;
  char buffer[1 << 16];
  for (off_t at = 0;;) {
    const ssize_t n = ::pread(fd, buffer, sizeof buffer, at);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw InputError(fmt::format("--resume {}: cannot be read ({})", path, std::strerror(errno)));
    }
    if (n == 0) return text;
    text.append(buffer, static_cast<std::size_t>(n));
    at += n;
  }
}

}  // namespace

void RowFile::open_and_lock() {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (fd_ < 0)
    throw InputError(fmt::format("--resume {}: cannot be opened for writing ({})", path_, std::strerror(errno)));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(fd_);
    fd_ = -1;
    if (error == EWOULDBLOCK)
      throw InputError(
          fmt::format("--resume {}: another grundy census is using this file; two runs of one part "
                      "would do its games twice (wait for the other run, or stop it)",
                      path_));
    throw InputError(fmt::format("--resume {}: cannot be locked ({})", path_, std::strerror(error)));
  }
}

RowFile::RowFile(const std::string& path) : path_(path) {
  open_and_lock();
  const ReadRows read = parse_rows(read_all(fd_, path_), path_);
  rows_ = read.rows;
  if (read.document) {
    // A --json document given as a resume file: written again as one row a
    // line beside it, then renamed over it, so that a kill at any moment
    // leaves either the old file or the new one.
    const std::string temporary = path_ + ".rewrite";
    const int out = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    std::string text;
    for (const json& row : rows_) text += row.dump() + "\n";
    if (out < 0 || !write_all(out, text) || ::fsync(out) != 0 || ::close(out) != 0 ||
        ::rename(temporary.c_str(), path_.c_str()) != 0)
      throw InputError(
          fmt::format("--resume {}: cannot be written again as one row a line ({})", path_, std::strerror(errno)));
    ::close(fd_);
    open_and_lock();
  } else if (read.cut_short) {
    // One step: the file keeps every whole row, or is left as it was.
    if (::ftruncate(fd_, static_cast<off_t>(read.whole_bytes)) != 0)
      throw InputError(
          fmt::format("--resume {}: its cut last line cannot be removed ({})", path_, std::strerror(errno)));
  } else if (read.missing_newline) {
    if (!write_all(fd_, "\n"))
      throw InputError(fmt::format("--resume {}: cannot be written ({})", path_, std::strerror(errno)));
  }
}

RowFile::~RowFile() {
  if (fd_ >= 0) ::close(fd_);  // also releases the lock
}

void RowFile::append(const json& row) {
  // One write for the whole line: rows never interleave, and a kill cuts at
  // most this row (the next run drops a cut last line).
  if (!write_all(fd_, row.dump() + "\n") || ::fdatasync(fd_) != 0)
    throw RowFileError(
        fmt::format("--resume {}: a finished row cannot be saved ({}); the rows saved so far are "
                    "kept, and the same command continues from them",
                    path_, std::strerror(errno)));
  rows_.push_back(row);
}

}  // namespace grundy::cli
