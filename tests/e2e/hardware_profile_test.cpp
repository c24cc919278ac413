// --hardware / [tool.ascendify] hardware: the rules read as they stand on the chosen profile
// (rules/model/hardware.yaml, a rule's `hardware:` entries) and the report names it.
#include <gtest/gtest.h>

#include "robust_util.hpp"

using namespace robust;

namespace {

const char* kTritonKernel =
    "import torch\nimport triton\nimport triton.language as tl\n\n\n@triton.jit\n"
    "def add_kernel(x_ptr, n, BLOCK: tl.constexpr):\n    pid = tl.program_id(0)\n\n\n"
    "if __name__ == \"__main__\":\n    x = torch.float8_e4m3fn\n    print(x)\n";

const nlohmann::json* finding(const nlohmann::json& rep, const std::string& rule) {
  for (const auto& f : rep["findings"])
    if (f["rule"] == rule) return &f;
  return nullptr;
}

}  // namespace

TEST(HardwareProfile, DefaultIsAtlasA2AndTheReportNamesIt) {
  TempDir root, out;
  write_file(root / "run.py", kTritonKernel);
  const nlohmann::json rep = scan_report(root.path(), out.path());
  EXPECT_EQ(rep["hardware"]["id"], "atlas-a2") << rep.dump(1).substr(0, 400);
  const auto* jit = finding(rep, "custom_op.triton-jit");
  ASSERT_NE(jit, nullptr);
  EXPECT_EQ((*jit)["severity"], "manual");
  const auto* fp8 = finding(rep, "precision.fp8-dtype");
  ASSERT_NE(fp8, nullptr);
  EXPECT_NE((*fp8)["message"].get<std::string>().find("A2/A3"), std::string::npos);
}

TEST(HardwareProfile, AliasesSelectTheProfileAndItsOverrides) {
  TempDir root, out310, out950;
  write_file(root / "run.py", kTritonKernel);
  const nlohmann::json on310 = scan_report(root.path(), out310.path(), {"--hardware", "310P"});
  EXPECT_EQ(on310["hardware"]["id"], "atlas-300i-duo");
  const auto* jit = finding(on310, "custom_op.triton-jit");
  ASSERT_NE(jit, nullptr);
  EXPECT_EQ((*jit)["severity"], "blocker");  // no triton-ascend on the 310P
  EXPECT_NE((*jit)["replacement"].get<std::string>().find("310P"), std::string::npos);

  const nlohmann::json on950 = scan_report(root.path(), out950.path(), {"--hardware", "950dt"});
  EXPECT_EQ(on950["hardware"]["id"], "ascend-950");
  const auto* fp8 = finding(on950, "precision.fp8-dtype");
  ASSERT_NE(fp8, nullptr);
  EXPECT_NE((*fp8)["message"].get<std::string>().find("Ascend 950"), std::string::npos);
  EXPECT_EQ((*finding(on950, "custom_op.triton-jit"))["severity"], "manual");
}

TEST(HardwareProfile, ProjectConfigChoosesItAndUnknownNamesAreUsageErrors) {
  TempDir root, out, out2;
  write_file(root / "run.py", kTritonKernel);
  write_file(root / "pyproject.toml",
             "[project]\nname = \"p\"\n\n[tool.ascendify]\nhardware = \"atlas-a3\"\n");
  EXPECT_EQ(scan_report(root.path(), out.path())["hardware"]["id"], "atlas-a3");
  const RunResult bad = scan(root.path(), out2.path(), {"--hardware", "h100"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("unknown hardware profile 'h100'"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("atlas-300i-duo"), std::string::npos) << bad.err;
}

TEST(HardwareProfile, RulesCommandShowsPerProfileDifferences) {
  const RunResult md = run_cli({"rules", "--domain", "custom_op"});
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_NE(md.out.find("atlas-300i-duo: blocker"), std::string::npos);
  const RunResult on310 = run_cli({"rules", "--format", "json", "--hardware", "310p"});
  ASSERT_EQ(on310.exit_code, 0) << on310.err;
  const nlohmann::json rules = nlohmann::json::parse(on310.out);
  for (const auto& r : rules) {
    if (r["id"] == "custom_op.triton-jit") {
      EXPECT_EQ(r["severity"], "blocker");
    }
  }
  EXPECT_EQ(run_cli({"rules", "--hardware", "nope"}).exit_code, 2);
}
