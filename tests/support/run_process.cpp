#include "support/run_process.hpp"

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <stdexcept>
#include <system_error>

extern char** environ;

namespace grundy::test {
namespace {

void make_pipe(int fds[2]) {
  if (pipe(fds) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
}

}  // namespace

SpawnedProcess spawn_process(const std::string& program, const std::vector<std::string>& args) {
  int in_pipe[2];
  int out_pipe[2];
  int err_pipe[2];
  make_pipe(in_pipe);
  make_pipe(out_pipe);
  make_pipe(err_pipe);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
  for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]})
    posix_spawn_file_actions_addclose(&actions, fd);

  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  pid_t pid = 0;
  const int rc = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (rc != 0) {
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(err_pipe[0]);
    throw std::system_error(rc, std::generic_category(), "posix_spawn " + program);
  }
  signal(SIGPIPE, SIG_IGN);
  return {pid, in_pipe[1], out_pipe[0], err_pipe[0]};
}

int wait_for_exit(int pid) {
  long peak_kb = 0;
  return wait_for_exit(pid, peak_kb);
}

int wait_for_exit(int pid, long& peak_kb) {
  int status = 0;
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0) {
    if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "wait4");
  }
  peak_kb = usage.ru_maxrss;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

ProcessResult run_process(const std::string& program, const std::vector<std::string>& args, const std::string& input) {
  const SpawnedProcess child = spawn_process(program, args);

  // Feed stdin and drain both outputs together so that no pipe fills up and
  // deadlocks the child.
  ProcessResult result;
  std::size_t written = 0;
  int in_fd = child.in;
  if (input.empty()) {
    close(in_fd);
    in_fd = -1;
  }
  bool out_open = true;
  bool err_open = true;
  char buffer[1 << 16];
  while (out_open || err_open || in_fd >= 0) {
    pollfd fds[3] = {
        {out_open ? child.out : -1, POLLIN, 0}, {err_open ? child.err : -1, POLLIN, 0}, {in_fd, POLLOUT, 0}};
    if (poll(fds, 3, -1) < 0) {
      if (errno == EINTR) continue;
      throw std::system_error(errno, std::generic_category(), "poll");
    }
    if (fds[0].revents != 0) {
      const ssize_t n = read(child.out, buffer, sizeof buffer);
      if (n > 0)
        result.out.append(buffer, static_cast<std::size_t>(n));
      else
        out_open = false;
    }
    if (fds[1].revents != 0) {
      const ssize_t n = read(child.err, buffer, sizeof buffer);
      if (n > 0)
        result.err.append(buffer, static_cast<std::size_t>(n));
      else
        err_open = false;
    }
    if (in_fd >= 0 && fds[2].revents != 0) {
      const ssize_t n = (fds[2].revents & POLLOUT) ? write(in_fd, input.data() + written, input.size() - written) : -1;
      if (n > 0) written += static_cast<std::size_t>(n);
      if (n <= 0 || written == input.size()) {
        close(in_fd);
        in_fd = -1;
      }
    }
  }
  close(child.out);
  close(child.err);
  result.exit_code = wait_for_exit(child.pid, result.peak_kb);
  return result;
}

long peak_kb_alone(const std::string& program, const std::vector<std::string>& args) {
  const std::string file =
      (std::filesystem::temp_directory_path() / ("grundy-peak-" + std::to_string(::getpid()) + ".txt")).string();
  std::vector<std::string> timed{"-f", "%M", "-o", file, program};
  timed.insert(timed.end(), args.begin(), args.end());
  const ProcessResult r = run_process("/usr/bin/time", timed);
  std::ifstream in(file);
  long kb = -1;
  in >> kb;
  std::remove(file.c_str());
  if (r.exit_code != 0 || kb < 0)
    throw std::runtime_error("/usr/bin/time " + program + ": exit " + std::to_string(r.exit_code) + ", " + r.err);
  return kb;
}

}  // namespace grundy::test
