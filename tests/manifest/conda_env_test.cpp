#include <gtest/gtest.h>

#include <string>

#include "manifest/manifest.hpp"

namespace ascendify::manifest {
namespace {

const Fact* find(const FileFacts& ff, FactKind kind, std::string_view name) {
  for (const Fact& f : ff.facts)
    if (f.kind == kind && f.name == name) return &f;
  return nullptr;
}

const char* kEnv =
    "name: demo\n"                                                      // 1
    "channels:\n"                                                       // 2
    "  - pytorch\n"                                                     // 3
    "  - nvidia\n"                                                      // 4
    "dependencies:\n"                                                   // 5
    "  - python=3.10\n"                                                 // 6
    "  - pytorch::pytorch=2.3\n"                                        // 7
    "  - pytorch-cuda=12.1\n"                                           // 8
    "  - \"cudatoolkit=11.8\"\n"                                        // 9
    "  - cuda-nvcc\n"                                                   // 10
    "  - pip\n"                                                         // 11
    "  - pip:\n"                                                        // 12
    "    - flash_attn==2.5.8\n"                                         // 13
    "    - --extra-index-url https://download.pytorch.org/whl/cu118\n"  // 14
    "    - -r requirements.txt\n";                                      // 15

TEST(CondaEnv, DependenciesAndPip) {
  FileFacts ff = analyze_conda_env(kEnv, "environment.yml");
  EXPECT_TRUE(ff.diagnostics.empty());
  const Fact* pt = find(ff, FactKind::Dependency, "pytorch");
  ASSERT_TRUE(pt);
  EXPECT_EQ(pt->detail, "=2.3");
  EXPECT_EQ(pt->span.line, 7u);
  EXPECT_EQ(pt->span.col, 14u);  // after the "pytorch::" channel prefix
  EXPECT_EQ(pt->span.end_col, 21u);
  const Fact* pc = find(ff, FactKind::Dependency, "pytorch-cuda");
  ASSERT_TRUE(pc);
  EXPECT_EQ(pc->detail, "=12.1");
  const Fact* ct = find(ff, FactKind::Dependency, "cudatoolkit");
  ASSERT_TRUE(ct);
  EXPECT_EQ(ct->detail, "=11.8");
  EXPECT_EQ(ct->span.line, 9u);
  EXPECT_EQ(ct->span.col, 6u);  // inside the quotes
  const Fact* nvcc = find(ff, FactKind::Dependency, "cuda-nvcc");
  ASSERT_TRUE(nvcc);
  EXPECT_EQ(nvcc->detail, "");
  const Fact* fa = find(ff, FactKind::Dependency, "flash-attn");
  ASSERT_TRUE(fa);
  EXPECT_EQ(fa->detail, "==2.5.8");
  EXPECT_EQ(fa->span.line, 13u);
  EXPECT_EQ(fa->span.col, 7u);
  EXPECT_EQ(fa->scope, "pip");
  const Fact* idx = find(ff, FactKind::Command, "pip-index");
  ASSERT_TRUE(idx);
  EXPECT_EQ(idx->detail, "https://download.pytorch.org/whl/cu118");
  EXPECT_EQ(idx->span.line, 14u);
  const Fact* inc = find(ff, FactKind::Command, "requirements-include");
  ASSERT_TRUE(inc);
  EXPECT_EQ(inc->detail, "requirements.txt");
  int channels = 0;
  for (const Fact& f : ff.facts)
    channels += f.kind == FactKind::Command && f.name == "conda-channel";
  EXPECT_EQ(channels, 2);
  EXPECT_TRUE(find(ff, FactKind::Dependency, "python"));
  EXPECT_TRUE(find(ff, FactKind::Dependency, "pip"));
}

TEST(CondaEnv, MalformedYamlIsOneDiagnostic) {
  FileFacts ff =
      analyze_conda_env("name: x\ndependencies:\n  - a\n  - [b, c\n  - d: : :\n", "env.yml");
  EXPECT_TRUE(ff.facts.empty());
  ASSERT_EQ(ff.diagnostics.size(), 1u);
  EXPECT_EQ(ff.diagnostics[0].path, "env.yml");
  EXPECT_GE(ff.diagnostics[0].line, 4u);
  ff = analyze_conda_env("name: x\ndependencies:\n  - a\n - b\n", "env2.yml");  // bad indent
  ASSERT_EQ(ff.diagnostics.size(), 1u);
  EXPECT_EQ(ff.diagnostics[0].line, 4u);  // " - b"
  ff = analyze_conda_env("a: b: c\n", "env3.yml");
  ASSERT_EQ(ff.diagnostics.size(), 1u);
  EXPECT_EQ(ff.diagnostics[0].line, 1u);
}

TEST(CondaEnv, HostileInput) {
  FileFacts ff = analyze_conda_env("dependencies: " + std::string(100000, '['), "deep");
  EXPECT_EQ(ff.diagnostics.size(), 1u);
  std::string dashes;
  for (int i = 0; i < 20000; ++i) dashes += "- ";
  ff = analyze_conda_env("dependencies:\n  " + dashes + "x\n", "dashes");
  EXPECT_EQ(ff.diagnostics.size(), 1u);
  (void)analyze_conda_env("", "empty");
  (void)analyze_conda_env("- just\n- a list\n", "list");
  (void)analyze_conda_env("dependencies:\n  - {a: 1}\n  - 3\n  - pip: oops\n", "odd");
  ff = analyze_conda_env("a: &x [1]\nb: *x\ndependencies: *x\n", "alias");
  EXPECT_TRUE(ff.diagnostics.empty());
}

}  // namespace
}  // namespace ascendify::manifest
