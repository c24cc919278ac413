#pragma once
// The effort model (docs/effort-model.md; parameters in rules/model/effort.yaml).
#include <array>
#include <vector>

#include "assess/assessment.hpp"
#include "assess/model.hpp"

namespace ascendify::assess {

// What to estimate: findings and kernels, the phases to verify, and whether sites/kernels
// without phases are discounted as unreached.
struct EffortScope {
  std::vector<const Finding*> findings;
  std::vector<const KernelRow*> kernels;
  std::vector<bool> kernel_needs_backward;  // parallel to kernels
  // The phases verified; each pays for what differs on the NPU there (verification_need).
  // Empty: the scope is verified as one unit (a project without entry points).
  std::vector<std::string> phases;
  // Further tasks of those phases that run code of their own (Assessment::tasks): each is
  // verified like one more phase.
  size_t extra_task_runs = 0;
  bool discount_unreached = false;
};

// Per phase of `a`, its tasks that run different code (files, rules, kernels) than the others,
// minus one: the extra verification runs the phase's tasks need.
size_t extra_task_runs(const Assessment& a, const std::string& phase);

// What verifying a phase takes: nothing (no site: CPU-only or not touching the GPU), a smoke
// run (only mechanical or no-change sites), or the full comparison (must-adapt, stops-run or
// tuning sites, or kernels).
enum class VerificationNeed : uint8_t { None, Smoke, Full };
// The need of each phase of the scope (scope.phases order; one entry when it is empty).
std::vector<VerificationNeed> verification_needs(const EffortScope& scope, const EffortModel& m);

struct EffortHours {
  double environment = 0.0;
  double verification = 0.0;
  std::array<double, 7> domain{};  // kAllDomains order; kernels are custom_op
  double kernels = 0.0;            // the kernels' part of domain[custom_op]
  double counterpart = 0.0;        // adopting the counterparts the project runs on
  double total() const;
};

// Hours of the sites of one rule: first site `first`, each further `each`, weighted by the
// site factors (guarded, unreached, covered by transfer_to_npu); info findings cost nothing.
double rule_hours(const Rule* rule, const std::vector<const Finding*>& sites, const EffortModel& m,
                  bool discount_unreached);
// Hours of one kernel: base by kind + lines + features, x templated, x backward, x fallback.
double kernel_hours(const KernelRow& k, bool needs_backward, const EffortModel& m);
// What verification is scaled by: phases by need, kernels, and the sites that change numerics
// (precision, attention) or speed (attention, tuning).
struct VerificationScope {
  size_t full_phases = 0, smoke_phases = 0, kernels = 0;
  size_t precision_sites = 0, attention_sites = 0, tuning_sites = 0;
};
// Verification over the phases that need the full comparison: the precision comparison when
// something changes numerics (precision or attention sites, kernels), performance tuning when
// something changes speed (attention or tuning sites, kernels); a phase that needs the full
// comparison while nothing changes either (a compile switch only) takes a smoke run. Plus one
// smoke run per phase that needs only that. No phase in need: nothing.
double verification_hours(const VerificationScope& v, const EffortModel& m);

EffortHours estimate(const EffortScope& scope, const EffortModel& m);
EffortRange to_weeks(double hours, const EffortModel& m);

// Fills a.effort, a.effort_by_domain, a.effort_environment, a.effort_verification and each
// phase's effort (a phase estimated alone, as if it were the only one migrated). Returns the
// hours of the whole project (the roadmap splits them into steps).
// `counterpart_hours`: adopting the counterparts the project runs on (adopt_built_on).
EffortHours fill_effort(Assessment& a, const EffortModel& m,
                        const std::vector<std::string>& training, double counterpart_hours = 0);

}  // namespace ascendify::assess
