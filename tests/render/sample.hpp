#pragma once
// A hand-built Assessment covering every domain, a dependency, a kernel, two phases, a
// roadmap and diagnostics, with hostile text (`|`, backticks, <script>, non-ASCII).
#include "assess/assessment.hpp"
#include "core/rule.hpp"

namespace ascendify::testing {

inline Rule make_rule(std::string id, Domain d, Confidence c, Severity s, std::string message,
                      std::string replacement, double first_h, double per_h,
                      std::vector<std::string> tags = {}) {
  Rule r;
  r.id = std::move(id);
  r.domain = d;
  r.confidence = c;
  r.severity = s;
  r.message = std::move(message);
  r.replacement = std::move(replacement);
  r.effort = {first_h, per_h};
  r.tags = std::move(tags);
  return r;
}

// Rules outlive every Assessment that points at them.
struct SampleRules {
  Rule dep =
      make_rule("dependency.flash-attn", Domain::Dependency, Confidence::High, Severity::Manual,
                "flash-attn is CUDA-only.", "torch_npu.npu_fusion_attention", 4, 0);
  Rule cache = make_rule("device.cuda-empty-cache", Domain::Device, Confidence::High,
                         Severity::Manual, "torch.cuda.empty_cache has an NPU twin. More text.",
                         "torch.npu.empty_cache()", 1, 0.5);
  Rule fa =
      make_rule("attention.flash-attn-func", Domain::Attention, Confidence::High, Severity::Manual,
                "FA2 call.", "mindiesd.attention_forward(op_type=\"ascend_laser_attention\")", 16,
                4, {"fa2", "self"});
  Rule sdpa = make_rule("attention.sdpa", Domain::Attention, Confidence::High, Severity::Info,
                        "SDPA runs on NPU.", "", 0, 0, {"sdpa"});
  Rule triton = make_rule("custom_op.triton-jit", Domain::CustomOp, Confidence::Low,
                          Severity::Blocker, "Triton kernel.", "per-kernel analysis", 40, 24);
  Rule nccl = make_rule("distributed.nccl-backend", Domain::Distributed, Confidence::High,
                        Severity::Manual, "NCCL backend.", "backend=\"hccl\"", 2, 1);
  Rule rms = make_rule("precision.rmsnorm-float", Domain::Precision, Confidence::High,
                       Severity::Manual, "RMSNorm in fp32.", "torch_npu.npu_rms_norm(x, w)", 4, 2);
  Rule compile =
      make_rule("compile.torch-compile", Domain::Compile, Confidence::Medium, Severity::Manual,
                "torch.compile.", "disable or torch_npu backend", 4, 1);
  SampleRules() { triton.refs = {"https://example.invalid/triton-ascend"}; }
};

inline Finding make_finding(const Rule& r, std::string path, uint32_t line, uint32_t col,
                            std::string match, std::string snippet) {
  Finding f;
  f.rule = &r;
  f.rule_id = r.id;
  f.domain = r.domain;
  f.path = std::move(path);
  f.span.line = line;
  f.span.col = col;
  f.span.end_line = line;
  f.span.end_col = col + static_cast<uint32_t>(match.size());
  f.match = std::move(match);
  f.snippet = std::move(snippet);
  f.message = r.message;
  f.replacement = r.replacement;
  f.confidence = r.confidence;
  f.severity = r.severity;
  return f;
}

inline Assessment sample_assessment(const SampleRules& R) {
  Assessment a;
  a.root = "/repos/wan";
  a.project_name = "wan";
  a.assessed = true;
  a.feasibility = Feasibility::NeedsAdaptation;
  a.effort = {1.25, 3.0};
  a.blockers = {"Triton kernel fused_rms has no Ascend port (wan/kernels.py:5)"};
  auto phase = [](std::string name, std::string entry, uint32_t files, uint32_t findings,
                  EffortRange effort) {
    PhaseSummary p;
    p.name = std::move(name);
    p.entry_points = {std::move(entry)};
    p.files = files;
    p.findings = findings;
    p.effort = effort;
    return p;
  };
  a.phases = {phase("inference", "generate.py", 10, 6, {1.0, 2.04}),
              phase("training", "train.py", 14, 9, {2.0, 3.0})};
  a.phases[0].kind = "inference";
  a.phases[1].kind = "training";
  a.phases[1].needs_backward = true;
  a.feasibility_evidence = {"manual sites transfer_to_npu does not cover (wan/attention.py:10)"};
  a.effort_by_domain = {EffortRange{0.1, 0.2}, EffortRange{0.05, 0.1}, EffortRange{0.4, 0.9},
                        EffortRange{0.3, 0.8}, EffortRange{0.1, 0.2},  EffortRange{0.1, 0.2},
                        EffortRange{0.1, 0.2}};
  a.effort_environment = {0.1, 0.2};
  a.effort_verification = {0.2, 0.3};
  a.target_phase = "inference";
  a.migration_sets = {
      {"inference",
       {"attention.flash-attn-func", "device.cuda-empty-cache"},
       {"flash-attn"},
       {},
       4,
       {0.8, 1.6}},
      {"training",
       {"compile.torch-compile", "custom_op.triton-jit", "distributed.nccl-backend"},
       {},
       {"wan/kernels.py:5 fused_rms"},
       3,
       {0.45, 1.4}}};
  // Hand-written from the findings below: one row per rule, (domain, rule id) order.
  auto risk = [](const Rule& r, std::vector<std::string> patterns, uint32_t sites) {
    return RiskRow{r.id,         r.domain, std::move(patterns), r.replacement,
                   r.confidence, sites,    r.replacement_zh};
  };
  a.risks = {risk(R.dep, {"flash-attn"}, 1),
             risk(R.cache, {"torch.cuda.empty_cache"}, 2),
             risk(R.fa, {"flash_attn.flash_attn_func"}, 1),
             risk(R.sdpa, {"torch.nn.functional.scaled_dot_product_attention"}, 1),
             risk(R.triton, {"triton.jit"}, 1),
             risk(R.nccl, {"\"nccl\""}, 1),
             risk(R.rms, {".float"}, 1),
             risk(R.compile, {"torch.compile"}, 1)};
  DependencyRow fa{"flash-attn",
                   ">=2.5",
                   "requirements.txt:3",
                   DependencyStatus::Replace,
                   "torch_npu.npu_fusion_attention",
                   R.dep.id,
                   false,
                   true,
                   {"inference"},
                   false,
                   {},
                   "",
                   "",
                   "",
                   false};
  DependencyRow np{"numpy",
                   "",
                   "requirements.txt:1",
                   DependencyStatus::Compatible,
                   "",
                   "",
                   false,
                   false,
                   {},
                   false,
                   {},
                   "",
                   "",
                   "",
                   false};
  a.dependencies = {fa, np};
  KernelRow k;
  k.kind = KernelKind::Triton;
  k.name = "fused_rms";
  k.path = "wan/kernels.py";
  k.line = 5;
  k.loc = 40;
  k.features = {"num_warps"};
  k.ascend_path = "torch_npu.npu_rms_norm";
  k.phases = {"training"};
  k.callers = {"wan/norm ü.py:7"};
  k.purpose = "RMSNorm forward";
  a.kernels = {k};

  auto& fs = a.findings;
  fs.push_back(make_finding(R.dep, "requirements.txt", 3, 1, "flash-attn", "flash-attn>=2.5"));
  fs.back().phases = {"inference"};
  fs.push_back(make_finding(R.fa, "wan/attention.py", 10, 9, "flash_attn.flash_attn_func",
                            "out = flash_attn_func(q, k, v)"));
  fs.back().scope = "Attention.forward";
  fs.back().phases = {"inference", "training"};
  fs.push_back(make_finding(R.sdpa, "wan/attention.py", 20, 15,
                            "torch.nn.functional.scaled_dot_product_attention",
                            "o = F.scaled_dot_product_attention(q, k, v)"));
  fs.push_back(make_finding(R.triton, "wan/kernels.py", 5, 1, "triton.jit", "@triton.jit"));
  fs.back().phases = {"training"};
  fs.push_back(make_finding(R.rms, "wan/norm ü.py", 7, 12, ".float", "return x.float() * ``w``"));
  fs.back().scope = "RMSNorm.forward";
  fs.push_back(make_finding(R.compile, "wan/train.py", 3, 9, "torch.compile",
                            "model = torch.compile(model)  # a|b `x`"));
  fs.back().phases = {"training"};
  fs.push_back(make_finding(R.nccl, "wan/train.py", 20, 40, "\"nccl\"",
                            "dist.init_process_group(backend=\"nccl\", init_method=url)"));
  fs.back().phases = {"training"};
  fs.push_back(make_finding(R.cache, "wan/utils.py", 12, 5, "torch.cuda.empty_cache",
                            "torch.cuda.empty_cache()  # <script>alert(1)</script>"));
  fs.back().autofix = true;
  fs.back().auto_by_transfer_to_npu = true;
  fs.back().phases = {"inference"};
  fs.push_back(make_finding(R.cache, "wan/utils.py", 14, 20, "torch.cuda.empty_cache",
                            "x = \"显存\" | torch.cuda.empty_cache()"));
  fs.back().autofix = true;
  fs.back().guarded = true;
  fs.back().phases = {"inference"};
  a.counts = {1, 2, 2, 1, 1, 1, 1};

  a.diagnostics = {{"bad.py", 3, "unterminated string | `x` <b>"}, {"weird.ipynb", 0, "not JSON"}};
  a.roadmap = {{"Device redirect",
                "Add transfer_to_npu to entry scripts",
                {0.2, 0.5},
                {R.cache.id},
                2,
                "设备重定向",
                "在入口脚本加入 transfer_to_npu"},
               {"Attention", "Port FA2 calls", {1.0, 2.5}, {R.fa.id}, 1, "", ""}};
  a.stats.files_scanned = 12;
  a.stats.bytes_scanned = 4096;
  a.stats.files_by_kind = {{"python", 10}, {"requirements", 1}, {"notebook", 1}};
  return a;
}

}  // namespace ascendify::testing
