#include "serve_command.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

void declare_serve_options(CLI::App& app, ServeCommandOptions& options) {
  app.add_option("--port", options.serve.port, "the port to listen on (default 8080; 0: any free port, printed)")
      ->type_name("N")
      ->check(CLI::Range(0, 65535).description(""));
  app.add_option("--host", options.serve.host,
                 "the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)")
      ->type_name("ADDR");
  app.add_option("--graph", options.serve.settings.graphs,
                 "a graph file the page may play (graph:FILE); repeat for more. No other file is ever read")
      ->type_name("FILE")
      ->allow_extra_args(false);
  options.serve.settings.census_folder = GRUNDY_CENSUS_FOLDER;
  app.add_option("--census", options.serve.settings.census_folder,
                 "the folder of census rows (*.jsonl) the atlas at /census shows (default: the docs/census of "
                 "the source tree grundy was built from)")
      ->type_name("DIR");
  app.add_option("--time-limit", options.time_limit,
                 "seconds one request may compute before it is cut off with a message (default 3)")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.01, 3600.0).description(""));
  app.footer(
      "\nOpen the printed address in a browser: choose a game or type any sum, then play by\n"
      "clicking heaps (or with the keyboard) against the engine, with Hint, Show values and Undo.\n"
      "/census is the atlas of the censuses: look up any octal code, filter and sort, download rows.\n"
      "The page and its JSON API come from the grundy programs alone; docs/serve.md describes the API.\n"
      "Each request is computed by a worker process, cut off after --time-limit seconds or\n"
      "1 GiB of memory, so one slow request never stalls the others.\n"
      "\nExamples:\n  grundy serve\n  grundy serve --port 9000 --graph examples/data/loopy.txt\n"
      "  curl -s localhost:8080/api/analyze -d '{\"position\": \"nim 3 4 5\"}'\n");
}

ServeOptions serve_options_of(const ServeCommandOptions& options) {
  ServeOptions serve = options.serve;
  serve.settings.time_limit = std::chrono::milliseconds(std::llround(options.time_limit * 1000));
  return serve;
}

std::vector<std::string> serve_program_arguments(const ServeCommandOptions& options) {
  // ({} writes the shortest text that reads back as the same double.)
  std::vector<std::string> args = {"grundy-serve",     "--port",       std::to_string(options.serve.port),   "--host",
                                   options.serve.host, "--time-limit", fmt::format("{}", options.time_limit)};
  for (const std::string& graph : options.serve.settings.graphs) {
    args.emplace_back("--graph");
    args.push_back(graph);
  }
  args.emplace_back("--census");
  args.push_back(options.serve.settings.census_folder);
  return args;
}

namespace {

// The folder of the running program, from /proc/self/exe (so a symbolic
// link to grundy still finds the server beside the real program).
std::string own_folder() {
  std::string path(4096, '\0');
  const ssize_t n = readlink("/proc/self/exe", path.data(), path.size());
  if (n <= 0 || static_cast<std::size_t>(n) >= path.size())
    throw ServeProgramError(fmt::format("grundy serve: cannot find where the grundy program lies (/proc/self/exe: {})",
                                        std::strerror(errno)));
  path.resize(static_cast<std::size_t>(n));
  return path.substr(0, path.rfind('/') + 1);
}

}  // namespace

void exec_serve_program(const ServeCommandOptions& options) {
  const std::string program = own_folder() + "grundy-serve";
  std::vector<std::string> args = serve_program_arguments(options);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  execv(program.c_str(), argv.data());
  const int error = errno;
  throw ServeProgramError(fmt::format(
      "grundy serve runs the server program '{}', built and installed beside grundy, and it could not be run "
      "({}){}",
      program, std::strerror(error),
      error == ENOENT ? ": build it (cmake --build ... builds both) or install both programs" : ""));
}

}  // namespace grundy::cli
