#include <gtest/gtest.h>

#include <set>

#include "hostile.hpp"
#include "html_big.hpp"
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

// The <details class="fg"> group of file `path` (its summary names the path first).
std::string group(const std::string& h, const std::string& path) {
  const size_t at = h.find("<summary><code>" + path + "</code>");
  if (at == std::string::npos) return {};
  const size_t b = h.rfind("<details class=\"fg\"", at);
  return h.substr(b, h.find("</details>", at) - b);
}

class HtmlReport : public ::testing::Test {
 protected:
  testing::SampleRules rules;
  Assessment a = testing::sample_assessment(rules);
};

TEST_F(HtmlReport, SelfContainedDocument) {
  for (Lang lang : {Lang::En, Lang::Zh}) {
    const std::string h = render_html(a, lang);
    EXPECT_EQ(h.rfind(std::string("<!DOCTYPE html>\n<html lang=\"") +
                          (lang == Lang::Zh ? "zh-CN" : "en") + "\"><head><meta charset=\"utf-8\">",
                      0),
              0u);
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
}

TEST_F(HtmlReport, RepositoryTextCannotInjectMarkup) {
  testing::add_hostile(a, rules);
  // A blocker quotes its line as a code span: its text stays text inside <code>.
  a.blockers.push_back("assert: `</code><script>alert(7)</script>` and `<b onclick=x>` (a.py:1)");
  a.run_stop_sites = {{testing::kEvilPath, "why <i>", "", testing::kEvilSnippet, {"<p>"}, true}};
  for (Lang lang : {Lang::En, Lang::Zh}) {
    const std::string h = render_html(a, lang);
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
        "html",    "head",    "meta", "title", "style",   "body",   "header", "h1",     "p",
        "code",    "nav",     "a",    "main",  "section", "h2",     "div",    "span",   "small",
        "h3",      "ul",      "li",   "svg",   "text",    "rect",   "table",  "thead",  "tr",
        "th",      "tbody",   "td",   "input", "select",  "option", "strong", "footer", "script",
        "details", "summary", "b",    "br",    "button",  "ol"};
    for (const auto& t : scan_tags(h)) {
      const std::string name = t.name[0] == '/' ? t.name.substr(1) : t.name;
      EXPECT_TRUE(ours.count(name) == 1) << "unexpected tag " << t.name;
      for (const auto& [attr, value] : t.attrs)
        EXPECT_NE(attr.substr(0, 2), "on") << t.name << " " << attr << "=" << value;
    }
    // The hostile text is there, as text: the file name in its group's summary, the snippet in
    // its row, the project in the title.
    EXPECT_TRUE(has(h,
                    "<summary><code>&lt;img src=x onerror=&quot;document.documentElement."
                    "setAttribute(&#39;data-pwned&#39;,&#39;img&#39;)&quot;&gt;.py</code>"));
    EXPECT_TRUE(has(h, "# &lt;script&gt;alert(1)&lt;/script&gt;&lt;/script&gt;&lt;script&gt;"));
    EXPECT_TRUE(has(h, "<title>&lt;b onmouseover=alert(1)&gt;wan&lt;/b&gt; —"));
    EXPECT_TRUE(has(h, "&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;script&gt;alert(4)"));
    EXPECT_TRUE(has(h, "<li>&lt;img src=x onerror=alert(5)&gt; (x.py:1)</li>"));
    EXPECT_TRUE(has(h,
                    "<li>assert: <code>&lt;/code&gt;&lt;script&gt;alert(7)&lt;/script&gt;</code> "
                    "and <code>&lt;b onclick=x&gt;</code> (a.py:1)</li>"));
    EXPECT_TRUE(has(h,
                    "<li><code>&lt;img src=x onerror=&quot;document.documentElement.setAttribute("
                    "&#39;data-pwned&#39;,&#39;img&#39;)&quot;&gt;.py</code> <span class=\"muted\">"
                    "(&lt;p&gt;)</span> — why &lt;i&gt;: <code>x = 1  # &lt;script&gt;"));
  }
}

TEST_F(HtmlReport, ChartsAreInlineSvg) {
  const std::string h = render_html(a, Lang::En);
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
  EXPECT_TRUE(has(heat, ">Custom ops</text>"));
  EXPECT_FALSE(has(heat, "not reached"));
  const std::string effort = element(h, "chart-effort", "</svg>");
  EXPECT_EQ(count(effort, "<rect class=\"bar\""), 9u);  // 7 domains, environment, verification
  EXPECT_TRUE(has(effort, "<title>Attention Mechanism: 0.4–0.9 weeks</title>"));
  EXPECT_TRUE(has(effort, "<title>Verification: 0.2–0.3 weeks</title>"));
  EXPECT_TRUE(has(effort, ">0.4–0.9 wk</text>"));
  // The same charts in Chinese.
  const std::string z = render_html(a, Lang::Zh);
  EXPECT_TRUE(has(element(z, "chart-domains", "</svg>"), "<title>设备层: 2</title>"));
  EXPECT_TRUE(has(element(z, "chart-heatmap", "</svg>"), ">自定义算子</text>"));
  EXPECT_TRUE(has(element(z, "chart-effort", "</svg>"), "<title>验证: 0.2–0.3 周</title>"));
  EXPECT_TRUE(has(element(z, "chart-effort", "</svg>"), ">0.4–0.9 周</text>"));
  EXPECT_TRUE(has(z, "aria-label=\"各域发现数\""));
}

TEST_F(HtmlReport, SummaryFromTheAssessment) {
  const std::string h = render_html(a, Lang::En);
  const std::string summary = element(h, "summary", "</section>");
  EXPECT_TRUE(has(summary,
                  "<div class=\"card\" id=\"card-findings\"><div class=\"k\">Findings"
                  "</div><div class=\"v\">9</div><div class=\"s\">1 blocker-level · 0 "
                  "not reached</div></div>"));
  EXPECT_TRUE(
      has(summary, "<li>manual sites transfer_to_npu does not cover (wan/attention.py:10)</li>"));
  EXPECT_TRUE(
      has(summary, "<li>Triton kernel fused_rms has no Ascend port (wan/kernels.py:5)</li>"));
  EXPECT_TRUE(has(summary, "target: inference"));
  // The verdict and the effort open the page, in the manager's view.
  EXPECT_FALSE(has(summary, "card-feasibility"));
  const std::string glance = element(h, "glance", "</section>");
  EXPECT_TRUE(has(glance,
                  "<span class=\"badge needs-adaptation\">needs adaptation</span></div><div "
                  "class=\"s\">需适配</div>"));
  EXPECT_TRUE(has(glance, "<div class=\"v\">1.3–3.0 <small>weeks</small></div>"));
  EXPECT_TRUE(has(glance, "environment 0.1–0.2 · verification 0.2–0.3"));
  a.assessed = false;
  const std::string n = render_html(a, Lang::En);
  EXPECT_TRUE(has(n, "<span class=\"badge unknown\">not assessed</span>"));
  EXPECT_FALSE(has(n, "needs adaptation"));
  EXPECT_FALSE(has(n, "id=\"run-stoppers\""));
  EXPECT_TRUE(has(render_html(a, Lang::Zh), "<span class=\"badge unknown\">未评估</span>"));
}

// The page opens with the manager's view: verdict, effort, what stops the run (file:line), the
// work to adapt by hand, the mechanical work and the command that does it, tuning, assumptions.
TEST_F(HtmlReport, ManagerViewOpensThePage) {
  a.findings[7].site_class = SiteClass::Mechanical;  // empty_cache (transfer_to_npu covers it)
  a.findings[5].site_class = SiteClass::Tuning;      // torch.compile
  a.site_classes = {1, 4, 1, 1, 1};
  a.run_stop_sites = {{"wan/train.py:3",
                       "asserts CUDA",
                       "断言 CUDA",
                       "assert torch.cuda.is_available()",
                       {"training"},
                       false}};
  a.assumptions = {{"week", "1 person-week = 40 hours.", "1 人周 = 40 小时。"}};
  const std::string h = render_html(a, Lang::En);
  EXPECT_EQ(h.find("<section"), h.find("<section id=\"glance\"><h2>At a glance</h2>"));
  EXPECT_LT(h.find("id=\"glance\""), h.find("id=\"summary\""));
  EXPECT_TRUE(has(h, "<nav><a href=\"#glance\">At a glance</a>"));
  const std::string g = element(h, "glance", "</section>");
  EXPECT_TRUE(has(g,
                  "<div class=\"card\" id=\"card-stops\"><div class=\"k\">Stops the run</div>"
                  "<div class=\"v\">1 (0 in inference, the target phase)</div>"));
  EXPECT_TRUE(
      has(g,
          "<div class=\"card\" id=\"card-adapt\"><div class=\"k\">Must adapt by hand"
          "</div><div class=\"v\">4</div><div class=\"s\">4 sites with those that stop the run, "
          "about 62 h</div>"));
  EXPECT_TRUE(has(g,
                  "<h3>Stops the run (1)</h3><div id=\"run-stoppers\"><ol class=\"ev\"><li><code>"
                  "wan/train.py:3</code> <span class=\"muted\">(training)</span> — asserts CUDA: "
                  "<code>assert torch.cuda.is_available()</code></li></ol></div>"));
  // Must adapt: by the knowledge base's hours, most first (triton 40, FA2 16, flash-attn 4,
  // nccl 2).
  const std::string adapt = element(g, "must-adapt", "</table>");
  EXPECT_EQ(count(adapt, "<tr><td>"), 4u);
  EXPECT_TRUE(has(adapt,
                  "<tbody><tr><td><code>triton.jit</code></td><td>per-kernel analysis</td><td "
                  "class=\"n\">1</td><td class=\"n\">40</td><td><code>wan/kernels.py:5</code>"
                  "</td></tr><tr><td><code>flash_attn.flash_attn_func</code></td>"));
  EXPECT_TRUE(has(g,
                  "<h3>Mechanical (1)</h3><p id=\"mechanical\"><code>ascendify fix /repos/wan "
                  "--transfer-to-npu --apply</code> makes them: it rewrites 0 sites and adds the "
                  "transfer_to_npu start-up lines that cover the other 1. Run it without "
                  "<code>--apply</code> first to review the diff.</p>"));
  EXPECT_TRUE(has(element(g, "tuning", "</table>"),
                  "<td><code>torch.compile</code></td><td>disable or torch_npu backend</td><td "
                  "class=\"n\">1</td><td><code>wan/train.py:3</code></td>"));
  EXPECT_TRUE(has(g, "<ul class=\"ev\" id=\"assumptions\"><li>1 person-week = 40 hours.</li>"));
  // The same view in Chinese.
  const std::string z = element(render_html(a, Lang::Zh), "glance", "</section>");
  EXPECT_TRUE(has(z, "<h2>概览（管理者视图）</h2>"));
  EXPECT_TRUE(has(z, "<div class=\"v\">1（其中 0 处在目标阶段 inference）</div>"));
  EXPECT_TRUE(has(z, "— 断言 CUDA: <code>assert torch.cuda.is_available()</code>"));
  EXPECT_TRUE(has(z, "请先去掉 <code>--apply</code> 运行一次以审阅 diff。"));
  EXPECT_TRUE(has(z, "<li>1 人周 = 40 小时。</li>"));
  // Twelve run-stoppers: ten in view, two one click away.
  a.run_stop_sites.resize(12, a.run_stop_sites[0]);
  const std::string many = element(render_html(a, Lang::En), "run-stoppers", "<h3>");
  const size_t more = many.find("<details><summary>+2 more</summary><ol class=\"ev\">");
  ASSERT_NE(more, std::string::npos);
  EXPECT_EQ(count(many.substr(0, more), "<li>"), 10u);
  EXPECT_EQ(count(many.substr(more), "<li>"), 2u);
}

TEST_F(HtmlReport, LongBlockerListsFoldPastTheFirstTen) {
  a.blockers.clear();
  for (int i = 1; i <= 12; ++i) {
    a.blockers.push_back("cuda kernel k" + std::to_string(i));
    a.blockers_zh.push_back("CUDA 算子 k" + std::to_string(i));
  }
  const std::string h = render_html(a, Lang::En);
  const size_t list = h.find("id=\"blockers\"");
  const size_t more = h.find("<details id=\"more-blockers\"><summary>+2 more</summary>");
  ASSERT_NE(list, std::string::npos);
  ASSERT_NE(more, std::string::npos);
  EXPECT_LT(h.find("cuda kernel k10<"), more);
  EXPECT_GT(h.find("cuda kernel k11<"), more);
  EXPECT_GT(h.find("cuda kernel k12<"), more);
  const std::string z = render_html(a, Lang::Zh);
  EXPECT_TRUE(has(z, "<details id=\"more-blockers\"><summary>另有 2 处</summary>"));
  EXPECT_TRUE(has(z, "<li>CUDA 算子 k12</li>"));
  EXPECT_FALSE(has(z, "cuda kernel k"));
}

TEST_F(HtmlReport, FindingsGroupedByFileOneRowPerLine) {
  // A second rule on line 12 of wan/utils.py shares its row.
  Finding twin = testing::make_finding(rules.compile, "wan/utils.py", 12, 30, "torch.compile",
                                       "torch.cuda.empty_cache()  # <script>alert(1)</script>");
  twin.phases = {"training"};
  twin.site_class = SiteClass::StopsRun;
  a.findings.insert(a.findings.begin() + 8, twin);
  const std::string h = render_html(a, Lang::En);
  const std::string work = element(h, "work", "<details class=\"part\"");
  // One group per file with work (the SDPA line is info: in the appendix), path order; the
  // first three open.
  EXPECT_EQ(count(work, "<details class=\"fg\""), 6u);
  EXPECT_EQ(count(work, "<details class=\"fg\" data-n=\"1\" open>"), 3u);
  EXPECT_LT(work.find("<code>requirements.txt</code>"), work.find("<code>wan/attention.py</code>"));
  const std::string utils = group(h, "wan/utils.py");
  EXPECT_TRUE(has(utils,
                  "<details class=\"fg\" data-n=\"3\"><summary><code>wan/utils.py</code> <b>3 "
                  "findings</b> · <span class=\"s0\">1 stops the run</span> · <span "
                  "class=\"s1\">2 must adapt</span> <span class=\"muted\">(Device 2 · Compile "
                  "1)</span></summary>"));
  EXPECT_EQ(count(utils, "<tr "), 2u);  // lines 12 and 14
  EXPECT_TRUE(has(utils,
                  "<tr class=\"d1 d6 c0 c1 s0 s1\" data-n=\"2\"><td>12</td><td>must adapt / stops "
                  "the run</td><td>device.cuda-empty-cache compile.torch-compile</td><td><code>"
                  "torch.cuda.empty_cache()  # &lt;script&gt;alert(1)&lt;/script&gt;</code></td>"
                  "<td>torch.npu.empty_cache()<br>disable or torch_npu backend</td><td>High / "
                  "Medium</td><td>auto (transfer_to_npu)<br>manual</td><td>inference, "
                  "training</td></tr>"));
  EXPECT_TRUE(has(utils, "<td>auto (ascendify fix) · guarded</td>"));
  // Per-row markup is short: no style attribute, no inline id, no per-cell class.
  EXPECT_FALSE(has(work, "style="));
  EXPECT_FALSE(has(work, "<td class="));
  // Sortable headers; the kind of work and the confidence sort by the row's keys.
  EXPECT_TRUE(has(utils,
                  "<table class=\"sortable fx\"><thead><tr><th data-num>Line</th><th "
                  "data-cls=\"s\">Work</th><th>Rule</th><th>Original</th><th>Replacement</th><th "
                  "data-cls=\"c\">Confidence</th><th>Auto/Manual</th><th>Phases</th></tr>"));
  // Filters: option i + 1 is enum value i; the counter is rendered for the script's template.
  EXPECT_TRUE(has(h, "<select id=\"f-domain\""));
  EXPECT_TRUE(has(h, "<option value=\"custom_op\">Custom Operators</option>"));
  EXPECT_TRUE(has(h, "<option value=\"medium\">Medium</option>"));
  EXPECT_TRUE(has(h,
                  "<select id=\"f-class\" aria-label=\"Work\"><option value=\"\">Any kind of "
                  "work</option><option value=\"stops-run\">stops the run</option>"));
  EXPECT_TRUE(has(h,
                  "<span id=\"f-count\" class=\"muted\" data-fmt=\"{shown} of {total} findings "
                  "shown\">10 of 10 findings shown</span>"));
  EXPECT_FALSE(has(h, "id=\"unreached\""));
}

TEST_F(HtmlReport, NoChangeFindingsInAClosedAppendix) {
  a.findings[1].site_class = SiteClass::NoChange;  // the FA2 call, as if printed only
  const std::string h = render_html(a, Lang::En);
  const std::string work = element(h, "work", "<details class=\"part\"");
  EXPECT_FALSE(has(work, "wan/attention.py"));
  const std::string appendix = element(h, "no-change", "</section>");
  ASSERT_FALSE(appendix.empty());
  EXPECT_EQ(h.find("<details class=\"part\" id=\"no-change\"><summary><h3>No change needed <span "
                   "class=\"muted\">(2 findings)</span></h3></summary>"),
            h.find("<details class=\"part\" id=\"no-change\""));
  // Both attention.py lines (SDPA: info; FA2: no change) in one closed group.
  const std::string g = group(appendix, "wan/attention.py");
  EXPECT_EQ(g.rfind("<details class=\"fg\" data-n=\"2\"><summary>", 0), 0u);
  EXPECT_EQ(count(g, "<tr class=\"d2 c0 s4\">"), 2u);
  EXPECT_TRUE(has(g, "<td>20</td><td>no change</td><td>attention.sdpa</td>"));
  EXPECT_TRUE(has(g, "<td>info (no change)</td>"));
  EXPECT_FALSE(has(appendix, " open>"));
}

TEST_F(HtmlReport, UnreachedFindingsApart) {
  a.findings.push_back(testing::make_finding(rules.cache, "tools/bench.py", 4, 1,
                                             "torch.cuda.empty_cache", "torch.cuda.empty_cache()"));
  a.counts[1] += 1;
  // requirements.txt also holds an unreached finding elsewhere; its reached flash-attn line
  // (phases: inference) stays in the work groups.
  a.unreached_files = {"requirements.txt", "tools/bench.py"};
  a.unreached_findings = 1;
  a.unused_definitions = {{"wan/old.py", "legacy_step", 9, 3, false}};
  const std::string h = render_html(a, Lang::En);
  const std::string work = element(h, "work", "<details class=\"part\"");
  EXPECT_TRUE(has(work, "<code>requirements.txt</code>"));
  EXPECT_FALSE(has(work, "tools/bench.py"));
  const std::string apart = element(h, "unreached", "id=\"no-change\"");
  EXPECT_EQ(count(apart, "<tr class="), 1u);
  EXPECT_TRUE(has(apart, "<summary><code>tools/bench.py</code> <b>1 finding</b>"));
  EXPECT_FALSE(has(apart, "requirements.txt"));
  EXPECT_TRUE(has(h,
                  "<details class=\"part\" id=\"unreached\"><summary><h3>Not reached from any "
                  "entry point <span class=\"muted\">(1 finding)</span></h3></summary>"));
  EXPECT_TRUE(
      has(apart, "<li><code>legacy_step</code> <code>wan/old.py:9</code> (3 findings)</li>"));
  EXPECT_TRUE(has(element(h, "chart-heatmap", "</svg>"), "<title>not reached / Device Layer: 1"));
}

TEST_F(HtmlReport, LongGroupsArePagedAndLateGroupsClosed) {
  // 10,000 findings: 25 per file, every fifth on the line before it.
  const Assessment big = testing::big_assessment(rules, 10000);
  const std::string h = render_html(big, Lang::En);
  const std::string work = element(h, "work", "<details class=\"part\"");
  EXPECT_EQ(count(work, "<details class=\"fg\""), 380u);  // 400 files, 20 not reached
  EXPECT_EQ(count(work, " open>"), 3u);
  EXPECT_EQ(count(work, " hidden>"), 0u);  // no group is longer than a page
  // One file of 1,000 findings: rows past the 200th hidden behind the group's button.
  Assessment one = testing::big_assessment(rules, 1000);
  for (auto& f : one.findings) f.path = "one.py", f.phases = {"inference"};
  one.unreached_files.clear();
  const std::string o = render_html(one, Lang::En);
  const std::string g = group(o, "one.py");
  const size_t rows = count(g, "<tr class=");
  // 1,000 findings on 800 lines; 75 lines hold only an SDPA finding (info: the appendix).
  EXPECT_EQ(rows, 800u - 75u);
  EXPECT_EQ(count(g, " hidden>"), rows - 200);
  EXPECT_TRUE(has(g, "<button type=\"button\" class=\"more\">Show all rows</button>"));
  EXPECT_TRUE(has(o, "<section id=\"findings\" data-page=\"200\">"));
}

TEST_F(HtmlReport, TenThousandFindingsInLessThanFourMegabytes) {
  // The same assessment made 5.4 MB with one table row of 540 bytes per finding; the rows
  // now carry their filter keys in one class attribute and the path once per file.
  const std::string h = render_html(testing::big_assessment(rules, 10000), Lang::En);
  EXPECT_LT(h.size(), 4u * 1000 * 1000) << h.size();
  EXPECT_GT(h.size(), 2u * 1000 * 1000) << h.size();  // every finding is there
  // One row per line: 10,000 findings on 8,000 lines; 500 lines pair an SDPA finding (info,
  // in the appendix) with a work item, and show in both parts.
  EXPECT_EQ(count(h, "<tr class="), 8500u);
}

TEST_F(HtmlReport, MatrixSetsKernelsRoadmapRisks) {
  const std::string h = render_html(a, Lang::En);
  const std::string m = element(h, "matrix", "</section>");
  EXPECT_TRUE(has(m,
                  "<tr><td>flash-attn</td><td class=\"needed\">needed (1)</td><td "
                  "class=\"not-needed\">not needed</td><td>torch_npu.npu_fusion_attention"
                  "</td><td class=\"n\">0.5</td></tr>"));
  // empty_cache: two inference sites, one guarded -> needed.
  EXPECT_TRUE(has(m, "<code>torch.cuda.empty_cache</code></td><td class=\"needed\">needed (2)"));
  // A literal or an attribute tail names its rule too.
  EXPECT_TRUE(has(m, "<td><code>.float</code> (<code>precision.rmsnorm-float</code>)</td>"));
  EXPECT_TRUE(has(m, "<td><code>&quot;nccl&quot;</code> (<code>distributed.nccl-backend</code>)"));
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

TEST_F(HtmlReport, ChineseAndEnglishPagesDiffer) {
  const std::string en = render_html(a, Lang::En);
  const std::string zh = render_html(a, Lang::Zh);
  EXPECT_NE(en, zh);
  for (const char* heading :
       {"<h2>Executive Summary</h2>", "<h2>Dependency Matrix (per task phase)</h2>",
        "<h2>Findings by file</h2>", "<h2>Kernel inventory</h2>",
        "<h2>Third-Party Dependencies</h2>", "<h2>Migration Roadmap</h2>", "<h2>Risk Matrix</h2>",
        "<h2>Diagnostics</h2>", "<a href=\"#findings\">Findings</a>"}) {
    EXPECT_TRUE(has(en, heading)) << heading;
    EXPECT_FALSE(has(zh, heading)) << heading;
  }
  for (const char* heading :
       {"<h2>执行摘要</h2>", "<h2>依赖矩阵（按任务阶段）</h2>", "<h2>发现（按文件）</h2>",
        "<h2>算子清单</h2>", "<h2>第三方依赖</h2>", "<h2>迁移路线图</h2>", "<h2>风险矩阵</h2>",
        "<h2>诊断</h2>", "<a href=\"#findings\">发现</a>", "<th data-num>行</th>"}) {
    EXPECT_TRUE(has(zh, heading)) << heading;
    EXPECT_FALSE(has(en, heading)) << heading;
  }
  EXPECT_TRUE(has(zh, "<title>wan — 昇腾 NPU 迁移评估报告</title>"));
  EXPECT_TRUE(has(zh,
                  "<span class=\"badge needs-adaptation\">需适配</span></div><div "
                  "class=\"s\">needs adaptation</div>"));
  EXPECT_TRUE(has(zh, "<div class=\"v\">1.3–3.0 <small>周</small></div>"));
  EXPECT_TRUE(has(zh, "环境搭建 0.1–0.2 · 验证 0.2–0.3"));
  EXPECT_TRUE(has(zh, "<td>需要 (1)</td>") || has(zh, "<td class=\"needed\">需要 (1)</td>"));
  EXPECT_TRUE(has(zh, "<td>手动</td>"));
  EXPECT_TRUE(has(zh, "<td>自动（ascendify fix） · 有保护/可选</td>"));
  EXPECT_TRUE(has(zh, "<td>需替换</td>"));  // the dependency's status
  EXPECT_TRUE(has(zh, "<td>兼容 <span class=\"muted\">(知识库未收录"));
  EXPECT_TRUE(has(zh, "<td>是</td>"));
  EXPECT_TRUE(has(zh, ">显示 9 / 9 条发现</span>"));
  EXPECT_EQ(render_html(a, Lang::Zh), zh);
}

TEST_F(HtmlReport, ChineseTextOfTheData) {
  a.run_stop_sites = {{"train.py:3",
                       "asserts CUDA",
                       "CUDA 断言",
                       "assert torch.cuda.is_available()",
                       {"training"},
                       false}};
  a.blockers_zh = {"Triton 算子 fused_rms 没有昇腾移植 (wan/kernels.py:5)"};
  a.optional_blockers = {"fp8 (m/fp8.py:7)"};
  a.optional_blockers_zh = {"fp8 可选功能 (m/fp8.py:7)"};
  a.findings[0].replacement_zh = "torch_npu 融合注意力";
  a.kernels[0].ascend_path_zh = "改用 torch_npu.npu_rms_norm";
  a.dependencies[0].replacement_zh = "融合注意力算子";
  a.dependencies[0].npu_release = "torch_npu 2.1.0";
  a.dependencies[0].npu_release_zh = "配套 torch_npu 2.1.0";
  DependencyRow tool;
  tool.name = "pytest";
  tool.status = DependencyStatus::Compatible;
  tool.dev_tool = true;
  a.dependencies.push_back(tool);
  a.risks[2].replacement_zh = "mindiesd 注意力";
  a.assumptions = {{"team", "One engineer who knows the code.", "一名熟悉代码的工程师。"}};
  a.hardware = {"910b", "Atlas 800T A2", "Atlas 800T A2 训练服务器", "Ascend 910B, 64 GB",
                "昇腾 910B，64 GB"};
  a.verdict_basis.kind = Assessment::VerdictBasis::Kind::Rewrite;
  a.verdict_basis.scope = Assessment::VerdictBasis::Scope::Phase;
  a.verdict_basis.phase = "infer<ence>";
  a.verdict_basis.count = 2;
  const std::string zh = render_html(a, Lang::Zh);
  EXPECT_TRUE(
      has(zh,
          "<li><code>train.py:3</code> <span class=\"muted\">(training)</span> — CUDA 断言: "
          "<code>assert torch.cuda.is_available()</code></li>"));
  EXPECT_TRUE(has(zh, "<li>Triton 算子 fused_rms 没有昇腾移植 (wan/kernels.py:5)</li>"));
  EXPECT_TRUE(has(zh, "<li>fp8 可选功能 (m/fp8.py:7)</li>"));
  EXPECT_TRUE(has(zh, "<td>torch_npu 融合注意力</td>"));  // the finding's replacement
  EXPECT_TRUE(has(zh, "<td>改用 torch_npu.npu_rms_norm</td>"));
  EXPECT_TRUE(has(zh, "<td>融合注意力算子 · 配套 torch_npu 2.1.0</td>"));
  EXPECT_TRUE(has(zh, "<td>mindiesd 注意力</td>"));
  EXPECT_TRUE(has(zh, "<li>一名熟悉代码的工程师。</li>"));
  EXPECT_TRUE(has(zh, "目标硬件：<strong>Atlas 800T A2 训练服务器</strong>（昇腾 910B，64 GB）"));
  EXPECT_TRUE(
      has(zh, "<td><strong>设备重定向</strong></td><td>在入口脚本加入 transfer_to_npu</td>"));
  // The roadmap step without Chinese keeps its English.
  EXPECT_TRUE(has(zh, "<td><strong>Attention</strong></td><td>Port FA2 calls</td>"));
  // The verdict's criterion in Chinese, repository text escaped.
  EXPECT_TRUE(has(zh,
                  "<ul class=\"ev\" id=\"evidence\"><li>阶段 infer&lt;ence&gt;：2 "
                  "处需重写的算子、阻塞级发现或未移植的框架</li></ul>"));
  EXPECT_FALSE(has(zh, "manual sites transfer_to_npu does not cover"));
  // Development tools: not in the dependency table, one line below it.
  EXPECT_FALSE(has(element(zh, "dependencies", "</table>"), "pytest"));
  EXPECT_TRUE(has(zh,
                  "<p id=\"dev-tools\">开发工具（测试、静态检查、文档；不在运行路径上，与设备无关）"
                  "：<code>pytest</code></p>") ||
              has(zh,
                  "<p id=\"dev-tools\">开发工具（测试、静态检查、文档；不在运行路径上，与设备无关）"
                  ": <code>pytest</code></p>"));
  // The English page keeps the English of each.
  const std::string en = render_html(a, Lang::En);
  EXPECT_TRUE(has(en, "<li>Triton kernel fused_rms has no Ascend port (wan/kernels.py:5)</li>"));
  EXPECT_TRUE(has(en, "<td>torch_npu.npu_rms_norm</td>"));
  EXPECT_TRUE(has(en, "<li>One engineer who knows the code.</li>"));
  EXPECT_TRUE(has(en, "Target hardware: <strong>Atlas 800T A2</strong> (Ascend 910B, 64 GB)"));
  EXPECT_TRUE(
      has(en, "<li>manual sites transfer_to_npu does not cover (wan/attention.py:10)</li>"));
  EXPECT_FALSE(has(en, "融合注意力"));
}

TEST_F(HtmlReport, DeterministicAndEmptyAssessmentRenders) {
  EXPECT_EQ(render_html(a, Lang::En), render_html(a, Lang::En));
  Assessment empty;
  empty.root = "/x";
  for (Lang lang : {Lang::En, Lang::Zh}) {
    const std::string h = render_html(empty, lang);
    EXPECT_TRUE(has(h, "id=\"chart-domains\""));
    EXPECT_EQ(count(h, "</script>"), 1u);
    EXPECT_FALSE(has(h, "<details class=\"fg\""));
  }
  const std::string h = render_html(empty, Lang::En);
  EXPECT_TRUE(has(h, "<title>(no phases) / Device Layer: 0</title>"));
  EXPECT_TRUE(has(h, "No custom kernels found."));
  EXPECT_TRUE(has(h, "<p class=\"muted\" id=\"work\">No findings.</p>"));
}

}  // namespace
}  // namespace ascendify::render
