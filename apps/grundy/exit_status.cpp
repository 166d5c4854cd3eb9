#include "exit_status.hpp"

#include <cstdio>
#include <exception>
#include <new>

#include <fmt/format.h>

#include "census_rows.hpp"
#include "command.hpp"
#include "grundy/error.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/frontend/output.hpp"
#include "serve_command.hpp"
#include "grundy/frontend/stop_signals.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

namespace {

// After an error, what was written to a file is taken back: a partial
// answer next to an error message could be read as the answer.
void print_error(const char* prefix, const char* message) {
  take_back_output();
  fmt::print(stderr, "grundy: {}{}\n", prefix, message);
  // An error met while a signal stops the run (a table that could not be
  // saved) leaves the exit status to the signal, as the docs promise.
  wait_to_be_ended();
}

}  // namespace

int run_reporting_errors(const std::function<int()>& run) {
  try {
    return run();
  } catch (const Interrupted&) {
    // Asked for by the thread handling Ctrl-C, once a search could save its
    // table: that thread ends the process by the signal.
    wait_to_be_ended();
    print_error("internal error: ", "interrupted without a signal");
    return 1;
  } catch (const UnknownGameError& e) {
    print_error("error: ", fmt::format("{} ('grundy games' describes them)", e.what()).c_str());
    return kExitInputError;
  } catch (const InputError& e) {
    print_error("error: ", e.what());
    return kExitInputError;
  } catch (const MemoryBoundError& e) {
    print_error("error: ", fmt::format("{}; --memory SIZE allows more (such as --memory 4G)", e.what()).c_str());
    return 1;
  } catch (const LimitError& e) {
    print_error("error: ", e.what());
    return 1;
  } catch (const OutputFailed& e) {
    print_error("error: ", e.what());
    return 1;
  } catch (const ServeProgramError& e) {
    print_error("error: ", e.what());
    return 1;
  } catch (const RowFileError& e) {
    print_error("error: ", e.what());
    return 1;
  } catch (const std::bad_alloc&) {
    print_error("error: ", "out of memory");
    return 1;
  } catch (const std::exception& e) {
    print_error("internal error: ", e.what());
    return 1;
  }
}

}  // namespace grundy::cli
