// Lexer robustness: invariants on generated inputs, multi-line f-string fields, linear worst
// cases, and a by-hand throughput check (disabled by default).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "lex_test_util.hpp"
#include "python/lexer.hpp"

namespace ascendify::python {
namespace {

using testing::count_kind;
using testing::render;

// Checks the stream invariants every consumer relies on.
void check_invariants(std::string_view src, const LexResult& r) {
  ASSERT_FALSE(r.tokens.empty());
  EXPECT_EQ(r.tokens.back().kind, TokenKind::EndMarker);
  EXPECT_EQ(count_kind(r, TokenKind::Indent), count_kind(r, TokenKind::Dedent));
  EXPECT_EQ(count_kind(r, TokenKind::EndMarker), 1);
  uint32_t prev_end = 0, prev_line = 1;
  int level = 0;
  for (const Token& t : r.tokens) {
    EXPECT_GE(t.span.offset, prev_end);
    EXPECT_LE(t.span.offset, t.span.end_offset);
    EXPECT_LE(t.span.end_offset, src.size());
    EXPECT_EQ(t.text.data(), src.data() + t.span.offset);
    EXPECT_EQ(t.text.size(), t.span.end_offset - t.span.offset);
    EXPECT_GE(t.span.line, prev_line);
    EXPECT_LE(t.span.line, t.span.end_line);
    EXPECT_GE(t.span.col, 1u);
    level += t.kind == TokenKind::Indent ? 1 : t.kind == TokenKind::Dedent ? -1 : 0;
    EXPECT_GE(level, 0);
    if (t.kind == TokenKind::String) (void)decode_string(t);
    prev_end = t.span.end_offset;
    prev_line = t.span.end_line;
  }
}

TEST(LexRobust, InvariantsOnGeneratedInputs) {
  // clang-format off
  const std::vector<std::string> pieces = {
      "f\"", "f'", "'''", "\"\"\"", "{", "}", "(", ")", "[", "]", "\\", "\n", "\r", "\r\n",
      "\t", "    ", "#", ":", "x", "1.5e", "0x", "rb'", "\xEF\xBB\xBF", "\xE5\x8F\x98", "\x80",
      "$", std::string("\0", 1), "=", "!", ".", "\\N{", "if", "j", "_"};
  // clang-format on
  std::mt19937 rng(12345);
  for (int round = 0; round < 3000; ++round) {
    std::string src;
    int len = static_cast<int>(rng() % 40);
    for (int k = 0; k < len; ++k) src += pieces[rng() % pieces.size()];
    LexResult r = lex(src);
    check_invariants(src, r);
    if (::testing::Test::HasFailure()) {
      ADD_FAILURE() << "input: " << render(r);
      return;
    }
  }
}

TEST(LexRobust, MultiLineFieldInSingleQuotedFString) {
  // PEP 701 (3.12): a replacement field may span lines, comments included.
  LexResult r = lex("x = f\"{1+2 = # my comment\n  }\" + y\n");
  EXPECT_EQ(render(r), "x = f\"{1+2 = # my comment\n  }\" + y NL EOF");
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.tokens[2].span.end_line, 2u);
  EXPECT_EQ(r.tokens[2].span.end_col, 5u);

  // Never terminated: cut back to the first line end, the next line is lexed normally.
  r = lex("a = f'{x\nb = 1\n");
  EXPECT_EQ(render(r), "a = f'{x NL b = 1 NL EOF");
  EXPECT_EQ(r.tokens[2].string_flags, kFormat | kUnterminated);
  EXPECT_EQ(r.tokens[4].span.line, 2u);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].line, 1u);
}

TEST(LexRobust, BrokenFStringsStayLinear) {
  // Each line opens a field that never closes; if every line re-scanned the rest of the
  // file this would take minutes.
  std::string src;
  for (int i = 0; i < 50000; ++i) src += "a = f'{x\n";
  LexResult r = lex(src);
  EXPECT_EQ(count_kind(r, TokenKind::String), 50000);
  EXPECT_EQ(count_kind(r, TokenKind::Newline), 50000);

  std::string deep;  // nested f-strings, each line unterminated
  for (int i = 0; i < 20000; ++i) deep += "f'{f\"{f'{(\n";
  LexResult d = lex(deep);
  EXPECT_EQ(d.tokens.back().kind, TokenKind::EndMarker);
}

TEST(LexRobust, PathologicalLongLines) {
  std::string line(200000, 'x');
  line += " = '" + std::string(200000, '\xC3') + "'\n";
  LexResult r = lex(line);
  EXPECT_EQ(render(r).substr(0, 5), "xxxxx");
  ASSERT_EQ(r.tokens.size(), 5u);
  EXPECT_EQ(r.tokens[2].span.col, 200004u);
  // 0xC3 bytes are lead bytes: each counts as one column.
  EXPECT_EQ(r.tokens[2].span.end_col, 200004u + 200002u);
}

// By hand: ./test_python --gtest_also_run_disabled_tests --gtest_filter='*Throughput*'
// Lexes every .py file under $ASCENDIFY_PY_CORPUS (default /usr/lib/python3) and prints MB/s.
TEST(LexRobust, DISABLED_Throughput) {
  const char* env = std::getenv("ASCENDIFY_PY_CORPUS");
  std::filesystem::path root = env != nullptr ? env : "/usr/lib/python3";
  std::error_code ec;
  size_t files = 0, bytes = 0, errors = 0, diags = 0;
  double secs = 0;
  for (auto it = std::filesystem::recursive_directory_iterator(
           root, std::filesystem::directory_options::skip_permission_denied, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec) || it->path().extension() != ".py") continue;
    std::ifstream in(it->path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    auto t0 = std::chrono::steady_clock::now();
    LexResult r = lex(text);
    secs += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ASSERT_EQ(r.tokens.back().kind, TokenKind::EndMarker);
    ++files;
    bytes += text.size();
    errors += count_kind(r, TokenKind::Error);
    diags += r.diagnostics.size();
    for (const auto& d : r.diagnostics)
      std::printf("  %s:%u: %s\n", it->path().c_str(), d.line, d.message.c_str());
  }
  std::printf("%zu files, %.1f MB, %zu Error tokens, %zu diagnostics, %.1f MB/s\n", files,
              bytes / 1e6, errors, diags, secs > 0 ? bytes / 1e6 / secs : 0.0);
}

}  // namespace
}  // namespace ascendify::python
