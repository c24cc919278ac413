#include "assess/assess.hpp"

#include <algorithm>
#include <filesystem>

#include "assess/dependencies.hpp"

namespace ascendify::assess {

namespace {

std::string project_name(const std::string& root) {
  std::filesystem::path p(root);
  std::error_code ec;
  auto abs = std::filesystem::weakly_canonical(p, ec);
  if (!ec && abs.has_filename()) return abs.filename().string();
  return p.filename().string().empty() ? root : p.filename().string();
}

std::vector<KernelRow> kernel_rows(const std::vector<ScannedFile>& files) {
  std::vector<KernelRow> out;
  for (const auto& f : files) {
    for (const auto& k : f.facts.kernels) {
      KernelRow row;
      row.kind = k.kind;
      row.name = k.name;
      row.path = f.file.rel_path;
      row.line = k.span.line;
      row.loc = k.loc;
      row.features = k.features;
      row.backward_only = k.backward_only;
      row.has_fallback = k.has_fallback;
      out.push_back(std::move(row));
    }
  }
  return out;
}

}  // namespace

Assessment assess(Input input, const rules::RuleSet& rules, const Options& options) {
  (void)options;
  Assessment a;
  a.root = input.root;
  a.project_name = project_name(input.root);
  a.stats = input.stats;
  a.diagnostics = std::move(input.diagnostics);
  a.findings = std::move(input.findings);
  for (const auto& f : a.findings) a.counts[static_cast<size_t>(f.domain)]++;
  if (input.files) {
    a.dependencies = dependency_rows(*input.files, rules);
    a.kernels = kernel_rows(*input.files);
  }
  return a;
}

}  // namespace ascendify::assess
