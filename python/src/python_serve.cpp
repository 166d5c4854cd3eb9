#include "python_serve.hpp"

#include <csignal>
#include <cstdio>

#include <fmt/format.h>
#include <pybind11/pybind11.h>

#include "grundy/frontend/http_server.hpp"

namespace grundy::python {
namespace {

namespace py = pybind11;

// The GIL let go while the server serves, and taken back for Python's own
// questions (its signals) and at the end, however serving ends.
class LetGo {
 public:
  LetGo() = default;
  LetGo(const LetGo&) = delete;
  LetGo& operator=(const LetGo&) = delete;
  ~LetGo() { take(); }
  void let_go() {
    if (state_ == nullptr) state_ = PyEval_SaveThread();
  }
  void take() {
    if (state_ != nullptr) PyEval_RestoreThread(state_);
    state_ = nullptr;
  }

 private:
  PyThreadState* state_ = nullptr;
};

// A Python exception raised by a game's own code in a worker: its type and
// message for the page, with the traceback on the server's standard error
// (for the game's author); "" for any other exception.
std::string game_error(std::exception_ptr thrown) {
  try {
    std::rethrow_exception(thrown);
  } catch (py::error_already_set& e) {
    std::fprintf(stderr, "grundy.serve: the game's code raised %s\n", e.what());
    std::fflush(stderr);
    return fmt::format("the game's code raised {}", raised_words(e));
  } catch (py::builtin_exception& e) {
    // grundy's own word on what a game returned (a bad picture from draw).
    return e.what();
  } catch (...) {
    return {};
  }
}

}  // namespace

std::string raised_words(py::error_already_set& e) {
  const std::string type = e.type() ? std::string(py::str(e.type().attr("__name__"))) : "an exception";
  const std::string message = e.value() ? std::string(py::str(e.value())) : "";
  return message.empty() ? type : fmt::format("{}: {}", type, message);
}

void serve_sum(const ServeRequest& request) {
  frontend::ServeOptions options;
  options.host = request.host;
  options.port = request.port;
  options.settings.time_limit = request.time_limit;
  options.settings.served.games = request.games;
  options.settings.served.start = frontend::position_text(request.components, *request.components.back().game);
  options.settings.served.rule = request.rule;
  options.settings.game_error = game_error;
  // The zygote is forked by this thread, which holds the GIL: the
  // interpreter is told around the fork, and so are the zygote's own forks.
  // Children ignore Ctrl-C: the terminal sends it to the whole group, and
  // the server, not its workers, decides what it means.
  options.fork_hooks.before = [] { PyOS_BeforeFork(); };
  options.fork_hooks.parent = [] { PyOS_AfterFork_Parent(); };
  options.fork_hooks.child = [&request] {
    PyOS_AfterFork_Child();
    if (request.child_reset) request.child_reset();
    std::signal(SIGINT, SIG_IGN);
  };
  options.fork_hooks.embedded = true;
  LetGo gil;
  options.workers_ready = [&gil, &request] {
    if (request.serving) request.serving();
    gil.let_go();
  };
  // On Python's sys.stdout (a notebook's, a redirected one), not the C stdout.
  options.announce = [&gil](const std::string& line) {
    gil.take();
    try {
      const py::object out = py::module_::import("sys").attr("stdout");
      out.attr("write")(line);
      out.attr("flush")();
    } catch (py::error_already_set& e) {
      e.discard_as_unraisable("grundy.serve writing its address");
    }
    gil.let_go();
  };
  // Python sees Ctrl-C only in its main thread, between bytecodes: asked here.
  options.keep_serving = [&gil] {
    gil.take();
    const bool go_on = PyErr_CheckSignals() == 0;
    gil.let_go();
    return go_on;
  };
  try {
    (void)frontend::serve(options);
  } catch (...) {
    gil.take();
    throw;
  }
  gil.take();
  if (PyErr_Occurred() != nullptr) throw py::error_already_set();
}

}  // namespace grundy::python
