#include "assess/dependencies.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>

#include "core/string_hash.hpp"
#include "core/text.hpp"
#include "core/use_digest.hpp"

namespace ascendify::assess {

namespace {

// Top-level package of a module path: "flash_attn.bert_padding" -> "flash_attn".
std::string_view top_level(std::string_view module) {
  return module.substr(0, module.find('.'));
}

}  // namespace

// Modules of the scanned project itself (top-level packages and modules), so that
// `import vidit.x` is not taken for a third-party dependency.
std::set<std::string> local_modules(const ScannedFiles& files) {
  std::set<std::string> out;
  for (const auto& f : files) {
    const std::string& p = f.file.rel_path;
    if (f.file.kind != FileKind::Python) continue;
    std::string_view rel = p;
    for (std::string_view prefix : {"src/", "lib/", "python/"})
      if (rel.substr(0, prefix.size()) == prefix) rel.remove_prefix(prefix.size());
    std::string first(rel.substr(0, rel.find('/')));
    if (first.size() > 3 && first.ends_with(".py")) first.resize(first.size() - 3);
    out.insert(first);
  }
  return out;
}

std::string own_import_name(std::string_view dist) {
  std::string own(dist);
  std::replace_if(
      own.begin(), own.end(), [](char c) { return c == '-' || c == '.'; }, '_');
  return own;
}

namespace {

// The passes of dependency_rows: the declared distributions' import names; each file's
// declarations and third-party imports; the imported but undeclared distributions; each row's
// status from the knowledge base.
class DependencyTable {
 public:
  DependencyTable(const ScannedFiles& files, const rules::RuleSet& rules)
      : files_(files), rules_(rules), locals_(local_modules(files)) {}

  std::vector<DependencyRow> run() {
    map_declared_imports();
    UseDigest scratch;  // digests built here when not stored (facts that were not slimmed)
    for (const auto& f : files_) {
      add_declarations(f);
      add_imports(f, uses_of(f.facts, scratch));
    }
    add_undeclared();
    return finished_rows();
  }

 private:
  // Imports map to a declared distribution first (opencv-python-headless declares cv2 as
  // well as opencv-python does), else to the knowledge base's distribution for the import. A
  // declared distribution the knowledge base does not know is taken to be imported under its
  // own name (colossalai, mmengine; '-' and '.' read as '_'), so that the report does not call
  // it unused while the code imports it.
  void map_declared_imports() {
    for (const auto& f : files_)
      for (const auto& fact : f.facts.facts)
        if (fact.kind == FactKind::Dependency) {
          if (const Rule* r = rules_.dependency_by_dist(fact.name)) {
            for (const auto& imp : r->match.import_names)
              declared_import_.try_emplace(imp, fact.name);
          } else {
            declared_by_own_name_.try_emplace(own_import_name(fact.name), fact.name);
          }
        }
  }

  // The distribution a top-level import name stands for (null: none), once per name: a tree
  // imports the same few packages tens of thousands of times.
  const std::string* dist_of(std::string_view top) {
    auto it = dist_memo_.find(top);
    if (it == dist_memo_.end()) {
      std::optional<std::string> dist;
      if (!top.empty() && !locals_.count(std::string(top))) {
        if (auto d = declared_import_.find(std::string(top)); d != declared_import_.end()) {
          dist = d->second;
        } else if (const Rule* rule = rules_.dependency_by_import(top)) {
          dist = rule->match.names.empty() ? std::string(top) : rule->match.names.front();
        } else if (auto o = declared_by_own_name_.find(std::string(top));
                   o != declared_by_own_name_.end()) {
          dist = o->second;  // last: the knowledge base's mapping of an import wins
        }
      }
      it = dist_memo_.emplace(std::string(top), std::move(dist)).first;
    }
    return it->second ? &*it->second : nullptr;
  }

  // A manifest's declared distributions: one row each (the first declaration's spec and
  // source; guarded when every declaration is).
  void add_declarations(const ScannedFile& f) {
    for (const auto& fact : f.facts.facts) {
      if (fact.kind != FactKind::Dependency) continue;
      auto [it, inserted] = rows_.try_emplace(fact.name);
      DependencyRow& row = it->second;
      if (inserted) {
        row.name = fact.name;
        row.spec = fact.detail;
        row.source = f.file.rel_path + ":" + std::to_string(fact.span.line);
        row.guarded = fact.guarded;
      } else {
        if (row.spec.empty()) row.spec = fact.detail;
        row.guarded = row.guarded && fact.guarded;
      }
    }
  }

  void add_imports(const ScannedFile& f, const UseDigest& d) {
    for (const UseDigest::ImportSite& m : d.imports) {
      if (m.level > 0) continue;  // relative: the project's own module
      const std::string* dist = dist_of(top_level(d.str(m.detail ? m.detail : m.name)));
      if (!dist) continue;  // local, stdlib or unknown module: not a dependency we can name
      imported_dists_.insert(*dist);
      if (!first_import_site_.count(*dist))
        first_import_site_.emplace(*dist, f.file.rel_path + ":" + std::to_string(m.line));
      auto [g, fresh] = import_all_guarded_.try_emplace(*dist, m.guarded);
      if (!fresh) g->second = g->second && m.guarded;
    }
  }

  // Imported but never declared: still a dependency.
  void add_undeclared() {
    for (const auto& dist : imported_dists_) {
      if (rows_.count(dist)) continue;
      DependencyRow row;
      row.name = dist;
      row.source = "import:" + first_import_site_[dist];
      row.guarded = import_all_guarded_[dist];
      rows_.emplace(dist, row);
    }
  }

  std::vector<DependencyRow> finished_rows() {
    // Names of one distribution (torch and conda's pytorch) share its rule: an import of
    // either is an import of both.
    std::set<std::string> imported_rules;
    for (const auto& dist : imported_dists_)
      if (const Rule* r = rules_.dependency_by_dist(dist)) imported_rules.insert(r->id);
    std::vector<DependencyRow> out;
    for (auto& [name, row] : rows_) {
      const Rule* rule = rules_.dependency_by_dist(name);
      row.imported = imported_dists_.count(name) > 0 || (rule && imported_rules.count(rule->id));
      if (!row.imported && import_all_guarded_.count(name)) row.imported = true;
      if (rule) {
        row.rule_id = rule->id;
        row.status =
            rule->status == DependencyStatus::None ? DependencyStatus::Replace : rule->status;
        row.replacement = rule->replacement;
        row.replacement_zh = rule->replacement_zh;
        row.dev_tool = in_list(rule->tags, std::string("dev-tool"));
      } else {
        row.status = DependencyStatus::Compatible;
        row.replacement = "";
      }
      // Declared but imported by no scanned code: not involved in what runs. Build-time and
      // launcher packages (torch itself, deepspeed launcher) are still imported somewhere.
      if (!row.imported && row.source.rfind("import:", 0) != 0 && rule &&
          !rule->match.import_names.empty())
        row.status = DependencyStatus::NotInvolved;
      if (import_all_guarded_.count(name)) row.guarded = row.guarded || import_all_guarded_[name];
      out.push_back(std::move(row));
    }
    return out;
  }

  const ScannedFiles& files_;
  const rules::RuleSet& rules_;
  const std::set<std::string> locals_;
  std::map<std::string, std::string> declared_import_;       // top-level import -> dist
  std::map<std::string, std::string> declared_by_own_name_;  // own import name -> dist
  std::unordered_map<std::string, std::optional<std::string>, StringViewHash, std::equal_to<>>
      dist_memo_;
  std::map<std::string, DependencyRow> rows_;  // by normalized name
  std::set<std::string> imported_dists_;
  std::map<std::string, std::string> first_import_site_;  // dist -> "path:line"
  std::map<std::string, bool> import_all_guarded_;
};

}  // namespace

std::vector<DependencyRow> dependency_rows(const ScannedFiles& files, const rules::RuleSet& rules) {
  return DependencyTable(files, rules).run();
}

}  // namespace ascendify::assess
