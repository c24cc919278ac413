// Kernel links from hand-built facts: launches resolved by file / module, backward-only through
// launcher callers, CUDA kernels through extension bindings.
#include "assess/kernel_links.hpp"

#include <gtest/gtest.h>

namespace ascendify::assess {
namespace {

using Strings = std::vector<std::string>;

ScannedFile file(const std::string& path, FileKind kind = FileKind::Python) {
  ScannedFile f;
  f.file.rel_path = path;
  f.file.kind = kind;
  return f;
}
void kernel(ScannedFile& f, KernelKind kind, const std::string& name, Strings calls = {}) {
  KernelFact k;
  k.kind = kind;
  k.name = name;
  k.calls = std::move(calls);
  f.facts.kernels.push_back(k);
}
void fact(ScannedFile& f, FactKind kind, const std::string& name, const std::string& detail,
          const std::string& scope, uint32_t line, Usage u = Usage::Load,
          const std::string& alias = "") {
  Fact x;
  x.kind = kind;
  x.name = name;
  x.detail = detail;
  x.scope = scope;
  x.span.line = line;
  x.usage = u;
  x.alias = alias;
  f.facts.facts.push_back(x);
}

TEST(KernelLinks, TritonLaunchesResolveByFileAndModule) {
  ScannedFiles files = {file("a/ops.py"), file("b/other.py"), file("c/user.py")};
  kernel(files[0], KernelKind::Triton, "_fwd_kernel");
  kernel(files[1], KernelKind::Triton, "_fwd_kernel");
  kernel(files[0], KernelKind::AutogradFunction, "Fn", {"forward:_fwd", "backward:_bwd"});
  kernel(files[0], KernelKind::Triton, "_bwd_kernel");
  fact(files[0], FactKind::Native, "_fwd_kernel", "triton-launch", "_fwd", 10);
  fact(files[0], FactKind::Native, "_bwd_kernel", "triton-launch", "_bwd", 20);
  // c/user.py launches the one imported from a/ops.py.
  fact(files[2], FactKind::Import, "ops._fwd_kernel", "ops", "", 1);
  fact(files[2], FactKind::Reference, "ops._fwd_kernel", "", "go", 5);
  fact(files[2], FactKind::Native, "_fwd_kernel", "triton-launch", "go", 5);
  const auto links = link_kernels(files);
  ASSERT_EQ(links.size(), 4u);
  EXPECT_EQ(links[0].callers, (Strings{"a/ops.py:10", "c/user.py:5"}));  // one use per line
  EXPECT_EQ(links[0].backward_uses, 0u);
  EXPECT_TRUE(links[3].callers.empty());  // b/other.py's kernel: nobody launches it
  EXPECT_EQ(links[2].callers, Strings{"a/ops.py:20"});
  EXPECT_EQ(links[2].uses, 1u);
  EXPECT_EQ(links[2].backward_uses, 1u);  // _bwd is called only from Fn.backward
}

TEST(KernelLinks, CudaKernelsThroughTheExtension) {
  ScannedFiles files = {file("setup.py", FileKind::SetupPy),
                        file("csrc/bind.cpp", FileKind::Native),
                        file("csrc/fwd.cu", FileKind::Native),
                        file("csrc/bwd.cu", FileKind::Native), file("pkg/iface.py")};
  kernel(files[0], KernelKind::ExtensionBuild, "pkg.scan_ext",
         {"./csrc/bind.cpp", "csrc/fwd.cu", "csrc/bwd.cu"});
  fact(files[1], FactKind::Native, "fwd", "binding", "", 3, Usage::Load, "TORCH_EXTENSION_NAME");
  fact(files[1], FactKind::Native, "bwd", "binding", "", 4, Usage::Load, "TORCH_EXTENSION_NAME");
  kernel(files[2], KernelKind::Cuda, "scan_fwd_kernel");
  fact(files[2], FactKind::Native, "scan_fwd_kernel", "launch", "", 30);
  kernel(files[3], KernelKind::Cuda, "scan_bwd_kernel");
  fact(files[4], FactKind::Reference, "pkg.scan_ext.fwd", "", "Fn.forward", 7, Usage::Call);
  fact(files[4], FactKind::Reference, "pkg.scan_ext.bwd", "", "Fn.backward", 12, Usage::Call);
  fact(files[4], FactKind::Reference, "other_ext.fwd", "", "g", 40, Usage::Call);
  const auto links = link_kernels(files);
  ASSERT_EQ(links.size(), 3u);
  EXPECT_EQ(links[0].callers, (Strings{"pkg/iface.py:12", "pkg/iface.py:7"}));  // extension
  EXPECT_EQ(links[1].callers, (Strings{"csrc/fwd.cu:30", "pkg/iface.py:7"}));
  EXPECT_EQ(links[1].backward_uses, 0u);
  EXPECT_EQ(links[1].uses, 1u);  // the C++ launch does not decide: the Python caller does
  EXPECT_EQ(links[2].callers, Strings{"pkg/iface.py:12"});
  EXPECT_EQ(links[2].uses, 1u);
  EXPECT_EQ(links[2].backward_uses, 1u);
  EXPECT_EQ(links[2].caller_dirs, Strings{"pkg"});
}

}  // namespace
}  // namespace ascendify::assess
