// The incremental cache's pack (src/cache/file_cache.hpp): what proves a file unchanged, what
// is never trusted (a recent mtime, a damaged or foreign pack, a folder others can write or
// one inside the scanned root), and that a scan that changed nothing writes nothing.
#include "cache/file_cache.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

namespace ascendify::cache {
namespace {

namespace fs = std::filesystem;

class FileCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "ascendify-cache-XXXXXX").string();
    ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
    tmp_ = tmpl;
    root_ = tmp_ / "root";
    dir_ = tmp_ / "cache";
    fs::create_directories(root_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::permissions(dir_, fs::perms::owner_all, ec);
    fs::remove_all(tmp_, ec);
  }
  std::unique_ptr<FileCache> open(uint64_t key = 42) {
    note_.clear();
    return FileCache::open(dir_, root_, key, note_);
  }
  static int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
  // A state written `age_s` seconds before now.
  static FileState state(int64_t age_s, uint64_t size = 10) {
    const int64_t t = now_ns() - age_s * 1'000'000'000;
    return FileState{size, t, t, 1234};
  }
  fs::path pack() const {
    for (const auto& e : fs::directory_iterator(dir_))
      if (e.path().extension() == ".pack") return e.path();
    return {};
  }
  fs::path tmp_, root_, dir_;
  std::string note_;
};

TEST_F(FileCacheTest, OldStateProvesUnchangedContentHashOtherwise) {
  const FileState old_file = state(60), new_file = state(0);
  {
    auto c = open();
    ASSERT_TRUE(c);
    EXPECT_EQ(note_, "");
    c->put("a.py", old_file, 111, "blob-a");
    c->put("b.py", new_file, 222, "blob-b");
    EXPECT_EQ(c->save(), "");
  }
  auto c = open();
  ASSERT_TRUE(c);
  EXPECT_EQ(note_, "");
  ASSERT_TRUE(c->unchanged("a.py", old_file));
  EXPECT_EQ(c->unchanged("a.py", old_file)->blob, "blob-a");
  EXPECT_EQ(c->unchanged("a.py", old_file)->hash, 111u);
  // Any field of the state differs: only the content can tell.
  FileState touched = old_file;
  touched.ctime_ns += 1;
  EXPECT_FALSE(c->unchanged("a.py", touched));
  FileState moved = old_file;
  moved.inode += 1;
  EXPECT_FALSE(c->unchanged("a.py", moved));
  // Written within two seconds of the scan that recorded it: its state proves nothing.
  EXPECT_FALSE(c->unchanged("b.py", new_file));
  ASSERT_TRUE(c->same_content("b.py", 222));
  EXPECT_EQ(c->same_content("b.py", 222)->blob, "blob-b");
  EXPECT_FALSE(c->same_content("b.py", 223));
  EXPECT_FALSE(c->same_content("c.py", 222));
}

TEST_F(FileCacheTest, ScanThatChangedNothingWritesNothing) {
  const FileState s = state(60);
  {
    auto c = open();
    c->put("a.py", s, 1, "x");
    ASSERT_EQ(c->save(), "");
  }
  struct stat before;
  ASSERT_EQ(::stat(pack().c_str(), &before), 0);
  {
    auto c = open();
    const auto r = c->unchanged("a.py", s);
    ASSERT_TRUE(r);
    c->keep("a.py", s, r->hash, r->blob);
    ASSERT_EQ(c->save(), "");
  }
  struct stat after;
  ASSERT_EQ(::stat(pack().c_str(), &after), 0);
  EXPECT_EQ(before.st_ino, after.st_ino);  // not replaced
  // A file gone from the tree leaves the pack.
  {
    auto c = open();
    ASSERT_EQ(c->save(), "");
  }
  auto c = open();
  EXPECT_FALSE(c->same_content("a.py", 1));
}

TEST_F(FileCacheTest, OtherKeyIsStaleAndSilent) {
  {
    auto c = open(1);
    c->put("a.py", state(60), 1, "x");
    ASSERT_EQ(c->save(), "");
  }
  auto c = open(2);
  ASSERT_TRUE(c);
  EXPECT_EQ(note_, "");
  EXPECT_FALSE(c->same_content("a.py", 1));
}

TEST_F(FileCacheTest, DamagedPackIsIgnoredWithANote) {
  {
    auto c = open();
    c->put("a.py", state(60), 1, std::string(200, 'x'));
    ASSERT_EQ(c->save(), "");
  }
  const fs::path p = pack();
  std::string bytes;
  {
    std::ifstream in(p, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  for (const std::string& damaged :
       {bytes.substr(0, bytes.size() / 2), bytes.substr(0, 10), std::string("garbage"), [&] {
          std::string b = bytes;
          b[b.size() - 50] ^= 1;  // inside a blob
          return b;
        }()}) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << damaged;
    auto c = open();
    ASSERT_TRUE(c);
    EXPECT_NE(note_.find("ignored the damaged cache"), std::string::npos) << damaged.size();
    EXPECT_FALSE(c->same_content("a.py", 1));
  }
}

TEST_F(FileCacheTest, FolderInsideTheRootIsRefused) {
  dir_ = root_ / ".cache";
  EXPECT_FALSE(open());
  EXPECT_NE(note_.find("inside the scanned root"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir_));
}

TEST_F(FileCacheTest, FolderOthersCanWriteIsRefused) {
  fs::create_directories(dir_);
  fs::permissions(dir_, fs::perms::all);
  EXPECT_FALSE(open());
  EXPECT_NE(note_.find("writable by others"), std::string::npos);
}

TEST_F(FileCacheTest, NewFolderIsPrivate) {
  dir_ = tmp_ / "new" / "cache";
  ASSERT_TRUE(open());
  EXPECT_EQ(fs::status(dir_).permissions(), fs::perms::owner_all);
}

TEST_F(FileCacheTest, PruneDropsThePacksUsedLongestAgo) {
  fs::create_directories(dir_);
  const auto now = fs::file_time_type::clock::now();
  auto make = [&](const std::string& name, size_t size, std::chrono::hours age) {
    std::ofstream(dir_ / name, std::ios::binary) << std::string(size, 'p');
    fs::last_write_time(dir_ / name, now - age);
  };
  make("old.pack", 400, std::chrono::hours(50));
  make("mid.pack", 400, std::chrono::hours(20));
  make("new.pack", 400, std::chrono::hours(1));
  make("kept.pack", 400, std::chrono::hours(90));  // the one just written, however old
  make("dead.pack.Ab12Cd", 10, std::chrono::hours(2));
  make("live.pack.Xy34Zw", 10, std::chrono::hours(0));
  make("notes.txt", 10, std::chrono::hours(99));
  prune(dir_, dir_ / "kept.pack", 900);
  EXPECT_FALSE(fs::exists(dir_ / "old.pack"));
  EXPECT_FALSE(fs::exists(dir_ / "mid.pack"));
  EXPECT_TRUE(fs::exists(dir_ / "new.pack"));
  EXPECT_TRUE(fs::exists(dir_ / "kept.pack"));
  EXPECT_FALSE(fs::exists(dir_ / "dead.pack.Ab12Cd"));  // a scan that died an hour ago
  EXPECT_TRUE(fs::exists(dir_ / "live.pack.Xy34Zw"));   // one writing now
  EXPECT_TRUE(fs::exists(dir_ / "notes.txt"));          // not ours
}

}  // namespace
}  // namespace ascendify::cache
