// The replacement fields of f-strings: where the lexer says their expressions lie
// (lexdetail::fstring_fields), and what the analyzer finds in them (calls, chains, shadows,
// file positions), with the look-alikes that hold no code.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "python/analyzer.hpp"
#include "python/lex_string.hpp"
#include "python/lexer.hpp"

namespace ascendify::python {
namespace {

// The expression texts of the fields of the one f-string literal `lit` (prefix included).
std::vector<std::string> fields(const std::string& lit) {
  size_t prefix = lit.find_first_of("'\"");
  const char quote = lit[prefix];
  const bool triple = lit.compare(prefix, 3, std::string(3, quote)) == 0;
  const bool raw = lit.find_first_of("rR") < prefix;
  std::vector<lexdetail::FFrame> scratch;
  std::vector<lexdetail::FieldRange> out;
  lexdetail::fstring_fields(lit, prefix + (triple ? 3 : 1), quote, triple, raw, scratch, out);
  std::vector<std::string> texts;
  for (const auto& f : out) texts.push_back(lit.substr(f.begin, f.end - f.begin));
  return texts;
}

using Texts = std::vector<std::string>;

TEST(FStringFields, ExpressionPartOfEachField) {
  EXPECT_EQ(fields("f\"a {x} b {y.z()}\""), (Texts{"x", "y.z()"}));
  EXPECT_EQ(fields("f'{x:>10}'"), (Texts{"x"}));        // the spec is not code
  EXPECT_EQ(fields("f'{x!r}'"), (Texts{"x!r"}));        // the analyzer cuts `!r`
  EXPECT_EQ(fields("f'{x = }'"), (Texts{"x = "}));      // and the debug `=`
  EXPECT_EQ(fields("f'{d[1:2]}'"), (Texts{"d[1:2]"}));  // ':' inside brackets
  EXPECT_EQ(fields("f'{(lambda q: q)(1)}'"), (Texts{"(lambda q: q)(1)"}));
  EXPECT_EQ(fields("f'{ {\"k\": 1}[\"k\"] }'"), (Texts{" {\"k\": 1}[\"k\"] "}));
}

TEST(FStringFields, DoubledBracesAndNamedEscapesAreText) {
  EXPECT_EQ(fields("f'{{cuda}} {{x}}'"), Texts{});
  EXPECT_EQ(fields("f'{{{x}}}'"), (Texts{"x"}));
  EXPECT_EQ(fields("f'\\N{BULLET} {x}'"), (Texts{"x"}));
  EXPECT_EQ(fields("rf'\\N{x}'"), (Texts{"x"}));  // raw: \N is two characters, {x} a field
}

TEST(FStringFields, SpecFieldsListedNestedFStringsNot) {
  EXPECT_EQ(fields("f'{x:{w}.{p}f}'"), (Texts{"x", "w", "p"}));
  // The inner f-string is part of the outer field; its own fields come when it is analysed.
  EXPECT_EQ(fields("f\"{f'{y}' + z}\""), (Texts{"f'{y}' + z"}));
  EXPECT_EQ(fields("f\"{x['}']}\""), (Texts{"x['}']"}));  // a quoted brace is not the end
}

TEST(FStringFields, TripleQuotedFieldsSpanLines) {
  EXPECT_EQ(fields("f\"\"\"\n{\n  a.b()\n}\n\"\"\""), (Texts{"\n  a.b()\n"}));
}

TEST(FStringFields, MalformedTextListsNoOpenField) {
  EXPECT_EQ(fields("f'{x'"), Texts{});   // the field never closes
  EXPECT_EQ(fields("f'{x:'"), Texts{});  // nor here (only its expression part ended)
  EXPECT_EQ(fields("f'{'"), Texts{});
}

std::vector<const Fact*> named(const FileFacts& ff, std::string_view name) {
  std::vector<const Fact*> out;
  for (const Fact& f : ff.facts)
    if (f.name == name) out.push_back(&f);
  return out;
}

TEST(AnalyzerFStrings, CallsInFieldsAreReferencesAtTheirFilePositions) {
  FileFacts ff = analyze(
      "import torch\n"
      "print(f\"é {torch.cuda.memory_allocated() / 2**20:.1f} {x.cuda()!r}\")\n",
      "a.py");
  auto mem = named(ff, "torch.cuda.memory_allocated");
  ASSERT_EQ(mem.size(), 1u);
  EXPECT_EQ(mem[0]->kind, FactKind::Reference);
  EXPECT_EQ(mem[0]->usage, Usage::Call);
  EXPECT_EQ(mem[0]->span.line, 2u);
  EXPECT_EQ(mem[0]->span.col, 12u);  // code points: the é is one column, two bytes
  EXPECT_EQ(mem[0]->span.end_col, 39u);
  EXPECT_EQ(mem[0]->span.offset, 13u + 11u + 1u);
  EXPECT_EQ(mem[0]->span.end_offset - mem[0]->span.offset, 27u);
  auto cuda = named(ff, "cuda");
  ASSERT_EQ(cuda.size(), 1u);
  EXPECT_EQ(cuda[0]->kind, FactKind::MethodCall);
  EXPECT_EQ(cuda[0]->receiver, "x");
}

TEST(AnalyzerFStrings, DottedNameFieldsAsTheLexerWouldTokeniseThem) {
  // One dotted name (tokenised without the lexer) and the same names inside a call (lexed):
  // the same facts at the same positions.
  FileFacts ff = analyze(
      "import torch\n"
      "a = f\"{ torch.version.cuda } {t.is_cuda} {None} {self.x}\"\n"
      "b = f\"{str(torch.version.cuda)} {str(t.is_cuda)}\"\n",
      "a.py");
  auto version = named(ff, "torch.version.cuda");
  ASSERT_EQ(version.size(), 2u);
  EXPECT_EQ(version[0]->kind, FactKind::Reference);
  EXPECT_EQ(version[0]->usage, Usage::Load);
  EXPECT_EQ(version[0]->span.line, 2u);
  EXPECT_EQ(version[0]->span.col, 9u);
  EXPECT_EQ(version[0]->span.end_col, 27u);
  EXPECT_EQ(version[1]->span.line, 3u);
  EXPECT_EQ(version[1]->span.col, 12u);
  auto is_cuda = named(ff, "is_cuda");
  ASSERT_EQ(is_cuda.size(), 2u);
  for (const Fact* f : is_cuda) {
    EXPECT_EQ(f->kind, FactKind::MethodCall);
    EXPECT_EQ(f->usage, Usage::Load);
    EXPECT_EQ(f->receiver, "t");
  }
  EXPECT_EQ(is_cuda[0]->span.col, 33u);  // the attribute name
  EXPECT_TRUE(named(ff, "x").empty());   // `self.x` reads are not kept, as outside f-strings
}

TEST(AnalyzerFStrings, MultiLineFieldsAndNestedFStrings) {
  FileFacts ff = analyze(
      "import torch as T\r\n"
      "s = f\"\"\"head\r\n"
      "  {\r\n"
      "    T.cuda.device_count()}\"\"\"\r\n"
      "t = f\"{f'{T.cuda.current_device()}'}\"\n",
      "a.py");
  auto count = named(ff, "torch.cuda.device_count");
  ASSERT_EQ(count.size(), 1u);
  EXPECT_EQ(count[0]->span.line, 4u);
  EXPECT_EQ(count[0]->span.col, 5u);
  auto cur = named(ff, "torch.cuda.current_device");
  ASSERT_EQ(cur.size(), 1u);
  EXPECT_EQ(cur[0]->span.line, 5u);
  EXPECT_EQ(cur[0]->span.col, 11u);
}

TEST(AnalyzerFStrings, LookAlikesHoldNoCode) {
  FileFacts ff = analyze(
      "import torch\n"
      "a = f\"{{torch.cuda.device_count()}}\"\n"        // doubled braces: text
      "b = \"{torch.cuda.device_count()}\".format()\n"  // not an f-string
      "# f\"{torch.cuda.device_count()}\"\n"            // a comment
      "c = f\"{x:torch.cuda.device_count()}\"\n"        // a format spec is text
      "d = f\"{torch.cuda.device_count()\n",            // unterminated: not analysed
      "a.py");
  EXPECT_TRUE(named(ff, "torch.cuda.device_count").empty());
}

TEST(AnalyzerFStrings, ComprehensionAndLambdaNamesShadowImports) {
  FileFacts ff = analyze(
      "import torch\n"
      "a = [f\"{torch.cuda.device_count()}\" for torch in xs]\n"
      "b = lambda torch: f\"{torch.cuda.device_count()}\"\n"
      "c = f\"{torch.cuda.device_count()}\"\n",
      "a.py");
  auto refs = named(ff, "torch.cuda.device_count");
  ASSERT_EQ(refs.size(), 1u);
  EXPECT_EQ(refs[0]->span.line, 4u);
}

TEST(AnalyzerFStrings, DeepNestingIsCappedNotRecursive) {
  std::string deep = "import torch\nx = ";
  std::string close;
  for (int i = 0; i < 40; ++i) {
    const char q = i % 2 ? '\'' : '"';
    deep += std::string("f") + q + "{";
    close = std::string("}") + q + close;
  }
  deep += "torch.cuda.device_count()" + close + "\n";
  FileFacts ff = analyze(deep, "a.py");  // 40 levels: within the lexer's budget, past ours
  EXPECT_TRUE(named(ff, "torch.cuda.device_count").empty());
  FileFacts shallow =
      analyze("import torch\nx = f\"{f'{f\"{torch.cuda.device_count()}\"}'}\"\n", "a.py");
  EXPECT_EQ(named(shallow, "torch.cuda.device_count").size(), 1u);
}

}  // namespace
}  // namespace ascendify::python
