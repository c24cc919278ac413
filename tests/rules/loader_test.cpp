#include <gtest/gtest.h>

#include <string>

#include "rules/embedded.hpp"
#include "rules/ruleset.hpp"

using namespace ascendify;
using ascendify::rules::RuleSet;

namespace {

// A valid rule; tests splice one line in or out to make it bad.
const char* kGood = R"(
- id: device.empty-cache
  domain: device
  match:
    kind: reference
    names: [torch.cuda.empty_cache]
    usages: [call]
  message: frees cached memory
  replacement: torch.npu.empty_cache()
  confidence: high
  transfer_to_npu: covered
  effort: {first: 0.5, each: 0.1}
  refs: ["ascend-facts.md §2.1"]
)";

struct Loaded {
  RuleSet set;
  std::vector<Diagnostic> diags;
  size_t added = 0;
};

Loaded load(const std::string& yaml) {
  Loaded l;
  l.added = l.set.add_yaml("rules/x.yaml", yaml, l.diags);
  l.set.finalize();
  return l;
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  size_t p = s.find(from);
  EXPECT_NE(p, std::string::npos) << from;
  if (p != std::string::npos) s.replace(p, from.size(), to);
  return s;
}

// Expects exactly one diagnostic at `line` whose message contains `what`.
void expect_diag(const Loaded& l, uint32_t line, const std::string& what) {
  ASSERT_EQ(l.diags.size(), 1u);
  EXPECT_EQ(l.diags[0].path, "rules/x.yaml");
  EXPECT_EQ(l.diags[0].line, line) << l.diags[0].message;
  EXPECT_NE(l.diags[0].message.find(what), std::string::npos) << l.diags[0].message;
  EXPECT_EQ(l.added, 0u);
}

}  // namespace

TEST(Loader, GoodRuleLoadsWithDefaults) {
  Loaded l = load(kGood);
  ASSERT_TRUE(l.diags.empty()) << l.diags[0].message;
  ASSERT_EQ(l.added, 1u);
  const Rule* r = l.set.find("device.empty-cache");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->domain, Domain::Device);
  EXPECT_EQ(r->match.kind, MatchKind::Reference);
  EXPECT_EQ(r->match.usages, std::vector<Usage>{Usage::Call});
  EXPECT_EQ(r->severity, Severity::Manual);  // default
  EXPECT_EQ(r->transfer_to_npu, TransferCoverage::Covered);
  EXPECT_DOUBLE_EQ(r->effort.first_hours, 0.5);
  EXPECT_DOUBLE_EQ(r->effort.per_site_hours, 0.1);
  EXPECT_EQ(r->source, "rules/x.yaml:2");
  ASSERT_EQ(l.set.exact(MatchKind::Reference, "torch.cuda.empty_cache").size(), 1u);
  EXPECT_TRUE(l.set.exact(MatchKind::Method, "torch.cuda.empty_cache").empty());
}

TEST(Loader, RulesMappingFormIsAccepted) {
  std::string nested = "rules:";
  for (char c : std::string(kGood)) {
    nested += c;
    if (c == '\n') nested += "  ";
  }
  Loaded l = load(nested);
  EXPECT_TRUE(l.diags.empty());
  EXPECT_EQ(l.added, 1u);
  EXPECT_FALSE(load("rulez: []").diags.empty());
}

TEST(Loader, UnknownKeyRejected) {
  expect_diag(load(replace(kGood, "  confidence: high", "  confidence: high\n  confidense: low")),
              11, "unknown key 'confidense'");
}

TEST(Loader, UnknownMatchKeyRejected) {
  expect_diag(load(replace(kGood, "    usages: [call]", "    usage: [call]")), 7,
              "unknown key 'usage'");
}

TEST(Loader, MissingRefsRejected) {
  expect_diag(load(replace(kGood, "  refs: [\"ascend-facts.md §2.1\"]\n", "")), 2,
              "missing 'refs'");
}

TEST(Loader, EmptyRefsRejected) {
  expect_diag(load(replace(kGood, "[\"ascend-facts.md §2.1\"]", "[]")), 13, "refs");
}

TEST(Loader, BadEnumValues) {
  expect_diag(load(replace(kGood, "confidence: high", "confidence: certain")), 10,
              "high|medium|low");
  expect_diag(load(replace(kGood, "transfer_to_npu: covered", "transfer_to_npu: yes")), 11,
              "covered|partial|not-covered");
  expect_diag(load(replace(kGood, "domain: device", "domain: gpu")), 3, "domain");
  expect_diag(load(replace(kGood, "kind: reference", "kind: regex")), 5, "kind");
  expect_diag(load(replace(kGood, "usages: [call]", "usages: [calls]")), 7, "usages");
}

TEST(Loader, IdMustCarryDomain) {
  expect_diag(load(replace(kGood, "id: device.empty-cache", "id: precision.empty-cache")), 2,
              "device.<slug>");
  expect_diag(load(replace(kGood, "id: device.empty-cache", "id: device.Empty_Cache")), 2, "slug");
}

TEST(Loader, FilterOfOtherKindRejected) {
  expect_diag(load(replace(kGood, "    usages: [call]", "    contexts: [keyword]")), 7,
              "does not apply");
  // receiver_excludes needs a receiver: method rules only.
  expect_diag(load(replace(kGood, "    usages: [call]", "    receiver_excludes: [mask]")), 7,
              "does not apply");
}

TEST(Loader, ExcludeContextsOnlyOnReferencesAndOnlyKnownValues) {
  Loaded l = load(replace(kGood, "    usages: [call]",
                          "    usages: [call]\n    exclude_contexts: [compare, table]"));
  ASSERT_TRUE(l.diags.empty()) << l.diags[0].message;
  EXPECT_EQ(l.set.find("device.empty-cache")->match.exclude_contexts,
            (std::vector<std::string>{"compare", "table"}));
  expect_diag(load(replace(kGood, "    usages: [call]", "    exclude_contexts: [comment]")), 7,
              "not compare or table");
  expect_diag(load(replace(replace(kGood, "kind: reference", "kind: method"), "    usages: [call]",
                           "    exclude_contexts: [compare]")),
              7, "does not apply");
}

TEST(Loader, ScopeUsesAndReceiverExcludesLoad) {
  Loaded l = load(replace(kGood, "    usages: [call]",
                          "    usages: [call]\n    unless_scope_uses: [torch_npu]"));
  ASSERT_TRUE(l.diags.empty()) << l.diags[0].message;
  EXPECT_EQ(l.set.find("device.empty-cache")->match.unless_scope_uses,
            std::vector<std::string>{"torch_npu"});
  Loaded m = load(replace(replace(kGood, "kind: reference", "kind: method"), "    usages: [call]",
                          "    usages: [call]\n    receiver_excludes: [Mask]"));
  ASSERT_TRUE(m.diags.empty()) << m.diags[0].message;
  EXPECT_EQ(m.set.find("device.empty-cache")->match.receiver_excludes,
            std::vector<std::string>{"mask"});  // compared lower-case
}

TEST(Loader, BadEffortAndMissingEffort) {
  expect_diag(load(replace(kGood, "first: 0.5", "first: lots")), 12, "hours");
  expect_diag(load(replace(kGood, "  effort: {first: 0.5, each: 0.1}\n", "")), 2, "effort");
  // info rules need no effort
  Loaded l = load(replace(replace(kGood, "  effort: {first: 0.5, each: 0.1}\n", ""),
                          "confidence: high", "confidence: high\n  severity: info"));
  EXPECT_TRUE(l.diags.empty());
}

TEST(Loader, AutofixValidated) {
  std::string with_fix =
      replace(kGood, "  confidence: high",
              "  autofix: {kind: rename, to: torch.npu.empty_cache, safety: safe}\n"
              "  confidence: high");
  Loaded ok = load(with_fix);
  ASSERT_TRUE(ok.diags.empty()) << ok.diags[0].message;
  ASSERT_TRUE(ok.set.find("device.empty-cache")->autofix.has_value());
  EXPECT_EQ(ok.set.find("device.empty-cache")->autofix->to, "torch.npu.empty_cache");
  expect_diag(load(replace(with_fix, "kind: rename,", "kind: rename-env,")), 10, "does not fit");
  expect_diag(load(replace(with_fix, "kind: rename,", "kind: sed,")), 10, "autofix kind");
  // Every fix declares its safety; an unsafe one says why; a safe one needs high confidence.
  expect_diag(load(replace(with_fix, ", safety: safe", "")), 10, "missing 'safety'");
  expect_diag(load(replace(with_fix, "safety: safe", "safety: maybe")), 10, "safe or unsafe");
  expect_diag(load(replace(with_fix, "safety: safe", "safety: unsafe")), 10, "needs 'why'");
  expect_diag(load(replace(with_fix, "confidence: high", "confidence: medium")), 10,
              "needs confidence high");
  Loaded unsafe = load(replace(with_fix, "safety: safe", "safety: unsafe, why: \"may differ\""));
  ASSERT_TRUE(unsafe.diags.empty()) << unsafe.diags[0].message;
  EXPECT_FALSE(unsafe.set.find("device.empty-cache")->autofix->safe);
  EXPECT_EQ(unsafe.set.find("device.empty-cache")->autofix->why, "may differ");
  Loaded medium = load(replace(replace(with_fix, "safety: safe", "safety: unsafe, why: x"),
                               "confidence: high", "confidence: medium"));
  EXPECT_TRUE(medium.diags.empty());
}

TEST(Loader, ArgsConditionValidated) {
  std::string base =
      replace(kGood, "    usages: [call]", "    args: [{position: 0, values: [cuda:0]}]");
  Loaded ok = load(base);
  ASSERT_TRUE(ok.diags.empty()) << ok.diags[0].message;
  const auto& a = ok.set.find("device.empty-cache")->match.args.at(0);
  EXPECT_EQ(a.position, 0);
  EXPECT_EQ(a.values, std::vector<std::string>{"cuda:N"});  // normalised
  expect_diag(load(replace(base, "position: 0, ", "")), 7, "keyword or position");
  expect_diag(load(replace(base, "values: [cuda:0]", "present: true, values: [x]")), 7,
              "exactly one");
  expect_diag(load(replace(base, "position: 0", "position: -1")), 7, "position");
}

TEST(Loader, DependencyNeedsStatusAndNormalisesNames) {
  const char* dep = R"(
- id: dependency.flash-attn
  domain: dependency
  match: {kind: dependency, names: [Flash_Attn], imports: [flash_attn]}
  message: m
  confidence: medium
  effort: {first: 8, each: 0}
  refs: [x]
  status: replace
)";
  Loaded ok = load(dep);
  ASSERT_TRUE(ok.diags.empty()) << ok.diags[0].message;
  EXPECT_EQ(ok.set.dependency_by_dist("flash-attn"), ok.set.find("dependency.flash-attn"));
  EXPECT_EQ(ok.set.dependency_by_import("flash_attn"), ok.set.find("dependency.flash-attn"));
  EXPECT_EQ(ok.set.dependency_by_dist("xformers"), nullptr);
  expect_diag(load(replace(dep, "  status: replace\n", "")), 2, "status");
  expect_diag(load(replace(dep, "status: replace", "status: maybe")), 9, "status");
  expect_diag(load(std::string(kGood) + "  status: replace\n"), 14, "only to dependency");
}

TEST(Loader, DuplicateIdRejectedOnce) {
  Loaded l = load(std::string(kGood) + kGood);
  ASSERT_EQ(l.diags.size(), 1u);
  EXPECT_EQ(l.diags[0].line, 15u);
  EXPECT_NE(l.diags[0].message.find("duplicate rule id"), std::string::npos);
  EXPECT_EQ(l.added, 1u);
  EXPECT_EQ(l.set.all().size(), 1u);
}

TEST(Loader, BadRuleSkippedOthersKept) {
  std::string two = replace(kGood, "confidence: high", "confidence: sure") +
                    replace(kGood, "device.empty-cache", "device.other");
  Loaded l = load(two);
  ASSERT_EQ(l.diags.size(), 1u);
  EXPECT_EQ(l.added, 1u);
  EXPECT_NE(l.set.find("device.other"), nullptr);
  EXPECT_EQ(l.set.find("device.empty-cache"), nullptr);
}

TEST(Loader, YamlSyntaxErrorIsOneDiagnostic) {
  Loaded l = load("- id: [unclosed\n  domain: device\n");
  ASSERT_EQ(l.diags.size(), 1u);
  EXPECT_NE(l.diags[0].message.find("YAML syntax error"), std::string::npos);
  EXPECT_GE(l.diags[0].line, 1u);
  EXPECT_EQ(l.added, 0u);
}

TEST(Loader, HostileInputsNeverCrash) {
  for (std::string bad :
       {std::string("42"), std::string("{other: 1}"), std::string("- 7\n- [a]"),
        std::string(5000, '['), std::string("- !!binary x\n"), std::string("- {id: a, id: b}")}) {
    Loaded l = load(bad);
    EXPECT_FALSE(l.diags.empty()) << bad.substr(0, 20);
    EXPECT_EQ(l.added, 0u);
  }
  EXPECT_TRUE(load("").diags.empty());
}

TEST(Loader, PrefixRulesSortedLongestFirst) {
  std::string a = replace(replace(kGood, "[torch.cuda.empty_cache]", "[torch.]"),
                          "    usages: [call]", "    prefix: true");
  std::string b = replace(replace(kGood, "[torch.cuda.empty_cache]", "[torch.cuda.]"),
                          "    usages: [call]", "    prefix: true");
  b = replace(b, "device.empty-cache", "device.b");
  Loaded l = load(a + b);
  ASSERT_TRUE(l.diags.empty()) << l.diags[0].message;
  const auto& p = l.set.prefixed(MatchKind::Reference);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0]->id, "device.b");
  EXPECT_EQ(p[1]->id, "device.empty-cache");
  EXPECT_EQ(l.set.index_of(p[0]), 1u);
}

TEST(NormalizeDistName, Pep503) {
  EXPECT_EQ(rules::normalize_dist_name("Flash_Attn"), "flash-attn");
  EXPECT_EQ(rules::normalize_dist_name("nvidia-ml-py"), "nvidia-ml-py");
  EXPECT_EQ(rules::normalize_dist_name("Foo.__Bar--baz"), "foo-bar-baz");
  EXPECT_EQ(rules::normalize_dist_name(" xformers "), "xformers");
  EXPECT_EQ(rules::normalize_dist_name(""), "");
}

TEST(EmbeddedRules, AllLoadCleanly) {
  std::vector<Diagnostic> diags;
  RuleSet set = rules::load_rules({}, diags);
  for (const auto& d : diags) ADD_FAILURE() << d.path << ":" << d.line << ": " << d.message;
  EXPECT_GE(set.all().size(), 40u);
  // One file per domain (plus grouping files such as environment.yaml).
  for (Domain d : kAllDomains) {
    std::string want = "rules/" + std::string(to_string(d)) + ".yaml";
    bool found = false;
    for (const auto& f : rules::embedded_rule_files()) found = found || f.name == want;
    EXPECT_TRUE(found) << want;
  }
}

TEST(EmbeddedRules, ExtraFileUnreadableIsDiagnostic) {
  std::vector<Diagnostic> diags;
  RuleSet set = rules::load_rules({"/nonexistent/rules.yaml"}, diags);
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].path, "/nonexistent/rules.yaml");
}
