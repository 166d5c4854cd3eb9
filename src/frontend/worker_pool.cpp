#include "grundy/frontend/worker_pool.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>

namespace grundy::frontend {
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
// The byte a worker sends when it has read a request (run_worker).
constexpr char kReceived = 'r';

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

enum class ReadResult { done, ended, late };  // ended: the stream ended (the writer is gone)

// Reads `size` bytes, unless the stream ends or the deadline comes first
// (none: Clock::time_point::max()).
ReadResult read_all(int fd, char* data, std::size_t size, Clock::time_point deadline) {
  while (size > 0) {
    if (deadline != Clock::time_point::max()) {
      const auto now = Clock::now();
      if (now >= deadline) return ReadResult::late;
      // Rounded up: a wait cut to whole milliseconds below would wake before
      // the deadline and be taken for the end of the stream.
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
      pollfd p{fd, POLLIN, 0};
      const int ready = ::poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left, 1 << 30)));
      if (ready < 0 && errno != EINTR) return ReadResult::ended;
      if (ready <= 0) continue;  // interrupted, or time up: the loop's head decides
    }
    const ssize_t n = ::read(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return ReadResult::ended;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return ReadResult::done;
}

ReadResult read_message(int fd, std::string& text, Clock::time_point deadline) {
  std::uint64_t size = 0;
  char* head = reinterpret_cast<char*>(&size);
  if (const ReadResult r = read_all(fd, head, sizeof size, deadline); r != ReadResult::done) return r;
  if (size > kMostMessageBytes) return ReadResult::ended;
  text.resize(static_cast<std::size_t>(size));
  return read_all(fd, text.data(), text.size(), deadline);
}

// Closes every descriptor from `first` on.
void close_from(int first) {
  if (::close_range(static_cast<unsigned>(first), ~0U, 0) == 0) return;
  const long most = ::sysconf(_SC_OPEN_MAX);  // kernels before 5.9 have no close_range
  for (long fd = first; fd < (most > 0 ? most : 65536); ++fd) ::close(static_cast<int>(fd));
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

[[noreturn]] void run_worker(const std::function<std::string(std::string_view)>& work, int fd, std::size_t memory_bytes,
                             pid_t parent, int zygote_fd, bool embedded) {
  // Die with the zygote, which dies with the server, even if it died before
  // this line (the parent is then another process already).
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(1);
  int channel = fd;
  if (embedded) {
    // The embedding process's files stay open (a log a game writes to); only
    // the zygote's socket goes.
    ::close(zygote_fd);
  } else {
    // Keep only this worker's socket: an inherited copy of another worker's
    // would hold that one open for as long as this worker lives.
    if (fd != kWorkerFd && ::dup2(fd, kWorkerFd) < 0) ::_exit(1);
    close_from(kWorkerFd + 1);
    channel = kWorkerFd;
  }
  if (memory_bytes > 0) {
    const rlim_t cap = static_cast<rlim_t>(mapped_bytes() + memory_bytes);
    const rlimit limit{cap, cap};
    ::setrlimit(RLIMIT_AS, &limit);
  }
  // A crash dumps no core: writing one for a large worker takes seconds,
  // long enough for the server to take the crash for a timeout.
  const rlimit no_core{0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  std::string request;
  while (read_message(channel, request, Clock::time_point::max()) == ReadResult::done) {
    // One byte says the request was received: from here on, an end without
    // an answer is this request's failure, not a worker that had died idle.
    if (!write_all(channel, &kReceived, 1)) break;
    std::string answer;
    try {
      answer = work(request);
    } catch (const std::bad_alloc&) {
      // Out of memory: an empty answer says so (no answer is empty), and
      // the worker ends, its heap in an unknown state.
      (void)write_message(channel, {});
      ::_exit(1);
    } catch (...) {
      // `work` answers every error it expects; anything else ends the
      // worker, and the server says the computation failed.
      ::_exit(1);
    }
    if (!write_message(channel, answer)) break;
  }
  // _exit: no atexit handlers, no flush of stdio buffers copied from the
  // server, no leak check of the server's heap by a sanitizer.
  ::_exit(0);
}

// One process id with room for one descriptor beside it (SCM_RIGHTS): how
// the zygote hands a worker's socket and id to the server.
struct PidWithFd {
  pid_t pid = -1;
  iovec data{&pid, sizeof pid};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr message{};

  PidWithFd() {
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
  }
  PidWithFd(const PidWithFd&) = delete;
  PidWithFd& operator=(const PidWithFd&) = delete;
};

bool send_worker(int sock, int fd, pid_t pid) {
  PidWithFd m;
  m.pid = pid;
  cmsghdr* header = CMSG_FIRSTHDR(&m.message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(header), &fd, sizeof fd);
  return ::sendmsg(sock, &m.message, MSG_NOSIGNAL) == static_cast<ssize_t>(sizeof pid);
}

// False when the zygote is gone; `fd` -1 when it is there but could not
// make a worker.
bool receive_worker(int sock, int& fd, pid_t& pid) {
  PidWithFd m;
  ssize_t n = 0;
  do {
    n = ::recvmsg(sock, &m.message, MSG_CMSG_CLOEXEC);
  } while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(sizeof pid)) return false;
  pid = m.pid;
  const cmsghdr* header = CMSG_FIRSTHDR(&m.message);
  if (pid > 0 && header != nullptr && header->cmsg_type == SCM_RIGHTS) {
    std::memcpy(&fd, CMSG_DATA(header), sizeof fd);
  } else {
    fd = -1;  // the zygote could not make a worker
  }
  return true;
}

// The zygote: a copy of the server made before its threads start, which
// forks every worker. A fork from the server itself, once its threads run,
// could copy a lock held by another thread at that instant (an allocator's,
// say) and leave the worker waiting for it forever; the zygote has one
// thread, so its forks copy no held lock. One byte asks for a worker; the
// answer is the worker's socket and id (send_worker), or the id -1 alone
// when no worker could be made (the zygote serves on).
//
// The zygote reaps its workers itself, and only when asked for a new one:
// until then an ended worker stays a zombie, so its pid is not reused while
// the server holds it (the server opens a pidfd for it at once, under the
// same lock as the request).
void call(const std::function<void()>& hook) {
  if (hook) hook();
}

[[noreturn]] void run_zygote(const std::function<std::string(std::string_view)>& work, int fd, std::size_t memory_bytes,
                             pid_t server, const ForkHooks& hooks) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != server) ::_exit(1);
  struct sigaction keep {};
  keep.sa_handler = SIG_DFL;
  ::sigaction(SIGCHLD, &keep, nullptr);
  int channel = fd;
  if (!hooks.embedded) {
    if (fd != kWorkerFd && ::dup2(fd, kWorkerFd) < 0) ::_exit(1);
    close_from(kWorkerFd + 1);
    channel = kWorkerFd;
  }
  const pid_t zygote = ::getpid();
  char request = 0;
  while (read_all(channel, &request, 1, Clock::time_point::max()) == ReadResult::done) {
    while (::waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    int fds[2];
    pid_t pid = -1;
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0) {
      call(hooks.before);
      pid = ::fork();
      if (pid == 0) {
        call(hooks.child);
        ::close(fds[0]);
        run_worker(work, fds[1], memory_bytes, zygote, channel, hooks.embedded);
      }
      call(hooks.parent);
      ::close(fds[1]);
      if (pid < 0) ::close(fds[0]);
    }
    const bool sent = pid > 0 ? send_worker(channel, fds[0], pid)
                              : write_all(channel, reinterpret_cast<const char*>(&pid), sizeof pid);
    if (pid > 0) ::close(fds[0]);
    if (!sent) ::_exit(1);  // the server is gone
  }
  ::_exit(0);
}

}  // namespace

WorkerPool::WorkerPool(std::function<std::string(std::string_view)> work, std::size_t ready, std::size_t most,
                       std::size_t memory_bytes, ForkHooks hooks)
    : most_(std::max<std::size_t>(most, 1)) {
  // Workers are the zygote's children, which it reaps. The zygote itself is
  // reaped by the kernel, unless the process goes on with children of its
  // own (embedded), whose exit statuses it needs: then by the destructor.
  embedded_ = hooks.embedded;
  if (!embedded_) {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    ignore.sa_flags = SA_NOCLDWAIT;
    ::sigaction(SIGCHLD, &ignore, nullptr);
  }
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0) {
    const pid_t server = ::getpid();
    call(hooks.before);
    const pid_t pid = ::fork();
    if (pid == 0) {
      call(hooks.child);
      ::close(fds[0]);
      run_zygote(work, fds[1], memory_bytes, server, hooks);
    }
    call(hooks.parent);
    ::close(fds[1]);
    if (pid > 0) {
      zygote_ = fds[0];
      zygote_pid_ = pid;
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
  // The zygote reads the end of its socket and exits; an embedding process
  // goes on, so it is waited for here and leaves no zombie.
  if (embedded_ && zygote_pid_ > 0) ::waitpid(zygote_pid_, nullptr, 0);
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
  if (fd < 0) return false;
  // A pidfd names this process for good: a signal sent through it can
  // never reach another process that later gets the same pid.
  const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  w = Worker{pidfd, fd, 0};
  return true;
}

void WorkerPool::retire(Worker& w) {
  ::close(w.socket);
  w.socket = -1;
  if (w.pidfd >= 0) ::close(w.pidfd);
  w.pidfd = -1;
}

void WorkerPool::kill(Worker& w) {
  if (w.pidfd >= 0) ::syscall(SYS_pidfd_send_signal, w.pidfd, SIGKILL, nullptr, 0);
  retire(w);
}

bool WorkerPool::take(Worker& w, Clock::time_point deadline) {
  std::unique_lock lock(mutex_);
  // An idle worker; else a new one when there is room; else wait.
  while (idle_.empty() && alive_ >= most_) {
    if (idle_signal_.wait_until(lock, deadline) == std::cv_status::timeout && idle_.empty()) return false;
  }
  if (!idle_.empty()) {
    w = idle_.back();
    idle_.pop_back();
    return true;
  }
  ++alive_;  // room kept while forking outside the lock
  lock.unlock();
  if (spawn(w)) return true;
  lock.lock();
  --alive_;
  idle_signal_.notify_one();
  w = Worker{};
  return true;  // no worker: w.socket is -1
}

void WorkerPool::give_back(Worker& w) {
  const std::lock_guard lock(mutex_);
  if (w.socket >= 0 && w.served >= kAnswersPerWorker) retire(w);
  if (w.socket >= 0) {
    idle_.push_back(w);
  } else {
    --alive_;
  }
  idle_signal_.notify_one();
}

WorkerResult WorkerPool::run(std::string_view request, std::chrono::milliseconds limit) {
  const auto deadline = Clock::now() + limit;
  // Another try only when the worker had ended before it could answer at
  // all (killed or crashed while idle): the request did nothing there. At
  // most every worker there can be, then a new one.
  for (std::size_t attempt = 0; attempt <= most_; ++attempt) {
    Worker w;
    if (!take(w, deadline)) return {WorkerResult::Kind::busy, {}};
    if (w.socket < 0) return {WorkerResult::Kind::unavailable, {}};
    WorkerResult result;
    char received = 0;
    ReadResult r = write_message(w.socket, request) ? read_all(w.socket, &received, 1, deadline) : ReadResult::ended;
    const bool started = r == ReadResult::done && received == kReceived;
    if (r == ReadResult::done) r = started ? read_message(w.socket, result.output, deadline) : ReadResult::ended;
    if (r == ReadResult::done && result.output.empty()) {  // out of memory (run_worker)
      kill(w);
      give_back(w);
      return {WorkerResult::Kind::out_of_memory, {}};
    }
    if (r == ReadResult::done) {
      ++w.served;
      give_back(w);
      result.kind = WorkerResult::Kind::done;
      return result;
    }
    // Late or dead: either way this worker is done for.
    kill(w);
    give_back(w);
    if (r == ReadResult::late) return {WorkerResult::Kind::timed_out, {}};
    if (started) return {WorkerResult::Kind::failed, {}};
  }
  return {WorkerResult::Kind::unavailable, {}};
}

}  // namespace grundy::frontend
