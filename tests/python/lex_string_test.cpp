// Lexer: string literals (prefixes, triple quotes, PEP 701 f-strings, recovery) and
// decode_string.
#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include "lex_test_util.hpp"
#include "python/lexer.hpp"

namespace ascendify::python {
namespace {

using testing::count_kind;
using testing::render;

// Lexes src and returns its only String token (asserting the stream is String NL EOF).
// The token views a copy of src kept alive for the whole test run.
Token only_string(const std::string& source) {
  static std::deque<std::string> keep;
  const std::string& src = keep.emplace_back(source);
  LexResult r = lex(src);
  EXPECT_EQ(r.tokens.size(), 3u) << src << " -> " << render(r);
  EXPECT_TRUE(r.diagnostics.empty()) << src;
  if (r.tokens.empty() || r.tokens[0].kind != TokenKind::String) {
    ADD_FAILURE() << "no string token in " << src;
    return Token{};
  }
  EXPECT_EQ(r.tokens[0].text, src);
  return r.tokens[0];
}

TEST(LexString, EveryPrefixInEveryCase) {
  struct P {
    const char* prefix;
    uint8_t flags;
  };
  const std::vector<P> prefixes = {{"", 0},
                                   {"r", kRaw},
                                   {"R", kRaw},
                                   {"u", 0},
                                   {"U", 0},
                                   {"b", kBytes},
                                   {"B", kBytes},
                                   {"f", kFormat},
                                   {"F", kFormat},
                                   {"br", kBytes | kRaw},
                                   {"bR", kBytes | kRaw},
                                   {"Br", kBytes | kRaw},
                                   {"BR", kBytes | kRaw},
                                   {"rb", kBytes | kRaw},
                                   {"rB", kBytes | kRaw},
                                   {"Rb", kBytes | kRaw},
                                   {"RB", kBytes | kRaw},
                                   {"fr", kFormat | kRaw},
                                   {"fR", kFormat | kRaw},
                                   {"Fr", kFormat | kRaw},
                                   {"FR", kFormat | kRaw},
                                   {"rf", kFormat | kRaw},
                                   {"rF", kFormat | kRaw},
                                   {"Rf", kFormat | kRaw},
                                   {"RF", kFormat | kRaw}};
  for (const P& p : prefixes) {
    const std::string pre = p.prefix;
    for (const std::string& q : std::vector<std::string>{"'", "\"", "'''", "\"\"\""}) {
      Token t = only_string(pre + q + "cuda" + q);
      uint8_t triple = q.size() == 3 ? kTriple : 0;
      EXPECT_EQ(t.string_flags, p.flags | triple) << pre << q;
      EXPECT_EQ(t.prefix_len, pre.size()) << pre << q;
      EXPECT_EQ(t.quote_len, q.size()) << pre << q;
      EXPECT_EQ(decode_string(t), "cuda") << pre << q;
    }
  }
}

TEST(LexString, InvalidPrefixesAreNames) {
  EXPECT_EQ(render("ur'x' bf'y' rr'z'"), "ur 'x' bf 'y' rr 'z' NL EOF");
  LexResult r = lex("rb = f + b");
  EXPECT_EQ(render(r), "rb = f + b NL EOF");
  EXPECT_EQ(count_kind(r, TokenKind::Name), 3);
}

TEST(LexString, QuotesAndEscapes) {
  EXPECT_EQ(render("'it\\'s' x"), "'it\\'s' x NL EOF");
  EXPECT_EQ(render("'a' \"b\" '' \"\""), "'a' \"b\" '' \"\" NL EOF");
  EXPECT_EQ(render("'''''' x"), "'''''' x NL EOF");
  EXPECT_EQ(render("''' '' \" ''' x"), "''' '' \" ''' x NL EOF");
  EXPECT_EQ(render("r'\\' x'"), "r'\\' x' NL EOF");  // raw strings still escape the quote
  LexResult r = lex("s = 'a\\\nb' c\n");             // backslash-newline inside a string
  EXPECT_EQ(render(r), "s = 'a\\\nb' c NL EOF");
  EXPECT_EQ(r.tokens[2].span.end_line, 2u);
  EXPECT_EQ(r.tokens[3].span.line, 2u);
}

TEST(LexString, TripleQuotedSpansLinesAsOneToken) {
  LexResult r = lex("x = \"\"\"a\ncuda\nb\"\"\"\ny\n");
  EXPECT_EQ(render(r), "x = \"\"\"a\ncuda\nb\"\"\" NL y NL EOF");
  const Token& s = r.tokens[2];
  EXPECT_EQ(s.kind, TokenKind::String);
  EXPECT_EQ(s.span.line, 1u);
  EXPECT_EQ(s.span.col, 5u);
  EXPECT_EQ(s.span.end_line, 3u);
  EXPECT_EQ(s.span.end_col, 5u);
  EXPECT_EQ(s.span.offset, 4u);
  EXPECT_EQ(s.span.end_offset, 18u);
  EXPECT_EQ(decode_string(s), "a\ncuda\nb");
  EXPECT_EQ(r.tokens[4].span.line, 4u);
  EXPECT_EQ(r.tokens[4].span.offset, 19u);
}

TEST(LexString, FStringsArePep701) {
  for (const std::string& src : std::vector<std::string>{
           "f\"{x[\"a\"]}\"",
           "f\"{f'{y}'}\"",
           "f\"{x:{w}.{p}f}\"",
           "f\"{'cuda' if a else \"cpu\"}\"",
           "f\"{f\"{f\"{\"cuda\"}\"}\"}\"",
           "f\"{x!r:>10} {d[1:2]} {(lambda q: q)(1)} {{cuda}}\"",
           "f'{a!=b}'",
           "rf\"{x}\\{y}\\\"\"",
           "f\"\\N{BULLET} {x}\"",
           "f\"{ {'k': 1}['k'] }\"",
           "F'{x:=^10}'",
       }) {
    Token t = only_string(src);
    EXPECT_TRUE(t.string_flags & kFormat) << src;
  }
  EXPECT_EQ(render("x = f\"{d[\"k\"]}\" + y"), "x = f\"{d[\"k\"]}\" + y NL EOF");
}

TEST(LexString, FStringDecodeReplacesFields) {
  EXPECT_EQ(decode_string(only_string("f\"{'cuda' if a else \"cpu\"}\"")), "{}");
  EXPECT_EQ(decode_string(only_string("f\"{x!r:>10} {d[1:2]} {(lambda q: q)(1)} {{cuda}}\"")),
            "{} {} {} {cuda}");
  EXPECT_EQ(decode_string(only_string("f'cuda:{rank}'")), "cuda:{}");
  EXPECT_EQ(decode_string(only_string("f'{x:{w}.{p}f}!'")), "{}!");
  EXPECT_EQ(decode_string(only_string("f'{f\"{y}\"}!'")), "{}!");
  EXPECT_EQ(decode_string(only_string("f'a\\tb{x}}}'")), "a\tb{}}");
  EXPECT_EQ(decode_string(only_string("f\"\\N{BULLET} {x}\"")), "\\N{BULLET} {}");
  EXPECT_EQ(decode_string(only_string("rf'\\d{x}'")), "\\d{}");
  EXPECT_EQ(decode_string(only_string("f'{\"}\"}|{\"{\"}'")), "{}|{}");
}

TEST(LexString, TripleQuotedFStringOverLines) {
  LexResult r = lex("s = f\"\"\"\n{x:{\"}\"}}\ncuda\"\"\"\nt\n");
  EXPECT_EQ(render(r), "s = f\"\"\"\n{x:{\"}\"}}\ncuda\"\"\" NL t NL EOF");
  const Token& s = r.tokens[2];
  EXPECT_EQ(s.span.line, 1u);
  EXPECT_EQ(s.span.col, 5u);
  EXPECT_EQ(s.span.end_line, 3u);
  EXPECT_EQ(s.span.end_col, 8u);
  EXPECT_EQ(decode_string(s), "\n{}\ncuda");
  EXPECT_EQ(r.tokens[4].span.line, 4u);

  // A comment inside a multi-line replacement field hides its '}'.
  EXPECT_EQ(render("f'''{x # }\n}''' y"), "f'''{x # }\n}''' y NL EOF");
  // Brackets let a single-quoted f-string's expression span lines.
  LexResult m = lex("f\"{foo(1,\n 2)}\" + z\n");
  EXPECT_EQ(render(m), "f\"{foo(1,\n 2)}\" + z NL EOF");
  EXPECT_TRUE(m.diagnostics.empty());
}

TEST(LexString, UnterminatedSingleQuotedRecovers) {
  LexResult r = lex("x = 'abc\ny = 2\n");
  EXPECT_EQ(render(r), "x = 'abc NL y = 2 NL EOF");
  const Token& s = r.tokens[2];
  EXPECT_EQ(s.string_flags, kUnterminated);
  EXPECT_EQ(s.span.end_line, 1u);
  EXPECT_EQ(s.span.end_col, 9u);
  EXPECT_EQ(s.span.end_offset, 8u);
  EXPECT_EQ(decode_string(s), "abc");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].line, 1u);

  EXPECT_EQ(render("foo('abc\n, 2)\n"), "foo ( 'abc , 2 ) NL EOF");
  EXPECT_EQ(render("a = f\"{x\nb = 1\n"), "a = f\"{x NL b = 1 NL EOF");
  EXPECT_EQ(render("a = f\"abc {x} \nb\n"), "a = f\"abc {x}  NL b NL EOF");
}

TEST(LexString, UnterminatedTripleQuotedRunsToEof) {
  LexResult r = lex("x = 1\ns = \"\"\"abc\ny = 2\n");
  EXPECT_EQ(render(r), "x = 1 NL s = \"\"\"abc\ny = 2\n NL EOF");
  const Token& s = r.tokens[6];
  EXPECT_EQ(s.string_flags, kTriple | kUnterminated);
  EXPECT_EQ(s.span.offset, 10u);
  EXPECT_EQ(s.span.end_offset, 23u);
  EXPECT_EQ(s.span.end_line, 4u);
  EXPECT_EQ(s.span.end_col, 1u);
  EXPECT_EQ(decode_string(s), "abc\ny = 2\n");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].line, 2u);
}

TEST(LexString, DeeplyNestedFStrings) {
  std::string src;
  for (int i = 0; i < 10000; ++i) src += "f\"{";
  src += "x";
  for (int i = 0; i < 10000; ++i) src += "}\"";
  Token t = only_string(src);
  EXPECT_EQ(decode_string(t), "{}");

  std::string open;  // never closed
  for (int i = 0; i < 10000; ++i) open += "f'''{";
  LexResult r = lex(open);
  EXPECT_EQ(r.tokens.back().kind, TokenKind::EndMarker);
  EXPECT_EQ(r.diagnostics.size(), 1u);
}

TEST(LexString, DecodeEscapes) {
  EXPECT_EQ(decode_string(only_string("'a\\nb\\t\\\\\\'\\\"'")), "a\nb\t\\'\"");
  EXPECT_EQ(decode_string(only_string("r'a\\nb'")), "a\\nb");
  EXPECT_EQ(decode_string(only_string("'\\x41\\u00e9\\101\\N{DASH}\\q'")),
            "A\xC3\xA9"
            "A\\N{DASH}\\q");
  EXPECT_EQ(decode_string(only_string("'\\U0001F600'")), "\xF0\x9F\x98\x80");
  EXPECT_EQ(decode_string(only_string("'\\0x'")), std::string("\0x", 2));
  EXPECT_EQ(decode_string(only_string("'a\\\nb'")), "ab");
  EXPECT_EQ(decode_string(only_string("b'\\x41cuda'")), "\\x41cuda");  // source bytes
  EXPECT_EQ(decode_string(only_string("u'cuda'")), "cuda");
  EXPECT_EQ(decode_string(only_string("'''tri\nple'''")), "tri\nple");
  EXPECT_EQ(decode_string(only_string("'\\x4'")), "\\x4");  // malformed: kept
  EXPECT_EQ(decode_string(Token{}), "");                    // not a string
}

}  // namespace
}  // namespace ascendify::python
