// Every rule has an annotated fixture under tests/fixtures/rules/, and fires exactly on the
// lines annotated `ruleid:` (semgrep style; format in rules/README.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "core/text.hpp"
#include "discover/discover.hpp"
#include "match/matcher.hpp"
#include "pipeline/scan.hpp"
#include "rules/ruleset.hpp"

namespace fs = std::filesystem;
using namespace ascendify;

namespace {

using Lines = std::set<uint32_t>;

struct Annotations {
  std::map<std::string, Lines> ruleid;  // rule -> lines where it must fire
  std::map<std::string, Lines> ok;      // rule -> look-alike lines where it must not
  std::vector<std::string> errors;
};

std::vector<std::string> split_ids(std::string_view s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    if (comma == std::string_view::npos) comma = s.size();
    std::string_view id = trim(s.substr(start, comma - start));
    if (!id.empty()) out.emplace_back(id);
    start = comma + 1;
  }
  return out;
}

// `# ruleid: a, b` / `// ok: a` lines apply to the next non-blank, non-annotation line.
Annotations parse_annotations(std::string_view text) {
  Annotations a;
  LineIndex index(text);
  std::vector<std::string> pending_hit, pending_ok;
  for (uint32_t n = 1; n <= index.line_count(); ++n) {
    std::string_view line = trim(index.line(n));
    std::string_view body;
    if (line.substr(0, 1) == "#")
      body = trim(line.substr(1));
    else if (line.substr(0, 2) == "//")
      body = trim(line.substr(2));
    if (body.substr(0, 7) == "ruleid:") {
      for (auto& id : split_ids(body.substr(7))) pending_hit.push_back(id);
      continue;
    }
    if (body.substr(0, 3) == "ok:") {
      for (auto& id : split_ids(body.substr(3))) pending_ok.push_back(id);
      continue;
    }
    if (line.empty()) continue;
    for (auto& id : pending_hit) a.ruleid[id].insert(n);
    for (auto& id : pending_ok) a.ok[id].insert(n);
    pending_hit.clear();
    pending_ok.clear();
  }
  if (!pending_hit.empty() || !pending_ok.empty())
    a.errors.push_back("annotation at end of file describes no line");
  return a;
}

std::string show(const Lines& l) {
  std::string s;
  for (auto n : l) {
    if (!s.empty()) s += ',';
    s += std::to_string(n);
  }
  return "{" + s + "}";
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream b;
  b << in.rdbuf();
  return b.str();
}

}  // namespace

TEST(RuleFixtures, EveryRuleFiresExactlyOnItsAnnotatedLines) {
  std::vector<Diagnostic> diags;
  rules::RuleSet set = rules::load_rules({}, diags);
  for (const auto& d : diags) ADD_FAILURE() << d.path << ":" << d.line << ": " << d.message;
  ASSERT_FALSE(set.all().empty());

  const fs::path root = fs::path(ASCENDIFY_SOURCE_DIR) / "tests/fixtures/rules";
  ASSERT_TRUE(fs::is_directory(root)) << root;
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());

  std::set<std::string> has_hit, has_ok;
  for (const fs::path& p : files) {
    const std::string rel = fs::relative(p, root).generic_string();
    SourceFile file{rel, p.string(), discover::classify(rel), fs::file_size(p)};
    if (file.kind == FileKind::Other) {
      ADD_FAILURE() << rel << ": not a file kind ascendify scans (rename the fixture)";
      continue;
    }
    const std::string text = read(p);
    Annotations ann = parse_annotations(text);
    for (const auto& e : ann.errors) ADD_FAILURE() << rel << ": " << e;
    for (const auto* m : {&ann.ruleid, &ann.ok})
      for (const auto& [id, lines] : *m)
        if (!set.find(id)) ADD_FAILURE() << rel << ": annotation names unknown rule " << id;
    for (const auto& [id, lines] : ann.ruleid) has_hit.insert(id);
    for (const auto& [id, lines] : ann.ok) has_ok.insert(id);

    FileFacts facts = pipeline::analyze_file(file, text);
    std::map<std::string, Lines> fired;
    for (const Finding& f : match::match_file(set, file, text, facts))
      fired[f.rule_id].insert(f.span.line);

    std::set<std::string> ids;
    for (const auto& [id, l] : fired) ids.insert(id);
    for (const auto& [id, l] : ann.ruleid) ids.insert(id);
    for (const std::string& id : ids) {
      const Lines want = ann.ruleid.count(id) ? ann.ruleid[id] : Lines{};
      const Lines got = fired.count(id) ? fired[id] : Lines{};
      EXPECT_EQ(show(got), show(want)) << rel << ": rule " << id << " fired on lines " << show(got)
                                       << ", annotated " << show(want);
    }
  }

  for (const Rule& r : set.all()) {
    // Derived rules (names under `ascendify.`) fire on call sites assess finds across files,
    // never on one file: tests/e2e/wrappers_test.cpp holds their positive cases and
    // look-alikes, and this checks that it names each of them.
    const bool derived = !r.match.names.empty() && r.match.names.front().starts_with("ascendify.");
    if (derived) {
      const std::string wrappers_test =
          read(fs::path(ASCENDIFY_SOURCE_DIR) / "tests/e2e/wrappers_test.cpp");
      const std::string domain(to_string(r.domain));
      EXPECT_NE(wrappers_test.find(r.id), std::string::npos)
          << r.id << ": a derived rule needs its case in tests/e2e/wrappers_test.cpp";
      continue;
    }
    const bool compatible = r.status == DependencyStatus::Compatible;
    if (!compatible && !has_hit.count(r.id))
      ADD_FAILURE() << r.id << " (" << r.source << "): no fixture line annotated `ruleid: " << r.id
                    << "` under tests/fixtures/rules/";
    if (!has_ok.count(r.id))
      ADD_FAILURE() << r.id << " (" << r.source << "): no look-alike annotated `ok: " << r.id
                    << "` under tests/fixtures/rules/";
    if (compatible && has_hit.count(r.id))
      ADD_FAILURE() << r.id << ": a status compatible rule never fires; use only `ok:`";
  }
}
