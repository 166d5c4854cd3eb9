#include "worker_pool.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace grundy::cli {
namespace {

using Clock = std::chrono::steady_clock;

// A worker's end of its socket, once every other inherited descriptor is
// closed (run_worker).
constexpr int kWorkerFd = 3;
// A worker is replaced after this many answers: whatever a request left in
// its heap does not pile up for the life of the server.
constexpr std::size_t kAnswersPerWorker = 10000;
// A request or an answer longer than this is a broken message.
constexpr std::uint64_t kMostMessageBytes = std::uint64_t{1} << 32;

bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::send(fd, data, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// A message is its length (8 bytes) and its bytes.
bool write_message(int fd, std::string_view text) {
  const std::uint64_t size = text.size();
  return write_all(fd, reinterpret_cast<const char*>(&size), sizeof size) && write_all(fd, text.data(), text.size());
}

// Reads `size` bytes, or fails at the end of the stream or at the deadline
// (none: Clock::time_point::max()).
bool read_all(int fd, char* data, std::size_t size, Clock::time_point deadline) {
  while (size > 0) {
    if (deadline != Clock::time_point::max()) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return false;
      pollfd p{fd, POLLIN, 0};
      const int ready = ::poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left, 1 << 30)));
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) return false;
    }
    const ssize_t n = ::read(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool read_message(int fd, std::string& text, Clock::time_point deadline) {
  std::uint64_t size = 0;
  if (!read_all(fd, reinterpret_cast<char*>(&size), sizeof size, deadline) || size > kMostMessageBytes) return false;
  text.resize(static_cast<std::size_t>(size));
  return read_all(fd, text.data(), text.size(), deadline);
}

// The address space the process maps now (code, libraries, the server's
// thread stacks): a worker's cap is this plus its allowance.
std::size_t mapped_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  unsigned long long pages = 0;
  const int read = std::fscanf(f, "%llu", &pages);
  std::fclose(f);
  if (read != 1) return 0;
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

[[noreturn]] void run_worker(const std::function<std::string(std::string_view)>& work, int fd,
                             std::size_t memory_bytes, pid_t parent) {
  // Die with the zygote, which dies with the server, even if it died before
  // this line (the parent is then another process already).
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(1);
  // Keep only this worker's socket: an inherited copy of another worker's
  // would hold that one open for as long as this worker lives.
  if (fd != kWorkerFd && ::dup2(fd, kWorkerFd) < 0) ::_exit(1);
  ::close_range(kWorkerFd + 1, ~0U, 0);
  if (memory_bytes > 0) {
    const rlim_t cap = static_cast<rlim_t>(mapped_bytes() + memory_bytes);
    const rlimit limit{cap, cap};
    ::setrlimit(RLIMIT_AS, &limit);
  }
  std::string request;
  while (read_message(kWorkerFd, request, Clock::time_point::max())) {
    std::string answer;
    try {
      answer = work(request);
    } catch (...) {
      // `work` answers every error it expects; anything else (out of
      // memory) ends the worker, and the server says the request failed.
      ::_exit(1);
    }
    if (!write_message(kWorkerFd, answer)) break;
  }
  // _exit: no atexit handlers, no flush of stdio buffers copied from the
  // server, no leak check of the server's heap by a sanitizer.
  ::_exit(0);
}

// A worker's socket and process id, handed from the zygote to the server.
bool send_worker(int sock, int fd, pid_t pid) {
  iovec data{&pid, sizeof pid};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr message{};
  message.msg_iov = &data;
  message.msg_iovlen = 1;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  cmsghdr* header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(header), &fd, sizeof fd);
  return ::sendmsg(sock, &message, MSG_NOSIGNAL) == static_cast<ssize_t>(sizeof pid);
}

bool receive_worker(int sock, int& fd, pid_t& pid) {
  iovec data{&pid, sizeof pid};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr message{};
  message.msg_iov = &data;
  message.msg_iovlen = 1;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  ssize_t n = 0;
  do {
    n = ::recvmsg(sock, &message, MSG_CMSG_CLOEXEC);
  } while (n < 0 && errno == EINTR);
  const cmsghdr* header = CMSG_FIRSTHDR(&message);
  if (n != static_cast<ssize_t>(sizeof pid) || header == nullptr || header->cmsg_type != SCM_RIGHTS) return false;
  std::memcpy(&fd, CMSG_DATA(header), sizeof fd);
  return true;
}

// The zygote: a copy of the server made before its threads start, which
// forks every worker. A fork from the server itself, once its threads run,
// could copy a lock held by another thread at that instant (an allocator's,
// say) and leave the worker waiting for it forever; the zygote has one
// thread, so its forks copy no held lock. One byte asks for a worker; the
// answer is the worker's socket and id (send_worker).
[[noreturn]] void run_zygote(const std::function<std::string(std::string_view)>& work, int fd,
                             std::size_t memory_bytes, pid_t server) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != server) ::_exit(1);
  if (fd != kWorkerFd && ::dup2(fd, kWorkerFd) < 0) ::_exit(1);
  ::close_range(kWorkerFd + 1, ~0U, 0);
  const pid_t zygote = ::getpid();
  char request = 0;
  while (read_all(kWorkerFd, &request, 1, Clock::time_point::max())) {
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) ::_exit(1);
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::close(fds[0]);
      run_worker(work, fds[1], memory_bytes, zygote);
    }
    ::close(fds[1]);
    const bool sent = pid > 0 && send_worker(kWorkerFd, fds[0], pid);
    ::close(fds[0]);
    if (!sent) ::_exit(1);
  }
  ::_exit(0);
}

}  // namespace

WorkerPool::WorkerPool(std::function<std::string(std::string_view)> work, std::size_t ready, std::size_t most,
                       std::size_t memory_bytes)
    : most_(std::max<std::size_t>(most, 1)) {
  // Workers (and the zygote's own children) are reaped by the kernel.
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  ignore.sa_flags = SA_NOCLDWAIT;
  ::sigaction(SIGCHLD, &ignore, nullptr);
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0) {
    const pid_t server = ::getpid();
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::close(fds[0]);
      run_zygote(work, fds[1], memory_bytes, server);
    }
    ::close(fds[1]);
    if (pid > 0) {
      zygote_ = fds[0];
    } else {
      ::close(fds[0]);
    }
  }
  for (std::size_t i = 0; i < std::min(ready, most_); ++i) {
    Worker w;
    if (!spawn(w)) break;
    idle_.push_back(w);
    ++alive_;
  }
}

WorkerPool::~WorkerPool() {
  const std::lock_guard lock(mutex_);
  for (Worker& w : idle_) retire(w);
  if (zygote_ >= 0) ::close(zygote_);
}

bool WorkerPool::spawn(Worker& w) {
  const std::lock_guard lock(zygote_mutex_);
  if (zygote_ < 0) return false;
  int fd = -1;
  pid_t pid = -1;
  const char request = 'w';
  if (!write_all(zygote_, &request, 1) || !receive_worker(zygote_, fd, pid)) {
    // The zygote is gone: no new worker can be had (the running ones serve on).
    ::close(zygote_);
    zygote_ = -1;
    return false;
  }
  w = Worker{pid, fd, 0};
  return true;
}

void WorkerPool::retire(Worker& w) {
  ::close(w.socket);
  w.socket = -1;
}

void WorkerPool::kill(Worker& w) {
  ::kill(w.pid, SIGKILL);
  retire(w);
}

WorkerResult WorkerPool::run(std::string_view request, std::chrono::milliseconds limit) {
  const auto deadline = Clock::now() + limit;
  Worker w;
  {
    std::unique_lock lock(mutex_);
    // An idle worker; else a new one when there is room; else wait.
    while (idle_.empty() && alive_ >= most_) {
      if (idle_signal_.wait_until(lock, deadline) == std::cv_status::timeout && idle_.empty())
        return {WorkerResult::Kind::busy, {}};
    }
    if (!idle_.empty()) {
      w = idle_.back();
      idle_.pop_back();
    } else {
      ++alive_;  // room kept while forking outside the lock
      lock.unlock();
      if (!spawn(w)) {
        lock.lock();
        --alive_;
        idle_signal_.notify_one();
        return {WorkerResult::Kind::failed, {}};
      }
    }
  }
  WorkerResult result;
  const bool sent = write_message(w.socket, request);
  if (sent && read_message(w.socket, result.output, deadline)) {
    result.kind = WorkerResult::Kind::done;
    ++w.served;
  } else {
    // Late, or dead: either way this worker is done for.
    result.kind = sent && Clock::now() >= deadline ? WorkerResult::Kind::timed_out : WorkerResult::Kind::failed;
    result.output.clear();
    kill(w);
  }
  const std::lock_guard lock(mutex_);
  if (w.socket >= 0 && w.served >= kAnswersPerWorker) retire(w);
  if (w.socket >= 0) {
    idle_.push_back(w);
  } else {
    --alive_;
  }
  idle_signal_.notify_one();
  return result;
}

}  // namespace grundy::cli
