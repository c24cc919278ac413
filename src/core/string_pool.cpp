#include "core/string_pool.hpp"

#include <cstring>
#include <stdexcept>

namespace ascendify {

namespace {

// The n bytes at p (1 <= n <= 8) in one word, some read twice: no byte-count-sized copy.
uint64_t short_word(const char* p, size_t n) {
  if (n >= 4) {
    uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + n - 4, 4);
    return uint64_t{a} << 32 | b;
  }
  const auto byte = [&](size_t i) { return uint64_t{static_cast<unsigned char>(p[i])}; };
  return byte(0) << 16 | byte(n / 2) << 8 | byte(n - 1);
}

}  // namespace

uint64_t StringPool::hash(std::string_view s) {
  uint64_t h = s.size() * 0x9E3779B97F4A7C15ULL;
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 31;
  }
  if (i < s.size()) h = (h ^ short_word(s.data() + i, s.size() - i)) * 0xBF58476D1CE4E5B9ULL;
  h *= 0x94D049BB133111EBULL;
  return h ^ (h >> 32);
}

StringPool* const StringPool::process_pool_ = new StringPool();

StringPool::StringPool() : shards_(std::make_unique<Shard[]>(size_t{1} << kShardBits)) {
  // "" first, in shard 0 at index 0: id 0 (kEmpty).
  std::lock_guard<std::mutex> lock(shards_[0].mu);
  add(shards_[0], {});
}

StringPool::~StringPool() = default;

uint32_t StringPool::intern(std::string_view s, uint64_t h) {
  if (s.empty()) return kEmpty;
  Shard& sh = shards_[h >> (64 - kShardBits)];  // the top bits; the table uses the low ones
  std::lock_guard<std::mutex> lock(sh.mu);
  if (2 * (sh.size + 1) > sh.slots.size()) {  // keep the table at most half full
    std::vector<uint32_t> grown(sh.slots.empty() ? 1024 : 2 * sh.slots.size(), 0);
    const size_t mask = grown.size() - 1;
    for (uint32_t slot : sh.slots) {
      if (!slot) continue;
      size_t i = hash(at(sh, slot - 1)) & mask;
      while (grown[i]) i = (i + 1) & mask;
      grown[i] = slot;
    }
    sh.slots.swap(grown);
  }
  const size_t mask = sh.slots.size() - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    const uint32_t slot = sh.slots[i];
    if (!slot) {
      const uint32_t index = add(sh, s);
      sh.slots[i] = index + 1;
      return index << kShardBits | static_cast<uint32_t>(&sh - shards_.get());
    }
    if (at(sh, slot - 1) == s)
      return (slot - 1) << kShardBits | static_cast<uint32_t>(&sh - shards_.get());
  }
}

// Appends `s` to the shard (its lock held) and returns its index there.
uint32_t StringPool::add(Shard& sh, std::string_view s) {
  const uint32_t index = sh.size;
  const size_t chunk = index >> kChunkBits;
  if (chunk >= kMaxChunks)
    throw std::length_error("ascendify: more distinct names than the string pool holds");
  if (!sh.chunks[chunk]) {
    sh.owned_chunks.push_back(
        std::make_unique_for_overwrite<const char*[]>(size_t{1} << kChunkBits));
    sh.chunks[chunk] = sh.owned_chunks.back().get();
  }
  const uint32_t n = static_cast<uint32_t>(s.size());
  const size_t need = sizeof n + s.size();
  if (sh.block_used + need > sh.block_size) {
    sh.block_size = std::max(kBlockBytes, need);
    sh.blocks.push_back(std::make_unique_for_overwrite<char[]>(sh.block_size));
    sh.block_used = 0;
  }
  char* p = sh.blocks.back().get() + sh.block_used;
  std::memcpy(p, &n, sizeof n);
  if (n) std::memcpy(p + sizeof n, s.data(), s.size());
  sh.block_used += need;
  sh.chunks[chunk][index & kChunkMask] = p;
  ++sh.size;
  return index;
}

}  // namespace ascendify
