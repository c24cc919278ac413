#include <gtest/gtest.h>

#include <set>

#include "hostile.hpp"
#include "html_scan.hpp"
#include "render/render.hpp"
#include "sample.hpp"

namespace ascendify::render {
namespace {

using testing::scan_tags;

bool has(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

// The text of the element with id `id` up to its closing tag `end`.
std::string element(const std::string& h, const std::string& id, const std::string& end) {
  const size_t b = h.find("id=\"" + id + "\"");
  if (b == std::string::npos) return {};
  const size_t e = h.find(end, b);
  return h.substr(b, e == std::string::npos ? std::string::npos : e - b);
}

class HtmlReport : public ::testing::Test {
 protected:
  testing::SampleRules rules;
  Assessment a = testing::sample_assessment(rules);
};

TEST_F(HtmlReport, SelfContainedDocument) {
  const std::string h = render_html(a);
  EXPECT_EQ(h.rfind("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">", 0), 0u);
  EXPECT_TRUE(has(h,
                  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                  "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"));
  EXPECT_EQ(h.substr(h.size() - 15), "</body></html>\n");
  // Nothing is loaded from anywhere: no src attributes, links only to anchors in the page.
  for (const auto& t : scan_tags(h)) {
    EXPECT_NE(t.name, "link");
    EXPECT_NE(t.name, "img");
    EXPECT_NE(t.name, "iframe");
    for (const auto& [name, value] : t.attrs) {
      EXPECT_NE(name, "src") << t.name;
      if (name == "href") {
        EXPECT_EQ(value.substr(0, 1), "#") << value;
      }
    }
  }
  EXPECT_FALSE(has(h, "http://"));
  EXPECT_FALSE(has(h, "https://"));
  EXPECT_EQ(count(h, "<script>"), 1u);
  EXPECT_EQ(count(h, "</script>"), 1u);
  EXPECT_EQ(count(h, "<style>"), 1u);
}

TEST_F(HtmlReport, RepositoryTextCannotInjectMarkup) {
  testing::add_hostile(a, rules);
  const std::string h = render_html(a);
  // The only script block is ours; no snippet closes or opens one.
  EXPECT_EQ(count(h, "<script>"), 1u);
  EXPECT_EQ(count(h, "</script>"), 1u);
  EXPECT_FALSE(has(h, "<script>alert"));
  EXPECT_FALSE(has(h, "<img"));
  EXPECT_FALSE(has(h, "<iframe"));
  EXPECT_FALSE(has(h, "<svg onload"));
  EXPECT_FALSE(has(h, "<b onmouseover"));
  // No tag the browser would see carries an event handler, and every tag is one we emit.
  const std::set<std::string> ours = {
      "html", "head",  "meta", "title", "style",   "body",   "header", "h1",     "p",
      "code", "nav",   "a",    "main",  "section", "h2",     "div",    "span",   "small",
      "h3",   "ul",    "li",   "svg",   "text",    "rect",   "table",  "thead",  "tr",
      "th",   "tbody", "td",   "input", "select",  "option", "strong", "footer", "script"};
  for (const auto& t : scan_tags(h)) {
    const std::string name = t.name[0] == '/' ? t.name.substr(1) : t.name;
    EXPECT_TRUE(ours.count(name) == 1 || name == "title") << "unexpected tag " << t.name;
    for (const auto& [attr, value] : t.attrs)
      EXPECT_NE(attr.substr(0, 2), "on") << t.name << " " << attr << "=" << value;
  }
  // The hostile text is there, as text.
  EXPECT_TRUE(has(h,
                  "&lt;img src=x onerror=&quot;document.documentElement.setAttribute(&#39;data-"
                  "pwned&#39;,&#39;img&#39;)&quot;&gt;.py:3"));
  EXPECT_TRUE(has(h, "# &lt;script&gt;alert(1)&lt;/script&gt;&lt;/script&gt;&lt;script&gt;"));
  EXPECT_TRUE(has(h, "<title>&lt;b onmouseover=alert(1)&gt;wan&lt;/b&gt; — Ascend"));
  EXPECT_TRUE(has(h, "&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;script&gt;alert(4)"));
  EXPECT_TRUE(has(h, "<li>&lt;img src=x onerror=alert(5)&gt; (x.py:1)</li>"));
}

TEST_F(HtmlReport, ChartsAreInlineSvg) {
  const std::string h = render_html(a);
  const std::string domains = element(h, "chart-domains", "</svg>");
  ASSERT_FALSE(domains.empty());
  EXPECT_EQ(count(domains, "<rect class=\"bar\""), 7u);
  // Sample counts 1,2,2,1,1,1,1: the largest bar (device, attention) is the full 300 px.
  EXPECT_TRUE(has(domains,
                  "width=\"300.0\" height=\"18\" fill=\"#1f5fbf\"><title>Device Layer: "
                  "2</title>"));
  EXPECT_TRUE(has(domains,
                  "width=\"150.0\" height=\"18\" fill=\"#486581\"><title>Third-Party "
                  "Dependencies: 1</title>"));
  const std::string heat = element(h, "chart-heatmap", "</svg>");
  EXPECT_EQ(count(heat, "<rect class=\"cell\""), 14u);  // 2 phases x 7 domains
  // inference reaches flash-attn, the FA2 call and two empty_cache sites.
  EXPECT_TRUE(has(heat, "<title>inference / Third-Party Dependencies: 1</title>"));
  EXPECT_TRUE(has(heat, "<title>inference / Device Layer: 2</title>"));
  EXPECT_TRUE(has(heat, "<title>inference / Attention Mechanism: 1</title>"));
  EXPECT_TRUE(has(heat, "<title>training / Device Layer: 0</title>"));
  EXPECT_TRUE(has(heat, "<title>training / Custom Operators: 1</title>"));
  EXPECT_FALSE(has(heat, "not reached"));
  const std::string effort = element(h, "chart-effort", "</svg>");
  EXPECT_EQ(count(effort, "<rect class=\"bar\""), 9u);  // 7 domains, environment, verification
  EXPECT_TRUE(has(effort, "<title>Attention Mechanism: 0.4–0.9 weeks</title>"));
  EXPECT_TRUE(has(effort, "<title>Verification: 0.2–0.3 weeks</title>"));
  EXPECT_TRUE(has(effort, ">0.4–0.9 wk</text>"));
}

TEST_F(HtmlReport, SummaryFromTheAssessment) {
  const std::string h = render_html(a);
  EXPECT_TRUE(has(h,
                  "<span class=\"badge needs-adaptation\">needs adaptation</span></div><div "
                  "class=\"s\">需适配</div>"));
  EXPECT_TRUE(has(h, "<div class=\"v\">1.3–3.0 <small>weeks</small></div>"));
  EXPECT_TRUE(has(h, "environment 0.1–0.2 · verification 0.2–0.3"));
  EXPECT_TRUE(has(h, "<li>manual sites transfer_to_npu does not cover (wan/attention.py:10)</li>"));
  EXPECT_TRUE(has(h, "<li>Triton kernel fused_rms has no Ascend port (wan/kernels.py:5)</li>"));
  EXPECT_TRUE(has(h, "target: inference"));
  a.assessed = false;
  const std::string n = render_html(a);
  EXPECT_TRUE(has(n, "<span class=\"badge unknown\">not assessed</span>"));
  EXPECT_FALSE(has(n, "needs adaptation"));
}

TEST_F(HtmlReport, LongBlockerListsFoldPastTheFirstTen) {
  a.blockers.clear();
  for (int i = 1; i <= 12; ++i) a.blockers.push_back("cuda kernel k" + std::to_string(i));
  const std::string h = render_html(a);
  const size_t list = h.find("id=\"blockers\"");
  const size_t more = h.find("<details id=\"more-blockers\"><summary>2 more</summary>");
  ASSERT_NE(list, std::string::npos);
  ASSERT_NE(more, std::string::npos);
  EXPECT_LT(h.find("cuda kernel k10<"), more);
  EXPECT_GT(h.find("cuda kernel k11<"), more);
  EXPECT_GT(h.find("cuda kernel k12<"), more);
}

TEST_F(HtmlReport, FindingsTableRowsCarryFilterKeys) {
  const std::string h = render_html(a);
  const std::string t = element(h, "findings-table", "</table>");
  EXPECT_EQ(count(t, "<tr data-i="), 9u);
  EXPECT_EQ(count(t, "data-domain=\"device\""), 2u);
  EXPECT_EQ(count(t, "data-conf=\"low\""), 1u);
  EXPECT_TRUE(has(t,
                  "<tr data-i=\"7\" data-domain=\"device\" data-conf=\"high\"><td class=\"n\">8"
                  "</td><td data-k=\"1\">Device Layer</td><td class=\"loc\" data-k=\"wan/utils.py\t"
                  "0000000012\"><code>wan/utils.py:12</code></td>"));
  EXPECT_TRUE(has(t,
                  "<td class=\"snip\"><code>torch.cuda.empty_cache()  # "
                  "&lt;script&gt;alert(1)&lt;/script&gt;</code></td>"));
  EXPECT_TRUE(has(t, "auto (ascendify fix) · guarded"));
  // Sortable headers; numeric columns say so.
  EXPECT_TRUE(has(h,
                  "<table class=\"sortable findings\" id=\"findings-table\"><thead><tr>"
                  "<th data-num>#</th><th>Domain</th><th>File:line</th>"));
  EXPECT_TRUE(has(h, "<select id=\"f-domain\""));
  EXPECT_TRUE(has(h, "<option value=\"custom_op\">Custom Operators</option>"));
  EXPECT_TRUE(has(h, "<option value=\"medium\">Medium</option>"));
  EXPECT_FALSE(has(h, "id=\"unreached-table\""));
}

TEST_F(HtmlReport, UnreachedFindingsApart) {
  a.findings.push_back(testing::make_finding(rules.cache, "tools/bench.py", 4, 1,
                                             "torch.cuda.empty_cache", "torch.cuda.empty_cache()"));
  a.counts[1] += 1;
  // requirements.txt also holds an unreached finding elsewhere; its reached flash-attn line
  // (phases: inference) stays in the main table.
  a.unreached_files = {"requirements.txt", "tools/bench.py"};
  a.unreached_findings = 1;
  const std::string h = render_html(a);
  EXPECT_TRUE(has(element(h, "findings-table", "</table>"), "requirements.txt:3"));
  EXPECT_EQ(count(element(h, "findings-table", "</table>"), "<tr data-i="), 9u);
  const std::string apart = element(h, "unreached-table", "</table>");
  EXPECT_EQ(count(apart, "<tr data-i="), 1u);
  EXPECT_TRUE(has(apart, "tools/bench.py:4"));
  EXPECT_FALSE(has(apart, "requirements.txt"));
  EXPECT_TRUE(has(h, "Not on the default run (1 findings)"));
  EXPECT_TRUE(has(element(h, "chart-heatmap", "</svg>"), "<title>not reached / Device Layer: 1"));
}

TEST_F(HtmlReport, MatrixSetsKernelsRoadmapRisks) {
  const std::string h = render_html(a);
  const std::string m = element(h, "matrix", "</section>");
  EXPECT_TRUE(has(m,
                  "<tr><td>flash-attn</td><td class=\"needed\">needed (1)</td><td "
                  "class=\"not-needed\">not needed</td><td>torch_npu.npu_fusion_attention"
                  "</td><td class=\"n\">0.5</td></tr>"));
  // empty_cache: two inference sites, one guarded -> needed.
  EXPECT_TRUE(has(m, "<code>torch.cuda.empty_cache</code></td><td class=\"needed\">needed (2)"));
  EXPECT_TRUE(has(m,
                  "<td><strong>minimal</strong></td><td>inference</td><td class=\"n\">4</td>"
                  "<td class=\"n\">0.8–1.6</td>"));
  EXPECT_TRUE(has(m, "<td>incremental</td><td>training</td>"));
  EXPECT_TRUE(has(m, "<code>wan/kernels.py:5 fused_rms</code>"));
  const std::string k = element(h, "kernels", "</section>");
  EXPECT_TRUE(has(k,
                  "<code>fused_rms</code></td><td><code>wan/kernels.py:5</code></td><td "
                  "class=\"n\">40</td><td>num_warps</td><td>RMSNorm forward</td>"));
  const std::string r = element(h, "roadmap", "</section>");
  EXPECT_TRUE(has(r,
                  "<td><strong>Device redirect</strong></td><td>Add transfer_to_npu to entry "
                  "scripts</td><td class=\"n\">0.2–0.5</td><td class=\"n\">2</td>"));
  const std::string risks = element(h, "risks", "</section>");
  EXPECT_EQ(count(risks, "<tr data-i="), 8u);
  EXPECT_TRUE(has(risks,
                  "<td><code>triton.jit</code></td><td>per-kernel analysis</td><td "
                  "data-k=\"2\" class=\"conf-low\">Low</td>"));
}

TEST_F(HtmlReport, DeterministicAndEmptyAssessmentRenders) {
  EXPECT_EQ(render_html(a), render_html(a));
  Assessment empty;
  empty.root = "/x";
  const std::string h = render_html(empty);
  EXPECT_TRUE(has(h, "id=\"chart-domains\""));
  EXPECT_TRUE(has(h, "<title>(no phases) / Device Layer: 0</title>"));
  EXPECT_TRUE(has(h, "No custom kernels found."));
  EXPECT_EQ(count(h, "</script>"), 1u);
}

}  // namespace
}  // namespace ascendify::render
