#pragma once
// TableLock: which of the runs given one table file may write it. The
// first takes the lock; a run that finds it taken reads the table but never
// writes it, for two runs writing one file would each overwrite or rename
// the other's work. Search tables (search_table_file.hpp) and take-and-break
// tables (games/table_file.hpp) share it.
//
// The lock is a file of its own, FILE.lock, locked with flock(2): FILE is
// replaced by a rename when it is saved, and a lock on FILE would stay with
// the replaced file. The run holding the lock removes FILE.lock at its end,
// while still holding it, so a run that locked a FILE.lock since removed (the
// path no longer names the file it locked) tries again, lest two runs each
// hold a lock on a different file. A run killed leaves FILE.lock behind,
// unlocked (the kernel drops a flock with its process), and the next run
// takes it.
//
// Cost: a few system calls (open, flock, fstat, stat).

#include <string>
#include <string_view>

namespace grundy {

class TableLock {
 public:
  // Tries to take the lock of the table file `path`. Making FILE.lock also
  // shows, before any computation, that files can be made where the table
  // goes: throws InputError ("WHAT 'PATH': ...") when it cannot be made or
  // is not a regular file.
  TableLock(std::string path, std::string_view what);
  ~TableLock();  // gives the lock back, removing FILE.lock
  TableLock(const TableLock&) = delete;
  TableLock& operator=(const TableLock&) = delete;

  // False when another run holds the lock: this one must only read.
  [[nodiscard]] bool held() const { return fd_ >= 0; }

 private:
  std::string path_;
  int fd_ = -1;  // FILE.lock, locked; -1 when another run holds it
};

}  // namespace grundy
