#pragma once
// `grundy rare`: a take-and-break game's table grown by powers of two, with
// the statistics published rare-value tables give (Flammenkamp's, Czajka's)
// at each: the largest value, the best mask, how many heaps it makes rare
// and the last; optionally the rare heaps themselves as they appear. Long
// runs save their table at each power of two, and every half hour or so in
// between, and resume from it. Past 2^32 values (or with --on-disk) the
// table lives in its save file, and memory holds only what the rare-value
// method reads.

#include <cstdint>
#include <string>

#include "grundy/frontend/output.hpp"
#include "grundy/frontend/sum_answers.hpp"

namespace grundy::cli {

struct RareRequest {
  std::string game;
  std::uint64_t to = 0;      // the last heap: G(0..to)
  bool list = false;         // list the rare heaps as they appear
  std::string save;          // file to save the table to ("" for none)
  std::string resume;        // file to resume from ("" for none)
  double save_every = 1800;  // seconds between two saves inside a doubling
  bool on_disk = false;      // keep the table in the save file (implied past 2^32 values)
  unsigned threads = 1;      // threads for the one table
};

void print_rare(const RareRequest& request, frontend::Format format, frontend::Output& out);

}  // namespace grundy::cli
