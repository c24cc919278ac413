#include "core/snapshot_io.hpp"

#include <cstring>

namespace ascendify::snapshot {

namespace {

constexpr std::string_view kMagic{"ASCSNAP\0", 8};
constexpr size_t kHeaderSize = kFrameHeaderBytes;
constexpr uint64_t kGolden = 0x9e3779b97f4a7c15ULL;

uint64_t mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

void put64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint64_t get64(const char* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

uint32_t get32(const char* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}

}  // namespace

StreamHash::StreamHash(uint64_t size, uint64_t seed) : h_(mix(seed ^ kGolden ^ size)) {}

void StreamHash::add(std::string_view piece) {
  const char* p = piece.data();
  size_t n = piece.size();
  // Finish the word a previous piece began.
  while (pending_bytes_ && n) {
    pending_ |= static_cast<uint64_t>(static_cast<unsigned char>(*p++)) << (8 * pending_bytes_);
    --n;
    if (++pending_bytes_ == 8) {
      h_ = (h_ ^ pending_) * kGolden;
      h_ ^= h_ >> 29;
      pending_ = 0;
      pending_bytes_ = 0;
    }
  }
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h_ = (h_ ^ w) * kGolden;
    h_ ^= h_ >> 29;
  }
  for (size_t k = 0; k < n; ++k)
    pending_ |= static_cast<uint64_t>(static_cast<unsigned char>(p[k])) << (8 * pending_bytes_++);
}

uint64_t StreamHash::value() const {
  return mix(h_ ^ pending_);
}

uint64_t hash_bytes(std::string_view data, uint64_t seed) {
  StreamHash h(data.size(), seed);
  h.add(data);
  return h.value();
}

void Writer::u32(uint32_t v) {
  for (int i = 0; i < 4; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

void Writer::u64(uint64_t v) {
  put64(out_, v);
}

void Writer::f64(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, 8);
  put64(out_, bits);
}

void Writer::str(std::string_view s) {
  u32(static_cast<uint32_t>(s.size()));
  out_.append(s);
}

void Writer::strings(const std::vector<std::string>& list) {
  u32(static_cast<uint32_t>(list.size()));
  for (const auto& s : list) str(s);
}

void Writer::packed_strings(const PackedNames& list) {
  u32(static_cast<uint32_t>(list.size()));
  for (std::string_view s : list) str(s);
}

bool Reader::take(size_t n, const char*& p) {
  if (!ok_ || in_.size() - pos_ < n) {
    ok_ = false;
    return false;
  }
  p = in_.data() + pos_;
  pos_ += n;
  return true;
}

uint8_t Reader::u8() {
  const char* p;
  return take(1, p) ? static_cast<uint8_t>(*p) : 0;
}

uint32_t Reader::u32() {
  const char* p;
  return take(4, p) ? get32(p) : 0;
}

uint64_t Reader::u64() {
  const char* p;
  return take(8, p) ? get64(p) : 0;
}

std::string_view Reader::bytes(size_t n) {
  const char* p;
  return take(n, p) ? std::string_view(p, n) : std::string_view();
}

double Reader::f64() {
  const char* p;
  if (!take(8, p)) return 0;
  const uint64_t bits = get64(p);
  double v;
  std::memcpy(&v, &bits, 8);
  return v;
}

std::string Reader::str() {
  const uint32_t n = u32();
  const char* p;
  return take(n, p) ? std::string(p, n) : std::string();
}

uint32_t Reader::count(size_t min_item_bytes) {
  const uint32_t n = u32();
  if (ok_ && min_item_bytes && n > (in_.size() - pos_) / min_item_bytes) ok_ = false;
  return ok_ ? n : 0;
}

std::vector<std::string> Reader::strings() {
  std::vector<std::string> out(count(4));
  for (auto& s : out) s = str();
  return out;
}

PackedNames Reader::packed_strings() {
  PackedNames out;
  for (uint32_t n = count(4); n > 0 && ok_; --n) {
    const uint32_t size = u32();
    const char* p;
    if (take(size, p)) out.push_back(std::string_view(p, size));
  }
  out.shrink_to_fit();
  return out;
}

std::string frame_header(uint64_t size, uint64_t hash, uint32_t version, uint64_t source_hash) {
  std::string out(kMagic);
  for (uint32_t v : {version, 0u})
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  put64(out, source_hash);
  put64(out, size);
  put64(out, hash);
  return out;
}

std::string frame_header(std::string_view payload, uint32_t version, uint64_t source_hash) {
  return frame_header(payload.size(), hash_bytes(payload), version, source_hash);
}

std::string frame(std::string_view payload, uint32_t version, uint64_t source_hash) {
  std::string out = frame_header(payload, version, source_hash);
  out.append(payload);
  return out;
}

std::optional<std::string_view> unframe(std::string_view blob, uint32_t version,
                                        uint64_t source_hash) {
  if (blob.size() < kHeaderSize || blob.substr(0, 8) != kMagic) return std::nullopt;
  const char* h = blob.data();
  if (get32(h + 8) != version || get32(h + 12) != 0 || get64(h + 16) != source_hash)
    return std::nullopt;
  const std::string_view payload = blob.substr(kHeaderSize);
  if (get64(h + 24) != payload.size() || get64(h + 32) != hash_bytes(payload)) return std::nullopt;
  return payload;
}

}  // namespace ascendify::snapshot
