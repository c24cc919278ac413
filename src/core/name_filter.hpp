#pragma once
// A 64K-bit set over a cheap hash of a name's length and three of its bytes: answers "surely
// not in the set" for most names without hashing them in full. Used before the hash lookups
// that most names miss (rule names per fact, kernel names per reference). False positives only.
#include <cstdint>
#include <string_view>
#include <vector>

namespace ascendify {

class NameFilter {
 public:
  void add(std::string_view s) { bits_[slot(s) >> 6] |= uint64_t{1} << (slot(s) & 63); }
  bool may_contain(std::string_view s) const { return bits_[slot(s) >> 6] >> (slot(s) & 63) & 1; }

 private:
  static uint32_t slot(std::string_view s) {
    if (s.empty()) return 0;
    const auto b = [&](size_t i) {
      return static_cast<uint32_t>(static_cast<unsigned char>(s[i]));
    };
    uint32_t h = static_cast<uint32_t>(s.size()) * 0x9E3779B1u;
    h ^= b(0) * 0x85EBCA77u ^ b(s.size() - 1) * 0xC2B2AE3Du ^ b(s.size() / 2) * 0x27D4EB2Fu;
    return (h ^ (h >> 16)) & 0xFFFF;
  }
  std::vector<uint64_t> bits_ = std::vector<uint64_t>(1024, 0);
};

}  // namespace ascendify
