#pragma once
#include <string>

#include "assess/assessment.hpp"

namespace ascendify::cli {

// `scan --baseline OLD.json`: keeps only findings that OLD does not have (identity = rule +
// path + snippet, see assess/baseline.hpp) and recounts. Returns an error message on a
// missing or malformed OLD, empty on success; `hidden` receives the number dropped.
std::string apply_baseline(Assessment& a, const std::string& old_json_path, size_t& hidden);

}  // namespace ascendify::cli
