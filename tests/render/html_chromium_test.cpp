// The HTML report in a real browser: headless Chromium loads it from a file, runs its script,
// and dumps the resulting DOM. Skipped when no Chromium is installed (Debian: `chromium`).
// ASCENDIFY_CHROMIUM names the binary explicitly.
//
// Some tests append a probe <script> to a copy of the page (the CSP allows inline scripts):
// it drives the page as a user would (types a filter, clicks a header) or measures the
// layout, and writes what it saw into attributes of <html>, which --dump-dom shows.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "hostile.hpp"
#include "html_big.hpp"
#include "render/render.hpp"
#include "sample.hpp"

namespace ascendify::render {
namespace {

namespace fs = std::filesystem;

std::string find_chromium() {
  if (const char* env = std::getenv("ASCENDIFY_CHROMIUM"); env != nullptr && *env != '\0')
    return fs::exists(env) ? env : "";
  const char* path = std::getenv("PATH");
  if (path == nullptr) return {};
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    for (const char* name :
         {"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}) {
      const fs::path p = fs::path(dir) / name;
      std::error_code ec;
      if (!dir.empty() && fs::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0)
        return p.string();
    }
  }
  return {};
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

size_t count(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

bool has(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

// The value of attribute `name` of the dumped <html> tag.
std::string html_attr(const std::string& dom, const std::string& name) {
  const size_t tag = dom.find("<html");
  const size_t end = dom.find('>', tag);
  const size_t at = dom.find(" " + name + "=\"", tag);
  if (tag == std::string::npos || at == std::string::npos || at > end) return "<absent>";
  const size_t b = at + name.size() + 3;
  return dom.substr(b, dom.find('"', b) - b);
}

class HtmlInChromium : public ::testing::Test {
 protected:
  void SetUp() override {
    chromium_ = find_chromium();
    if (chromium_.empty()) GTEST_SKIP() << "no chromium binary (apt-get install chromium)";
    dir_ = fs::temp_directory_path() /
           ("ascendify-html-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    a_ = testing::sample_assessment(rules_);
    testing::add_hostile(a_, rules_);
    page_ = dir_ / "report.html";
    write(render_html(a_, Lang::En));
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // Writes `html` as the page, with `probe` (a script body) before </body>.
  void write(const std::string& html, const std::string& probe = "") {
    std::string page = html;
    if (!probe.empty()) page.insert(page.rfind("</body>"), "<script>" + probe + "</script>");
    std::ofstream(page_, std::ios::binary) << page;
  }

  struct Run {
    int status = -1;
    std::string out, err;
    double seconds = 0;
  };
  // Runs Chromium headless on the page (plus `fragment`) with `args`.
  Run run(const std::string& args, const std::string& fragment = "") {
    const fs::path out = dir_ / "stdout", err = dir_ / "stderr";
    const std::string cmd = "timeout 120 '" + chromium_ +
                            "' --headless=new --no-sandbox --disable-gpu --no-first-run "
                            "--disable-extensions --disable-background-networking "
                            "--disable-component-update --disable-sync --user-data-dir='" +
                            (dir_ / "profile").string() + "' --enable-logging=stderr --v=0 " +
                            args + " 'file://" + page_.string() + fragment + "' >'" + out.string() +
                            "' 2>'" + err.string() + "'";
    Run r;
    const auto t0 = std::chrono::steady_clock::now();
    const int raw = std::system(cmd.c_str());
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }

  // No line of the page's console: no uncaught exception, no CSP refusal, no log.
  static void expect_quiet_console(const std::string& err) {
    std::stringstream lines(err);
    std::string line;
    while (std::getline(lines, line)) {
      EXPECT_FALSE(has(line, ":CONSOLE")) << line;
      EXPECT_FALSE(has(line, "Uncaught")) << line;
      EXPECT_FALSE(has(line, "Refused to")) << line;
    }
  }

  testing::SampleRules rules_;
  Assessment a_;
  std::string chromium_;
  fs::path dir_, page_;
};

TEST_F(HtmlInChromium, ScriptRunsChartsRenderAndInjectionStaysInert) {
  const Run r = run("--dump-dom");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string& dom = r.out;
  // The script ran to its end; the counter (10 findings: 9 + the hostile one) is as rendered.
  EXPECT_TRUE(has(dom, "<html lang=\"en\" data-ready=\"1\">")) << dom.substr(0, 300);
  EXPECT_TRUE(has(dom, "10 of 10 findings shown</span>"));
  EXPECT_EQ(count(dom, "hidden=\"\""), 0u);
  // Charts as parsed SVG, with their bars and cells.
  for (const char* id : {"chart-domains", "chart-heatmap", "chart-effort"})
    EXPECT_EQ(count(dom, std::string("<svg id=\"") + id + "\""), 1u) << id;
  EXPECT_EQ(count(dom, "<rect class=\"bar\""), 7u + 9u);
  EXPECT_EQ(count(dom, "<rect class=\"cell\""), 14u);
  // One row per source line: the sample's 10 findings are on 10 lines, in 8 file groups.
  EXPECT_EQ(count(dom, "<tr class=\"d"), 10u);
  EXPECT_EQ(count(dom, "<details class=\"fg\""), 8u);
  EXPECT_TRUE(has(dom, "<td><code>x = 1  # &lt;script&gt;alert(1)&lt;/script&gt;"));
  // Nothing injected ran: no data-pwned attribute, no extra element, title is text.
  EXPECT_FALSE(has(dom, "data-pwned=\""));
  EXPECT_FALSE(has(dom, "<img"));
  EXPECT_FALSE(has(dom, "<iframe"));
  EXPECT_EQ(count(dom, "<script"), 1u);
  EXPECT_TRUE(has(dom, "<title>&lt;b onmouseover=alert(1)&gt;wan&lt;/b&gt; — Ascend NPU"));
  expect_quiet_console(r.err);
}

TEST_F(HtmlInChromium, ChinesePageRuns) {
  write(render_html(a_, Lang::Zh));
  const Run r = run("--dump-dom", "#class=must-adapt");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has(r.out, "<html lang=\"zh-CN\" data-ready=\"1\">")) << r.out.substr(0, 300);
  // The preset counter, from the page's Chinese template: 9 of 10 (SDPA asks nothing).
  EXPECT_TRUE(has(r.out, "显示 9 / 10 条发现</span>"));
  EXPECT_FALSE(has(r.out, "data-pwned=\""));
  expect_quiet_console(r.err);
}

TEST_F(HtmlInChromium, FragmentPresetsTheFilters) {
  const Run r = run("--dump-dom", "#domain=device&conf=high");
  ASSERT_EQ(r.status, 0) << r.err;
  // Three device findings (two empty_cache sites and the hostile one), all high confidence.
  EXPECT_TRUE(has(r.out, "3 of 10 findings shown</span>"));
  // 7 rows hidden, and the 6 groups left empty.
  EXPECT_EQ(count(r.out, " hidden=\"\"><td>"), 7u);
  EXPECT_EQ(count(r.out, " hidden=\"\"><summary>"), 6u);
  // A small result is opened: wan/utils.py, closed when the page opened, is open now.
  EXPECT_TRUE(
      has(r.out, "<details class=\"fg\" data-n=\"2\" open=\"\"><summary><code>wan/utils.py"));
  const Run bad = run("--dump-dom", "#q=%E0%A4%A&domain=nope");  // malformed escape
  ASSERT_EQ(bad.status, 0) << bad.err;
  EXPECT_TRUE(has(bad.out, "10 of 10 findings shown"));
  expect_quiet_console(r.err);
  expect_quiet_console(bad.err);
}

// Typing a filter, sorting a group, reordering files and asking for all rows of a long group,
// as a user would; the probe records what the page shows after each step.
TEST_F(HtmlInChromium, FilterSortOrderAndShowAll) {
  Assessment a = a_;
  for (uint32_t i = 0; i < 250; ++i) {  // a long group: 250 lines of one file
    std::string snippet = "x";
    snippet += std::to_string(i);
    Finding f = testing::make_finding(rules_.nccl, "zz/long.py", 1000 - i, 1, "\"nccl\"", snippet);
    f.phases = {"training"};
    a.findings.push_back(f);
  }
  write(render_html(a, Lang::En), R"JS(
(function () {
  var h = document.documentElement;
  function set(k, v) { h.setAttribute('data-' + k, String(v)); }
  function visible(g) {
    return Array.prototype.filter.call(g.querySelector('tbody').rows,
                                       function (r) { return !r.hidden; });
  }
  var text = document.getElementById('f-text');
  var count = document.getElementById('f-count');
  var long = document.querySelectorAll('#work details.fg')[7];
  set('long-path', long.querySelector('summary code').textContent);
  set('long-shown', visible(long).length);
  // Sort the long group by line, ascending: its first visible row is line 751.
  long.querySelector('th').click();
  set('long-first', visible(long)[0].cells[0].textContent);
  set('long-sorted', long.querySelector('th').getAttribute('aria-sort'));
  long.querySelector('button.more').click();
  set('long-all', visible(long).length);
  set('more-hidden', long.querySelector('button.more').hidden);
  // A text filter: only the empty_cache lines stay, in their groups.
  text.value = 'EMPTY_CACHE';
  text.dispatchEvent(new Event('input'));
  set('filtered', count.textContent);
  set('groups-shown', Array.prototype.filter.call(document.querySelectorAll('details.fg'),
                                                  function (g) { return !g.hidden; }).length);
  text.value = '';
  text.dispatchEvent(new Event('input'));
  set('cleared', count.textContent);
  // Most findings first: the long file leads.
  var order = document.getElementById('f-order');
  order.value = 'count';
  order.dispatchEvent(new Event('input'));
  set('first-group', document.querySelector('#work details.fg summary code').textContent);
})();
)JS");
  const Run r = run("--dump-dom");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(html_attr(r.out, "data-long-path"), "zz/long.py");
  EXPECT_EQ(html_attr(r.out, "data-long-shown"), "200");
  EXPECT_EQ(html_attr(r.out, "data-long-first"), "751");
  EXPECT_EQ(html_attr(r.out, "data-long-sorted"), "ascending");
  EXPECT_EQ(html_attr(r.out, "data-long-all"), "250");
  EXPECT_EQ(html_attr(r.out, "data-more-hidden"), "true");
  EXPECT_EQ(html_attr(r.out, "data-filtered"), "3 of 260 findings shown");
  EXPECT_EQ(html_attr(r.out, "data-groups-shown"), "2");
  EXPECT_EQ(html_attr(r.out, "data-cleared"), "260 of 260 findings shown");
  EXPECT_EQ(html_attr(r.out, "data-first-group"), "zz/long.py");
  expect_quiet_console(r.err);
}

// At 1280 px nothing is clipped: every table fits its section and no cell's content is wider
// than the cell. The probe opens every group and shows every row first.
TEST_F(HtmlInChromium, TablesFitAt1280Pixels) {
  Assessment a = a_;
  Finding wide = testing::make_finding(rules_.fa, "wan/" + std::string(120, 'p') + ".py", 9, 1,
                                       "flash_attn.flash_attn_func",
                                       "y = " + std::string(400, 'a') + "(q, k, v)");
  wide.replacement = std::string(200, 'r') + " then " + std::string(90, 's');
  wide.phases = {"inference", "training", "a-phase-with-a-very-long-name-" + std::string(60, 'x')};
  a.findings.push_back(wide);
  a.kernels[0].ascend_path = std::string(300, 'k');
  a.run_stop_sites = {{wide.path + ":9", "asserts CUDA", "", wide.snippet, wide.phases, true}};
  for (Lang lang : {Lang::En, Lang::Zh}) {
    write(render_html(a, lang), R"JS(
(function () {
  Array.prototype.forEach.call(document.querySelectorAll('details'),
                               function (d) { d.open = true; });
  Array.prototype.forEach.call(document.querySelectorAll('section,details'),
                               function (e) { e.style.contentVisibility = 'visible'; });
  Array.prototype.forEach.call(document.querySelectorAll('tr[hidden]'),
                               function (r) { r.hidden = false; });
  var width = document.documentElement.clientWidth, bad = [], cells = 0;
  Array.prototype.forEach.call(document.querySelectorAll('table'), function (t) {
    var box = t.getBoundingClientRect();
    if (box.right > width + 1 || t.offsetWidth > t.parentElement.clientWidth + 1)
      bad.push('table ' + t.className + ' ' + Math.round(box.right) + '/' + width);
    Array.prototype.forEach.call(t.querySelectorAll('td,th'), function (c) {
      cells++;
      if (c.scrollWidth > c.clientWidth + 1)
        bad.push(c.tagName + ' ' + c.scrollWidth + '>' + c.clientWidth + ' ' +
                 c.textContent.slice(0, 30));
    });
  });
  var h = document.documentElement;
  h.setAttribute('data-cells', String(cells));
  h.setAttribute('data-width', String(width));
  h.setAttribute('data-page-width', String(h.scrollWidth));
  h.setAttribute('data-clipped', bad.length ? bad.slice(0, 5).join('; ') : 'none');
})();
)JS");
    const Run r = run("--dump-dom --window-size=1280,1000");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(html_attr(r.out, "data-clipped"), "none");
    // 1280 px less the vertical scroll bar; no horizontal scrolling.
    const std::string width = html_attr(r.out, "data-width");
    EXPECT_GE(std::atoi(width.c_str()), 1250) << width;
    EXPECT_EQ(html_attr(r.out, "data-page-width"), width);
    EXPECT_GT(std::atoi(html_attr(r.out, "data-cells").c_str()), 150);
    expect_quiet_console(r.err);
  }
}

TEST_F(HtmlInChromium, Screenshot) {
  for (Lang lang : {Lang::En, Lang::Zh}) {
    write(render_html(a_, lang));
    const fs::path png = dir_ / "shot.png";
    const Run r = run("--screenshot='" + png.string() + "' --window-size=1280,1600");
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string bytes = slurp(png);
    ASSERT_GT(bytes.size(), 10000u);
    EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    expect_quiet_console(r.err);
  }
}

// 10,000 findings open in under 2 s: what the page costs a headless Chromium that loads it and
// paints it at 1280 px (--screenshot: parse, style, layout and paint of the first screen), over
// what the same Chromium takes for an empty page. Chromium's own start is not the page's: on
// these VMs it alone takes 1.8-2.1 s and moves with the Chromium build, and a reader opens the
// report in a browser that is already running. Median of 3 each, the two pages alternating so
// that drift falls on both. Printing the DOM (--dump-dom) would time the serialisation of 3 MB
// as well: one untimed run checks the script finished. The timing runs only where ctest runs it
// alone (ASCENDIFY_TIMED=1, test HtmlAtScale.Timed in CMakeLists.txt, RUN_SERIAL): beside other
// tests it would measure them.
TEST_F(HtmlInChromium, TenThousandFindingsOpenInUnderTwoSeconds) {
  const char* timed = std::getenv("ASCENDIFY_TIMED");
  if (timed == nullptr || std::string(timed) != "1")
    GTEST_SKIP() << "timed alone by ctest (HtmlAtScale.Timed)";
  const std::string html = render_html(testing::big_assessment(rules_, 10000), Lang::En);
  write(html);
  const Run dom = run("--dump-dom --window-size=1280,1600");
  ASSERT_EQ(dom.status, 0) << dom.err;
  ASSERT_TRUE(has(dom.out, "data-ready=\"1\"")) << "the script did not finish";
  EXPECT_TRUE(has(dom.out, "10000 of 10000 findings shown"));
  const std::string empty =
      "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>"
      "<p>empty</p></body></html>";
  std::vector<double> report_s, empty_s;
  for (int i = 0; i < 3; ++i) {
    for (const std::string* page : {&empty, &html}) {
      write(*page);
      const Run r =
          run("--screenshot='" + (dir_ / "shot.png").string() + "' --window-size=1280,1600");
      ASSERT_EQ(r.status, 0) << r.err;
      ASSERT_GT(fs::file_size(dir_ / "shot.png"), page == &html ? 10000u : 0u);
      (page == &html ? report_s : empty_s).push_back(r.seconds);
    }
  }
  std::sort(report_s.begin(), report_s.end());
  std::sort(empty_s.begin(), empty_s.end());
  const double page_s = report_s[1] - empty_s[1];
  RecordProperty("html_bytes", static_cast<int>(html.size()));
  RecordProperty("median_ms", static_cast<int>(report_s[1] * 1000));
  RecordProperty("empty_median_ms", static_cast<int>(empty_s[1] * 1000));
  std::cout << "10,000 findings: " << html.size() << " bytes; Chromium " << report_s[0] << " / "
            << report_s[1] << " / " << report_s[2] << " s, empty page " << empty_s[0] << " / "
            << empty_s[1] << " / " << empty_s[2] << " s; the page's own " << page_s << " s\n";
  EXPECT_LT(page_s, 2.0);
}

}  // namespace
}  // namespace ascendify::render
