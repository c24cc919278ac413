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
// ago are deleted (a pack is about a third of its tree's size: 55 MB for 157 MB of sources).
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

  struct Recorded {
    uint64_t hash = 0;      // of the file's content
    std::string_view blob;  // its result, encoded (facts_codec.hpp)
  };
  // The recorded result of `rel_path` when its state proves it unchanged.
  std::optional<Recorded> unchanged(const std::string& rel_path, const FileState& state) const;
  // The recorded result of `rel_path` when its content hash is the recorded one.
  std::optional<Recorded> same_content(const std::string& rel_path, uint64_t hash) const;

  // Records the result of a file of this scan (thread-safe): `blob` is its encoding, a view
  // into this cache (from unchanged / same_content) or a new string.
  void keep(const std::string& rel_path, const FileState& state, uint64_t hash,
            std::string_view blob);
  void put(const std::string& rel_path, const FileState& state, uint64_t hash, std::string blob);

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
  struct Entry {
    FileState state;
    uint64_t hash = 0;
    bool trusted = false;   // the state may decide alone (see the header comment)
    std::string_view blob;  // into pack_text_ or owned_
  };
  std::string write();
  static bool same_entry(const Entry& a, const Entry& b);
  static void write_entries(snapshot::Writer& w,
                            const std::vector<const std::pair<const std::string, Entry>*>& list);
  std::filesystem::path pack_, delta_;
  uint64_t key_ = 0;
  std::array<uint64_t, 2> secret_{};  // of the folder (file `secret`): the content hash's key
  int64_t started_ns_ = 0;  // when this scan began: what makes a new entry's state trusted
  std::string pack_text_, delta_text_;
  std::unordered_map<std::string, Entry> base_;  // the pack's entries
  uint64_t base_id_ = 0;                         // the hash of its payload
  size_t base_bytes_ = 0;                        // its size (0: no pack)
  std::unordered_map<std::string, Entry> old_;   // the pack's with the delta's applied
  std::mutex mu_;
  std::unordered_map<std::string, Entry> now_;
  std::vector<std::unique_ptr<std::string>> owned_;
  size_t reused_ = 0, analysed_ = 0;
  uint64_t inputs_ = 0;
  bool changed_ = false;  // an entry differs from the pack read
};

}  // namespace ascendify::cache
