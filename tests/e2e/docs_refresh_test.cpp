// What the docs show of the tool's output is what the tool and the data give now
// (scripts/docs-refresh.py --check): docs/report.png was taken from the HTML report of
// examples/ this build writes (docs/report.png.sha256 is that HTML's SHA-256); the calibration
// figures and tables of README.md, docs/effort-model.md and docs/calibration/README.md are
// those of docs/calibration/estimates.yaml + results.yaml; README's speed figures are quoted
// from bench/README.md. A failure names the command that brings the docs up to date.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace {

struct CheckRun {
  int status = -1;
  std::string out;
};

CheckRun check(const std::string& part) {
  const std::string cmd = "cd '" + std::string(ASCENDIFY_SOURCE_DIR) +
                          "' && python3 scripts/docs-refresh.py --check --only " + part +
                          " --binary '" + ASCENDIFY_BINARY + "' 2>&1";
  CheckRun r;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    r.status = ::pclose(p);
  }
  return r;
}

}  // namespace

TEST(DocsRefresh, ScreenshotIsOfTheCurrentHtmlReport) {
  const CheckRun r = check("screenshot");
  EXPECT_EQ(r.status, 0) << r.out;
}

TEST(DocsRefresh, CalibrationFiguresAreGenerated) {
  const CheckRun r = check("calibration");
  EXPECT_EQ(r.status, 0) << r.out;
}

TEST(DocsRefresh, SpeedFiguresComeFromTheBenchmarks) {
  const CheckRun r = check("speed");
  EXPECT_EQ(r.status, 0) << r.out;
}
