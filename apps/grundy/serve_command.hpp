#pragma once
// The options of `grundy serve`, declared once for the two programs that
// read them: `grundy`, which checks them and hands them on, and
// `grundy-serve`, the server itself. The server links cpp-httplib and with
// it OpenSSL, zlib and brotli; loading those took half of the start-up of
// every other command (2.4 of 4.8 ms), so `grundy serve` runs the server
// program installed beside `grundy` (exec_serve_program) and `grundy` itself
// links none of them.

#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "grundy/frontend/http_server.hpp"  // (ServeOptions; serve() itself is in grundy-serve alone)

namespace grundy::cli {

struct ServeCommandOptions {
  frontend::ServeOptions serve;
  double time_limit = 3;  // seconds
};

// Adds the options of `grundy serve`, their help and examples, to `app`.
void declare_serve_options(CLI::App& app, ServeCommandOptions& options);

// The options as the server takes them (the time limit in milliseconds).
[[nodiscard]] frontend::ServeOptions serve_options_of(const ServeCommandOptions& options);

// The command line that gives the server program the same options.
[[nodiscard]] std::vector<std::string> serve_program_arguments(const ServeCommandOptions& options);

// The server program could not be run (exit_status.cpp: exit status 1).
class ServeProgramError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Replaces this process by the server program, `grundy-serve` in the folder
// of this program, with the same options (the process keeps its id, so
// whoever started `grundy serve` can stop it). Returns only by throwing
// ServeProgramError, naming the program, when it is missing or cannot run.
[[noreturn]] void exec_serve_program(const ServeCommandOptions& options);

}  // namespace grundy::cli
