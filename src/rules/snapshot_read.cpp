#include "core/snapshot_io.hpp"
#include "rules/snapshot.hpp"
#include "rules/snapshot_layout.hpp"

namespace ascendify::rules {

namespace {

using snapshot::Reader;

bool flag(Reader& r) {
  return r.enumerator<uint8_t>(2) != 0;
}

template <typename E>
std::vector<E> enums(Reader& r, uint8_t limit) {
  std::vector<E> out(r.count(1));
  for (E& e : out) e = r.enumerator<E>(limit);
  return out;
}

MatchSpec read_match(Reader& r) {
  MatchSpec m;
  m.kind = r.enumerator<MatchKind>(layout::kMatchKinds);
  m.names = r.strings();
  m.prefix = flag(r);
  m.usages = enums<Usage>(r, layout::kUsages);
  m.args.resize(r.count(13));  // the smallest encoded ArgCondition
  for (ArgCondition& a : m.args) {
    a.keyword = r.str();
    a.position = r.i32();
    a.values = r.strings();
    a.present_only = flag(r);
  }
  m.contexts = enums<StringContext>(r, layout::kContexts);
  for (auto* list : {&m.keywords, &m.calls, &m.targets, &m.scope_contains, &m.exclude_names,
                     &m.categories, &m.detail_contains, &m.import_names, &m.receiver_excludes,
                     &m.exclude_contexts, &m.unless_scope_uses, &m.receiver_contains})
    *list = r.strings();
  return m;
}

Rule read_rule(Reader& r) {
  Rule rule;
  rule.id = r.str();
  rule.domain = r.enumerator<Domain>(layout::kDomains);
  rule.match = read_match(r);
  rule.message = r.str();
  rule.replacement = r.str();
  rule.message_zh = r.str();
  rule.replacement_zh = r.str();
  rule.confidence = r.enumerator<Confidence>(layout::kConfidences);
  rule.transfer_to_npu = r.enumerator<TransferCoverage>(layout::kCoverages);
  rule.severity = r.enumerator<Severity>(layout::kSeverities);
  if (flag(r)) {
    Autofix a;
    a.kind = r.enumerator<AutofixKind>(kAutofixKindCount);
    a.to = r.str();
    a.needs_torch_npu_import = flag(r);
    a.safe = flag(r);
    a.guard = flag(r);
    a.why = r.str();
    rule.autofix = std::move(a);
  }
  rule.effort.first_hours = r.f64();
  rule.effort.per_site_hours = r.f64();
  rule.refs = r.strings();
  // A rule's status is never NotInvolved (the last): that is a row's.
  rule.status = r.enumerator<DependencyStatus>(kDependencyStatusCount - 1);
  rule.aggregate_per_file = flag(r);
  rule.skip_in_tests = flag(r);
  rule.stops_run = r.u8();
  if (const uint8_t c = r.u8(); c > 0 && c <= kSiteClasses)
    rule.site_class = static_cast<SiteClass>(c - 1);
  rule.tags = r.strings();
  const uint32_t overrides = r.u32();
  for (uint32_t i = 0; i < overrides && r.ok(); ++i) {
    HardwareOverride o;
    o.profile = r.str();
    o.applies = flag(r);
    if (const uint8_t s = r.u8(); s > 0 && s <= layout::kSeverities)
      o.severity = static_cast<Severity>(s - 1);
    if (const uint8_t c = r.u8(); c > 0 && c <= kSiteClasses)
      o.site_class = static_cast<SiteClass>(c - 1);
    o.message = r.str();
    o.replacement = r.str();
    o.message_zh = r.str();
    o.replacement_zh = r.str();
    const bool has_effort = flag(r);
    const double first = r.f64(), each = r.f64();
    if (has_effort) o.effort = Effort{first, each};
    rule.hardware.push_back(std::move(o));
  }
  rule.source = r.str();
  return rule;
}

}  // namespace

bool read_rules_snapshot(std::string_view blob, uint64_t source_hash, std::vector<Rule>& rules,
                         std::vector<Diagnostic>& diagnostics) {
  const auto payload = snapshot::unframe(blob, kRulesSnapshotVersion, source_hash);
  if (!payload) return false;
  Reader r(*payload);
  std::vector<Rule> read(r.count(64));  // a rule takes well over 64 bytes
  for (Rule& rule : read) {
    if (!r.ok()) break;
    rule = read_rule(r);
  }
  std::vector<Diagnostic> diags(r.count(12));
  for (Diagnostic& d : diags) {
    d.path = r.str();
    d.line = r.u32();
    d.message = r.str();
  }
  if (!r.ok() || !r.at_end()) return false;
  rules.insert(rules.end(), std::make_move_iterator(read.begin()),
               std::make_move_iterator(read.end()));
  diagnostics.insert(diagnostics.end(), std::make_move_iterator(diags.begin()),
                     std::make_move_iterator(diags.end()));
  return true;
}

}  // namespace ascendify::rules
