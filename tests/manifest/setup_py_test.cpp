#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "manifest/manifest.hpp"

namespace ascendify::manifest {
namespace {

namespace fs = std::filesystem;

const Fact* find(const FileFacts& ff, FactKind kind, std::string_view name) {
  for (const Fact& f : ff.facts)
    if (f.kind == kind && f.name == name) return &f;
  return nullptr;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(SetupPy, LiteralsVariablesExtensionsAndNeverExecuted) {
  const fs::path dir = fs::path(ASCENDIFY_SOURCE_DIR) / "tests/fixtures/manifest/setup_marker";
  const fs::path marker = dir / "EXECUTED";
  ASSERT_FALSE(fs::exists(marker)) << "stale marker: setup.py was executed by someone";
  std::string text = read_file(dir / "setup.py");
  ASSERT_FALSE(text.empty());
  FileFacts ff = analyze_setup_py(text, "setup.py");
  EXPECT_FALSE(fs::exists(marker));

  const Fact* torch = find(ff, FactKind::Dependency, "torch");
  ASSERT_TRUE(torch);  // through `install_requires=REQUIRES + [...]`
  EXPECT_EQ(torch->detail, ">=2.1");
  EXPECT_EQ(torch->receiver, "torch>=2.1");
  EXPECT_EQ(torch->span.line, 10u);
  EXPECT_EQ(torch->span.col, 6u);
  EXPECT_EQ(torch->span.end_col, 11u);
  EXPECT_FALSE(torch->guarded);
  const Fact* fa = find(ff, FactKind::Dependency, "flash-attn");
  ASSERT_TRUE(fa);
  EXPECT_EQ(fa->detail, "==2.5.8+cu122");
  EXPECT_EQ(fa->span.line, 11u);
  const Fact* ein = find(ff, FactKind::Dependency, "einops");
  ASSERT_TRUE(ein);
  EXPECT_EQ(ein->span.line, 17u);
  EXPECT_EQ(ein->span.col, 35u);
  const Fact* pytest = find(ff, FactKind::Dependency, "pytest");
  ASSERT_TRUE(pytest);
  EXPECT_TRUE(pytest->guarded);
  EXPECT_EQ(pytest->scope, "dev");
  const Fact* triton = find(ff, FactKind::Dependency, "triton");
  ASSERT_TRUE(triton);
  EXPECT_TRUE(triton->guarded);
  EXPECT_EQ(triton->scope, "cuda");
  EXPECT_EQ(triton->detail, ">=2");
  const Fact* ninja = find(ff, FactKind::Dependency, "ninja");
  ASSERT_TRUE(ninja);
  EXPECT_FALSE(ninja->guarded);
  EXPECT_EQ(ninja->span.line, 19u);
  const Fact* cs = find(ff, FactKind::Command, "console-script");
  ASSERT_TRUE(cs);
  EXPECT_EQ(cs->detail, "demo-run=demo.cli:main");
  EXPECT_EQ(cs->span.line, 20u);
  size_t deps = 0;
  for (const Fact& f : ff.facts) deps += f.kind == FactKind::Dependency;
  EXPECT_EQ(deps, 6u);

  ASSERT_EQ(ff.kernels.size(), 2u);
  const KernelFact& cu = ff.kernels[0];
  EXPECT_EQ(cu.kind, KernelKind::ExtensionBuild);
  EXPECT_EQ(cu.name, "demo._C");
  EXPECT_EQ(cu.span.line, 22u);
  EXPECT_EQ(cu.span.col, 9u);
  EXPECT_EQ(cu.span.end_line, 25u);
  EXPECT_EQ(cu.calls, (std::vector<std::string>{"csrc/ops.cpp", "csrc/kernel.cu"}));
  EXPECT_EQ(cu.features, (std::vector<std::string>{"cuda"}));
  const KernelFact& cpp = ff.kernels[1];
  EXPECT_EQ(cpp.name, "demo._cpu");
  EXPECT_EQ(cpp.span.line, 26u);
  EXPECT_EQ(cpp.calls, (std::vector<std::string>{"csrc/cpu.cpp"}));
  EXPECT_TRUE(cpp.features.empty());

  // The Python front end's own facts are there too (import of the CUDA extension API).
  bool cuda_import = false;
  for (const Fact& f : ff.facts) {
    if (f.kind == FactKind::Import && f.name == "torch.utils.cpp_extension.CUDAExtension") {
      cuda_import = true;
      EXPECT_EQ(f.span.line, 3u);
    }
  }
  EXPECT_TRUE(cuda_import);
}

TEST(SetupPy, IndirectionChainsIncludesAndStringEntryPoints) {
  const char* text =
      "BASE = ['numpy']\n"                                             // 1
      "ALL = BASE\n"                                                   // 2
      "def reqs():\n"                                                  // 3
      "    return open('requirements-gpu.txt').read().splitlines()\n"  // 4
      "setup(install_requires=ALL,\n"                                  // 5
      "      tests_require=reqs(),\n"                                  // 6
      "      setup_requires=parse('requirements-build.txt'),\n"        // 7
      "      entry_points='''\n"                                       // 8
      "[console_scripts]\n"                                            // 9
      "tool = pkg.main:run\n"                                          // 10
      "''')\n";                                                        // 11
  FileFacts ff = analyze_setup_py(text, "setup.py");
  const Fact* np = find(ff, FactKind::Dependency, "numpy");
  ASSERT_TRUE(np);
  EXPECT_EQ(np->span.line, 1u);
  EXPECT_EQ(np->span.col, 10u);
  const Fact* inc = find(ff, FactKind::Command, "requirements-include");
  ASSERT_TRUE(inc);
  EXPECT_EQ(inc->detail, "requirements-build.txt");
  EXPECT_EQ(inc->span.line, 7u);
  const Fact* cs = find(ff, FactKind::Command, "console-script");
  ASSERT_TRUE(cs);
  EXPECT_EQ(cs->detail, "tool=pkg.main:run");
}

TEST(SetupPy, CyclesAndHostileInputTerminate) {
  FileFacts ff =
      analyze_setup_py("A = B\nB = A\nsetup(install_requires=A, extras_require=A)\n", "setup.py");
  EXPECT_TRUE(ff.kernels.empty());
  std::string deep = "setup(ext_modules=[CUDAExtension(name=";
  for (int i = 0; i < 10000; ++i) deep += "os.path.join(";
  deep += "'x'";
  (void)analyze_setup_py(deep, "deep.py");
  (void)analyze_setup_py("setup(install_requires=" + std::string(20000, '['), "deep2.py");
  (void)analyze_setup_py("CUDAExtension(", "cut.py");
  (void)analyze_setup_py("install_requires=", "cut2.py");
  (void)analyze_setup_py("setup(extras_require={'a': ", "cut3.py");
  (void)analyze_setup_py("", "empty.py");
}

}  // namespace
}  // namespace ascendify::manifest
