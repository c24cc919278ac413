#include "assess/external_extensions.hpp"

#include <algorithm>
#include <map>

#include "assess/dependencies.hpp"
#include "assess/marker_findings.hpp"
#include "core/use_digest.hpp"

namespace ascendify::assess {

std::vector<ExternalImport> external_imports(const ScannedFiles& files, const rules::RuleSet& rules,
                                             const KernelPathModel& model) {
  std::vector<ExternalImport> out;
  if (model.external_modules.empty() && model.external_suffixes.empty()) return out;
  const std::set<std::string> locals = local_modules(files);
  std::set<std::string, std::less<>> own_builds;  // the project's own extensions
  for (const auto& f : files)
    for (const auto& k : f.facts.kernels)
      if (k.kind == KernelKind::ExtensionBuild)
        own_builds.insert(k.name.substr(0, k.name.find('.')));
  std::map<std::string, bool, std::less<>> memo;
  auto external = [&](std::string_view top) {
    auto it = memo.find(top);
    if (it != memo.end()) return it->second;
    const std::string t(top);
    bool yes = std::find(model.external_modules.begin(), model.external_modules.end(), t) !=
               model.external_modules.end();
    for (const auto& s : model.external_suffixes)
      yes = yes || (t.size() > s.size() && t.ends_with(s));
    yes = yes && !locals.count(t) && !own_builds.count(t) && !rules.dependency_by_import(t);
    memo.emplace(t, yes);
    return yes;
  };
  UseDigest scratch;
  for (size_t i = 0; i < files.size(); ++i) {
    if (files[i].file.kind != FileKind::Python) continue;
    const UseDigest& d = uses_of(files[i].facts, scratch);
    for (const UseDigest::ImportSite& m : d.imports) {
      if (m.level > 0) continue;
      std::string_view mod = d.str(m.detail ? m.detail : m.name);
      mod = mod.substr(0, mod.find('.'));
      if (mod.empty() || !external(mod)) continue;
      out.push_back({static_cast<int>(i), std::string(mod), std::string(d.str(m.scope)), m.line, 1,
                     m.guarded});
    }
  }
  return out;
}

std::set<std::string, std::less<>> external_module_names(
    const std::vector<ExternalImport>& imports) {
  std::set<std::string, std::less<>> out;
  for (const auto& x : imports) out.insert(x.module);
  return out;
}

std::vector<Finding> external_import_findings(const ScannedFiles& files,
                                              const std::vector<ExternalImport>& imports,
                                              const rules::RuleSet& rules) {
  std::vector<Finding> out;
  for (size_t i = 0; i < imports.size();) {
    const int file = imports[i].file;
    std::vector<Fact> facts;
    for (; i < imports.size() && imports[i].file == file; ++i) {
      const ExternalImport& x = imports[i];
      facts.push_back(marker_fact("ascendify.extension.external-import", x.scope, x.line, x.col,
                                  static_cast<uint32_t>(x.module.size()), x.guarded, x.module));
    }
    std::vector<Finding> found =
        match_markers(rules, files[static_cast<size_t>(file)], std::move(facts));
    std::move(found.begin(), found.end(), std::back_inserter(out));
  }
  std::sort(out.begin(), out.end());
  return out;
}

void add_external_rows(std::vector<KernelRow>& rows, const std::vector<ExternalImport>& imports,
                       const ScannedFiles& files, const std::vector<Finding>& findings,
                       const KernelPathModel& model) {
  std::map<std::string, KernelRow> by_module;
  for (const ExternalImport& x : imports) {
    auto [it, fresh] = by_module.try_emplace(x.module);
    if (!fresh) continue;
    KernelRow& row = it->second;
    row.kind = KernelKind::ExternalExtension;
    row.name = x.module;
    row.path = files[static_cast<size_t>(x.file)].file.rel_path;
    row.line = x.line;
    const KernelPurpose* p = purpose_of(model, x.module, {});
    row.purpose = p ? p->purpose : "";
    row.ascend_path = p ? p->ascend + " (" + model.external_path + ")" : model.external_path;
    const std::string& ext_zh =
        model.external_path_zh.empty() ? model.external_path : model.external_path_zh;
    row.ascend_path_zh =
        p ? (p->ascend_zh.empty() ? p->ascend : p->ascend_zh) + "（" + ext_zh + "）" : ext_zh;
    row.features.push_back("source:not-in-repository");
  }
  for (const Finding& f : findings)
    if (f.rule_id == "custom_op.external-extension-call" ||
        f.rule_id == "custom_op.external-extension-import") {
      const std::string_view m = std::string_view(f.match).substr(0, f.match.str().find('.'));
      if (auto it = by_module.find(std::string(m)); it != by_module.end()) {
        if (f.rule_id == "custom_op.external-extension-call")
          it->second.callers.push_back(f.path + ":" + std::to_string(f.span.line));
        for (const auto& ph : f.phases)
          if (std::find(it->second.phases.begin(), it->second.phases.end(), ph) ==
              it->second.phases.end())
            it->second.phases.push_back(ph);
      }
    }
  for (auto& [name, row] : by_module) rows.push_back(std::move(row));
}

}  // namespace ascendify::assess
