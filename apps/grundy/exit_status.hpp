#pragma once
// How a grundy program ends: run() returns its exit status, or throws, and
// each error becomes one line on stderr and a status. 0 on success, 2 on a
// usage or input error, 1 on any other failure; a run stopped by Ctrl-C
// (SIGTERM) ends by the signal (grundy/frontend/stop_signals.hpp). Shared by `grundy` and
// the server program `grundy-serve` (serve_command.hpp), so both say the
// same things the same way.

#include <functional>

namespace grundy::cli {

int run_reporting_errors(const std::function<int()>& run);

}  // namespace grundy::cli
