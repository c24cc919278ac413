#include "assess/kernels.hpp"

#include <algorithm>
#include <map>

#include "assess/import_graph.hpp"
#include "assess/kernel_fallback.hpp"
#include "assess/kernel_links.hpp"
#include "assess/kernel_model.hpp"

namespace ascendify::assess {

namespace {

std::string stem_of(std::string_view path) {
  std::string_view s = path.substr(path.rfind('/') + 1);
  return std::string(s.substr(0, s.find('.')));
}

// The Ascend path of a row (rules/model/kernels.yaml): the purpose's op, else the default of
// the kernel kind; a pure-PyTorch reference comes first when there is one. `zh`: the Chinese
// report's wording (each text falls back to the English where the model has no Chinese).
std::string ascend_path(const KernelPathModel& m, const KernelPurpose* p, KernelKind kind,
                        const std::string& fallback, bool zh) {
  auto pick = [zh](const std::string& en, const std::string& cn) -> const std::string& {
    return zh && !cn.empty() ? cn : en;
  };
  std::string path;
  const bool no_op = !p || p->ascend.empty() ||
                     std::find(m.no_op_purposes.begin(), m.no_op_purposes.end(), p->purpose) !=
                         m.no_op_purposes.end();
  const std::string name(to_string(kind));  // the model's table is keyed by the name
  auto d = m.default_paths.find(name);
  std::string by_kind;
  if (d != m.default_paths.end()) {
    auto dz = m.default_paths_zh.find(name);
    by_kind = pick(d->second, dz == m.default_paths_zh.end() ? std::string() : dz->second);
  }
  if (p && !p->ascend.empty() && (kind == KernelKind::Triton || kind == KernelKind::Cuda || !no_op))
    path = pick(p->ascend, p->ascend_zh);
  if (no_op && kind == KernelKind::Triton && !by_kind.empty())
    path = path.empty() ? by_kind : path + (zh ? "；或 " : "; or a ") + by_kind;
  if (path.empty()) path = by_kind;
  if (!fallback.empty()) {
    std::string fb = pick(m.fallback, m.fallback_zh);
    size_t at = fb.find("{name}");
    if (at != std::string::npos) fb.replace(at, 6, fallback);
    path = path.empty() ? fb : fb + (zh ? "，然后 " : ", then ") + path;
  }
  return path;
}

}  // namespace

KernelEvidence kernel_evidence(const ScannedFiles& files) {
  return {link_kernels(files), FallbackIndex(files)};
}

std::vector<KernelRow> kernel_rows(const ScannedFiles& files, const PhaseMap& pm,
                                   const KernelEvidence& evidence, const ProgramModel* program) {
  const KernelPathModel& model = embedded_kernel_paths();
  const std::vector<KernelLinks>& links = evidence.links;
  const FallbackIndex& fallbacks = evidence.fallbacks;
  std::vector<KernelRow> out;
  // Native sources of optional extensions (KernelFact::has_fallback of an extension-build),
  // root-relative -> the extension's name.
  std::map<std::string, std::string, std::less<>> optional_sources;
  for (const auto& f : files)
    for (const auto& k : f.facts.kernels) {
      if (k.kind != KernelKind::ExtensionBuild || !k.has_fallback) continue;
      const std::string dir = dir_of(f.file.rel_path);
      for (std::string_view src : k.calls) {
        while (src.starts_with("./")) src.remove_prefix(2);
        optional_sources.emplace(dir + std::string(src), k.name);
      }
    }
  size_t flat = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    const auto& f = files[i];
    for (const auto& k : f.facts.kernels) {
      const KernelLinks& l = links[flat++];
      KernelRow row;
      row.kind = k.kind;
      row.name = k.name;
      row.path = f.file.rel_path;
      row.line = k.span.line;
      row.loc = k.loc;
      row.features = k.features;
      for (const std::string& lf : l.launch_features) {  // launch options join the configs
        const size_t colon = lf.find(':');
        add_feature_value(row.features, lf.substr(0, colon), lf.substr(colon + 1));
      }
      row.templated = k.templated;
      row.callers = l.callers;
      row.backward_only = k.backward_only || (l.uses > 0 && l.backward_uses == l.uses);
      std::string fallback, fallback_zh;
      if (k.kind == KernelKind::Triton || k.kind == KernelKind::Cuda)
        fallback_zh = fallback = fallbacks.find(k.name, row.path, l.caller_dirs);
      if (auto opt = optional_sources.find(row.path);
          fallback.empty() && opt != optional_sources.end()) {
        fallback = "path (the optional extension " + opt->second + " is not built)";
        fallback_zh = "路径（可选扩展 " + opt->second + " 未构建时）";
      }
      row.has_fallback = k.has_fallback || !fallback.empty();
      const KernelPurpose* p = k.kind == KernelKind::ExtensionBuild
                                   ? nullptr
                                   : purpose_of(model, k.name, k.calls, stem_of(row.path));
      row.purpose = p ? p->purpose : "";
      row.ascend_path = ascend_path(model, p, k.kind, fallback, false);
      row.ascend_path_zh = ascend_path(model, p, k.kind, fallback_zh, true);
      // Python kernels are functions: in a file whose functions run only under flags, so do they.
      const bool python_kernel =
          k.kind == KernelKind::Triton || k.kind == KernelKind::AutogradFunction;
      const int unit =
          python_kernel && program
              ? program->unit_of(static_cast<int>(i), k.scope.empty() ? k.name : k.scope)
              : -1;
      bool optional_path = true;
      for (size_t ph = 0; ph < pm.phases.size(); ++ph) {
        if (!pm.reached[ph][i]) continue;
        if (row.backward_only && !pm.phases[ph].needs_backward) continue;
        const ProgramModel::Reach u = program ? program->reach(ph, unit) : ProgramModel::kRequired;
        if (u >= ProgramModel::kBackward) continue;
        row.phases.push_back(pm.phases[ph].name);
        const uint8_t r = pm.reach[ph][i];
        optional_path = optional_path && (r == ImportGraph::kAllOptional ||
                                          (r == ImportGraph::kFunctionsOptional && python_kernel) ||
                                          u == ProgramModel::kOptional);
      }
      row.optional = !row.phases.empty() && optional_path;
      out.push_back(std::move(row));
    }
  }
  return out;
}

int kernel_of(const std::vector<KernelRow>& kernels, const std::vector<size_t>& same_file,
              const Finding& f) {
  for (size_t i : same_file) {
    const KernelRow& k = kernels[i];
    if (k.kind == KernelKind::ExtensionBuild) continue;
    if (!f.scope.empty() && !k.name.empty() &&
        (f.scope == k.name || f.scope.str().starts_with(k.name + ".")))
      return static_cast<int>(i);
    const uint32_t last = k.line + std::max<uint32_t>(k.loc, 1) - 1;
    if (f.span.line >= k.line && f.span.line <= last) return static_cast<int>(i);
    // A decorator (`@triton.jit`, `@triton.autotune(...)`) in the lines just above a kernel
    // whose span starts at `def`.
    if (f.span.line < k.line && f.span.line + 4 >= k.line && f.snippet.starts_with("@"))
      return static_cast<int>(i);
  }
  return -1;
}

}  // namespace ascendify::assess
