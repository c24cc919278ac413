// The program model's units, built from facts that were not slimmed (the fix command, the
// language server): a file with many more defs than the two units every file has finds each by
// name, keeps the first of a redefined name, and edges from its defs reach what they use. The
// index of units by (file, name) is sized from the digests it builds, not from stored ones.
#include <gtest/gtest.h>

#include <string>

#include "assess/import_graph.hpp"
#include "assess/model.hpp"
#include "assess/program_model.hpp"
#include "project.hpp"

namespace ascendify {
namespace {

using test::Project;

void def(Project& p, const std::string& path, const std::string& name, uint32_t line,
         FactKind kind = FactKind::FunctionDef) {
  Fact f;
  f.kind = kind;
  f.name = name;
  f.span.line = line;
  p.at(path).facts.facts.push_back(f);
}

// "f<k>" (built by append: g++ 12 warns falsely of `"f" + std::to_string(k)`).
std::string fn(uint32_t k) {
  return std::string("f").append(std::to_string(k));
}

Project many_defs() {
  Project p;
  for (uint32_t k = 0; k < 300; ++k) def(p, "pkg/big.py", fn(k), 10 * k + 1);
  def(p, "pkg/big.py", "f7", 5000);  // a redefinition: the first def stands for both
  def(p, "pkg/big.py", "Net", 5010, FactKind::ClassDef);
  p.reference("pkg/big.py", "__local__.f299", "f3", 32);  // f3 calls f299
  p.file("pkg/__init__.py");
  p.import("main.py", "pkg.big.f250", "pkg.big");
  p.reference("main.py", "pkg.big.f250", "", 3);
  return p;
}

int index_of(const Project& p, const std::string& path) {
  for (size_t i = 0; i < p.files.size(); ++i)
    if (p.files[i].file.rel_path == path) return static_cast<int>(i);
  return -1;
}

TEST(ProgramModelUnits, ManyDefsOfUnslimmedFactsFoundByName) {
  for (unsigned threads : {1u, 2u}) {
    Project p = many_defs();
    const assess::ImportGraph graph(p.files);
    const assess::ProgramModel pm(p.files, graph, assess::embedded_model().phases, threads);
    const int big = index_of(p, "pkg/big.py"), main = index_of(p, "main.py");
    // Three module units, 300 functions and the class; the redefinition adds none.
    EXPECT_EQ(pm.size(), 3u + 300u + 1u);
    for (uint32_t k : {0u, 1u, 150u, 299u}) {
      const int u = pm.resolve(big, std::string("__local__.").append(fn(k)));
      ASSERT_GE(u, 0) << k;
      EXPECT_EQ(pm.unit(u).name, fn(k));
      EXPECT_EQ(pm.unit(u).line, 10 * k + 1);
    }
    EXPECT_EQ(pm.unit(pm.resolve(big, "__local__.f7")).line, 71u);  // the first def
    EXPECT_TRUE(pm.unit(pm.resolve(big, "__local__.Net")).is_class);
    EXPECT_EQ(pm.resolve(big, "__local__.f300"), -1);  // no such def
    EXPECT_EQ(pm.resolve(big, "__local__.f"), -1);     // a prefix of many is none of them
    // A scope lies in the def its first part names; module code elsewhere.
    EXPECT_EQ(pm.unit(pm.unit_of(big, "f123.inner")).name, "f123");
    EXPECT_TRUE(pm.is_module(pm.unit_of(big, "")));
    // Across files, through the import.
    const int f250 = pm.resolve(main, "pkg.big.f250");
    ASSERT_GE(f250, 0);
    EXPECT_EQ(pm.unit(f250).file, big);
    EXPECT_EQ(pm.unit(f250).name, "f250");
  }
}

}  // namespace
}  // namespace ascendify
