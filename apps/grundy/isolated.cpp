#include "isolated.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>

namespace grundy::cli {
namespace {

// The child's end of the pipe, once every other inherited descriptor is
// closed (below).
constexpr int kAnswerFd = 3;

bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// The address space the process maps now (code, libraries, the server's
// thread stacks): the child's cap is this plus its allowance.
std::size_t mapped_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  unsigned long long pages = 0;
  const int read = std::fscanf(f, "%llu", &pages);
  std::fclose(f);
  if (read != 1) return 0;
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

[[noreturn]] void run_child(const std::function<std::string()>& work, int answer_fd, std::size_t memory_bytes,
                            pid_t parent) {
  // Die with the server, even if it died before this line (then the parent
  // is another process already).
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(1);
  // Keep only the pipe: an inherited copy of a client's socket, or of the
  // pipe of a sibling request, would hold that connection or that pipe open
  // for as long as this child runs.
  if (answer_fd != kAnswerFd) {
    if (::dup2(answer_fd, kAnswerFd) < 0) ::_exit(1);
  }
  ::close_range(kAnswerFd + 1, ~0U, 0);
  if (memory_bytes > 0) {
    const rlim_t cap = static_cast<rlim_t>(mapped_bytes() + memory_bytes);
    const rlimit limit{cap, cap};
    ::setrlimit(RLIMIT_AS, &limit);
  }
  std::string answer;
  try {
    answer = work();
  } catch (...) {
    // `work` answers every error it expects; anything else (out of memory)
    // is reported by the parent as a failed computation.
    ::_exit(1);
  }
  // The answer's length first: the parent cannot wait for the end of the
  // pipe, since a sibling child forked meanwhile may hold a copy of it.
  const std::uint64_t size = answer.size();
  if (!write_all(kAnswerFd, reinterpret_cast<const char*>(&size), sizeof size)) ::_exit(1);
  if (!write_all(kAnswerFd, answer.data(), answer.size())) ::_exit(1);
  // _exit: no atexit handlers, no stdio flush of buffers copied from the
  // parent, no sanitizer leak check of the parent's heap.
  ::_exit(0);
}

// Reads `size` bytes unless the deadline comes first.
bool read_until(int fd, char* data, std::size_t size, std::chrono::steady_clock::time_point deadline) {
  while (size > 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left.count(), 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return false;
    const ssize_t n = ::read(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // the child ended without its whole answer
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

IsolatedResult run_isolated(const std::function<std::string()>& work, std::chrono::milliseconds limit,
                            std::size_t memory_bytes) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return {IsolatedResult::Kind::failed, "could not create a pipe"};
  const pid_t parent = ::getpid();
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return {IsolatedResult::Kind::failed, "could not start a process"};
  }
  if (child == 0) {
    ::close(fds[0]);
    run_child(work, fds[1], memory_bytes, parent);
  }
  ::close(fds[1]);

  IsolatedResult result;
  std::uint64_t size = 0;
  bool complete = read_until(fds[0], reinterpret_cast<char*>(&size), sizeof size, deadline);
  // A length beyond what a child could have meant: treat as a failure
  // rather than allocate it.
  if (complete && size > (std::uint64_t{1} << 32)) complete = false;
  if (complete) {
    result.output.resize(static_cast<std::size_t>(size));
    complete = read_until(fds[0], result.output.data(), result.output.size(), deadline);
  }
  const bool late = !complete && std::chrono::steady_clock::now() >= deadline;
  if (!complete) ::kill(child, SIGKILL);
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (complete) {
    result.kind = IsolatedResult::Kind::done;
  } else {
    result.output.clear();
    result.kind = late ? IsolatedResult::Kind::timed_out : IsolatedResult::Kind::failed;
  }
  return result;
}

}  // namespace grundy::cli
