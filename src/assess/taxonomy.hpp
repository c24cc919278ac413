#pragma once
// The site taxonomy the verdict is built on (docs/effort-model.md "Site taxonomy"): what each
// finding asks of the port, Finding::site_class.
//   stops-run  — a Finding::stops_run site some phase reaches, not optional, not guarded, and
//                not made to hold by transfer_to_npu (the run stops there);
//   no-change  — a value only printed or logged (Finding::output_only);
//   then the rule's own `class:` when it has one (a no-op on an NPU, a speed-only change);
//   no-change  — info findings;
//   mechanical — transfer_to_npu covers it, or `ascendify fix` rewrites it by default (a safe
//                autofix);
//   must-adapt — everything else.
#include <array>

#include "assess/assessment.hpp"

namespace ascendify::assess {

// The class of one finding (its phases, optional and guarded flags already set).
SiteClass classify_site(const Finding& f);

// Sets every finding's site_class and a.site_classes: the count of each class among the
// findings the phases require (reached, not optional, not guarded).
void classify_sites(Assessment& a);

// A stops_run finding that stops the run where it is reached: not optional, not guarded, not
// covered by transfer_to_npu (the start-up lines make such checks hold on an NPU).
bool stops_where_reached(const Finding& f);

}  // namespace ascendify::assess
