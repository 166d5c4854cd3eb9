#pragma once
// The files of `grundy serve`'s page (src/frontend/web), compiled into the
// binary by cmake/embed_files.cmake: nothing has to be installed beside it.

#include <span>
#include <string_view>

namespace grundy::frontend {

struct WebFile {
  std::string_view path;          // "/index.html"
  std::string_view content_type;  // "text/html; charset=utf-8"
  std::string_view bytes;
};

std::span<const WebFile> web_files();

}  // namespace grundy::frontend
