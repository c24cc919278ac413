#include "core/snapshot_io.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace ascendify::snapshot;

namespace {

TEST(SnapshotIo, ValuesRoundTripLittleEndian) {
  Writer w;
  w.u8(7);
  w.u32(0x01020304u);
  w.i32(-1);
  w.f64(0.25);
  w.str(std::string("a\0b", 3));
  w.strings({"x", "", "yz"});
  const std::string& b = w.bytes();
  ASSERT_EQ(b.size(), 1u + 4 + 4 + 8 + (4 + 3) + (4 + 5 + 4 + 6));
  EXPECT_EQ(b[1], '\x04');  // least significant byte first
  EXPECT_EQ(b[4], '\x01');
  Reader r(b);
  EXPECT_EQ(r.u8(), 7u);
  EXPECT_EQ(r.u32(), 0x01020304u);
  EXPECT_EQ(r.i32(), -1);
  EXPECT_EQ(r.f64(), 0.25);
  EXPECT_EQ(r.str(), std::string("a\0b", 3));
  EXPECT_EQ(r.strings(), (std::vector<std::string>{"x", "", "yz"}));
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.at_end());
}

TEST(SnapshotIo, ReadingPastTheEndFailsAndYieldsZeros) {
  Writer w;
  w.u32(10);  // a string of 10 bytes, but only 2 follow
  w.u8('h');
  w.u8('i');
  Reader r(w.bytes());
  EXPECT_EQ(r.str(), "");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.u8(), 0u);  // every later read fails too
  EXPECT_EQ(r.u32(), 0u);
  EXPECT_FALSE(r.ok());
}

TEST(SnapshotIo, CountLargerThanTheInputFails) {
  Writer w;
  w.u32(1000000000u);
  w.u32(0);
  Reader r(w.bytes());
  EXPECT_EQ(r.count(4), 0u);
  EXPECT_FALSE(r.ok());
  Writer ok;
  ok.u32(2);
  ok.u32(0);
  ok.u32(0);
  Reader r2(ok.bytes());
  EXPECT_EQ(r2.count(4), 2u);  // exactly what the rest can hold
  EXPECT_TRUE(r2.ok());
}

TEST(SnapshotIo, EnumeratorOutOfRangeFails) {
  Writer w;
  w.u8(2);
  w.u8(3);
  Reader r(w.bytes());
  EXPECT_EQ(r.enumerator<uint8_t>(3), 2u);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.enumerator<uint8_t>(3), 0u);
  EXPECT_FALSE(r.ok());
}

TEST(SnapshotIo, HashSeesEveryByteAndTheSeed) {
  const std::string a = "the quick brown fox jumps over the lazy dog";
  for (size_t i = 0; i < a.size(); ++i) {
    std::string b = a;
    b[i] ^= 1;
    EXPECT_NE(hash_bytes(a), hash_bytes(b)) << i;
  }
  EXPECT_NE(hash_bytes(a), hash_bytes(a.substr(0, a.size() - 1)));
  EXPECT_NE(hash_bytes(a, 1), hash_bytes(a, 2));
  EXPECT_NE(hash_bytes(""), hash_bytes(std::string(1, '\0')));
  EXPECT_EQ(hash_bytes(a, 5), hash_bytes(std::string(a), 5));
}

// The values of the hash as it was before StreamHash (every snapshot and cache key depends on
// them), and the same value whatever pieces a payload is streamed in.
TEST(SnapshotIo, HashValuesArePinnedAndStreamingGivesTheSame) {
  std::string bytes;
  for (int i = 0; i < 23; ++i) bytes.push_back(static_cast<char>(i * 37 + 1));
  EXPECT_EQ(hash_bytes(""), 0x6393d51c06c618dcULL);
  EXPECT_EQ(hash_bytes("ascendify"), 0x869771ac606eeff8ULL);
  EXPECT_EQ(hash_bytes(bytes, 7), 0xa6547c453c5d05f8ULL);
  const std::string_view all = bytes;
  for (size_t first = 0; first <= all.size(); ++first)
    for (size_t second = first; second <= all.size(); ++second) {
      StreamHash h(all.size(), 7);
      h.add(all.substr(0, first));
      h.add(all.substr(first, second - first));
      h.add(all.substr(second));
      EXPECT_EQ(h.value(), hash_bytes(bytes, 7)) << first << " " << second;
    }
  StreamHash bytewise(all.size(), 7);
  for (char c : all) bytewise.add(std::string_view(&c, 1));
  EXPECT_EQ(bytewise.value(), hash_bytes(bytes, 7));
}

TEST(SnapshotIo, HeaderOfStreamedPayloadEqualsTheWholeOne) {
  const std::string payload = "a payload of some bytes";
  StreamHash h(payload.size());
  h.add(payload);
  EXPECT_EQ(frame_header(payload.size(), h.value(), 3, 42), frame_header(payload, 3, 42));
  EXPECT_EQ(frame_header(payload, 3, 42).size(), kFrameHeaderBytes);
}

TEST(SnapshotIo, FrameChecksMagicVersionSourceSizeAndHash) {
  const std::string blob = frame("payload", 3, 42);
  ASSERT_EQ(blob.size(), 40u + 7);
  ASSERT_TRUE(unframe(blob, 3, 42));
  EXPECT_EQ(*unframe(blob, 3, 42), "payload");
  EXPECT_FALSE(unframe(blob, 4, 42));  // another version
  EXPECT_FALSE(unframe(blob, 3, 43));  // made from other files
  EXPECT_FALSE(unframe("", 3, 42));
  EXPECT_FALSE(unframe(blob.substr(0, blob.size() - 1), 3, 42));  // truncated
  EXPECT_FALSE(unframe(blob + "x", 3, 42));                       // trailing byte
  for (size_t i = 0; i < blob.size(); ++i) {  // any flipped byte: magic, header or payload
    std::string bad = blob;
    bad[i] ^= 0x20;
    EXPECT_FALSE(unframe(bad, 3, 42)) << i;
  }
  EXPECT_EQ(*unframe(frame("", 1, 0), 1, 0), "");
}

}  // namespace
