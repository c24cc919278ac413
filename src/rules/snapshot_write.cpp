#include "core/snapshot_io.hpp"
#include "rules/snapshot.hpp"
#include "rules/snapshot_layout.hpp"

namespace ascendify::rules {

namespace {

template <typename E>
void enums(snapshot::Writer& w, const std::vector<E>& list) {
  w.u32(static_cast<uint32_t>(list.size()));
  for (E e : list) w.u8(static_cast<uint8_t>(e));
}

void write_match(snapshot::Writer& w, const MatchSpec& m) {
  w.u8(static_cast<uint8_t>(m.kind));
  w.strings(m.names);
  w.u8(m.prefix);
  enums(w, m.usages);
  w.u32(static_cast<uint32_t>(m.args.size()));
  for (const ArgCondition& a : m.args) {
    w.str(a.keyword);
    w.i32(a.position);
    w.strings(a.values);
    w.u8(a.present_only);
  }
  enums(w, m.contexts);
  for (const auto* list : {&m.keywords, &m.calls, &m.targets, &m.scope_contains, &m.exclude_names,
                           &m.categories, &m.detail_contains, &m.import_names, &m.receiver_excludes,
                           &m.exclude_contexts, &m.unless_scope_uses, &m.receiver_contains})
    w.strings(*list);
}

void write_rule(snapshot::Writer& w, const Rule& r) {
  w.str(r.id);
  w.u8(static_cast<uint8_t>(r.domain));
  write_match(w, r.match);
  w.str(r.message);
  w.str(r.replacement);
  w.str(r.message_zh);
  w.str(r.replacement_zh);
  w.u8(static_cast<uint8_t>(r.confidence));
  w.u8(static_cast<uint8_t>(r.transfer_to_npu));
  w.u8(static_cast<uint8_t>(r.severity));
  w.u8(r.autofix.has_value());
  if (r.autofix) {
    w.u8(static_cast<uint8_t>(r.autofix->kind));
    w.str(r.autofix->to);
    w.u8(r.autofix->needs_torch_npu_import);
    w.u8(r.autofix->safe);
    w.u8(r.autofix->guard);
    w.str(r.autofix->why);
  }
  w.f64(r.effort.first_hours);
  w.f64(r.effort.per_site_hours);
  w.strings(r.refs);
  w.u8(static_cast<uint8_t>(r.status));
  w.u8(r.aggregate_per_file);
  w.u8(r.skip_in_tests);
  w.u8(r.stops_run);
  w.u8(r.site_class ? static_cast<uint8_t>(*r.site_class) + 1 : 0);
  w.strings(r.tags);
  w.u32(static_cast<uint32_t>(r.hardware.size()));
  for (const HardwareOverride& o : r.hardware) {
    w.str(o.profile);
    w.u8(o.applies);
    w.u8(o.severity ? static_cast<uint8_t>(*o.severity) + 1 : 0);
    w.u8(o.site_class ? static_cast<uint8_t>(*o.site_class) + 1 : 0);
    w.str(o.message);
    w.str(o.replacement);
    w.str(o.message_zh);
    w.str(o.replacement_zh);
    w.u8(o.effort.has_value());
    w.f64(o.effort ? o.effort->first_hours : 0.0);
    w.f64(o.effort ? o.effort->per_site_hours : 0.0);
  }
  w.str(r.source);
}

}  // namespace

std::string write_rules_snapshot(const std::vector<Rule>& rules,
                                 const std::vector<Diagnostic>& diagnostics, uint64_t source_hash) {
  snapshot::Writer w;
  w.u32(static_cast<uint32_t>(rules.size()));
  for (const Rule& r : rules) write_rule(w, r);
  w.u32(static_cast<uint32_t>(diagnostics.size()));
  for (const Diagnostic& d : diagnostics) {
    w.str(d.path);
    w.u32(d.line);
    w.str(d.message);
  }
  return snapshot::frame(w.bytes(), kRulesSnapshotVersion, source_hash);
}

}  // namespace ascendify::rules
