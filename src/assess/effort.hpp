#pragma once
// The effort model (docs/effort-model.md; parameters in rules/model/effort.yaml).
#include <array>
#include <vector>

#include "assess/assessment.hpp"
#include "assess/model.hpp"

namespace ascendify::assess {

// What to estimate: findings and kernels, the number of phases to verify, and whether
// sites/kernels without phases are discounted as unreached.
struct EffortScope {
  std::vector<const Finding*> findings;
  std::vector<const KernelRow*> kernels;
  std::vector<bool> kernel_needs_backward;  // parallel to kernels
  size_t phases = 1;
  bool discount_unreached = false;
};

struct EffortHours {
  double environment = 0.0;
  double verification = 0.0;
  std::array<double, 7> domain{};  // kAllDomains order; kernels are custom_op
  double total() const;
};

// Hours of the sites of one rule: first site `first`, each further `each`, weighted by the
// site factors (guarded, unreached, covered by transfer_to_npu); info findings cost nothing.
double rule_hours(const Rule* rule, const std::vector<const Finding*>& sites, const EffortModel& m,
                  bool discount_unreached);
// Hours of one kernel: base by kind + lines + features, x templated, x backward, x fallback.
double kernel_hours(const KernelRow& k, bool needs_backward, const EffortModel& m);
// Verification: precision comparison + performance tuning, scaled to the scope.
double verification_hours(size_t phases, size_t kernels, size_t precision_sites,
                          size_t attention_sites, const EffortModel& m);

EffortHours estimate(const EffortScope& scope, const EffortModel& m);
EffortRange to_weeks(double hours, const EffortModel& m);

// Fills a.effort, a.effort_by_domain, a.effort_environment, a.effort_verification and each
// phase's effort (a phase estimated alone, as if it were the only one migrated). Returns the
// hours of the whole project (the roadmap splits them into steps).
EffortHours fill_effort(Assessment& a, const EffortModel& m,
                        const std::vector<std::string>& training);

}  // namespace ascendify::assess
