// GitLab Code Quality renderer (`--format codeclimate`): hand-written expectations. The
// fingerprints below were computed apart from the tool (FNV-1a 64 of "rule\0path\0line text",
// in Python).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "render/render.hpp"
#include "sample.hpp"

namespace ascendify::render {
namespace {

using nlohmann::json;

struct Rules {
  Rule import =
      testing::make_rule("attention.flash-attn-import", Domain::Attention, Confidence::High,
                         Severity::Manual, "flash-attn cannot be installed on NPU.", "", 8, 0);
  Rule kernel =
      testing::make_rule("custom_op.cuda-kernel", Domain::CustomOp, Confidence::High,
                         Severity::Blocker, "CUDA __global__ kernel.", "Ascend C operator", 24, 8);
  Rule attn =
      testing::make_rule("attention.flash-attn-func", Domain::Attention, Confidence::High,
                         Severity::Manual, "FA2 call.", "torch_npu.npu_fusion_attention", 16, 4);
  Rule cuda =
      testing::make_rule("device.cuda-method", Domain::Device, Confidence::High, Severity::Manual,
                         ".cuda() moves to the CUDA device.", ".npu()", 1, 0.1);
  Rule nccl = testing::make_rule("distributed.nccl-env", Domain::Distributed, Confidence::High,
                                 Severity::Manual, "NCCL tuning variable.", "", 1, 0);
  Rule sdpa = testing::make_rule("attention.sdpa", Domain::Attention, Confidence::High,
                                 Severity::Info, "SDPA runs on NPU.", "", 0, 0);
};

Finding site(const Rule& r, SiteClass c, std::string path, uint32_t line, std::string match,
             std::string snippet) {
  Finding f =
      testing::make_finding(r, std::move(path), line, 1, std::move(match), std::move(snippet));
  f.site_class = c;
  return f;
}

TEST(CodeClimate, OneIssueWithEveryFieldGitLabReads) {
  Rules R;
  Assessment a;
  a.findings.push_back(
      site(R.import, SiteClass::StopsRun, "train.py", 2, "flash_attn", "import flash_attn"));
  EXPECT_EQ(render_codeclimate(a),
            "[\n"
            "  {\n"
            "    \"type\": \"issue\",\n"
            "    \"check_name\": \"attention.flash-attn-import\",\n"
            "    \"description\": \"flash-attn cannot be installed on NPU.\",\n"
            "    \"categories\": [\n"
            "      \"Compatibility\"\n"
            "    ],\n"
            "    \"severity\": \"blocker\",\n"
            "    \"fingerprint\": \"93781eb4c6edff49-1\",\n"
            "    \"location\": {\n"
            "      \"path\": \"train.py\",\n"
            "      \"lines\": {\n"
            "        \"begin\": 2\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "]\n");
  // Scanned from the repository root as `ascendify scan ml`: paths (and so fingerprints) are
  // the repository's.
  const json j = json::parse(render_codeclimate(a, "ml"));
  EXPECT_EQ(j[0]["location"]["path"], "ml/train.py");
  EXPECT_EQ(j[0]["fingerprint"], "385214fbcc08e96d-1");
}

TEST(CodeClimate, SeverityFollowsTheSiteClassAndBlockerRules) {
  Rules R;
  Assessment a;
  a.findings = {
      site(R.import, SiteClass::StopsRun, "a.py", 1, "flash_attn", "import flash_attn"),
      site(R.kernel, SiteClass::MustAdapt, "k.cu", 4, "k", "__global__ void k()"),
      site(R.attn, SiteClass::MustAdapt, "a.py", 9, "flash_attn_func", "o = flash_attn_func()"),
      site(R.cuda, SiteClass::Mechanical, "a.py", 12, ".cuda", "x.cuda()"),
      site(R.nccl, SiteClass::Tuning, "run.sh", 3, "NCCL_ALGO", "export NCCL_ALGO=Ring"),
      site(R.sdpa, SiteClass::NoChange, "a.py", 20, "sdpa", "F.scaled_dot_product_attention()"),
  };
  const json j = json::parse(render_codeclimate(a));
  ASSERT_EQ(j.size(), 6u);
  const std::vector<std::string> want = {"blocker", "critical", "major", "minor", "info", "info"};
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(j[i]["severity"], want[i]) << i;
  // The replacement is part of the description.
  EXPECT_EQ(j[2]["description"], "FA2 call. Replacement: torch_npu.npu_fusion_attention");
  EXPECT_EQ(j[3]["check_name"], "device.cuda-method");
  EXPECT_EQ(j[4]["location"]["path"], "run.sh");
  EXPECT_EQ(j[4]["location"]["lines"]["begin"], 3);
}

TEST(CodeClimate, FingerprintsSurviveMovedLinesAndStayUnique) {
  Rules R;
  Assessment before;
  // Two sites on one line, and the same line text again further down.
  before.findings = {
      site(R.cuda, SiteClass::Mechanical, "train.py", 10, ".cuda", "x = a.cuda() + b.cuda()"),
      site(R.cuda, SiteClass::Mechanical, "train.py", 10, ".cuda", "x = a.cuda() + b.cuda()"),
      site(R.cuda, SiteClass::Mechanical, "train.py", 30, ".cuda", "x = a.cuda() + b.cuda()"),
      site(R.cuda, SiteClass::Mechanical, "eval.py", 10, ".cuda", "x = a.cuda() + b.cuda()"),
  };
  before.findings[1].span.col = 18;
  Assessment after = before;  // three lines inserted at the top of both files
  for (auto& f : after.findings) f.span.line += 3;
  const json b = json::parse(render_codeclimate(before));
  const json a = json::parse(render_codeclimate(after));
  std::set<std::string> seen;
  for (size_t i = 0; i < b.size(); ++i) {
    EXPECT_EQ(b[i]["fingerprint"], a[i]["fingerprint"]) << i;
    EXPECT_NE(b[i]["location"]["lines"]["begin"], a[i]["location"]["lines"]["begin"]);
    EXPECT_TRUE(seen.insert(b[i]["fingerprint"].get<std::string>()).second) << i;
  }
  EXPECT_EQ(b[0]["fingerprint"], "acd965d890c0ec7c-1");
  EXPECT_EQ(b[1]["fingerprint"], "acd965d890c0ec7c-2");
  EXPECT_EQ(b[2]["fingerprint"], "acd965d890c0ec7c-3");
  // The line's text changed: a new issue for GitLab.
  after.findings[0].snippet = "x = a.cuda() + b.cuda()  # moved";
  EXPECT_NE(json::parse(render_codeclimate(after))[0]["fingerprint"], b[0]["fingerprint"]);
}

TEST(CodeClimate, MultiLineSpansHostileTextAndAnEmptyReport) {
  Rules R;
  Assessment a;
  EXPECT_EQ(render_codeclimate(a), "[]\n");
  Finding f = site(R.attn, SiteClass::MustAdapt, "wan/\"odd\" ü\\.py", 5, "flash_attn_func",
                   "o = flash_attn_func(q,\n k)");
  f.span.end_line = 7;
  f.message = "line\nbreak \"quoted\" <b>\x01";
  a.findings.push_back(f);
  Finding file_level = f;
  file_level.span = {};
  a.findings.push_back(file_level);
  const json j = json::parse(render_codeclimate(a));
  EXPECT_EQ(j[0]["location"]["path"], "wan/\"odd\" ü\\.py");
  EXPECT_EQ(j[0]["location"]["lines"]["begin"], 5);
  EXPECT_EQ(j[0]["location"]["lines"]["end"], 7);
  EXPECT_EQ(j[0]["description"],
            "line\nbreak \"quoted\" <b>\x01 Replacement: torch_npu.npu_fusion_attention");
  // GitLab needs lines.begin >= 1: a finding about the whole file points at line 1.
  EXPECT_EQ(j[1]["location"]["lines"]["begin"], 1);
  EXPECT_FALSE(j[1]["location"]["lines"].contains("end"));
}

}  // namespace
}  // namespace ascendify::render
