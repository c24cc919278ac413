// Kernel purpose / Ascend path model (rules/model/kernels.yaml), name words and stems,
// fallback pairing and launch-option merging.
#include "assess/kernel_model.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "assess/kernel_fallback.hpp"

namespace ascendify::assess {
namespace {

using Strings = std::vector<std::string>;

TEST(KernelModel, NameWordsSplitUnderscoresAndCamelCase) {
  EXPECT_EQ(name_words("_rmsnorm_fwd_kernel"), (Strings{"rmsnorm", "fwd", "kernel"}));
  EXPECT_EQ(name_words("FusedRMSNormFn"), (Strings{"fused", "rms", "norm", "fn"}));
  EXPECT_EQ(name_words("__x__"), (Strings{"x"}));
  EXPECT_TRUE(name_words("").empty());
}

TEST(KernelModel, StemPairsKernelsWithReferences) {
  EXPECT_EQ(name_stem("_rmsnorm_fwd_kernel"), "rmsnorm");
  EXPECT_EQ(name_stem("rms_norm_ref"), "rmsnorm");
  EXPECT_EQ(name_stem("_rmsnorm_bwd_kernel"), "rmsnorm");
  EXPECT_EQ(name_stem("selective_scan_fwd_kernel"), "selectivescan");
  EXPECT_EQ(name_stem("selective_scan_ref"), "selectivescan");
  EXPECT_EQ(name_stem("causal_conv1d_torch"), "causalconv1d");
  EXPECT_EQ(name_stem("_kernel_fwd"), "");
}

TEST(KernelModel, EmbeddedPurposesAndPaths) {
  const KernelPathModel& m = embedded_kernel_paths();
  ASSERT_FALSE(m.purposes.empty());
  auto purpose = [&](const char* name, Strings calls = {}) {
    const KernelPurpose* p = purpose_of(m, name, calls);
    return p ? p->purpose : std::string("-");
  };
  EXPECT_EQ(purpose("_rms_norm_fwd_kernel"), "rmsnorm");
  EXPECT_EQ(purpose("_layer_norm_fwd_1pass_kernel"), "layernorm");
  EXPECT_EQ(purpose("fused_adaln_kernel"), "layernorm");
  EXPECT_EQ(purpose("_rotary_kernel"), "rotary");
  EXPECT_EQ(purpose("flash_fwd_kernel"), "attention");
  EXPECT_EQ(purpose("_attn_bwd"), "attention");
  EXPECT_EQ(purpose("moe_gating_topk_softmax_kernel"), "moe-routing");
  EXPECT_EQ(purpose("softmax_warp_forward"), "softmax");
  // A fused softmax cross-entropy is a loss (lit-gpt over flash-attention's xentropy).
  EXPECT_EQ(purpose("SoftmaxCrossEntropyLossFn"), "cross-entropy");
  EXPECT_EQ(purpose("xentropy_cuda_lib"), "cross-entropy");
  EXPECT_EQ(purpose("_cross_entropy_fwd_kernel"), "cross-entropy");
  EXPECT_EQ(purpose("_swiglu_fwd_kernel"), "activation");
  EXPECT_EQ(purpose("selective_scan_fwd_kernel"), "selective-scan");
  EXPECT_EQ(purpose("_causal_conv1d_fwd_kernel"), "causal-conv1d");
  EXPECT_EQ(purpose("_chunk_cumsum_fwd_kernel"), "scan");
  EXPECT_EQ(purpose("dequant_int4_kernel"), "quant");
  EXPECT_EQ(purpose("_my_kernel", {"tl.load", "tl.dot"}), "gemm");
  EXPECT_EQ(purpose("_my_kernel", {"tl.sum"}), "reduce");
  EXPECT_EQ(purpose("_my_kernel", {"tl.load"}), "-");
  EXPECT_EQ(purpose("column_fwd_kernel"), "-");  // no "ln" word inside "column"
  // Collectives: by name, before reduce and MoE routing; elementwise broadcasting is not one.
  EXPECT_EQ(purpose("_SeqAllToAll"), "communication");
  EXPECT_EQ(purpose("_ReduceScatterToSequenceParallelRegion"), "communication");
  EXPECT_EQ(purpose("all_reduce_kernel"), "communication");
  EXPECT_EQ(purpose("block_reduce_kernel"), "reduce");
  EXPECT_EQ(purpose("broadcast_add_kernel"), "-");
  EXPECT_EQ(purpose_of(m, "FusedDispatch", {}, "fused_a2a")->purpose, "communication");
  EXPECT_EQ(purpose_of(m, "SeqAllToAllDim", {}, "attention_dispatch")->purpose, "communication");
  // The file names the purpose when the kernel name does not; the name wins over the file.
  EXPECT_EQ(purpose_of(m, "_fwd_kernel", {"tl.dot"}, "flash_attn_triton")->purpose, "attention");
  EXPECT_EQ(purpose_of(m, "tanh", {}, "k_activations")->purpose, "activation");
  EXPECT_EQ(purpose_of(m, "_rotary_kernel", {}, "layer_norm")->purpose, "rotary");
  EXPECT_EQ(m.default_paths.at("cuda"), "Ascend C rewrite");
  EXPECT_NE(m.default_paths.at("triton").find("triton-ascend"), std::string::npos);
  EXPECT_EQ(m.fallback, "use the PyTorch fallback {name}");
  // Compiled modules built elsewhere (external_extensions.hpp) and the DSL kinds' paths.
  EXPECT_NE(std::find(m.external_modules.begin(), m.external_modules.end(), "rotary_emb"),
            m.external_modules.end());
  EXPECT_NE(std::find(m.external_suffixes.begin(), m.external_suffixes.end(), "_cuda"),
            m.external_suffixes.end());
  EXPECT_NE(m.default_paths.at("tilelang").find("TileLang-Ascend"), std::string::npos);
  EXPECT_NE(m.default_paths.at("cute-dsl").find("Ascend C"), std::string::npos);
}

TEST(KernelModel, BadYamlKeepsModel) {
  KernelPathModel m;
  m.fallback = "keep";
  std::vector<Diagnostic> d;
  EXPECT_FALSE(load_kernel_paths(m, "k.yaml", "purposes: [ {purpose: x", d));
  EXPECT_EQ(m.fallback, "keep");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].path, "k.yaml");
  EXPECT_TRUE(load_kernel_paths(m, "k.yaml", "purposes:\n  - {purpose: a, keywords: [ab]}\n", d));
  ASSERT_EQ(m.purposes.size(), 1u);
  EXPECT_EQ(m.purposes[0].keywords, Strings{"ab"});
}

TEST(KernelModel, FeatureValuesMergeSorted) {
  Strings f = {"autotune", "num_warps:4,8"};
  add_feature_value(f, "num_warps", "16");
  add_feature_value(f, "num_warps", "8");
  add_feature_value(f, "num_stages", "3,2");
  EXPECT_EQ(f, (Strings{"autotune", "num_warps:4,8,16", "num_stages:2,3"}));
}

ScannedFile py(const std::string& path, const Strings& functions) {
  ScannedFile f;
  f.file.rel_path = path;
  f.file.kind = FileKind::Python;
  for (const auto& n : functions) {
    Fact x;
    x.kind = FactKind::FunctionDef;
    x.name = n;
    f.facts.facts.push_back(x);
  }
  return f;
}

TEST(KernelFallback, ByNameStemInRelatedDirectories) {
  ScannedFiles files = {
      py("pkg/ops/triton/norm.py", {"rms_norm_ref", "helper_ref"}),
      py("pkg/ops/ops_ref.py", {"layer_norm", "_private"}),
      py("other/far/away.py", {"swiglu_ref"}),
      py("pkg/ops/triton/act.py", {"gelu_torch"}),
  };
  // A method named *_ref is not a module-level reference.
  Fact method;
  method.kind = FactKind::FunctionDef;
  method.name = "rotary_ref";
  method.scope = "Cls";
  files[0].facts.facts.push_back(method);
  const FallbackIndex idx(files);
  EXPECT_EQ(idx.find("_rmsnorm_fwd_kernel", "pkg/ops/triton/norm.py", {}), "rms_norm_ref");
  // Any public function of a *_ref.py module in the parent directory.
  EXPECT_EQ(idx.find("_layer_norm_bwd_kernel", "pkg/ops/triton/ln.py", {}), "layer_norm");
  EXPECT_EQ(idx.find("_private_kernel", "pkg/ops/triton/ln.py", {}), "");
  EXPECT_EQ(idx.find("_swiglu_fwd_kernel", "pkg/ops/triton/ln.py", {}), "");
  // ... unless a Python caller sits next to the reference.
  EXPECT_EQ(idx.find("swiglu_kernel", "csrc/swiglu.cu", {"other/far"}), "swiglu_ref");
  EXPECT_EQ(idx.find("_gelu_kernel", "pkg/ops/triton/x.py", {}), "gelu_torch");
  EXPECT_EQ(idx.find("_rotary_kernel", "pkg/ops/triton/x.py", {}), "");
}

}  // namespace
}  // namespace ascendify::assess
