#include "project/project_packages.hpp"

#include <algorithm>

#include "core/rule.hpp"

namespace ascendify::project {

namespace {

bool is_manifest(FileKind k) {
  return k == FileKind::SetupPy || k == FileKind::Pyproject || k == FileKind::SetupCfg;
}

// The package a file defines, by its path relative to its project ("" when none): the first
// folder when it, or a folder right below it, holds this __init__.py.
std::string_view package_of(std::string_view p) {
  if (p.substr(0, 4) == "src/") p.remove_prefix(4);
  size_t first = p.find('/');
  if (first == std::string_view::npos) return {};
  std::string_view rest = p.substr(first + 1);
  size_t second = rest.find('/');
  bool init_here = rest == "__init__.py";
  bool init_below = second != std::string_view::npos && rest.substr(second + 1) == "__init__.py";
  return init_here || init_below ? p.substr(0, first) : std::string_view();
}

}  // namespace

bool OwnPackages::owns(std::string_view path, std::string_view top) const {
  for (const auto& p : projects)
    if (path.starts_with(p.dir) && p.packages.count(std::string(top))) return true;
  return false;
}

std::set<std::string> OwnPackages::of(std::string_view dir) const {
  for (const auto& p : projects)
    if (p.dir == dir) return p.packages;
  return {};
}

OwnPackages project_packages(const std::vector<SourceFile>& files) {
  OwnPackages out;
  out.projects.push_back({"", {}});
  std::set<std::string> dirs;
  for (const auto& f : files) {
    if (!is_manifest(f.kind)) continue;
    const size_t slash = f.rel_path.rfind('/');
    if (slash != std::string::npos) dirs.insert(f.rel_path.substr(0, slash + 1));
  }
  for (const auto& d : dirs) out.projects.push_back({d, {}});
  for (const auto& f : files) {
    if (f.kind != FileKind::Python || !f.rel_path.ends_with("__init__.py")) continue;
    for (auto& p : out.projects) {
      if (!f.rel_path.starts_with(p.dir)) continue;
      std::string_view name = package_of(std::string_view(f.rel_path).substr(p.dir.size()));
      if (!name.empty() && name != "torch") p.packages.emplace(name);
    }
  }
  return out;
}

bool is_self_reference(const OwnPackages& own, const Rule& rule, std::string_view path,
                       std::string_view match) {
  const MatchKind k = rule.match.kind;
  if (k != MatchKind::Reference && k != MatchKind::Import) return false;
  return own.owns(path, match.substr(0, match.find('.')));
}

size_t drop_self_references(std::vector<Finding>& findings, const OwnPackages& own) {
  auto is_own = [&](const Finding& f) {
    return f.rule && is_self_reference(own, *f.rule, f.path, f.match);
  };
  size_t before = findings.size();
  findings.erase(std::remove_if(findings.begin(), findings.end(), is_own), findings.end());
  return before - findings.size();
}

}  // namespace ascendify::project
