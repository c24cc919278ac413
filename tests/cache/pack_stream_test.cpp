// Reading a pack through a buffer (src/cache/pack_stream.hpp): a whole pack gives its entries
// and where their results lie; any flipped byte, any truncation and any extra byte is refused
// (stale when only the version or key differs, damaged otherwise), never read as entries.
#include "cache/pack_stream.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "../e2e/robust_util.hpp"
#include "cache/file_cache.hpp"

namespace ascendify::cache {
namespace {

namespace fs = std::filesystem;

class PackStreamTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(tmp_.path().empty());
    fs::create_directories(tmp_.path() / "root");
    std::string note;
    auto c = FileCache::open(tmp_.path() / "cache", tmp_.path() / "root", 7, note);
    ASSERT_TRUE(c);
    c->put("a.py", state_, 11, "result-a");
    c->put("dir/b.py", state_, 22, "result-b!");
    c->put("c.ipynb", state_, 33, "");
    ASSERT_EQ(c->save(), "");
    std::ifstream in(c->pack_path(), std::ios::binary);
    pack_.assign(std::istreambuf_iterator<char>(in), {});
    ASSERT_GT(pack_.size(), 40u);
    key_ = 0;
    for (int i = 7; i >= 0; --i) key_ = (key_ << 8) | static_cast<unsigned char>(pack_[16 + i]);
  }
  // Reads `bytes` as a pack file; the entries it gave are in `entries_`.
  PackRead read(const std::string& bytes) {
    const fs::path path = tmp_.path() / "probe.pack";
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    const int fd = ::open(path.c_str(), O_RDONLY);
    EXPECT_GE(fd, 0);
    entries_.clear();
    uint64_t hash = 0, size = 0;
    const PackRead r = read_pack(
        fd, kPackVersion, key_, nullptr,
        [&](PackEntry&& e) {
          entries_.push_back(std::move(e));
          return true;
        },
        hash, size);
    ::close(fd);
    return r;
  }
  robust::TempDir tmp_;
  const FileState state_{10, 1'000'000'000, 1'000'000'000, 99};
  std::string pack_;
  uint64_t key_ = 0;
  std::vector<PackEntry> entries_;
};

TEST_F(PackStreamTest, WholePackGivesItsEntriesAndWhereTheirResultsLie) {
  ASSERT_EQ(read(pack_), PackRead::Ok);
  ASSERT_EQ(entries_.size(), 3u);  // by path
  EXPECT_EQ(entries_[0].path, "a.py");
  EXPECT_EQ(entries_[1].path, "c.ipynb");
  EXPECT_EQ(entries_[2].path, "dir/b.py");
  EXPECT_EQ(entries_[2].hash, 22u);
  EXPECT_EQ(entries_[2].state, state_);
  EXPECT_TRUE(entries_[2].trusted);
  EXPECT_EQ(pack_.substr(entries_[0].offset, entries_[0].size), "result-a");
  EXPECT_EQ(pack_.substr(entries_[2].offset, entries_[2].size), "result-b!");
  EXPECT_EQ(entries_[1].size, 0u);
}

TEST_F(PackStreamTest, EveryFlippedByteIsRefused) {
  for (size_t i = 0; i < pack_.size(); ++i) {
    std::string bytes = pack_;
    bytes[i] ^= 0x01;
    const PackRead r = read(bytes);
    EXPECT_NE(r, PackRead::Ok) << i;
    // The version (bytes 8-11) and the key (16-23) only make it another scan's pack.
    if ((i >= 8 && i < 12) || (i >= 16 && i < 24))
      EXPECT_EQ(r, PackRead::Stale) << i;
    else
      EXPECT_EQ(r, PackRead::Damaged) << i;
  }
}

TEST_F(PackStreamTest, EveryTruncationAndAnExtraByteAreDamage) {
  for (size_t n = 0; n < pack_.size(); ++n)
    EXPECT_EQ(read(pack_.substr(0, n)), PackRead::Damaged) << n;
  EXPECT_EQ(read(pack_ + "x"), PackRead::Damaged);
}

}  // namespace
}  // namespace ascendify::cache
