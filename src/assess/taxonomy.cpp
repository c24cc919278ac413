#include "assess/taxonomy.hpp"

#include "core/rule.hpp"

namespace ascendify::assess {

bool stops_where_reached(const Finding& f) {
  return f.stops_run && !f.optional && !f.guarded && f.rule != nullptr &&
         !f.auto_by_transfer_to_npu;
}

SiteClass classify_site(const Finding& f) {
  if (stops_where_reached(f) && !f.phases.empty()) return SiteClass::StopsRun;
  if (f.output_only) return SiteClass::NoChange;
  // An import of a package with no NPU build, already inside try/except ImportError or under
  // an availability probe: on an NPU the import fails quietly and the fallback runs.
  if (f.guarded && f.rule && (f.rule->stops_run & Rule::kStopsAsImport)) return SiteClass::NoChange;
  if (f.rule && f.rule->site_class) return *f.rule->site_class;
  if (f.severity == Severity::Info) return SiteClass::NoChange;
  // `fix` applies a safe autofix by default; an unsafe one waits for a person's review.
  const bool fixed = f.autofix && f.rule && f.rule->autofix && f.rule->autofix->safe;
  if (f.auto_by_transfer_to_npu || fixed) return SiteClass::Mechanical;
  return SiteClass::MustAdapt;
}

void classify_sites(Assessment& a) {
  a.site_classes = {};
  for (Finding& f : a.findings) {
    f.site_class = classify_site(f);
    if (!f.phases.empty() && !f.optional && !f.guarded)
      a.site_classes[static_cast<size_t>(f.site_class)] += std::max<uint32_t>(f.sites, 1);
  }
}

}  // namespace ascendify::assess
