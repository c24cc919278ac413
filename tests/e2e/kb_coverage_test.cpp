// Knowledge-base coverage: every rule cites a source; every torch.npu counterpart of a torch.cuda
// name (tests/fixtures/kb/torch_npu_names.txt, copied from docs/knowledge/torch-npu-api.md) is
// the replacement target of some rule or deliberately unused; transfer_to_npu coverage of
// typical code matches docs/knowledge/ascend-facts.md §2.1.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "assess/model.hpp"
#include "core/text.hpp"
#include "discover/discover.hpp"
#include "match/matcher.hpp"
#include "pipeline/scan.hpp"
#include "rules/ruleset.hpp"

namespace fs = std::filesystem;
using namespace ascendify;

namespace {

const rules::RuleSet& embedded() {
  static const rules::RuleSet set = [] {
    std::vector<Diagnostic> diags;
    rules::RuleSet s = rules::load_rules({}, diags);
    for (const auto& d : diags) ADD_FAILURE() << d.path << ":" << d.line << ": " << d.message;
    return s;
  }();
  return set;
}

bool word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// `needle` occurs in `hay` and is not followed by a name character (torch.npu.seed must not be
// found inside torch.npu.seed_all).
bool contains_name(const std::string& hay, const std::string& needle) {
  for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1))
    if (at + needle.size() == hay.size() || !word(hay[at + needle.size()])) return true;
  return false;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

// All replacement texts of all rules, with {name}/{tail} expanded for every name of the rule,
// plus the autofix targets (a `to` ending in "." is completed with each name's last part).
std::string replacement_targets() {
  std::string all;
  for (const Rule& r : embedded().all()) {
    for (const std::string& n : r.match.names) {
      const std::string tail = r.match.prefix ? "" : n.substr(n.rfind('.') + 1);
      all += replace_all(replace_all(r.replacement, "{name}", n), "{tail}", tail) + "\n";
      if (r.autofix && !r.autofix->to.empty())
        all += (r.autofix->to.back() == '.' ? r.autofix->to + tail : r.autofix->to) + "\n";
    }
    all += r.replacement + "\n";
  }
  return all;
}

}  // namespace

TEST(KbCoverage, EveryRuleCitesASourceAndHasAFixtureDirectory) {
  ASSERT_FALSE(embedded().all().empty());
  size_t mine = 0;
  for (const Rule& r : embedded().all()) {
    EXPECT_FALSE(r.refs.empty()) << r.id;
    for (const auto& ref : r.refs) EXPECT_FALSE(trim(ref).empty()) << r.id;
    const auto d = to_string(r.domain);
    if (d == "device" || d == "compile" || d == "precision") ++mine;
  }
  // The per-name torch.cuda table, behaviour, compile and precision rules (target >= 170).
  EXPECT_GE(mine, 170u);
  // That each rule fires on a fixture is checked by RuleFixtures (rule_fixtures_test.cpp).
  for (const char* dir : {"device", "compile", "precision"})
    EXPECT_TRUE(fs::is_directory(fs::path(ASCENDIFY_SOURCE_DIR) / "tests/fixtures/rules" / dir));
}

TEST(KbCoverage, EveryTorchNpuCounterpartIsAReplacementTarget) {
  // Counterparts no rule proposes, on purpose.
  const std::map<std::string, std::string> intentionally_unused = {
      {"torch.npu.get_device_capability",
       "returns None on NPU (unless TORCH_NPU_DEVICE_CAPABILITY is set): the advice is to remove "
       "the capability check, not to rename it (device.get-device-capability)"},
  };
  const fs::path list = fs::path(ASCENDIFY_SOURCE_DIR) / "tests/fixtures/kb/torch_npu_names.txt";
  std::ifstream in(list);
  ASSERT_TRUE(in) << list;
  const std::string targets = replacement_targets();
  std::string line;
  size_t n = 0;
  while (std::getline(in, line)) {
    std::string_view l = trim(line);
    if (l.empty() || l.front() == '#') continue;
    const std::string target(trim(l.substr(0, l.find(' '))));
    ++n;
    const bool used = contains_name(targets, target);
    if (intentionally_unused.count(target)) {
      EXPECT_FALSE(used) << target << " is listed as intentionally unused but some rule uses it";
      continue;
    }
    EXPECT_TRUE(used) << target << " (" << line
                      << ") is no rule's replacement target; add a rule or list it in "
                         "intentionally_unused with a reason";
  }
  EXPECT_GE(n, 81u + 7u);  // the 81 same-name entries and the 7 renamed counterparts
}

TEST(KbCoverage, ContainsNameRespectsNameBoundaries) {
  EXPECT_TRUE(contains_name("use torch.npu.seed()", "torch.npu.seed"));
  EXPECT_FALSE(contains_name("torch.npu.seed_all", "torch.npu.seed"));
  EXPECT_TRUE(contains_name("torch.npu.seed_all\ntorch.npu.seed", "torch.npu.seed"));
}

namespace {

struct Row {
  const char* what;
  const char* code;         // one line of Python after the imports
  TransferCoverage expect;  // coverage of the rule that reports it
  // When the line has several findings (the call and its "cuda" argument), the one whose
  // matched text is this; nullptr: the line must have exactly one finding.
  const char* match = nullptr;
};

const Finding* only_finding(const std::vector<Finding>& fs, uint32_t line, const char* match,
                            std::string* why) {
  const Finding* hit = nullptr;
  for (const Finding& f : fs) {
    if (f.span.line != line) continue;
    if (match && f.match != match) continue;
    if (hit) {
      *why = "two findings: " + hit->rule_id + ", " + f.rule_id;
      return nullptr;
    }
    hit = &f;
  }
  if (!hit) *why = "no finding";
  return hit;
}

}  // namespace

// ascend-facts.md §2.1: what transfer_to_npu handles at runtime (it corrects the skill's
// device-layer doc: nccl->hccl, autocast("cuda") and init_device_mesh ARE covered).
TEST(KbCoverage, TransferToNpuCoverageMatchesFacts) {
  const Row rows[] = {
      {"nccl -> hccl in init_process_group", "dist.init_process_group(backend=\"nccl\")",
       TransferCoverage::Covered},
      {"autocast(\"cuda\")", "ctx = torch.autocast(\"cuda\", dtype=torch.bfloat16)",
       TransferCoverage::Covered},
      {"init_device_mesh(\"cuda\")", "mesh = init_device_mesh(\"cuda\", (2, 4))",
       TransferCoverage::Covered, "\"cuda\""},
      {".cuda()", "model = model.cuda()", TransferCoverage::Covered},
      // The front end has no fact for `t.is_cuda` on a local; the class attribute stands in.
      {"is_cuda", "flag = torch.Tensor.is_cuda", TransferCoverage::Covered},
      {"device.type == \"cuda\"", "on_gpu = t.device.type == \"cuda\"",
       TransferCoverage::NotCovered},
      {"cudnn.benchmark", "torch.backends.cudnn.benchmark = True", TransferCoverage::NotCovered},
      {"cudnn.deterministic", "torch.backends.cudnn.deterministic = True",
       TransferCoverage::NotCovered},
      {"cudnn.allow_tf32", "torch.backends.cudnn.allow_tf32 = True", TransferCoverage::NotCovered},
      {"nvtx", "torch.cuda.nvtx.range_push(\"step\")", TransferCoverage::NotCovered},
      // Partial: the name exists in torch_npu.npu.__all__, so the call runs under
      // transfer_to_npu, but it returns None on NPU, so capability comparisons break.
      {"get_device_capability", "cap = torch.cuda.get_device_capability()",
       TransferCoverage::Partial},
      {"torch.jit.script (disabled: no-op)", "f = torch.jit.script(f)", TransferCoverage::Partial},
      {"channels_last", "x = x.to(memory_format=torch.channels_last)",
       TransferCoverage::NotCovered},
      {"DataParallel", "m = torch.nn.DataParallel(m)", TransferCoverage::NotCovered},
      {"CUDAGraph -> NPUGraph", "g = torch.cuda.CUDAGraph()", TransferCoverage::Covered},
      {"DoubleTensor -> FloatTensor", "T = torch.cuda.DoubleTensor", TransferCoverage::Covered},
      {"torch.cuda same-name API", "torch.cuda.synchronize()", TransferCoverage::Covered},
  };
  const std::string header =
      "import torch\nimport torch.distributed as dist\n"
      "from torch.distributed.device_mesh import init_device_mesh\n";
  for (const Row& row : rows) {
    const std::string text = header + row.code + "\n";
    SourceFile file{"snippet.py", "snippet.py", discover::classify("snippet.py"), text.size()};
    FileFacts facts = pipeline::analyze_file(file, text);
    const auto findings = match::match_file(embedded(), file, text, facts);
    std::string why;
    const Finding* f = only_finding(findings, 4, row.match, &why);
    if (!f) {
      ADD_FAILURE() << row.what << ": " << why;
      continue;
    }
    ASSERT_NE(f->rule, nullptr);
    EXPECT_EQ(to_string(f->rule->transfer_to_npu), to_string(row.expect))
        << row.what << " (rule " << f->rule_id << ")";
    EXPECT_EQ(f->auto_by_transfer_to_npu, row.expect == TransferCoverage::Covered) << row.what;
  }
}

// Every `hardware:` entry of a rule names a profile of rules/model/hardware.yaml (a typo would
// make the override silently unreachable).
TEST(KbCoverage, HardwareOverridesNameKnownProfiles) {
  const auto& model = ascendify::assess::embedded_model();
  size_t overrides = 0;
  for (const Rule& r : embedded().all())
    for (const auto& o : r.hardware) {
      ++overrides;
      const auto* profile = ascendify::assess::find_hardware(model, o.profile);
      ASSERT_NE(profile, nullptr) << r.id << ": unknown hardware profile " << o.profile;
      EXPECT_EQ(profile->id, o.profile) << r.id << ": write the profile id, not an alias";
    }
  EXPECT_GE(overrides, 4u);
}

// The rule families issue #20 asked for stay in the knowledge base (each rule's behaviour is
// pinned by its fixture; this trips when a family is dropped or renamed).
TEST(KbCoverage, TrainingStacksKernelLanguagesAndLibraryDefaults) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> families = {
      {"kernel languages",
       {"custom_op.tilelang-prim-func", "custom_op.cute-kernel", "custom_op.cute-jit",
        "custom_op.cutlass-python-import", "custom_op.quack-rmsnorm",
        "custom_op.thunderkittens-include", "custom_op.numba-cuda-jit", "custom_op.cupy-kernel",
        "custom_op.load-inline-cuda", "custom_op.cuda-python-import",
        "dependency.nvidia-cutlass-dsl", "dependency.tilelang", "dependency.quack-kernels"}},
      {"compiled extensions built elsewhere",
       {"custom_op.external-extension-import", "custom_op.external-extension-call",
        "custom_op.causal-conv1d-call"}},
      {"training stacks",
       {"dependency.lightning", "device.lightning-trainer", "device.lightning-accelerator",
        "distributed.lightning-strategy-backend", "precision.bnb-load-in-8bit",
        "precision.bnb-optimizer", "device.adam-fused", "distributed.colossalai-fused-optimizer",
        "distributed.symmetric-memory"}},
      {"libraries with CUDA defaults",
       {"device.diffusers-cpu-offload", "compile.onnxruntime-cuda-provider",
        "distributed.xfuser-init-distributed", "dependency.git-clone-cuda-only"}},
      {"operators and versions",
       {"device.linalg-solve", "device.torch-api-unsupported", "device.torch-api-supported-later",
        "dependency.torch-npu-release"}},
  };
  for (const auto& [family, ids] : families)
    for (const auto& id : ids) EXPECT_NE(embedded().find(id), nullptr) << family << ": " << id;
}
