// The verdict end to end (docs/effort-model.md "Site taxonomy", "Tasks", "Counterparts"): task
// sub-phases of a `--task` dispatcher, a framework project priced as its counterpart, a phase
// with no site costing nothing. Fixtures mimic real layouts (a video repository whose package
// __init__ imports every pipeline; Megatron's tree); expectations are written by hand.
#include <gtest/gtest.h>

#include <set>

#include "robust_util.hpp"

using namespace robust;

namespace {

// generate.py dispatches on --task; wan/__init__.py imports both pipelines, so a file-level
// view reaches both whatever the task.
constexpr const char* kGenerate = R"(import argparse

import torch

import wan
from wan.configs import WAN_CONFIGS


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--task", default="t2v-14B", choices=list(WAN_CONFIGS.keys()))
    parser.add_argument("--prompt_extend_method", default="local_qwen", choices=["dashscope", "local_qwen"])
    args = parser.parse_args()
    if "t2v" in args.task:
        pipe = wan.WanT2V(WAN_CONFIGS[args.task])
    elif "i2v" in args.task:
        pipe = wan.WanI2V(WAN_CONFIGS[args.task])
    else:
        raise ValueError(args.task)
    pipe.generate(args.prompt_extend_method)


if __name__ == "__main__":
    main()
)";

constexpr const char* kConfigs = R"(t2v_14B = dict(dim=5120)
i2v_14B = dict(dim=5120)
WAN_CONFIGS = {
    "t2v-14B": t2v_14B,
    "t2v-1.3B": t2v_14B,
    "i2v-14B": i2v_14B,
}
)";

constexpr const char* kT2V = R"(import torch


class WanT2V:
    def __init__(self, cfg):
        self.device = torch.device("cuda")

    def generate(self, method):
        torch.cuda.synchronize()
)";

// The i2v pipeline alone calls flash-attn and computes RoPE in float64.
constexpr const char* kI2V = R"(import torch
from flash_attn import flash_attn_varlen_func


class WanI2V:
    def __init__(self, cfg):
        self.freqs = torch.arange(64, dtype=torch.float64)

    def generate(self, method):
        return flash_attn_varlen_func(self.q, self.k, self.v, None, None, 1, 1)
)";

const nlohmann::json* task(const nlohmann::json& rep, const std::string& value) {
  for (const auto& t : rep["tasks"])
    if (t["value"] == value) return &t;
  return nullptr;
}

std::set<std::string> files_of(const nlohmann::json& t) {
  std::set<std::string> out;
  for (const auto& f : t["files"]) out.insert(f.get<std::string>());
  return out;
}

// The package the dispatcher calls: the task configs and one pipeline per task.
void write_wan_package(const fs::path& root) {
  write_file(root / "wan" / "__init__.py",
             "from .text2video import WanT2V\nfrom .image2video import WanI2V\n");
  write_file(root / "wan" / "configs" / "__init__.py", kConfigs);
  write_file(root / "wan" / "text2video.py", kT2V);
  write_file(root / "wan" / "image2video.py", kI2V);
}

}  // namespace

TEST(Tasks, ADispatcherYieldsOneSubPhasePerChoiceWithItsOwnFiles) {
  TempDir root, out;
  write_file(root / "generate.py", kGenerate);
  write_wan_package(root.path());
  const nlohmann::json rep = scan_report(root.path(), out.path());
  // One sub-phase per choice of --task (the keys of WAN_CONFIGS, in another file); none for
  // --prompt_extend_method, which tunes a run rather than choosing a task.
  ASSERT_EQ(rep["tasks"].size(), 3u) << rep["tasks"].dump(1);
  const nlohmann::json* t2v = task(rep, "t2v-14B");
  const nlohmann::json* small = task(rep, "t2v-1.3B");
  const nlohmann::json* i2v = task(rep, "i2v-14B");
  ASSERT_TRUE(t2v && small && i2v);
  EXPECT_TRUE((*t2v)["default"].get<bool>());
  EXPECT_FALSE((*i2v)["default"].get<bool>());
  EXPECT_EQ((*t2v)["option"], "task");
  EXPECT_EQ((*t2v)["phase"], "inference");
  // Distinct file sets: each task runs its own pipeline.
  EXPECT_EQ(files_of(*t2v), (std::set<std::string>{"generate.py", "wan/text2video.py"}));
  EXPECT_EQ(files_of(*i2v), (std::set<std::string>{"generate.py", "wan/image2video.py"}));
  EXPECT_EQ(files_of(*small), files_of(*t2v));
  // The i2v task carries the flash-attn and float64 sites, t2v does not.
  auto rules_of = [](const nlohmann::json& t) {
    std::set<std::string> r;
    for (const auto& x : t["rules"]) r.insert(x.get<std::string>());
    return r;
  };
  EXPECT_TRUE(rules_of(*i2v).count("attention.flash-attn-varlen"));
  EXPECT_FALSE(rules_of(*t2v).count("attention.flash-attn-varlen"));
  EXPECT_TRUE(rules_of(*t2v).count("device.cuda-synchronize"));
  EXPECT_FALSE(rules_of(*i2v).count("device.cuda-synchronize"));
  EXPECT_LT((*t2v)["effort_weeks"]["high"].get<double>(),
            (*i2v)["effort_weeks"]["high"].get<double>());
  // The minimal migration set is the default task alone ("first task only"); the rest of the
  // phase follows it.
  const auto& sets = rep["migration_sets"];
  ASSERT_GE(sets.size(), 2u);
  EXPECT_EQ(sets[0]["phase"], "inference:t2v-14B");
  EXPECT_EQ(sets[0]["effort_weeks"], (*t2v)["effort_weeks"]);
  EXPECT_EQ(sets[1]["phase"], "inference");
  std::set<std::string> rest;
  for (const auto& r : sets[1]["rules"]) rest.insert(r.get<std::string>());
  EXPECT_TRUE(rest.count("attention.flash-attn-varlen")) << sets.dump(1);
}

TEST(Counterparts, AFrameworkProjectIsPricedAsItsCounterpart) {
  TempDir root, out;
  // A Megatron-like tree: the megatron package holds the project's Python files, with
  // Transformer Engine and a CUDA kernel on its default path.
  write_file(root / "megatron" / "__init__.py", "");
  write_file(root / "megatron" / "core" / "__init__.py", "");
  write_file(root / "megatron" / "core" / "layers.py",
             "import torch\nimport transformer_engine.pytorch as te\n\n\n"
             "def linear(x):\n    return te.Linear(4, 4)(x.cuda())\n");
  write_file(root / "megatron" / "training.py",
             "import torch\nfrom megatron.core.layers import linear\n\n\n"
             "def train():\n    torch.cuda.synchronize()\n    return linear(torch.ones(4))\n");
  write_file(root / "pretrain_gpt.py",
             "from megatron.training import train\n\nif __name__ == \"__main__\":\n    train()\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const auto& s = rep["summary"];
  ASSERT_EQ(s["counterparts"].size(), 1u) << s.dump(1);
  const auto& c = s["counterparts"][0];
  EXPECT_EQ(c["counterpart"], "MindSpeed");
  EXPECT_EQ(c["relation"], "is");
  EXPECT_EQ(s["feasibility"], "needs-adaptation");
  // 80 h of adoption: 1.5-3.0 weeks, whatever the line-by-line port would cost.
  EXPECT_DOUBLE_EQ(s["effort_weeks"]["low"].get<double>(), 1.5);
  EXPECT_DOUBLE_EQ(s["effort_weeks"]["high"].get<double>(), 3.0);
  EXPECT_TRUE(s["blockers"].empty());
  EXPECT_NE(s["feasibility_evidence"][0].get<std::string>().find("adopt MindSpeed"),
            std::string::npos);
  ASSERT_EQ(rep["roadmap"].size(), 1u);
  EXPECT_NE(rep["roadmap"][0]["title"].get<std::string>().find("Adopt MindSpeed"),
            std::string::npos);
}

TEST(Counterparts, AFrameworkThatUsesAnotherAdoptsOnlyItsOwn) {
  TempDir root, out;
  // DeepSpeed's tree imports megatron-core in a container module: DeepSpeed is the project,
  // its NPU accelerator the adoption; no MindSpeed adoption is added on top.
  write_file(root / "deepspeed" / "__init__.py", "");
  write_file(root / "deepspeed" / "containers.py",
             "import torch\nfrom megatron.core import parallel_state\n\n\n"
             "def tp():\n    return parallel_state.get_tensor_model_parallel_rank()\n");
  write_file(root / "deepspeed" / "engine.py",
             "import torch\nfrom deepspeed.containers import tp\n\n\n"
             "def step():\n    torch.cuda.synchronize()\n    return tp()\n");
  write_file(root / "requirements.txt", "torch\nmegatron-core\n");
  write_file(root / "train.py",
             "from deepspeed.engine import step\n\nif __name__ == \"__main__\":\n    step()\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const auto& s = rep["summary"];
  ASSERT_EQ(s["counterparts"].size(), 1u) << s["counterparts"].dump(1);
  EXPECT_EQ(s["counterparts"][0]["relation"], "is");
  EXPECT_EQ(s["counterparts"][0]["id"], "deepspeed");
  EXPECT_DOUBLE_EQ(s["effort_counterpart"]["high"].get<double>(), 0.0);
  EXPECT_EQ(s["feasibility"], "feasible");
}

TEST(Counterparts, AProjectBuiltOnAFrameworkAdoptsItAndItsSitesAreNotPriced) {
  TempDir root, out;
  write_file(root / "requirements.txt", "torch\nmegatron-core==0.8.0\n");
  write_file(root / "train.py",
             "import torch\nfrom megatron.core import parallel_state\n"
             "from megatron.core.models.gpt import GPTModel\n\n\n"
             "def main():\n    parallel_state.initialize_model_parallel(1)\n"
             "    return GPTModel(config=None)\n\n\nif __name__ == \"__main__\":\n    main()\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const auto& s = rep["summary"];
  ASSERT_EQ(s["counterparts"].size(), 1u) << s.dump(1);
  const auto& c = s["counterparts"][0];
  EXPECT_EQ(c["relation"], "built-on");
  EXPECT_GT(c["sites_taken_over"].get<int>(), 0);
  // The adoption is priced (40 h) and the megatron.* sites are not priced one by one.
  EXPECT_DOUBLE_EQ(s["effort_counterpart"]["high"].get<double>(), 1.5);
  EXPECT_GT(c["literal_port"]["effort_weeks"]["high"].get<double>(), 0.0);
  bool step = false;
  for (const auto& r : rep["roadmap"])
    step = step || r["title"].get<std::string>().find("Adopt MindSpeed") != std::string::npos;
  EXPECT_TRUE(step) << rep["roadmap"].dump(1);
}

TEST(Effort, AnEmptyProjectIsFeasibleAndCostsNothing) {
  TempDir root, out;
  write_file(root / "README.md", "nothing here\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  EXPECT_EQ(rep["summary"]["feasibility"], "feasible");
  EXPECT_DOUBLE_EQ(rep["summary"]["effort_weeks"]["high"].get<double>(), 0.0);
}

TEST(Effort, ACpuOnlyDataPreparationPhaseCostsNothing) {
  TempDir root, out;
  write_file(root / "prepare.py",
             "import numpy as np\nimport torch\n\n\nif __name__ == \"__main__\":\n"
             "    np.save(\"x.npy\", torch.arange(4).numpy())\n");
  write_file(root / "train.py",
             "import torch\n\n\nif __name__ == \"__main__\":\n    torch.ones(2).cuda()\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  for (const auto& p : rep["phases"]) {
    if (p["name"] == "preprocessing") {
      EXPECT_DOUBLE_EQ(p["effort_weeks"]["high"], 0.0);
    }
  }
  bool has_prep = false;
  for (const auto& p : rep["phases"]) has_prep = has_prep || p["name"] == "preprocessing";
  EXPECT_TRUE(has_prep) << rep["phases"].dump(1);
}

// The taxonomy end to end on the two shapes experts judged one notch too cautious before.
TEST(Taxonomy, ASmallGptTrainingScriptIsFeasible) {
  TempDir root, out;
  write_file(root / "model.py",
             "import torch\nimport torch.nn.functional as F\n\n\n"
             "class GPT(torch.nn.Module):\n    def forward(self, q, k, v):\n"
             "        return F.scaled_dot_product_attention(q, k, v, is_causal=True)\n");
  write_file(root / "train.py", R"(import os

import torch
from torch.distributed import destroy_process_group, init_process_group
from torch.nn.parallel import DistributedDataParallel as DDP

from model import GPT

device = "cuda"
backend = "nccl"
torch.backends.cuda.matmul.allow_tf32 = True
torch.backends.cudnn.allow_tf32 = True


def main():
    init_process_group(backend=backend)
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    device_type = "cuda" if "cuda" in device else "cpu"
    model = GPT().to(device)
    model = torch.compile(model)
    model = DDP(model)
    x = torch.randn(2, 4, 8, 16, device=device)
    with torch.autocast(device_type=device_type, dtype=torch.bfloat16):
        y = model(x, x, x)
    print(f"max memory {torch.cuda.max_memory_allocated() / 1e9:.2f} GB")
    destroy_process_group()


if __name__ == "__main__":
    main()
)");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const auto& s = rep["summary"];
  EXPECT_EQ(s["feasibility"], "feasible") << s["feasibility_evidence"].dump(1);
  std::map<std::string, std::string> class_of;
  for (const auto& f : rep["findings"])
    class_of[f["rule"].get<std::string>() + ":" + std::to_string(f["line"].get<int>())] =
        f["class"].get<std::string>();
  EXPECT_EQ(class_of["device.cuda-matmul-tf32:11"], "no-change");  // a no-op on an NPU
  EXPECT_EQ(class_of["device.cudnn-allow-tf32:12"], "no-change");
  EXPECT_EQ(class_of["attention.sdpa:7"], "no-change");
  EXPECT_EQ(class_of["device.cuda-memory-stats:25"], "no-change") << rep["findings"].dump(1);
  EXPECT_EQ(class_of["device.cuda-set-device:17"], "mechanical");
  EXPECT_EQ(class_of["compile.torch-compile:20"], "must-adapt");
  // What is left by hand is torch.compile (and the nccl variable): well within two days.
  EXPECT_LT(s["effort_weeks"]["high"].get<double>(), 1.0);
}

TEST(Taxonomy, PrintedFlagQueriesAndFp32CastsLeaveAVideoDemoFeasible) {
  TempDir root, out;
  write_file(root / "demo.py", R"(import torch

print("flash sdp:", torch.backends.cuda.flash_sdp_enabled())
print("mem-efficient sdp:", torch.backends.cuda.mem_efficient_sdp_enabled())


def rms_norm(x, w):
    h = x.float()
    return (h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6)).type_as(x) * w


def main():
    x = torch.randn(2, 8, device="cuda", dtype=torch.bfloat16)
    y = rms_norm(x, torch.ones(8, device="cuda"))
    print(y.float().mean())


if __name__ == "__main__":
    main()
)");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const auto& s = rep["summary"];
  EXPECT_EQ(s["feasibility"], "feasible") << s["feasibility_evidence"].dump(1);
  EXPECT_EQ(s["site_classes"]["must-adapt"], 0) << rep["findings"].dump(1);
  EXPECT_EQ(s["site_classes"]["stops-run"], 0);
}

// A phase with several entries: the dispatcher's tasks run what its entry reaches, not what
// the phase's other scripts do.
// The sub-phases are found on several threads (find_tasks, -j): the list, its order and each
// task's files, rules and weeks are those of a single-threaded scan. Two dispatching entries,
// three values each, one value sharing its branches with another (copied, not recomputed).
TEST(Tasks, TheListIsTheSameOnAnyThreadCount) {
  TempDir root, one, four;
  write_file(root / "generate.py", kGenerate);
  write_file(root / "sample_video.py", kGenerate);
  write_wan_package(root.path());
  const RunResult a = scan(root.path(), one.path(), {"-j", "1"});
  const RunResult b = scan(root.path(), four.path(), {"-j", "4"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const std::string single = read_file(one / "ascendify-report.json");
  EXPECT_TRUE(single == read_file(four / "ascendify-report.json"));
  const nlohmann::json rep = report(one.path());
  // Both entries dispatch: 2 x 3 sub-phases.
  ASSERT_EQ(rep["tasks"].size(), 6u) << rep["tasks"].dump(1);
  std::vector<std::string> values;
  for (const auto& t : rep["tasks"]) values.push_back(t["value"].get<std::string>());
  // Per entry, the values in the order WAN_CONFIGS lists them.
  EXPECT_EQ(std::vector<std::string>(values.begin(), values.begin() + 3),
            (std::vector<std::string>{"t2v-14B", "t2v-1.3B", "i2v-14B"}));
  // The copied value runs what the one it shares branches with runs.
  EXPECT_EQ(files_of(*task(rep, "t2v-1.3B")), files_of(*task(rep, "t2v-14B")));
}

TEST(Tasks, ATaskRunsItsEntryNotThePhasesOtherScripts) {
  TempDir root, out;
  write_file(root / "inference" / "vae_demo.py", R"(import argparse

import torch


def encode(x):
    return x.cuda()


def decode(x):
    torch.cuda.synchronize()
    return x


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--mode", default="encode", choices=["encode", "decode"])
    args = p.parse_args()
    if args.mode == "encode":
        encode(torch.ones(1))
    elif args.mode == "decode":
        decode(torch.ones(1))
)");
  write_file(root / "inference" / "cli_demo.py",
             "import torch\n\nif __name__ == \"__main__\":\n    torch.cuda.empty_cache()\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_EQ(rep["tasks"].size(), 2u) << rep["tasks"].dump(1);
  for (const auto& t : rep["tasks"]) {
    std::set<std::string> rules;
    for (const auto& r : t["rules"]) rules.insert(r.get<std::string>());
    EXPECT_FALSE(rules.count("device.cuda-empty-cache")) << t.dump(1);  // cli_demo.py's
    EXPECT_EQ(files_of(t), std::set<std::string>{"inference/vae_demo.py"});
    if (t["value"] == "encode") {
      EXPECT_TRUE(rules.count("device.cuda-method")) << t.dump(1);
      EXPECT_FALSE(rules.count("device.cuda-synchronize"));
    } else {
      EXPECT_TRUE(rules.count("device.cuda-synchronize")) << t.dump(1);
      EXPECT_FALSE(rules.count("device.cuda-method"));
    }
  }
}

// `explain` and `rules --format json` say what a rule's sites ask of the port.
TEST(Taxonomy, ExplainAndRulesShowTheClass) {
  const RunResult tuning = run_cli({"explain", "precision.rmsnorm-float"});
  EXPECT_EQ(tuning.exit_code, 0) << tuning.err;
  EXPECT_NE(tuning.out.find("\nClass: tuning (declared by the rule)\n"), std::string::npos)
      << tuning.out;
  const RunResult derived = run_cli({"explain", "device.cuda-synchronize"});
  EXPECT_NE(derived.out.find("\nClass: per site ("), std::string::npos) << derived.out;
  const RunResult rules = run_cli({"rules", "--format", "json"});
  const nlohmann::json all = nlohmann::json::parse(rules.out, nullptr, false);
  ASSERT_TRUE(all.is_array());
  std::map<std::string, std::string> class_of;
  for (const auto& r : all) class_of[r["id"].get<std::string>()] = r["class"].get<std::string>();
  EXPECT_EQ(class_of["device.cuda-matmul-tf32"], "no-change");
  EXPECT_EQ(class_of["precision.rope-float"], "tuning");
  EXPECT_EQ(class_of["device.npu-startup"], "mechanical");
  EXPECT_EQ(class_of["attention.flash-attn-varlen"], "");
}
