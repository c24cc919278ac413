// core/text.hpp uri_encode_path: shared by the SARIF report and the language server's URIs.
#include <gtest/gtest.h>

#include "core/text.hpp"

namespace ascendify {
namespace {

TEST(UriEncodePath, KeepsUnreservedAndSlash) {
  EXPECT_EQ(uri_encode_path("wan/utils.py"), "wan/utils.py");
  EXPECT_EQ(uri_encode_path("wan/norm ü.py"), "wan/norm%20%C3%BC.py");
  EXPECT_EQ(uri_encode_path("a#b?c%d"), "a%23b%3Fc%25d");
}

}  // namespace
}  // namespace ascendify
