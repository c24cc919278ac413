#pragma once
// LEB128 unsigned varints (7 bits a byte, low bits first; the high bit says "more follows") and
// the zigzag map of signed 32-bit values (0, -1, 1, -2 ... -> 0, 1, 2, 3 ...), written through
// any byte sink. The writer is shared; the readers are not: the cache's checks its bounds and the
// shortest form (a cache file is input from outside, cache/facts_codec.cpp), a site list's reads
// only what its own push_back wrote (core/site_list.hpp).
#include <cstdint>

namespace ascendify::leb128 {

// Calls `put_byte(uint8_t)` once per byte of `v`'s varint.
template <class PutByte>
void put(uint64_t v, PutByte&& put_byte) {
  while (v >= 0x80) {
    put_byte(static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  put_byte(static_cast<uint8_t>(v));
}

// Small magnitudes of either sign map to small values: -1 is one byte.
constexpr uint32_t zigzag(int32_t v) {
  return (static_cast<uint32_t>(v) << 1) ^ static_cast<uint32_t>(v >> 31);
}

// The inverse of zigzag(), modulo 2^32.
constexpr uint32_t unzigzag(uint32_t z) {
  return (z >> 1) ^ (0u - (z & 1));
}

static_assert(zigzag(0) == 0 && zigzag(-1) == 1 && zigzag(1) == 2 &&
              zigzag(INT32_MIN) == UINT32_MAX);
static_assert(unzigzag(zigzag(-12345)) == static_cast<uint32_t>(-12345));

}  // namespace ascendify::leb128
