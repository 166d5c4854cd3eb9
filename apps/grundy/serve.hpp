#pragma once
// `grundy serve`: the web page and its JSON API (serve_api.hpp), from the
// grundy binary alone. Every request that computes runs in a child process
// with a time and a memory limit (worker_pool.hpp), so a slow or huge request is
// cut off without stalling the others.

#include <string>

#include "serve_api.hpp"

namespace grundy::cli {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: a free port, printed
  ServeSettings settings;
};

// Serves until the process is stopped (Ctrl-C). Prints the address to open
// on standard output once it listens; throws InputError when it cannot.
int serve(const ServeOptions& options);

}  // namespace grundy::cli
