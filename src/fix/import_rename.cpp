#include "fix/import_rename.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "core/rule.hpp"
#include "fix/edit_finding.hpp"

namespace ascendify::fix::detail {

namespace {

// The module an import statement must name for a `torch.npu...` target: torch.npu is an
// attribute torch_npu sets on torch, the importable package is torch_npu.npu.
std::string import_path(const std::string& module) {
  if (module == "torch.npu") return "torch_npu.npu";
  if (module.starts_with("torch.npu.")) return "torch_npu." + module.substr(6);
  return module;
}

struct Binding {
  const Fact* fact;
  bool from;  // `from M import N [as A]`, else `import M as A`
};

}  // namespace

std::vector<ImportRename> import_renames(std::string_view text, const std::vector<Fact>& facts,
                                         const std::vector<const Finding*>& fs,
                                         const std::vector<bool>& candidate) {
  // Bindings by the span of the module they name (one statement, one module).
  std::map<std::pair<uint32_t, uint32_t>, std::vector<Binding>> statements;
  for (const Fact& f : facts) {
    if (f.kind != FactKind::Import || f.arg_index != 0 || f.alias.empty()) continue;
    const bool from = !f.detail.empty();
    const std::string& module = from ? f.detail : f.name;
    if (f.span.end_offset > text.size() || f.span.offset >= f.span.end_offset ||
        text.substr(f.span.offset, f.span.end_offset - f.span.offset) != module)
      continue;
    // `import torch.cuda` binds `torch`: its uses carry the full name and rename in place.
    if (!from && (f.alias.find('.') != std::string::npos || module == f.alias ||
                  module.starts_with(f.alias + ".")))
      continue;
    statements[{f.span.offset, f.span.end_offset}].push_back({&f, from});
  }
  std::vector<ImportRename> out;
  for (const auto& [span, bindings] : statements) {
    const std::string& module =
        bindings.front().from ? bindings.front().fact->detail : bindings.front().fact->name;
    std::string new_module;
    std::vector<size_t> taken;
    bool ok = true;
    for (const Binding& b : bindings) {
      const Fact& imp = *b.fact;
      bool used = false;
      for (size_t k = 0; k < fs.size() && ok; ++k) {
        const Finding& f = *fs[k];
        if (f.span.end_offset > text.size()) continue;
        const std::string_view src = text.substr(f.span.offset, f.span.end_offset - f.span.offset);
        std::string leaf;  // what the use adds to the module: ".autocast"
        if (b.from) {
          if (src != imp.alias || f.match != imp.name) continue;
          leaf = imp.name.substr(module.size());
        } else {
          if (!src.starts_with(imp.alias + ".")) continue;
          leaf = std::string(src.substr(imp.alias.size()));
          if (f.match != imp.name + leaf) continue;
        }
        used = true;
        if (!candidate[k] || !f.rule || !f.rule->autofix ||
            f.rule->autofix->kind != AutofixKind::Rename) {
          ok = false;
          break;
        }
        const std::string to = renamed(f.match, *f.rule->autofix, f.rule->match);
        if (to.size() <= leaf.size() || to.compare(to.size() - leaf.size(), leaf.size(), leaf)) {
          ok = false;  // renamed to another leaf: the import cannot say it
          break;
        }
        const std::string m = to.substr(0, to.size() - leaf.size());
        if (!new_module.empty() && m != new_module) ok = false;
        new_module = m;
        taken.push_back(k);
      }
      // An imported name no use shows may not exist in the new module.
      if (!used) ok = false;
      if (!ok) break;
    }
    if (!ok || new_module.empty() || new_module == module) continue;
    ImportRename r;
    r.edit.offset = span.first;
    r.edit.end_offset = span.second;
    r.edit.text = import_path(new_module);
    r.edit.rule_id = fs[taken.front()]->rule_id;
    r.edit.line = bindings.front().fact->span.line;
    r.findings = std::move(taken);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace ascendify::fix::detail
