#include "rule_fixture_corpus.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/text.hpp"
#include "discover/discover.hpp"
#include "match/matcher.hpp"
#include "pipeline/scan.hpp"

namespace fs = std::filesystem;

namespace ascendify::fixtures {

namespace {

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

struct Kind {
  std::string_view tag;
  ByRule Annotations::*lines;
  bool todo;
};

// Longest tags first: "todoruleid:" must not read as a rule named "ruleid: ...".
constexpr Kind kKinds[] = {{"todoruleid:", &Annotations::todoruleid, true},
                           {"todook:", &Annotations::todook, true},
                           {"ruleid:", &Annotations::ruleid, false},
                           {"ok:", &Annotations::ok, false}};

// A message or replacement on one snapshot line, whatever the text holds.
std::string one_line(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else
      out.push_back(c);
  }
  return out;
}

}  // namespace

Annotations parse_annotations(std::string_view text) {
  Annotations a;
  LineIndex index(text);
  struct Pending {
    const Kind* kind;
    std::string id, reason;
  };
  std::vector<Pending> pending;
  std::vector<std::pair<std::string, std::string>> pending_notes;
  for (uint32_t n = 1; n <= index.line_count(); ++n) {
    std::string_view line = trim(index.line(n));
    std::string_view body;
    if (line.substr(0, 1) == "#")
      body = trim(line.substr(1));
    else if (line.substr(0, 2) == "//")
      body = trim(line.substr(2));
    const Kind* kind = nullptr;
    for (const Kind& k : kKinds)
      if (body.substr(0, k.tag.size()) == k.tag) {
        kind = &k;
        break;
      }
    if (!kind && body.substr(0, 5) == "todo:") {
      std::string_view rest = body.substr(5);
      const size_t dash = rest.find(" -- ");
      std::vector<std::string> list = split_ids(rest.substr(0, dash));
      std::string note =
          dash == std::string_view::npos ? "" : std::string(trim(rest.substr(dash + 4)));
      if (list.size() != 1 || note.empty())
        a.errors.push_back(std::to_string(n) + ": `todo:` names one rule, then ` -- ` and a note");
      else
        pending_notes.emplace_back(std::move(list[0]), std::move(note));
      continue;
    }
    if (kind) {
      std::string_view ids = body.substr(kind->tag.size());
      std::string reason;
      if (size_t dash = ids.find(" -- "); dash != std::string_view::npos) {
        reason = std::string(trim(ids.substr(dash + 4)));
        ids = ids.substr(0, dash);
      }
      const std::string where = std::to_string(n) + ": `" + std::string(kind->tag) + "` ";
      if (kind->todo && reason.empty())
        a.errors.push_back(where + "needs a reason after ` -- ` (what is missing, or wrong)");
      std::vector<std::string> list = split_ids(ids);
      if (list.empty()) a.errors.push_back(where + "names no rule");
      for (auto& id : list) pending.push_back({kind, std::move(id), reason});
      continue;
    }
    if (line.empty()) continue;
    for (Pending& p : pending) {
      (a.*(p.kind->lines))[p.id].insert(n);
      if (!p.reason.empty()) a.reasons[p.id][n] = p.reason;
    }
    for (auto& [id, note] : pending_notes) a.notes[id][n] = std::move(note);
    pending.clear();
    pending_notes.clear();
  }
  if (!pending.empty() || !pending_notes.empty())
    a.errors.push_back("annotation at end of file describes no line");
  // One line, one verdict per rule: `ruleid` and `ok` (or a todo) on the same line contradict.
  std::map<std::string, std::map<uint32_t, int>> seen;
  for (const Kind& k : kKinds)
    for (const auto& [id, lines] : a.*(k.lines))
      for (uint32_t n : lines)
        if (++seen[id][n] == 2)
          a.errors.push_back(std::to_string(n) + ": more than one annotation kind for " + id);
  return a;
}

fs::path fixtures_root() {
  return fs::path(ASCENDIFY_SOURCE_DIR) / "tests/fixtures/rules";
}

fs::path snapshot_dir() {
  return fs::path(ASCENDIFY_SOURCE_DIR) / "tests/golden/rules";
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream b;
  b << in.rdbuf();
  return b.str();
}

std::vector<FixtureFile> load_fixtures(const rules::RuleSet& set, const fs::path& root) {
  std::vector<fs::path> paths;
  if (fs::is_directory(root))
    for (const auto& e : fs::recursive_directory_iterator(root))
      if (e.is_regular_file()) paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  std::vector<FixtureFile> out;
  for (const fs::path& p : paths) {
    FixtureFile f;
    f.rel = fs::relative(p, root).generic_string();
    f.file = SourceFile{f.rel, p.string(), discover::classify(f.rel), fs::file_size(p)};
    f.text = read_file(p);
    f.ann = parse_annotations(f.text);
    if (f.file.kind != FileKind::Other) {
      FileFacts facts = pipeline::analyze_file(f.file, f.text);
      f.findings = match::match_file(set, f.file, f.text, facts);
    }
    out.push_back(std::move(f));
  }
  return out;
}

const Lines& lines_of(const ByRule& m, const std::string& id) {
  static const Lines kNone;
  auto it = m.find(id);
  return it == m.end() ? kNone : it->second;
}

std::string reason_of(const Annotations& a, const std::string& id, uint32_t line) {
  auto it = a.reasons.find(id);
  if (it == a.reasons.end()) return "";
  auto jt = it->second.find(line);
  return jt == it->second.end() ? "" : " (" + jt->second + ")";
}

std::vector<std::string> line_failures(const std::vector<FixtureFile>& files,
                                       const std::string& id) {
  std::vector<std::string> out;
  for (const FixtureFile& f : files) {
    Lines got;
    for (const Finding& x : f.findings)
      if (x.rule_id == id) got.insert(x.span.line);
    const Annotations& a = f.ann;
    const Lines& hit = lines_of(a.ruleid, id);
    const Lines& ok = lines_of(a.ok, id);
    const Lines& miss = lines_of(a.todoruleid, id);
    const Lines& false_pos = lines_of(a.todook, id);
    auto at = [&](uint32_t n) { return f.rel + ":" + std::to_string(n) + ": "; };
    for (uint32_t n : hit)
      if (!got.count(n))
        out.push_back(at(n) + "annotated `ruleid: " + id + "`, but the rule does not fire there");
    for (uint32_t n : false_pos)
      if (!got.count(n))
        out.push_back(at(n) + "annotated `todook: " + id + "`" + reason_of(a, id, n) +
                      ", and the rule no longer fires there: the false positive is fixed, "
                      "promote the annotation to `ok:`");
    if (auto it = a.notes.find(id); it != a.notes.end())
      for (const auto& [n, note] : it->second)
        if (!got.count(n))
          out.push_back(at(n) + "a `todo: " + id +
                        "` note on a line where the rule does not fire: remove the note");
    for (uint32_t n : got) {
      if (hit.count(n) || false_pos.count(n)) continue;
      if (miss.count(n))
        out.push_back(at(n) + "annotated `todoruleid: " + id + "`" + reason_of(a, id, n) +
                      ", and the rule fires there now: the known miss is fixed, promote the "
                      "annotation to `ruleid:` (and update the snapshot)");
      else if (ok.count(n))
        out.push_back(at(n) + "the rule fires on a look-alike annotated `ok: " + id + "`");
      else
        out.push_back(at(n) + "the rule fires on a line not annotated for it (add `ruleid: " + id +
                      "` above it, or fix the rule)");
    }
  }
  return out;
}

const Corpus& corpus() {
  static const Corpus* c = [] {
    auto* c = new Corpus;
    c->set = rules::load_rules({}, c->rule_diagnostics);
    c->files = load_fixtures(c->set, fixtures_root());
    for (const FixtureFile& f : c->files) {
      for (const auto& [id, l] : f.ann.ruleid) c->has_ruleid.insert(id);
      for (const auto& [id, l] : f.ann.ok) c->has_ok.insert(id);
    }
    return c;
  }();
  return *c;
}

std::string test_name(std::string_view rule_id) {
  std::string s(rule_id);
  for (char& ch : s)
    if (ch == '.' || ch == '-') ch = '_';
  return s;
}

std::string snapshot_section(const Corpus& c, const Rule& rule) {
  std::string s = "[" + rule.id + "]\n";
  size_t n = 0;
  for (const FixtureFile& f : c.files)
    for (const Finding& x : f.findings) {
      if (x.rule_id != rule.id) continue;
      ++n;
      s += f.rel + ":" + std::to_string(x.span.line) + ":" + std::to_string(x.span.col) + " `" +
           one_line(x.match) + "`\n";
      s += "  message: " + one_line(x.message) + "\n";
      s += "  replacement: " + (x.replacement.empty() ? "-" : one_line(x.replacement)) + "\n";
      if (auto it = f.ann.notes.find(rule.id); it != f.ann.notes.end())
        if (auto jt = it->second.find(x.span.line); jt != it->second.end())
          s += "  todo: " + one_line(jt->second) + "\n";
    }
  if (n == 0) s += "  (no finding)\n";
  return s;
}

std::string snapshot_file(const Corpus& c, std::string_view domain) {
  std::string s =
      "# Findings of the " + std::string(domain) +
      " rules on tests/fixtures/rules/: per rule, each finding as\n"
      "# path:line:column `matched text`, then its message and replacement. Compared by\n"
      "# tests/e2e/rule_fixtures_test.cpp; regenerate with `scripts/update-golden.sh rules` and\n"
      "# review the diff (a snapshot is a reviewed output, not whatever the code prints).\n";
  for (const Rule& r : c.set.all()) {
    if (to_string(r.domain) != domain) continue;
    s += '\n';
    s += snapshot_section(c, r);
  }
  return s;
}

std::map<std::string, std::string> parse_snapshot(std::string_view text) {
  std::map<std::string, std::string> out;
  std::string* cur = nullptr;
  LineIndex index(text);
  for (uint32_t n = 1; n <= index.line_count(); ++n) {
    std::string_view line = index.line(n);
    if (line.starts_with("[") && line.ends_with("]")) {
      cur = &out[std::string(line.substr(1, line.size() - 2))];
      cur->clear();
    } else if (line.empty() || line.starts_with("#")) {
      continue;
    } else if (!cur) {
      continue;
    }
    *cur += line;
    *cur += '\n';
  }
  return out;
}

}  // namespace ascendify::fixtures
