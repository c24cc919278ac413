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

const char* kPep621 =
    "[build-system]\n"                                        // 1
    "requires = [\"setuptools>=61\", \"torch>=2.1\"]\n"       // 2
    "\n"                                                      // 3
    "[project]\n"                                             // 4
    "name = \"demo\"\n"                                       // 5
    "dependencies = [\n"                                      // 6
    "  \"einops\",\n"                                         // 7
    "  \"Flash_Attn>=2.5.0; platform_system == 'Linux'\",\n"  // 8
    "]\n"                                                     // 9
    "\n"                                                      // 10
    "[project.optional-dependencies]\n"                       // 11
    "gpu = [\"xformers==0.0.23\", \"triton\"]\n"              // 12
    "\n"                                                      // 13
    "[project.scripts]\n"                                     // 14
    "demo-train = \"demo.train:main\"\n";                     // 15

TEST(Pyproject, Pep621) {
  FileFacts ff = analyze_pyproject(kPep621, "pyproject.toml");
  EXPECT_TRUE(ff.diagnostics.empty());
  const Fact* st = find(ff, FactKind::Dependency, "setuptools");
  ASSERT_TRUE(st);
  EXPECT_EQ(st->detail, ">=61");
  EXPECT_EQ(st->span.line, 2u);
  EXPECT_EQ(st->span.col, 14u);
  EXPECT_FALSE(st->guarded);
  const Fact* torch = find(ff, FactKind::Dependency, "torch");
  ASSERT_TRUE(torch);
  EXPECT_EQ(torch->span.col, 32u);
  const Fact* fa = find(ff, FactKind::Dependency, "flash-attn");
  ASSERT_TRUE(fa);
  EXPECT_EQ(fa->detail, ">=2.5.0");
  EXPECT_EQ(fa->receiver, "Flash_Attn>=2.5.0; platform_system == 'Linux'");
  EXPECT_EQ(fa->span.line, 8u);
  EXPECT_EQ(fa->span.col, 4u);
  EXPECT_EQ(fa->span.end_col, 14u);
  EXPECT_FALSE(fa->guarded);
  const Fact* xf = find(ff, FactKind::Dependency, "xformers");
  ASSERT_TRUE(xf);
  EXPECT_TRUE(xf->guarded);
  EXPECT_EQ(xf->scope, "gpu");
  EXPECT_EQ(xf->detail, "==0.0.23");
  EXPECT_EQ(xf->span.line, 12u);
  const Fact* tr = find(ff, FactKind::Dependency, "triton");
  ASSERT_TRUE(tr);
  EXPECT_TRUE(tr->guarded);
  const Fact* cs = find(ff, FactKind::Command, "console-script");
  ASSERT_TRUE(cs);
  EXPECT_EQ(cs->detail, "demo-train=demo.train:main");
  EXPECT_EQ(cs->span.line, 15u);
  EXPECT_EQ(cs->span.col, 1u);
  // Facts come in file order.
  for (size_t i = 1; i < ff.facts.size(); ++i)
    EXPECT_LE(ff.facts[i - 1].span.offset, ff.facts[i].span.offset);
}

const char* kPoetry =
    "[tool.poetry]\n"                                              // 1
    "name = \"x\"\n"                                               // 2
    "[tool.poetry.dependencies]\n"                                 // 3
    "python = \"^3.10\"\n"                                         // 4
    "torch = {version = \"2.1.0+cu121\", source = \"pytorch\"}\n"  // 5
    "numpy = \"*\"\n"                                              // 6
    "bitsandbytes = {version = \"^0.41\", optional = true}\n"      // 7
    "apex = {git = \"https://github.com/NVIDIA/apex.git\"}\n"      // 8
    "[tool.poetry.group.dev.dependencies]\n"                       // 9
    "pytest = \"^7\"\n"                                            // 10
    "[[tool.poetry.source]]\n"                                     // 11
    "name = \"pytorch\"\n"                                         // 12
    "url = \"https://download.pytorch.org/whl/cu121\"\n"           // 13
    "[tool.poetry.scripts]\n"                                      // 14
    "serve = \"x.server:run\"\n";                                  // 15

TEST(Pyproject, PoetryTables) {
  FileFacts ff = analyze_pyproject(kPoetry, "pyproject.toml");
  EXPECT_TRUE(ff.diagnostics.empty());
  EXPECT_FALSE(find(ff, FactKind::Dependency, "python"));
  const Fact* torch = find(ff, FactKind::Dependency, "torch");
  ASSERT_TRUE(torch);
  EXPECT_EQ(torch->detail, "2.1.0+cu121");
  EXPECT_EQ(torch->span.line, 5u);
  EXPECT_EQ(torch->span.col, 1u);
  EXPECT_EQ(torch->span.end_col, 6u);
  EXPECT_FALSE(torch->guarded);
  const Fact* np = find(ff, FactKind::Dependency, "numpy");
  ASSERT_TRUE(np);
  EXPECT_EQ(np->detail, "");
  const Fact* bnb = find(ff, FactKind::Dependency, "bitsandbytes");
  ASSERT_TRUE(bnb);
  EXPECT_EQ(bnb->detail, "^0.41");
  EXPECT_TRUE(bnb->guarded);
  const Fact* apex = find(ff, FactKind::Dependency, "apex");
  ASSERT_TRUE(apex);
  EXPECT_EQ(apex->detail, "");
  const Fact* pt = find(ff, FactKind::Dependency, "pytest");
  ASSERT_TRUE(pt);
  EXPECT_TRUE(pt->guarded);
  EXPECT_EQ(pt->scope, "dev");
  const Fact* idx = find(ff, FactKind::Command, "pip-index");
  ASSERT_TRUE(idx);
  EXPECT_EQ(idx->detail, "https://download.pytorch.org/whl/cu121");
  EXPECT_EQ(idx->span.line, 13u);
  EXPECT_EQ(idx->span.col, 8u);
  const Fact* cs = find(ff, FactKind::Command, "console-script");
  ASSERT_TRUE(cs);
  EXPECT_EQ(cs->detail, "serve=x.server:run");
}

TEST(Pyproject, MalformedTomlIsOneDiagnostic) {
  FileFacts ff = analyze_pyproject("[project]\ndependencies = [\"torch\",\nname = = 3\n", "p.toml");
  EXPECT_TRUE(ff.facts.empty());
  ASSERT_EQ(ff.diagnostics.size(), 1u);
  EXPECT_EQ(ff.diagnostics[0].path, "p.toml");
  EXPECT_EQ(ff.diagnostics[0].line, 3u);
  ff = analyze_pyproject("[a]\nx = 1\n[a]\n", "dup.toml");  // redefinition
  ASSERT_EQ(ff.diagnostics.size(), 1u);
  EXPECT_EQ(ff.diagnostics[0].line, 3u);
}

TEST(Pyproject, HostileInput) {
  // "[[[" trips a toml++ assertion unless it is compiled out (see pyproject.cpp).
  for (const char* s : {"[[[", "[ .a]", "[[ [", "[a.[", "x = {a.[ = 1}"}) {
    FileFacts ff = analyze_pyproject(s, "hostile");
    EXPECT_EQ(ff.diagnostics.size(), 1u) << s;
  }
  (void)analyze_pyproject(std::string(100000, '['), "deep");
  (void)analyze_pyproject("x = " + std::string(50000, '['), "deep2");
  (void)analyze_pyproject("a = {b = {c = {d = " + std::string(5000, '{'), "deep3");
  (void)analyze_pyproject("\xff\xfe\x00garbage", "bin");
  FileFacts ff = analyze_pyproject("[project]\ndependencies = 3\n", "wrongtype");
  EXPECT_TRUE(ff.facts.empty());
  ff = analyze_pyproject("[project]\ndependencies = [\"t\\u006frch\"]\n", "escape");
  ASSERT_EQ(ff.facts.size(), 1u);  // escaped: name right, span falls back to the literal
  EXPECT_EQ(ff.facts[0].name, "torch");
  EXPECT_EQ(ff.facts[0].span.line, 2u);
  EXPECT_EQ(ff.facts[0].span.col, 17u);
}

}  // namespace
}  // namespace ascendify::manifest
