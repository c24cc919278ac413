#include "assess/project_packages.hpp"

#include <algorithm>

#include "core/rule.hpp"

namespace ascendify::assess {

std::set<std::string> project_packages(const std::vector<SourceFile>& files) {
  std::set<std::string> out;
  for (const auto& f : files) {
    if (f.kind != FileKind::Python) continue;
    std::string_view p = f.rel_path;
    if (p.substr(0, 4) == "src/") p.remove_prefix(4);
    size_t first = p.find('/');
    if (first == std::string_view::npos) continue;
    std::string_view rest = p.substr(first + 1);
    size_t second = rest.find('/');
    bool init_here = rest == "__init__.py";
    bool init_below = second != std::string_view::npos && rest.substr(second + 1) == "__init__.py";
    if (init_here || init_below) out.emplace(p.substr(0, first));
  }
  out.erase("torch");
  return out;
}

size_t drop_self_references(std::vector<Finding>& findings, const std::set<std::string>& packages) {
  if (packages.empty()) return 0;
  auto own = [&](const Finding& f) {
    if (!f.rule) return false;
    MatchKind k = f.rule->match.kind;
    if (k != MatchKind::Reference && k != MatchKind::Import) return false;
    std::string top = f.match.substr(0, f.match.find('.'));
    return packages.count(top) > 0;
  };
  size_t before = findings.size();
  findings.erase(std::remove_if(findings.begin(), findings.end(), own), findings.end());
  return before - findings.size();
}

}  // namespace ascendify::assess
