#pragma once
// The assessment: everything a renderer needs, as plain data. Renderers never re-read files.
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/domain.hpp"
#include "core/finding.hpp"

namespace ascendify {

struct EffortRange {
  double low = 0.0;   // person-weeks
  double high = 0.0;
};

enum class Feasibility : uint8_t { Feasible, NeedsAdaptation, Difficult, Infeasible };
std::string_view to_string(Feasibility f);      // "feasible" | "needs-adaptation" | ...
std::string_view to_chinese(Feasibility f);     // 可行 | 需适配 | 困难 | 不可行

struct PhaseSummary {
  std::string name;                       // "inference", "training", ...
  std::vector<std::string> entry_points;  // root-relative paths
  uint32_t files = 0;                     // files reachable from the entry points
  uint32_t findings = 0;
  EffortRange effort;
};

struct DependencyRow {
  std::string name;         // normalized distribution name
  std::string spec;         // version spec as written (may be empty)
  std::string source;       // "requirements.txt:3" or "import:wan/attention.py:5"
  std::string status;       // compatible | replace | unsupported | not-involved
  std::string replacement;
  std::string rule_id;      // the dependency rule that classified it ("" when unknown)
  bool guarded = false;
  bool imported = false;    // some scanned code imports it
  std::vector<std::string> phases;
};

struct KernelRow {
  std::string kind;  // cuda | triton | autograd-function | extension-build
  std::string name;
  std::string path;
  uint32_t line = 0;
  uint32_t loc = 0;
  std::vector<std::string> features;
  std::string ascend_path;
  std::vector<std::string> phases;
  std::vector<std::string> callers;  // "path:line"
  std::string purpose;
  bool backward_only = false;
  bool has_fallback = false;
};

struct RoadmapStep {
  std::string title;
  std::string detail;
  EffortRange effort;
  std::vector<std::string> rule_ids;
  uint32_t findings = 0;
};

struct ScanStats {
  uint32_t files_scanned = 0;
  uint64_t bytes_scanned = 0;
  std::map<std::string, uint32_t> files_by_kind;
  uint32_t suppressed = 0;
};

struct Assessment {
  std::string root;          // as given on the command line
  std::string project_name;  // last component of the root
  bool assessed = false;     // false until the assess stage fills phases/effort/feasibility
  Feasibility feasibility = Feasibility::NeedsAdaptation;
  EffortRange effort;
  std::vector<std::string> blockers;  // "reason (path:line)"
  std::array<uint32_t, 7> counts{};   // findings per Domain, kAllDomains order
  std::vector<PhaseSummary> phases;
  std::vector<DependencyRow> dependencies;
  std::vector<KernelRow> kernels;
  std::vector<Finding> findings;      // sorted (path, line, col, rule)
  std::vector<Diagnostic> diagnostics;
  std::vector<RoadmapStep> roadmap;
  ScanStats stats;
};

}  // namespace ascendify
