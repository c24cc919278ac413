#pragma once
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "assess/assessment.hpp"
#include "core/scanned_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::assess {

// The dependency matrix: every distribution declared in a manifest or imported by code,
// classified by the dependency rules (compatible / replace / unsupported / not-involved).
std::vector<DependencyRow> dependency_rows(const ScannedFiles& files, const rules::RuleSet& rules);

// Modules of the scanned project itself (top-level packages and modules, under src/, lib/ or
// python/ too), so that `import vidit.x` is not taken for a third-party dependency.
std::set<std::string> local_modules(const ScannedFiles& files);

// The import name a distribution the knowledge base does not know is taken to have: its own,
// '-' and '.' read as '_' ("my-tool.kit" -> "my_tool_kit").
std::string own_import_name(std::string_view dist);

}  // namespace ascendify::assess
