// grundy-serve: the server of `grundy serve` (the web page and its JSON
// API), a program of its own so that `grundy` does not load cpp-httplib and
// OpenSSL on every start (serve_command.hpp). `grundy serve` checks the
// options and runs this program with them; run directly, it reads the same
// options.

#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "command.hpp"
#include "exit_status.hpp"
#include "grundy/frontend/output.hpp"
#include "serve_command.hpp"
#include "grundy/frontend/stop_signals.hpp"

namespace {

using namespace grundy::cli;
using namespace grundy::frontend;

int run(int argc, char** argv) {
  CLI::App app{"grundy serve: a web page to play every game against the engine, and its JSON API", "grundy serve"};
  ServeCommandOptions options;
  declare_serve_options(app, options);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    fmt::print(stderr, "grundy: error: serve: {}\nRun 'grundy serve --help' for its options.\n", e.what());
    return kExitInputError;
  }
  return serve(serve_options_of(options));
}

}  // namespace

int main(int argc, char** argv) {
  record_output_start();
  handle_interruptions();
  return run_reporting_errors([&] { return run(argc, argv); });
}
