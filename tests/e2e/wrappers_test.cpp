// Calls through the project's own CUDA wrappers (assess/wrappers.cpp): a module-level function
// that uses flash-attn (or another attention / custom-op / compile facility) with no fallback is
// a wrapper, and so is one that calls a wrapper; each call of a wrapper is an
// `<domain>.via-wrapper` finding. Look-alikes: a function with a fallback (the use under an
// availability check), a call under an availability check (guarded, and no wrapper above it), a
// wrapper calling itself, a plain helper.
#include <gtest/gtest.h>

#include <chrono>
#include <map>

#include "robust_util.hpp"

using namespace robust;

namespace {

constexpr const char* kAttn = R"(import torch
from flash_attn import flash_attn_func

try:
    import xformers.ops as xops
    HAS_XFORMERS = True
except ImportError:
    HAS_XFORMERS = False


def fa(q, k, v):
    return flash_attn_func(q, k, v)


def fa_twice(q, k, v):
    return fa(q, k, v) + fa(k, q, v)


def maybe_xformers(q, k, v):
    if HAS_XFORMERS:
        return xops.memory_efficient_attention(q, k, v)
    return torch.nn.functional.scaled_dot_product_attention(q, k, v)


def dispatch(q, k, v, fast=False):
    if HAS_XFORMERS:
        return fa(q, k, v)
    return torch.nn.functional.scaled_dot_product_attention(q, k, v)


def helper(x):
    return x * 2


def recurse(q, k, v, n):
    if n == 0:
        return fa(q, k, v)
    return recurse(q, k, v, n - 1)
)";

constexpr const char* kModel = R"(import torch

from .attn import dispatch, fa_twice, helper, maybe_xformers
from pkg.attn import recurse


class Block(torch.nn.Module):
    def forward(self, q, k, v):
        a = fa_twice(q, k, v)
        b = maybe_xformers(q, k, v)
        c = dispatch(q, k, v)
        d = helper(q)
        e = recurse(q, k, v, 3)
        return a + b + c + d + e
)";

constexpr const char* kMain = R"(import torch

from pkg.model import Block

if __name__ == "__main__":
    Block()(torch.zeros(1), torch.zeros(1), torch.zeros(1))
)";

std::map<std::string, std::pair<std::string, bool>> via(const nlohmann::json& rep) {
  std::map<std::string, std::pair<std::string, bool>> out;  // path:line -> (callee, guarded)
  for (const auto& f : rep["findings"])
    if (f["rule"].get<std::string>().ends_with(".via-wrapper"))
      out[f["path"].get<std::string>() + ":" + std::to_string(f["line"].get<int>())] = {
          f["match"].get<std::string>(), f["guarded"].get<bool>()};
  return out;
}

TEST(Wrappers, CallsOfProjectWrappersAreFindings) {
  TempDir root, out;
  write_file(root / "main.py", kMain);
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "attn.py", kAttn);
  write_file(root / "pkg" / "model.py", kModel);
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const auto got = via(rep);
  const std::map<std::string, std::pair<std::string, bool>> want = {
      {"pkg/attn.py:16", {"fa", false}},        // fa_twice calls fa twice
      {"pkg/attn.py:27", {"fa", true}},         // under `if HAS_XFORMERS:`: guarded
      {"pkg/attn.py:37", {"fa", false}},        // recurse -> fa (its self-call is no site)
      {"pkg/model.py:9", {"fa_twice", false}},  // relative import, a wrapper of a wrapper
      {"pkg/model.py:13", {"recurse", false}},  // absolute import
      {"main.py:6", {"Block", false}},  // Block's forward calls a wrapper: instantiating it is
  };
  // Not: maybe_xformers (its use sits under the probe), dispatch (its call of fa is guarded,
  // so it has its fallback), helper (no facility), recurse's call of itself.
  EXPECT_EQ(got.size(), want.size() + 0u) << rep["findings"].dump(1);
  for (const auto& [where, w] : want) {
    auto it = got.find(where);
    ASSERT_NE(it, got.end()) << where << "\n" << rep["findings"].dump(1);
    EXPECT_EQ(it->second, w) << where;
  }
  // The message names the wrapper and the facility under it.
  for (const auto& f : rep["findings"])
    if (f["rule"] == "attention.via-wrapper" && f["path"] == "pkg/model.py" && f["line"] == 9) {
      const std::string m = f["message"];
      EXPECT_NE(m.find("Calls fa_twice (pkg/attn.py) through fa"), std::string::npos) << m;
      EXPECT_NE(m.find("attention.flash-attn-func"), std::string::npos) << m;
    }
}

// A wrapper named like one of the project's own packages is still a wrapper: its calls' match is
// a function's name, not a module path, so the own-package filter does not apply to them, in
// scan as in fix.
TEST(Wrappers, WrapperNamedLikeAnOwnPackageStaysAFinding) {
  TempDir root, out;
  write_file(root / "main.py",
             "import torch\nfrom pkg.attn import pkg\n\nif __name__ == \"__main__\":\n"
             "    pkg(torch.zeros(1), torch.zeros(1), torch.zeros(1))\n");
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "attn.py",
             "from flash_attn import flash_attn_func\n\n\ndef pkg(q, k, v):\n"
             "    return flash_attn_func(q, k, v)\n");
  const auto got = via(scan_report(root.path(), out.path()));
  ASSERT_EQ(got.count("main.py:5"), 1u);
  EXPECT_EQ(got.at("main.py:5").first, "pkg");
  // fix's own run: the site is on its to-do list (stderr), as scan reports it.
  const RunResult fix = run_cli({"fix", root.path().string()});
  EXPECT_EQ(fix.exit_code, 0) << fix.err;
  EXPECT_NE(fix.err.find("main.py:5  attention.via-wrapper"), std::string::npos) << fix.err;
}

TEST(Wrappers, TenThousandDeepChainStaysLinear) {
  TempDir root, out;
  std::string code =
      "from flash_attn import flash_attn_func\n\n\ndef f0(q):\n"
      "    return flash_attn_func(q, q, q)\n";
  constexpr int kDepth = 10000;
  for (int i = 1; i <= kDepth; ++i)
    code +=
        "\n\ndef f" + std::to_string(i) + "(q):\n    return f" + std::to_string(i - 1) + "(q)\n";
  code += "\n\nif __name__ == \"__main__\":\n    f" + std::to_string(kDepth) + "(None)\n";
  write_file(root / "chain.py", code);
  const auto t0 = std::chrono::steady_clock::now();
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(via(rep).size(), static_cast<size_t>(kDepth) + 1) << "every call in the chain";
  EXPECT_LT(s, 20.0) << "not a benchmark: a guard against quadratic blow-up";
}

TEST(Wrappers, CustomOpAndCompileFacilities) {
  TempDir root, out;
  write_file(root / "infer.py", R"(import torch
import torch_tensorrt
import cupy


def build_engine(model):
    return torch_tensorrt.compile(model, ir="dynamo")


def scale_kernel(x, w):
    return cupy.RawKernel("extern \"C\" __global__ void k(float* x) {}", "k")


def compiled(model):
    return torch.compile(model)


if __name__ == "__main__":
    engine = build_engine(torch.nn.Linear(4, 4))
    y = scale_kernel(torch.zeros(4), None)
    m = compiled(torch.nn.Linear(4, 4))
)");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  std::map<std::string, std::string> rule_at;
  for (const auto& f : rep["findings"])
    if (f["rule"].get<std::string>().ends_with(".via-wrapper"))
      rule_at[std::to_string(f["line"].get<int>())] = f["rule"];
  // compile.via-wrapper for the TensorRT helper, custom_op.via-wrapper for the CuPy kernel;
  // the torch.compile helper wraps nothing an NPU lacks.
  const std::map<std::string, std::string> want = {{"19", "compile.via-wrapper"},
                                                   {"20", "custom_op.via-wrapper"}};
  EXPECT_EQ(rule_at, want) << rep["findings"].dump(1);
}

TEST(Wrappers, TritonHelpersAreTheKernelsOwnPort) {
  TempDir root, out;
  write_file(root / "kern.py", R"(import torch
import triton
import triton.language as tl


@triton.jit
def tanh_approx(x):
    return tl.inline_asm_elementwise("tanh.approx.f32 $0, $1;", "=r,r", [x], dtype=tl.float32,
                                     is_pure=True, pack=1)


@triton.jit
def angle_kernel(X, Y, N: tl.constexpr):
    x = tl.load(X + tl.arange(0, N))
    tl.store(Y + tl.arange(0, N), tanh_approx(x))


if __name__ == "__main__":
    x = torch.zeros(16)
    angle_kernel[(1,)](x, x, 16)
)");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  for (const auto& f : rep["findings"])
    EXPECT_FALSE(f["rule"].get<std::string>().ends_with(".via-wrapper")) << f.dump(1);
}

}  // namespace

namespace {

// The project's own compiled extension (setup.py builds `fused_cuda`), an autograd.Function
// whose forward calls it, a layer class instantiating... Look-alikes: a class whose only use of
// the facility sits in a method that does not run on use (`benchmark`), a layer with a CPU
// fallback around the call, a different module named like the extension's prefix.
constexpr const char* kSetup = R"(from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="pkg",
    ext_modules=[CUDAExtension(name="fused_cuda", sources=["csrc/fused.cu"])],
    cmdclass={"build_ext": BuildExtension},
)
)";

constexpr const char* kOps = R"(import torch

try:
    import fused_cuda
except ImportError:
    fused_cuda = None

import fused_cuda_tools


class FusedFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return fused_cuda.fwd(x)


class Probe:
    def benchmark(self, x):
        return fused_cuda.fwd(x)


def safe(x):
    if fused_cuda is not None:
        return fused_cuda.fwd(x)
    return x * 2


def other(x):
    return fused_cuda_tools.fwd(x)
)";

constexpr const char* kLayer = R"(import torch

from pkg.ops import FusedFn, Probe, safe


class Layer(torch.nn.Module):
    def forward(self, x):
        return FusedFn.apply(x) + safe(x)


def build():
    Probe()
    return Layer()
)";

constexpr const char* kRun = R"(from pkg.layer import build

if __name__ == "__main__":
    build()
)";

}  // namespace

TEST(Wrappers, OwnExtensionCallsAndClasses) {
  TempDir root, out;
  write_file(root / "setup.py", kSetup);
  write_file(root / "csrc" / "fused.cu", "__global__ void fused_kernel(float* x) { x[0] = 1; }\n");
  write_file(root / "run.py", kRun);
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "ops.py", kOps);
  write_file(root / "pkg" / "layer.py", kLayer);
  const nlohmann::json rep = scan_report(root.path(), out.path());
  std::map<std::string, bool> ext;  // path:line -> stops_run
  for (const auto& f : rep["findings"])
    if (f["rule"] == "custom_op.own-extension-call")
      ext[f["path"].get<std::string>() + ":" + std::to_string(f["line"].get<int>())] =
          f["stops_run"].get<bool>();
  // Every call of fused_cuda.* (not fused_cuda_tools); the one under `is not None` is guarded
  // and stops nothing.
  const std::map<std::string, bool> want_ext = {
      {"pkg/ops.py:14", true}, {"pkg/ops.py:19", true}, {"pkg/ops.py:24", false}};
  EXPECT_EQ(ext, want_ext) << rep["findings"].dump(1);
  const auto got = via(rep);
  const std::map<std::string, std::pair<std::string, bool>> want = {
      {"pkg/layer.py:8", {"FusedFn", false}},  // Fn.apply runs forward, which calls the extension
      {"pkg/layer.py:13", {"Layer", false}},   // Layer's forward applies FusedFn
      {"run.py:4", {"build", false}},          // build instantiates Layer
  };
  // Not: Probe() (the call sits in `benchmark`, which does not run on use), safe (fallback).
  EXPECT_EQ(got, want) << rep["findings"].dump(1);
  // The stoppers on the default run: both unguarded extension calls. Probe is instantiated, and
  // a method called on an instance cannot be followed: its benchmark counts as used.
  std::set<std::string> stops;
  for (const auto& s : rep["summary"]["run_stoppers"]) {
    const std::string t = s.get<std::string>();
    stops.insert(t.substr(t.rfind('(') + 1, t.size() - t.rfind('(') - 2));
  }
  EXPECT_EQ(stops, (std::set<std::string>{"pkg/ops.py:14", "pkg/ops.py:19"}))
      << rep["summary"].dump(1);
}

// device.npu-startup (assess/startup_finding.cpp): one finding per entry point that runs torch
// and lacks `import torch_npu`, at its first module-level import. Look-alikes: an entry that
// already imports torch_npu, a module the entry imports (a library), a file the entry runs by
// name (exec'd configurator), a script that never touches torch.
TEST(Wrappers, StartupLinesOfEntryPoints) {
  TempDir root, out;
  write_file(root / "train.py",
             "\"\"\"Training.\"\"\"\nimport os\n\nimport torch\n\nfrom lib import step\n\n"
             "exec(open(\"configurator.py\").read())\n\nif __name__ == \"__main__\":\n"
             "    step(torch.zeros(1))\n");
  write_file(root / "sample.py",
             "import torch\nimport torch_npu\n\nif __name__ == \"__main__\":\n"
             "    print(torch.zeros(1))\n");
  write_file(root / "lib.py", "import torch\n\n\ndef step(x):\n    return x\n");
  write_file(root / "configurator.py", "import torch\nbatch_size = 8\n");
  write_file(
      root / "tools" / "count_lines.py",
      "import sys\n\nif __name__ == \"__main__\":\n    print(len(open(sys.argv[1]).read()))\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  std::vector<std::string> got;
  for (const auto& f : rep["findings"])
    if (f["rule"] == "device.npu-startup") {
      got.push_back(f["path"].get<std::string>() + ":" + std::to_string(f["line"].get<int>()));
      EXPECT_TRUE(f["autofix"].get<bool>());
      EXPECT_EQ(f["severity"], "info");
    }
  EXPECT_EQ(got, std::vector<std::string>{"train.py:2"}) << rep["findings"].dump(1);
}

// `Fn.apply(x)` in the file that defines Fn (mamba's selective_scan_fn around SelectiveScanFn):
// the function calling it is a wrapper of the extension call in Fn.forward.
TEST(Wrappers, ApplyInTheSameFile) {
  TempDir root, out;
  write_file(root / "setup.py", kSetup);
  write_file(root / "csrc" / "fused.cu", "__global__ void fused_kernel(float* x) { x[0] = 1; }\n");
  write_file(root / "ops.py",
             "import torch\nimport fused_cuda\n\n\nclass Fn(torch.autograd.Function):\n"
             "    @staticmethod\n    def forward(ctx, x):\n        return fused_cuda.fwd(x)\n\n\n"
             "def fused(x):\n    return Fn.apply(x)\n");
  write_file(root / "run.py",
             "import torch\nfrom ops import fused\n\nif __name__ == \"__main__\":\n"
             "    fused(torch.zeros(1))\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const std::map<std::string, std::pair<std::string, bool>> want = {{"ops.py:12", {"Fn", false}},
                                                                    {"run.py:5", {"fused", false}}};
  EXPECT_EQ(via(rep), want) << rep["findings"].dump(1);
}

// dependency.torch-npu-release (assess/torch_pins.cpp): a torch pin no torch_npu release allows
// (torch_npu pairs one exact torch version per line: 2.4.0 has releases, 2.4.1 has none) is a
// must-adapt finding on the pin's line naming the nearest release; look-alikes: a pin a release
// allows (==2.4.0, >=2.4.0), an unpinned torch, a torchvision pin.
TEST(Wrappers, TorchPinWithoutNpuRelease) {
  TempDir root, out;
  write_file(root / "requirements.txt", "torch==2.4.1\ntorchvision==0.19.1\nnumpy\n");
  write_file(root / "sub" / "requirements.txt", "torch>=2.4.0\n");
  write_file(root / "other" / "requirements.txt", "torch==2.4.0\n");
  write_file(root / "run.py", "import torch\n\nif __name__ == \"__main__\":\n    print(1)\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  std::vector<std::string> got;
  for (const auto& f : rep["findings"])
    if (f["rule"] == "dependency.torch-npu-release") {
      got.push_back(f["path"].get<std::string>() + ":" + std::to_string(f["line"].get<int>()));
      EXPECT_NE(f["message"].get<std::string>().find("torch_npu 2.4.0.post4"), std::string::npos)
          << f.dump(1);
      EXPECT_EQ(f["class"], "must-adapt");
    }
  EXPECT_EQ(got, std::vector<std::string>{"requirements.txt:1"}) << rep["findings"].dump(1);
  for (const auto& d : rep["dependencies"]) {
    if (d["name"] != "torch") continue;
    EXPECT_NE(d["npu_release"].get<std::string>().find("torch_npu"), std::string::npos)
        << d.dump(1);
  }
}

// device.torch-api-unsupported (assess/operator_support.cpp): a torch.* call that Huawei's
// PyTorch API support list for the project's torch marks unsupported (torch.nn.functional.pdist
// on the 2.8 list) is a finding naming the API; supported calls (torch.zeros) and names in
// neither list (a project's own torch_utils.helper) are only counted; a look-alike method call
// `x.pdist()` on an unknown receiver is never resolved to torch.
TEST(Wrappers, UnsupportedTorchApiCalls) {
  TempDir root, out;
  write_file(root / "requirements.txt", "torch==2.8.0\n");
  write_file(root / "run.py",
             "import torch\nimport torch.nn.functional as F\n\n\ndef main(x):\n"
             "    d = F.pdist(x)\n    z = torch.zeros(3)\n    w = torch.not_a_real_api(z)\n"
             "    return x.pdist(), d, w\n\n\nif __name__ == \"__main__\":\n    main(None)\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  std::vector<std::string> got;
  for (const auto& f : rep["findings"])
    if (f["rule"] == "device.torch-api-unsupported") {
      got.push_back(f["path"].get<std::string>() + ":" + std::to_string(f["line"].get<int>()));
      EXPECT_EQ(f["match"], "torch.nn.functional.pdist");
    }
  EXPECT_EQ(got, std::vector<std::string>{"run.py:6"}) << rep["findings"].dump(1);
  const auto& ops = rep["operators"];
  EXPECT_EQ(ops["list"], "2.8");
  EXPECT_EQ(ops["unsupported"], 1);
  EXPECT_GE(ops["supported"], 1);  // torch.zeros
  EXPECT_EQ(ops["unknown"], 1);    // torch.not_a_real_api
  EXPECT_EQ(ops["unknown_ops"][0]["name"], "torch.not_a_real_api");
}

// custom_op.external-extension-import / -call (assess/external_extensions.cpp): compiled modules
// imported by name and built elsewhere (flash-attention's xentropy_cuda_lib, any *_cuda
// module). The unguarded import and the call are findings that stop the run; the class around
// the call is a wrapper its callers inherit; the inventory lists the module with its callers.
// Look-alikes: the project's own module `my_cuda` (a file of the tree), a guarded import (a
// finding, not a stopper), a module `cuda_utils` (the suffixes are suffixes, not prefixes).
TEST(Wrappers, ExternalCompiledExtensions) {
  TempDir root, out;
  write_file(root / "model" / "__init__.py", "");
  write_file(root / "model" / "loss.py",
             "import torch\nimport xentropy_cuda_lib\n\n\n"
             "class FusedCE(torch.autograd.Function):\n    @staticmethod\n"
             "    def forward(ctx, logits, labels):\n"
             "        return xentropy_cuda_lib.forward(logits, labels, 0.0)\n\n\n"
             "def loss_fn(logits, labels):\n    return FusedCE.apply(logits, labels)\n");
  write_file(root / "model" / "opt.py",
             "try:\n    import fused_adam_cuda\nexcept ImportError:\n    fused_adam_cuda = None\n"
             "import cuda_utils\nfrom . import my_cuda\n");
  write_file(root / "model" / "my_cuda.py", "def f():\n    return 1\n");
  write_file(root / "train.py",
             "import torch\nfrom model.loss import loss_fn\nimport model.opt\n\n"
             "if __name__ == \"__main__\":\n    loss_fn(torch.zeros(2, 3), torch.zeros(2))\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  std::set<std::string> imports, calls;
  for (const auto& f : rep["findings"]) {
    const std::string at =
        f["path"].get<std::string>() + ":" + std::to_string(f["line"].get<int>());
    if (f["rule"] == "custom_op.external-extension-import")
      imports.insert(at + " " + f["match"].get<std::string>());
    if (f["rule"] == "custom_op.external-extension-call") calls.insert(at);
  }
  EXPECT_EQ(imports, (std::set<std::string>{"model/loss.py:2 xentropy_cuda_lib",
                                            "model/opt.py:2 fused_adam_cuda"}))
      << rep["findings"].dump(1);
  EXPECT_EQ(calls, (std::set<std::string>{"model/loss.py:8"}));
  bool row = false;
  for (const auto& k : rep["kernels"])
    if (k["name"] == "xentropy_cuda_lib") {
      row = true;
      EXPECT_EQ(k["kind"], "external-extension");
      EXPECT_EQ(k["path"], "model/loss.py");
      EXPECT_EQ(k["callers"], nlohmann::json::array({"model/loss.py:8"})) << k.dump(1);
    }
  EXPECT_TRUE(row) << rep["kernels"].dump(1);
  std::set<std::string> stops;
  for (const auto& s : rep["summary"]["run_stoppers"]) {
    const std::string t = s.get<std::string>();
    stops.insert(t.substr(t.rfind('(') + 1, t.size() - t.rfind('(') - 2));
  }
  EXPECT_TRUE(stops.count("model/loss.py:2")) << rep["summary"].dump(1);
  EXPECT_FALSE(stops.count("model/opt.py:2"));  // guarded by try/except ImportError
}

// Kernel DSLs beyond Triton in the inventory: a CuTe DSL `@cute.kernel` (kind cute-dsl, a
// rewrite: no CuTe for Ascend) and a TileLang `@T.prim_func` (kind tilelang, ported through
// TileLang-Ascend); host-side `@cute.jit` launchers are not kernels.
TEST(Wrappers, KernelDslsInTheInventory) {
  TempDir root, out;
  write_file(root / "ops" / "__init__.py", "");
  write_file(root / "ops" / "rmsnorm.py",
             "import cutlass\nimport cutlass.cute as cute\n\n\n@cute.kernel\n"
             "def rmsnorm_kernel(mX, mW, mO):\n    tidx, _, _ = cute.arch.thread_idx()\n\n\n"
             "@cute.jit\ndef launch(mX, mW, mO):\n    rmsnorm_kernel(mX, mW, mO).launch(grid=[1, "
             "1, 1])\n");
  write_file(
      root / "ops" / "gemm.py",
      "import tilelang\nimport tilelang.language as T\n\n\n@tilelang.jit\n"
      "def matmul(M, N, K):\n    @T.prim_func\n    def gemm_kernel(A: T.Tensor((M, K), "
      "\"float16\")):\n"
      "        with T.Kernel(1, 1) as (bx, by):\n            pass\n\n    return gemm_kernel\n");
  write_file(root / "run.py",
             "import torch\nfrom ops.rmsnorm import launch\nfrom ops.gemm import matmul\n\n"
             "if __name__ == \"__main__\":\n    launch(None, None, None)\n    matmul(1, 1, 1)\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  std::map<std::string, std::string> kinds;
  for (const auto& k : rep["kernels"]) kinds[k["name"].get<std::string>()] = k["kind"];
  EXPECT_EQ(kinds["rmsnorm_kernel"], "cute-dsl") << rep["kernels"].dump(1);
  EXPECT_EQ(kinds["gemm_kernel"], "tilelang");
  EXPECT_FALSE(kinds.count("launch"));
  for (const auto& k : rep["kernels"]) {
    if (k["name"] != "rmsnorm_kernel") continue;
    EXPECT_NE(k["ascend_path"].get<std::string>().find("npu_rms_norm"), std::string::npos);
  }
  EXPECT_EQ(rep["summary"]["feasibility"], "difficult");  // the CuTe kernel is a rewrite
}

// device.torch-api-supported-later: unsupported on the list of the pinned torch (2.6 for
// F.conv3d), supported on the newest list: an info finding (moving up removes it), not a
// must-adapt one; pdist, unsupported on every list, stays device.torch-api-unsupported.
TEST(Wrappers, TorchApiSupportedOnANewerList) {
  TempDir root, out;
  write_file(root / "requirements.txt", "torch==2.6.0\n");
  write_file(root / "run.py",
             "import torch\nimport torch.nn.functional as F\n\n\ndef main(x, w):\n"
             "    y = F.conv3d(x, w)\n    return F.pdist(y)\n\n\nif __name__ == \"__main__\":\n"
             "    main(None, None)\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  std::map<std::string, std::string> rule_at;
  for (const auto& f : rep["findings"])
    if (f["rule"].get<std::string>().starts_with("device.torch-api-"))
      rule_at[std::to_string(f["line"].get<int>())] = f["rule"];
  EXPECT_EQ(rule_at, (std::map<std::string, std::string>{{"6", "device.torch-api-supported-later"},
                                                         {"7", "device.torch-api-unsupported"}}))
      << rep["findings"].dump(1);
  EXPECT_EQ(rep["operators"]["list"], "2.6");
}
