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
#include <thread>
#include <tuple>
#include <vector>

#include "../e2e/robust_util.hpp"
#include "core/snapshot_io.hpp"

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
  // The bytes of a recorded result, read back from where the cache keeps them.
  static std::string text(const FileCache& c, const std::optional<FileCache::Recorded>& r) {
    if (!r) return "<no entry>";
    std::string buffer;
    const auto bytes = c.bytes(r->blob, buffer);
    return bytes ? std::string(*bytes) : "<unreadable>";
  }
  fs::path pack() const {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir_, ec))
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
  EXPECT_EQ(text(*c, c->unchanged("a.py", old_file)), "blob-a");
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
  EXPECT_EQ(text(*c, c->same_content("b.py", 222)), "blob-b");
  EXPECT_FALSE(c->same_content("b.py", 223));
  EXPECT_FALSE(c->same_content("c.py", 222));
}

// Results larger than the save's write buffer (1 MiB) and many small ones between them come
// back byte for byte: the save streams the pack to disk instead of building it in memory.
TEST_F(FileCacheTest, LargeAndSmallResultsComeBackWhole) {
  const FileState s = state(60);
  const auto name = [](int i) {
    std::string n = "f";
    n += std::to_string(i);
    return n;
  };
  auto result = [](int i) {
    const size_t size = i % 10 == 0 ? (3u << 20) + static_cast<size_t>(i) : 100 + i;
    std::string r(size, '\0');
    for (size_t k = 0; k < size; ++k) r[k] = static_cast<char>((k * 131 + i) & 0xff);
    return r;
  };
  {
    auto c = open();
    for (int i = 0; i < 30; ++i) c->put(name(i), s, i, result(i));
    ASSERT_EQ(c->save(), "");
  }
  auto c = open();
  ASSERT_EQ(note_, "");
  for (int i = 0; i < 30; ++i) EXPECT_EQ(text(*c, c->same_content(name(i), i)), result(i)) << i;
}

// The workers record their results side by side: each lands whole in its own place.
TEST_F(FileCacheTest, ResultsPutFromManyThreadsAreAllKept) {
  const FileState s = state(60);
  auto result = [](int t, int i) {
    std::string r(static_cast<size_t>(i % 50 + 1), static_cast<char>('a' + t));
    r.append(std::to_string(i));
    return r;
  };
  {
    auto c = open();
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t)
      threads.emplace_back([&, t] {
        for (int i = 0; i < 200; ++i)
          c->put(std::to_string(t) + "/" + std::to_string(i), s,
                 static_cast<uint64_t>(t * 1000 + i), result(t, i));
      });
    for (auto& th : threads) th.join();
    EXPECT_EQ(c->analysed(), 1600u);
    ASSERT_EQ(c->save(), "");
  }
  auto c = open();
  for (int t = 0; t < 8; ++t)
    for (int i = 0; i < 200; ++i)
      ASSERT_EQ(text(*c, c->same_content(std::to_string(t) + "/" + std::to_string(i),
                                         static_cast<uint64_t>(t * 1000 + i))),
                result(t, i))
          << t << " " << i;
}

// An open cache reads its results from the pack it opened, even when another scan of the root
// replaces that pack meanwhile (a rename leaves the opened file as it was).
TEST_F(FileCacheTest, ResultsOfAReplacedPackStayReadable) {
  const FileState s = state(60);
  {
    auto c = open();
    c->put("a.py", s, 1, "first");
    ASSERT_EQ(c->save(), "");
  }
  auto reader = open();
  {
    auto writer = open();
    writer->put("a.py", s, 2, "second");
    ASSERT_EQ(writer->save(), "");
  }
  EXPECT_EQ(text(*reader, reader->same_content("a.py", 1)), "first");
  EXPECT_EQ(text(*open(), open()->same_content("a.py", 2)), "second");
}

// The streamed save writes the bytes the pack always had: the payload as snapshot::Writer
// lays it out, framed by snapshot::frame (the key is taken from the file: it is the folder's).
TEST_F(FileCacheTest, SavedPackHasTheFramedLayout) {
  const FileState s = state(60), fresh = state(0);
  {
    auto c = open();
    c->put("b.py", s, 22, "result-b");
    c->put("a.py", fresh, 11, "result-a");
    ASSERT_EQ(c->save(), "");
  }
  const std::string bytes = robust::read_file(pack());
  ASSERT_GT(bytes.size(), 40u);
  snapshot::Reader header(std::string_view(bytes).substr(16, 8));
  const uint64_t key = header.u64();
  snapshot::Writer w;
  w.u32(2);
  for (const auto& [path, st, hash, trusted, blob] :
       {std::tuple{"a.py", fresh, 11, false, "result-a"},
        std::tuple{"b.py", s, 22, true, "result-b"}}) {
    w.str(path);
    w.u64(st.size);
    w.i64(st.mtime_ns);
    w.i64(st.ctime_ns);
    w.u64(st.inode);
    w.u64(static_cast<uint64_t>(hash));
    w.u8(trusted);
    w.str(blob);
  }
  EXPECT_EQ(bytes, snapshot::frame(w.bytes(), kPackVersion, key));
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
    c->keep("a.py", s, *r);
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

// 20 files of 1,000 bytes recorded, then `changed` of them changed: the scan writes a delta
// beside the pack while the changes are at most an eighth of it, else a new pack.
class DeltaTest : public FileCacheTest {
 protected:
  void record_base() {
    auto c = open();
    for (int i = 0; i < 20; ++i) c->put(name(i), s_, i, std::string(1000, 'a' + i));
    ASSERT_EQ(c->save(), "");
  }
  void change(int changed) {
    auto c = open();
    for (int i = 0; i < 20; ++i) {
      if (i < changed) {
        c->put(name(i), s_, 100 + i, std::string(1000, 'A' + i));
      } else {
        const auto r = c->unchanged(name(i), s_);
        ASSERT_TRUE(r) << i;
        c->keep(name(i), s_, *r);
      }
    }
    ASSERT_EQ(c->save(), "");
  }
  const FileState s_ = state(60);
  static std::string name(int i) {
    std::string n = "f";  // not "f" + ...: GCC 12 warns of a memcpy overlap it cannot have
    n += std::to_string(i);
    n += ".py";
    return n;
  }
  static ino_t inode(const fs::path& p) {
    struct stat st;
    return ::stat(p.c_str(), &st) == 0 ? st.st_ino : 0;
  }
  fs::path delta() const {
    fs::path p = pack();
    return p.replace_extension(".delta");
  }
};

TEST_F(DeltaTest, FewChangesGoToADeltaBesideThePack) {
  record_base();
  const ino_t base = inode(pack());
  change(2);
  EXPECT_EQ(inode(pack()), base);  // the pack is not rewritten
  ASSERT_TRUE(fs::exists(delta()));
  EXPECT_LT(fs::file_size(delta()), fs::file_size(pack()) / 4);
  auto c = open();
  EXPECT_EQ(note_, "");
  EXPECT_EQ(text(*c, c->same_content(name(0), 100)), std::string(1000, 'A'));
  EXPECT_FALSE(c->same_content(name(0), 0));
  EXPECT_EQ(text(*c, c->same_content(name(5), 5)), std::string(1000, 'f'));
}

TEST_F(DeltaTest, ManyChangesWriteANewPackAndNoDelta) {
  record_base();
  change(2);
  const ino_t base = inode(pack());
  change(6);  // more than an eighth
  EXPECT_NE(inode(pack()), base);
  EXPECT_FALSE(fs::exists(delta()));
  auto c = open();
  EXPECT_EQ(text(*c, c->same_content(name(5), 105)), std::string(1000, 'A' + 5));
}

// A new pack that keeps results recorded in the delta reads them from the delta's file.
TEST_F(DeltaTest, NewPackKeepsResultsFromTheDelta) {
  record_base();
  change(2);  // f0, f1 in the delta
  ASSERT_TRUE(fs::exists(delta()));
  {
    auto c = open();
    for (int i = 0; i < 20; ++i) {
      if (i >= 10 && i < 17) {
        c->put(name(i), s_, 200 + i, std::string(1000, 'z'));
      } else {
        const auto r = c->unchanged(name(i), s_);
        ASSERT_TRUE(r) << i;
        c->keep(name(i), s_, *r);
      }
    }
    ASSERT_EQ(c->save(), "");
  }
  EXPECT_FALSE(fs::exists(delta()));  // a new pack
  auto c = open();
  EXPECT_EQ(note_, "");
  EXPECT_EQ(text(*c, c->same_content(name(0), 100)), std::string(1000, 'A'));
  EXPECT_EQ(text(*c, c->same_content(name(1), 101)), std::string(1000, 'B'));
  EXPECT_EQ(text(*c, c->same_content(name(12), 212)), std::string(1000, 'z'));
  EXPECT_EQ(text(*c, c->same_content(name(19), 19)), std::string(1000, 'a' + 19));
}

// Where a delta stops paying: the choice counts 53 bytes an entry besides its path and result
// (its exact size is 49), as it always has. A pack of 8,096 bytes and one new 1-byte path with
// a 960-byte result: (960 + 1 + 53) * 8 = 8,112 > 8,096, a new pack (49 would give a delta).
TEST_F(FileCacheTest, DeltaOrPackLineIsWhereItWas) {
  const FileState s = state(60);
  {
    auto c = open();
    c->put("base", s, 1, std::string(7999, 'b'));  // 40 + 4 + 49 + 4 + 7,999 = 8,096 bytes
    ASSERT_EQ(c->save(), "");
  }
  ASSERT_EQ(fs::file_size(pack()), 8096u);
  {
    auto c = open();
    const auto r = c->unchanged("base", s);
    ASSERT_TRUE(r);
    c->keep("base", s, *r);
    c->put("x", s, 2, std::string(960, 'x'));
    ASSERT_EQ(c->save(), "");
  }
  EXPECT_FALSE(fs::exists(fs::path(pack()).replace_extension(".delta")));
  EXPECT_EQ(fs::file_size(pack()), 8096u + 49 + 1 + 960);
}

TEST_F(DeltaTest, DamagedDeltaLeavesThePack) {
  record_base();
  change(1);
  std::string bytes = robust::read_file(delta());
  bytes[bytes.size() - 10] ^= 1;
  std::ofstream(delta(), std::ios::binary | std::ios::trunc) << bytes;
  auto c = open();
  EXPECT_NE(note_.find("ignored the damaged cache"), std::string::npos);
  // Only the files changed since the pack are analysed again, not every file.
  EXPECT_NE(note_.find("; analysing its files"), std::string::npos) << note_;
  EXPECT_FALSE(c->same_content(name(0), 100));  // the delta's entry is not trusted
  EXPECT_TRUE(c->same_content(name(0), 0));     // the pack's still is
  EXPECT_TRUE(c->same_content(name(7), 7));
}

// A delta that cannot be read (here a folder in its place) leaves the pack in use, and the note
// says so: only the files changed since the pack are analysed again.
TEST_F(DeltaTest, UnreadableDeltaLeavesThePack) {
  record_base();
  change(1);
  fs::remove(delta());
  fs::create_directory(delta());
  auto c = open();
  EXPECT_NE(note_.find("cannot read"), std::string::npos) << note_;
  EXPECT_NE(note_.find("; analysing its files"), std::string::npos) << note_;
  EXPECT_TRUE(c->same_content(name(0), 0));  // the pack's entry still serves
  EXPECT_TRUE(c->same_content(name(7), 7));
  fs::remove(delta());
}

// A delta goes through the pack's reader (its base and the paths gone first): any flipped byte
// and it is not used, the pack's entries still are.
TEST_F(DeltaTest, EveryFlippedByteOfTheDeltaIsRefused) {
  record_base();
  change(1);
  std::string bytes = robust::read_file(delta());
  for (size_t i = 0; i < bytes.size(); i += 7) {
    std::string flipped = bytes;
    flipped[i] ^= 0x01;
    std::ofstream(delta(), std::ios::binary | std::ios::trunc) << flipped;
    auto c = open();
    EXPECT_FALSE(c->same_content(name(0), 100)) << i;
    EXPECT_EQ(text(*c, c->same_content(name(0), 0)), std::string(1000, 'a')) << i;
  }
}

TEST_F(DeltaTest, DeltaOfAnotherPackIsIgnored) {
  record_base();
  change(1);
  const std::string old_delta = delta().string() + ".keep";
  fs::copy_file(delta(), old_delta);
  change(10);  // a new pack
  fs::copy_file(old_delta, delta());
  auto c = open();
  EXPECT_EQ(note_, "");  // stale, not damaged
  EXPECT_TRUE(c->same_content(name(0), 100));
  EXPECT_EQ(text(*c, c->same_content(name(0), 100)), std::string(1000, 'A'));
  EXPECT_TRUE(c->same_content(name(9), 109));
}

TEST_F(FileCacheTest, PruneDropsThePacksUsedLongestAgo) {
  fs::create_directories(dir_);
  const auto now = fs::file_time_type::clock::now();
  auto make = [&](const std::string& name, size_t size, std::chrono::hours age) {
    std::ofstream(dir_ / name, std::ios::binary) << std::string(size, 'p');
    fs::last_write_time(dir_ / name, now - age);
  };
  const std::string old_p = "00000000000000a1", mid = "00000000000000b2",
                    young = "00000000000000c3", kept = "00000000000000d4",
                    orphan = "00000000000000e5";
  make(old_p + ".pack", 400, std::chrono::hours(50));
  make(old_p + ".delta", 10, std::chrono::hours(50));
  make(mid + ".pack", 400, std::chrono::hours(20));
  make(young + ".pack", 400, std::chrono::hours(1));
  make(young + ".delta", 10, std::chrono::hours(1));
  make(kept + ".pack", 400, std::chrono::hours(90));         // the one just written, however old
  make(orphan + ".delta", 10, std::chrono::hours(1));        // its pack is gone
  make(old_p + ".pack.Ab12Cd", 10, std::chrono::hours(2));   // of a scan that died
  make(young + ".delta.Xy34Zw", 10, std::chrono::hours(0));  // of a scan writing now
  // Not the cache's: never deleted, whatever their names and ages.
  for (const char* mine : {"notes.txt", "notes.delta", "old.pack", "backup.pack.old",
                           "00000000000000A1.pack", "00000000000000f6.pack.toolong"})
    make(mine, 10, std::chrono::hours(99));
  prune(dir_, dir_ / (kept + ".pack"), 900);
  EXPECT_FALSE(fs::exists(dir_ / (old_p + ".pack")));
  EXPECT_FALSE(fs::exists(dir_ / (old_p + ".delta")));
  EXPECT_FALSE(fs::exists(dir_ / (mid + ".pack")));
  EXPECT_TRUE(fs::exists(dir_ / (young + ".pack")));
  EXPECT_TRUE(fs::exists(dir_ / (young + ".delta")));
  EXPECT_TRUE(fs::exists(dir_ / (kept + ".pack")));
  EXPECT_FALSE(fs::exists(dir_ / (orphan + ".delta")));
  EXPECT_FALSE(fs::exists(dir_ / (old_p + ".pack.Ab12Cd")));
  EXPECT_TRUE(fs::exists(dir_ / (young + ".delta.Xy34Zw")));
  for (const char* mine : {"notes.txt", "notes.delta", "old.pack", "backup.pack.old",
                           "00000000000000A1.pack", "00000000000000f6.pack.toolong"})
    EXPECT_TRUE(fs::exists(dir_ / mine)) << mine;
}

TEST_F(FileCacheTest, SymbolicLinkOfAnotherUserIsRefused) {
  fs::create_directories(tmp_ / "real");
  fs::create_symlink(tmp_ / "real", tmp_ / "link");
  dir_ = tmp_ / "link" / "cache";
  ASSERT_TRUE(open()) << note_;  // a link of this user is followed
  EXPECT_TRUE(fs::exists(tmp_ / "real" / "cache" / "secret"));
  // The same link owned by another user (only root can make one here).
  if (::lchown((tmp_ / "link").c_str(), 65534, 65534) != 0)
    GTEST_SKIP() << "not root: cannot give the link to another user";
  EXPECT_FALSE(open());
  EXPECT_NE(note_.find("is a symbolic link of another user"), std::string::npos) << note_;
}

TEST_F(FileCacheTest, SecretKeysTheContentHash) {
  auto a = open();
  ASSERT_TRUE(a);
  const uint64_t h = a->content_hash("import torch\n");
  EXPECT_EQ(open()->content_hash("import torch\n"), h);  // the folder's secret, kept
  EXPECT_EQ(fs::status(dir_ / "secret").permissions(),
            fs::perms::owner_read | fs::perms::owner_write);
  // Another folder, another secret: nobody without it can aim a file at a recorded hash.
  const fs::path first = dir_;
  dir_ = tmp_ / "other-cache";
  EXPECT_NE(open()->content_hash("import torch\n"), h);
  // A secret others can read is not a secret: the cache is not used.
  fs::permissions(first / "secret", fs::perms::owner_read | fs::perms::group_read);
  dir_ = first;
  EXPECT_FALSE(open());
  EXPECT_NE(note_.find("not a private 16-byte file"), std::string::npos) << note_;
}

}  // namespace
}  // namespace ascendify::cache
