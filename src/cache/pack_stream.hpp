#pragma once
// A pack's payload as a stream (cache/file_cache.hpp): its entries read through a 1 MiB buffer,
// the frame checked and the payload hashed on the way, and a payload written the same way, so
// neither opening nor saving a pack holds it whole. Read whole into
// memory, a pack (about a sixth of its tree) cost its size in fresh pages: 133 ms of a 540 ms
// warm scan of the speed corpus went to zeroing and faulting in 28 MB, and a 112 MB pack set
// the warm scan's peak at 4x.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "cache/file_cache.hpp"
#include "core/snapshot_io.hpp"

namespace ascendify::cache {

// One entry as the pack records it; its result stays in the file, at `offset`.
struct PackEntry {
  std::string path;
  FileState state;
  uint64_t hash = 0;
  bool trusted = false;
  uint64_t offset = 0;
  uint32_t size = 0;
};

// The bytes of an entry's fields after its path: state, hash, flag and the result's length.
inline constexpr size_t kEntryFixedBytes = 8 * 5 + 1 + 4;
// What one entry takes besides its path and its result (the path's length, then those fields).
inline constexpr size_t kEntryBytes = 4 + kEntryFixedBytes;
// Reads those fields into `e` (all but path and offset), as a pack or a delta holds them.
void read_entry_fields(snapshot::Reader& r, PackEntry& e);

enum class PackRead {
  Ok,
  Stale,       // whole, but of another version or key: silently ignored
  Damaged,     // fails its own checks (truncated, a flipped byte, not a pack)
  Unreadable,  // a read failed
};

// What a delta's payload holds before its entries: the payload hash of the pack it was written
// beside, and the paths gone since.
struct DeltaPrefix {
  uint64_t base_id = 0;
  std::vector<std::string> gone;
};

// Reads the pack or delta open on `fd`: its header must carry `version` and `key`, its payload
// the recorded size and hash; a delta (`prefix` given) begins with a DeltaPrefix. `each` is given
// every entry in file order and returns false to reject one (a path twice); entries already
// given are to be dropped unless the result is Ok. `payload_hash` and `file_size` are those of
// the file read (for Ok).
PackRead read_pack(int fd, uint32_t version, uint64_t key, DeltaPrefix* prefix,
                   const std::function<bool(PackEntry&&)>& each, uint64_t& payload_hash,
                   uint64_t& file_size);

// Writes all of `bytes` to `fd` at its offset; false when it cannot.
bool write_all(int fd, std::string_view bytes);

// The payload of a pack or delta, written to its file as it comes (through a 1 MiB buffer) and
// hashed on the way (snapshot::StreamHash): a save never holds the pack whole. `size` is the
// payload's size, known before the first byte (the hash starts from it).
class PayloadWriter {
 public:
  PayloadWriter(int fd, uint64_t size) : fd_(fd), hash_(size) {}
  void add(std::string_view bytes);
  bool flush();  // false when a write failed, now or before
  uint64_t hash() const { return hash_.value(); }
  uint64_t written() const { return written_; }

 private:
  static constexpr size_t kBuffer = size_t{1} << 20;
  int fd_;
  snapshot::StreamHash hash_;
  std::string held_;
  uint64_t written_ = 0;
  bool ok_ = true;
};

}  // namespace ascendify::cache
