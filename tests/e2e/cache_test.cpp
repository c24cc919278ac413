// `ascendify scan` with its incremental cache (src/cache): the reports are byte-identical with
// and without it, cold and warm, after a one-file edit (only that file is analysed again),
// after an edit that keeps the size and puts the mtime back, and with a damaged, truncated or
// foreign pack (ignored); a folder inside the root or writable by others is not used.
#include <sys/stat.h>

#include "robust_util.hpp"

namespace {

using namespace robust;

class ScanCache : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::copy(fs::path(ASCENDIFY_SOURCE_DIR) / "examples", root(), fs::copy_options::recursive);
  }
  fs::path root() const { return tmp_ / "root"; }
  fs::path cache() const { return tmp_ / "cache"; }
  // The JSON and Markdown reports of a scan (`mode`: "--no-cache" or a cache folder).
  std::string reports(const std::string& mode, std::string* err = nullptr) {
    const fs::path out = tmp_ / ("out" + std::to_string(runs_++));
    std::vector<std::string> extra = {"-v"};
    if (mode == "--no-cache")
      extra.push_back(mode);
    else
      extra.insert(extra.end(), {"--cache-dir", mode});
    const RunResult r = scan(root(), out, extra, "json,md");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    if (err) *err = r.err;
    return read_file(out / "ascendify-report.json") + read_file(out / "ascendify-report.zh.md");
  }
  fs::path pack() const {
    for (const auto& e : fs::directory_iterator(cache()))
      if (e.path().extension() == ".pack") return e.path();
    return {};
  }
  TempDir tmp_;
  int runs_ = 0;
};

TEST_F(ScanCache, SameReportsColdWarmAndAfterAnEdit) {
  const std::string plain = reports("--no-cache");
  ASSERT_GT(plain.size(), 10000u);
  std::string err;
  EXPECT_EQ(reports(cache(), &err), plain);
  EXPECT_NE(err.find("cache: 0 of 28 file(s) from the cache, 28 analysed"), std::string::npos)
      << err;
  EXPECT_EQ(reports(cache(), &err), plain);
  EXPECT_NE(err.find("cache: 28 of 28 file(s) from the cache, 0 analysed"), std::string::npos)
      << err;

  // One file edited: it alone is analysed again, and the report is that of the edited tree.
  std::ofstream(root() / "train.py", std::ios::app) << "torch.cuda.synchronize()\n";
  const std::string edited = reports("--no-cache");
  EXPECT_NE(edited, plain);
  EXPECT_EQ(reports(cache(), &err), edited);
  EXPECT_NE(err.find("cache: 27 of 28 file(s) from the cache, 1 analysed"), std::string::npos)
      << err;
}

TEST_F(ScanCache, SameSizeEditWithTheOldMtimeIsSeen) {
  const fs::path file = root() / "train.py";
  std::string text = read_file(file);
  // Old enough for the cache to trust its stat.
  const auto old = fs::last_write_time(file) - std::chrono::seconds(60);
  fs::last_write_time(file, old);
  reports(cache());
  const size_t at = text.find("cuda");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 4, "xpu_");  // same size
  write_file(file, text);
  fs::last_write_time(file, old);  // as `touch -d` would: the ctime still moves
  std::string err;
  EXPECT_EQ(reports(cache(), &err), reports("--no-cache"));
  EXPECT_NE(err.find("1 analysed"), std::string::npos) << err;
}

TEST_F(ScanCache, DamagedTruncatedOrForeignPackIsNotTrusted) {
  const std::string plain = reports("--no-cache");
  reports(cache());
  const fs::path p = pack();
  const std::string bytes = read_file(p);
  ASSERT_GT(bytes.size(), 1000u);
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x20;
  for (const std::string& damaged : {flipped, bytes.substr(0, bytes.size() / 3)}) {
    write_file(p, damaged);
    std::string err;
    EXPECT_EQ(reports(cache(), &err), plain);
    EXPECT_NE(err.find("ignored the damaged cache"), std::string::npos) << err;
    EXPECT_NE(err.find("0 of 28 file(s) from the cache"), std::string::npos) << err;
  }
  // The pack of another tree under this tree's name: a pack of another key, ignored.
  const fs::path other = tmp_ / "other";
  write_file(other / "train.py", "import torch\ntorch.cuda.synchronize()\n");
  const fs::path other_cache = tmp_ / "other-cache";
  ASSERT_EQ(run_cli({"scan", other.string(), "--format", "json", "-o", (tmp_ / "o").string(),
                     "--cache-dir", other_cache.string()})
                .exit_code,
            0);
  fs::path other_pack;
  for (const auto& e : fs::directory_iterator(other_cache))
    if (e.path().extension() == ".pack") other_pack = e.path();  // not its secret
  ASSERT_FALSE(other_pack.empty());
  fs::copy_file(other_pack, p, fs::copy_options::overwrite_existing);
  std::string err;
  EXPECT_EQ(reports(cache(), &err), plain);
  EXPECT_NE(err.find("0 of 28 file(s) from the cache"), std::string::npos) << err;
  EXPECT_EQ(err.find("damaged"), std::string::npos) << err;
}

TEST_F(ScanCache, FolderInsideTheRootOrOpenToOthersIsNotUsed) {
  const std::string plain = reports("--no-cache");
  std::string err;
  EXPECT_EQ(reports(root() / ".ascendify-cache", &err), plain);
  EXPECT_NE(err.find("inside the scanned root; not used"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(root() / ".ascendify-cache"));
  fs::create_directories(cache());
  fs::permissions(cache(), fs::perms::all);
  EXPECT_EQ(reports(cache(), &err), plain);
  EXPECT_NE(err.find("writable by others"), std::string::npos) << err;
  EXPECT_TRUE(fs::is_empty(cache()));
}

// Another build of ascendify (here: a copy, a new file) never reads the entries of this one.
TEST_F(ScanCache, AnotherBuildStartsCold) {
  if (read_file(ASCENDIFY_BINARY).starts_with("#!")) GTEST_SKIP() << "an emulator's wrapper";
  reports(cache());
  const fs::path copy = tmp_ / "ascendify-copy";
  fs::copy_file(ASCENDIFY_BINARY, copy);
  const fs::path err = tmp_ / "copy.err";
  const std::string cmd = shell_quote(copy.string()) + " scan " + shell_quote(root().string()) +
                          " --format json -o " + shell_quote((tmp_ / "o").string()) +
                          " -v --cache-dir " + shell_quote(cache().string()) + " >/dev/null 2>" +
                          shell_quote(err.string());
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  EXPECT_NE(read_file(err).find("cache: 0 of 28 file(s) from the cache"), std::string::npos)
      << read_file(err);
}

// The --rules files are part of the key: an edited one makes every entry stale.
TEST_F(ScanCache, EditedRuleFileStartsCold) {
  const fs::path rules = tmp_ / "extra.yaml";
  write_file(rules, "[]\n");
  auto run = [&](const std::string& out) {
    return run_cli({"scan", root().string(), "--format", "json", "-o", (tmp_ / out).string(), "-v",
                    "--rules", rules.string(), "--cache-dir", cache().string()});
  };
  ASSERT_EQ(run("r1").exit_code, 0);
  const RunResult warm = run("r2");
  EXPECT_NE(warm.err.find("28 of 28 file(s) from the cache"), std::string::npos) << warm.err;
  write_file(rules, "# no rules yet\n[]\n");
  const RunResult edited = run("r3");
  EXPECT_NE(edited.err.find("0 of 28 file(s) from the cache"), std::string::npos) << edited.err;
}

// A scan of one file reads one file: it keeps no cache (a save would drop the folder's other
// files from the pack).
TEST_F(ScanCache, OneFileScanKeepsNoCache) {
  reports(cache());
  const std::string pack_before = read_file(pack());
  const RunResult r = run_cli({"scan", (root() / "train.py").string(), "--format", "json", "-o",
                               (tmp_ / "one").string(), "-v", "--cache-dir", cache().string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("from the cache"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(pack()), pack_before);
  std::string err;
  reports(cache(), &err);
  EXPECT_NE(err.find("28 of 28 file(s) from the cache"), std::string::npos) << err;
}

TEST_F(ScanCache, DefaultFolderAndNoCache) {
  const fs::path xdg = tmp_ / "xdg";
  const auto run = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {"scan", root().string(),      "--format", "json",
                                     "-o",   (tmp_ / "o").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_cli(args, {}, {"XDG_CACHE_HOME=" + xdg.string()});
  };
  ASSERT_EQ(run({"--no-cache"}).exit_code, 0);
  EXPECT_FALSE(fs::exists(xdg));  // --no-cache writes nothing
  ASSERT_EQ(run({}).exit_code, 0);
  size_t packs = 0;
  for (const auto& e : fs::directory_iterator(xdg / "ascendify"))
    packs += e.path().extension() == ".pack";
  EXPECT_EQ(packs, 1u);
  EXPECT_EQ(fs::status(xdg / "ascendify").permissions(), fs::perms::owner_all);
}

}  // namespace
