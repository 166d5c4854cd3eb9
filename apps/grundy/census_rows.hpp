#pragma once
// The file a census part keeps its finished rows in (--resume FILE): one JSON
// object a line, appended as each game ends, read back when the part runs
// again (docs/census.md, "Nothing is lost").
//
// What may happen to such a file, and what this does about it:
// - the run is killed (Ctrl-C, SIGKILL, a scheduler's time limit, a node that
//   goes down): a row is appended by one write(2) and then flushed to disk
//   (fdatasync), so a finished row survives a crash of the machine too, and
//   rows never interleave;
// - the last line is cut short: a kill can stop that write part-way (Linux
//   ends a killed process's write at a page boundary), and so can a full disk
//   or a machine that went down before the flush. The next run drops the
//   fragment by truncating the file to its last whole line, one step that
//   loses nothing else, and does that game again;
// - two runs of one part at once (a requeued task while the first still
//   runs, a command typed twice): each would do the same games and write
//   them twice. The file is locked (flock) while a run uses it, and a second
//   run is refused.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace grundy::cli {

// A row could not be written to, or flushed into, the resume file.
class RowFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Rows read from a file: a resume file (one row a line) or a census's --json
// output ({"games": [...]}). Throws InputError naming the file and line for
// anything else.
struct ReadRows {
  std::vector<nlohmann::json> rows;
  bool cut_short = false;         // the last line was cut: not among rows
  std::uint64_t whole_bytes = 0;  // the file's length without that cut line
  bool missing_newline = false;   // the last row is whole but has no newline
  bool document = false;          // a --json document, not one row a line
};
[[nodiscard]] ReadRows parse_rows(const std::string& text, const std::string& path);
[[nodiscard]] ReadRows read_rows(const std::string& path);

// A resume file held open, locked, and repaired for appending.
class RowFile {
 public:
  // Opens (creating) and locks `path`, reads its rows, and makes it one whole
  // row a line. Throws InputError when it cannot be opened or read, or when
  // another run holds it.
  explicit RowFile(const std::string& path);
  ~RowFile();
  RowFile(const RowFile&) = delete;
  RowFile& operator=(const RowFile&) = delete;

  [[nodiscard]] const std::vector<nlohmann::json>& rows() const { return rows_; }
  // Appends one row and flushes it to disk; throws RowFileError on failure.
  void append(const nlohmann::json& row);

 private:
  void open_and_lock();

  std::string path_;
  int fd_ = -1;
  std::vector<nlohmann::json> rows_;
};

}  // namespace grundy::cli
