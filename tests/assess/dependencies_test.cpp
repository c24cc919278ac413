// Dependency rows for distributions the knowledge base does not know: taken to be imported
// under their own name, so a declared and imported package is not reported as unused.
#include <gtest/gtest.h>

#include "project.hpp"
#include "rules/ruleset.hpp"

using namespace ascendify;

namespace {

Fact declared(const std::string& dist, const std::string& spec, uint32_t line) {
  Fact f;
  f.kind = FactKind::Dependency;
  f.name = dist;
  f.detail = spec;
  f.span.line = line;
  return f;
}

const DependencyRow* row(const Assessment& a, const std::string& name) {
  for (const auto& d : a.dependencies)
    if (d.name == name) return &d;
  return nullptr;
}

TEST(Dependencies, UnknownDistributionsMatchImportsOfTheirOwnName) {
  test::Project p;
  auto& req = p.file("requirements.txt", FileKind::Requirements);
  req.facts.facts.push_back(declared("colossalai", ">=0.4.4", 1));
  req.facts.facts.push_back(declared("my-tool.kit", "", 2));
  req.facts.facts.push_back(declared("pyarrow", "", 3));
  p.file("train.py");
  p.main_guard("train.py").import("train.py", "colossalai.booster.Booster", "colossalai.booster");
  p.import("train.py", "my_tool_kit");
  p.file("tools/unused.py");
  p.import("tools/unused.py", "pyarrow");  // imported, but by a file no entry point reaches
  rules::RuleSet none;
  none.finalize();
  const Assessment a = p.run(none);
  const DependencyRow* c = row(a, "colossalai");
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->imported);
  EXPECT_EQ(c->status, DependencyStatus::Compatible);
  EXPECT_TRUE(c->rule_id.empty());
  EXPECT_EQ(c->source, "requirements.txt:1");
  EXPECT_EQ(c->phases, (std::vector<std::string>{"training"}));
  const DependencyRow* k = row(a, "my-tool.kit");
  ASSERT_NE(k, nullptr);
  EXPECT_TRUE(k->imported);
  const DependencyRow* arrow = row(a, "pyarrow");
  ASSERT_NE(arrow, nullptr);
  EXPECT_TRUE(arrow->imported);
  EXPECT_TRUE(arrow->phases.empty());
  // An import of an undeclared, unknown package names no dependency row.
  EXPECT_EQ(a.dependencies.size(), 3u);
}

TEST(Dependencies, NamesOfOneDistributionShareItsImports) {
  test::Project p;
  p.file("environment.yml", FileKind::CondaEnv).facts.facts.push_back(declared("pytorch", "", 6));
  p.file("requirements.txt", FileKind::Requirements)
      .facts.facts.push_back(declared("torch", "==2.4.0", 1));
  p.file("train.py");
  p.main_guard("train.py").import("train.py", "torch");
  std::vector<Diagnostic> diags;
  const rules::RuleSet kb = rules::load_rules({}, diags);
  const Assessment a = p.run(kb);
  for (const char* name : {"torch", "pytorch"}) {
    const DependencyRow* r = row(a, name);
    ASSERT_NE(r, nullptr) << name;
    EXPECT_EQ(r->rule_id, "dependency.torch") << name;
    EXPECT_TRUE(r->imported) << name;
    EXPECT_EQ(r->status, DependencyStatus::Compatible) << name;
    EXPECT_EQ(r->phases, (std::vector<std::string>{"training"})) << name;
  }
}

TEST(Dependencies, UnimportableDistributionsBelongToThePhasesOfTheirManifest) {
  // pytorch-cuda (conda) has no module to import: it is part of the environment of every
  // phase reaching the environment file, not "not needed" anywhere. xformers, importable but
  // imported by nothing, stays not involved.
  test::Project p;
  auto& env = p.file("environment.yml", FileKind::CondaEnv);
  env.facts.facts.push_back(declared("pytorch-cuda", "=11.7", 9));
  env.facts.facts.push_back(declared("xformers", "", 10));
  p.file("train.py");
  p.main_guard("train.py");
  p.file("sample.py");
  p.main_guard("sample.py");
  std::vector<Diagnostic> diags;
  const rules::RuleSet kb = rules::load_rules({}, diags);
  const Assessment a = p.run(kb);
  const DependencyRow* cuda = row(a, "pytorch-cuda");
  ASSERT_NE(cuda, nullptr);
  EXPECT_FALSE(cuda->rule_id.empty());
  EXPECT_FALSE(cuda->imported);
  EXPECT_EQ(cuda->status, DependencyStatus::Replace);
  EXPECT_EQ(cuda->phases, (std::vector<std::string>{"inference", "training"}));
  const DependencyRow* xf = row(a, "xformers");
  ASSERT_NE(xf, nullptr);
  EXPECT_EQ(xf->status, DependencyStatus::NotInvolved);
  EXPECT_TRUE(xf->phases.empty());
}

}  // namespace
