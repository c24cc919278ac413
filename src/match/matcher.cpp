#include "match/matcher.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "core/text.hpp"
#include "match/filters.hpp"
#include "match/snippet.hpp"
#include "rules/normalize.hpp"

namespace ascendify::match {

namespace {

constexpr size_t kSnippetBytes = 200;

// The match kind a fact is looked up under and the name(s) it is looked up by (at most two
// lookups of at most two keys each; fixed arrays). Keys are views: of the fact's own strings,
// or of the caller's scratch string for the one normalised value a fact can have.
struct Lookup {
  MatchKind kind = MatchKind::Reference;
  std::string_view keys[2];
  int n = 0;
  void push(std::string_view k) { keys[n++] = k; }
};
struct Lookups {
  Lookup items[2];
  int n = 0;
  Lookup& add(MatchKind kind, std::string_view key) {
    Lookup& l = items[n++];
    l.kind = kind;
    l.push(key);
    return l;
  }
};

bool is_env_access(const Fact& f) {
  if (f.kind != FactKind::String) return false;
  if (f.ctx == StringContext::Subscript) return ends_with_name(f.detail, "environ");
  if (f.ctx == StringContext::Positional && f.arg_index == 0) {
    static const std::vector<std::string> kCalls = {
        "os.getenv",      "os.environ.get", "os.environ.setdefault",
        "os.environ.pop", "os.putenv",      "os.unsetenv"};
    return std::find(kCalls.begin(), kCalls.end(), f.call) != kCalls.end();
  }
  return false;
}

Lookups lookups(const Fact& f, std::string& scratch) {
  auto normal = [&](std::string value) -> std::string_view { return scratch = std::move(value); };
  Lookups out;
  switch (f.kind) {
    case FactKind::Reference:
      // Calls of the project's own functions (`__local__.f`, `__relative__.1.m.f`) are for the
      // wrapper pass; no rule names them.
      if (f.name.size() > 2 && f.name[0] == '_' && f.name[1] == '_' &&
          (f.name.starts_with("__local__.") || f.name.starts_with("__relative__.")))
        break;
      out.add(MatchKind::Reference, f.name);
      break;
    case FactKind::MethodCall:
      out.add(MatchKind::Method, f.name);
      break;
    case FactKind::Import: {
      if (f.arg_index > 0) break;  // relative import: a module of the project itself
      Lookup& l = out.add(MatchKind::Import, f.name);
      if (!f.detail.empty() && f.detail != f.name) l.push(f.detail);
      break;
    }
    case FactKind::String:
      if (rules::indexed_value_colon(f.name) == 0)
        out.add(MatchKind::String, f.name);  // already normal: no copy
      else
        out.add(MatchKind::String, normal(rules::normalize_value(f.name)));
      if (is_env_access(f)) out.add(MatchKind::Env, f.name);
      break;
    case FactKind::Dependency:
      out.add(MatchKind::Dependency, normal(rules::normalize_dist_name(f.name)));
      break;
    case FactKind::EnvVar:
      out.add(MatchKind::Env, f.name);
      break;
    case FactKind::Command:
      out.add(MatchKind::Command, f.name);
      break;
    case FactKind::BaseImage:
      out.add(MatchKind::Image, normal(rules::normalize_image(f.name)));
      break;
    case FactKind::Native:
      out.add(MatchKind::Native, f.name);
      break;
    default:
      break;
  }
  return out;
}

bool excluded(const MatchSpec& m, std::string_view key) {
  for (const auto& e : m.exclude_names)
    if (m.prefix ? rules::boundary_prefix(key, e) : key == e) return true;
  return false;
}

struct Best {
  const Rule* rule = nullptr;
  std::string_view key;  // the fact name the rule matched (a view of the current Lookup)
  size_t prefix = 0;     // length of the matched prefix (0 for exact)
  bool exact = false;
  int filters = 0;
  size_t order = 0;
};

// Specificity: exact beats prefix; longer prefix beats shorter; more filters beat fewer;
// earlier load order wins a tie.
bool better(const Best& a, const Best& b) {
  if (!b.rule) return true;
  return std::make_tuple(a.exact, a.prefix, a.filters, b.order) >
         std::make_tuple(b.exact, b.prefix, b.filters, a.order);
}

// The names the References of each function of a file name (`unless_scope_uses`), indexed on
// the first question: most files never ask.
class ScopeUses {
 public:
  explicit ScopeUses(const FileFacts& facts) : facts_(facts) {}
  // Does a Reference in `scope` (a function; never the module level) name one of `names`, or
  // a member of one (`torch_npu` covers `torch_npu.npu_rms_norm`)?
  bool any(std::string_view scope, const std::vector<std::string>& names) {
    if (scope.empty() || scope == kInlinePythonScope) return false;
    if (!built_) build();
    auto it = by_scope_.find(scope);
    if (it == by_scope_.end()) return false;
    for (std::string_view used : it->second)
      for (const auto& n : names)
        if (used == n || (used.size() > n.size() && used.starts_with(n) && used[n.size()] == '.'))
          return true;
    return false;
  }

 private:
  void build() {
    built_ = true;
    for (const Fact& f : facts_.facts)
      if (f.kind == FactKind::Reference && !f.scope.empty()) by_scope_[f.scope].push_back(f.name);
  }
  const FileFacts& facts_;
  bool built_ = false;
  std::map<std::string_view, std::vector<std::string_view>, std::less<>> by_scope_;
};

void consider(const rules::RuleSet& rules, const Rule* r, const Fact& f, std::string_view key,
              bool exact, size_t prefix, Best& best, ScopeUses& uses) {
  if (excluded(r->match, key) || !filters_accept(r->match, f)) return;
  if (!r->match.unless_scope_uses.empty() && uses.any(f.scope, r->match.unless_scope_uses)) return;
  Best cand{r, key, prefix, exact, filter_count(r->match), rules.index_of(r)};
  if (better(cand, best)) best = cand;
}

bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Prefix rules: every boundary prefix of `key` (see rules::boundary_prefix) that is a prefix
// name of the kind. A rule found under several of its names is considered once per name;
// `better` keeps the longest, as a scan of all names would.
void consider_prefixed(const rules::RuleSet& rules, MatchKind kind, const Fact& f,
                       std::string_view key, Best& best, ScopeUses& uses) {
  for (const Rule* r : rules.prefixed_any(kind)) {
    size_t len = 0;
    for (const auto& p : r->match.names)
      if (p.size() > len && rules::boundary_prefix(key, p)) len = p.size();
    consider(rules, r, f, key, false, len, best, uses);
  }
  rules.for_each_prefix_name(kind, key, [&](size_t len, const std::vector<const Rule*>& named) {
    const char last = key[len - 1];
    const bool boundary = len == key.size() || !is_word(last) || last == '_' || !is_word(key[len]);
    if (!boundary) return;
    for (const Rule* r : named) consider(rules, r, f, key, false, len, best, uses);
  });
}

std::string match_text(const Fact& f) {
  switch (f.kind) {
    case FactKind::String:
      return concat({"\"", f.name, "\""});
    case FactKind::MethodCall:
      return concat({".", f.name, f.usage == Usage::Call ? "()" : ""});
    default:
      return f.name;
  }
}

// A rule firing at a fact, before it becomes a Finding.
struct Hit {
  const Rule* rule = nullptr;
  const Fact* fact = nullptr;
  RuleText replacement;  // expanded now: the matched key may be a scratch value
  RuleText replacement_zh;
};

RuleText replacement_for(const Best& best, const std::string& tmpl) {
  // Without a brace the expansion is the template itself: the finding points at it.
  if (tmpl.find('{') == std::string::npos) return RuleText::of(tmpl);
  // {tail}: after the matched prefix; for an exact rule, after the last '.' (rules/README.md).
  const std::string_view key(best.key);
  const size_t dot = key.rfind('.');
  const std::string_view tail = best.exact
                                    ? (dot == std::string_view::npos ? key : key.substr(dot + 1))
                                    : key.substr(best.prefix);
  return tmpl.empty() ? std::string() : rules::expand_replacement(tmpl, key, tail);
}

// The most specific rule of each lookup of each fact, in fact order.
std::vector<Hit> find_hits(const rules::RuleSet& rules, const FileFacts& facts) {
  std::vector<Hit> hits;
  std::string scratch;  // the normalised value of the current fact
  ScopeUses uses(facts);
  for (const Fact& f : facts.facts) {
    const Lookups ls = lookups(f, scratch);
    for (int li = 0; li < ls.n; ++li) {
      const Lookup& l = ls.items[li];
      Best best;
      for (int ki = 0; ki < l.n; ++ki) {
        const std::string_view key = l.keys[ki];
        for (const Rule* r : rules.exact(l.kind, key))
          consider(rules, r, f, key, true, 0, best, uses);
        consider_prefixed(rules, l.kind, f, key, best, uses);
      }
      if (!best.rule) continue;
      const Rule& r = *best.rule;
      if (r.match.kind == MatchKind::Dependency && r.status == DependencyStatus::Compatible)
        continue;
      hits.push_back(
          {&r, &f, replacement_for(best, r.replacement), replacement_for(best, r.replacement_zh)});
    }
  }
  return hits;
}

// `# ascendify: ignore` or `# ascendify: ignore[rule-id]` on the fact's line.
bool is_suppressed(const FileFacts& facts, const Hit& h) {
  for (const auto& [line, id] : facts.suppressions)
    if (line == h.fact->span.line && (id.empty() || id == h.rule->id)) return true;
  return false;
}

// `path`: the file's interned path, shared by its findings.
Finding make_finding(Hit& h, std::string_view match, const SharedText& path, const FileFacts& facts,
                     SnippetSource& snippets) {
  const Rule& r = *h.rule;
  const Fact& f = *h.fact;
  Finding fd;
  fd.rule = &r;
  fd.rule_id = RuleText::of(r.id);
  fd.domain = r.domain;
  fd.path = path;
  fd.span = f.span;
  fd.match = interned(match);
  fd.snippet = clip_utf8(snippets.line(f.span.line), kSnippetBytes);
  fd.message = RuleText::of(r.message);
  fd.replacement = std::move(h.replacement);
  fd.message_zh = RuleText::of(r.message_zh);
  fd.replacement_zh = std::move(h.replacement_zh);
  fd.confidence = r.confidence;
  fd.severity = r.severity;
  fd.guarded = f.guarded;
  fd.beside_npu = f.beside_npu;
  fd.output_only = f.output_only;
  fd.stops_run = ((r.stops_run & Rule::kStopsAsCheck) && f.stops_run && !f.guarded) ||
                 ((r.stops_run & Rule::kStopsAsImport) && f.kind == FactKind::Import &&
                  !f.guarded && f.scope.empty()) ||
                 ((r.stops_run & Rule::kStopsAsCall) && f.kind == FactKind::Reference &&
                  f.usage == Usage::Call && !f.guarded && !f.beside_npu);
  const bool inline_python = f.scope == kInlinePythonScope;
  // Beside an NPU branch the project's CUDA path stays as it is: not a mechanical edit.
  fd.manual = manual_reason(r, inline_python, f.beside_npu);
  fd.autofix = fd.manual == ManualReason::None;
  fd.auto_by_transfer_to_npu = r.transfer_to_npu == TransferCoverage::Covered && !inline_python;
  fd.scope = interned(f.scope);
  if (!facts.cell_lines.empty() && f.span.line >= 1 && f.span.line <= facts.cell_lines.size()) {
    fd.cell = facts.cell_lines[f.span.line - 1].cell;
    fd.cell_line = facts.cell_lines[f.span.line - 1].line;
  }
  return fd;
}

}  // namespace

std::string normalize_string_value(std::string_view value) {
  return rules::normalize_value(value);
}

std::vector<Finding> match_file(const rules::RuleSet& rules, const SourceFile& file,
                                std::string_view text, const FileFacts& facts, size_t* suppressed,
                                const DropHit* drop) {
  std::vector<Finding> out;
  std::vector<Hit> hits = find_hits(rules, facts);
  if (hits.empty()) return out;
  // Findings come out in Finding order (path, line, column, rule id): within one file that is
  // line, column, rule id. Sorting the small hits, stably, keeps fact order among repeats.
  std::stable_sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    return std::tie(a.fact->span.line, a.fact->span.col, a.rule->id) <
           std::tie(b.fact->span.line, b.fact->span.col, b.rule->id);
  });
  out.reserve(hits.size());
  // Snippet lines are found on the first finding only: most files have none.
  std::optional<SnippetSource> snippets;
  SharedText path;
  const Hit* previous = nullptr;
  for (Hit& h : hits) {
    // One finding per rule and place: the first fact that fired it (rule ids are unique).
    const bool repeat = previous && previous->rule == h.rule &&
                        previous->fact->span.line == h.fact->span.line &&
                        previous->fact->span.col == h.fact->span.col;
    previous = &h;
    if (repeat) continue;
    if (is_suppressed(facts, h)) {
      if (suppressed) ++*suppressed;
      continue;
    }
    std::string match = match_text(*h.fact);
    if (drop && (*drop)(file, *h.rule, match)) continue;
    if (!snippets) {
      snippets.emplace(text, !facts.cell_lines.empty() ? &facts.cell_lines : nullptr);
      path = interned(file.rel_path);
    }
    out.push_back(make_finding(h, match, path, facts, *snippets));
  }
  return out;
}

}  // namespace ascendify::match
