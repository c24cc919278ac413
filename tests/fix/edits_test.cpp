#include <gtest/gtest.h>

#include "fix/edit_finding.hpp"
#include "helpers.hpp"

namespace ascendify::fix {
namespace {

using testing::fixed_text;
using testing::Fixture;
using testing::make_rule;

const Rule kSync = make_rule("device.cuda-synchronize", MatchKind::Reference,
                             {"torch.cuda.synchronize"}, "rename", "torch.npu.");
const Rule kEmpty = make_rule("device.cuda-empty-cache", MatchKind::Reference,
                              {"torch.cuda.empty_cache"}, "rename", "torch.npu.empty_cache");
const Rule kApi = make_rule("device.torch-cuda-api", MatchKind::Reference, {"torch.cuda."},
                            "rename", "torch.npu.", /*prefix=*/true);
const Rule kMethod =
    make_rule("device.cuda-method", MatchKind::Method, {"cuda"}, "rename-method", "npu");
const Rule kDev = make_rule("device.cuda-device-string", MatchKind::String, {"cuda", "cuda:N"},
                            "replace-string", "npu");
const Rule kNccl =
    make_rule("distributed.nccl-backend", MatchKind::String, {"nccl"}, "replace-string", "hccl");
const Rule kVisible =
    make_rule("device.cuda-visible-devices", MatchKind::Env, {"CUDA_VISIBLE_DEVICES"}, "rename-env",
              "ASCEND_RT_VISIBLE_DEVICES", false, /*import_npu=*/false);

TEST(Rename, ExactRuleKeepsTailAndAddsImportAfterImportTorch) {
  Fixture fx;
  fx.file("a.py", FileKind::Python, "import os\nimport torch\n\ntorch.cuda.synchronize()\n");
  fx.find(kSync, "a.py", "torch.cuda.synchronize", "torch.cuda.synchronize");
  auto r = fx.plan();
  EXPECT_EQ(fixed_text(r, "a.py"),
            "import os\nimport torch\nimport torch_npu\n\ntorch.npu.synchronize()\n");
  EXPECT_TRUE(r.manual.empty());
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.edit_count(), 1u);
}

TEST(Rename, WholeNameAndPrefixRule) {
  Fixture fx;
  fx.file("a.py", FileKind::Python,
          "import torch\ntorch.cuda.empty_cache()\ns = torch.cuda.Stream()\n");
  fx.find(kEmpty, "a.py", "torch.cuda.empty_cache", "torch.cuda.empty_cache");
  fx.find(kApi, "a.py", "torch.cuda.Stream", "torch.cuda.Stream");
  auto r = fx.plan();
  EXPECT_EQ(fixed_text(r, "a.py"),
            "import torch\nimport torch_npu\ntorch.npu.empty_cache()\ns = torch.npu.Stream()\n");
}

TEST(Rename, RenamedHelper) {
  Autofix to_prefix{AutofixKind::Rename, "torch.npu.", true, true, false, ""};
  MatchSpec exact;
  exact.names = {"torch.cuda.synchronize"};
  EXPECT_EQ(detail::renamed("torch.cuda.synchronize", to_prefix, exact), "torch.npu.synchronize");
  MatchSpec prefix;
  prefix.prefix = true;
  prefix.names = {"torch.", "torch.cuda."};
  EXPECT_EQ(detail::renamed("torch.cuda.amp.autocast", to_prefix, prefix),
            "torch.npu.amp.autocast");
  Autofix whole{AutofixKind::Rename, "torch.distributed.is_hccl_available", true, true, false, ""};
  EXPECT_EQ(detail::renamed("torch.distributed.is_nccl_available", whole, exact),
            "torch.distributed.is_hccl_available");
}

TEST(Rename, AliasIsManualNotGuessed) {
  Fixture fx;
  fx.file("a.py", FileKind::Python, "from torch import cuda as tc\ntc.synchronize()\n");
  fx.find(kSync, "a.py", "tc.synchronize", "torch.cuda.synchronize");
  auto r = fx.plan();
  EXPECT_TRUE(r.files.empty());
  ASSERT_EQ(r.manual.size(), 1u);
  EXPECT_NE(r.manual[0].reason.find("alias"), std::string::npos);
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(Rename, ModuleAliasIsKeptAndTheRestRenamed) {
  // Regression (trial on real repositories): `import torch as th` went to the to-do list.
  Fixture fx;
  fx.file("a.py", FileKind::Python,
          "import torch as th\nth.cuda.synchronize()\ns = th.cuda.Stream()\n");
  fx.find(kSync, "a.py", "th.cuda.synchronize", "torch.cuda.synchronize");
  fx.find(kApi, "a.py", "th.cuda.Stream", "torch.cuda.Stream");
  auto r = fx.plan();
  EXPECT_EQ(fixed_text(r, "a.py"),
            "import torch as th\nimport torch_npu\nth.npu.synchronize()\ns = th.npu.Stream()\n");
  EXPECT_TRUE(r.manual.empty());
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(Rename, AliasOfTheRenamedPartStaysManual) {
  // `import torch.cuda as tc`: the alias is the part that changes; and a bare imported name.
  Fixture fx;
  fx.file("a.py", FileKind::Python,
          "import torch.cuda as tc\nfrom torch.cuda import synchronize\ntc.synchronize()\n"
          "synchronize()\n");
  fx.find(kSync, "a.py", "tc.synchronize", "torch.cuda.synchronize");
  fx.find(kSync, "a.py", "synchronize", "torch.cuda.synchronize", 2);
  auto r = fx.plan();
  EXPECT_TRUE(r.files.empty());
  ASSERT_EQ(r.manual.size(), 2u);
  for (const auto& m : r.manual) EXPECT_NE(m.reason.find("alias"), std::string::npos);
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(Rename, AggregatedFindingIsNeverEditedAtOneSiteOnly) {
  Fixture fx;
  fx.file("a.py", FileKind::Python,
          "import torch\ntorch.cuda.synchronize()\ntorch.cuda.synchronize()\n");
  fx.find(kSync, "a.py", "torch.cuda.synchronize", "torch.cuda.synchronize").sites = 2;
  auto r = fx.plan();
  EXPECT_TRUE(r.files.empty());
  ASSERT_EQ(r.manual.size(), 1u);
  EXPECT_NE(r.manual[0].reason.find("2 sites"), std::string::npos) << r.manual[0].reason;
}

TEST(Rename, SpanMismatchIsDiagnosedAndNeverEdited) {
  Fixture fx;
  fx.file("a.py", FileKind::Python, "import torch\nx = 1 + 2\n# torch.cuda.synchronize()\n");
  fx.find(kSync, "a.py", "1 + 2", "torch.cuda.synchronize");
  // A span on a comment is not a dotted name either.
  fx.find(kSync, "a.py", "# torch.cuda.synchronize()", "torch.cuda.synchronize");
  auto r = fx.plan();
  EXPECT_TRUE(r.files.empty());
  EXPECT_EQ(r.manual.size(), 2u);
  EXPECT_EQ(r.diagnostics.size(), 2u);
}

TEST(Method, CudaBecomesNpu) {
  Fixture fx;
  fx.file("m.py", FileKind::Python, "import torch\nx = model.cuda()\ny = t.cuda(0)\n");
  fx.find(kMethod, "m.py", "cuda", ".cuda()", 0);
  fx.find(kMethod, "m.py", "cuda", ".cuda()", 1);
  auto r = fx.plan();
  EXPECT_EQ(fixed_text(r, "m.py"),
            "import torch\nimport torch_npu\nx = model.npu()\ny = t.npu(0)\n");
}

TEST(Method, NotACallIsMismatch) {
  Fixture fx;
  fx.file("m.py", FileKind::Python, "cuda = 1\n");
  fx.find(kMethod, "m.py", "cuda", ".cuda()");
  auto r = fx.plan();
  EXPECT_TRUE(r.files.empty());
  EXPECT_EQ(r.diagnostics.size(), 1u);
}

TEST(String, DeviceForms) {
  Fixture fx;
  fx.file("s.py", FileKind::Python,
          "import torch\na = torch.ones(1, device=\"cuda\")\nb = x.to(device='cuda:1')\n"
          "c = f\"cuda:{rank}\"\nd = '''cuda'''\n");
  fx.find(kDev, "s.py", "\"cuda\"", "\"cuda\"");
  fx.find(kDev, "s.py", "'cuda:1'", "\"cuda:1\"");
  fx.find(kDev, "s.py", "f\"cuda:{rank}\"", "\"cuda:{}\"");
  fx.find(kDev, "s.py", "'''cuda'''", "\"cuda\"");
  auto r = fx.plan();
  EXPECT_EQ(fixed_text(r, "s.py"),
            "import torch\nimport torch_npu\na = torch.ones(1, device=\"npu\")\n"
            "b = x.to(device='npu:1')\nc = f\"npu:{rank}\"\nd = '''npu'''\n");
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(String, EscapedLiteralIsManual) {
  Fixture fx;
  fx.file("s.py", FileKind::Python, "d = torch.device(\"\\x63uda\")\n");
  fx.find(kDev, "s.py", "\"\\x63uda\"", "\"cuda\"");
  auto r = fx.plan();
  EXPECT_TRUE(r.files.empty());
  ASSERT_EQ(r.manual.size(), 1u);
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(String, ValueMismatchIsDiagnosed) {
  Fixture fx;
  fx.file("s.py", FileKind::Python, "d = torch.device(\"cpu\")\n");
  fx.find(kDev, "s.py", "\"cpu\"", "\"cuda\"");
  auto r = fx.plan();
  EXPECT_TRUE(r.files.empty());
  EXPECT_EQ(r.diagnostics.size(), 1u);
}

TEST(String, BackendForms) {
  Fixture fx;
  fx.file("d.py", FileKind::Python,
          "import torch.distributed as dist\ndist.init_process_group(backend=\"nccl\")\n"
          "dist.init_process_group(\"cpu:gloo,cuda:nccl\")\n");
  fx.find(kNccl, "d.py", "\"nccl\"", "\"nccl\"");
  fx.find(kNccl, "d.py", "\"cpu:gloo,cuda:nccl\"", "\"cpu:gloo,cuda:nccl\"");
  auto r = fx.plan();
  // No `import torch` line at module level: the import goes before the first statement.
  EXPECT_EQ(fixed_text(r, "d.py"),
            "import torch_npu\nimport torch.distributed as dist\n"
            "dist.init_process_group(backend=\"hccl\")\n"
            "dist.init_process_group(\"cpu:gloo,npu:hccl\")\n");
}

TEST(String, ReplacedBodyHelper) {
  MatchSpec m;
  m.names = {"cuda", "cuda:N"};
  EXPECT_EQ(detail::replaced_body("cuda", "cuda", "npu", m), "npu");
  EXPECT_EQ(detail::replaced_body("cuda:0", "cuda:0", "npu", m), "npu:0");
  EXPECT_EQ(detail::replaced_body("cuda:{i}", "cuda:{}", "npu", m), "npu:{i}");
  EXPECT_EQ(detail::replaced_body("\\x63uda", "cuda", "npu", m), "");
  EXPECT_EQ(detail::replaced_body("cudax", "cudax", "npu", m), "");
}

TEST(Env, PythonEnvironNoImport) {
  Fixture fx;
  fx.file("e.py", FileKind::Python, "import os\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0\"\n");
  fx.find(kVisible, "e.py", "\"CUDA_VISIBLE_DEVICES\"", "\"CUDA_VISIBLE_DEVICES\"");
  auto r = fx.plan();
  EXPECT_EQ(fixed_text(r, "e.py"),
            "import os\nos.environ[\"ASCEND_RT_VISIBLE_DEVICES\"] = \"0\"\n");
}

TEST(Env, ShellAndDockerfile) {
  Fixture fx;
  fx.file("run.sh", FileKind::Shell,
          "#!/bin/bash\nexport CUDA_VISIBLE_DEVICES=0,1\necho ${CUDA_VISIBLE_DEVICES}\n");
  fx.file("Dockerfile", FileKind::Dockerfile, "FROM x\nENV CUDA_VISIBLE_DEVICES=0\n");
  fx.find(kVisible, "run.sh", "CUDA_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", 0);
  fx.find(kVisible, "run.sh", "CUDA_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", 1);
  fx.find(kVisible, "Dockerfile", "CUDA_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES");
  auto r = fx.plan();
  EXPECT_EQ(
      fixed_text(r, "run.sh"),
      "#!/bin/bash\nexport ASCEND_RT_VISIBLE_DEVICES=0,1\necho ${ASCEND_RT_VISIBLE_DEVICES}\n");
  EXPECT_EQ(fixed_text(r, "Dockerfile"), "FROM x\nENV ASCEND_RT_VISIBLE_DEVICES=0\n");
}

TEST(Env, ShellPartOfLongerNameIsMismatch) {
  Fixture fx;
  fx.file("run.sh", FileKind::Shell, "export MY_CUDA_VISIBLE_DEVICES=0\n");
  fx.find(kVisible, "run.sh", "CUDA_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES");
  auto r = fx.plan();
  EXPECT_TRUE(r.files.empty());
  EXPECT_EQ(r.diagnostics.size(), 1u);
}

TEST(Select, OnlyAndExcludeByRuleOrDomain) {
  Fixture fx;
  fx.file("a.py", FileKind::Python,
          "import torch\ntorch.cuda.synchronize()\ndist.init_process_group(\"nccl\")\n");
  fx.find(kSync, "a.py", "torch.cuda.synchronize", "torch.cuda.synchronize");
  fx.find(kNccl, "a.py", "\"nccl\"", "\"nccl\"");
  FixOptions only;
  only.only = {"distributed"};
  auto r = fx.plan(only);
  EXPECT_EQ(fixed_text(r, "a.py"),
            "import torch\nimport torch_npu\ntorch.cuda.synchronize()\n"
            "dist.init_process_group(\"hccl\")\n");
  ASSERT_EQ(r.manual.size(), 1u);
  EXPECT_EQ(r.manual[0].rule_id, "device.cuda-synchronize");
  FixOptions ex;
  ex.exclude = {"distributed.nccl-backend", "device.cuda-synchronize"};
  EXPECT_TRUE(fx.plan(ex).files.empty());
}

TEST(Select, NoAutofixOrLowConfidenceOrNotebookIsManual) {
  Rule medium = kApi;
  medium.confidence = Confidence::Medium;
  medium.autofix->safe = false;  // the loader allows a medium-confidence fix only as unsafe
  medium.autofix->why = "torch.npu may lack the name";
  const Rule none = make_rule("device.get-device-capability", MatchKind::Reference,
                              {"torch.cuda.get_device_capability"}, "", "");
  Fixture fx;
  fx.file("a.py", FileKind::Python, "torch.cuda.Stream()\ntorch.cuda.get_device_capability()\n");
  fx.file("n.ipynb", FileKind::Notebook, "{}");
  fx.find(medium, "a.py", "torch.cuda.Stream", "torch.cuda.Stream");
  fx.find(none, "a.py", "torch.cuda.get_device_capability", "torch.cuda.get_device_capability");
  fx.find(kSync, "n.ipynb", "{}", "torch.cuda.synchronize");
  auto r = fx.plan();
  EXPECT_TRUE(r.files.empty());
  ASSERT_EQ(r.manual.size(), 3u);
  const std::string summary = manual_summary(r);
  EXPECT_NE(summary.find("a.py:2  device.get-device-capability"), std::string::npos) << summary;
  EXPECT_NE(summary.find("[device] 3"), std::string::npos) << summary;
  EXPECT_NE(summary.find("notebook"), std::string::npos);
}

// fix reads why a finding is no edit from the finding (Finding::manual, the matcher's
// decision): the same site and rule with another reason gets that reason, not an edit.
TEST(Select, ManualReasonOfTheFindingIsObeyed) {
  Fixture fx;
  fx.file("a.py", FileKind::Python, "import torch\ntorch.cuda.synchronize()\n");
  fx.find(kSync, "a.py", "torch.cuda.synchronize", "torch.cuda.synchronize");
  ASSERT_EQ(fx.plan().files.size(), 1u);  // as matched: an edit
  for (const auto& [reason, said] : std::vector<std::pair<ManualReason, std::string>>{
           {ManualReason::BesideNpu, "beside an NPU branch"},
           {ManualReason::InlinePython, "python -c code"},
           {ManualReason::NoAutofix, "no automatic fix"}}) {
    fx.findings.back().manual = reason;
    fx.findings.back().autofix = false;
    const auto r = fx.plan();
    EXPECT_TRUE(r.files.empty()) << said;
    EXPECT_NE(manual_summary(r).find(said), std::string::npos) << manual_summary(r);
  }
}

TEST(Overlap, SameEditFromTwoRulesIsMergedConflictIsSkipped) {
  const Rule other =
      make_rule("device.other", MatchKind::String, {"cuda"}, "replace-string", "xpu");
  Fixture fx;
  fx.file("a.py", FileKind::Python, "import torch\nd = torch.device(\"cuda\")\n");
  fx.find(kDev, "a.py", "\"cuda\"", "\"cuda\"");
  fx.find(kDev, "a.py", "\"cuda\"", "\"cuda\"");
  fx.find(other, "a.py", "\"cuda\"", "\"cuda\"");
  auto r = fx.plan();
  EXPECT_EQ(fixed_text(r, "a.py"), "import torch\nimport torch_npu\nd = torch.device(\"npu\")\n");
  EXPECT_EQ(r.edit_count(), 1u);
  ASSERT_EQ(r.manual.size(), 1u);
  EXPECT_EQ(r.manual[0].rule_id, "device.other");
}

}  // namespace
}  // namespace ascendify::fix
