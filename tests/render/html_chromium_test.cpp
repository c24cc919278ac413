// The HTML report in a real browser: headless Chromium loads it from a file, runs its script,
// and dumps the resulting DOM. Skipped when no Chromium is installed (Debian: `chromium`).
// ASCENDIFY_CHROMIUM names the binary explicitly.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "hostile.hpp"
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
    std::ofstream(page_, std::ios::binary) << render_html(a_);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  struct Run {
    int status = -1;
    std::string out, err;
  };
  // Runs Chromium headless on the page (plus `fragment`) with `args`.
  Run run(const std::string& args, const std::string& fragment = "") {
    const fs::path out = dir_ / "stdout", err = dir_ / "stderr";
    const std::string cmd = "timeout 120 '" + chromium_ +
                            "' --headless=new --no-sandbox --disable-gpu --no-first-run "
                            "--user-data-dir='" +
                            (dir_ / "profile").string() + "' --enable-logging=stderr --v=0 " +
                            args + " 'file://" + page_.string() + fragment + "' >'" + out.string() +
                            "' 2>'" + err.string() + "'";
    Run r;
    const int raw = std::system(cmd.c_str());
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
  // The script ran to its end and filled the counter (10 findings: 9 + the hostile one).
  EXPECT_TRUE(has(dom, "<html lang=\"en\" data-ready=\"1\">")) << dom.substr(0, 300);
  EXPECT_TRUE(has(dom, "<span id=\"f-count\" class=\"muted\">10 of 10 findings shown</span>"));
  EXPECT_EQ(count(dom, "hidden=\"\""), 0u);
  // Charts as parsed SVG, with their bars and cells.
  for (const char* id : {"chart-domains", "chart-heatmap", "chart-effort"})
    EXPECT_EQ(count(dom, std::string("<svg id=\"") + id + "\""), 1u) << id;
  EXPECT_EQ(count(dom, "<rect class=\"bar\""), 7u + 9u);
  EXPECT_EQ(count(dom, "<rect class=\"cell\""), 14u);
  // Table rows: the findings table and the risk matrix.
  EXPECT_EQ(count(dom, "data-domain=\""), 10u);
  EXPECT_TRUE(has(dom, "<td class=\"snip\"><code>x = 1  # &lt;script&gt;alert(1)&lt;/script&gt;"));
  // Nothing injected ran: no data-pwned attribute, no extra element, title is text.
  EXPECT_FALSE(has(dom, "data-pwned=\""));
  EXPECT_FALSE(has(dom, "<img"));
  EXPECT_FALSE(has(dom, "<iframe"));
  EXPECT_EQ(count(dom, "<script"), 1u);
  EXPECT_TRUE(has(dom, "<title>&lt;b onmouseover=alert(1)&gt;wan&lt;/b&gt; — Ascend NPU"));
  expect_quiet_console(r.err);
}

TEST_F(HtmlInChromium, FragmentPresetsTheFilters) {
  const Run r = run("--dump-dom", "#domain=device&conf=high");
  ASSERT_EQ(r.status, 0) << r.err;
  // Three device findings (two empty_cache sites and the hostile one), all high confidence.
  EXPECT_TRUE(has(r.out, "<span id=\"f-count\" class=\"muted\">3 of 10 findings shown</span>"));
  EXPECT_EQ(count(r.out, "hidden=\"\""), 7u);
  const Run bad = run("--dump-dom", "#q=%E0%A4%A&domain=nope");  // malformed escape
  ASSERT_EQ(bad.status, 0) << bad.err;
  EXPECT_TRUE(has(bad.out, "10 of 10 findings shown"));
  expect_quiet_console(r.err);
  expect_quiet_console(bad.err);
}

TEST_F(HtmlInChromium, Screenshot) {
  const fs::path png = dir_ / "shot.png";
  const Run r = run("--screenshot='" + png.string() + "' --window-size=1280,1600");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string bytes = slurp(png);
  ASSERT_GT(bytes.size(), 10000u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  expect_quiet_console(r.err);
}

}  // namespace
}  // namespace ascendify::render
