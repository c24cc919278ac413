// The program model (assess/program_model.hpp) through the whole pipeline: which module-level
// functions and classes the default run uses, which branches module constants rule out, and
// how findings follow. Each construct with its look-alikes; hostile shapes (mutual recursion,
// import cycles, a 10,000-deep call chain, a huge dispatch dict) stay linear. Expectations are
// written from the fixture sources by hand.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <set>

#include "robust_util.hpp"

using namespace robust;

namespace {

std::set<std::string> unused_names(const nlohmann::json& rep) {
  std::set<std::string> out;
  for (const auto& d : rep["summary"]["unused_definitions"])
    out.insert(d["path"].get<std::string>() + ":" + d["name"].get<std::string>());
  return out;
}

// path:line -> phases empty?, optional, guarded
struct State {
  bool apart = false, optional = false, guarded = false;
  bool operator==(const State&) const = default;
};
std::map<std::string, State> states(const nlohmann::json& rep) {
  std::map<std::string, State> out;
  for (const auto& f : rep["findings"])
    out[f["path"].get<std::string>() + ":" + std::to_string(f["line"].get<int>())] = {
        f["phases"].empty(), f["optional"].get<bool>(), f["guarded"].get<bool>()};
  return out;
}

constexpr const char* kUtils = R"(import torch

from pkg.registry import register


def used_helper():
    torch.cuda.synchronize()


def unused_helper():
    torch.cuda.empty_cache()


def passed_as_value():
    torch.cuda.ipc_collect()


def called_from_unused():
    torch.cuda.reset_peak_memory_stats()


def chain_head():
    called_from_unused()


class UnusedLayer(torch.nn.Module):
    def forward(self, x):
        return x.cuda()


class Base:
    def setup(self):
        torch.cuda.manual_seed(0)


class Derived(Base):
    pass


@register("fast")
def registered():
    torch.cuda.set_device(0)


@torch.no_grad()
def pure_decorated():
    torch.cuda.current_device()


def later():
    return defined_below()


def defined_below():
    torch.cuda.device_count()
)";

constexpr const char* kRegistry = R"(REGISTRY = {}


def register(name):
    def wrap(fn):
        REGISTRY[name] = fn
        return fn
    return wrap
)";

constexpr const char* kMain = R"(import functools

from pkg.utils import Derived, later, passed_as_value, used_helper


def main():
    used_helper()
    run = functools.partial(passed_as_value)
    run()
    Derived().setup()
    later()


if __name__ == "__main__":
    main()
)";

}  // namespace

TEST(ProgramModel, UnusedDefinitionsAndTheirLookAlikes) {
  TempDir root, out;
  write_file(root / "main.py", kMain);
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "utils.py", kUtils);
  write_file(root / "pkg" / "registry.py", kRegistry);
  const nlohmann::json rep = scan_report(root.path(), out.path());
  // Unused: nothing the run executes names them. Used: a call, a value (partial), a base class
  // of a used class, a registering decorator, a call from a def above the callee.
  // pure_decorated (torch.no_grad registers nothing) and chain_head / called_from_unused (only
  // an unused def calls them) hold findings too: unused.
  EXPECT_EQ(unused_names(rep),
            (std::set<std::string>{"pkg/utils.py:unused_helper", "pkg/utils.py:called_from_unused",
                                   "pkg/utils.py:UnusedLayer", "pkg/utils.py:pure_decorated"}))
      << rep["summary"].dump(1);
  const auto s = states(rep);
  EXPECT_FALSE(s.at("pkg/utils.py:7").apart);   // used_helper
  EXPECT_TRUE(s.at("pkg/utils.py:11").apart);   // unused_helper
  EXPECT_FALSE(s.at("pkg/utils.py:15").apart);  // passed_as_value
  EXPECT_TRUE(s.at("pkg/utils.py:19").apart);   // called_from_unused
  EXPECT_TRUE(s.at("pkg/utils.py:28").apart);   // UnusedLayer.forward
  EXPECT_FALSE(s.at("pkg/utils.py:33").apart);  // Base.setup: Base is Derived's base
  EXPECT_FALSE(s.at("pkg/utils.py:42").apart);  // registered
  EXPECT_TRUE(s.at("pkg/utils.py:47").apart);   // pure_decorated
  EXPECT_FALSE(s.at("pkg/utils.py:55").apart);  // defined_below, called from later above it
  EXPECT_EQ(rep["summary"]["unused_findings"], 4) << rep["summary"].dump(1);
  // The markdown lists them apart.
  TempDir out_md;
  ASSERT_EQ(scan(root.path(), out_md.path(), {"--lang", "en"}, "md").exit_code, 0);
  const std::string md = read_file(out_md.path() / "ascendify-report.en.md");
  EXPECT_NE(md.find("Not on the default run: 4 findings in 4 definitions"), std::string::npos)
      << md;
  EXPECT_NE(md.find("- `UnusedLayer` (pkg/utils.py:26): 1"), std::string::npos) << md;
}

TEST(ProgramModel, DynamicLookupsKeepEveryDefUsed) {
  TempDir root, out;
  write_file(root / "main.py",
             "import sys\nimport pkg.ops as ops\n\n\ndef main(name):\n"
             "    getattr(ops, name)()\n\n\nif __name__ == \"__main__\":\n    main(sys.argv[1])\n");
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "ops.py",
             "import torch\n\n\ndef a():\n    torch.cuda.synchronize()\n\n\n"
             "def b():\n    torch.cuda.empty_cache()\n");
  write_file(root / "pkg" / "lookalike.py",  // a literal getattr names one attribute only
             "import torch\nimport pkg.ops as ops\n\n\ndef c():\n    torch.cuda.ipc_collect()\n\n\n"
             "x = getattr(ops, \"a\")\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  EXPECT_TRUE(unused_names(rep).empty()) << rep["summary"].dump(1);
}

TEST(ProgramModel, ConstantSelectedPathIsOptional) {
  TempDir root, out;
  write_file(root / "main.py",
             "import torch\nfrom kernel import fp8_gemm\n\n"
             "gemm_impl = \"bf16\"\nUSE_CUDA_GRAPH = True\n\n\n"
             "def linear(x, w):\n"
             "    if gemm_impl == \"fp8\":\n"   // 9: ruled out
             "        return fp8_gemm(x, w)\n"  // 10
             "    return x @ w\n\n\n"
             "def step(x):\n"
             "    if USE_CUDA_GRAPH:\n"            // 15: selected
             "        torch.cuda.synchronize()\n"  // 16: runs
             "    else:\n"
             "        torch.cuda.empty_cache()\n"  // 18: ruled out
             "    return linear(x, x)\n\n\n"
             "if __name__ == \"__main__\":\n    step(torch.zeros(2, 2))\n");
  write_file(
      root / "kernel.py",
      "import torch\nimport triton\nimport triton.language as tl\n\n\n"
      "@triton.jit\ndef _gemm_kernel(a, b):\n    pid = tl.program_id(0)\n\n\n"
      "def fp8_gemm(a, b):\n    _gemm_kernel[(1,)](a, b)\n    return a.to(torch.float8_e4m3fn)\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const auto s = states(rep);
  EXPECT_FALSE(s.at("main.py:16").optional);
  EXPECT_TRUE(s.at("main.py:18").optional);
  // fp8_gemm is reached only from the ruled-out branch: its kernel is optional, out of the
  // minimal set.
  EXPECT_TRUE(s.at("kernel.py:13").optional) << rep["findings"].dump(1);
  for (const auto& set : rep["migration_sets"])
    for (const auto& k : set["kernels"])
      EXPECT_EQ(k.get<std::string>().find("_gemm_kernel"), std::string::npos) << set.dump(1);
}

TEST(ProgramModel, BackwardOnlyKernelsOfAnInferenceProjectAreNotUnreached) {
  // Reach bug of the state-space-model repository: a module imported at the top of a reached
  // module holds autograd kernels whose backward no inference phase runs. Its file is reached;
  // only the backward kernel's findings are apart, and not as "not reached".
  TempDir root, out;
  write_file(root / "generate.py",
             "import torch\nfrom pkg.layer import Layer\n\n\n"
             "if __name__ == \"__main__\":\n    Layer()(torch.zeros(1))\n");
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "layer.py",
             "import torch\nfrom pkg.ops import ScanFn\n\n\n"
             "class Layer(torch.nn.Module):\n    def forward(self, x):\n"
             "        return ScanFn.apply(x)\n");
  write_file(root / "pkg" / "bwd_checks.py",  // called only from the backward
             "import torch\n\n\ndef check(g):\n    assert g.is_cuda\n    return g\n");
  write_file(root / "pkg" / "ops.py",
             "import torch\nimport triton\nimport triton.language as tl\nfrom pkg.bwd_checks "
             "import check\n\n"
             "@triton.jit\ndef _bwd_kernel(x):\n    pid = tl.program_id(0)\n\n\n"
             "class ScanFn(torch.autograd.Function):\n"
             "    @staticmethod\n    def forward(ctx, x):\n        return x.cuda()\n\n"
             "    @staticmethod\n    def backward(ctx, g):\n"
             "        _bwd_kernel[(1,)](g)\n        return check(g).cuda()\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const auto& s = rep["summary"];
  EXPECT_TRUE(s["unreached_files"].empty()) << s.dump(1);
  EXPECT_GT(s["backward_only_findings"].get<int>(), 0) << rep["findings"].dump(1);
  EXPECT_FALSE(states(rep).at("pkg/ops.py:14").apart);  // forward's .cuda(): on the path
  EXPECT_TRUE(states(rep).at("pkg/ops.py:19").apart);   // backward's .cuda(): no training
  // A helper only the backward calls: apart too, neither unused nor a run-stopper.
  EXPECT_TRUE(states(rep).at("pkg/bwd_checks.py:5").apart);
  EXPECT_TRUE(s["unused_definitions"].empty()) << s.dump(1);
  EXPECT_TRUE(s["run_stoppers"].empty()) << s.dump(1);
  TempDir out_md;
  ASSERT_EQ(scan(root.path(), out_md.path(), {"--lang", "en"}, "md").exit_code, 0);
  const std::string md = read_file(out_md.path() / "ascendify-report.en.md");
  EXPECT_NE(md.find("Only in backward passes, which no phase runs"), std::string::npos) << md;
  EXPECT_EQ(md.find("Not reached from any entry point:"), std::string::npos) << md;
}

TEST(ProgramModel, HostileShapesStayLinear) {
  TempDir root, out;
  // Mutual recursion across an import cycle, a 10,000-deep chain, a 5,000-entry dispatch dict.
  write_file(root / "a.py",
             "import torch\nfrom b import g\n\n\ndef f(n):\n    torch.cuda.synchronize()\n"
             "    return g(n - 1)\n");
  write_file(root / "b.py", "from a import f\n\n\ndef g(n):\n    return f(n) if n else 0\n");
  std::string chain = "import torch\nimport a\n\n\ndef c0():\n    torch.cuda.empty_cache()\n";
  constexpr int kDepth = 10000;
  for (int i = 1; i <= kDepth; ++i)
    chain += "\n\ndef c" + std::to_string(i) + "():\n    return c" + std::to_string(i - 1) + "()\n";
  chain += "\n\nTABLE = {\n";
  for (int i = 0; i < 5000; ++i)
    chain += "    \"k" + std::to_string(i) + "\": c" + std::to_string(i) + ",\n";
  chain += "}\n\nif __name__ == \"__main__\":\n    c" + std::to_string(kDepth) + "()\n    a.f(3)\n";
  write_file(root / "main.py", chain);
  const auto t0 = std::chrono::steady_clock::now();
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_LT(s, 20.0);  // a bound for hangs, not a performance claim
  EXPECT_TRUE(unused_names(rep).empty()) << rep["summary"].dump(1);
  const auto st = states(rep);
  EXPECT_FALSE(st.at("a.py:6").apart);
  EXPECT_FALSE(st.at("main.py:6").apart);
}

TEST(ProgramModel, MainBlocksRunOnlyInTheProgram) {
  TempDir root, out;
  write_file(root / "run.py",
             "import torch\nfrom engine import step\n\nif __name__ == \"__main__\":\n"
             "    torch.cuda.synchronize()\n    step()\n");
  write_file(root / "engine.py",  // imported: its self-test never runs
             "import torch\n\n\ndef step():\n    torch.cuda.empty_cache()\n\n\n"
             "if __name__ == \"__main__\":\n    torch.cuda.ipc_collect()\n");
  write_file(
      root / "tools" / "bench.py",  // started on its own: its main block is the program
      "import torch\n\nif __name__ == \"__main__\":\n    torch.cuda.reset_peak_memory_stats()\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const auto s = states(rep);
  EXPECT_FALSE(s.at("run.py:5").apart);
  EXPECT_FALSE(s.at("engine.py:5").apart);
  EXPECT_TRUE(s.at("engine.py:9").apart) << rep["findings"].dump(1);
  EXPECT_FALSE(s.at("tools/bench.py:4").apart);
  EXPECT_EQ(unused_names(rep), (std::set<std::string>{"engine.py:__main__"}));
}

TEST(ProgramModel, OptionalInOnePhaseOnly) {
  TempDir root, out;
  write_file(root / "generate.py",
             "import torch\nfrom ops import fused\n\nMODE = \"plain\"\n\n"
             "if __name__ == \"__main__\":\n    if MODE == \"fused\":\n        fused()\n");
  write_file(root / "train.py",
             "import torch\nfrom ops import fused\n\nif __name__ == \"__main__\":\n    fused()\n");
  write_file(root / "ops.py", "import torch\n\n\ndef fused():\n    torch.cuda.synchronize()\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  // ops.py:5 is in both phases and optional in neither as a whole; the inference set leaves it
  // out (generate.py calls it only where MODE rules it out), the training set has it.
  std::map<std::string, nlohmann::json> sets;
  for (const auto& s : rep["migration_sets"]) sets[s["phase"].get<std::string>()] = s;
  ASSERT_TRUE(sets.count("inference") && sets.count("training")) << rep["migration_sets"].dump(1);
  auto has_rule = [](const nlohmann::json& s, const std::string& r) {
    for (const auto& x : s["rules"])
      if (x == r) return true;
    return false;
  };
  EXPECT_FALSE(has_rule(sets["inference"], "device.cuda-synchronize")) << sets["inference"].dump(1);
  EXPECT_TRUE(has_rule(sets["training"], "device.cuda-synchronize")) << sets["training"].dump(1);
  EXPECT_FALSE(states(rep).at("ops.py:5").optional);
}

// Found by fuzz/program_model_fuzz.cpp: a module the project names like the analyzer's own
// marker (`from __relative__.pkg.mod import Mixer`) overflowed the relative level (UB). It
// names nothing; the scan goes on.
TEST(ProgramModel, MarkerLikeModuleNamesResolveToNothing) {
  TempDir root, out;
  write_file(root / "run.py",
             "import torch\nfrom __relative__.mamba_like.models.mixer import Mixer\n"
             "from __relative__.99999999999.x import y\n\n\n"
             "def main():\n    Mixer(64).cuda()\n    y()\n\n\nif __name__ == \"__main__\":\n"
             "    main()\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  EXPECT_TRUE(unused_names(rep).empty()) << rep["summary"].dump(1);
  EXPECT_FALSE(states(rep).at("run.py:7").apart);
}

// `class Sub(Base):` with Base a def of the same file: Base is used where Sub is, not
// wherever the file's module code runs (Wan2.1: WanVaceMP(WanVace) made WanVace look used by
// every task).
TEST(ProgramModel, ALocalBaseOfAnUnusedClassIsUnused) {
  TempDir root, out;
  write_file(root / "main.py",
             "from pkg.pipes import Used\n\nif __name__ == \"__main__\":\n    Used().run()\n");
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "pipes.py",
             "import torch\n\n\nclass Base:\n    def run(self):\n        torch.cuda.synchronize()\n"
             "\n\nclass Sub(Base):\n    pass\n\n\nclass Used:\n    def run(self):\n"
             "        return torch.ones(1).cuda()\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  // (Definitions holding findings are listed: Sub holds none.)
  EXPECT_EQ(unused_names(rep), (std::set<std::string>{"pkg/pipes.py:Base"}))
      << rep["summary"].dump(1);
  // Used by a used subclass, the base is used.
  write_file(root / "main.py",
             "from pkg.pipes import Sub\n\nif __name__ == \"__main__\":\n    Sub().run()\n");
  const nlohmann::json again = scan_report(root.path(), out.path());
  EXPECT_EQ(unused_names(again), (std::set<std::string>{"pkg/pipes.py:Used"}))
      << again["summary"].dump(1);
}
