// The calibration (docs/calibration/README.md): the tool against independent expert estimates
// of public repositories. Runs only where the checkouts are (ASCENDIFY_CALIBRATION_REPOS: one
// folder per repository, named after it); CI has no network and skips it. Prints the table
// (estimate, recorded answer, answer now) and fails when a verdict drifts from the recorded
// one (docs/calibration/results.yaml) or when agreement with the estimates drops below it.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "robust_util.hpp"

using namespace robust;

namespace {

struct Answer {
  std::string feasibility;
  double low = 0, high = 0;
};

Answer answer_of(const YAML::Node& n) {
  return {n["feasibility"].as<std::string>(), n["weeks"][0].as<double>(),
          n["weeks"][1].as<double>()};
}

bool overlap(const Answer& a, const Answer& b) {
  return !(a.high < b.low || a.low > b.high);
}

std::string text(const Answer& a) {
  std::ostringstream s;
  s << a.feasibility << " " << a.low << "-" << a.high;
  return s.str();
}

}  // namespace

TEST(Calibration, VerdictsHoldOnThePublicRepositories) {
  const char* dir = std::getenv("ASCENDIFY_CALIBRATION_REPOS");
  if (dir == nullptr || !fs::is_directory(dir))
    GTEST_SKIP() << "set ASCENDIFY_CALIBRATION_REPOS to a folder of checkouts "
                    "(docs/calibration/README.md)";
  const fs::path docs = fs::path(ASCENDIFY_SOURCE_DIR) / "docs" / "calibration";
  const YAML::Node estimates = YAML::LoadFile((docs / "estimates.yaml").string());
  std::map<std::string, YAML::Node> recorded;
  for (const auto& r : YAML::LoadFile((docs / "results.yaml").string()))
    recorded[r["repo"].as<std::string>()] = YAML::Node(r);
  size_t run = 0, agree_now = 0, agree_recorded = 0, overlap_now = 0;
  std::cout << std::left << std::setw(26) << "repository" << std::setw(30) << "estimate"
            << std::setw(30) << "recorded"
            << "now\n";
  for (const auto& e : estimates) {
    const std::string repo = e["repo"].as<std::string>();
    const fs::path checkout = fs::path(dir) / repo.substr(repo.find('/') + 1);
    if (!fs::is_directory(checkout) || !recorded.count(repo)) continue;
    TempDir out;
    const nlohmann::json rep = scan_report(checkout, out.path(), {"--exit-zero"});
    const auto& s = rep["summary"];
    const Answer now{s["feasibility"].get<std::string>(), s["effort_weeks"]["low"].get<double>(),
                     s["effort_weeks"]["high"].get<double>()};
    const Answer expert = answer_of(e);
    const Answer was = answer_of(recorded[repo]["now"]);
    ++run;
    agree_now += now.feasibility == expert.feasibility;
    agree_recorded += was.feasibility == expert.feasibility;
    overlap_now += overlap(now, expert);
    std::cout << std::setw(26) << repo << std::setw(30) << text(expert) << std::setw(30)
              << text(was) << text(now) << "\n";
    EXPECT_EQ(now.feasibility, was.feasibility) << repo << ": the verdict drifted";
  }
  if (run == 0) GTEST_SKIP() << "no calibration checkout under " << dir;
  std::cout << "feasibility agreement " << agree_now << "/" << run << " (recorded "
            << agree_recorded << "), effort ranges overlapping " << overlap_now << "/" << run
            << "\n";
  EXPECT_GE(agree_now, agree_recorded) << "agreement with the estimates dropped";
}
