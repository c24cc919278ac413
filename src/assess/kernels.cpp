#include "assess/kernels.hpp"

#include <algorithm>
#include <map>

#include "core/text.hpp"

namespace ascendify::assess {

namespace {

bool in_backward(std::string_view scope) {
  return ascii_lower(scope).find("backward") != std::string::npos;
}

bool names_kernel(std::string_view used, std::string_view kernel) {
  if (kernel.empty()) return false;
  if (used == kernel) return true;
  return used.size() > kernel.size() && used.ends_with(kernel) &&
         used[used.size() - kernel.size() - 1] == '.';
}

struct Uses {
  uint32_t total = 0, backward = 0;
  std::vector<std::string> callers;
};

// Uses of each kernel name across the project: Python references, native launches and the
// `calls` of other kernel facts (autograd functions).
std::map<std::string, Uses> kernel_uses(const std::vector<ScannedFile>& files) {
  std::map<std::string, Uses> uses;
  for (const auto& f : files)
    for (const auto& k : f.facts.kernels)
      if (!k.name.empty() && k.kind != "extension-build") uses.try_emplace(k.name);
  if (uses.empty()) return uses;
  auto note = [&](std::string_view name, std::string_view scope, const std::string& where) {
    for (auto& [kname, u] : uses) {
      if (!names_kernel(name, kname)) continue;
      ++u.total;
      if (in_backward(scope)) ++u.backward;
      if (u.callers.size() < 10 && !where.empty()) u.callers.push_back(where);
    }
  };
  for (const auto& f : files) {
    for (const auto& x : f.facts.facts) {
      const bool ref = x.kind == FactKind::Reference;
      const bool launch = x.kind == FactKind::Native && x.detail == "launch";
      if (!ref && !launch) continue;
      note(x.name, x.scope, f.file.rel_path + ":" + std::to_string(x.span.line));
    }
    for (const auto& k : f.facts.kernels) {
      const std::string caller = k.scope.empty() ? k.name : k.scope;
      for (const auto& c : k.calls)
        if (c != k.name) note(c, caller, "");
    }
  }
  return uses;
}

}  // namespace

std::vector<KernelRow> kernel_rows(const std::vector<ScannedFile>& files, const PhaseMap& pm) {
  const std::map<std::string, Uses> uses = kernel_uses(files);
  std::vector<KernelRow> out;
  for (size_t i = 0; i < files.size(); ++i) {
    const auto& f = files[i];
    for (const auto& k : f.facts.kernels) {
      KernelRow row;
      row.kind = k.kind;
      row.name = k.name;
      row.path = f.file.rel_path;
      row.line = k.span.line;
      row.loc = k.loc;
      row.features = k.features;
      row.has_fallback = k.has_fallback;
      row.templated = k.templated;
      row.backward_only = k.backward_only;
      auto u = uses.find(k.name);
      if (u != uses.end()) {
        row.callers = u->second.callers;
        if (u->second.total > 0 && u->second.backward == u->second.total) row.backward_only = true;
      }
      for (size_t p = 0; p < pm.phases.size(); ++p) {
        if (!pm.reached[p][i]) continue;
        if (row.backward_only && !pm.phases[p].needs_backward) continue;
        row.phases.push_back(pm.phases[p].name);
      }
      out.push_back(std::move(row));
    }
  }
  return out;
}

int kernel_of(const std::vector<KernelRow>& kernels, const std::vector<ScannedFile>& files,
              const Finding& f) {
  (void)files;
  for (size_t i = 0; i < kernels.size(); ++i) {
    const KernelRow& k = kernels[i];
    if (k.path != f.path || k.kind == "extension-build") continue;
    if (!f.scope.empty() && !k.name.empty() &&
        (f.scope == k.name || f.scope.starts_with(k.name + ".")))
      return static_cast<int>(i);
    const uint32_t last = k.line + std::max<uint32_t>(k.loc, 1) - 1;
    if (f.span.line >= k.line && f.span.line <= last) return static_cast<int>(i);
    // A decorator (`@triton.jit`) just above a kernel whose span starts at `def`.
    if (f.span.line + 1 == k.line && f.snippet.starts_with("@")) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace ascendify::assess
