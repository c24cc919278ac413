#pragma once
// One copy of each name for the whole process. The use digests of a tree's files (core/facts.hpp
// UseDigest) name the same things over and over: "torch.cuda.is_available", "self", "Model.
// forward" recur in thousands of files. Each digest keeps its own dense ids (assess memoises per
// file by id) and maps them to ids of this pool, which holds the text.
//
// Append-only: an id, and the view it gives, stay valid until the process exits. The pool grows
// with the distinct strings ever interned, not with the files (a long-running editor server
// re-analysing a file interns nothing new unless its names are new).
#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

namespace ascendify {

class StringPool {
 public:
  static constexpr uint32_t kEmpty = 0;  // the id of ""

  // The pool every digest uses.
  static StringPool& process() { return *process_pool_; }

  StringPool();
  StringPool(const StringPool&) = delete;
  StringPool& operator=(const StringPool&) = delete;
  ~StringPool();

  // The id of `s`, the same for equal strings. Any thread.
  uint32_t intern(std::string_view s) { return intern(s, hash(s)); }
  // The same, when the caller has hash(s) already.
  uint32_t intern(std::string_view s, uint64_t hash_of_s);
  // The text of an id intern() returned. Any thread, without a lock: a string's bytes and its
  // entry are written before intern() returns its id, and never again.
  std::string_view view(uint32_t id) const {
    const Shard& sh = shards_[id & kShardMask];
    const uint32_t i = id >> kShardBits;
    const char* p = sh.chunks[i >> kChunkBits][i & kChunkMask];
    uint32_t n;
    __builtin_memcpy(&n, p, sizeof n);
    return {p + sizeof n, n};
  }

  // A fast hash for short names, eight bytes at a time.
  static uint64_t hash(std::string_view s);

 private:
  // Shards keep threads that intern at once off each other's lock; an id's low bits are its
  // shard, the rest its index there.
  static constexpr unsigned kShardBits = 4;
  static constexpr uint32_t kShardMask = (1u << kShardBits) - 1;
  // Entries (a pointer to a length-prefixed string) in fixed chunks that never move, so view()
  // needs no lock while another thread appends.
  static constexpr unsigned kChunkBits = 12;
  static constexpr uint32_t kChunkMask = (1u << kChunkBits) - 1;
  // 2^22 strings per shard, 2^26 in all: far more names than a tree whose scan fits in memory
  // has (a 216 MB corpus has 120k distinct ones).
  static constexpr size_t kMaxChunks = 1024;
  static constexpr size_t kBlockBytes = 64 * 1024;  // text block: at most one partly used per shard

  struct Shard {
    std::mutex mu;
    uint32_t size = 0;            // entries
    std::vector<uint32_t> slots;  // open addressing: index + 1, 0 = free; at most half full
    std::array<const char**, kMaxChunks> chunks{};
    std::vector<std::unique_ptr<const char*[]>> owned_chunks;
    std::vector<std::unique_ptr<char[]>> blocks;  // the text, length-prefixed
    size_t block_used = kBlockBytes;
    size_t block_size = kBlockBytes;
  };

  uint32_t add(Shard& sh, std::string_view s);
  std::string_view at(const Shard& sh, uint32_t index) const {
    return view(index << kShardBits | static_cast<uint32_t>(&sh - shards_.get()));
  }

  std::unique_ptr<Shard[]> shards_;
  static StringPool* const process_pool_;  // never destroyed: digests live until exit
};

}  // namespace ascendify
