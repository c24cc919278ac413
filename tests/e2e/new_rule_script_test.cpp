// scripts/new-rule.sh, run on a copy of rules/ and scripts/: the skeleton it appends loads
// without a diagnostic for every match kind, its fixture is a file kind ascendify scans, the
// rule's test fails (`ruleid:` line not fired) until the TODOs are filled in and passes once
// they are; bad arguments are refused with a message.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "rule_fixture_corpus.hpp"
#include "source_shell.hpp"

namespace fs = std::filesystem;
using namespace ascendify;
using namespace ascendify::fixtures;

namespace {

struct Copy {
  fs::path root;
  Copy() {
    std::string t = (fs::temp_directory_path() / "ascendify-newrule-XXXXXX").string();
    root = ::mkdtemp(t.data());
    const fs::path src(ASCENDIFY_SOURCE_DIR);
    fs::create_directories(root / "scripts");
    fs::copy_file(src / "scripts/new-rule.sh", root / "scripts/new-rule.sh");
    fs::create_directories(root / "rules");
    for (const auto& e : fs::directory_iterator(src / "rules"))
      if (e.path().extension() == ".yaml")
        fs::copy_file(e.path(), root / "rules" / e.path().filename());
  }
  ~Copy() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  using Run = source_shell::ShellRun;
  Run run(const std::string& args) const {
    return source_shell::run_shell("bash '" + (root / "scripts/new-rule.sh").string() + "' " +
                                   args);
  }
  // The rules of rules/FILE.yaml alone, parsed as the loader does.
  rules::RuleSet load(const std::string& file, std::vector<Diagnostic>& diags) const {
    rules::RuleSet set;
    const fs::path p = root / "rules" / (file + ".yaml");
    set.add_yaml(p.string(), read_file(p), diags);
    set.finalize();
    return set;
  }
  void replace(const fs::path& rel, const std::string& from, const std::string& to) const {
    std::string text = read_file(root / rel);
    const size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from << " not in " << rel;
    text.replace(at, from.size(), to);
    std::ofstream(root / rel, std::ios::binary) << text;
  }
};

}  // namespace

TEST(NewRuleScript, SkeletonLoadsAndItsTestFailsUntilFilledIn) {
  Copy c;
  const auto r = c.run("device device.cuda-frobnicate");
  ASSERT_EQ(r.status, 0) << r.out;
  const fs::path fixture = "tests/fixtures/rules/device/cuda_frobnicate.py";
  EXPECT_NE(r.out.find(fixture.string()), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--gtest_filter='Rules/RuleFixture.device_cuda_frobnicate'"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("scripts/update-golden.sh rules"), std::string::npos) << r.out;

  std::vector<Diagnostic> diags;
  rules::RuleSet set = c.load("device", diags);
  for (const auto& d : diags) ADD_FAILURE() << d.path << ":" << d.line << ": " << d.message;
  const Rule* rule = set.find("device.cuda-frobnicate");
  ASSERT_NE(rule, nullptr);
  EXPECT_EQ(rule->match.kind, MatchKind::Reference);
  EXPECT_NE(rule->message.find("TODO"), std::string::npos);

  // As written, the rule's test fails on its `ruleid:` line.
  auto files = load_fixtures(set, c.root / "tests/fixtures/rules");
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].file.kind, FileKind::Python);
  EXPECT_TRUE(files[0].ann.errors.empty());
  const auto failures = line_failures(files, rule->id);
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_NE(failures[0].find("device/cuda_frobnicate.py:3: annotated `ruleid: "
                             "device.cuda-frobnicate`, but the rule does not fire there"),
            std::string::npos)
      << failures[0];

  // Filled in, it passes.
  c.replace("rules/device.yaml", "[TODO.qualified.name]", "[torch.cuda.frobnicate]");
  c.replace(fixture, "TODO_real_code_the_rule_must_fire_on()", "torch.cuda.frobnicate()");
  c.replace(fixture, "TODO_a_look_alike_it_must_not_fire_on()", "torch.npu.frobnicate()");
  c.replace(fixture, "replace the TODO lines with real code.", "\nimport torch");
  diags.clear();
  set = c.load("device", diags);
  EXPECT_TRUE(diags.empty());
  files = load_fixtures(set, c.root / "tests/fixtures/rules");
  EXPECT_TRUE(line_failures(files, "device.cuda-frobnicate").empty());
  ASSERT_EQ(files[0].findings.size(), 1u);
  EXPECT_EQ(files[0].findings[0].span.line, 4u);
}

// Every match kind gets a skeleton the loader accepts and a fixture of a kind ascendify scans
// (environment.yaml takes rules of any domain).
TEST(NewRuleScript, EveryKindLoads) {
  Copy c;
  const std::pair<const char*, const char*> kinds[] = {
      {"reference", "device.k-reference"}, {"import", "attention.k-import"},
      {"method", "precision.k-method"},    {"string", "device.k-string"},
      {"dependency", "dependency.k-dist"}, {"env", "distributed.k-env"},
      {"command", "device.k-command"},     {"image", "device.k-image"},
      {"native", "custom_op.k-native"}};
  for (const auto& [kind, id] : kinds) {
    const auto r = c.run(std::string("environment ") + id + " " + kind);
    EXPECT_EQ(r.status, 0) << kind << ": " << r.out;
  }
  std::vector<Diagnostic> diags;
  rules::RuleSet set = c.load("environment", diags);
  for (const auto& d : diags) ADD_FAILURE() << d.path << ":" << d.line << ": " << d.message;
  const auto files = load_fixtures(set, c.root / "tests/fixtures/rules");
  EXPECT_EQ(files.size(), std::size(kinds));
  for (const auto& [kind, id] : kinds) {
    const Rule* rule = set.find(id);
    ASSERT_NE(rule, nullptr) << id;
    EXPECT_EQ(line_failures(files, id).size(), 1u) << id;  // its `ruleid:` line, until filled in
  }
  for (const FixtureFile& f : files) {
    EXPECT_NE(f.file.kind, FileKind::Other) << f.rel;
    EXPECT_TRUE(f.ann.errors.empty()) << f.rel;
  }
}

TEST(NewRuleScript, RefusesBadArguments) {
  Copy c;
  struct Bad {
    const char* args;
    const char* says;
  };
  const Bad bad[] = {
      {"device", "usage: scripts/new-rule.sh FILE RULE-ID [KIND]"},
      {"gpu device.x", "rules/gpu.yaml does not exist"},
      {"device cuda-x", "the id must start with a domain"},
      {"device device.Bad_Slug", "slug of [a-z0-9][a-z0-9.-]*"},
      {"device attention.x", "it goes into rules/attention.yaml"},
      {"device device.cuda-empty-cache", "device.cuda-empty-cache already exists"},
      {"device device.x nonsense", "KIND is one of"},
  };
  const std::string before = read_file(c.root / "rules/device.yaml");
  for (const Bad& b : bad) {
    const auto r = c.run(b.args);
    EXPECT_NE(r.status, 0) << b.args;
    EXPECT_NE(r.out.find(b.says), std::string::npos) << b.args << ": " << r.out;
  }
  EXPECT_EQ(read_file(c.root / "rules/device.yaml"), before);
  EXPECT_FALSE(fs::exists(c.root / "tests/fixtures/rules/device/x.py"));
  // A second run with the same id is refused too.
  ASSERT_EQ(c.run("device device.cuda-new").status, 0);
  const auto again = c.run("device device.cuda-new");
  EXPECT_NE(again.status, 0);
  EXPECT_NE(again.out.find("already exists"), std::string::npos) << again.out;
}
