// Every rule has an annotated fixture under tests/fixtures/rules/, and fires exactly on the
// lines annotated for it (semgrep style; grammar in rules/README.md, "Fixtures"):
//  - one test per rule, `Rules/RuleFixture.<id with . and - as _>`: the rule fires on each of
//    its `ruleid:` and `todook:` lines, on no other line of any fixture (so never on its `ok:`
//    and `todoruleid:` lines), and its findings (line, column, matched text, message,
//    replacement) equal its section of the reviewed snapshot tests/golden/rules/<domain>.txt;
//  - RuleFixtures.*: the rules load, every fixture is a file kind ascendify scans, the
//    annotations are well-formed and name known rules, every rule has a positive and a
//    look-alike;
//  - RuleSnapshots.*: the snapshot files are exactly what the fixtures give (and, with
//    ASCENDIFY_UPDATE_SNAPSHOTS=1, are rewritten: scripts/update-golden.sh rules).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "rule_fixture_corpus.hpp"

namespace fs = std::filesystem;
using namespace ascendify;
using namespace ascendify::fixtures;

namespace {

bool updating_snapshots() {
  const char* v = std::getenv("ASCENDIFY_UPDATE_SNAPSHOTS");
  return v && *v && std::string(v) != "0";
}

std::string show(const Lines& l) {
  std::string s;
  for (auto n : l) {
    if (!s.empty()) s += ',';
    s += std::to_string(n);
  }
  return "{" + s + "}";
}

// Derived rules (names under `ascendify.`) fire on call sites assess finds across files, never
// on one file: tests/e2e/wrappers_test.cpp holds their positive cases and look-alikes.
bool derived(const Rule& r) {
  return !r.match.names.empty() && r.match.names.front().starts_with("ascendify.");
}

// The sections of tests/golden/rules/<domain>.txt, read once per domain.
const std::map<std::string, std::string>& snapshot_sections(std::string_view domain) {
  static std::map<std::string, std::map<std::string, std::string>> cache;
  auto [it, fresh] = cache.try_emplace(std::string(domain));
  if (fresh) {
    const fs::path p = snapshot_dir() / (std::string(domain) + ".txt");
    if (fs::exists(p)) it->second = parse_snapshot(read_file(p));
  }
  return it->second;
}

class RuleFixture : public testing::Test {
 public:
  explicit RuleFixture(std::string id) : id_(std::move(id)) {}
  void TestBody() override;

 private:
  std::string id_;
};

void RuleFixture::TestBody() {
  const Corpus& c = corpus();
  const Rule* rule = c.set.find(id_);
  ASSERT_NE(rule, nullptr) << id_;
  if (derived(*rule)) {
    EXPECT_NE(read_file(fs::path(ASCENDIFY_SOURCE_DIR) / "tests/e2e/wrappers_test.cpp").find(id_),
              std::string::npos)
        << id_ << ": a derived rule needs its case in tests/e2e/wrappers_test.cpp";
  }
  for (const std::string& e : line_failures(c.files, id_)) ADD_FAILURE() << e;
  if (updating_snapshots()) return;
  const std::string domain(to_string(rule->domain));
  const auto& sections = snapshot_sections(domain);
  const auto it = sections.find(id_);
  const std::string now = snapshot_section(c, *rule);
  if (it == sections.end()) {
    ADD_FAILURE() << "tests/golden/rules/" << domain << ".txt has no section [" << id_
                  << "]; run scripts/update-golden.sh rules and review it:\n"
                  << now;
    return;
  }
  // The diff reads like git's: `-` the reviewed snapshot, `+` what the rule gives now.
  const std::string& snapshot = it->second;
  EXPECT_EQ(snapshot, now) << "the findings of " << id_
                           << " differ from its reviewed snapshot in tests/golden/rules/" << domain
                           << ".txt; when the change is intended, run scripts/update-golden.sh "
                              "rules and review the diff";
}

// Names of the registered per-rule tests that two rule ids share (must stay empty).
std::map<std::string, std::vector<std::string>>& name_clashes() {
  static std::map<std::string, std::vector<std::string>> m;
  return m;
}

// One test per rule, registered before main runs (gtest's RegisterTest; no value parameter, so
// the name gtest lists, and ctest shows, is the rule's).
const size_t kRegistered = [] {
  std::vector<Diagnostic> diags;
  rules::RuleSet set = rules::load_rules({}, diags);
  std::map<std::string, std::string> taken;
  for (const Rule& r : set.all()) {
    std::string name = test_name(r.id);
    if (auto [it, fresh] = taken.emplace(name, r.id); !fresh) {
      name_clashes()[name] = {it->second, r.id};
      name += "_" + std::to_string(taken.size());
    }
    testing::RegisterTest("Rules/RuleFixture", name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                          [id = r.id]() -> testing::Test* { return new RuleFixture(id); });
  }
  return set.all().size();
}();

}  // namespace

TEST(RuleFixtures, OneTestPerRule) {
  EXPECT_EQ(kRegistered, corpus().set.all().size());
  EXPECT_GT(kRegistered, 400u);
  for (const auto& [name, ids] : name_clashes())
    ADD_FAILURE() << "rules " << ids[0] << " and " << ids[1] << " give one test name " << name;
}

TEST(RuleFixtures, RulesLoadWithoutDiagnostics) {
  for (const auto& d : corpus().rule_diagnostics)
    ADD_FAILURE() << d.path << ":" << d.line << ": " << d.message;
  EXPECT_FALSE(corpus().set.all().empty());
}

TEST(RuleFixtures, EveryFixtureIsAFileKindAscendifyScans) {
  ASSERT_TRUE(fs::is_directory(fixtures_root())) << fixtures_root();
  ASSERT_FALSE(corpus().files.empty());
  for (const FixtureFile& f : corpus().files)
    if (f.file.kind == FileKind::Other)
      ADD_FAILURE() << f.rel << ": not a file kind ascendify scans (rename the fixture)";
}

TEST(RuleFixtures, AnnotationsAreWellFormedAndNameKnownRules) {
  const Corpus& c = corpus();
  for (const FixtureFile& f : c.files) {
    for (const auto& e : f.ann.errors) ADD_FAILURE() << f.rel << ":" << e;
    for (const ByRule* m : {&f.ann.ruleid, &f.ann.ok, &f.ann.todoruleid, &f.ann.todook})
      for (const auto& [id, lines] : *m)
        if (!c.set.find(id))
          ADD_FAILURE() << f.rel << ":" << *lines.begin() << ": annotation names unknown rule "
                        << id;
  }
}

// The guarantee the per-rule tests rest on: a rule that fires on no fixture line, or has no
// look-alike, would pass them vacuously. A `todoruleid:` is no positive.
TEST(RuleFixtures, EveryRuleHasAPositiveAndALookAlike) {
  const Corpus& c = corpus();
  for (const Rule& r : c.set.all()) {
    if (derived(r)) continue;  // their cases are in tests/e2e/wrappers_test.cpp
    const bool compatible = r.status == DependencyStatus::Compatible;
    if (!compatible && !c.has_ruleid.count(r.id))
      ADD_FAILURE() << r.id << " (" << r.source << "): no fixture line annotated `ruleid: " << r.id
                    << "` under tests/fixtures/rules/";
    if (!c.has_ok.count(r.id))
      ADD_FAILURE() << r.id << " (" << r.source << "): no look-alike annotated `ok: " << r.id
                    << "` under tests/fixtures/rules/";
    if (compatible && c.has_ruleid.count(r.id))
      ADD_FAILURE() << r.id << ": a status compatible rule never fires; use only `ok:`";
  }
}

// The per-rule tests compare sections; this compares (or, when updating, writes) whole files,
// so that a removed rule's section or a stray file fails too.
TEST(RuleSnapshots, FilesHoldExactlyTheFindingsOfTheFixtures) {
  const Corpus& c = corpus();
  std::set<std::string> domains;
  for (const Rule& r : c.set.all()) domains.insert(std::string(to_string(r.domain)));
  const fs::path dir = snapshot_dir();
  if (updating_snapshots()) fs::create_directories(dir);
  for (const std::string& d : domains) {
    const fs::path p = dir / (d + ".txt");
    const std::string want = snapshot_file(c, d);
    if (updating_snapshots()) {
      std::ofstream(p, std::ios::binary) << want;
      continue;
    }
    ASSERT_TRUE(fs::exists(p)) << p << " is missing: run scripts/update-golden.sh rules";
    EXPECT_TRUE(read_file(p) == want)
        << p << " differs from the findings of the fixtures: run scripts/update-golden.sh rules "
        << "and review the diff (the per-rule tests name the rules that changed)";
  }
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (!domains.count(e.path().stem().string()) || e.path().extension() != ".txt")
        ADD_FAILURE() << e.path() << ": not the snapshot of a domain; remove it";
}

TEST(AnnotationGrammar, KindsReasonsAndStacking) {
  const Annotations a = parse_annotations(
      "# ruleid: a.x, a.y\n"
      "// ok: a.z\n"
      "line3()\n"
      "\n"
      "# todoruleid: a.x -- not seen through getattr yet\n"
      "line6()\n"
      "    # todook: a.y -- a comment-like string\n"
      "line8()\n");
  EXPECT_TRUE(a.errors.empty());
  EXPECT_EQ(show(lines_of(a.ruleid, "a.x")), "{3}");
  EXPECT_EQ(show(lines_of(a.ruleid, "a.y")), "{3}");
  EXPECT_EQ(show(lines_of(a.ok, "a.z")), "{3}");
  EXPECT_EQ(show(lines_of(a.todoruleid, "a.x")), "{6}");
  EXPECT_EQ(show(lines_of(a.todook, "a.y")), "{8}");
  EXPECT_EQ(reason_of(a, "a.x", 6), " (not seen through getattr yet)");
  EXPECT_EQ(reason_of(a, "a.x", 3), "");
}

TEST(AnnotationGrammar, MistakesAreErrors) {
  EXPECT_EQ(parse_annotations("# todoruleid: a.x\nf()\n").errors.size(), 1u);  // no reason
  EXPECT_EQ(parse_annotations("# todook: a.x\nf()\n").errors.size(), 1u);
  EXPECT_EQ(parse_annotations("# ruleid:\nf()\n").errors.size(), 1u);  // no rule
  EXPECT_EQ(parse_annotations("f()\n# ok: a.x\n").errors.size(), 1u);  // describes nothing
  EXPECT_EQ(parse_annotations("# ruleid: a.x\n# ok: a.x\nf()\n").errors.size(), 1u);
  EXPECT_TRUE(parse_annotations("# ruleid: a.x -- optional reason\nf()\n").errors.empty());
  EXPECT_EQ(parse_annotations("# todo: a.x\nf()\n").errors.size(), 1u);  // no note
  EXPECT_EQ(parse_annotations("# todo: a.x, a.y -- n\nf()\n").errors.size(), 1u);
  // A note goes with any verdict on its line.
  const Annotations a = parse_annotations("# ruleid: a.x\n# todo: a.x -- col 3\nf()\n");
  EXPECT_TRUE(a.errors.empty());
  EXPECT_EQ(a.notes.at("a.x").at(3), "col 3");
}

TEST(RuleSnapshots, SectionsParseBackToWhatWasWritten) {
  const Corpus& c = corpus();
  const Rule* r = c.set.find("device.cuda-empty-cache");
  ASSERT_NE(r, nullptr);
  const std::string section = snapshot_section(c, *r);
  EXPECT_NE(section.find("\n  message: "), std::string::npos) << section;
  const auto parsed = parse_snapshot(snapshot_file(c, "device"));
  ASSERT_TRUE(parsed.count(r->id));
  EXPECT_EQ(parsed.at(r->id), section);
}

namespace {

FixtureFile fixture_with(std::string_view text, const std::string& rule,
                         const std::vector<uint32_t>& fired) {
  FixtureFile f;
  f.rel = "x/model.py";
  f.ann = parse_annotations(text);
  for (uint32_t n : fired) {
    Finding x;
    x.rule_id = rule;
    x.span.line = n;
    f.findings.push_back(x);
  }
  return f;
}

}  // namespace

// A known miss passes while the rule stays silent and fails, asking for promotion, once it
// fires; a known false positive the other way round.
TEST(AnnotationGrammar, TodoAnnotationsHoldWhileTheGapStandsAndFailWhenItCloses) {
  const char* text =
      "# ruleid: d.r\n"                      // 1
      "hit()\n"                              // 2
      "# todoruleid: d.r -- not seen yet\n"  // 3
      "missed()\n"                           // 4
      "# todook: d.r -- looks like a hit\n"  // 5
      "wrong()\n"                            // 6
      "# ok: d.r\n"                          // 7
      "fine()\n";                            // 8
  EXPECT_TRUE(line_failures({fixture_with(text, "d.r", {2, 6})}, "d.r").empty());
  const auto fixed_miss = line_failures({fixture_with(text, "d.r", {2, 4, 6})}, "d.r");
  ASSERT_EQ(fixed_miss.size(), 1u);
  EXPECT_NE(fixed_miss[0].find("x/model.py:4: annotated `todoruleid: d.r` (not seen yet), and the "
                               "rule fires there now"),
            std::string::npos)
      << fixed_miss[0];
  EXPECT_NE(fixed_miss[0].find("promote the annotation to `ruleid:`"), std::string::npos);
  const auto fixed_fp = line_failures({fixture_with(text, "d.r", {2})}, "d.r");
  ASSERT_EQ(fixed_fp.size(), 1u);
  EXPECT_NE(fixed_fp[0].find("x/model.py:6: annotated `todook: d.r`"), std::string::npos);
  EXPECT_NE(fixed_fp[0].find("promote the annotation to `ok:`"), std::string::npos);
  const auto on_ok = line_failures({fixture_with(text, "d.r", {2, 6, 8})}, "d.r");
  ASSERT_EQ(on_ok.size(), 1u);
  EXPECT_NE(on_ok[0].find(":8: the rule fires on a look-alike"), std::string::npos);
  const auto silent = line_failures({fixture_with(text, "d.r", {6})}, "d.r");
  ASSERT_EQ(silent.size(), 1u);
  EXPECT_NE(silent[0].find(":2: annotated `ruleid: d.r`, but the rule does not fire"),
            std::string::npos);
  EXPECT_EQ(line_failures({fixture_with(text, "d.r", {1, 2, 6})}, "d.r").size(), 1u);
  // A `todo:` note stands while its rule fires on its line.
  const std::string noted = std::string(text) + "# ok: d.r\n# todo: d.r -- col 9\nfine2()\n";
  const auto stale = line_failures({fixture_with(noted, "d.r", {2, 6})}, "d.r");
  ASSERT_EQ(stale.size(), 1u);
  EXPECT_NE(stale[0].find(":11: a `todo: d.r` note on a line where the rule does not fire"),
            std::string::npos)
      << stale[0];
}
