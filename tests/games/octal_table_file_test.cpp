// A take-and-break table kept in a file (TableFile, "grundy-table 3"):
// the same values as the table in memory, whatever pages were given back
// on the way; reopened where its last commit stands; widened to two bytes
// in place; what it keeps in memory is the kept ends, not the table; any
// byte of it damaged is seen before a value is read; and of two runs given
// one file, one writes it.

#include "grundy/games/table_file.hpp"

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"
#include "grundy/games/take_and_break.hpp"
#include "grundy/games/take_and_break_values.hpp"
#include "grundy/progress.hpp"
#include "support/sanitized.hpp"

namespace grundy {
namespace {

using ::testing::AnyOf;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

using test::kSanitized;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("grundy-table-file-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

TakeAndBreakValues grundys_game() { return TakeAndBreakValues(TakeAndBreakGame::grundy_game().digits(), true); }
TakeAndBreakValues octal(const std::string& code) {
  return TakeAndBreakValues(TakeAndBreakGame::parse_code(code, TakeAndBreakGame::Notation::octal, code, 1).digits(),
                            false);
}

void expect_same_values(const TakeAndBreakValues& in_file, const TakeAndBreakValues& in_memory) {
  ASSERT_EQ(in_file.size(), in_memory.size());
  std::uint64_t differ = 0, first = 0;
  for (std::uint64_t n = 0; n < in_memory.size(); ++n)
    if (in_file[n] != in_memory[n] && differ++ == 0) first = n;
  EXPECT_EQ(differ, 0u) << "first at n = " << first << ": " << in_file[first] << " against " << in_memory[first];
  const auto a = in_file.rare_statistics(), b = in_memory.rare_statistics();
  EXPECT_EQ(a.largest, b.largest);
  EXPECT_EQ(a.mask, b.mask);
  EXPECT_EQ(a.rare_heaps, b.rare_heaps);
  EXPECT_EQ(a.last_rare, b.last_rare);
}

// Kilobytes of the file's mapping that are in this process's memory
// (/proc/self/smaps, the mapping's Rss), or -1 when it is not found.
long resident_kib(const std::string& path) {
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  const std::string name = fs::canonical(path).string();
  while (std::getline(smaps, line)) {
    if (!line.empty() && std::isxdigit(static_cast<unsigned char>(line[0])) && line.find('-') < line.find(' '))
      inside = line.size() >= name.size() && line.compare(line.size() - name.size(), name.size(), name) == 0;
    else if (inside && line.rfind("Rss:", 0) == 0)
      return std::stol(line.substr(4));
  }
  return -1;
}

// Grundy's game (1,274 rare heaps, the last at 82,860, by 2^21) in a file
// that keeps 4,096 values at each end at least: the pages in between are
// given back every 2^20 values, and read again from the file by the rare
// pairs' lookups, and every value is the table in memory's.
TEST(OctalTableFile, GrundysGameInAFileHasTheValuesOfTheTableInMemory) {
  const std::uint64_t size = (std::uint64_t{1} << 21) + (kSanitized ? 1000 : 300000);
  TakeAndBreakValues memory = grundys_game();
  memory.extend_to(size);
  const std::string path = scratch("grundy-game.table").string();
  TakeAndBreakValues disk = grundys_game();
  disk.set_min_kept_values(4096);
  disk.extend_to(1000);
  disk.move_to_file(path, "grundy-game");
  ASSERT_NE(disk.file(), nullptr);
  EXPECT_EQ(disk.file()->path(), path);
  disk.extend_to(size);
  // Memory holds the kept ends and what came since the last release, not
  // the table's 2 MiB and more (measured before the comparison below reads
  // every value).
  const long kib = resident_kib(path);
  ASSERT_GE(kib, 0) << "the mapping of " << path << " is not in /proc/self/smaps";
  const std::uint64_t bound = disk.kept_bytes() + (size - (std::uint64_t{1} << 21)) + 64 * 1024;
  EXPECT_LE(static_cast<std::uint64_t>(kib) * 1024, bound) << "of a table of " << size << " bytes";
  EXPECT_LT(static_cast<std::uint64_t>(kib) * 1024, size / 2);
  expect_same_values(disk, memory);
  fs::remove_all(fs::path(path).parent_path());
}

// 0.06 reaches value 256 before 2^14 (no mask there: the plain mex): its
// file becomes one of two-byte values, put in place of the first.
TEST(OctalTableFile, WidensInPlace) {
  const std::uint64_t size = 16384;
  TakeAndBreakValues memory = octal("0.06");
  memory.extend_to(size);
  ASSERT_EQ(memory.bytes_per_value(), 2u);
  const std::string path = scratch("0.06.table").string();
  TakeAndBreakValues disk = octal("0.06");
  disk.set_min_kept_values(4096);
  disk.move_to_file(path, "octal:0.06");
  disk.extend_to(size);
  EXPECT_EQ(disk.bytes_per_value(), 2u);
  disk.commit_file();
  expect_same_values(disk, memory);
  EXPECT_FALSE(fs::exists(path + ".wide"));
  std::ifstream in(path);
  std::string magic, game, sizes;
  std::getline(in, magic);
  std::getline(in, game);
  std::getline(in, sizes);
  EXPECT_EQ(magic, "grundy-table 3");
  EXPECT_EQ(game, "octal:0.06");
  EXPECT_EQ(sizes, "16384 2");
  EXPECT_EQ(fs::file_size(path), TableFile::kValuesOffset + 2 * size);
  fs::remove_all(fs::path(path).parent_path());
}

// Values written after the last commit are not counted: a file reopened
// (a run killed) holds the table of its commit, and goes on from there to
// the same values.
TEST(OctalTableFile, ReopensWhereItsLastCommitStands) {
  const std::uint64_t committed = 200000, written = 300000, size = 400000;
  TakeAndBreakValues memory = octal("0.6");
  memory.extend_to(size);
  const std::string path = scratch("0.6.table").string();
  {
    TakeAndBreakValues disk = octal("0.6");
    disk.move_to_file(path, "octal:0.6");
    disk.extend_to(committed);
    disk.commit_file();
    disk.extend_to(written);
  }
  TakeAndBreakValues reopened = octal("0.6");
  reopened.set_min_kept_values(4096);
  reopened.open_file(TableFile::open(path, "octal:0.6"));
  EXPECT_EQ(reopened.size(), committed);
  reopened.extend_to(size);
  expect_same_values(reopened, memory);
  // The game's own door: resumed in place, or read into memory.
  const TakeAndBreakGame game = TakeAndBreakGame::parse_code("0.6", TakeAndBreakGame::Notation::octal, "0.6", 1);
  reopened.commit_file();
  game.resume_table(path, true);
  EXPECT_EQ(game.table().size(), size);
  ASSERT_NE(game.table().file(), nullptr);
  const TakeAndBreakGame copy = TakeAndBreakGame::parse_code("0.6", TakeAndBreakGame::Notation::octal, "0.6", 1);
  copy.resume_table(path, false);
  EXPECT_EQ(copy.table().file(), nullptr);
  expect_same_values(copy.table(), memory);
  fs::remove_all(fs::path(path).parent_path());
}

TEST(OctalTableFile, RefusesWhatIsNotAWholeTableOfTheGame) {
  const std::string path = scratch("kayles.table").string();
  {
    TakeAndBreakValues disk = octal("0.77");
    disk.extend_to(5000);
    disk.move_to_file(path, "octal:0.77");
  }
  auto error_of = [](const std::string& file, const std::string& spec) -> std::string {
    try {
      (void)TableFile::open(file, spec);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_THAT(error_of(path, "octal:0.6"), HasSubstr("holds a table of 'octal:0.77', not of octal:0.6"));
  fs::resize_file(path, TableFile::kValuesOffset + 4000);
  EXPECT_THAT(error_of(path, "octal:0.77"), HasSubstr("ends after 4000 of its 5000 values"));
  std::ofstream(scratch("v1.table")) << "grundy-table 1\noctal:0.77\n3 1\nabc";
  EXPECT_THAT(error_of(scratch("v1.table").string(), "octal:0.77"), HasSubstr("not a table file of version 3"));
  EXPECT_THAT(error_of(scratch("none.table").string(), "octal:0.77"), HasSubstr("cannot open it"));
  fs::remove_all(fs::path(path).parent_path());
}

// A program's --table for an octal game (keep_table_in): value() past the
// cap of a table in memory (2^25 values) grows the file to the heap asked
// for, with the values the table in memory has; a second game reads them
// from the file without computing, and grows it from its end.
TEST(OctalTableFile, ValuesPastTheMemoryCapComeFromTheFile) {
  if (kSanitized) GTEST_SKIP() << "2^25 values of 0.167 twice: a minute under AddressSanitizer";
  const fs::path path = scratch("0.167-value.table");
  fs::remove(path);
  const std::uint64_t cap = TakeAndBreakGame::kMaxTable;
  const TakeAndBreakGame in_memory =
      TakeAndBreakGame::parse_code("0.167", TakeAndBreakGame::Notation::octal, "0.167", 1);
  in_memory.compute_table(cap + 100);
  TakeAndBreakGame in_file = TakeAndBreakGame::parse_code("0.167", TakeAndBreakGame::Notation::octal, "0.167", 1);
  ASSERT_EQ(in_file.table_file_use(), Game::TableFileUse::kept);
  in_file.keep_table_in(path.string());
  for (const std::uint64_t n : {cap + 77, cap, cap - 1, std::uint64_t{12345}})
    EXPECT_EQ(in_file.value(n).value(), in_memory.table()[n]) << n;
  EXPECT_EQ(in_file.table().size(), cap + 78) << "grown to the heap asked for, no further";
  TakeAndBreakGame reader = TakeAndBreakGame::parse_code("0.167", TakeAndBreakGame::Notation::octal, "0.167", 1);
  reader.keep_table_in(path.string());
  for (const std::uint64_t n : {cap + 60, cap + 77, std::uint64_t{0}, std::uint64_t{99}})
    EXPECT_EQ(reader.value(n).value(), in_memory.table()[n]) << n;
  EXPECT_EQ(reader.table().size(), 0u) << "values the file holds are read from it, not computed";
  EXPECT_EQ(reader.value(cap + 90).value(), in_memory.table()[cap + 90]) << "past the file's end";
  EXPECT_EQ(reader.table().size(), cap + 91) << "the file's table, copied, then grown";
  EXPECT_EQ(reader.table().file(), nullptr) << "in_file holds the file's lock: the reader never writes it";
  EXPECT_EQ(TableFile::open(path.string(), "octal:0.167").size(), cap + 78);
  fs::remove_all(path.parent_path());
}

// Every byte of a small table file damaged in turn (its header's lines, its
// checksums, its values): no value read from it is ever wrong. Each lookup
// either answers the table's value or is refused as damaged; a damaged
// value, checksum or header line is always refused.
TEST(OctalTableFile, NoByteDamagedGivesAWrongValue) {
  const std::uint64_t size = TableFile::kBlockValues + 3000;  // two blocks, the second partial
  const fs::path path = scratch("0.167-damaged.table");
  fs::remove(path);
  const TakeAndBreakGame in_memory =
      TakeAndBreakGame::parse_code("0.167", TakeAndBreakGame::Notation::octal, "0.167", 1);
  in_memory.compute_table(size);
  {
    TakeAndBreakGame writer = TakeAndBreakGame::parse_code("0.167", TakeAndBreakGame::Notation::octal, "0.167", 1);
    writer.keep_table_in(path.string());
    ASSERT_EQ(writer.value(size - 1).value(), in_memory.table()[size - 1]);
  }
  ASSERT_EQ(TableFile::open(path.string(), "octal:0.167").size(), size);
  std::string header(TableFile::kHeaderBytes, ' ');
  std::fstream(path, std::ios::in | std::ios::binary).read(header.data(), static_cast<std::streamsize>(header.size()));
  const std::uint64_t header_lines = header.find("\n", header.find("check ")) + 1;
  // The bytes at stake: the header's lines, the two checksums, the values
  // of the first block's start and end and all of the second block (every
  // value under sanitizers is too slow: a lookup hashes its block).
  std::vector<std::uint64_t> places;
  for (std::uint64_t i = 0; i < header_lines; ++i) places.push_back(i);
  for (std::uint64_t i = 0; i < 16; ++i) places.push_back(TableFile::kHeaderBytes + i);
  const std::uint64_t values = TableFile::kValuesOffset;
  for (std::uint64_t n = 0; n < 1000; ++n) places.push_back(values + n);
  for (std::uint64_t n = TableFile::kBlockValues - 1000; n < size; n += kSanitized ? 7 : 1)
    places.push_back(values + n);
  std::uint64_t refused = 0;
  for (const std::uint64_t at : places) {
    auto flip = [&] {
      std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
      file.seekg(static_cast<std::streamoff>(at));
      const int byte = file.get();
      file.seekp(static_cast<std::streamoff>(at));
      file.put(static_cast<char>(byte ^ (at % 2 == 0 ? 0x01 : 0x80)));
    };
    flip();
    TakeAndBreakGame reader = TakeAndBreakGame::parse_code("0.167", TakeAndBreakGame::Notation::octal, "0.167", 1);
    // The value the damaged byte stands for, or whose checksum it is.
    const std::uint64_t n = at >= values ? at - values
                            : at >= TableFile::kHeaderBytes
                                ? (at - TableFile::kHeaderBytes) / 8 * TableFile::kBlockValues
                                : at % size;
    bool seen = false;
    try {
      reader.keep_table_in(path.string());
      EXPECT_EQ(reader.value(n).value(), in_memory.table()[n]) << "byte " << at << " damaged";
    } catch (const InputError& e) {
      // (A first line damaged names no table file.)
      EXPECT_THAT(e.what(), AnyOf(HasSubstr("damaged"), HasSubstr("not a table saved by grundy"))) << "byte " << at;
      seen = true;
    }
    EXPECT_TRUE(seen) << "byte " << at << " damaged, and G(" << n << ") was read";
    refused += seen ? 1 : 0;
    flip();  // (mended)
  }
  EXPECT_EQ(refused, places.size());
  TakeAndBreakGame reader = TakeAndBreakGame::parse_code("0.167", TakeAndBreakGame::Notation::octal, "0.167", 1);
  reader.keep_table_in(path.string());
  EXPECT_EQ(reader.value(size - 2).value(), in_memory.table()[size - 2]) << "mended, the file is whole again";
  fs::remove_all(path.parent_path());
}

// A damaged block is found when a run goes on from the file (resume_table
// checks them all), with the values it covers.
TEST(OctalTableFile, AResumedRunChecksEveryBlock) {
  const std::uint64_t size = TableFile::kBlockValues + 10;
  const std::string path = scratch("0.167-resumed.table").string();
  unsigned bytes = 0;
  {
    TakeAndBreakValues disk = octal("0.167");
    disk.extend_to(size);
    disk.move_to_file(path, "octal:0.167");
    bytes = disk.bytes_per_value();
  }
  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(static_cast<std::streamoff>(TableFile::kValuesOffset + (TableFile::kBlockValues + 5) * bytes));
    file.put('\x7f');
  }
  for (const bool in_file : {true, false}) {
    const TakeAndBreakGame game = TakeAndBreakGame::parse_code("0.167", TakeAndBreakGame::Notation::octal, "0.167", 1);
    try {
      game.resume_table(path, in_file);
      ADD_FAILURE() << "a damaged file resumed";
    } catch (const InputError& e) {
      EXPECT_THAT(e.what(), HasSubstr("damaged: the values G(1048576..1048585) do not match their checksum"));
    }
  }
  fs::remove_all(fs::path(path).parent_path());
}

// A table grown in steps (a run that saves, a table in a file) counts its
// progress against the size it grows to: between two steps, the task says
// how far the whole growth is. (It once counted against the step's end,
// and said 99% from the first seconds of every doubling.)
TEST(OctalTableFile, ProgressCountsTheWholeGrowth) {
  const std::string path = scratch("0.167-progress.table").string();
  const TakeAndBreakGame game = TakeAndBreakGame::parse_code("0.167", TakeAndBreakGame::Notation::octal, "0.167", 1);
  game.compute_table(std::uint64_t{1} << 18);
  game.keep_table_in_file(path);
  ASSERT_NE(game.table().file(), nullptr);
  const std::uint64_t size = std::uint64_t{1} << 20;
  std::uint64_t steps = 0;
  game.compute_table(size, [&] {
    const std::optional<TaskProgress> progress = current_task_progress();
    ASSERT_TRUE(progress.has_value());
    EXPECT_EQ(progress->total, size);
    EXPECT_LE(progress->done, game.table().size());
    EXPECT_GE(progress->done + TakeAndBreakGame::kTableStep, game.table().size());
    ++steps;
  });
  EXPECT_EQ(steps, (size - (std::uint64_t{1} << 18)) / TakeAndBreakGame::kTableStep - 1);
  EXPECT_FALSE(current_task_progress().has_value()) << "no task runs after it";
  fs::remove_all(fs::path(path).parent_path());
}

}  // namespace
}  // namespace grundy
