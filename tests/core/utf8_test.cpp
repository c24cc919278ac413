// is_valid_utf8 skips ASCII 8 bytes at a time: it must still find every bad byte wherever it
// falls relative to those 8-byte steps.
#include <gtest/gtest.h>

#include <string>

#include "core/text.hpp"

namespace {

using ascendify::is_valid_utf8;

TEST(Utf8, ValidTextAtEveryAlignment) {
  for (size_t pad = 0; pad < 17; ++pad) {
    const std::string ascii(pad, 'x');
    EXPECT_TRUE(is_valid_utf8(ascii + "中文注释" + ascii)) << pad;
    EXPECT_TRUE(is_valid_utf8(ascii + "\xc3\xa9" + ascii + "\xf0\x9f\x98\x80")) << pad;
    EXPECT_TRUE(is_valid_utf8(ascii)) << pad;
  }
}

TEST(Utf8, BadBytesAtEveryAlignment) {
  const std::string bad[] = {
      "\xff",          // never in UTF-8
      "\x80",          // continuation without a lead byte
      "\xe4\xb8",      // cut three-byte sequence
      "\xc3\x28",      // lead byte followed by ASCII
      "\xf0\x9f\x98",  // cut four-byte sequence
  };
  for (size_t pad = 0; pad < 17; ++pad)
    for (const auto& b : bad) {
      const std::string ascii(pad, 'x');
      EXPECT_FALSE(is_valid_utf8(ascii + b)) << pad;                   // at the end
      EXPECT_FALSE(is_valid_utf8(ascii + b + ascii + "yyyy")) << pad;  // in the middle
      EXPECT_FALSE(is_valid_utf8(b + ascii)) << pad;                   // at the start
    }
}

}  // namespace
