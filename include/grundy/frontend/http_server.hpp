#pragma once
// `grundy serve`: the web page and its JSON API (serve_api.hpp), from the
// grundy binary alone. Every request that computes runs in a child process
// with a time and a memory limit (worker_pool.hpp), so a slow or huge request is
// cut off without stalling the others.

#include <functional>
#include <string>

#include "grundy/frontend/serve_api.hpp"
#include "grundy/frontend/worker_pool.hpp"

namespace grundy::frontend {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: a free port, printed
  ServeSettings settings;
  // For a process that embeds the server (Python's grundy.serve):
  // what its forks need (worker_pool.hpp); a call once the workers are
  // forked, before the server's threads start (Python releases its lock);
  // and, when given, a question asked every tenth of a second while
  // serving, whose false stops the server and returns (Python's Ctrl-C,
  // which only its main thread can see).
  ForkHooks fork_hooks;
  std::function<void()> workers_ready;
  std::function<bool()> keep_serving;
  // Writes the address line (with its newline) where the embedding process
  // writes (Python's sys.stdout); standard output when not given.
  std::function<void(const std::string&)> announce;
};

// Serves until the process is stopped (Ctrl-C), or keep_serving says
// to stop. Prints the address to open
// on standard output once it listens; throws InputError when it cannot.
int serve(const ServeOptions& options);

}  // namespace grundy::frontend
