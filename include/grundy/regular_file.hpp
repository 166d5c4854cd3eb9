#pragma once
// A file grundy keeps a table in is a regular file, or not there yet (then
// it is made). Anything else is refused before it is opened: reading a FIFO
// waits for a writer that never comes, a device or a directory holds no
// table, and a table saved by a rename would replace a symbolic link, not
// the file it leads to.
//
// Cost: one lstat.

#include <string>
#include <string_view>

namespace grundy {

// Throws InputError unless `path` names a regular file or nothing: "WHAT
// 'PATH': a FIFO (named pipe), not a regular file; ...", `what` naming the
// file's use ("search table file", "table file").
void require_regular_file_or_none(const std::string& path, std::string_view what);

}  // namespace grundy
