#include "support/interactive_process.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace grundy::test {

InteractiveProcess::InteractiveProcess(const std::string& program, const std::vector<std::string>& args) {
  const SpawnedProcess child = spawn_process(program, args);
  pid_ = child.pid;
  in_fd_ = child.in;
  out_fd_ = child.out;
  err_fd_ = child.err;
}

InteractiveProcess::~InteractiveProcess() {
  for (int fd : {in_fd_, out_fd_, err_fd_})
    if (fd >= 0) close(fd);
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
}

bool InteractiveProcess::read_some(int timeout_ms) {
  if (out_fd_ < 0) return false;
  pollfd fd{out_fd_, POLLIN, 0};
  int ready = 0;
  do {
    ready = poll(&fd, 1, timeout_ms);
  } while (ready < 0 && errno == EINTR);
  if (ready < 0) throw std::system_error(errno, std::generic_category(), "poll");
  if (ready == 0) throw std::runtime_error("no output for " + std::to_string(timeout_ms) + " ms; so far: " + pending_);
  char buffer[1 << 14];
  const ssize_t n = read(out_fd_, buffer, sizeof buffer);
  if (n <= 0) {
    close(out_fd_);
    out_fd_ = -1;
    return false;
  }
  pending_.append(buffer, static_cast<std::size_t>(n));
  return true;
}

std::string InteractiveProcess::read_until(std::string_view marker, int timeout_ms) {
  for (;;) {
    const std::size_t at = pending_.find(marker);
    if (at != std::string::npos) {
      std::string text = pending_.substr(0, at + marker.size());
      pending_.erase(0, at + marker.size());
      return text;
    }
    if (!read_some(timeout_ms)) {
      std::string text;
      text.swap(pending_);
      return text;
    }
  }
}

void InteractiveProcess::send_line(std::string_view line) {
  std::string text(line);
  text += '\n';
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = write(in_fd_, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::system_error(errno, std::generic_category(), "write to child");
    written += static_cast<std::size_t>(n);
  }
}

ProcessResult InteractiveProcess::finish() {
  if (in_fd_ >= 0) {
    close(in_fd_);
    in_fd_ = -1;
  }
  while (read_some(30000)) {
  }
  ProcessResult result;
  result.out.swap(pending_);
  char buffer[1 << 14];
  ssize_t n = 0;
  while ((n = read(err_fd_, buffer, sizeof buffer)) > 0) result.err.append(buffer, static_cast<std::size_t>(n));
  close(err_fd_);
  err_fd_ = -1;
  result.exit_code = wait_for_exit(pid_);
  pid_ = -1;
  return result;
}

}  // namespace grundy::test
