#include <gtest/gtest.h>

#include <string>

#include "manifest/manifest.hpp"
#include "manifest/requirement.hpp"

namespace ascendify::manifest {
namespace {

const Fact* find(const FileFacts& ff, FactKind kind, std::string_view name) {
  for (const Fact& f : ff.facts)
    if (f.kind == kind && f.name == name) return &f;
  return nullptr;
}

TEST(NormalizeName, Pep503) {
  EXPECT_EQ(normalize_name("Flash_Attn"), "flash-attn");
  EXPECT_EQ(normalize_name("a.-_b"), "a-b");
  EXPECT_EQ(normalize_name("torch"), "torch");
}

TEST(ParseRequirement, Forms) {
  auto r = parse_requirement("torch==2.4.0+cu121");
  EXPECT_EQ(r.name, "torch");
  EXPECT_EQ(r.detail, "==2.4.0+cu121");
  r = parse_requirement("Flash_Attn (>=2.5)");
  EXPECT_EQ(r.name, "flash-attn");
  EXPECT_EQ(r.detail, ">=2.5");
  r = parse_requirement("pkg[a,b]>=1,<2; sys_platform == 'linux'");
  EXPECT_EQ(r.name, "pkg");
  EXPECT_EQ(r.detail, ">=1,<2");
  r = parse_requirement("foo bar");
  EXPECT_EQ(r.kind, ParsedRequirement::Kind::Invalid);
  r = parse_requirement(
      "torch @ "
      "https://download.pytorch.org/whl/cu121/torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl");
  EXPECT_EQ(r.name, "torch");
  EXPECT_EQ(r.detail, "==2.1.0+cu121");
  r = parse_requirement("./wheels/apex-0.1-py3-none-any.whl");
  EXPECT_EQ(r.name, "apex");
  EXPECT_EQ(r.detail, "==0.1");
  r = parse_requirement("https://example.com/dist/triton-2.1.0.tar.gz");
  EXPECT_EQ(r.name, "triton");
  EXPECT_EQ(r.detail, "==2.1.0");
  r = parse_requirement("./local/project");
  EXPECT_EQ(r.kind, ParsedRequirement::Kind::Ignored);
}

const char* kRequirements =
    "# CUDA stack\n"                                                          // 1
    "torch==2.4.0+cu121\n"                                                    // 2
    "flash_attn>=2.5.0  # attention kernels\n"                                // 3
    "xformers[dev] >= 0.0.23 ; python_version<\"3.10\"\n"                     // 4
    "--extra-index-url https://download.pytorch.org/whl/cu121\n"              // 5
    "-r requirements-base.txt\n"                                              // 6
    "git+https://github.com/org/repo.git@v1#egg=my_pkg\n"                     // 7
    "git+https://github.com/Dao-AILab/causal-conv1d.git@v1.2.0\n"             // 8
    "https://github.com/Dao-AILab/flash-attention/releases/download/v2.5.8/"  // 9
    "flash_attn-2.5.8+cu122torch2.3cxx11abiFALSE-cp310-cp310-linux_x86_64.whl\n"
    "deepspeed \\\n"                                         // 10
    "    >=0.14\n"                                           // 11
    "-e .\n"                                                 // 12
    "-c constraints.txt\n"                                   // 13
    "  numpy   \n"                                           // 14
    "apex @ git+https://github.com/NVIDIA/apex.git\n"        // 15
    "--index-url=https://pypi.org/simple\n"                  // 16
    "-f https://data.pyg.org/whl/torch-2.1.0+cu121.html\n";  // 17

TEST(Requirements, TrickyLines) {
  FileFacts ff = analyze_requirements(kRequirements, "requirements.txt");
  EXPECT_TRUE(ff.diagnostics.empty());
  const Fact* torch = find(ff, FactKind::Dependency, "torch");
  ASSERT_TRUE(torch);
  EXPECT_EQ(torch->detail, "==2.4.0+cu121");
  EXPECT_EQ(torch->receiver, "torch==2.4.0+cu121");
  EXPECT_EQ(torch->span.line, 2u);
  EXPECT_EQ(torch->span.col, 1u);
  EXPECT_EQ(torch->span.end_col, 6u);
  EXPECT_EQ(torch->span.offset, 13u);  // after "# CUDA stack\n"
  EXPECT_EQ(torch->span.end_offset, 18u);
  EXPECT_FALSE(torch->guarded);

  const Fact* fa = find(ff, FactKind::Dependency, "flash-attn");
  ASSERT_TRUE(fa);
  EXPECT_EQ(fa->detail, ">=2.5.0");
  EXPECT_EQ(fa->receiver, "flash_attn>=2.5.0");  // comment removed
  EXPECT_EQ(fa->span.line, 3u);

  const Fact* xf = find(ff, FactKind::Dependency, "xformers");
  ASSERT_TRUE(xf);
  EXPECT_EQ(xf->detail, ">= 0.0.23");
  EXPECT_EQ(xf->receiver, "xformers[dev] >= 0.0.23 ; python_version<\"3.10\"");

  const Fact* my = find(ff, FactKind::Dependency, "my-pkg");
  ASSERT_TRUE(my);
  EXPECT_EQ(my->detail, "");
  EXPECT_EQ(my->span.line, 7u);
  EXPECT_EQ(my->span.col, 44u);  // the egg= value
  EXPECT_EQ(my->span.end_col, 50u);

  const Fact* cc = find(ff, FactKind::Dependency, "causal-conv1d");
  ASSERT_TRUE(cc);
  EXPECT_EQ(cc->span.line, 8u);

  // The wheel on line 9: name from the file name, version with its local part.
  int wheels = 0;
  for (const Fact& f : ff.facts) {
    if (f.kind == FactKind::Dependency && f.name == "flash-attn" && f.span.line == 9) {
      ++wheels;
      EXPECT_EQ(f.detail, "==2.5.8+cu122torch2.3cxx11abiFALSE");
    }
  }
  EXPECT_EQ(wheels, 1);

  const Fact* ds = find(ff, FactKind::Dependency, "deepspeed");
  ASSERT_TRUE(ds);
  EXPECT_EQ(ds->detail, ">=0.14");
  EXPECT_EQ(ds->span.line, 10u);
  EXPECT_EQ(ds->receiver, "deepspeed     >=0.14");

  const Fact* np = find(ff, FactKind::Dependency, "numpy");
  ASSERT_TRUE(np);
  EXPECT_EQ(np->detail, "");
  EXPECT_EQ(np->span.line, 14u);
  EXPECT_EQ(np->span.col, 3u);

  const Fact* apex = find(ff, FactKind::Dependency, "apex");
  ASSERT_TRUE(apex);
  EXPECT_EQ(apex->span.line, 15u);
  EXPECT_EQ(apex->span.col, 1u);

  // Options.
  int includes = 0, indexes = 0;
  for (const Fact& f : ff.facts) {
    if (f.kind != FactKind::Command) continue;
    if (f.name == "requirements-include") {
      ++includes;
      EXPECT_TRUE(f.detail == "requirements-base.txt" || f.detail == "constraints.txt");
    }
    if (f.name == "pip-index") {
      ++indexes;
      if (f.span.line == 5) {
        EXPECT_EQ(f.detail, "https://download.pytorch.org/whl/cu121");
        EXPECT_EQ(f.span.col, 19u);
      }
      if (f.span.line == 16) {
        EXPECT_EQ(f.detail, "https://pypi.org/simple");
      }
      if (f.span.line == 17) {
        EXPECT_EQ(f.detail, "https://data.pyg.org/whl/torch-2.1.0+cu121.html");
      }
    }
  }
  EXPECT_EQ(includes, 2);
  EXPECT_EQ(indexes, 3);
  // torch, flash-attn x2, xformers, my-pkg, causal-conv1d, deepspeed, numpy, apex; `-e .` none.
  size_t deps = 0;
  for (const Fact& f : ff.facts) deps += f.kind == FactKind::Dependency;
  EXPECT_EQ(deps, 9u);
}

TEST(Requirements, EditableVcsIsADependency) {
  FileFacts ff = analyze_requirements("-e git+https://github.com/org/lib.git#egg=Cool_Lib\n", "r");
  ASSERT_EQ(ff.facts.size(), 1u);
  EXPECT_EQ(ff.facts[0].name, "cool-lib");
  EXPECT_EQ(ff.facts[0].span.col, 43u);  // 42 bytes precede "Cool_Lib"
}

TEST(Requirements, HashOptionsAndCrlf) {
  FileFacts ff = analyze_requirements("torch==2.1.0 \\\r\n    --hash=sha256:abc\r\nnumpy\r\n", "r");
  ASSERT_EQ(ff.facts.size(), 2u);
  EXPECT_EQ(ff.facts[0].name, "torch");
  EXPECT_EQ(ff.facts[0].detail, "==2.1.0");
  EXPECT_EQ(ff.facts[1].name, "numpy");
  EXPECT_EQ(ff.facts[1].span.line, 3u);
}

TEST(Requirements, GarbageNeverCrashes) {
  FileFacts ff = analyze_requirements("foo bar baz\n[[[\n\\\n-r\n@@@\n", "r.txt");
  EXPECT_TRUE(ff.facts.empty());
  ASSERT_GE(ff.diagnostics.size(), 2u);
  EXPECT_EQ(ff.diagnostics[0].line, 1u);
  EXPECT_EQ(ff.diagnostics[0].path, "r.txt");
  std::string bin;
  for (int i = 0; i < 4096; ++i) bin.push_back(static_cast<char>((i * 131 + 7) % 256));
  (void)analyze_requirements(bin, "bin");
  (void)analyze_requirements("", "empty");
  (void)analyze_requirements("\\", "bs");
  (void)analyze_requirements(std::string(100000, '['), "deep");
}

}  // namespace
}  // namespace ascendify::manifest
