#include "assess/verdict.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_set>

namespace ascendify::assess {

namespace {

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

bool any_tag(const Rule* r, const std::vector<std::string>& tags) {
  if (r == nullptr) return false;
  return std::any_of(r->tags.begin(), r->tags.end(), [&](const auto& t) { return has(tags, t); });
}

std::string where(const Finding& f) {
  return f.path + ":" + std::to_string(f.span.line);
}

// The English wording of the verdict's criterion (JSON, HTML, English report); the Chinese
// report words the same data (render/markdown.cpp).
std::string evidence_en(const Assessment::VerdictBasis& b) {
  using B = Assessment::VerdictBasis;
  const std::string scope = b.scope == B::Scope::All       ? "all scanned code"
                            : b.scope == B::Scope::Reached ? "the phases reached from entry points"
                                                           : "phase " + b.phase;
  const std::string n = std::to_string(b.count);
  switch (b.kind) {
    case B::Kind::NoPath:
      return n + " unguarded dependency/pattern(s) with no Ascend path and no fallback in " + scope;
    case B::Kind::Rewrite:
      return n + " kernel rewrite(s), blocker finding(s) or unported framework(s) in " + scope;
    case B::Kind::Manual:
      return n +
             " site(s) need manual API swaps or precision changes that transfer_to_npu "
             "does not cover, in " +
             scope;
    case B::Kind::Covered:
    case B::Kind::None:
      break;
  }
  return "transfer_to_npu covers " + n + " site(s); no manual change needed in " + scope;
}

}  // namespace

void decide_feasibility(Assessment& a, const FeasibilityModel& m, const rules::RuleSet& rules,
                        const std::string& required_phase) {
  const bool phased = !a.phases.empty();
  auto required = [&](const std::vector<std::string>& phases) {
    if (!phased) return true;
    if (!required_phase.empty()) return has(phases, required_phase);
    return !phases.empty();
  };
  std::vector<std::string> infeasible, difficult, optional;
  size_t manual = 0, covered = 0;
  for (const auto& d : a.dependencies) {
    if (d.guarded || d.status != "unsupported" || !required(d.phases)) continue;
    const std::string msg = "dependency " + d.name + " is unsupported on Ascend";
    if (d.optional)
      optional.push_back(msg + " (" + d.source + ")");
    else if (d.replacement.empty())
      infeasible.push_back(msg + " with no replacement (" + d.source + ")");
    else
      difficult.push_back(msg + "; replace with " + d.replacement + " (" + d.source + ")");
  }
  for (const auto& k : a.kernels) {
    if (k.has_fallback || !has(m.rewrite_kernel_kinds, k.kind) || !required(k.phases)) continue;
    (k.optional ? optional : difficult)
        .push_back(k.kind + " kernel " + k.name + " needs a rewrite (" + k.path + ":" +
                   std::to_string(k.line) + ")");
  }
  // A kernel row speaks for its whole file: the intrinsics, includes and the extension build
  // there are that kernel's port (priced and judged once, fallback included).
  std::unordered_set<std::string_view> kernel_paths;
  for (const auto& k : a.kernels) kernel_paths.insert(k.path);
  for (const auto& f : a.findings) {
    if (f.guarded || f.severity == Severity::Info || !required(f.phases)) continue;
    if (f.domain == Domain::CustomOp && kernel_paths.count(f.path)) continue;
    const Rule* r = f.rule ? f.rule : rules.find(f.rule_id);
    if (any_tag(r, m.infeasible_tags)) {
      (f.optional ? optional : infeasible)
          .push_back(f.rule_id + ": no Ascend path for " + f.match + " (" + where(f) + ")");
    } else if (any_tag(r, m.difficult_tags) || f.severity == Severity::Blocker) {
      if (f.domain == Domain::Dependency) continue;  // its dependency row speaks for it
      (f.optional ? optional : difficult)
          .push_back(f.rule_id + ": " + f.match + " (" + where(f) + ")");
    } else if (f.auto_by_transfer_to_npu) {
      ++covered;
    } else {
      ++manual;
    }
  }
  a.blockers.clear();
  a.optional_blockers = std::move(optional);
  using Basis = Assessment::VerdictBasis;
  Basis& basis = a.verdict_basis;
  basis = Basis{};
  basis.scope = !phased                  ? Basis::Scope::All
                : required_phase.empty() ? Basis::Scope::Reached
                                         : Basis::Scope::Phase;
  basis.phase = required_phase;
  if (!infeasible.empty()) {
    a.feasibility = Feasibility::Infeasible;
    a.blockers = infeasible;
    a.blockers.insert(a.blockers.end(), difficult.begin(), difficult.end());
    basis.kind = Basis::Kind::NoPath;
    basis.count = infeasible.size();
  } else if (!difficult.empty()) {
    a.feasibility = Feasibility::Difficult;
    a.blockers = difficult;
    basis.kind = Basis::Kind::Rewrite;
    basis.count = difficult.size();
  } else if (manual > 0) {
    a.feasibility = Feasibility::NeedsAdaptation;
    basis.kind = Basis::Kind::Manual;
    basis.count = manual;
  } else {
    a.feasibility = Feasibility::Feasible;
    basis.kind = Basis::Kind::Covered;
    basis.count = covered;
  }
  a.feasibility_evidence = {evidence_en(basis)};
  if (!a.optional_blockers.empty())
    a.feasibility_evidence.push_back(
        std::to_string(a.optional_blockers.size()) +
        " more blocker(s) only in optional features (code under flag tests such as "
        "`if args.use_fp8:`), not counted: the port can leave those features off");
  a.assessed = true;
}

}  // namespace ascendify::assess
