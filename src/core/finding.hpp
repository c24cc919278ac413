#pragma once
#include <string>
#include <vector>

#include "core/domain.hpp"
#include "core/phase_names.hpp"
#include "core/shared_text.hpp"
#include "core/span.hpp"

namespace ascendify {

struct Rule;

// One rule firing at one place. Plain data; renderers read only this and the Assessment.
// Why a finding is not an edit `fix` makes by default (Finding::manual), in the order the
// matcher tests them.
enum class ManualReason : uint8_t {
  None,           // fix edits it (its rule's autofix, high confidence)
  NoAutofix,      // its rule has no automatic fix (or no rule: a finding built elsewhere)
  InlinePython,   // `python -c` code inside a script: edited by hand
  BesideNpu,      // beside an NPU branch: the project has its NPU path there already
  LowConfidence,  // the rule's fix is not high-confidence: with --unsafe-fixes only
};
inline constexpr uint8_t kManualReasonCount = 5;
static_assert(static_cast<uint8_t>(ManualReason::LowConfidence) + 1 == kManualReasonCount);

struct Finding {
  const Rule* rule = nullptr;  // owned by the RuleSet, which outlives the scan result
  RuleText rule_id;            // the rule's own id (RuleText::of) when `rule` is set
  Domain domain = Domain::Device;
  // path, match and scope point at interned copies (interned, core/shared_text.hpp) where the
  // matcher and the cache make findings: one copy per file, function or name, not per finding.
  SharedText path;  // relative to the scanned root
  Span span;
  SharedText match;      // the matched text ("torch.cuda.empty_cache", "\"cuda\"")
  std::string snippet;   // the whole source line, trimmed
  RuleText message;      // the rule's own text unless a pass changed it
  RuleText replacement;  // likewise (a template with no {name} or {tail} is the rule's)
  // The Chinese report's text; "" = the English (Rule::message_zh / replacement_zh). A pass
  // that adds to `message` adds the same to `message_zh` when it is set.
  RuleText message_zh;
  RuleText replacement_zh;
  Confidence confidence = Confidence::Medium;
  Severity severity = Severity::Manual;
  bool guarded = false;
  // In a branch beside an NPU branch (Fact::beside_npu): `fix` leaves it as it is.
  bool beside_npu = false;
  // The site stops the run on an NPU unless changed (Rule::stops_run): an assert or raising
  // branch on a CUDA check, an unguarded module-level import of a package with no NPU build.
  // assess keeps it where the default run reaches it (Assessment::run_stoppers).
  bool stops_run = false;
  // Inside the arguments of print / a logging call (Fact::output_only): only shown.
  bool output_only = false;
  // A site a framework counterpart takes over (the project runs on Megatron: MindSpeed handles
  // its megatron.* uses): listed, not priced, decides nothing (assess/counterparts.hpp).
  bool by_counterpart = false;
  // What the site asks of the port (assess/taxonomy.hpp), filled by assess.
  SiteClass site_class = SiteClass::MustAdapt;
  // An optional feature: the site sits under a flag that is off by default, or every phase
  // reaches its file (inside a function: its functions) only through such code. Not a blocker.
  bool optional = false;
  // `fix` edits the site by default (the report's "auto-fix"): manual == ManualReason::None.
  bool autofix = false;
  // Why `fix` does not edit the site by itself, as the matcher decided it (fix reads it rather
  // than deciding again); None: it does (LowConfidence: only with --unsafe-fixes).
  ManualReason manual = ManualReason::NoAutofix;
  bool auto_by_transfer_to_npu = false;
  SharedText scope;   // "RMSNorm.forward"
  PhaseNames phases;  // filled by assess (shared lists)
  // Bit p set: in the report's phase p (Assessment::phases order, the first 64) the site runs
  // only under an off-by-default flag or a ruled-out branch; it stays out of that phase's
  // migration set. `optional` is the same for every phase that reaches it.
  uint64_t optional_in = 0;
  uint32_t sites = 1;  // > 1 for a rule with `aggregate: file`: sites in the file
  uint32_t cell = 0;   // notebooks: 1-based cell, line within the cell
  uint32_t cell_line = 0;
};

// Deterministic order: path, line, column, rule id.
bool operator<(const Finding& a, const Finding& b);

}  // namespace ascendify
