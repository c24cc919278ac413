#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "render/render.hpp"
#include "report_schema.hpp"
#include "sample.hpp"

namespace ascendify::render {
namespace {

using nlohmann::json;
using testing::validate_report_schema;

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + "\n";
  return s;
}

class JsonReport : public ::testing::Test {
 protected:
  testing::SampleRules rules;
  Assessment a = testing::sample_assessment(rules);
};

TEST_F(JsonReport, ConformsToSchema) {
  const json j = json::parse(render_json(a));
  const auto problems = validate_report_schema(j);
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

TEST_F(JsonReport, FormatIsTwoSpaceIndentWithTrailingNewlineAndFixedKeyOrder) {
  const std::string out = render_json(a);
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back(), '\n');
  EXPECT_EQ(out.rfind("{\n  \"schema\": \"ascendify.report/1\",\n  \"tool\": {\n", 0), 0u);
  const nlohmann::ordered_json j = nlohmann::ordered_json::parse(out);
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  const std::vector<std::string> expected = {"schema", "tool", "root", "project", "summary",
                                             "stats", "phases", "roadmap", "dependencies",
                                             "kernels", "findings", "diagnostics",
                                             // Extra keys after the schema's own:
                                             "target_phase", "migration_sets", "tasks", "risks"};
  EXPECT_EQ(keys, expected);
  std::vector<std::string> fkeys;
  for (const auto& [k, v] : j["findings"][0].items()) fkeys.push_back(k);
  const std::vector<std::string> fexpected = {
      "rule",     "domain",      "path",       "line",
      "column",   "end_line",    "end_column", "match",
      "snippet",  "replacement", "confidence", "guarded",
      "optional", "autofix",     "stops_run",  "auto_by_transfer_to_npu",
      "class",    "phases",      "severity",   "message",
      "scope"};
  EXPECT_EQ(fkeys, fexpected);
}

TEST_F(JsonReport, Deterministic) {
  EXPECT_EQ(render_json(a), render_json(a));
}

TEST_F(JsonReport, Values) {
  const json j = json::parse(render_json(a));
  EXPECT_EQ(j["tool"]["name"], "ascendify");
  EXPECT_EQ(j["tool"]["version"], ASCENDIFY_VERSION);
  EXPECT_EQ(j["root"], "/repos/wan");
  const json& s = j["summary"];
  EXPECT_EQ(s["feasibility"], "needs-adaptation");
  EXPECT_EQ(s["effort_weeks"]["low"].get<double>(), 1.3);  // 1.25 rounded half up
  EXPECT_EQ(s["effort_weeks"]["high"].get<double>(), 3.0);
  EXPECT_EQ(s["blockers"].size(), 1u);
  const json counts = {{"dependency", 1},  {"device", 2},    {"attention", 2}, {"custom_op", 1},
                       {"distributed", 1}, {"precision", 1}, {"compile", 1}};
  EXPECT_EQ(s["counts"], counts);
  EXPECT_EQ(j["phases"][0]["name"], "inference");
  EXPECT_EQ(j["phases"][0]["effort_weeks"]["high"].get<double>(), 2.0);  // 2.04
  EXPECT_EQ(j["phases"][1]["entry_points"], json::array({"train.py"}));
  EXPECT_EQ(j["dependencies"][0]["status"], "replace");
  EXPECT_EQ(j["dependencies"][0]["source"], "requirements.txt:3");
  EXPECT_EQ(j["kernels"][0]["kind"], "triton");
  EXPECT_EQ(j["kernels"][0]["callers"][0], "wan/norm ü.py:7");
  ASSERT_EQ(j["findings"].size(), 9u);
  const json& f = j["findings"][7];
  EXPECT_EQ(f["rule"], "device.cuda-empty-cache");
  EXPECT_EQ(f["domain"], "device");
  EXPECT_EQ(f["path"], "wan/utils.py");
  EXPECT_EQ(f["line"], 12);
  EXPECT_EQ(f["column"], 5);
  EXPECT_EQ(f["snippet"], "torch.cuda.empty_cache()  # <script>alert(1)</script>");
  EXPECT_EQ(f["confidence"], "high");
  EXPECT_EQ(f["autofix"], true);
  EXPECT_EQ(f["auto_by_transfer_to_npu"], true);
  EXPECT_EQ(f["phases"], json::array({"inference"}));
  EXPECT_EQ(j["findings"][8]["snippet"], "x = \"显存\" | torch.cuda.empty_cache()");
  EXPECT_EQ(j["findings"][3]["severity"], "blocker");
  EXPECT_FALSE(j["findings"][0].contains("cell"));
  // Diagnostics: `line` only where known.
  EXPECT_EQ(j["diagnostics"][0]["line"], 3);
  EXPECT_FALSE(j["diagnostics"][1].contains("line"));
  EXPECT_EQ(j["stats"]["files_by_kind"]["python"], 10);
}

TEST_F(JsonReport, AssessFieldsAsExtraKeys) {
  const json j = json::parse(render_json(a));
  const json& s = j["summary"];
  EXPECT_EQ(s["feasibility"], "needs-adaptation");
  EXPECT_EQ(s["effort_weeks"]["low"], 1.3);  // 1.25 rounded half away from zero
  EXPECT_EQ(s["feasibility_evidence"][0],
            "manual sites transfer_to_npu does not cover (wan/attention.py:10)");
  EXPECT_EQ(s["effort_by_domain"]["attention"]["high"], 0.9);
  EXPECT_EQ(s["effort_by_domain"].size(), 7u);
  EXPECT_EQ(s["effort_environment"]["high"], 0.2);
  EXPECT_EQ(s["effort_verification"]["low"], 0.2);
  EXPECT_EQ(s["unreached_findings"], 0);
  EXPECT_TRUE(s["unreached_files"].is_array());
  EXPECT_EQ(j["phases"][1]["kind"], "training");
  EXPECT_EQ(j["phases"][1]["needs_backward"], true);
  EXPECT_EQ(j["phases"][0]["needs_backward"], false);
  EXPECT_EQ(j["kernels"][0]["templated"], false);
  EXPECT_EQ(j["target_phase"], "inference");
  ASSERT_EQ(j["migration_sets"].size(), 2u);
  EXPECT_EQ(j["migration_sets"][0]["phase"], "inference");
  EXPECT_EQ(j["migration_sets"][0]["dependencies"][0], "flash-attn");
  EXPECT_EQ(j["migration_sets"][0]["findings"], 4);
  EXPECT_EQ(j["migration_sets"][1]["effort_weeks"]["low"], 0.5);  // 0.45 -> 0.5
  EXPECT_EQ(j["migration_sets"][1]["kernels"][0], "wan/kernels.py:5 fused_rms");
  ASSERT_EQ(j["risks"].size(), 8u);
  EXPECT_EQ(j["risks"][4]["rule"], "custom_op.triton-jit");
  EXPECT_EQ(j["risks"][4]["domain"], "custom_op");
  EXPECT_EQ(j["risks"][4]["confidence"], "low");
  EXPECT_EQ(j["risks"][1]["sites"], 2);
  EXPECT_EQ(j["risks"][5]["patterns"][0], "\"nccl\"");
}

TEST_F(JsonReport, NotebookFindingsCarryTheCell) {
  a.findings[0].cell = 2;
  a.findings[0].cell_line = 4;
  const json j = json::parse(render_json(a));
  EXPECT_EQ(j["findings"][0]["cell"], 2);
  EXPECT_EQ(j["findings"][0]["cell_line"], 4);
}

TEST_F(JsonReport, NotAssessedHasNullFeasibilityAndStillValidates) {
  a.assessed = false;
  const json j = json::parse(render_json(a));
  EXPECT_EQ(j["summary"]["assessed"], false);
  EXPECT_TRUE(j["summary"]["feasibility"].is_null());
  EXPECT_TRUE(j["summary"]["effort_weeks"].is_null());
  EXPECT_TRUE(validate_report_schema(j).empty()) << joined(validate_report_schema(j));
}

TEST_F(JsonReport, InvalidUtf8IsReplacedNotThrown) {
  a.findings[0].snippet = std::string("bad \xff\xfe byte");
  std::string out;
  ASSERT_NO_THROW(out = render_json(a));
  const json j = json::parse(out);
  EXPECT_EQ(j["findings"][0]["snippet"], "bad \xEF\xBF\xBD\xEF\xBF\xBD byte");
}

TEST_F(JsonReport, EmptyAssessmentValidates) {
  Assessment empty;
  const json j = json::parse(render_json(empty));
  EXPECT_TRUE(validate_report_schema(j).empty()) << joined(validate_report_schema(j));
  EXPECT_EQ(j["summary"]["counts"].size(), 7u);
  EXPECT_TRUE(j["findings"].is_array());
}

// The validator itself: it must catch what it claims to catch.
TEST(ReportSchema, FlagsMissingKeysWrongTypesAndInconsistentCounts) {
  testing::SampleRules rules;
  const json good = json::parse(render_json(testing::sample_assessment(rules)));
  auto expect_problem = [&](auto mutate, const std::string& needle) {
    json j = good;
    mutate(j);
    const auto problems = validate_report_schema(j);
    const std::string all = joined(problems);
    EXPECT_NE(all.find(needle), std::string::npos) << "wanted '" << needle << "' in:\n" << all;
  };
  expect_problem([](json& j) { j["schema"] = "ascendify.report/2"; }, "schema");
  expect_problem([](json& j) { j["summary"]["counts"].erase("compile"); },
                 "summary.counts: missing key \"compile\"");
  expect_problem([](json& j) { j["summary"]["counts"]["device"] = 5; },
                 "summary.counts.device: is 5 but 2 findings");
  expect_problem([](json& j) { j["summary"]["counts"]["gpu"] = 0; }, "unknown domain \"gpu\"");
  expect_problem([](json& j) { j["summary"]["feasibility"] = "maybe"; }, "unexpected value");
  expect_problem([](json& j) { j["summary"]["feasibility"] = nullptr; },
                 "summary.feasibility: not a string");
  expect_problem([](json& j) { j["summary"]["effort_weeks"]["low"] = 1.25; },
                 "not rounded to one decimal");
  expect_problem([](json& j) { j["summary"]["effort_weeks"]["low"] = 9.0; }, "low > high");
  expect_problem([](json& j) { j["findings"][0]["line"] = "3"; },
                 "findings[0].line: not a non-negative integer");
  expect_problem([](json& j) { j["findings"][0]["line"] = 0; }, "1-based");
  expect_problem([](json& j) { j["findings"][1]["path"] = "/abs/x.py"; }, "not a relative path");
  expect_problem([](json& j) { j["findings"][2].erase("guarded"); }, "missing key \"guarded\"");
  expect_problem([](json& j) { j["kernels"][0]["kind"] = "hip"; }, "kernels[0].kind");
  expect_problem([](json& j) { j["dependencies"][0]["status"] = "ok"; }, "dependencies[0]");
  expect_problem([](json& j) { j["phases"][0]["entry_points"] = "x"; }, "not an array");
  expect_problem([](json& j) { j["diagnostics"][0]["line"] = -1; }, "diagnostics[0].line");
  expect_problem([](json& j) { j.erase("tool"); }, "missing key \"tool\"");
  expect_problem([](json& j) { j = json::array(); }, "not an object");
}

}  // namespace
}  // namespace ascendify::render
