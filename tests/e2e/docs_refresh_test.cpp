// What the docs show of the tool's output is what the tool and the data give now
// (scripts/docs-refresh.py --check): docs/report.png was taken from the HTML report of
// examples/ this build writes (docs/report.png.sha256 is that HTML's SHA-256); the calibration
// figures and tables of README.md, docs/effort-model.md and docs/calibration/README.md are
// those of docs/calibration/estimates.yaml + results.yaml; README's speed figures are quoted
// from bench/README.md. A failure names the command that brings the docs up to date.
#include <gtest/gtest.h>

#include <string>

#include "source_shell.hpp"

namespace {

using CheckRun = source_shell::ShellRun;

CheckRun check(const std::string& part) {
  return source_shell::run_in_source("python3 scripts/docs-refresh.py --check --only " + part +
                                     " --binary '" + ASCENDIFY_BINARY + "'");
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
