#include "match/matcher.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "rules/normalize.hpp"

using namespace ascendify;

namespace {

// Compact rule text: every test rule needs the same boilerplate besides id/domain/match.
std::string rule(const std::string& id, const std::string& match, const std::string& extra = "") {
  std::string domain = id.substr(0, id.find('.'));
  return "- id: " + id + "\n  domain: " + domain + "\n  match: " + match + "\n  message: m " + id +
         "\n  confidence: high\n  effort: {first: 1, each: 1}\n"
         "  refs: [test]\n" +
         extra;
}

rules::RuleSet make(const std::string& yaml) {
  rules::RuleSet set;
  std::vector<Diagnostic> diags;
  set.add_yaml("rules/t.yaml", yaml, diags);
  for (const auto& d : diags) ADD_FAILURE() << d.line << ": " << d.message;
  set.finalize();
  return set;
}

Fact ref(const std::string& name, uint32_t line, Usage usage = Usage::Call) {
  Fact f;
  f.kind = FactKind::Reference;
  f.name = name;
  f.usage = usage;
  f.span = {line, 1, line, 1 + static_cast<uint32_t>(name.size()), 0, 0};
  return f;
}

Fact str(const std::string& value, uint32_t line, StringContext ctx, const std::string& detail = "",
         const std::string& call = "") {
  Fact f;
  f.kind = FactKind::String;
  f.name = value;
  f.ctx = ctx;
  f.detail = detail;
  f.call = call;
  f.span = {line, 5, line, 11, 0, 0};
  return f;
}

Fact of_kind(FactKind k, const std::string& name, uint32_t line, const std::string& detail = "") {
  Fact f;
  f.kind = k;
  f.name = name;
  f.detail = detail;
  f.span = {line, 1, line, 2, 0, 0};
  if (k == FactKind::MethodCall) f.usage = Usage::Call;  // `.name(...)`, as the parser emits
  return f;
}

std::vector<Finding> run(const rules::RuleSet& set, const FileFacts& ff, std::string_view text = "",
                         size_t* suppressed = nullptr) {
  SourceFile file{"a/b.py", "/x/a/b.py", FileKind::Python, 0};
  return match::match_file(set, file, text, ff, suppressed);
}

std::vector<std::string> ids(const std::vector<Finding>& fs) {
  std::vector<std::string> out;
  for (const auto& f : fs) out.push_back(f.rule_id + "@" + std::to_string(f.span.line));
  return out;
}

using V = std::vector<std::string>;

}  // namespace

TEST(NormalizeStringValue, DeviceIndices) {
  EXPECT_EQ(match::normalize_string_value("cuda:0"), "cuda:N");
  EXPECT_EQ(match::normalize_string_value("cuda:12"), "cuda:N");
  EXPECT_EQ(match::normalize_string_value("cuda:{}"), "cuda:N");
  EXPECT_EQ(match::normalize_string_value("CUDA"), "CUDA");
  EXPECT_EQ(match::normalize_string_value("cuda"), "cuda");
  EXPECT_EQ(match::normalize_string_value("cuda:x"), "cuda:x");
  EXPECT_EQ(match::normalize_string_value("cuda:"), "cuda:");
  EXPECT_EQ(match::normalize_string_value("a b:0"), "a b:0");
}

TEST(BoundaryPrefix, Semantics) {
  EXPECT_TRUE(rules::boundary_prefix("torch.cuda.synchronize", "torch.cuda."));
  EXPECT_TRUE(rules::boundary_prefix("flash_attn.x", "flash_attn"));
  EXPECT_TRUE(rules::boundary_prefix("flash_attn", "flash_attn"));
  EXPECT_FALSE(rules::boundary_prefix("flash_attn_interface", "flash_attn"));
  EXPECT_TRUE(rules::boundary_prefix("NCCL_DEBUG", "NCCL_"));
  EXPECT_FALSE(rules::boundary_prefix("torch.cudax", "torch.cuda"));
  EXPECT_TRUE(rules::boundary_prefix("anything", ""));
  EXPECT_EQ(rules::normalize_image("docker.io/library/Ubuntu:22.04"), "ubuntu");
  EXPECT_EQ(rules::normalize_image("nvcr.io/nvidia/pytorch:24.01-py3"), "nvcr.io/nvidia/pytorch");
  EXPECT_EQ(rules::normalize_image("localhost:5000/nvidia/cuda@sha256:ab"),
            "localhost:5000/nvidia/cuda");
}

TEST(Matcher, ExactBeatsPrefixAndLongerPrefixBeatsShorter) {
  auto set = make(rule("device.any", "{kind: reference, names: [torch.], prefix: true}") +
                  rule("device.cuda-any", "{kind: reference, names: [torch.cuda.], prefix: true}") +
                  rule("device.empty", "{kind: reference, names: [torch.cuda.empty_cache]}"));
  FileFacts ff;
  ff.facts = {ref("torch.cuda.empty_cache", 1), ref("torch.cuda.synchronize", 2),
              ref("torch.zeros", 3), ref("numpy.zeros", 4), ref("torchvision.x", 5)};
  EXPECT_EQ(ids(run(set, ff)), (V{"device.empty@1", "device.cuda-any@2", "device.any@3"}));
}

TEST(Matcher, MoreFiltersBeatFewerThenLoadOrder) {
  auto set =
      make(rule("precision.any-float", "{kind: method, names: [float]}") +
           rule("precision.rms", "{kind: method, names: [float], scope_contains: [RMSNorm]}") +
           rule("precision.rms-twin", "{kind: method, names: [float], scope_contains: [norm]}"));
  FileFacts ff;
  Fact a = of_kind(FactKind::MethodCall, "float", 1);
  a.scope = "WanRMSNorm.forward";  // case-insensitive: rule text RMSNorm
  Fact b = of_kind(FactKind::MethodCall, "float", 2);
  b.scope = "Block.forward";
  Fact c = of_kind(FactKind::MethodCall, "float", 3);
  c.scope = "LayerNorm.forward";
  ff.facts = {a, b, c};
  // line 1: rms and rms-twin both have one filter -> earlier (rms) wins.
  EXPECT_EQ(ids(run(set, ff)),
            (V{"precision.rms@1", "precision.any-float@2", "precision.rms-twin@3"}));
}

TEST(Matcher, UsagesFilterAndExclude) {
  auto set =
      make(rule("custom_op.jit", "{kind: reference, names: [triton.jit], usages: [decorator]}") +
           rule("device.api",
                "{kind: reference, names: [torch.cuda.], prefix: true, "
                "exclude: [torch.cuda.nvtx]}"));
  FileFacts ff;
  ff.facts = {ref("triton.jit", 1, Usage::Decorator), ref("triton.jit", 2, Usage::Load),
              ref("torch.cuda.nvtx.range_push", 3), ref("torch.cuda.nvtx", 4, Usage::Load),
              ref("torch.cuda.nvtxx", 5)};
  EXPECT_EQ(ids(run(set, ff)), (V{"custom_op.jit@1", "device.api@5"}));
}

TEST(Matcher, ArgsConditions) {
  auto set = make(
      rule("device.to",
           "{kind: method, names: [to], args: [{keyword: device, "
           "position: 0, values: [cuda, 'cuda:0']}]}") +
      rule("precision.dt",
           "{kind: reference, names: [torch.zeros], args: "
           "[{keyword: dtype, values: [torch.float64]}]}") +
      rule("device.pin", "{kind: method, names: [pin], args: [{keyword: device, present: true}]}"));
  auto call = [](FactKind k, const std::string& name, uint32_t line, std::vector<Arg> args) {
    Fact f = of_kind(k, name, line);
    f.args = std::move(args);
    return f;
  };
  FileFacts ff;
  ff.facts = {
      call(FactKind::MethodCall, "to", 1, {{"", ValueKind::String, "cuda", {}}}),
      call(FactKind::MethodCall, "to", 2, {{"", ValueKind::String, "cuda:3", {}}}),
      call(FactKind::MethodCall, "to", 3,
           {{"", ValueKind::Name, "dtype", {}}, {"device", ValueKind::FString, "cuda:{}", {}}}),
      call(FactKind::MethodCall, "to", 4, {{"", ValueKind::String, "cpu", {}}}),
      call(FactKind::MethodCall, "to", 5,
           {{"", ValueKind::Name, "x", {}}, {"", ValueKind::String, "cuda", {}}}),  // position 1
      call(FactKind::MethodCall, "to", 6, {{"", ValueKind::Other, "\"cuda\"", {}}}),
      call(FactKind::Reference, "torch.zeros", 7,
           {{"dtype", ValueKind::Name, "torch.float64", {}}}),
      call(FactKind::Reference, "torch.zeros", 8,
           {{"dtype", ValueKind::Name, "torch.float32", {}}}),
      call(FactKind::MethodCall, "pin", 9, {{"device", ValueKind::Name, "d", {}}}),
      call(FactKind::MethodCall, "pin", 10, {}),
  };
  EXPECT_EQ(ids(run(set, ff)),
            (V{"device.to@1", "device.to@2", "device.to@3", "precision.dt@7", "device.pin@9"}));
}

TEST(Matcher, StringContextsKeywordsCallsTargets) {
  auto set = make(rule("device.str",
                       "{kind: string, names: [cuda], contexts: [keyword, assign, compare], "
                       "keywords: [device], targets: [device]}") +
                  rule("distributed.nccl",
                       "{kind: string, names: [nccl], contexts: [keyword, positional], "
                       "keywords: [backend], calls: [torch.distributed.init_process_group]}"));
  FileFacts ff;
  ff.facts = {
      str("cuda", 1, StringContext::Keyword, "device", "torch.zeros"),
      str("cuda", 2, StringContext::Keyword, "dtype", "torch.zeros"),
      str("cuda", 3, StringContext::AssignValue, "self.device"),
      str("cuda", 4, StringContext::AssignValue, "cuda_device"),
      str("cuda", 5, StringContext::Compare, "x.device"),             // targets apply to compare
      str("cuda", 6, StringContext::Positional, "", "torch.device"),  // context not listed
      str("nccl", 7, StringContext::Positional, "", "torch.distributed.init_process_group"),
      str("nccl", 8, StringContext::Keyword, "backend", "torch.distributed.init_process_group"),
      str("nccl", 9, StringContext::Keyword, "backend", "my.init"),
      str("nccl", 10, StringContext::Compare, "backend"),
  };
  EXPECT_EQ(ids(run(set, ff)), (V{"device.str@1", "device.str@3", "device.str@5",
                                  "distributed.nccl@7", "distributed.nccl@8"}));
}

TEST(Matcher, StringValuesNormalised) {
  auto set = make(rule("device.str", "{kind: string, names: ['cuda:0'], contexts: [keyword]}"));
  FileFacts ff;
  ff.facts = {str("cuda:1", 1, StringContext::Keyword, "device"),
              str("cuda:{}", 2, StringContext::Keyword, "device"),
              str("cuda", 3, StringContext::Keyword, "device")};
  auto fs = run(set, ff);
  EXPECT_EQ(ids(fs), (V{"device.str@1", "device.str@2"}));
  EXPECT_EQ(fs[0].match, "\"cuda:1\"");
}

TEST(Matcher, ImportsExactPrefixModuleAndRelative) {
  auto set = make(rule("attention.fa", "{kind: import, names: [flash_attn], prefix: true}"));
  FileFacts ff;
  Fact a = of_kind(FactKind::Import, "flash_attn", 1);
  Fact b = of_kind(FactKind::Import, "flash_attn.flash_attn_func", 2, "flash_attn");
  b.guarded = true;
  Fact c = of_kind(FactKind::Import, "flash_attn_interface", 3);
  Fact d = of_kind(FactKind::Import, "flash_attn.x", 4, "flash_attn");
  d.arg_index = 1;  // from .flash_attn import x: the project's own module
  Fact e = of_kind(FactKind::Import, "flash_attn.bert_padding", 5);
  ff.facts = {a, b, c, d, e};
  auto fs = run(set, ff);
  EXPECT_EQ(ids(fs), (V{"attention.fa@1", "attention.fa@2", "attention.fa@5"}));
  EXPECT_FALSE(fs[0].guarded);
  EXPECT_TRUE(fs[1].guarded);
}

TEST(Matcher, DependencyCompatibleProducesNothing) {
  auto set =
      make(rule("dependency.fa", "{kind: dependency, names: [flash-attn]}", "  status: replace\n") +
           rule("dependency.ok", "{kind: dependency, names: [numpy]}", "  status: compatible\n"));
  FileFacts ff;
  ff.facts = {of_kind(FactKind::Dependency, "Flash_Attn", 1, ">=2"),
              of_kind(FactKind::Dependency, "numpy", 2), of_kind(FactKind::Dependency, "other", 3)};
  EXPECT_EQ(ids(run(set, ff)), (V{"dependency.fa@1"}));
}

TEST(Matcher, DetailContainsFiltersVersionSpecAndUrl) {
  // torch itself is compatible; a CUDA local version (+cu121) is a finding of its own.
  auto set = make(
      rule("dependency.torch", "{kind: dependency, names: [torch]}", "  status: compatible\n") +
      rule("dependency.torch-cuda-build",
           "{kind: dependency, names: [torch], detail_contains: [+cu]}", "  status: replace\n") +
      rule("dependency.cuda-index",
           "{kind: command, names: [pip-index], detail_contains: [/whl/cu]}"));
  FileFacts ff;
  ff.facts = {
      of_kind(FactKind::Dependency, "torch", 1, "==2.4.0"),
      of_kind(FactKind::Dependency, "torch", 2, "==2.1.0+cu121"),
      of_kind(FactKind::Command, "pip-index", 3, "https://download.pytorch.org/whl/cu121"),
      of_kind(FactKind::Command, "pip-index", 4, "https://mirrors.example.org/pypi/simple")};
  EXPECT_EQ(ids(run(set, ff)), (V{"dependency.torch-cuda-build@2", "dependency.cuda-index@3"}));
}

TEST(Matcher, EnvCommandImageNative) {
  auto set = make(
      rule("device.cvd", "{kind: env, names: [CUDA_VISIBLE_DEVICES]}",
           "  autofix: {kind: rename-env, to: ASCEND_RT_VISIBLE_DEVICES, safety: safe}\n") +
      rule("distributed.nccl-env", "{kind: env, names: [NCCL_], prefix: true}") +
      rule("device.smi", "{kind: command, names: [nvidia-smi]}") +
      rule("device.img", "{kind: image, names: [nvidia/cuda]}") +
      rule("custom_op.kernel", "{kind: native, categories: [kernel]}") +
      rule("custom_op.cub", "{kind: native, names: [cub/], prefix: true, categories: [include]}"));
  FileFacts ff;
  Fact sub = str("CUDA_VISIBLE_DEVICES", 4, StringContext::Subscript, "os.environ");
  Fact get = str("NCCL_DEBUG", 5, StringContext::Positional, "", "os.getenv");
  get.arg_index = 0;
  Fact other = str("CUDA_VISIBLE_DEVICES", 6, StringContext::Positional, "", "print");
  other.arg_index = 0;
  ff.facts = {of_kind(FactKind::EnvVar, "CUDA_VISIBLE_DEVICES", 1, "0,1"),
              of_kind(FactKind::EnvVar, "NCCL_SOCKET_IFNAME", 2),
              of_kind(FactKind::EnvVar, "NCCLX", 3),
              sub,
              get,
              other,
              of_kind(FactKind::Command, "nvidia-smi", 7),
              of_kind(FactKind::Command, "npu-smi", 8),
              of_kind(FactKind::BaseImage, "nvidia/cuda:12.1.0-devel-ubuntu22.04", 9),
              of_kind(FactKind::BaseImage, "nvidia/cudagl:11", 10),
              of_kind(FactKind::Native, "my_kernel", 11, "kernel"),
              of_kind(FactKind::Native, "cub/cub.cuh", 12, "include"),
              of_kind(FactKind::Native, "cub/cub.cuh", 13, "macro"),
              of_kind(FactKind::Native, "cuda_runtime.h", 14, "include")};
  auto fs = run(set, ff);
  EXPECT_EQ(ids(fs),
            (V{"device.cvd@1", "distributed.nccl-env@2", "device.cvd@4", "distributed.nccl-env@5",
               "device.smi@7", "device.img@9", "custom_op.kernel@11", "custom_op.cub@12"}));
  EXPECT_TRUE(fs[0].autofix);  // autofix + high confidence
  EXPECT_FALSE(fs[1].autofix);
}

TEST(Matcher, SuppressionsDropAndCount) {
  auto set = make(rule("device.a", "{kind: reference, names: [torch.cuda.a]}") +
                  rule("device.b", "{kind: reference, names: [torch.cuda.b]}"));
  FileFacts ff;
  ff.facts = {ref("torch.cuda.a", 1), ref("torch.cuda.b", 1), ref("torch.cuda.a", 2),
              ref("torch.cuda.b", 3)};
  ff.suppressions = {{1, "device.a"}, {3, ""}};
  size_t suppressed = 0;
  EXPECT_EQ(ids(run(set, ff, "", &suppressed)), (V{"device.b@1", "device.a@2"}));
  EXPECT_EQ(suppressed, 2u);
}

TEST(Matcher, FindingFieldsAndSortOrder) {
  auto set =
      make(rule("device.api", "{kind: reference, names: [torch.cuda.], prefix: true}",
                "  replacement: 'torch.npu.{tail}()'\n  transfer_to_npu: covered\n"
                "  severity: blocker\n  autofix: {kind: rename, to: torch.npu., safety: safe}\n") +
           rule("device.m", "{kind: method, names: [cuda]}", "  replacement: '{name} -> x'\n"));
  FileFacts ff;
  Fact later = ref("torch.cuda.synchronize", 3);
  later.scope = "Model.forward";
  later.guarded = true;
  Fact m = of_kind(FactKind::MethodCall, "cuda", 1);
  ff.facts = {later, m};
  std::string text = "x.cuda()\n\n    torch.cuda.synchronize()   \n";
  auto fs = run(set, ff, text);
  ASSERT_EQ(fs.size(), 2u);
  EXPECT_EQ(fs[0].rule_id, "device.m");  // sorted by line
  EXPECT_EQ(fs[0].match, ".cuda()");
  EXPECT_EQ(fs[0].replacement, "cuda -> x");
  EXPECT_EQ(fs[0].snippet, "x.cuda()");
  const Finding& f = fs[1];
  EXPECT_EQ(f.path, "a/b.py");
  EXPECT_EQ(f.match, "torch.cuda.synchronize");
  EXPECT_EQ(f.snippet, "torch.cuda.synchronize()");
  EXPECT_EQ(f.replacement, "torch.npu.synchronize()");
  EXPECT_EQ(f.domain, Domain::Device);
  EXPECT_EQ(f.severity, Severity::Blocker);
  EXPECT_TRUE(f.guarded);
  EXPECT_TRUE(f.autofix);
  EXPECT_TRUE(f.auto_by_transfer_to_npu);
  EXPECT_EQ(f.scope, "Model.forward");
  EXPECT_EQ(f.rule, set.find("device.api"));
  EXPECT_EQ(f.message, "m device.api");
}

TEST(Matcher, FindingsPointAtTheirRuleTextsInsteadOfCopies) {
  // A replacement without {name} or {tail} is the rule's text: the finding points at it, as at
  // the message; a template is expanded into a text of the finding's own.
  auto set = make(rule("device.api", "{kind: reference, names: [torch.cuda.synchronize]}",
                       "  replacement: 'torch.npu.synchronize'\n"
                       "  message_zh: '同步'\n  replacement_zh: 'torch.npu.synchronize（中）'\n") +
                  rule("device.m", "{kind: method, names: [cuda]}", "  replacement: '{name}()'\n"));
  FileFacts ff;
  ff.facts = {ref("torch.cuda.synchronize", 1), of_kind(FactKind::MethodCall, "cuda", 2)};
  const auto fs = run(set, ff, "torch.cuda.synchronize()\nx.cuda()\n");
  ASSERT_EQ(fs.size(), 2u);
  const Rule& api = *set.find("device.api");
  EXPECT_EQ(&fs[0].message.str(), &api.message);
  EXPECT_EQ(&fs[0].replacement.str(), &api.replacement);
  EXPECT_EQ(&fs[0].message_zh.str(), &api.message_zh);
  EXPECT_EQ(&fs[0].replacement_zh.str(), &api.replacement_zh);
  EXPECT_EQ(fs[0].replacement, "torch.npu.synchronize");
  EXPECT_TRUE(fs[1].message.shared());
  EXPECT_FALSE(fs[1].replacement.shared());
  EXPECT_EQ(fs[1].replacement, "cuda()");
}

TEST(Matcher, InlinePythonIsNeitherAutofixedNorCoveredByTransferToNpu) {
  // `python -c "...torch.cuda.synchronize()"` in a shell script: fix edits no shell line of
  // Python and transfer_to_npu is not imported by a one-liner.
  auto set = make(rule("device.api", "{kind: reference, names: [torch.cuda.], prefix: true}",
                       "  replacement: 'torch.npu.{tail}'\n  transfer_to_npu: covered\n"
                       "  autofix: {kind: rename, to: torch.npu., safety: safe}\n"));
  FileFacts ff;
  Fact in_code = ref("torch.cuda.synchronize", 1);
  in_code.scope = std::string(kInlinePythonScope);
  Fact plain = ref("torch.cuda.synchronize", 2);
  ff.facts = {in_code, plain};
  auto fs = run(set, ff, "python -c 'import torch; torch.cuda.synchronize()'\nx\n");
  ASSERT_EQ(fs.size(), 2u);
  EXPECT_FALSE(fs[0].autofix);
  EXPECT_FALSE(fs[0].auto_by_transfer_to_npu);
  EXPECT_EQ(fs[0].scope, "python -c");
  EXPECT_TRUE(fs[1].autofix);
  EXPECT_TRUE(fs[1].auto_by_transfer_to_npu);
}

TEST(Matcher, OneFindingPerRuleAndPlaceFirstFactWinsSortedByColumnThenId) {
  auto set = make(rule("device.b", "{kind: reference, names: [torch.cuda.x]}") +
                  rule("device.a", "{kind: reference, names: [torch.cuda.y]}"));
  FileFacts ff;
  Fact first = ref("torch.cuda.x", 2), again = ref("torch.cuda.x", 2);
  first.scope = "first";
  again.scope = "again";
  Fact right = ref("torch.cuda.x", 2), same_place = ref("torch.cuda.y", 2);
  right.span.col = 9;
  Fact hidden = ref("torch.cuda.y", 4), hidden_again = ref("torch.cuda.y", 4);
  ff.facts = {right, first, again, same_place, hidden, hidden_again, ref("torch.cuda.x", 1)};
  ff.suppressions = {{4, ""}};
  size_t suppressed = 0;
  auto fs = run(set, ff, "", &suppressed);
  EXPECT_EQ(ids(fs), (V{"device.b@1", "device.a@2", "device.b@2", "device.b@2"}));
  ASSERT_EQ(fs.size(), 4u);
  EXPECT_EQ(fs[2].span.col, 1u);
  EXPECT_EQ(fs[2].scope, "first");
  EXPECT_EQ(fs[3].span.col, 9u);
  EXPECT_TRUE(std::is_sorted(fs.begin(), fs.end()));
  EXPECT_EQ(suppressed, 1u);  // a repeat of a suppressed finding is not counted again
}

TEST(Matcher, ReplacementTemplateFilledInRuns) {
  auto set = make(rule("device.api", "{kind: reference, names: [torch.cuda.], prefix: true}",
                       "  replacement: '{x} {name}/{tail}{{tail}} {nam{name}} {'\n") +
                  rule("device.plain", "{kind: reference, names: [torch.cuda.a.b]}",
                       "  replacement: 'no placeholders: {tail}'\n"));
  FileFacts ff;
  ff.facts = {ref("torch.cuda.sync", 1), ref("torch.cuda.a.b", 2)};
  auto fs = run(set, ff);
  ASSERT_EQ(fs.size(), 2u);
  EXPECT_EQ(fs[0].replacement, "{x} torch.cuda.sync/sync{sync} {namtorch.cuda.sync} {");
  EXPECT_EQ(fs[1].replacement, "no placeholders: b");
}

TEST(Matcher, NotebookCellsAndJsonSnippet) {
  auto set = make(rule("device.m", "{kind: method, names: [cuda]}"));
  FileFacts ff;
  ff.facts = {of_kind(FactKind::MethodCall, "cuda", 2)};
  ff.cell_lines = {{1, 1, 5}, {2, 1, 9}};
  std::string json =
      "{\n \"cells\": [\n  {\n   \"source\": [\n    \"import torch\\n\"\n"
      "   ]\n  },\n  {\"source\": [\n    \"x = t.cuda()  # \\\"q\\\"\\n\",\n";
  auto fs = run(set, ff, json);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].cell, 2u);
  EXPECT_EQ(fs[0].cell_line, 1u);
  EXPECT_EQ(fs[0].snippet, "x = t.cuda()  # \"q\"");
}

TEST(Matcher, LongSnippetClipped) {
  auto set = make(rule("device.m", "{kind: method, names: [cuda]}"));
  FileFacts ff;
  ff.facts = {of_kind(FactKind::MethodCall, "cuda", 1)};
  auto fs = run(set, ff, std::string(1000, 'x'));
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_LE(fs[0].snippet.size(), 204u);
}

TEST(Matcher, EmbeddedRulesQuickReference) {
  std::vector<Diagnostic> diags;
  auto set = rules::load_rules({}, diags);
  ASSERT_TRUE(diags.empty());
  FileFacts ff;
  Fact polar = ref("torch.polar", 5);
  polar.scope = "rope_params";
  Fact f64 = ref("torch.float64", 6, Usage::Load);
  Fact init =
      str("nccl", 7, StringContext::Keyword, "backend", "torch.distributed.init_process_group");
  ff.facts = {ref("torch.cuda.empty_cache", 1),
              ref("torch.cuda.synchronize", 2),
              ref("torch.cuda.nvtx.range_push", 3),
              ref("flash_attn.flash_attn_varlen_func", 4),
              polar,
              f64,
              init};
  EXPECT_EQ(ids(run(set, ff)),
            (V{"device.cuda-empty-cache@1", "device.cuda-synchronize@2", "custom_op.nvtx@3",
               "attention.flash-attn-varlen@4", "precision.rope-view-as-complex@5",
               "precision.float64@6", "distributed.nccl-backend@7"}));
}

TEST(Matcher, MethodUsagesCallByDefaultLoadWhenAsked) {
  auto set = make(rule("device.cuda-method", "{kind: method, names: [cuda]}") +
                  rule("device.is-cuda", "{kind: method, names: [is_cuda], usages: [load]}"));
  FileFacts ff;
  Fact call = of_kind(FactKind::MethodCall, "cuda", 1);  // x.cuda()
  Fact attr = of_kind(FactKind::MethodCall, "cuda", 2);  // x.cuda (an attribute read)
  attr.usage = Usage::Load;
  Fact is_cuda = of_kind(FactKind::MethodCall, "is_cuda", 3);
  is_cuda.usage = Usage::Load;
  Fact is_cuda_call = of_kind(FactKind::MethodCall, "is_cuda", 4);  // a method named is_cuda()
  ff.facts = {call, attr, is_cuda, is_cuda_call};
  EXPECT_EQ(ids(run(set, ff)), (V{"device.cuda-method@1", "device.is-cuda@3"}));
}

// The caller's drop filter sees the rule and the matched text of each hit, after suppressions
// are counted, and a dropped hit leaves no finding (and no repeat of it either).
TEST(Matcher, DropFilterRunsAfterSuppressionsOnTheMatchedText) {
  auto set = make(rule("device.a", "{kind: reference, names: [own.], prefix: true}") +
                  rule("device.b", "{kind: reference, names: [torch.cuda.synchronize]}"));
  FileFacts ff;
  ff.facts = {ref("own.cuda.x", 1), ref("torch.cuda.synchronize", 2), ref("own.cuda.y", 3),
              ref("own.cuda.y", 3)};
  ff.suppressions = {{3, ""}};
  std::vector<std::string> asked;
  const match::DropHit drop = [&](const SourceFile&, const Rule& r, std::string_view m) {
    asked.push_back(r.id + ":" + std::string(m));
    return m.starts_with("own.");
  };
  size_t suppressed = 0;
  SourceFile file{"a/b.py", "/x/a/b.py", FileKind::Python, 0};
  auto fs = match::match_file(set, file, "", ff, &suppressed, &drop);
  EXPECT_EQ(ids(fs), (V{"device.b@2"}));
  EXPECT_EQ(suppressed, 1u);  // line 3 is suppressed before the filter is asked
  EXPECT_EQ(asked, (V{"device.a:own.cuda.x", "device.b:torch.cuda.synchronize"}));
}
