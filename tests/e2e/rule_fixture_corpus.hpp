#pragma once
// The rule fixtures of tests/fixtures/rules/ (grammar in rules/README.md, "Fixtures"): their
// annotations, and the findings the real front ends and matcher give on them, computed once per
// process for the per-rule tests of rule_fixtures_test.cpp. Also the per-domain snapshot text
// of tests/golden/rules/<domain>.txt.
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/finding.hpp"
#include "core/source_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::fixtures {

using Lines = std::set<uint32_t>;

// One annotation kind: rule id -> the lines it describes.
using ByRule = std::map<std::string, Lines>;

struct Annotations {
  ByRule ruleid;      // must fire here
  ByRule ok;          // a look-alike: must not fire here
  ByRule todoruleid;  // should fire but does not yet (a known miss)
  ByRule todook;      // fires but should not (a known false positive)
  // rule id -> line -> the reason after ` -- ` (todo annotations must give one)
  std::map<std::string, std::map<uint32_t, std::string>> reasons;
  // `# todo: RULE -- note`: rule id -> line -> what is wrong with its finding there (column,
  // message, replacement), shown in the snapshot under that finding until it is fixed
  std::map<std::string, std::map<uint32_t, std::string>> notes;
  std::vector<std::string> errors;  // "LINE: what is wrong"
};

// `# ruleid: a, b` / `// ok: a` / `# todoruleid: a -- why` / `# todook: a -- why` /
// `# todo: a -- note` comment lines describe the next line that is neither blank nor an
// annotation.
Annotations parse_annotations(std::string_view text);

struct FixtureFile {
  std::string rel;  // relative to tests/fixtures/rules, '/'-separated ("attention/attn.py")
  SourceFile file;
  std::string text;
  Annotations ann;
  std::vector<Finding> findings;  // the matcher's, in Finding order
};

struct Corpus {
  rules::RuleSet set;
  std::vector<Diagnostic> rule_diagnostics;
  std::vector<FixtureFile> files;  // sorted by rel
  std::set<std::string> has_ruleid, has_ok;
};

std::filesystem::path fixtures_root();  // ASCENDIFY_SOURCE_DIR/tests/fixtures/rules
std::filesystem::path snapshot_dir();   // ASCENDIFY_SOURCE_DIR/tests/golden/rules

// The embedded rules and every fixture file, analysed and matched (once per process).
const Corpus& corpus();

// Findings of `set` on the fixtures below `root` (the corpus above, or a temporary copy).
std::vector<FixtureFile> load_fixtures(const rules::RuleSet& set,
                                       const std::filesystem::path& root);

const Lines& lines_of(const ByRule& m, const std::string& id);
// " (reason)" of the annotation of `id` on `line`, "" without one.
std::string reason_of(const Annotations& a, const std::string& id, uint32_t line);

// What is wrong with rule `id` on `files`: a line annotated `ruleid:` (or `todook:`) where it
// does not fire, a line it fires on without `ruleid:` or `todook:` (an `ok:` look-alike, a
// `todoruleid:` known miss that now fires, an unannotated line), a `todo:` note on a line it
// does not fire on. One message each; empty: ok.
std::vector<std::string> line_failures(const std::vector<FixtureFile>& files,
                                       const std::string& id);

// The gtest name of a rule's test: '.' and '-' become '_' ("attention_flash_attn_func").
std::string test_name(std::string_view rule_id);

// The snapshot section of one rule: "[id]" then, per finding, "path:line:col `match`" and its
// message, replacement and `todo:` note (if any) on indented lines; "  (no finding)" when it
// fires nowhere.
std::string snapshot_section(const Corpus& c, const Rule& rule);

// The whole snapshot file of a domain: a header, then the sections of its rules in load order.
std::string snapshot_file(const Corpus& c, std::string_view domain);

// The sections of a snapshot file, by rule id (what snapshot_section gives for each).
std::map<std::string, std::string> parse_snapshot(std::string_view text);

std::string read_file(const std::filesystem::path& p);

}  // namespace ascendify::fixtures
