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

bool StringPool::is(uint32_t id, std::string_view s) const {
  const uint32_t b = starts_[id];
  return starts_[id + 1] - b == s.size() && std::memcmp(text_.data() + b, s.data(), s.size()) == 0;
}

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
      text_ += s;
      starts_.push_back(static_cast<uint32_t>(text_.size()));
      return slots_[i] = count() - 1;
    }
    if (is(id, s)) return id;
  }
}

void StringPool::seal() {
  std::vector<uint32_t>().swap(slots_);
  text_.shrink_to_fit();
  starts_.shrink_to_fit();
}

}  // namespace ascendify
