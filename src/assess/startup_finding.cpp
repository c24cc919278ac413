#include "assess/startup_finding.hpp"

#include <algorithm>

#include "assess/marker_findings.hpp"
#include "assess/startup_files.hpp"
#include "core/use_digest.hpp"

namespace ascendify::assess {

std::vector<Finding> startup_findings(const ScannedFiles& files, const ImportGraph& graph,
                                      const PhaseMap& pm, const rules::RuleSet& rules) {
  std::vector<Finding> out;
  UseDigest scratch;
  for (int i : startup_file_indexes(files, graph, pm)) {
    const ScannedFile& sf = files[static_cast<size_t>(i)];
    if (sf.file.kind != FileKind::Python) continue;  // a notebook's cells: fix leaves them
    const UseDigest& d = uses_of(sf.facts, scratch);
    bool has_torch_npu = false;
    uint32_t first_import = 0;
    for (const UseDigest::ImportSite& m : d.imports) {
      const std::string_view n = d.str(m.name);
      has_torch_npu = has_torch_npu || n == "torch_npu" || n.starts_with("torch_npu.");
      if (first_import == 0 && d.str(m.scope).empty()) first_import = m.line;
    }
    if (has_torch_npu) continue;
    std::vector<Fact> facts;
    facts.push_back(
        marker_fact("ascendify.startup", "", std::max<uint32_t>(first_import, 1), 1, 0, false));
    for (Finding& f : match_markers(rules, sf, std::move(facts))) {
      f.match = "import torch_npu";
      // `fix` inserts the block (fix/plan.cpp), not a rule's edit.
      f.manual = ManualReason::None;
      f.autofix = true;
      out.push_back(std::move(f));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace ascendify::assess
