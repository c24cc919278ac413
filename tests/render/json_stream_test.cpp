// The JSON report is written by hand (findings straight to text, in blocks rendered on several
// threads) but must be exactly what nlohmann's dump(2) gives for the same document: parsing the
// report and dumping it again must give the same bytes, whatever the thread count.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "hostile.hpp"
#include "render/render.hpp"

namespace ascendify::render {
namespace {

using ordered_json = nlohmann::ordered_json;

std::string streamed(const Assessment& a, unsigned threads, size_t* pieces = nullptr) {
  std::string out;
  size_t n = 0;
  render_json_to(
      a, [&](std::string_view p) { out += p, ++n; }, threads);
  if (pieces) *pieces = n;
  return out;
}

// A report with many findings (several blocks of 2048), with every optional field and text
// that needs escaping or replacing.
Assessment big_report(const testing::SampleRules& R) {
  Assessment a = testing::sample_assessment(R);
  testing::add_hostile(a, R);
  const std::vector<std::string> snippets = {
      "x = torch.cuda.empty_cache()",  "s = \"tab\\there\"",      "# 中文注释 torch.cuda",
      std::string("ctl \x01\x1f end"), "latin-1 \xe9t\xe9 bytes", "quote \" and \\ backslash"};
  for (uint32_t i = 0; i < 5000; ++i) {
    Finding f =
        testing::make_finding(i % 2 ? R.cache : R.fa, "pkg/m" + std::to_string(i / 7) + ".py",
                              i + 1, 3, "torch.cuda.empty_cache", snippets[i % snippets.size()]);
    if (i % 3 == 0) f.phases = {"training", "inference"};
    if (i % 5 == 0) f.sites = 4;
    if (i % 11 == 0) {
      f.cell = 2;
      f.cell_line = 7;
    }
    f.guarded = i % 4 == 0;
    f.scope = i % 6 ? "Block.forward" : "";
    a.findings.push_back(std::move(f));
  }
  return a;
}

TEST(JsonStream, ReportIsWhatTheLibraryDumpsForTheSameDocument) {
  testing::SampleRules R;
  const Assessment a = big_report(R);
  const std::string text = streamed(a, 1);
  const ordered_json doc = ordered_json::parse(text);
  EXPECT_EQ(text, doc.dump(2) + "\n");
  ASSERT_EQ(doc["findings"].size(), a.findings.size());
  const size_t base = a.findings.size() - 5000;  // the sample's own findings come first
  EXPECT_EQ(doc["findings"][base + 5]["sites"], 4);
  EXPECT_EQ(doc["findings"][base + 11]["cell_line"], 7);
  EXPECT_FALSE(doc["findings"][base + 1].contains("sites"));
}

TEST(JsonStream, SameBytesOnAnyThreadCountAndInBoundedPieces) {
  testing::SampleRules R;
  const Assessment a = big_report(R);
  size_t pieces = 0;
  const std::string one = streamed(a, 1);
  EXPECT_EQ(streamed(a, 2), one);
  EXPECT_EQ(streamed(a, 3, &pieces), one);
  EXPECT_EQ(streamed(a, 8), one);
  EXPECT_EQ(render_json(a), one);
  // Head, three finding blocks (5000+ findings / 2048), closing bracket, tail.
  EXPECT_GE(pieces, 6u);
}

// The arrays other than the findings are written element by element and passed on every 256 KB:
// 3,000 diagnostics of about 250 bytes each go out in several pieces, none much over that.
TEST(JsonStream, LongArrayMembersPassOnInBoundedPieces) {
  testing::SampleRules R;
  Assessment a = testing::sample_assessment(R);
  const size_t base = a.diagnostics.size();  // the sample's own come first
  for (uint32_t i = 0; i < 3000; ++i)
    a.diagnostics.push_back({"pkg/m" + std::to_string(i) + ".py", i % 3 ? i : 0,
                             std::string(200, "ab\"\t\xe9"[i % 5])});
  std::vector<size_t> sizes;
  std::string text;
  render_json_to(
      a,
      [&](std::string_view p) {
        sizes.push_back(p.size());
        text += p;
      },
      1);
  const ordered_json doc = ordered_json::parse(text);
  EXPECT_EQ(text, doc.dump(2) + "\n");
  ASSERT_EQ(doc["diagnostics"].size(), base + 3000);
  EXPECT_FALSE(doc["diagnostics"][base].contains("line"));
  EXPECT_EQ(doc["diagnostics"][base + 1]["line"], 1);
  size_t big = 0;
  for (size_t n : sizes) {
    EXPECT_LT(n, 256u * 1024 + 4096);
    if (n >= 256u * 1024) ++big;
  }
  EXPECT_GE(big, 2u);  // the diagnostics (about 800 KB) left in at least two full pieces
}

TEST(JsonStream, EmptyFindingsArray) {
  testing::SampleRules R;
  Assessment a = testing::sample_assessment(R);
  a.findings.clear();
  const std::string text = streamed(a, 4);
  EXPECT_NE(text.find("\"findings\": [],"), std::string::npos);
  EXPECT_EQ(text, ordered_json::parse(text).dump(2) + "\n");
}

TEST(SarifStream, ReportIsWhatTheLibraryDumpsForTheSameDocument) {
  testing::SampleRules R;
  const Assessment a = big_report(R);
  std::string text;
  size_t pieces = 0;
  render_sarif_to(a, [&](std::string_view p) { text += p, ++pieces; });
  const ordered_json doc = ordered_json::parse(text);
  EXPECT_EQ(text, doc.dump(2) + "\n");
  EXPECT_EQ(text, render_sarif(a));
  ASSERT_EQ(doc["runs"][0]["results"].size(), a.findings.size());
  EXPECT_EQ(doc["runs"][0]["columnKind"], "unicodeCodePoints");  // the part after the results
  EXPECT_GE(pieces, 4u);  // head, results in ~1 MB pieces, tail
}

TEST(SarifStream, NoFindings) {
  testing::SampleRules R;
  Assessment a = testing::sample_assessment(R);
  a.findings.clear();
  const std::string text = render_sarif(a);
  EXPECT_NE(text.find("\"results\": [],"), std::string::npos);
  EXPECT_EQ(text, ordered_json::parse(text).dump(2) + "\n");
}

}  // namespace
}  // namespace ascendify::render
