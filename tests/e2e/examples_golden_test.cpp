// Golden tests on the bundled example project (examples/):
//  - the JSON report is valid `ascendify.report/1`;
//  - every hand-written expectation of tests/golden/examples-expected.tsv holds (written by
//    reading the example, independently of the tool; see the file's header);
//  - phases: training vs inference entry points, the backward-only kernel in training only;
//  - the reports (md zh/en, json, sarif, csv, codeclimate) equal the reviewed copies in
//    tests/golden/examples/ byte for byte. After a deliberate change, regenerate them with
//    scripts/update-golden.sh and review the diff before committing.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../render/report_schema.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs the scan once for all tests: cwd = repository root, path as a user types it.
class ExamplesReport : public ::testing::Test {
 protected:
  static fs::path out_dir() {
    static fs::path dir = [] {
      fs::path d = fs::temp_directory_path() / ("ascendify-golden-" + std::to_string(::getpid()));
      fs::remove_all(d);
      fs::create_directories(d);
      std::string base = std::string("cd '") + ASCENDIFY_SOURCE_DIR + "' && '" + ASCENDIFY_BINARY +
                         "' scan examples -o '" + d.string() + "'";
      EXPECT_EQ(
          std::system(
              (base + " --format md,json,sarif,csv,codeclimate --lang zh > /dev/null").c_str()),
          0);
      EXPECT_EQ(std::system((base + " --format md --lang en > /dev/null").c_str()), 0);
      return d;
    }();
    // Removed at exit: the reports are read by the tests of this run only.
    static const struct RemoveAtExit {
      fs::path d;
      ~RemoveAtExit() {
        std::error_code ec;
        fs::remove_all(d, ec);
      }
    } remove_at_exit{dir};
    return dir;
  }
  static const json& report() {
    static json j = json::parse(slurp(out_dir() / "ascendify-report.json"));
    return j;
  }
};

TEST_F(ExamplesReport, JsonMatchesTheSchema) {
  auto problems = ascendify::testing::validate_report_schema(report());
  for (const auto& p : problems) ADD_FAILURE() << p;
  EXPECT_EQ(report()["root"], "examples");
}

struct Row {
  std::string path;
  uint32_t line = 0;
  std::string domains;  // "device", "attention|dependency", "NONE", "MATRIX", "GAP:custom_op"
  std::string what;
};

std::vector<Row> expected_rows() {
  std::vector<Row> rows;
  std::ifstream in(fs::path(ASCENDIFY_SOURCE_DIR) / "tests/golden/examples-expected.tsv");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, '\t');) cols.push_back(c);
    if (cols.size() < 4) {
      ADD_FAILURE() << "bad row: " << line;
      continue;
    }
    rows.push_back({cols[0], static_cast<uint32_t>(std::stoul(cols[1])), cols[2], cols[3]});
  }
  return rows;
}

std::set<std::string> split_bar(const std::string& s) {
  std::set<std::string> out;
  std::stringstream ss(s);
  for (std::string d; std::getline(ss, d, '|');) out.insert(d);
  return out;
}

TEST_F(ExamplesReport, HandWrittenExpectationsHold) {
  std::map<std::pair<std::string, uint32_t>, std::set<std::string>> domains_at;
  for (const auto& f : report()["findings"])
    domains_at[{f["path"], f["line"].get<uint32_t>()}].insert(f["domain"].get<std::string>());
  std::set<std::string> deps;
  for (const auto& d : report()["dependencies"]) deps.insert(d["name"].get<std::string>());

  auto rows = expected_rows();
  ASSERT_GT(rows.size(), 100u);
  int gaps = 0;
  for (const Row& r : rows) {
    const auto& found = domains_at[{r.path, r.line}];
    const std::string where = r.path + ":" + std::to_string(r.line) + " (" + r.what + ")";
    if (r.domains == "NONE") {
      EXPECT_TRUE(found.empty()) << "decoy reported: " << where;
    } else if (r.domains == "MATRIX") {
      // A compatible package: a dependency-matrix row, not a finding.
      EXPECT_TRUE(found.count("dependency") == 0) << where;
    } else if (r.domains.rfind("GAP:", 0) == 0) {
      // A known miss, documented in the tsv header: it must stay listed until fixed, and
      // this fails as soon as it is found, so the list cannot go stale.
      ++gaps;
      bool hit = false;
      for (const auto& d : split_bar(r.domains.substr(4))) hit = hit || found.count(d);
      EXPECT_FALSE(hit) << "known gap now found, turn the row into a normal one: " << where;
    } else {
      bool hit = false;
      for (const auto& d : split_bar(r.domains)) hit = hit || found.count(d);
      EXPECT_TRUE(hit) << "missed " << r.domains << " at " << where;
    }
  }
  RecordProperty("known_gaps", gaps);
}

TEST_F(ExamplesReport, PhasesSplitTrainingAndInference) {
  std::map<std::string, std::set<std::string>> entries;
  for (const auto& p : report()["phases"])
    for (const auto& e : p["entry_points"]) entries[p["name"]].insert(e.get<std::string>());
  ASSERT_TRUE(entries.count("training"));
  ASSERT_TRUE(entries.count("inference"));
  EXPECT_TRUE(entries["training"].count("train.py"));
  EXPECT_TRUE(entries["inference"].count("generate.py"));
  EXPECT_FALSE(entries["inference"].count("train.py"));
  EXPECT_FALSE(entries["training"].count("generate.py"));
  bool saw_bwd = false;
  for (const auto& k : report()["kernels"]) {
    if (k["name"] != "_rmsnorm_bwd_kernel") continue;
    saw_bwd = true;
    EXPECT_EQ(k["phases"], json::array({"training"}));
  }
  EXPECT_TRUE(saw_bwd);
}

TEST_F(ExamplesReport, ReportsEqualTheReviewedGoldens) {
  const fs::path golden = fs::path(ASCENDIFY_SOURCE_DIR) / "tests/golden/examples";
  for (const char* name :
       {"ascendify-report.json", "ascendify-report.zh.md", "ascendify-report.en.md",
        "ascendify-report.sarif", "ascendify-report.csv", "ascendify-report.codeclimate.json"}) {
    const std::string got = slurp(out_dir() / name);
    ASSERT_FALSE(got.empty()) << name;
    EXPECT_TRUE(got == slurp(golden / name))
        << name << " differs from tests/golden/examples/" << name
        << "; if the change is intended, run scripts/update-golden.sh and review the diff";
  }
}

}  // namespace
