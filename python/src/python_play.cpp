#include "python_play.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace grundy::python {
namespace {

class PythonStreams final : public frontend::PlayStreams {
 public:
  explicit PythonStreams(const PlayRequest& request) : request_(request) {}

  std::optional<frontend::PlayLine> read_line(std::size_t /*longest*/) override {
    request_.before_read();
    const py::object got = request_.input.attr("readline")();
    request_.after_read();
    if (!py::isinstance<py::str>(got))
      throw py::type_error("the input stream's readline() gave " +
                           std::string(py::str(py::type::handle_of(got).attr("__name__"))) +
                           ", not str: give grundy.play a text stream (such as io.StringIO or sys.stdin)");
    std::string text = got.cast<std::string>();
    if (text.empty()) return std::nullopt;  // the end of the input
    if (text.back() == '\n') text.pop_back();
    return frontend::PlayLine{std::move(text)};  // a line past `longest` is cut by the session
  }

  bool write(std::string_view text) override {
    // The session writes UTF-8; "replace" keeps a stray byte from raising.
    const py::object s = py::reinterpret_steal<py::object>(
        PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace"));
    if (!s) throw py::error_already_set();
    request_.output.attr("write")(s);
    if (py::hasattr(request_.output, "flush")) request_.output.attr("flush")();
    return true;
  }

 private:
  const PlayRequest& request_;
};

}  // namespace

py::object play_sum(std::span<const Game* const> games, std::span<const Component> components,
                    const PlayRequest& request) {
  PythonStreams streams(request);
  switch (frontend::play(games, components, request.options, streams, request.terminal)) {
    case frontend::PlayEnd::person_won:
      return py::str("you");
    case frontend::PlayEnd::engine_won:
      return py::str("engine");
    case frontend::PlayEnd::drawn:
      return py::str("draw");
    case frontend::PlayEnd::stopped:
      break;
  }
  return py::none();
}

}  // namespace grundy::python
