#pragma once
// StringPool: strings interned once for many files. A scan's worker interns the strings of the
// use digests of the files it analysed into its own pool (no lock, no shared cache line), and
// each digest then keeps 4 bytes per string, its pool id, instead of the text (core/facts.hpp,
// UseDigest). On the speed corpus 400,000 per-file strings (8.9 MB) are 110,000 distinct ones.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ascendify {

// A hash for short names, eight bytes at a time (the interners' ids follow insertion order,
// so any hash does).
uint64_t name_hash(std::string_view s);

class StringPool {
 public:
  StringPool();
  // The id of `s`, added if new; id 0 is "". One thread at a time, and not after seal().
  uint32_t intern(std::string_view s);
  // Frees the lookup index: no string is added after this.
  void seal();

  std::string_view str(uint32_t id) const {
    if (id == 0) return {};
    const uint32_t end = ends_[id];
    const uint32_t start = start_of(ends_[id - 1], end);
    return {at(start), end - start};
  }
  uint32_t count() const { return static_cast<uint32_t>(ends_.size()); }

 private:
  // The text lives in blocks of 64 KiB that never move, not in one buffer that doubles: a
  // worker's pool grew to 8 MB of capacity for 4 MB of strings, and each doubling held the old
  // and the new buffer at once (12 MB at a scan's peak on the speed corpus). A string lies in
  // one block, or in blocks of its own when it is longer than a block. Offsets count through
  // the blocks: block b holds offsets [b << kBlockBits, (b + 1) << kBlockBits).
  static constexpr uint32_t kBlockBits = 16;
  static constexpr uint32_t kBlock = uint32_t{1} << kBlockBits;
  static constexpr uint32_t kBlockMask = kBlock - 1;
  // A string ending at `end` after one ending at `prev` starts at `prev` unless that would
  // cross into another block: then it was placed at the next block's start.
  static uint32_t start_of(uint32_t prev, uint32_t end) {
    if (end == prev || (prev >> kBlockBits) == ((end - 1) >> kBlockBits)) return prev;
    return (prev + kBlockMask) & ~kBlockMask;
  }
  // The byte at `offset`: in its block, or in the long string's blocks that hold it.
  char* at(uint32_t offset) const {
    size_t b = offset >> kBlockBits;
    while (!blocks_[b]) --b;
    return blocks_[b].get() + (offset - (b << kBlockBits));
  }
  bool is(uint32_t id, std::string_view s) const { return str(id) == s; }
  void grow();

  // Block b, or null for the blocks after the first of a long string: the first is allocated
  // as long as all of them (whose last may hold more strings after it).
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::vector<uint32_t> ends_;   // string `id` ends at offset ends_[id]
  std::vector<uint32_t> slots_;  // open addressing: ids, 0 = free; at most half full
};

}  // namespace ascendify
