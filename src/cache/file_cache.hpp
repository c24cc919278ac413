#pragma once
// The incremental cache of `ascendify scan`: each file's result (facts_codec.hpp) from the last
// scan of the same root, by the same build, rules and options, in one pack file per root in a
// cache folder outside the scanned root.
//
// A file is taken from the pack when its stat (size, mtime, ctime, inode) equals the recorded
// one and was recorded at least two seconds after the file's mtime (a change within the
// timestamp's granularity of the read could otherwise hide), or else when its content hashes to
// the recorded hash; otherwise it is analysed again. The pack is checked whole (magic, version,
// key, size, hash) and each entry again when decoded; anything wrong and it is ignored.
#include <sys/types.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/snapshot_io.hpp"

namespace ascendify::cache {

// Bump when the pack's layout changes. A delta (the entries that changed since its pack was
// written, and the paths gone) has a version of its own.
inline constexpr uint32_t kPackVersion = 1;
inline constexpr uint32_t kDeltaVersion = 0x10001;
// A save writes a delta while the changed entries are at most 1/kDeltaShare of the pack, else
// a new pack (and no delta).
inline constexpr size_t kDeltaShare = 8;
// The packs of a cache folder together stay below this: after a save, the packs used longest
// ago are deleted (a pack is about a sixth of its tree's size: 28 MB for 216 MB of sources).
inline constexpr uintmax_t kMaxCacheBytes = 1ull << 30;

// What stat says of a file; a change of any field makes the content hash decide.
struct FileState {
  uint64_t size = 0;
  int64_t mtime_ns = 0;
  int64_t ctime_ns = 0;
  uint64_t inode = 0;
  bool operator==(const FileState&) const = default;
};

std::optional<FileState> stat_file(const std::string& path);

// The default folder: $XDG_CACHE_HOME/ascendify, else $HOME/.cache/ascendify; "" when neither
// is set.
std::filesystem::path default_dir();

// Keeps the packs of `dir` under `max_bytes` together: those used longest ago go first, never
// `keep` (the one just written); temporary files of scans that died go after an hour.
void prune(const std::filesystem::path& dir, const std::filesystem::path& keep,
           uintmax_t max_bytes);

// An open file descriptor, closed with its holder.
class FileHandle {
 public:
  FileHandle() = default;
  explicit FileHandle(int fd) : fd_(fd) {}
  FileHandle(const FileHandle&) = delete;
  FileHandle& operator=(const FileHandle&) = delete;
  FileHandle& operator=(FileHandle&& other) noexcept;
  ~FileHandle();
  int fd() const { return fd_; }
  bool close();  // false when close(2) reports an error (a write that did not land)

 private:
  int fd_ = -1;
};

class FileCache {
 public:
  // The pack of `root` in `dir` for scans identified by `key` (build, rules, options). A
  // missing pack is an empty cache; a pack that fails a check is ignored and `note` says why.
  // nullptr (and `note`) when `dir` cannot be used: it lies inside the root, it cannot be
  // created, or it is not a private folder of this user (group or world writable, another
  // owner): a cache others can write could feed a scan false findings.
  static std::unique_ptr<FileCache> open(const std::filesystem::path& dir,
                                         const std::filesystem::path& root, uint64_t key,
                                         std::string& note);

  // The hash a file's content is recorded by: keyed with the folder's secret (a file crafted
  // to hash like a cached one would otherwise take over its entry).
  uint64_t content_hash(std::string_view text) const;

  // Where a recorded result's bytes lie: in the pack, in the delta beside it, or in this
  // scan's spill file (what put() recorded). The cache holds no result in memory: a pack is
  // about a sixth of its tree (112 MB for an 864 MB tree), held it would add that to the peak.
  struct Where {
    uint64_t offset = 0;
    uint32_t size = 0;
    uint8_t file = 0;  // kPackFile, kDeltaFile, kSpillFile
    bool operator==(const Where&) const = default;
  };
  struct Recorded {
    uint64_t hash = 0;  // of the file's content
    Where blob;         // its result, encoded (facts_codec.hpp)
  };
  // The recorded result of `rel_path` when its state proves it unchanged.
  std::optional<Recorded> unchanged(const std::string& rel_path, const FileState& state) const;
  // The recorded result of `rel_path` when its content hash is the recorded one.
  std::optional<Recorded> same_content(const std::string& rel_path, uint64_t hash) const;
  // The bytes of a recorded result, read into `buffer`; nullopt when they cannot be read (the
  // scan then analyses the file). Thread-safe between open() and save() for what unchanged() and
  // same_content() return; save() closes the files.
  std::optional<std::string_view> bytes(const Where& blob, std::string& buffer) const;

  // Records the result of a file of this scan (thread-safe): `keep` one taken from the cache,
  // `put` a new one (its bytes go to the spill file at once, not to memory).
  void keep(const std::string& rel_path, const FileState& state, const Recorded& recorded);
  void put(const std::string& rel_path, const FileState& state, uint64_t hash,
           std::string_view blob);

  // Writes what this scan recorded, unless it equals what was read: the entries that differ
  // from the pack as a delta beside it while they are few, else a new pack (each atomically:
  // a temporary file, then a rename). "" or why it could not. The cache holds nothing after
  // it (unchanged / same_content find nothing).
  std::string save();

  // What the caller's key was made of besides the build (the --rules files' hash), to check
  // before saving that it still holds.
  void set_inputs(uint64_t hash) { inputs_ = hash; }
  uint64_t inputs() const { return inputs_; }

  // For --verbose and the tests.
  size_t reused() const { return reused_; }
  size_t analysed() const { return analysed_; }
  const std::filesystem::path& pack_path() const { return pack_; }

 private:
  static constexpr uint8_t kPackFile = 0, kDeltaFile = 1, kSpillFile = 2;
  struct Entry {
    FileState state;
    uint64_t hash = 0;
    bool trusted = false;  // the state may decide alone (see the header comment)
    Where blob;
  };
  using Listed = std::pair<const std::string, Entry>;
  FileCache() = default;
  std::string write();
  // Writes `prefix` and `list`'s entries, framed, to `path` atomically (a temporary file in
  // its folder, then a rename); "" or why not.
  std::string write_framed(const std::filesystem::path& path, uint32_t version,
                           std::string_view prefix, const std::vector<const Listed*>& list);
  bool spill_open();
  static bool same_entry(const Entry& a, const Entry& b);
  std::filesystem::path pack_, delta_;
  uint64_t key_ = 0;
  std::array<uint64_t, 2> secret_{};  // of the folder (file `secret`): the content hash's key
  int64_t started_ns_ = 0;  // when this scan began: what makes a new entry's state trusted
  // The files a Where points into (-1: none): the pack and the delta as read (their bytes
  // stay on disk), and the spill file, made at the first put() and unlinked at once.
  std::array<FileHandle, 3> files_;
  std::once_flag spill_made_;
  std::atomic<uint64_t> spill_end_{0};
  std::atomic<bool> spill_failed_{false};
  std::unordered_map<std::string, Entry> base_;  // the pack's entries
  uint64_t base_id_ = 0;                         // the hash of its payload
  size_t base_bytes_ = 0;                        // its size (0: no pack)
  std::unordered_map<std::string, Entry> old_;   // the pack's with the delta's applied
  std::mutex mu_;
  std::unordered_map<std::string, Entry> now_;
  size_t reused_ = 0, analysed_ = 0;
  uint64_t inputs_ = 0;
  bool changed_ = false;  // an entry differs from the pack read
};

}  // namespace ascendify::cache
