#include "rules/rule_parser.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <set>

#include "core/text.hpp"
#include "rules/normalize.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::rules {

namespace {

struct Fail {
  uint32_t line;
  std::string reason;
};

uint32_t line_of(const YAML::Node& n) {
  int l = n.Mark().line;
  return l >= 0 ? static_cast<uint32_t>(l) + 1 : 0;
}

[[noreturn]] void fail(const YAML::Node& n, std::string reason) {
  throw Fail{line_of(n), std::move(reason)};
}

// Checks that `map` is a mapping whose keys are unique scalars from `allowed`.
void check_keys(const YAML::Node& map, std::string_view what,
                std::initializer_list<std::string_view> allowed) {
  if (!map.IsMap()) fail(map, std::string(what) + " must be a mapping");
  std::set<std::string> seen;
  for (const auto& kv : map) {
    if (!kv.first.IsScalar()) fail(kv.first, std::string(what) + ": keys must be plain words");
    const std::string key = kv.first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
      fail(kv.first, "unknown key '" + key + "' in " + std::string(what));
    if (!seen.insert(key).second)
      fail(kv.first, "duplicate key '" + key + "' in " + std::string(what));
  }
}

std::string scalar(const YAML::Node& n, std::string_view key) {
  if (!n.IsScalar()) fail(n, "'" + std::string(key) + "' must be a string");
  return n.Scalar();
}

std::string non_empty(const YAML::Node& n, std::string_view key) {
  std::string s = scalar(n, key);
  if (s.empty()) fail(n, "'" + std::string(key) + "' must not be empty");
  return s;
}

bool boolean(const YAML::Node& n, std::string_view key) {
  std::string s = scalar(n, key);
  if (s == "true") return true;
  if (s == "false") return false;
  fail(n, "'" + std::string(key) + "' must be true or false, not '" + s + "'");
}

double hours(const YAML::Node& n, std::string_view key) {
  std::string s = scalar(n, key);
  try {
    size_t used = 0;
    double v = std::stod(s, &used);
    if (used == s.size() && std::isfinite(v) && v >= 0) return v;
  } catch (...) {
  }
  fail(n, "'" + std::string(key) + "' must be a number of hours >= 0, not '" + s + "'");
}

std::vector<std::string> string_list(const YAML::Node& n, std::string_view key) {
  if (!n.IsSequence()) fail(n, "'" + std::string(key) + "' must be a list");
  std::vector<std::string> out;
  for (const auto& item : n) out.push_back(non_empty(item, key));
  return out;
}

template <typename E>
E parse_word(const YAML::Node& n, std::string_view key,
             std::initializer_list<std::pair<std::string_view, E>> words) {
  std::string s = scalar(n, key);
  std::string allowed;
  for (const auto& [w, e] : words) {
    if (w == s) return e;
    if (!allowed.empty()) allowed += '|';
    allowed += w;
  }
  fail(n, "'" + std::string(key) + "' must be one of " + allowed + ", not '" + s + "'");
}

template <typename E>
E parse_enum(const YAML::Node& n, std::string_view key, std::optional<E> (*parse)(std::string_view),
             std::string_view allowed) {
  std::string s = scalar(n, key);
  if (auto v = parse(s)) return *v;
  fail(n,
       "'" + std::string(key) + "' must be one of " + std::string(allowed) + ", not '" + s + "'");
}

MatchKind parse_kind(const YAML::Node& n) {
  return parse_word<MatchKind>(n, "kind",
                               {{"reference", MatchKind::Reference},
                                {"import", MatchKind::Import},
                                {"method", MatchKind::Method},
                                {"string", MatchKind::String},
                                {"dependency", MatchKind::Dependency},
                                {"env", MatchKind::Env},
                                {"command", MatchKind::Command},
                                {"image", MatchKind::Image},
                                {"native", MatchKind::Native}});
}

ArgCondition parse_arg(const YAML::Node& n) {
  check_keys(n, "an args condition", {"keyword", "position", "values", "present"});
  ArgCondition a;
  if (n["keyword"]) a.keyword = non_empty(n["keyword"], "keyword");
  if (n["position"]) {
    std::string s = scalar(n["position"], "position");
    if (s.empty() || s.size() > 3 ||
        !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
      fail(n["position"], "'position' must be an integer >= 0, not '" + s + "'");
    a.position = std::stoi(s);
  }
  if (a.keyword.empty() && a.position < 0) fail(n, "an args condition needs keyword or position");
  if (n["present"]) a.present_only = boolean(n["present"], "present");
  if (n["values"]) {
    for (auto& v : string_list(n["values"], "values")) a.values.push_back(normalize_value(v));
    if (a.values.empty()) fail(n["values"], "'values' must not be empty");
  }
  if (a.present_only == !a.values.empty())
    fail(n, "an args condition needs exactly one of 'values' or 'present: true'");
  return a;
}

bool kind_in(MatchKind k, std::initializer_list<MatchKind> ks) {
  return std::find(ks.begin(), ks.end(), k) != ks.end();
}

MatchSpec parse_match(const YAML::Node& n) {
  check_keys(n, "match",
             {"kind", "names", "prefix", "usages", "args", "contexts", "keywords", "calls",
              "targets", "scope_contains", "exclude", "categories", "imports", "detail_contains",
              "receiver_excludes", "receiver_contains", "exclude_contexts", "unless_scope_uses"});
  if (!n["kind"]) fail(n, "match: missing 'kind'");
  MatchSpec m;
  m.kind = parse_kind(n["kind"]);
  const MatchKind k = m.kind;
  using MK = MatchKind;
  // Each filter only where it means something: a misplaced filter is an error, not a no-op.
  auto only = [&](const char* key, std::initializer_list<MatchKind> kinds) {
    if (n[key] && !kind_in(k, kinds))
      fail(n[key], std::string("'") + key + "' does not apply to match kind '" +
                       scalar(n["kind"], "kind") + "'");
  };
  only("prefix", {MK::Reference, MK::Import, MK::Method, MK::String, MK::Env, MK::Command,
                  MK::Image, MK::Native});
  only("usages", {MK::Reference, MK::Method});
  only("args", {MK::Reference, MK::Method});
  only("contexts", {MK::String});
  only("keywords", {MK::String});
  only("calls", {MK::String});
  only("targets", {MK::String});
  only("scope_contains", {MK::Reference, MK::Method, MK::String});
  only("categories", {MK::Native});
  only("imports", {MK::Dependency});
  only("detail_contains", {MK::Dependency, MK::Command, MK::Env, MK::Image});
  only("receiver_excludes", {MK::Method});
  only("receiver_contains", {MK::Method});
  only("exclude_contexts", {MK::Reference});
  only("unless_scope_uses", {MK::Reference, MK::Method, MK::String});

  if (n["prefix"]) m.prefix = boolean(n["prefix"], "prefix");
  if (n["names"]) {
    for (auto& name : string_list(n["names"], "names")) {
      if (k == MK::Dependency)
        name = normalize_dist_name(name);
      else if (k == MK::String)
        name = normalize_value(name);
      else if (k == MK::Image)
        name = normalize_image(name);
      m.names.push_back(std::move(name));
    }
  }
  if (n["usages"]) {
    if (!n["usages"].IsSequence()) fail(n["usages"], "'usages' must be a list");
    for (const auto& u : n["usages"]) {
      m.usages.push_back(parse_word<Usage>(u, "usages",
                                           {{"call", Usage::Call},
                                            {"decorator", Usage::Decorator},
                                            {"with", Usage::With},
                                            {"assign", Usage::Assign},
                                            {"base", Usage::ClassBase},
                                            {"load", Usage::Load}}));
    }
  }
  if (n["args"]) {
    if (!n["args"].IsSequence() || n["args"].size() == 0)
      fail(n["args"], "'args' must be a non-empty list");
    for (const auto& a : n["args"]) m.args.push_back(parse_arg(a));
  }
  if (n["contexts"]) {
    if (!n["contexts"].IsSequence()) fail(n["contexts"], "'contexts' must be a list");
    for (const auto& c : n["contexts"]) {
      m.contexts.push_back(parse_word<StringContext>(c, "contexts",
                                                     {{"keyword", StringContext::Keyword},
                                                      {"positional", StringContext::Positional},
                                                      {"assign", StringContext::AssignValue},
                                                      {"compare", StringContext::Compare},
                                                      {"default", StringContext::DefaultParam},
                                                      {"dict", StringContext::DictValue},
                                                      {"subscript", StringContext::Subscript},
                                                      {"return", StringContext::Return}}));
    }
  }
  if (n["keywords"]) m.keywords = string_list(n["keywords"], "keywords");
  if (n["calls"]) m.calls = string_list(n["calls"], "calls");
  if (n["targets"]) m.targets = string_list(n["targets"], "targets");
  if (n["scope_contains"]) {
    for (auto& s : string_list(n["scope_contains"], "scope_contains"))
      m.scope_contains.push_back(ascii_lower(s));
  }
  if (n["exclude"]) {
    for (auto& name : string_list(n["exclude"], "exclude"))
      m.exclude_names.push_back(k == MK::Dependency ? normalize_dist_name(name) : name);
  }
  if (n["categories"]) m.categories = string_list(n["categories"], "categories");
  if (n["detail_contains"])
    m.detail_contains = string_list(n["detail_contains"], "detail_contains");
  if (n["imports"]) m.import_names = string_list(n["imports"], "imports");
  if (n["receiver_excludes"]) {
    for (auto& s : string_list(n["receiver_excludes"], "receiver_excludes"))
      m.receiver_excludes.push_back(ascii_lower(s));
  }
  if (n["receiver_contains"]) {
    for (auto& s : string_list(n["receiver_contains"], "receiver_contains"))
      m.receiver_contains.push_back(ascii_lower(s));
  }
  if (n["exclude_contexts"]) {
    for (auto& s : string_list(n["exclude_contexts"], "exclude_contexts")) {
      if (s != "compare" && s != "table")
        fail(n["exclude_contexts"], "exclude_contexts: '" + s + "' is not compare or table");
      m.exclude_contexts.push_back(s);
    }
  }
  if (n["unless_scope_uses"])
    m.unless_scope_uses = string_list(n["unless_scope_uses"], "unless_scope_uses");
  if (m.names.empty() && !(k == MK::Native && !m.categories.empty()))
    fail(n,
         "match: 'names' must list at least one name (native rules may give only "
         "'categories')");
  return m;
}

Autofix parse_autofix(const YAML::Node& n, MatchKind kind) {
  check_keys(n, "autofix", {"kind", "to", "import_torch_npu", "safety", "why", "guard"});
  if (!n["kind"]) fail(n, "autofix: missing 'kind'");
  if (!n["to"]) fail(n, "autofix: missing 'to'");
  Autofix a;
  const std::string name = scalar(n["kind"], "kind");
  const std::optional<AutofixKind> parsed = autofix_kind(name);
  if (!parsed)
    fail(n["kind"],
         "autofix kind must be one of rename|rename-method|replace-string|"
         "rename-env, not '" +
             name + "'");
  a.kind = *parsed;
  static constexpr MatchKind kNeeded[kAutofixKindCount] = {MatchKind::Reference, MatchKind::Method,
                                                           MatchKind::String, MatchKind::Env};
  if (kNeeded[static_cast<uint8_t>(a.kind)] != kind)
    fail(n["kind"], "autofix kind '" + name + "' does not fit this rule's match kind");
  a.to = non_empty(n["to"], "to");
  a.needs_torch_npu_import = a.kind != AutofixKind::RenameEnv;
  if (n["import_torch_npu"])
    a.needs_torch_npu_import = boolean(n["import_torch_npu"], "import_torch_npu");
  // Every fix declares whether it keeps behaviour (docs: rules/README.md, `autofix`).
  if (!n["safety"]) fail(n, "autofix: missing 'safety' (safe | unsafe)");
  const std::string safety = scalar(n["safety"], "safety");
  if (safety != "safe" && safety != "unsafe")
    fail(n["safety"], "autofix safety must be safe or unsafe, not '" + safety + "'");
  a.safe = safety == "safe";
  if (n["why"]) a.why = non_empty(n["why"], "why");
  if (n["guard"]) a.guard = boolean(n["guard"], "guard");
  if (!a.safe && a.why.empty())
    fail(n, "autofix: an unsafe fix needs 'why' (what the edit could change)");
  return a;
}

// `hardware: {PROFILE: {applies, severity, class, message, replacement, effort}, ...}`; the
// profile ids are checked against rules/model/hardware.yaml by the knowledge-base tests.
std::vector<HardwareOverride> parse_hardware(const YAML::Node& n) {
  if (!n.IsMap()) fail(n, "'hardware' must map profile ids to overrides");
  std::vector<HardwareOverride> out;
  for (const auto& kv : n) {
    HardwareOverride o;
    o.profile = non_empty(kv.first, "hardware profile");
    const YAML::Node& v = kv.second;
    if (!v.IsMap()) fail(v, "hardware." + o.profile + " must be a mapping");
    check_keys(v, "hardware." + o.profile,
               {"applies", "severity", "class", "message", "message_zh", "replacement",
                "replacement_zh", "effort"});
    if (v["applies"]) o.applies = boolean(v["applies"], "applies");
    if (v["severity"])
      o.severity =
          parse_enum<Severity>(v["severity"], "severity", parse_severity, "info|manual|blocker");
    if (v["class"])
      o.site_class = parse_enum<SiteClass>(v["class"], "class", parse_site_class,
                                           "must-adapt|mechanical|tuning|no-change");
    if (v["message"]) o.message = non_empty(v["message"], "message");
    if (v["replacement"]) o.replacement = non_empty(v["replacement"], "replacement");
    if (v["message_zh"]) o.message_zh = non_empty(v["message_zh"], "message_zh");
    if (v["replacement_zh"]) o.replacement_zh = non_empty(v["replacement_zh"], "replacement_zh");
    if (v["effort"]) {
      const YAML::Node& e = v["effort"];
      check_keys(e, "effort", {"first", "each"});
      if (!e["first"] || !e["each"]) fail(e, "effort needs both 'first' and 'each' (hours)");
      o.effort = Effort{hours(e["first"], "first"), hours(e["each"], "each")};
    }
    if (!o.applies &&
        (o.severity || o.site_class || !o.message.empty() || !o.replacement.empty() || o.effort))
      fail(v, "hardware." + o.profile + ": 'applies: false' takes no other key");
    for (const auto& seen : out)
      if (seen.profile == o.profile) fail(kv.first, "duplicate hardware profile " + o.profile);
    out.push_back(std::move(o));
  }
  return out;
}

bool valid_slug(std::string_view s) {
  if (s.empty() || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= '0' && s[0] <= '9'))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
  });
}

Rule parse(const YAML::Node& n, std::string_view file_name) {
  check_keys(n, "a rule",
             {"id",          "domain",         "match",      "message",         "message_zh",
              "replacement", "replacement_zh", "confidence", "transfer_to_npu", "severity",
              "autofix",     "effort",         "refs",       "status",          "tags",
              "aggregate",   "skip_in_tests",  "stops_run",  "class",           "hardware"});
  for (const char* key : {"id", "domain", "match", "message", "confidence", "refs"})
    if (!n[key]) fail(n, std::string("rule is missing '") + key + "'");
  Rule r;
  r.source = std::string(file_name) + ":" + std::to_string(line_of(n));
  r.id = non_empty(n["id"], "id");
  r.domain = parse_enum<Domain>(n["domain"], "domain", parse_domain,
                                "dependency|device|attention|custom_op|distributed|precision|"
                                "compile");
  std::string_view want = to_string(r.domain);
  if (r.id.size() <= want.size() + 1 || r.id.compare(0, want.size(), want) != 0 ||
      r.id[want.size()] != '.' || !valid_slug(std::string_view(r.id).substr(want.size() + 1)))
    fail(n["id"], "id '" + r.id + "' must be '" + std::string(want) +
                      ".<slug>' with a lower-case slug of [a-z0-9-.]");
  r.match = parse_match(n["match"]);
  r.message = non_empty(n["message"], "message");
  if (n["replacement"]) r.replacement = scalar(n["replacement"], "replacement");
  if (n["message_zh"]) r.message_zh = non_empty(n["message_zh"], "message_zh");
  if (n["replacement_zh"]) r.replacement_zh = scalar(n["replacement_zh"], "replacement_zh");
  r.confidence =
      parse_enum<Confidence>(n["confidence"], "confidence", parse_confidence, "high|medium|low");
  if (n["transfer_to_npu"])
    r.transfer_to_npu =
        parse_enum<TransferCoverage>(n["transfer_to_npu"], "transfer_to_npu",
                                     parse_transfer_coverage, "covered|partial|not-covered");
  if (n["severity"])
    r.severity =
        parse_enum<Severity>(n["severity"], "severity", parse_severity, "info|manual|blocker");
  if (n["autofix"]) r.autofix = parse_autofix(n["autofix"], r.match.kind);
  // A fix applied by default must come from a rule sure of its replacement.
  if (r.autofix && r.autofix->safe && r.confidence != Confidence::High)
    fail(n["autofix"], "a safe autofix needs confidence high; declare it 'safety: unsafe'");
  r.refs = string_list(n["refs"], "refs");
  if (r.refs.empty()) fail(n["refs"], "'refs' must cite at least one source");
  if (n["tags"]) r.tags = string_list(n["tags"], "tags");
  if (n["aggregate"]) {
    if (scalar(n["aggregate"], "aggregate") != "file")
      fail(n["aggregate"], "'aggregate' must be 'file'");
    r.aggregate_per_file = true;
  }
  if (n["skip_in_tests"]) r.skip_in_tests = boolean(n["skip_in_tests"], "skip_in_tests");
  if (n["class"]) {
    r.site_class = parse_enum<SiteClass>(n["class"], "class", parse_site_class,
                                         "must-adapt|mechanical|tuning|no-change");
    if (*r.site_class == SiteClass::StopsRun)
      fail(n["class"], "'class: stops-run' is decided per site: use 'stops_run:'");
  }
  if (n["stops_run"])
    for (const auto& v : string_list(n["stops_run"], "stops_run")) {
      if (v == "check" && (r.match.kind == MatchKind::Reference ||
                           r.match.kind == MatchKind::Method || r.match.kind == MatchKind::String))
        r.stops_run |= Rule::kStopsAsCheck;
      else if (v == "import" && r.match.kind == MatchKind::Import)
        r.stops_run |= Rule::kStopsAsImport;
      else if (v == "call" && r.match.kind == MatchKind::Reference)
        r.stops_run |= Rule::kStopsAsCall;
      else
        fail(n["stops_run"], "stops_run: '" + v +
                                 "' must be check (reference, method, string rules), import "
                                 "(import rules) or call (reference rules)");
    }
  const bool dep = r.match.kind == MatchKind::Dependency;
  if (dep && !n["status"]) fail(n, "dependency rules need 'status'");
  if (!dep && n["status"]) fail(n["status"], "'status' applies only to dependency rules");
  if (dep) {
    const std::string status = scalar(n["status"], "status");
    const std::optional<DependencyStatus> parsed = dependency_status(status);
    if (!parsed || *parsed == DependencyStatus::NotInvolved)
      fail(n["status"],
           "'status' must be one of compatible|replace|unsupported, not '" + status + "'");
    r.status = *parsed;
  }
  if (n["effort"]) {
    const YAML::Node& e = n["effort"];
    check_keys(e, "effort", {"first", "each"});
    if (!e["first"] || !e["each"]) fail(e, "effort needs both 'first' and 'each' (hours)");
    r.effort.first_hours = hours(e["first"], "first");
    r.effort.per_site_hours = hours(e["each"], "each");
  } else if (r.severity != Severity::Info && r.status != DependencyStatus::Compatible) {
    fail(n, "rule is missing 'effort' (required unless severity is info or status compatible)");
  }
  if (n["hardware"]) r.hardware = parse_hardware(n["hardware"]);
  return r;
}

}  // namespace

std::optional<Rule> parse_rule(const YAML::Node& node, std::string_view file_name,
                               ParseError& error) {
  try {
    return parse(node, file_name);
  } catch (const Fail& f) {
    error = {f.line, f.reason};
  } catch (const std::exception& e) {
    error = {line_of(node), std::string("invalid rule: ") + e.what()};
  } catch (...) {
    error = {line_of(node), "invalid rule"};
  }
  return std::nullopt;
}

}  // namespace ascendify::rules
