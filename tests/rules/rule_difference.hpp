#pragma once
// Field-by-field comparison of two rules (every field of Rule, MatchSpec, ArgCondition, Autofix
// and Effort): the name of the first field that differs, empty when the rules are equal.
// FieldDiff also serves the model comparison (tests/assess/model_snapshot_test.cpp).
#include <string>
#include <string_view>

#include "core/rule.hpp"

namespace ascendify::test {

class FieldDiff {
 public:
  template <typename T>
  void field(std::string_view name, const T& a, const T& b) {
    if (first_.empty() && !(a == b)) first_ = std::string(name);
  }
  const std::string& first() const { return first_; }

 private:
  std::string first_;
};

inline std::string rule_difference(const Rule& a, const Rule& b) {
  FieldDiff d;
  d.field("id", a.id, b.id);
  d.field("domain", a.domain, b.domain);
  const MatchSpec& x = a.match;
  const MatchSpec& y = b.match;
  d.field("match.kind", x.kind, y.kind);
  d.field("match.names", x.names, y.names);
  d.field("match.prefix", x.prefix, y.prefix);
  d.field("match.usages", x.usages, y.usages);
  d.field("match.args.size", x.args.size(), y.args.size());
  for (size_t i = 0; i < x.args.size() && i < y.args.size(); ++i) {
    d.field("match.args.keyword", x.args[i].keyword, y.args[i].keyword);
    d.field("match.args.position", x.args[i].position, y.args[i].position);
    d.field("match.args.values", x.args[i].values, y.args[i].values);
    d.field("match.args.present_only", x.args[i].present_only, y.args[i].present_only);
  }
  d.field("match.contexts", x.contexts, y.contexts);
  d.field("match.keywords", x.keywords, y.keywords);
  d.field("match.calls", x.calls, y.calls);
  d.field("match.targets", x.targets, y.targets);
  d.field("match.scope_contains", x.scope_contains, y.scope_contains);
  d.field("match.exclude_names", x.exclude_names, y.exclude_names);
  d.field("match.categories", x.categories, y.categories);
  d.field("match.detail_contains", x.detail_contains, y.detail_contains);
  d.field("match.import_names", x.import_names, y.import_names);
  d.field("match.receiver_excludes", x.receiver_excludes, y.receiver_excludes);
  d.field("match.exclude_contexts", x.exclude_contexts, y.exclude_contexts);
  d.field("match.unless_scope_uses", x.unless_scope_uses, y.unless_scope_uses);
  d.field("message", a.message, b.message);
  d.field("replacement", a.replacement, b.replacement);
  d.field("confidence", a.confidence, b.confidence);
  d.field("transfer_to_npu", a.transfer_to_npu, b.transfer_to_npu);
  d.field("severity", a.severity, b.severity);
  d.field("autofix", a.autofix.has_value(), b.autofix.has_value());
  if (a.autofix && b.autofix) {
    d.field("autofix.kind", a.autofix->kind, b.autofix->kind);
    d.field("autofix.to", a.autofix->to, b.autofix->to);
    d.field("autofix.needs_torch_npu_import", a.autofix->needs_torch_npu_import,
            b.autofix->needs_torch_npu_import);
    d.field("autofix.safe", a.autofix->safe, b.autofix->safe);
    d.field("autofix.guard", a.autofix->guard, b.autofix->guard);
    d.field("autofix.why", a.autofix->why, b.autofix->why);
  }
  d.field("effort.first_hours", a.effort.first_hours, b.effort.first_hours);
  d.field("effort.per_site_hours", a.effort.per_site_hours, b.effort.per_site_hours);
  d.field("refs", a.refs, b.refs);
  d.field("status", a.status, b.status);
  d.field("aggregate_per_file", a.aggregate_per_file, b.aggregate_per_file);
  d.field("skip_in_tests", a.skip_in_tests, b.skip_in_tests);
  d.field("stops_run", int(a.stops_run), int(b.stops_run));
  d.field("site_class", a.site_class ? int(*a.site_class) : -1,
          b.site_class ? int(*b.site_class) : -1);
  d.field("tags", a.tags, b.tags);
  d.field("source", a.source, b.source);
  return d.first();
}

}  // namespace ascendify::test
