#pragma once
// SipHash-2-4 (Aumasson & Bernstein, 2012): a keyed 64-bit hash. Unlike hash_bytes
// (core/snapshot_io.hpp), which only detects damage, nobody without the 128-bit key can make
// two inputs hash alike: the incremental cache keys file contents with it (a scanned tree is
// not trusted: a crafted file must not pass for a cached one).
#include <array>
#include <cstdint>
#include <string_view>

namespace ascendify {

using SipKey = std::array<uint64_t, 2>;

uint64_t siphash24(const SipKey& key, std::string_view data);

}  // namespace ascendify
