#include "core/string_pool.hpp"

#include <cstring>

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

uint64_t name_hash(std::string_view s) {
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

StringPool::StringPool() : ends_{0} {}

void StringPool::grow() {
  std::vector<uint32_t> slots(slots_.empty() ? 1024 : 2 * slots_.size(), 0);
  const size_t mask = slots.size() - 1;
  for (uint32_t id = 1; id < count(); ++id) {
    size_t i = name_hash(str(id)) & mask;
    while (slots[i]) i = (i + 1) & mask;
    slots[i] = id;
  }
  slots_.swap(slots);
}

uint32_t StringPool::intern(std::string_view s) {
  if (s.empty()) return 0;
  if (2 * (size_t{count()} + 1) > slots_.size()) grow();
  const size_t mask = slots_.size() - 1;
  for (size_t i = name_hash(s) & mask;; i = (i + 1) & mask) {
    const uint32_t id = slots_[i];
    if (id == 0) {
      const uint32_t prev = ends_.back();
      const uint32_t size = static_cast<uint32_t>(s.size());
      uint32_t start = prev;
      // The last block is full (or there is none), or `s` does not fit in what is left of it:
      // new blocks, one unless `s` is longer.
      if ((prev & kBlockMask) == 0 || (prev & kBlockMask) + size > kBlock) {
        start = (prev + kBlockMask) & ~kBlockMask;
        const uint32_t blocks = (size + kBlockMask) >> kBlockBits;
        blocks_.push_back(std::make_unique<char[]>(size_t{blocks} << kBlockBits));
        blocks_.resize(blocks_.size() + blocks - 1);  // the rest of a long string's blocks
      }
      std::memcpy(at(start), s.data(), size);
      ends_.push_back(start + size);
      return slots_[i] = count() - 1;
    }
    if (is(id, s)) return id;
  }
}

void StringPool::seal() {
  std::vector<uint32_t>().swap(slots_);
  ends_.shrink_to_fit();
}

}  // namespace ascendify
