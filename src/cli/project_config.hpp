#pragma once
#include <string>

#include "cli/commands.hpp"

namespace ascendify::cli {

// Merges `[tool.ascendify]` of ROOT/pyproject.toml into the scan arguments: command-line
// values win; lists (excludes, rule files) are joined. Rule files named by the config must lie
// inside the root. Problems are printed to stderr as one line each; never fails the scan.
ScanArgs with_project_config(const ScanArgs& args);

}  // namespace ascendify::cli
