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

}  // namespace

void decide_feasibility(Assessment& a, const FeasibilityModel& m, const rules::RuleSet& rules,
                        const std::string& required_phase) {
  const bool phased = !a.phases.empty();
  auto required = [&](const std::vector<std::string>& phases) {
    if (!phased) return true;
    if (!required_phase.empty()) return has(phases, required_phase);
    return !phases.empty();
  };
  std::vector<std::string> infeasible, difficult;
  size_t manual = 0, covered = 0;
  for (const auto& d : a.dependencies) {
    if (d.guarded || d.status != "unsupported" || !required(d.phases)) continue;
    const std::string msg = "dependency " + d.name + " is unsupported on Ascend";
    if (d.replacement.empty())
      infeasible.push_back(msg + " with no replacement (" + d.source + ")");
    else
      difficult.push_back(msg + "; replace with " + d.replacement + " (" + d.source + ")");
  }
  for (const auto& k : a.kernels) {
    if (k.has_fallback || !has(m.rewrite_kernel_kinds, k.kind) || !required(k.phases)) continue;
    difficult.push_back(k.kind + " kernel " + k.name + " needs a rewrite (" + k.path + ":" +
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
      infeasible.push_back(f.rule_id + ": no Ascend path for " + f.match + " (" + where(f) + ")");
    } else if (any_tag(r, m.difficult_tags) || f.severity == Severity::Blocker) {
      if (f.domain == Domain::Dependency) continue;  // its dependency row speaks for it
      difficult.push_back(f.rule_id + ": " + f.match + " (" + where(f) + ")");
    } else if (f.auto_by_transfer_to_npu) {
      ++covered;
    } else {
      ++manual;
    }
  }
  a.blockers.clear();
  a.feasibility_evidence.clear();
  using Basis = Assessment::VerdictBasis;
  a.verdict_basis = Basis{};
  a.verdict_basis.scope = !phased                  ? Basis::Scope::All
                          : required_phase.empty() ? Basis::Scope::Reached
                                                   : Basis::Scope::Phase;
  a.verdict_basis.phase = required_phase;
  const std::string scope = !phased                  ? "all scanned code"
                            : required_phase.empty() ? "the phases reached from entry points"
                                                     : "phase " + required_phase;
  if (!infeasible.empty()) {
    a.feasibility = Feasibility::Infeasible;
    a.blockers = infeasible;
    a.blockers.insert(a.blockers.end(), difficult.begin(), difficult.end());
    a.verdict_basis.kind = Basis::Kind::NoPath;
    a.verdict_basis.count = infeasible.size();
    a.feasibility_evidence.push_back(std::to_string(infeasible.size()) +
                                     " unguarded dependency/pattern(s) with no Ascend path and "
                                     "no fallback in " +
                                     scope);
  } else if (!difficult.empty()) {
    a.feasibility = Feasibility::Difficult;
    a.blockers = difficult;
    a.verdict_basis.kind = Basis::Kind::Rewrite;
    a.verdict_basis.count = difficult.size();
    a.feasibility_evidence.push_back(std::to_string(difficult.size()) +
                                     " kernel rewrite(s), blocker finding(s) or unported "
                                     "framework(s) in " +
                                     scope);
  } else if (manual > 0) {
    a.feasibility = Feasibility::NeedsAdaptation;
    a.verdict_basis.kind = Basis::Kind::Manual;
    a.verdict_basis.count = manual;
    a.feasibility_evidence.push_back(std::to_string(manual) +
                                     " site(s) need manual API swaps or precision changes "
                                     "that transfer_to_npu does not cover, in " +
                                     scope);
  } else {
    a.feasibility = Feasibility::Feasible;
    a.verdict_basis.kind = Basis::Kind::Covered;
    a.verdict_basis.count = covered;
    a.feasibility_evidence.push_back("transfer_to_npu covers " + std::to_string(covered) +
                                     " site(s); no manual change needed in " + scope);
  }
  a.assessed = true;
}

}  // namespace ascendify::assess
