// Kernel inventory of whole projects through the real pipeline and assess: the mamba-like
// fixture (tests/fixtures/mamba_like: CUDA extension + Triton kernels + autograd Functions +
// PyTorch references), row by row, and the example project's kernels. Expectations are
// written by hand from the fixture sources (line numbers, bodies, call graph).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "assess/assess.hpp"
#include "pipeline/scan.hpp"
#include "project/findings.hpp"
#include "rules/ruleset.hpp"

namespace ascendify {
namespace {

namespace fs = std::filesystem;
using Strings = std::vector<std::string>;

Assessment run(const std::string& dir) {
  static const rules::RuleSet rules = [] {
    std::vector<Diagnostic> d;
    return rules::load_rules({}, d);
  }();
  const fs::path root = fs::path(ASCENDIFY_SOURCE_DIR) / dir;
  pipeline::ScanOptions so;
  so.threads = 1;
  so.filters = {.own_code = true, .aggregate = true};  // as `scan` does
  pipeline::ScanResult scan = pipeline::scan(root, rules, so);
  project::Project p = project::derive(scan.files, std::move(scan.findings), rules, scan.filters);
  assess::Input in;
  in.root = root.string();
  in.files = &scan.files;
  in.findings = std::move(p.findings);
  in.cross = std::move(p.cross);
  return assess::assess(std::move(in), rules, assess::Options{});
}

struct Want {
  std::string kind, name, path;
  uint32_t line, loc;
  Strings features, callers;
  bool backward_only, has_fallback;
  std::string purpose, ascend_path;
  Strings phases;
};

void expect_row(const KernelRow& k, const Want& w) {
  SCOPED_TRACE(w.name);
  EXPECT_EQ(to_string(k.kind), w.kind);
  EXPECT_EQ(k.name, w.name);
  EXPECT_EQ(k.path, w.path);
  EXPECT_EQ(k.line, w.line);
  EXPECT_EQ(k.loc, w.loc);
  EXPECT_EQ(k.features, w.features);
  EXPECT_EQ(k.callers, w.callers);
  EXPECT_EQ(k.backward_only, w.backward_only);
  EXPECT_EQ(k.has_fallback, w.has_fallback);
  EXPECT_EQ(k.purpose, w.purpose);
  EXPECT_EQ(k.ascend_path, w.ascend_path);
  EXPECT_EQ(k.phases, w.phases);
}

const KernelRow* row(const Assessment& a, const std::string& name) {
  for (const auto& k : a.kernels)
    if (k.name == name) return &k;
  return nullptr;
}

const std::string kScanPath =
    "no torch_npu op; Ascend C rewrite (or keep the PyTorch reference scan)";
const std::string kConvPath =
    "no torch_npu op on Atlas A2; Ascend C rewrite, or torch_npu.npu_fused_causal_conv1d (Ascend "
    "950 only, kernel width 3); or a triton-ascend port (1-D grid, BLOCK_SIZE within the Unified "
    "Buffer)";
const std::string kLayerNormPath =
    "mindiesd.fast_layernorm / mindiesd.layernorm_scale_shift (AdaLN) / "
    "torch.nn.functional.layer_norm";
const Strings kBoth = {"inference", "training"};
const Strings kTraining = {"training"};

TEST(KernelInventory, MambaLikeRowByRow) {
  const Assessment a = run("tests/fixtures/mamba_like");
  ASSERT_EQ(a.phases.size(), 2u);
  EXPECT_EQ(a.phases[0].name, "inference");
  EXPECT_EQ(a.phases[1].name, "training");
  const std::string iface = "mamba_like/ops/selective_scan_interface.py";
  const std::string ln = "mamba_like/ops/triton/layernorm.py";
  const std::string conv = "mamba_like/ops/triton/causal_conv.py";
  const std::vector<Want> want = {
      // Reached through selective_scan_cuda.bwd, called only in SelectiveScanFn.backward.
      {"cuda",
       "selective_scan_bwd_kernel",
       "csrc/selective_scan_bwd.cu",
       5,
       12,
       {"warp-shuffle"},
       {"csrc/selective_scan_bwd.cu:25", iface + ":17"},
       true,
       true,
       "selective-scan",
       "use the PyTorch fallback selective_scan_ref, then " + kScanPath,
       kTraining},
      {"cuda",
       "selective_scan_fwd_kernel",
       "csrc/selective_scan_fwd.cu",
       5,
       11,
       {"shared-memory"},
       {"csrc/selective_scan_fwd.cu:22", iface + ":10"},
       false,
       true,
       "selective-scan",
       "use the PyTorch fallback selective_scan_ref, then " + kScanPath,
       kBoth},
      {"autograd-function",
       "SelectiveScanFn",
       iface,
       7,
       11,
       {},
       {iface + ":22"},
       false,
       false,
       "selective-scan",
       "keep the autograd.Function; port the kernels it calls",
       kBoth},
      {"triton",
       "_causal_conv1d_fwd_kernel",
       conv,
       12,
       7,
       {"autotune", "num_warps:4"},
       {conv + ":37"},
       false,
       true,
       "causal-conv1d",
       "use the PyTorch fallback causal_conv1d_ref, then " + kConvPath,
       kBoth},
      // Launched in _causal_conv1d_bwd, which nothing calls visibly: named *bwd* -> backward.
      {"triton",
       "_causal_conv1d_bwd_kernel",
       conv,
       23,
       7,
       {},
       {conv + ":45"},
       true,
       true,
       "causal-conv1d",
       "use the PyTorch fallback causal_conv1d_ref, then " + kConvPath,
       {}},  // its launcher _causal_conv1d_bwd is called by nothing: unused
      {"triton",
       "_layer_norm_fwd_kernel",
       ln,
       16,
       11,
       {"autotune", "num_warps:2,4,8", "num_stages:1,2"},
       {ln + ":48"},
       false,
       true,
       "layernorm",
       "use the PyTorch fallback layer_norm_ref, then " + kLayerNormPath,
       kBoth},
      // Launched in _layer_norm_bwd, called only from LayerNormFn.backward; num_warps=8 at launch.
      {"triton",
       "_layer_norm_bwd_kernel",
       ln,
       31,
       9,
       {"num_warps:8"},
       {ln + ":56"},
       true,
       true,
       "layernorm",
       "use the PyTorch fallback layer_norm_ref, then " + kLayerNormPath,
       kTraining},
      {"autograd-function",
       "LayerNormFn",
       ln,
       61,
       10,
       {},
       {ln + ":75"},
       false,
       false,
       "layernorm",
       kLayerNormPath,
       kBoth},
      {"triton",
       "_swiglu_fwd_kernel",
       "mamba_like/ops/triton/swiglu.py",
       8,
       4,
       {"num_warps:4"},
       {"mamba_like/ops/triton/swiglu.py:18"},
       false,
       false,
       "activation",
       "torch_npu.npu_swiglu / torch_npu.npu_gelu / torch_npu.npu_fast_gelu",
       kBoth},
      {"extension-build",
       "selective_scan_cuda",
       "setup.py",
       10,
       8,
       {"cuda"},
       {iface + ":10", iface + ":17"},
       false,
       false,
       "",
       "build the ported ops as a torch_npu extension (Ascend C / OpPlugin)",
       kBoth},
  };
  ASSERT_EQ(a.kernels.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) expect_row(a.kernels[i], want[i]);
}

TEST(KernelInventory, ExampleProjectKernels) {
  const Assessment a = run("examples");
  const KernelRow* bwd = row(a, "_rmsnorm_bwd_kernel");
  ASSERT_NE(bwd, nullptr);
  EXPECT_TRUE(bwd->backward_only);  // launched in _rms_norm_bwd <- FusedRMSNormFn.backward
  EXPECT_EQ(bwd->phases, kTraining);
  EXPECT_EQ(bwd->callers, Strings{"vidit/kernels/fused_rmsnorm_triton.py:75"});
  EXPECT_EQ(bwd->purpose, "rmsnorm");
  const KernelRow* fwd = row(a, "_rmsnorm_fwd_kernel");
  ASSERT_NE(fwd, nullptr);
  EXPECT_FALSE(fwd->backward_only);
  EXPECT_TRUE(fwd->has_fallback);
  EXPECT_EQ(
      fwd->ascend_path,
      "use the PyTorch fallback rms_norm_ref, then torch_npu.npu_rms_norm / mindiesd.RMSNorm");
  EXPECT_EQ(fwd->features, (Strings{"autotune", "num_warps:4,8,16"}));
  const KernelRow* adaln = row(a, "fused_adaln_kernel");
  ASSERT_NE(adaln, nullptr);
  EXPECT_EQ(adaln->path, "csrc/fused_adaln.cu");
  // csrc/fused_adaln.cu binds fused_adaln_forward into vidit_ext (setup.py), which
  // vidit/modules/fused_ops.py calls on line 20.
  EXPECT_EQ(adaln->callers, (Strings{"csrc/fused_adaln.cu:90", "vidit/modules/fused_ops.py:20"}));
  EXPECT_EQ(adaln->purpose, "layernorm");
  EXPECT_FALSE(adaln->backward_only);
}

}  // namespace
}  // namespace ascendify
