#include "cache/pack_stream.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <string_view>

#include "core/snapshot_io.hpp"

namespace ascendify::cache {

namespace {

// The payload of a framed file, read front to back through one buffer and hashed as it is read
// (snapshot::StreamHash: the hash the frame records).
class Payload {
 public:
  static constexpr size_t kChunk = size_t{1} << 20;
  Payload(int fd, uint64_t size) : fd_(fd), left_(size), hash_(size) { buffer_.resize(kChunk); }

  // The next `n` bytes (n <= kChunk), valid until the next call; nullptr past the payload's
  // end or when a read fails (failed()).
  const char* take(size_t n) {
    if (n > kChunk || (end_ - pos_ < n && !refill(n))) return nullptr;
    const char* p = buffer_.data() + pos_;
    pos_ += n;
    return p;
  }
  bool skip(uint64_t n) {
    while (n > 0) {
      if (pos_ == end_ && !refill(1)) return false;
      const size_t step = static_cast<size_t>(std::min<uint64_t>(n, end_ - pos_));
      pos_ += step;
      n -= step;
    }
    return true;
  }
  uint64_t offset() const { return next_ - (end_ - pos_); }  // in the file, of the next byte
  bool at_end() const { return left_ == 0 && pos_ == end_; }
  uint64_t hash() const { return hash_.value(); }
  bool failed() const { return failed_; }

 private:
  // Keeps the unread bytes and reads after them until `need` are there (false if the payload
  // ends first or a read fails).
  bool refill(size_t need) {
    const size_t kept = end_ - pos_;
    std::memmove(buffer_.data(), buffer_.data() + pos_, kept);
    pos_ = 0;
    end_ = kept;
    while (end_ < need && left_ > 0) {
      const size_t want = static_cast<size_t>(std::min<uint64_t>(kChunk - end_, left_));
      const ssize_t got = ::pread(fd_, buffer_.data() + end_, want, static_cast<off_t>(next_));
      if (got <= 0) {
        failed_ = true;
        return false;
      }
      hash_.add(std::string_view(buffer_.data() + end_, static_cast<size_t>(got)));
      end_ += static_cast<size_t>(got);
      next_ += static_cast<uint64_t>(got);
      left_ -= static_cast<uint64_t>(got);
    }
    return end_ >= need;
  }

  int fd_;
  uint64_t next_ = snapshot::kFrameHeaderBytes;  // the file offset of the next read
  uint64_t left_;                                // payload bytes not read yet
  snapshot::StreamHash hash_;
  std::string buffer_;
  size_t pos_ = 0, end_ = 0;
  bool failed_ = false;
};

}  // namespace

void read_entry_fields(snapshot::Reader& r, PackEntry& e) {
  e.state.size = r.u64();
  e.state.mtime_ns = r.i64();
  e.state.ctime_ns = r.i64();
  e.state.inode = r.u64();
  e.hash = r.u64();
  e.trusted = r.u8() == 1;
  e.size = r.u32();
}

PackRead read_pack(int fd, uint32_t version, uint64_t key, DeltaPrefix* prefix,
                   const std::function<bool(PackEntry&&)>& each, uint64_t& payload_hash,
                   uint64_t& file_size) {
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return PackRead::Unreadable;
  file_size = static_cast<uint64_t>(st.st_size);
  char h[snapshot::kFrameHeaderBytes];
  if (file_size < sizeof h) return PackRead::Damaged;
  if (::pread(fd, h, sizeof h, 0) != static_cast<ssize_t>(sizeof h)) return PackRead::Unreadable;
  if (std::memcmp(h, "ASCSNAP\0", 8) != 0) return PackRead::Damaged;
  snapshot::Reader header(std::string_view(h + 8, sizeof h - 8));
  const uint32_t recorded_version = header.u32(), reserved = header.u32();
  const uint64_t recorded_key = header.u64(), size = header.u64(), recorded_hash = header.u64();
  // Another version of the layout is stale whatever it holds.
  if (recorded_version != version) return PackRead::Stale;
  if (reserved != 0 || size != file_size - sizeof h) return PackRead::Damaged;
  Payload p(fd, size);
  const auto broken = [&] { return p.failed() ? PackRead::Unreadable : PackRead::Damaged; };
  // Another build's, rules' or root's pack is stale when it is whole, damaged otherwise.
  if (recorded_key != key) {
    if (!p.skip(size)) return broken();
    return p.hash() == recorded_hash ? PackRead::Stale : PackRead::Damaged;
  }
  const char* c = nullptr;
  const auto take_u32 = [&](uint32_t& v) {
    if (!(c = p.take(4))) return false;
    v = snapshot::Reader(std::string_view(c, 4)).u32();
    return true;
  };
  // A path: its length, then its bytes.
  const auto take_path = [&](std::string& path) {
    uint32_t n = 0;
    if (!take_u32(n) || !(c = p.take(n))) return false;
    path.assign(c, n);
    return true;
  };
  if (prefix) {
    if (!(c = p.take(8))) return broken();
    prefix->base_id = snapshot::Reader(std::string_view(c, 8)).u64();
    uint32_t gone = 0;
    if (!take_u32(gone)) return broken();
    if (gone > size / 4) return PackRead::Damaged;
    prefix->gone.resize(gone);
    for (std::string& path : prefix->gone)
      if (!take_path(path)) return broken();
  }
  uint32_t count = 0;
  if (!take_u32(count)) return broken();
  if (count > size / kEntryBytes) return PackRead::Damaged;
  for (uint32_t i = 0; i < count; ++i) {
    PackEntry e;
    if (!take_path(e.path)) return broken();
    if (!(c = p.take(kEntryFixedBytes))) return broken();
    snapshot::Reader r(std::string_view(c, kEntryFixedBytes));
    read_entry_fields(r, e);
    e.offset = p.offset();
    if (!p.skip(e.size)) return broken();
    if (!each(std::move(e))) return PackRead::Damaged;
  }
  if (!p.at_end() || p.hash() != recorded_hash) return PackRead::Damaged;
  payload_hash = recorded_hash;
  return PackRead::Ok;
}

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

void PayloadWriter::add(std::string_view bytes) {
  hash_.add(bytes);
  written_ += bytes.size();
  if (held_.size() + bytes.size() > kBuffer) flush();
  if (bytes.size() >= kBuffer)
    ok_ = ok_ && write_all(fd_, bytes);
  else
    held_.append(bytes);
}

bool PayloadWriter::flush() {
  ok_ = ok_ && write_all(fd_, held_);
  held_.clear();
  return ok_;
}

}  // namespace ascendify::cache
