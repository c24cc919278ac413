// Lexer: token kinds, texts and spans on small hand-checked inputs.
#include "python/lexer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lex_test_util.hpp"

namespace ascendify::python {
namespace {

using testing::count_kind;
using testing::render;

void expect_span(const Token& t, uint32_t line, uint32_t col, uint32_t end_line, uint32_t end_col,
                 uint32_t offset, uint32_t end_offset) {
  EXPECT_EQ(t.span.line, line) << t.text;
  EXPECT_EQ(t.span.col, col) << t.text;
  EXPECT_EQ(t.span.end_line, end_line) << t.text;
  EXPECT_EQ(t.span.end_col, end_col) << t.text;
  EXPECT_EQ(t.span.offset, offset) << t.text;
  EXPECT_EQ(t.span.end_offset, end_offset) << t.text;
}

TEST(Lexer, EmptyInputIsJustEndMarker) {
  LexResult r = lex("");
  ASSERT_EQ(r.tokens.size(), 1u);
  EXPECT_EQ(r.tokens[0].kind, TokenKind::EndMarker);
  expect_span(r.tokens[0], 1, 1, 1, 1, 0, 0);
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(Lexer, OnlyBom) {
  LexResult r = lex("\xEF\xBB\xBF");
  ASSERT_EQ(r.tokens.size(), 1u);
  EXPECT_EQ(r.tokens[0].kind, TokenKind::EndMarker);
  EXPECT_EQ(r.tokens[0].span.offset, 3u);
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(Lexer, BomSkippedOffsetsCountFromTextStart) {
  LexResult r = lex("\xEF\xBB\xBFimport torch\n");
  EXPECT_EQ(render(r), "import torch NL EOF");
  expect_span(r.tokens[0], 1, 1, 1, 7, 3, 9);  // the BOM is not a column
  expect_span(r.tokens[1], 1, 8, 1, 13, 10, 15);
  EXPECT_EQ(count_kind(r, TokenKind::Indent), 0);
}

TEST(Lexer, SimpleStatementSpans) {
  LexResult r = lex("x = 1\n");
  EXPECT_EQ(render(r), "x = 1 NL EOF");
  expect_span(r.tokens[0], 1, 1, 1, 2, 0, 1);
  expect_span(r.tokens[1], 1, 3, 1, 4, 2, 3);
  expect_span(r.tokens[2], 1, 5, 1, 6, 4, 5);
  EXPECT_EQ(r.tokens[3].text, "\n");
  EXPECT_EQ(r.tokens[4].span.line, 2u);
}

TEST(Lexer, NewlineAddedWhenLastLineLacksOne) {
  LexResult r = lex("x");
  EXPECT_EQ(render(r), "x NL EOF");
  EXPECT_EQ(r.tokens[1].text, "");
  EXPECT_EQ(r.tokens[1].span.offset, 1u);
}

TEST(Lexer, CommentHoldingCodeIsOneToken) {
  LexResult r = lex("x = 1  # torch.cuda.synchronize()\n# torch.cuda.synchronize()\ny\n");
  EXPECT_EQ(render(r), "x = 1 # torch.cuda.synchronize() NL # torch.cuda.synchronize() y NL EOF");
  EXPECT_EQ(r.tokens[3].kind, TokenKind::Comment);
  expect_span(r.tokens[3], 1, 8, 1, 34, 7, 33);
  EXPECT_EQ(r.tokens[5].kind, TokenKind::Comment);
  EXPECT_EQ(r.tokens[5].span.line, 2u);
  EXPECT_EQ(r.tokens[6].span.line, 3u);
}

TEST(Lexer, CommentOnlyLinesDoNotChangeIndentation) {
  EXPECT_EQ(render("if a:\n    b\n# c\n    d\n"), "if a : NL IN b NL # c d NL DE EOF");
}

TEST(Lexer, BackslashContinuation) {
  LexResult r = lex("x = 1 + \\\n    2\ny\n");
  EXPECT_EQ(render(r), "x = 1 + 2 NL y NL EOF");
  expect_span(r.tokens[4], 2, 5, 2, 6, 14, 15);
  EXPECT_EQ(r.tokens[6].span.line, 3u);
}

TEST(Lexer, ImplicitLineJoiningInBrackets) {
  EXPECT_EQ(render("foo(1,\n    2)\nz\n"), "foo ( 1 , 2 ) NL z NL EOF");
  EXPECT_EQ(render("d = {\n  'a': [\n    1,\n  ],\n}\n"), "d = { 'a' : [ 1 , ] , } NL EOF");
  EXPECT_EQ(render("f(  # note\n  x)\n"), "f ( # note x ) NL EOF");
}

TEST(Lexer, CrLfAndLoneCrLineNumbering) {
  LexResult r = lex("a\r\nb\r\n");
  EXPECT_EQ(render(r), "a NL b NL EOF");
  EXPECT_EQ(r.tokens[1].text, "\r\n");
  expect_span(r.tokens[2], 2, 1, 2, 2, 3, 4);

  r = lex("a\rb\rc");
  EXPECT_EQ(render(r), "a NL b NL c NL EOF");
  expect_span(r.tokens[2], 2, 1, 2, 2, 2, 3);
  expect_span(r.tokens[4], 3, 1, 3, 2, 4, 5);

  r = lex("a\r\n\rb");  // CRLF then a lone CR: b is on line 3
  EXPECT_EQ(render(r), "a NL b NL EOF");
  EXPECT_EQ(r.tokens[2].span.line, 3u);

  r = lex("s = '''x\r\ny'''\r\nz");
  EXPECT_EQ(render(r), "s = '''x\r\ny''' NL z NL EOF");
  expect_span(r.tokens[2], 1, 5, 2, 5, 4, 14);
  EXPECT_EQ(r.tokens[4].span.line, 3u);
}

TEST(Lexer, FormFeedIsWhitespace) {
  LexResult r = lex("\fx = 1\n");
  EXPECT_EQ(render(r), "x = 1 NL EOF");
  EXPECT_EQ(r.tokens[0].span.col, 2u);
}

TEST(Lexer, IndentDedentOnNestedProgram) {
  const char* src =
      "class A:\n"
      "    def f(self):\n"
      "        if x:\n"
      "            pass\n"
      "\n"
      "        return 1\n"
      "    y = 2\n"
      "z = 3\n";
  LexResult r = lex(src);
  EXPECT_EQ(render(r),
            "class A : NL IN def f ( self ) : NL IN if x : NL IN pass NL DE return 1 NL DE y = 2 "
            "NL DE z = 3 NL EOF");
  EXPECT_EQ(count_kind(r, TokenKind::Indent), 3);
  EXPECT_EQ(count_kind(r, TokenKind::Dedent), 3);
  EXPECT_TRUE(r.diagnostics.empty());
  // The first Indent covers the four spaces of line 2.
  const Token& in = r.tokens[4];
  ASSERT_EQ(in.kind, TokenKind::Indent);
  expect_span(in, 2, 1, 2, 5, 9, 13);
}

TEST(Lexer, PendingDedentsBeforeEndMarker) {
  EXPECT_EQ(render("if x:\n    if y:\n        z"), "if x : NL IN if y : NL IN z NL DE DE EOF");
}

TEST(Lexer, TabsAdvanceToNextMultipleOfEight) {
  // A tab and eight spaces are the same level; two spaces + tab is also 8.
  LexResult r = lex("if x:\n\ty\n        z\n  \tw\n");
  EXPECT_EQ(render(r), "if x : NL IN y NL z NL w NL DE EOF");
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.tokens[5].span.col, 2u);  // y after one tab: one code point
  // Four spaces then a tab: 4 then 8, two levels.
  EXPECT_EQ(render("if a:\n    if b:\n\tc\n"), "if a : NL IN if b : NL IN c NL DE DE EOF");
}

TEST(Lexer, InconsistentDedentRecovers) {
  LexResult r = lex("if x:\n        a\n    b\nc\n");
  EXPECT_EQ(render(r), "if x : NL IN a NL b NL DE c NL EOF");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].line, 3u);
  EXPECT_TRUE(r.diagnostics[0].path.empty());
}

TEST(Lexer, Numbers) {
  LexResult r = lex("1_000 0x_FF 1e-3 2j 1.5J 0o17 0b1010 .5 1. 3.14e+10 0XDEAD_beef 1E5j 0\n");
  std::vector<std::string> want = {"1_000",       "0x_FF",  "1e-3", "2j", "1.5J",
                                   "0o17",        "0b1010", ".5",   "1.", "3.14e+10",
                                   "0XDEAD_beef", "1E5j",   "0"};
  ASSERT_EQ(r.tokens.size(), want.size() + 2);
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(r.tokens[i].kind, TokenKind::Number) << want[i];
    EXPECT_EQ(r.tokens[i].text, want[i]);
  }
  EXPECT_EQ(render("x.real 1 .real 1..real"), "x . real 1 . real 1. . real NL EOF");
  EXPECT_EQ(render("a[1:2]"), "a [ 1 : 2 ] NL EOF");
}

TEST(Lexer, EveryOperator) {
  const std::vector<std::string> ops = {
      "+",  "-",  "*",   "/",  "//", "%",  "**", "@",   "<<",  ">>",  "&",   "|",
      "^",  "~",  ":=",  "<",  ">",  "<=", ">=", "==",  "!=",  "(",   ")",   "[",
      "]",  "{",  "}",   ",",  ":",  ";",  ".",  "...", "=",   "->",  "+=",  "-=",
      "*=", "/=", "//=", "%=", "@=", "&=", "|=", "^=",  ">>=", "<<=", "**=", "!"};
  std::string src;
  for (const auto& op : ops) src += op + " ";
  LexResult r = lex(src);
  ASSERT_EQ(r.tokens.size(), ops.size() + 2);
  for (size_t i = 0; i < ops.size(); ++i) {
    EXPECT_EQ(r.tokens[i].kind, TokenKind::Op) << ops[i];
    EXPECT_EQ(r.tokens[i].text, ops[i]);
  }
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(render("a**=b//=c->d:=e...f"), "a **= b //= c -> d := e ... f NL EOF");
  EXPECT_EQ(render("x>>=1<<=2!=3"), "x >>= 1 <<= 2 != 3 NL EOF");
  EXPECT_EQ(render("a@=b..c"), "a @= b . . c NL EOF");
}

TEST(Lexer, TokenRoles) {
  // Each operator with the role the analyzer's statement scans rely on (0: none).
  const std::vector<std::string> ops = {"(",  "[",  "{",   ")",   "]",   "}",  ";",   "=",  ":",
                                        "+=", "-=", "*=",  "/=",  "//=", "%=", "**=", "@=", "&=",
                                        "|=", "^=", "<<=", ">>=", "==",  "!=", "<=",  ">=", ":=",
                                        "->", ",",  ".",   "...", "**",  "<",  "-"};
  const std::vector<uint8_t> want = {
      kOpener,    kOpener,    kOpener,    kCloser,    kCloser,    kCloser,    kSemicolon,
      kAssign,    kColon,     kAugAssign, kAugAssign, kAugAssign, kAugAssign, kAugAssign,
      kAugAssign, kAugAssign, kAugAssign, kAugAssign, kAugAssign, kAugAssign, kAugAssign,
      kAugAssign, 0,          0,          0,          0,          0,          0,
      0,          0,          0,          0,          0,          0};
  ASSERT_EQ(ops.size(), want.size());
  std::string src;
  for (const auto& op : ops) src += op + " ";
  LexResult r = lex(src);
  ASSERT_EQ(r.tokens.size(), ops.size() + 2);
  for (size_t i = 0; i < ops.size(); ++i) {
    EXPECT_EQ(r.tokens[i].text, ops[i]);
    EXPECT_EQ(r.tokens[i].role, want[i]) << ops[i];
  }
  // Line breaks, and `lambda` among the names (keywords or not).
  r = lex("if x:\n  f = lambda: lambdas\n");
  EXPECT_EQ(render(r), "if x : NL IN f = lambda : lambdas NL DE EOF");
  const std::vector<uint8_t> roles = {0,          0,          kColon,    kLineBreak, kLineBreak,
                                      0,          kAssign,    kLambda,   kColon,     0,
                                      kLineBreak, kLineBreak, kLineBreak};
  ASSERT_EQ(r.tokens.size(), roles.size());
  for (size_t i = 0; i < roles.size(); ++i) EXPECT_EQ(r.tokens[i].role, roles[i]) << i;
  // Strings, numbers and comments have none, whatever they contain.
  r = lex("'=' 1 # ;\n");
  EXPECT_EQ(r.tokens[0].role, 0);
  EXPECT_EQ(r.tokens[1].role, 0);
  EXPECT_EQ(r.tokens[2].kind, TokenKind::Comment);
  EXPECT_EQ(r.tokens[2].role, 0);
}

TEST(Lexer, NonAsciiIdentifiersAndColumns) {
  LexResult r = lex("变量 = \"cuda\"\n");
  EXPECT_EQ(render(r), "变量 = \"cuda\" NL EOF");
  EXPECT_EQ(r.tokens[0].kind, TokenKind::Name);
  expect_span(r.tokens[0], 1, 1, 1, 3, 0, 6);
  expect_span(r.tokens[1], 1, 4, 1, 5, 7, 8);
  EXPECT_EQ(r.tokens[2].kind, TokenKind::String);
  expect_span(r.tokens[2], 1, 6, 1, 12, 9, 15);

  r = lex("café.x = 'é' + y\n");
  EXPECT_EQ(render(r), "café . x = 'é' + y NL EOF");
  EXPECT_EQ(r.tokens[1].span.col, 5u);
  EXPECT_EQ(r.tokens[4].span.col, 10u);
  EXPECT_EQ(r.tokens[5].span.col, 14u);
}

TEST(Lexer, ColumnsAroundLongNonAsciiText) {
  // Columns count code points: across 16-byte blocks holding multi-byte characters, after a
  // comment, at line breaks, after a string ending on a later line, at indentation.
  LexResult r = lex(
      "s = "
      "\"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
      "\u00e9\u00e9\" + x\n"
      "y = 1  # \u6ce8\u91ca\u6ce8\u91ca\u6ce8\u91ca\u6ce8\u91ca\u6ce8\u91ca\u6ce8\u91ca\n"
      "if z:\n"
      "    w = \"\"\"a\nb\u00e9\"\"\" + v\n");
  ASSERT_EQ(r.tokens.size(), 24u);
  const Token* t = r.tokens.data();
  ASSERT_EQ(t[2].kind, TokenKind::String);
  expect_span(t[2], 1, 5, 1, 24, 4, 40);    // the string: 2 quotes + 17 two-byte characters
  expect_span(t[3], 1, 25, 1, 26, 41, 42);  // +
  expect_span(t[4], 1, 27, 1, 28, 43, 44);  // x
  expect_span(t[5], 1, 28, 1, 29, 44, 45);  // Newline
  expect_span(t[8], 2, 5, 2, 6, 49, 50);    // 1
  ASSERT_EQ(t[9].kind, TokenKind::Comment);
  expect_span(t[9], 2, 8, 2, 22, 52, 90);    // '# ' + 12 three-byte characters
  expect_span(t[10], 2, 22, 2, 23, 90, 91);  // Newline after the comment
  ASSERT_EQ(t[15].kind, TokenKind::Indent);
  expect_span(t[15], 4, 1, 4, 5, 97, 101);
  expect_span(t[16], 4, 5, 4, 6, 101, 102);    // w
  expect_span(t[18], 4, 9, 5, 6, 105, 116);    // the string ends on line 5
  expect_span(t[19], 5, 7, 5, 8, 117, 118);    // +
  expect_span(t[20], 5, 9, 5, 10, 119, 120);   // v
  expect_span(t[21], 5, 10, 5, 11, 120, 121);  // Newline
  ASSERT_EQ(t[22].kind, TokenKind::Dedent);
  expect_span(t[22], 6, 1, 6, 1, 121, 121);
}

TEST(Lexer, StrayBytesGiveErrorTokens) {
  LexResult r = lex("a $ b\n");
  EXPECT_EQ(render(r), "a ERR b NL EOF");
  EXPECT_EQ(r.tokens[1].text, "$");
  expect_span(r.tokens[1], 1, 3, 1, 4, 2, 3);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].line, 1u);

  r = lex("x\na?b`c\n");
  EXPECT_EQ(render(r), "x NL a ERR b ERR c NL EOF");
  EXPECT_EQ(r.diagnostics.size(), 2u);
  EXPECT_EQ(r.diagnostics[0].line, 2u);

  r = lex("$$$ \\ x\n");  // a run of stray bytes is one error; a lone backslash is one too
  EXPECT_EQ(render(r), "ERR ERR x NL EOF");
  EXPECT_EQ(r.tokens[0].text, "$$$");
  EXPECT_EQ(r.tokens[1].text, "\\");
  EXPECT_EQ(r.diagnostics.size(), 2u);
}

TEST(Lexer, NulBytes) {
  const std::string nul("a\0b\n", 4);  // tokens are views: keep the text alive
  LexResult r = lex(nul);
  EXPECT_EQ(render(r), "a ERR b NL EOF");
  EXPECT_EQ(r.tokens[1].text, std::string("\0", 1));
  EXPECT_EQ(r.diagnostics.size(), 1u);

  const std::string nuls(1000, '\0');
  r = lex(nuls);
  EXPECT_EQ(render(r), "ERR NL EOF");
  EXPECT_EQ(r.diagnostics.size(), 1u);
}

TEST(Lexer, TenThousandNestedBrackets) {
  std::string src = std::string(10000, '(') + std::string(10000, ')') + "\nx\n";
  LexResult r = lex(src);
  ASSERT_EQ(r.tokens.size(), 20000u + 4u);
  EXPECT_EQ(r.tokens[20000].kind, TokenKind::Newline);
  EXPECT_EQ(r.tokens[20001].text, "x");
  EXPECT_EQ(r.tokens[20001].span.line, 2u);
  EXPECT_TRUE(r.diagnostics.empty());

  const std::string unclosed = std::string(10000, '[') + "\nx\n";
  LexResult open = lex(unclosed);
  EXPECT_EQ(open.tokens.back().kind, TokenKind::EndMarker);
  EXPECT_EQ(count_kind(open, TokenKind::Newline), 1);
}

TEST(Lexer, UnclosedBracketRecoversAtNextDefinition) {
  LexResult r =
      lex("def f():\n"
          "    x = foo(1,\n"
          "    return x\n"
          "def g():\n"
          "    pass\n");
  EXPECT_EQ(render(r),
            "def f ( ) : NL IN x = foo ( 1 , return x NL DE def g ( ) : NL IN pass NL DE EOF");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].line, 2u);
  // `async def` and `class` recover too; a word merely starting with "def" does not.
  EXPECT_EQ(render("a = [\nasync  def h(): pass\n"), "a = [ NL async def h ( ) : pass NL EOF");
  EXPECT_EQ(render("a = (\nclass_ = 1)\n"), "a = ( class_ = 1 ) NL EOF");
  EXPECT_EQ(render("a = (\nclass C: pass\n"), "a = ( NL class C : pass NL EOF");
}

TEST(Lexer, ManyDiagnosticsAreCapped) {
  std::string src;
  for (int i = 0; i < 1000; ++i) src += "$ ";
  LexResult r = lex(src);
  EXPECT_EQ(count_kind(r, TokenKind::Error), 1000);
  EXPECT_LE(r.diagnostics.size(), 101u);
}

}  // namespace
}  // namespace ascendify::python
