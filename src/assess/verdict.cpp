#include "assess/verdict.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>
#include <unordered_set>

#include "assess/effort.hpp"
#include "core/text.hpp"

namespace ascendify::assess {

namespace {

bool any_tag(const Rule* r, const std::vector<std::string>& tags) {
  if (r == nullptr) return false;
  return std::any_of(r->tags.begin(), r->tags.end(),
                     [&](const auto& t) { return in_list(tags, t); });
}

// Whole hours, or one decimal below ten ("2.5", "12").
std::string hours(double h) {
  const double r = h < 10 ? std::round(h * 10) / 10 : std::round(h);
  std::string t = std::to_string(r);
  t.erase(t.find_last_not_of('0') + 1);
  if (!t.empty() && t.back() == '.') t.pop_back();
  return t;
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
      return n + " site(s) must be adapted by hand (API swaps with a semantic change, precision " +
             "rework, unsupported ops or libraries), about " + hours(b.hours) +
             " h, more than the " + hours(b.limit) + " h a feasible port allows, in " + scope;
    case B::Kind::Covered:
    case B::Kind::Counterpart:  // worded by assess/counterparts.cpp
    case B::Kind::None:
      break;
  }
  return "nothing stops the run after the mechanical edits (" + std::to_string(b.mechanical) +
         " site(s): transfer_to_npu or `ascendify fix`); " + n +
         " site(s) to adapt by hand, about " + hours(b.hours) + " h (at most " + hours(b.limit) +
         " h), in " + scope;
}

}  // namespace

void decide_feasibility(Assessment& a, const FeasibilityModel& m, const EffortModel& effort,
                        const rules::RuleSet& rules, const std::string& required_phase) {
  const bool phased = !a.phases.empty();
  auto required = [&](const std::vector<std::string>& phases) {
    if (!phased) return true;
    if (!required_phase.empty()) return in_list(phases, required_phase);
    return !phases.empty();
  };
  // Each reason in English and in Chinese.
  struct Reasons {
    std::vector<std::string> en, zh;
    void add(std::string e, std::string z) {
      en.push_back(std::move(e)), zh.push_back(std::move(z));
    }
    bool empty() const { return en.empty(); }
    size_t size() const { return en.size(); }
  } infeasible, difficult, optional;
  size_t adapt = 0, mechanical = 0;
  // The must-adapt and stops-run sites of the required code, by rule: priced as the effort
  // model prices them (first site, each further one).
  std::map<std::string_view, std::pair<const Rule*, std::vector<const Finding*>>> to_adapt;
  // An unsupported dependency with a replacement is must-adapt work (its findings are priced
  // below); without one, nothing can stand in for it.
  for (const auto& d : a.dependencies) {
    if (d.guarded || d.status != DependencyStatus::Unsupported || !required(d.phases) ||
        !d.replacement.empty())
      continue;
    const std::string msg = "dependency " + d.name + " is unsupported on Ascend";
    (d.optional ? optional : infeasible)
        .add(msg + (d.optional ? "" : " with no replacement") + " (" + d.source + ")",
             "依赖 " + d.name + " 在昇腾上不支持" + (d.optional ? "" : "且没有替代方案") + "（" +
                 d.source + "）");
  }
  // Files using what a kernel's port path lacks (Triton: inline asm, TMA): rewrites there.
  std::unordered_set<std::string_view> port_blocked_files;
  for (const auto& f : a.findings)
    if (in_list(m.port_blocking_rules, f.rule_id)) port_blocked_files.insert(f.path);
  double kernel_adapt_hours = 0;
  size_t kernel_adapt = 0;
  for (const auto& k : a.kernels) {
    if (k.has_fallback || !required(k.phases)) continue;
    const std::string kind(to_string(k.kind));  // the model lists kinds by name
    const bool ported = in_list(m.ported_kernel_kinds, kind);
    const bool rewrite =
        in_list(m.rewrite_kernel_kinds, kind) || (ported && port_blocked_files.count(k.path));
    if (rewrite) {
      const std::string at = k.path + ":" + std::to_string(k.line);
      (k.optional ? optional : difficult)
          .add(kind + " kernel " + k.name + " needs a rewrite (" + at + ")",
               kind + " 算子 " + k.name + " 需要重写（" + at + "）");
    } else if (ported && !k.optional) {  // ported (Triton through triton-ascend)
      kernel_adapt_hours += kernel_hours(k, false, effort);
      ++kernel_adapt;
    }
  }
  // A kernel row speaks for its whole file: the intrinsics, includes and the extension build
  // there are that kernel's port (priced and judged once, fallback included).
  std::unordered_set<std::string_view> kernel_paths;
  for (const auto& k : a.kernels) kernel_paths.insert(k.path);
  for (const auto& f : a.findings) {
    if (f.guarded || f.severity == Severity::Info || f.by_counterpart || !required(f.phases))
      continue;
    if (f.domain == Domain::CustomOp && kernel_paths.count(f.path)) continue;
    const Rule* r = f.rule ? f.rule : rules.find(f.rule_id);
    if (any_tag(r, m.infeasible_tags)) {
      (f.optional ? optional : infeasible)
          .add(f.rule_id + ": no Ascend path for " + f.match + " (" + where(f) + ")",
               f.rule_id + "：" + f.match + " 在昇腾上没有可行路径（" + where(f) + "）");
    } else if ((any_tag(r, m.difficult_tags) || f.severity == Severity::Blocker) &&
               f.domain != Domain::Dependency) {  // a dependency's row speaks for it (above)
      (f.optional ? optional : difficult)
          .add(f.rule_id + ": " + f.match + " (" + where(f) + ")",
               f.rule_id + "：" + f.match + "（" + where(f) + "）");
    } else if (f.optional) {
      continue;  // an optional feature's sites: the port can leave the feature off
    } else if (f.site_class == SiteClass::Mechanical) {
      ++mechanical;
    } else if (f.site_class == SiteClass::MustAdapt || f.site_class == SiteClass::StopsRun) {
      if (f.domain == Domain::CustomOp && kernel_paths.count(f.path)) continue;
      auto& slot = to_adapt[f.rule_id];
      slot.first = r;
      slot.second.push_back(&f);
      adapt += std::max<uint32_t>(f.sites, 1);
    }
  }
  double adapt_hours = kernel_adapt_hours;
  adapt += kernel_adapt;
  for (const auto& [id, slot] : to_adapt)
    adapt_hours += rule_hours(slot.first, slot.second, effort, false);
  a.blockers.clear();
  a.blockers_zh.clear();
  a.optional_blockers = std::move(optional.en);
  a.optional_blockers_zh = std::move(optional.zh);
  using Basis = Assessment::VerdictBasis;
  Basis& basis = a.verdict_basis;
  basis = Basis{};
  basis.scope = !phased                  ? Basis::Scope::All
                : required_phase.empty() ? Basis::Scope::Reached
                                         : Basis::Scope::Phase;
  basis.phase = required_phase;
  if (!infeasible.empty()) {
    a.feasibility = Feasibility::Infeasible;
    a.blockers = infeasible.en;
    a.blockers.insert(a.blockers.end(), difficult.en.begin(), difficult.en.end());
    a.blockers_zh = infeasible.zh;
    a.blockers_zh.insert(a.blockers_zh.end(), difficult.zh.begin(), difficult.zh.end());
    basis.kind = Basis::Kind::NoPath;
    basis.count = infeasible.size();
  } else if (!difficult.empty()) {
    a.feasibility = Feasibility::Difficult;
    a.blockers = difficult.en;
    a.blockers_zh = difficult.zh;
    basis.kind = Basis::Kind::Rewrite;
    basis.count = difficult.size();
  } else {
    basis.hours = adapt_hours;
    basis.limit = m.feasible_max_adapt_hours;
    basis.mechanical = mechanical;
    basis.count = adapt;
    const bool small = adapt_hours <= m.feasible_max_adapt_hours;
    a.feasibility = small ? Feasibility::Feasible : Feasibility::NeedsAdaptation;
    basis.kind = small ? Basis::Kind::Covered : Basis::Kind::Manual;
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
