#include "assess/attribution.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "assess/kernels.hpp"

namespace ascendify::assess {

namespace {

bool is_manifest(FileKind k) {
  return k == FileKind::Requirements || k == FileKind::Pyproject || k == FileKind::SetupCfg ||
         k == FileKind::CondaEnv || k == FileKind::SetupPy;
}

std::string top_level(std::string_view dotted) {
  return std::string(dotted.substr(0, dotted.find('.')));
}

void add_unique(std::vector<std::string>& v, const std::string& s) {
  if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

}  // namespace

void attribute_phases(Assessment& a, const std::vector<ScannedFile>& files,
                      const ImportGraph& graph, const PhaseMap& pm, const rules::RuleSet& rules) {
  if (pm.phases.empty()) return;  // no entry point found: nothing is attributed or apart
  std::unordered_map<std::string, size_t> index;
  for (size_t i = 0; i < files.size(); ++i) index.emplace(files[i].file.rel_path, i);

  // Dependency rows: the phases whose reached files import the dependency.
  std::map<std::string, std::set<size_t>> phases_by_rule;  // dependency rule id -> phases
  for (size_t p = 0; p < pm.phases.size(); ++p)
    for (size_t i = 0; i < files.size(); ++i) {
      if (!pm.reached[p][i]) continue;
      for (const auto& imp : graph.external(static_cast<int>(i)))
        if (const Rule* r = rules.dependency_by_import(top_level(imp)))
          phases_by_rule[r->id].insert(p);
    }
  for (auto& d : a.dependencies) {
    d.phases.clear();
    auto it = phases_by_rule.find(d.rule_id);
    if (d.rule_id.empty() || it == phases_by_rule.end()) {
      const Rule* r = d.rule_id.empty() ? nullptr : rules.find(d.rule_id);
      if (r != nullptr && !r->match.import_names.empty()) d.status = "not-involved";
      continue;
    }
    for (size_t p : it->second) d.phases.push_back(pm.phases[p].name);
  }

  std::unordered_map<std::string_view, std::vector<size_t>> kernels_in;  // path -> rows
  for (size_t k = 0; k < a.kernels.size(); ++k) kernels_in[a.kernels[k].path].push_back(k);
  static const std::vector<size_t> kNone;

  std::set<std::string> unreached;
  a.unreached_findings = 0;
  // Findings come sorted by path: look each path up once.
  const std::string* last_path = nullptr;
  auto last_index = index.end();
  auto last_kernels = kernels_in.end();
  for (auto& f : a.findings) {
    f.phases.clear();
    if (!last_path || *last_path != f.path) {
      last_path = &f.path;
      last_index = index.find(f.path);
      last_kernels = kernels_in.find(f.path);
    }
    auto fi = last_index;
    if (fi == index.end()) {  // a finding without a scanned file: keep it in every phase
      for (const auto& p : pm.phases) f.phases.push_back(p.name);
      continue;
    }
    const size_t i = fi->second;
    if (f.domain == Domain::Dependency && is_manifest(files[i].file.kind)) {
      auto it = phases_by_rule.find(f.rule_id);
      if (it != phases_by_rule.end())
        for (size_t p : it->second) add_unique(f.phases, pm.phases[p].name);
    } else {
      const int k =
          kernel_of(a.kernels, last_kernels == kernels_in.end() ? kNone : last_kernels->second, f);
      for (size_t p = 0; p < pm.phases.size(); ++p) {
        if (!pm.reached[p][i]) continue;
        if (k >= 0 && a.kernels[static_cast<size_t>(k)].backward_only &&
            !pm.phases[p].needs_backward)
          continue;
        f.phases.push_back(pm.phases[p].name);
      }
    }
    // Keep report order of phases.
    std::vector<std::string> ordered;
    for (const auto& p : pm.phases)
      if (std::find(f.phases.begin(), f.phases.end(), p.name) != f.phases.end())
        ordered.push_back(p.name);
    f.phases = std::move(ordered);
    if (f.phases.empty()) {
      ++a.unreached_findings;
      unreached.insert(f.path);
    }
  }
  a.unreached_files.assign(unreached.begin(), unreached.end());
  for (auto& p : a.phases) {
    p.findings = 0;
    for (const auto& f : a.findings)
      if (std::find(f.phases.begin(), f.phases.end(), p.name) != f.phases.end()) ++p.findings;
  }
}

}  // namespace ascendify::assess
