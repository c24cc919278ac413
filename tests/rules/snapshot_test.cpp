#include "rules/snapshot.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "core/snapshot_io.hpp"
#include "rule_difference.hpp"
#include "rules/embedded.hpp"
#include "rules/ruleset.hpp"

using namespace ascendify;
using ascendify::rules::RuleSet;
using ascendify::test::rule_difference;

namespace {

// A rule with every field away from its default (and two args conditions).
Rule full_rule() {
  Rule r;
  r.id = "attention.x";
  r.domain = Domain::Attention;
  r.match.kind = MatchKind::String;
  r.match.names = {"cuda:N", "nccl"};
  r.match.prefix = true;
  r.match.usages = {Usage::Call, Usage::ClassBase};
  r.match.args = {{"device", 2, {"cuda", "cuda:N"}, false}, {"", 0, {}, true}};
  r.match.contexts = {StringContext::Keyword, StringContext::Return};
  r.match.keywords = {"device"};
  r.match.calls = {"torch.device"};
  r.match.targets = {"device"};
  r.match.scope_contains = {"train"};
  r.match.exclude_names = {"torch.cuda.amp"};
  r.match.categories = {"kernel"};
  r.match.detail_contains = {"+cu"};
  r.match.import_names = {"flash_attn"};
  r.match.receiver_excludes = {"mask"};
  r.match.exclude_contexts = {"compare"};
  r.match.unless_scope_uses = {"torch_npu", "mindiesd"};
  r.message = "message";
  r.replacement = "replacement";
  r.confidence = Confidence::Low;
  r.transfer_to_npu = TransferCoverage::Partial;
  r.severity = Severity::Blocker;
  r.autofix = Autofix{AutofixKind::ReplaceString,         "npu", false, false, true,
                      "the value may be other vocabulary"};
  r.effort = {1.5, 0.125};
  r.refs = {"ascend-facts.md §2.1", "x"};
  r.status = DependencyStatus::Replace;
  r.aggregate_per_file = true;
  r.skip_in_tests = true;
  r.tags = {"fa2", "varlen"};
  r.site_class = SiteClass::Tuning;
  r.source = "rules/attention.yaml:7";
  return r;
}

// Each mutation changes one field of full_rule(): the comparison must name that field.
const std::vector<std::pair<std::string, std::function<void(Rule&)>>>& mutations() {
  static const std::vector<std::pair<std::string, std::function<void(Rule&)>>> m = {
      {"id", [](Rule& r) { r.id += "y"; }},
      {"domain", [](Rule& r) { r.domain = Domain::Device; }},
      {"match.kind", [](Rule& r) { r.match.kind = MatchKind::Env; }},
      {"match.names", [](Rule& r) { r.match.names.pop_back(); }},
      {"match.prefix", [](Rule& r) { r.match.prefix = false; }},
      {"match.usages", [](Rule& r) { r.match.usages[1] = Usage::Load; }},
      {"match.args.size", [](Rule& r) { r.match.args.pop_back(); }},
      {"match.args.keyword", [](Rule& r) { r.match.args[0].keyword = "dev"; }},
      {"match.args.position", [](Rule& r) { r.match.args[1].position = 1; }},
      {"match.args.values", [](Rule& r) { r.match.args[0].values[0] = "npu"; }},
      {"match.args.present_only", [](Rule& r) { r.match.args[1].present_only = false; }},
      {"match.contexts", [](Rule& r) { r.match.contexts.clear(); }},
      {"match.keywords", [](Rule& r) { r.match.keywords.push_back("k"); }},
      {"match.calls", [](Rule& r) { r.match.calls[0] = "f"; }},
      {"match.targets", [](Rule& r) { r.match.targets.clear(); }},
      {"match.scope_contains", [](Rule& r) { r.match.scope_contains[0] = "eval"; }},
      {"match.exclude_names", [](Rule& r) { r.match.exclude_names.clear(); }},
      {"match.categories", [](Rule& r) { r.match.categories[0] = "launch"; }},
      {"match.detail_contains", [](Rule& r) { r.match.detail_contains.clear(); }},
      {"match.import_names", [](Rule& r) { r.match.import_names[0] = "xformers"; }},
      {"match.receiver_excludes", [](Rule& r) { r.match.receiver_excludes.clear(); }},
      {"match.exclude_contexts", [](Rule& r) { r.match.exclude_contexts.clear(); }},
      {"match.unless_scope_uses", [](Rule& r) { r.match.unless_scope_uses.pop_back(); }},
      {"message", [](Rule& r) { r.message = "m"; }},
      {"replacement", [](Rule& r) { r.replacement.clear(); }},
      {"confidence", [](Rule& r) { r.confidence = Confidence::High; }},
      {"transfer_to_npu", [](Rule& r) { r.transfer_to_npu = TransferCoverage::Covered; }},
      {"severity", [](Rule& r) { r.severity = Severity::Info; }},
      {"autofix", [](Rule& r) { r.autofix.reset(); }},
      {"autofix.kind", [](Rule& r) { r.autofix->kind = AutofixKind::Rename; }},
      {"autofix.to", [](Rule& r) { r.autofix->to = "xpu"; }},
      {"autofix.needs_torch_npu_import", [](Rule& r) { r.autofix->needs_torch_npu_import = true; }},
      {"effort.first_hours", [](Rule& r) { r.effort.first_hours = 2; }},
      {"effort.per_site_hours", [](Rule& r) { r.effort.per_site_hours = 0.25; }},
      {"refs", [](Rule& r) { r.refs.pop_back(); }},
      {"status", [](Rule& r) { r.status = DependencyStatus::Compatible; }},
      {"aggregate_per_file", [](Rule& r) { r.aggregate_per_file = false; }},
      {"skip_in_tests", [](Rule& r) { r.skip_in_tests = false; }},
      {"tags", [](Rule& r) { r.tags[0] = "fa3"; }},
      {"site_class", [](Rule& r) { r.site_class = SiteClass::NoChange; }},
      {"source", [](Rule& r) { r.source = "rules/attention.yaml:8"; }},
  };
  return m;
}

std::string set_difference(const std::vector<Rule>& a, const std::vector<Rule>& b) {
  if (a.size() != b.size())
    return "rule count " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
  for (size_t i = 0; i < a.size(); ++i)
    if (std::string d = rule_difference(a[i], b[i]); !d.empty()) return a[i].id + ": " + d;
  return "";
}

std::string diag_difference(const std::vector<Diagnostic>& a, const std::vector<Diagnostic>& b) {
  if (a.size() != b.size()) return "diagnostic count";
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].path != b[i].path || a[i].line != b[i].line || a[i].message != b[i].message)
      return "diagnostic " + std::to_string(i);
  return "";
}

std::vector<Rule> yaml_rules(std::vector<Diagnostic>& diags) {
  RuleSet set;
  rules::add_embedded_yaml(set, diags);
  return set.all();
}

TEST(RuleDifference, NamesEachFieldThatDiffers) {
  const Rule base = full_rule();
  EXPECT_EQ(rule_difference(base, base), "");
  EXPECT_EQ(mutations().size(), 41u);
  for (const auto& [field, mutate] : mutations()) {
    Rule changed = base;
    mutate(changed);
    EXPECT_EQ(rule_difference(base, changed), field);
    EXPECT_EQ(rule_difference(changed, base), field);
  }
}

TEST(RulesSnapshot, RoundTripKeepsEveryField) {
  std::vector<Rule> in = {full_rule(), Rule{}};
  for (const auto& [field, mutate] : mutations()) {  // each field also at its other value
    in.push_back(full_rule());
    mutate(in.back());
  }
  const std::vector<Diagnostic> diags = {{"rules/a.yaml", 3, "bad"}, {"", 0, ""}};
  const std::string blob = rules::write_rules_snapshot(in, diags, 99);
  std::vector<Rule> out;
  std::vector<Diagnostic> out_diags;
  ASSERT_TRUE(rules::read_rules_snapshot(blob, 99, out, out_diags));
  EXPECT_EQ(set_difference(in, out), "");
  EXPECT_EQ(diag_difference(diags, out_diags), "");
}

TEST(RulesSnapshot, EmbeddedSnapshotIsBuiltAndCurrent) {
  std::vector<Rule> rules;
  std::vector<Diagnostic> diags;
  ASSERT_TRUE(rules::read_rules_snapshot(rules::embedded_rules_snapshot(),
                                         rules::embedded_rules_hash(), rules, diags));
  EXPECT_GE(rules.size(), 400u);
}

TEST(RulesSnapshot, EqualsTheRulesParsedFromYaml) {
  std::vector<Diagnostic> yaml_diags, snap_diags;
  const std::vector<Rule> from_yaml = yaml_rules(yaml_diags);
  std::vector<Rule> from_snapshot;
  ASSERT_TRUE(rules::read_rules_snapshot(rules::embedded_rules_snapshot(),
                                         rules::embedded_rules_hash(), from_snapshot, snap_diags));
  EXPECT_EQ(set_difference(from_yaml, from_snapshot), "");
  EXPECT_EQ(diag_difference(yaml_diags, snap_diags), "");
}

// The indexes built over the snapshot's rules answer like those over the YAML's.
TEST(RulesSnapshot, LoadedSetIndexesLikeTheYamlSet) {
  std::vector<Diagnostic> d1, d2;
  const RuleSet snap = rules::load_rules({}, d1);
  const RuleSet yaml = rules::load_rules({}, d2, {});
  ASSERT_EQ(set_difference(yaml.all(), snap.all()), "");
  auto indexes = [](const RuleSet& s, const std::vector<const Rule*>& v) {
    std::vector<size_t> out;
    for (const Rule* r : v) out.push_back(s.index_of(r));
    return out;
  };
  size_t checked = 0;
  for (const Rule& r : yaml.all()) {
    EXPECT_EQ(snap.find(r.id), &snap.all()[yaml.index_of(&r)]);
    for (const std::string& name : r.match.names) {
      EXPECT_EQ(indexes(yaml, yaml.exact(r.match.kind, name)),
                indexes(snap, snap.exact(r.match.kind, name)));
      EXPECT_EQ(indexes(yaml, yaml.prefixed_by(r.match.kind, name)),
                indexes(snap, snap.prefixed_by(r.match.kind, name)));
      ++checked;
    }
    EXPECT_EQ(indexes(yaml, yaml.prefixed(r.match.kind)),
              indexes(snap, snap.prefixed(r.match.kind)));
    if (r.match.kind == MatchKind::Dependency && !r.match.names.empty()) {
      const Rule* a = yaml.dependency_by_dist(r.match.names[0]);
      const Rule* b = snap.dependency_by_dist(r.match.names[0]);
      ASSERT_EQ(a == nullptr, b == nullptr);
      if (a) {
        EXPECT_EQ(yaml.index_of(a), snap.index_of(b));
      }
    }
  }
  EXPECT_GT(checked, 1000u);
}

// Missing, stale or corrupt: read_rules_snapshot refuses it (outputs untouched) and load_rules
// parses the embedded YAML instead; nothing else changes.
TEST(RulesSnapshot, BadSnapshotFallsBackToYaml) {
  const std::string good(rules::embedded_rules_snapshot());
  const uint64_t hash = rules::embedded_rules_hash();
  ASSERT_GT(good.size(), 1000u);
  const auto payload = snapshot::unframe(good, rules::kRulesSnapshotVersion, hash);
  ASSERT_TRUE(payload);
  std::string flipped = good;
  flipped[good.size() / 2] ^= 1;
  std::string other_version = good;
  other_version[8] ^= 1;
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"empty", ""},
      {"truncated", good.substr(0, good.size() - 1)},
      {"flipped byte", flipped},
      {"other version", other_version},
      // Framed correctly, but the payload itself is short or has bytes left over: the decoder's
      // own checks.
      {"short payload", snapshot::frame(payload->substr(0, payload->size() / 2),
                                        rules::kRulesSnapshotVersion, hash)},
      {"trailing bytes",
       snapshot::frame(std::string(*payload) + "x", rules::kRulesSnapshotVersion, hash)},
      {"garbage", snapshot::frame(std::string(300, '\xff'), rules::kRulesSnapshotVersion, hash)},
  };
  std::vector<Diagnostic> yaml_diags;
  const std::vector<Rule> from_yaml = yaml_rules(yaml_diags);
  for (const auto& [what, blob] : bad) {
    std::vector<Rule> rules(1);
    std::vector<Diagnostic> diags;
    EXPECT_FALSE(rules::read_rules_snapshot(blob, hash, rules, diags)) << what;
    EXPECT_EQ(rules.size(), 1u) << what;
    EXPECT_TRUE(diags.empty()) << what;
    std::vector<Diagnostic> load_diags;
    const RuleSet set = rules::load_rules({}, load_diags, blob);
    EXPECT_EQ(set_difference(from_yaml, set.all()), "") << what;
    EXPECT_EQ(diag_difference(yaml_diags, load_diags), "") << what;
  }
  std::vector<Rule> rules;
  std::vector<Diagnostic> diags;
  EXPECT_FALSE(rules::read_rules_snapshot(good, hash + 1, rules, diags));  // other YAML
  EXPECT_TRUE(rules::read_rules_snapshot(good, hash, rules, diags));
}

// --rules files are still parsed from YAML after the snapshot, with the same diagnostics: a
// rule reusing an embedded id is reported (the snapshot's ids are known) and skipped.
TEST(RulesSnapshot, UserRuleFilesAreParsedAfterTheSnapshot) {
  const auto path = std::filesystem::temp_directory_path() / "ascendify_snapshot_user_rules.yaml";
  std::ofstream(path) << R"(- id: device.user-rule
  domain: device
  match: {kind: reference, names: [torch.cuda.user_thing]}
  message: user rule
  confidence: high
  effort: {first: 1, each: 0.5}
  refs: [mine]
- id: device.cuda-is-available
  domain: device
  match: {kind: reference, names: [torch.cuda.other]}
  message: reuses an embedded id
  confidence: high
  effort: {first: 1, each: 0.5}
  refs: [mine]
- id: device.no-such-kind
  domain: device
  match: {kind: nonsense, names: [x]}
  message: bad
  confidence: high
  refs: [mine]
)";
  std::vector<Diagnostic> snap_diags, yaml_diags;
  const RuleSet snap = rules::load_rules({path.string()}, snap_diags);
  const RuleSet yaml = rules::load_rules({path.string()}, yaml_diags, {});
  std::filesystem::remove(path);
  EXPECT_EQ(set_difference(yaml.all(), snap.all()), "");
  EXPECT_EQ(diag_difference(yaml_diags, snap_diags), "");
  ASSERT_EQ(snap_diags.size(), 2u);
  EXPECT_EQ(snap_diags[0].path, path.string());
  EXPECT_EQ(snap_diags[0].line, 8u);
  EXPECT_EQ(snap_diags[0].message, "duplicate rule id 'device.cuda-is-available' (rule skipped)");
  EXPECT_EQ(snap_diags[1].line, 17u);
  ASSERT_NE(snap.find("device.user-rule"), nullptr);
  EXPECT_EQ(snap.find("device.user-rule")->message, "user rule");
  EXPECT_EQ(snap.find("device.cuda-is-available")->source, "rules/device.yaml:7");
  EXPECT_EQ(snap.exact(MatchKind::Reference, "torch.cuda.user_thing").size(), 1u);
  EXPECT_TRUE(snap.exact(MatchKind::Reference, "torch.cuda.other").empty());
}

}  // namespace
