// SnippetSource finds lines lazily; it must number them exactly as LineIndex does.
#include "match/snippet.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/text.hpp"

namespace ascendify::match {
namespace {

void expect_same_lines(const std::string& text) {
  const LineIndex index(text);
  SnippetSource lazy(text, nullptr);
  // Asked in order, backwards after the end, and past the end.
  for (uint32_t n = 0; n <= index.line_count() + 2; ++n)
    EXPECT_EQ(lazy.line(n), trim(index.line(n))) << "line " << n << " of '" << text << "'";
  SnippetSource from_end(text, nullptr);
  for (uint32_t n = index.line_count() + 1; n > 0; --n)
    EXPECT_EQ(from_end.line(n), trim(index.line(n))) << "line " << n << " of '" << text << "'";
}

TEST(SnippetSource, NumbersLinesLikeLineIndex) {
  for (const char* text : {"", "a", "a\n", "a\nb", "a\n\nb\n", "\n", "\r", "\r\n", "a\rb\r\nc\n",
                           "a\r\rb", "a\r\n\r\nb\r", "\r\n\r\n", " x \n\ty\t\r z "})
    expect_same_lines(text);
}

TEST(SnippetSource, LineEndsAtAndAroundBlockBoundaries) {
  // Lines are counted sixteen bytes at a time: CR, CRLF and LF ends at every position of the
  // first blocks, straddling them, and far in.
  std::vector<size_t> positions;
  for (size_t at = 0; at <= 50; ++at) positions.push_back(at);
  for (size_t at : {4094u, 4095u, 4096u, 4097u}) positions.push_back(at);
  for (size_t at : positions) {
    for (const char* end : {"\r", "\r\n", "\n", "\n\r", "\r\r"}) {
      std::string text;
      for (size_t i = 0; text.size() < at; ++i) text += concat({"l", std::to_string(i), "\n"});
      text.resize(at);
      text += end;
      text += "after\nlast";
      expect_same_lines(text);
      expect_same_lines(text + "\n");
    }
  }
}

TEST(SnippetSource, OutOfOrderAndPastTheEndStayLinear) {
  // 4 MB of lines asked alternately at the end, at the start and past the end: each ask must
  // not count the lines again (would be tens of GB of scanning).
  std::string text;
  while (text.size() < (4u << 20)) text += "0123456789abcdef0123456789abcdef\n";
  const auto last = static_cast<uint32_t>(text.size() / 33);
  SnippetSource s(text, nullptr);
  for (int i = 0; i < 20000; ++i) {
    ASSERT_EQ(s.line(last), "0123456789abcdef0123456789abcdef");
    ASSERT_EQ(s.line(1), "0123456789abcdef0123456789abcdef");
    ASSERT_EQ(s.line(last + 1), "");
  }
  SnippetSource past(text, nullptr);
  for (int i = 0; i < 20000; ++i) ASSERT_EQ(past.line(last + 1 + i % 3), "");
}

TEST(SnippetSource, NotebookJsonLine) {
  const std::string text = "{\n \"cells\": [\n  \"x = t.cuda()\\n\",\n]}";
  ThinVector<FileFacts::CellLine> cells = {{1, 1, 3}};
  SnippetSource s(text, &cells);
  EXPECT_EQ(s.line(1), "x = t.cuda()");
  EXPECT_EQ(s.line(2), "");
}

}  // namespace
}  // namespace ascendify::match
