// The hand-written JSON text must be byte for byte what nlohmann's dump(2) gives for the same
// value: the report is compared across versions and pinned by goldens.
#include "render/json_text.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace {

using ascendify::render::json_text::append_indented;
using ascendify::render::json_text::append_string;
using ascendify::render::json_text::append_strings;

std::string reference(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

TEST(JsonText, StringsMatchTheLibraryOnTrickyBytes) {
  const std::vector<std::string> cases = {
      "",
      "plain text",
      "quote \" and backslash \\",
      "tab\tnewline\ncr\r",
      std::string("nul\0byte", 8),
      "\x01\x1f\x7f",
      "中文注释 torch.cuda",  // valid UTF-8 stays as is
      "latin-1 \xe9t\xe9",    // invalid UTF-8 is replaced
      "truncated \xe4\xb8",   // cut multi-byte sequence at the end
      "\xff\xfe overlong \xc0\xaf",
      "</script><img onerror=x>",
  };
  for (const auto& s : cases) {
    std::string out;
    append_string(out, s);
    EXPECT_EQ(out, reference(s)) << "input: " << s;
  }
}

// The escaping scans 8 bytes at a time: every byte value at every position of a word, and
// across a word boundary, must still come out as the library writes it.
TEST(JsonText, EveryByteAtEveryPositionMatchesTheLibrary) {
  for (int b = 0; b < 256; ++b)
    for (size_t pos = 0; pos < 19; ++pos) {
      std::string s(19, 'a');
      s[pos] = static_cast<char>(b);
      if (pos + 1 < s.size()) s[pos + 1] = static_cast<char>(b ^ 0x7f);  // a second odd byte
      std::string out;
      append_string(out, s);
      ASSERT_EQ(out, reference(s)) << "byte " << b << " at " << pos;
    }
}

TEST(JsonText, StringArraysAndIndentedDocumentsMatchAWholeDump) {
  nlohmann::ordered_json whole;
  whole["a"] = std::vector<std::string>{"x", "y\"z"};
  whole["b"] = std::vector<std::string>{};
  nlohmann::ordered_json inner;
  inner["k"] = {1, 2};
  inner["e"] = nlohmann::ordered_json::object();
  whole["c"] = inner;

  std::string out = "{\n  \"a\": ";
  append_strings(out, 1, {"x", "y\"z"});
  out += ",\n  \"b\": ";
  append_strings(out, 1, {});
  out += ",\n  \"c\": ";
  append_indented(out, 1, inner.dump(2));
  out += "\n}";
  EXPECT_EQ(out, whole.dump(2));
}

}  // namespace
