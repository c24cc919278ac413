#pragma once
// StringPool: strings interned once for many files. A scan's worker interns the strings of the
// use digests of the files it analysed into its own pool (no lock, no shared cache line), and
// each digest then keeps 4 bytes per string, its pool id, instead of the text (core/facts.hpp,
// UseDigest). On the speed corpus 400,000 per-file strings (8.9 MB) are 110,000 distinct ones.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ascendify {

// A hash for short names, eight bytes at a time (the interners' ids follow insertion order,
// so any hash does).
uint64_t name_hash(std::string_view s);

class StringPool {
 public:
  // The id of `s`, added if new; id 0 is "". One thread at a time, and not after seal().
  uint32_t intern(std::string_view s);
  // Frees the lookup index and the growth slack: no string is added after this.
  void seal();

  std::string_view str(uint32_t id) const {
    return std::string_view(text_).substr(starts_[id], starts_[id + 1] - starts_[id]);
  }
  uint32_t count() const { return static_cast<uint32_t>(starts_.size() - 1); }

 private:
  bool is(uint32_t id, std::string_view s) const;
  void grow();

  std::string text_;
  std::vector<uint32_t> starts_{0, 0};  // string `id` is text_[starts_[id], starts_[id + 1])
  std::vector<uint32_t> slots_;         // open addressing: ids, 0 = free; at most half full
};

}  // namespace ascendify
