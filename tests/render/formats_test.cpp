// Terminal summary, CSV and SARIF renderers.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "render/render.hpp"
#include "sample.hpp"

namespace ascendify::render {
namespace {

using nlohmann::json;

bool has(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

class Formats : public ::testing::Test {
 protected:
  testing::SampleRules rules;
  Assessment a = testing::sample_assessment(rules);
};

// ---- terminal ----

TEST_F(Formats, TerminalSummaryPlain) {
  const std::string t = render_terminal(a, false);
  EXPECT_FALSE(has(t, "\x1b"));
  EXPECT_EQ(t.rfind(std::string("ascendify ") + ASCENDIFY_VERSION + " · wan\n", 0), 0u);
  EXPECT_TRUE(has(t, "Files scanned: 12\n"));
  EXPECT_TRUE(has(t, "Findings:      9\n"));
  // Domain names padded to the longest ("distributed"), counts right-aligned in 6.
  EXPECT_TRUE(has(t, "\n  dependency        1\n"));
  EXPECT_TRUE(has(t, "\n  device            2\n"));
  EXPECT_TRUE(has(t, "\n  distributed       1\n"));
  EXPECT_TRUE(has(t, "\n  custom_op         1\n"));
  EXPECT_TRUE(has(t, "Feasibility:   needs-adaptation (需适配), effort 1.3–3.0 weeks\n"));
  EXPECT_TRUE(has(t, "Blockers:      1\n"));
  // Top files: most findings first, ties by path; five at most.
  EXPECT_TRUE(has(t,
                  "Top files:\n"
                  "       2  wan/attention.py\n"
                  "       2  wan/train.py\n"
                  "       2  wan/utils.py\n"
                  "       1  requirements.txt\n"
                  "       1  wan/kernels.py\n"
                  "Diagnostics:   2\n"));
  EXPECT_FALSE(has(t, "norm"));
}

TEST_F(Formats, TerminalColourAndNotAssessed) {
  EXPECT_TRUE(has(render_terminal(a, true), "\x1b[33mneeds-adaptation (需适配)\x1b[0m"));
  a.assessed = false;
  const std::string t = render_terminal(a, false);
  EXPECT_TRUE(has(t, "Feasibility:   not assessed\n"));
  EXPECT_FALSE(has(t, "weeks"));
  EXPECT_FALSE(has(t, "Blockers"));
}

TEST_F(Formats, TerminalNeutralisesControlBytesFromTheScannedTree) {
  a.findings[0].path = "evil\x1b[2Jname.py";
  const std::string t = render_terminal(a, false);
  EXPECT_FALSE(has(t, "\x1b"));
  EXPECT_TRUE(has(t, "evil?[2Jname.py"));
}

// ---- CSV ----

// A small RFC 4180 reader for the test: rows of fields.
std::vector<std::vector<std::string>> parse_csv(const std::string& s) {
  std::vector<std::vector<std::string>> rows(1);
  std::string field;
  bool quoted = false;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (quoted) {
      if (c == '"' && i + 1 < s.size() && s[i + 1] == '"')
        field += '"', ++i;
      else if (c == '"')
        quoted = false;
      else
        field += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().push_back(field), field.clear();
    } else if (c == '\r' && i + 1 < s.size() && s[i + 1] == '\n') {
      rows.back().push_back(field), field.clear();
      rows.emplace_back();
      ++i;
    } else {
      field += c;
    }
  }
  if (rows.back().empty() && field.empty()) rows.pop_back();
  return rows;
}

TEST_F(Formats, OptionalBlockersShownApartInEveryReport) {
  EXPECT_FALSE(has(render_terminal(a, false), "optional features"));
  a.optional_blockers = {"precision.fp8-dtype: torch.float8_e4m3fn (m/fp8.py:7)"};
  EXPECT_TRUE(has(render_terminal(a, false),
                  "Blockers:      1\n               + 1 in optional features (behind flags; not "
                  "counted)\n"));
  const std::string md = render_markdown(a, Lang::En);
  EXPECT_TRUE(has(md,
                  "- Blockers of optional features (behind flags that are off by default, or in "
                  "branches module constants rule out; not counted in the feasibility):\n  - "
                  "precision.fp8-dtype: "));
  EXPECT_TRUE(has(render_markdown(a, Lang::Zh), "可选功能的阻塞项"));
  const std::string html = render_html(a, Lang::En);
  EXPECT_TRUE(has(html, "<ul class=\"ev\" id=\"optional-blockers\"><li>precision.fp8-dtype: "));
  EXPECT_TRUE(has(render_json(a), "\"optional_blockers\": [\n      \"precision.fp8-dtype: "));
}

TEST_F(Formats, CsvRowsAndQuoting) {
  const std::string csv = render_csv(a);
  EXPECT_EQ(csv.rfind("domain,rule,file,line,column,original,snippet,replacement,confidence,"
                      "auto_manual,guarded,optional,phases,class\r\n",
                      0),
            0u);
  EXPECT_TRUE(has(csv,
                  "\r\ndependency,dependency.flash-attn,requirements.txt,3,1,flash-attn,"
                  "flash-attn>=2.5,torch_npu.npu_fusion_attention,high,manual,false,"
                  "false,inference,must-adapt\r\n"));
  EXPECT_TRUE(has(csv,
                  "\r\ndistributed,distributed.nccl-backend,wan/train.py,20,40,"
                  "\"\"\"nccl\"\"\",\"dist.init_process_group(backend=\"\"nccl\"\", "
                  "init_method=url)\",\"backend=\"\"hccl\"\"\",high,manual,false,false,training,"
                  "must-adapt\r\n"));
  EXPECT_TRUE(has(csv, ",attention.flash-attn-func,") &&
              has(csv, ",inference;training,must-adapt\r\n"));
  EXPECT_TRUE(has(csv, ",auto-transfer_to_npu,false,false,inference,"));
  EXPECT_TRUE(has(csv, ",auto-fix,true,false,inference,"));
  EXPECT_TRUE(has(csv, ",info,false,false,,"));  // SDPA
  EXPECT_EQ(csv.substr(csv.size() - 2), "\r\n");
}

TEST_F(Formats, CsvRoundTripsEveryField) {
  a.findings[0].snippet = "line one\nline \"two\", end";
  a.findings[1].optional = true;
  const auto rows = parse_csv(render_csv(a));
  ASSERT_EQ(rows.size(), a.findings.size() + 1);
  for (size_t i = 0; i < a.findings.size(); ++i) {
    const auto& r = rows[i + 1];
    ASSERT_EQ(r.size(), 14u) << i;
    EXPECT_EQ(r[13], to_string(a.findings[i].site_class));
    EXPECT_EQ(r[11], a.findings[i].optional ? "true" : "false");
    EXPECT_EQ(r[1], a.findings[i].rule_id);
    EXPECT_EQ(r[2], a.findings[i].path);
    EXPECT_EQ(r[5], a.findings[i].match);
    EXPECT_EQ(r[6], a.findings[i].snippet);
    EXPECT_EQ(r[7], a.findings[i].replacement);
  }
}

// ---- SARIF ----

TEST_F(Formats, SarifRequiredFields) {
  const json s = json::parse(render_sarif(a));
  EXPECT_EQ(s["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
  EXPECT_EQ(s["version"], "2.1.0");
  ASSERT_EQ(s["runs"].size(), 1u);
  const json& run = s["runs"][0];
  EXPECT_EQ(run["columnKind"], "unicodeCodePoints");
  EXPECT_EQ(run["originalUriBaseIds"]["%SRCROOT%"]["uri"], "file:///repos/wan/");
  const json& driver = run["tool"]["driver"];
  EXPECT_EQ(driver["name"], "ascendify");
  EXPECT_EQ(driver["version"], ASCENDIFY_VERSION);
  EXPECT_TRUE(driver["informationUri"].is_string());
  const json& rs = driver["rules"];
  ASSERT_EQ(rs.size(), 8u);  // one per distinct rule, sorted by id
  EXPECT_EQ(rs[0]["id"], "attention.flash-attn-func");
  EXPECT_EQ(rs[7]["id"], "precision.rmsnorm-float");
  for (const auto& r : rs) {
    for (const char* k : {"id", "name"}) EXPECT_TRUE(r[k].is_string()) << k;
    EXPECT_TRUE(r["shortDescription"]["text"].is_string());
    EXPECT_TRUE(r["fullDescription"]["text"].is_string());
    EXPECT_TRUE(r["help"]["text"].is_string());
    EXPECT_TRUE(r["help"]["markdown"].is_string());
    EXPECT_TRUE(r["defaultConfiguration"]["level"].is_string());
    EXPECT_TRUE(r["properties"]["tags"].is_array());
  }
  const json& cache = rs[5];
  EXPECT_EQ(cache["id"], "device.cuda-empty-cache");
  EXPECT_EQ(cache["name"], "CudaEmptyCache");
  EXPECT_EQ(cache["shortDescription"]["text"], "torch.cuda.empty_cache has an NPU twin.");
  EXPECT_EQ(cache["defaultConfiguration"]["level"], "warning");
  EXPECT_EQ(cache["properties"]["tags"][1], "device");
  EXPECT_TRUE(
      has(rs[3]["help"]["markdown"].get<std::string>(), "- https://example.invalid/triton-ascend"));

  const json& results = run["results"];
  ASSERT_EQ(results.size(), a.findings.size());
  for (size_t i = 0; i < results.size(); ++i) {
    const json& r = results[i];
    EXPECT_EQ(r["ruleId"], a.findings[i].rule_id.str());
    EXPECT_EQ(rs[r["ruleIndex"].get<size_t>()]["id"], r["ruleId"]);
    EXPECT_TRUE(r["message"]["text"].is_string());
    const json& loc = r["locations"][0]["physicalLocation"];
    EXPECT_EQ(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
    EXPECT_EQ(loc["region"]["startLine"], a.findings[i].span.line);
    EXPECT_TRUE(r["partialFingerprints"]["primaryLocationLineHash"].is_string());
  }
  EXPECT_EQ(results[3]["level"], "error");    // triton: blocker
  EXPECT_EQ(results[2]["level"], "note");     // sdpa: info
  EXPECT_EQ(results[7]["level"], "warning");  // empty_cache: manual
  EXPECT_EQ(results[4]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "wan/norm%20%C3%BC.py");
  const json& region = results[7]["locations"][0]["physicalLocation"]["region"];
  EXPECT_EQ(region,
            json({{"startLine", 12}, {"startColumn", 5}, {"endLine", 12}, {"endColumn", 27}}));
  EXPECT_EQ(run["invocations"][0]["toolExecutionNotifications"].size(), 2u);
}

TEST_F(Formats, SarifRuleHelpReadsReplacementTemplatesAsWords) {
  Rule r;
  r.id = "device.cuda-empty-cache";
  r.message = "torch.cuda.empty_cache has an NPU twin.";
  r.replacement = "torch.npu.{tail} or {name}";
  for (auto& f : a.findings)
    if (f.rule_id == r.id) f.rule = &r;
  const json s = json::parse(render_sarif(a));
  bool seen = false;
  for (const auto& rule : s["runs"][0]["tool"]["driver"]["rules"]) {
    if (rule["id"] != r.id) continue;
    seen = true;
    const std::string help = rule["help"]["text"];
    EXPECT_TRUE(has(help, "Ascend replacement: torch.npu.<the same name> or <the matched name>"))
        << help;
    EXPECT_FALSE(has(rule["help"]["markdown"].get<std::string>(), "{tail}"));
  }
  EXPECT_TRUE(seen);
}

TEST_F(Formats, SarifFingerprintsStableAndDistinctForRepeats) {
  a.findings.push_back(a.findings.back());  // the same line content twice
  a.findings.back().span.line = 30;
  const json s1 = json::parse(render_sarif(a));
  const json s2 = json::parse(render_sarif(a));
  EXPECT_EQ(s1, s2);
  const auto& res = s1["runs"][0]["results"];
  const std::string f1 = res[8]["partialFingerprints"]["primaryLocationLineHash"];
  const std::string f2 = res[9]["partialFingerprints"]["primaryLocationLineHash"];
  EXPECT_EQ(f1.substr(0, f1.size() - 2), f2.substr(0, f2.size() - 2));
  EXPECT_EQ(f1.substr(f1.size() - 2), ":1");
  EXPECT_EQ(f2.substr(f2.size() - 2), ":2");
  EXPECT_NE(res[7]["partialFingerprints"], res[8]["partialFingerprints"]);
}

TEST_F(Formats, SarifRelativeRootHasNoUri) {
  a.root = "examples/wan";
  const json s = json::parse(render_sarif(a));
  const json& base = s["runs"][0]["originalUriBaseIds"]["%SRCROOT%"];
  EXPECT_FALSE(base.contains("uri"));
  EXPECT_EQ(base["description"]["text"], "The scanned root: examples/wan");
}

TEST(FormatsEmpty, EmptyAssessment) {
  Assessment empty;
  EXPECT_EQ(render_csv(empty),
            "domain,rule,file,line,column,original,snippet,replacement,confidence,auto_manual,"
            "guarded,optional,phases,class\r\n");
  const json s = json::parse(render_sarif(empty));
  EXPECT_TRUE(s["runs"][0]["results"].empty());
  EXPECT_TRUE(s["runs"][0]["tool"]["driver"]["rules"].empty());
  EXPECT_TRUE(has(render_terminal(empty, false), "Findings:      0\n"));
}

}  // namespace
}  // namespace ascendify::render
