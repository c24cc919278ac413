// Triton launch sites and autotune features from the Python front end (kernel_scan.hpp).
#include <gtest/gtest.h>

#include <string>

#include "python/analyzer.hpp"

namespace ascendify::python {
namespace {

std::vector<const Fact*> launches(const FileFacts& ff) {
  std::vector<const Fact*> out;
  for (const Fact& f : ff.facts)
    if (f.kind == FactKind::Native && f.detail == "triton-launch") out.push_back(&f);
  return out;
}

TEST(KernelScan, AutotuneConfigsBecomeFeatures) {
  FileFacts ff = analyze(
      "import triton\n"
      "import triton.language as tl\n"
      "@triton.autotune(\n"
      "    configs=[triton.Config({'B': 64}, num_warps=8, num_stages=3),\n"
      "             triton.Config({'B': 128}, num_warps=4),\n"
      "             triton.Config({'B': 256}, num_warps=16, num_stages=2)],\n"
      "    key=['n'])\n"
      "@triton.jit\n"
      "def k(x, n, B: tl.constexpr):\n"
      "    tl.store(x, tl.load(x))\n",
      "a.py");
  ASSERT_EQ(ff.kernels.size(), 1u);
  std::vector<std::string> want = {"autotune", "num_warps:4,8,16", "num_stages:2,3"};
  EXPECT_EQ(ff.kernels[0].features, want);
  EXPECT_EQ(ff.kernels[0].span.line, 9u);
}

TEST(KernelScan, PlainJitHasNoAutotuneFeature) {
  FileFacts ff = analyze(
      "import triton\n"
      "@triton.Config({'B': 1}, num_warps=2)\n"  // nonsense decorator: not autotune
      "def helper(): pass\n"
      "@triton.jit\n"
      "def k(x):\n"
      "    pass\n",
      "a.py");
  ASSERT_EQ(ff.kernels.size(), 1u);
  EXPECT_TRUE(ff.kernels[0].features.empty());
}

TEST(KernelScan, LaunchSitesWithScopeAndOptions) {
  FileFacts ff = analyze(
      "import triton\n"
      "from .ops import _fwd_kernel\n"
      "class Fn:\n"
      "    def backward(ctx, g):\n"
      "        grid = lambda m: (triton.cdiv(n, m['B']),)\n"
      "        _bwd_kernel[grid](g, n, num_warps=8, num_stages=2, BLOCK=64)\n"
      "        self.layers[i](g)\n"
      "        ops.inner._k[(n,)](\n"
      "            g)\n"
      "        x = a[0][1](g)\n"
      "        def nested():\n"
      "            _nested_kernel[(1,)](g)\n"
      "        return g\n"
      "def f(x): _fwd_kernel[(1,)](x)\n"
      "_top_kernel[(1,)](x)\n",
      "a.py");
  auto l = launches(ff);
  ASSERT_EQ(l.size(), 5u);
  EXPECT_EQ(l[0]->name, "_bwd_kernel");
  EXPECT_EQ(l[0]->scope, "Fn.backward");
  EXPECT_EQ(l[0]->span.line, 6u);
  EXPECT_EQ(l[0]->span.col, 9u);
  ASSERT_EQ(l[0]->args.size(), 2u);
  EXPECT_EQ(l[0]->args[0].keyword, "num_warps");
  EXPECT_EQ(l[0]->args[0].value, "8");
  EXPECT_EQ(l[0]->args[1].keyword, "num_stages");
  EXPECT_EQ(l[0]->args[1].value, "2");
  EXPECT_EQ(l[1]->name, "self.layers");  // harmless: assess only keeps names of kernels
  EXPECT_EQ(l[2]->name, "ops.inner._k");
  EXPECT_EQ(l[2]->span.line, 8u);
  EXPECT_EQ(l[3]->name, "_nested_kernel");
  EXPECT_EQ(l[3]->scope, "Fn.backward.nested");
  EXPECT_EQ(l[4]->name, "_fwd_kernel");
  EXPECT_EQ(l[4]->scope, "f");
  // Module-level launches are not reported (only definitions' bodies are scanned).
}

TEST(KernelScan, WrappedKernelLaunch) {
  FileFacts ff = analyze(
      "import torch\n"
      "def f(x):\n"
      "    torch.library.wrap_triton(_ln_kernel)[(1,)](x, num_warps=4)\n"
      "    wrap(a, b)[(1,)](x)\n"
      "    g(x)[0]\n",
      "a.py");
  auto l = launches(ff);
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0]->name, "_ln_kernel");
  EXPECT_EQ(l[0]->span.line, 3u);
  EXPECT_EQ(l[0]->span.col, 31u);
  ASSERT_EQ(l[0]->args.size(), 1u);
  EXPECT_EQ(l[0]->args[0].value, "4");
}

TEST(KernelScan, HostileInputTerminates) {
  std::string deep = "def f():\n    x = ";
  for (int i = 0; i < 20000; ++i) deep += "a[";
  deep += "\n";
  for (int i = 0; i < 300; ++i) deep += std::string(static_cast<size_t>(i), ' ') + "def g():\n";
  FileFacts ff = analyze(deep, "a.py");
  EXPECT_TRUE(launches(ff).empty());
  FileFacts ff2 = analyze("def f(:\n  k[", "a.py");
  EXPECT_TRUE(launches(ff2).empty());
}

}  // namespace
}  // namespace ascendify::python
