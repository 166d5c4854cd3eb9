#pragma once
// A file grundy keeps a table in is a regular file, or not there yet (then
// it is made). Anything else is refused before it is opened: reading a FIFO
// waits for a writer that never comes, a device or a directory holds no
// table, and a table saved by a rename would replace a symbolic link, not
// the file it leads to.
//
// Both kinds of table file (a search's, search_table_file.hpp; an octal
// game's values, games/table_file.hpp) are made and replaced through the
// two functions below, so that neither writes through a link or into a
// device, and a save replaces the old file whole or not at all. Their locks
// are TableLock's (table_lock.hpp).
//
// Cost: one lstat; create_table_file one open and one fstat;
// replace_table_file one lstat and one rename.

#include <string>
#include <string_view>

namespace grundy {

// Throws InputError unless `path` names a regular file or nothing: "WHAT
// 'PATH': a FIFO (named pipe), not a regular file; ...", `what` naming the
// file's use ("search table file", "table file").
void require_regular_file_or_none(const std::string& path, std::string_view what);

// A new file at `path` to write a table into (a save's PATH.part, a table
// file made afresh): created or emptied, for writing (and reading when
// `readable`), never through a symbolic link and never a FIFO or a device
// (checked once opened; opening does not wait on a FIFO). Returns the
// descriptor; throws require_regular_file_or_none's InputError, or "WHAT
// 'PATH': cannot write there (REASON)" (what is there changed since).
[[nodiscard]] int create_table_file(const std::string& path, std::string_view what, bool readable = false);
// Replaces the file `path` by the finished file `part` (a rename: whole or
// not at all, on one file system), once `path` is checked again to be a
// regular file or nothing. Throws InputError "WHAT 'PATH': cannot replace
// it (REASON)", or require_regular_file_or_none's.
void replace_table_file(const std::string& part, const std::string& path, std::string_view what);

}  // namespace grundy
