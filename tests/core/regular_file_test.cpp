// The layer under both kinds of table file (regular_file.hpp): a new file is
// never written through a link or into a FIFO or a directory, and a finished
// file replaces the old one whole.
#include "grundy/regular_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "grundy/error.hpp"

namespace grundy {
namespace {

using ::testing::HasSubstr;

class TableFileLayer : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "grundy-regular-file-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  [[nodiscard]] std::string at(const std::string& name) const { return (dir_ / name).string(); }
  static std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  static void write(int fd, const std::string& text) {
    ASSERT_EQ(::write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
    ::close(fd);
  }

  std::filesystem::path dir_;
};

TEST_F(TableFileLayer, ANewFileReplacesTheOldWhole) {
  write(create_table_file(at("t.part"), "table file"), "old");
  replace_table_file(at("t.part"), at("t"), "table file");
  EXPECT_EQ(read(at("t")), "old");
  EXPECT_FALSE(std::filesystem::exists(at("t.part")));
  // Made afresh: a file there is emptied first.
  write(create_table_file(at("t.part"), "table file", /*readable=*/true), "new!");
  write(create_table_file(at("t.part"), "table file"), "new");
  EXPECT_EQ(read(at("t")), "old");  // (not replaced until asked)
  replace_table_file(at("t.part"), at("t"), "table file");
  EXPECT_EQ(read(at("t")), "new");
}

TEST_F(TableFileLayer, NoLinkFifoOrDirectoryIsWrittenOrReplaced) {
  write(create_table_file(at("real"), "table file"), "kept");
  std::filesystem::create_symlink(at("real"), at("link"));
  ASSERT_EQ(::mkfifo(at("fifo").c_str(), 0600), 0);
  std::filesystem::create_directory(at("dir"));
  for (const auto& [name, kind] :
       {std::pair{"link", "a symbolic link"}, std::pair{"fifo", "a FIFO"}, std::pair{"dir", "a directory"}}) {
    try {
      (void)create_table_file(at(name), "search table file");
      ADD_FAILURE() << name << " was opened";
    } catch (const InputError& e) {
      EXPECT_THAT(e.what(), HasSubstr("search table file '" + at(name) + "': " + kind)) << e.what();
    }
    write(create_table_file(at("t.part"), "table file"), "x");
    EXPECT_THROW(replace_table_file(at("t.part"), at(name), "table file"), InputError) << name;
  }
  EXPECT_EQ(read(at("real")), "kept");
  // A folder that is not there: the reason, with the path.
  try {
    (void)create_table_file(at("none/t"), "table file");
    ADD_FAILURE() << "a file in a missing folder was made";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("table file '" + at("none/t") + "': cannot write there (No such file"));
  }
}

}  // namespace
}  // namespace grundy
