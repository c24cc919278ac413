#pragma once
// Byte-level form of the build-time snapshots (rules/snapshot_*.cpp, assess/model_snapshot_*.cpp):
// a little-endian writer and a bounds-checked reader, and the frame around a payload
//   "ASCSNAP\0" | u32 format version | u32 0 (reserved) | u64 source hash | u64 payload size |
//   u64 payload hash | payload
// A reader never reads past its input: a short or inconsistent input makes ok() false and every
// further read return a zero value. Not a file format for users: it lives only inside the binary.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/packed_names.hpp"

namespace ascendify::snapshot {

// 64-bit hash of `data` (8 bytes per step; not cryptographic: it detects corruption and stale
// snapshots, nothing else).
uint64_t hash_bytes(std::string_view data, uint64_t seed = 0);

// hash_bytes of data given in pieces, its size known before the first: a writer that streams a
// payload to a file (cache/file_cache.cpp) hashes it without holding it whole.
class StreamHash {
 public:
  explicit StreamHash(uint64_t size, uint64_t seed = 0);
  void add(std::string_view piece);
  uint64_t value() const;  // hash_bytes(the pieces, back to back, seed)

 private:
  uint64_t h_;
  uint64_t pending_ = 0;  // the bytes of an unfinished 8-byte word, little-endian
  unsigned pending_bytes_ = 0;
};

class Writer {
 public:
  void u8(uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void u32(uint32_t v);
  void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
  void u64(uint64_t v);
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  void f64(double v);
  void str(std::string_view s);
  void raw(std::string_view s) { out_.append(s); }  // bytes without a length
  void reserve(size_t n) { out_.reserve(n); }
  void strings(const std::vector<std::string>& list);
  void packed_strings(const PackedNames& list);  // the bytes strings() writes for its names
  const std::string& bytes() const { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  uint8_t u8();
  uint32_t u32();
  int32_t i32() { return static_cast<int32_t>(u32()); }
  uint64_t u64();
  int64_t i64() { return static_cast<int64_t>(u64()); }
  double f64();
  std::string str();
  std::vector<std::string> strings();
  PackedNames packed_strings();  // strings() read into one buffer
  // A count of items each at least `min_item_bytes` long: more than the remaining input can
  // hold fails the reader (a corrupt count never makes a huge allocation).
  uint32_t count(size_t min_item_bytes);
  // An enum stored as one byte, below `limit`; anything else fails the reader.
  template <typename E>
  E enumerator(uint8_t limit) {
    const uint8_t v = u8();
    if (v >= limit) fail();
    return static_cast<E>(ok_ ? v : 0);
  }
  void fail() { ok_ = false; }
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == in_.size(); }
  size_t remaining() const { return ok_ ? in_.size() - pos_ : 0; }
  // `n` bytes as a view of the input (empty after a failure).
  std::string_view bytes(size_t n);

 private:
  bool take(size_t n, const char*& p);
  std::string_view in_;
  size_t pos_ = 0;
  bool ok_ = true;
};

// The payload behind a header: `version` and `source_hash` as given, size and hash of `payload`.
std::string frame(std::string_view payload, uint32_t version, uint64_t source_hash);
// The header alone (frame = header + payload), for a writer that does not copy the payload.
std::string frame_header(std::string_view payload, uint32_t version, uint64_t source_hash);
// The header of a payload of `size` bytes hashing to `hash` (StreamHash), for a writer that
// never holds the payload whole.
std::string frame_header(uint64_t size, uint64_t hash, uint32_t version, uint64_t source_hash);
// The size of a header.
inline constexpr size_t kFrameHeaderBytes = 8 + 4 + 4 + 8 + 8 + 8;
// The payload of `blob` when its header has the magic, `version` and `source_hash`, and the
// payload has the recorded size and hash; nullopt otherwise (empty, truncated, stale, corrupt).
std::optional<std::string_view> unframe(std::string_view blob, uint32_t version,
                                        uint64_t source_hash);

}  // namespace ascendify::snapshot
